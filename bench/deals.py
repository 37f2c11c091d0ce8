"""The shuffle, fast and plain: deals a second from ``deals.deal`` (generated straight-line
code sorting packed floats) and from ``deals.deal_plainly`` (the same draw, sorted the plain
way), for each preset, on one core. The two give the same deal (tests/test_deals.py).

    python bench/deals.py [--deals 20000]
"""
from __future__ import annotations

import argparse
import random
import time

from euchre_lessons import rules
from euchre_lessons.deals import deal, deal_plainly


def rate(fn, rs, n: int) -> float:
    rng = random.Random(1)
    t0 = time.perf_counter()
    for _ in range(n):
        fn(rs, rng=rng)
    return n / (time.perf_counter() - t0)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=20_000)
    n = ap.parse_args().deals
    print(f"{'preset':<22} {'deal':>12} {'deal_plainly':>14} {'ratio':>7}   (deals a second, {n:,} each)")
    for name in rules.names():
        rs = rules.load(name)
        fast, plain = rate(deal, rs, n), rate(deal_plainly, rs, n // 4)
        print(f"{name:<22} {fast:>12,.0f} {plain:>14,.0f} {fast / plain:>6.1f}x")


if __name__ == "__main__":
    main()

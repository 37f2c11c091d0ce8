"""Practice positions: how long the validator takes over the kit's set, and what a student waits
for when a position is opened, an answer checked and its proof shown (median, 95th percentile).

    python bench/practice.py [--repeat 3]

Opening is reading the position's table and replaying its actions (``practice.positions.build``);
checking is ``Position.check``; the proof is ``practice.prove`` (the values of every choice, as
the validator finds them). The full check is ``practice.proving.validate`` (the proof, and again
over two further seeds where it is sampled), as the tests and ``find --check`` run it. One core,
one process.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from euchre_lessons import practice  # noqa: E402
from euchre_lessons.practice.positions import build  # noqa: E402
from euchre_lessons.practice.proving import validate  # noqa: E402


def _ms(xs) -> str:
    xs = sorted(xs)
    p95 = xs[min(len(xs) - 1, int(0.95 * len(xs)))]
    return f"median {1000 * statistics.median(xs):7.1f} ms, 95th percentile {1000 * p95:7.1f} ms, largest {1000 * xs[-1]:7.1f} ms"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args(argv)
    t = time.perf_counter()
    ps = practice.positions()
    load = time.perf_counter() - t
    t = time.perf_counter()
    for p in ps:
        practice.prove(p)
    proved = time.perf_counter() - t
    t = time.perf_counter()
    for p in ps:
        validate(p)
    full = time.perf_counter() - t
    print(f"{len(ps)} positions in {len({p.source for p in ps})} files: read and replayed in {load:.2f} s, "
          f"every answer proved in {proved:.1f} s, the full check (two further seeds) in {full:.1f} s")
    opens, checks, proofs = [], [], []
    for _ in range(args.repeat):
        for p in ps:
            entry = p.entry()
            t = time.perf_counter()
            build(entry, "bench")
            opens.append(time.perf_counter() - t)
            t = time.perf_counter()
            p.check(p.state.legal_actions()[-1])
            checks.append(time.perf_counter() - t)
            t = time.perf_counter()
            practice.prove(p)
            proofs.append(time.perf_counter() - t)
    print(f"open a position:  {_ms(opens)}")
    print(f"check an answer:  {_ms(checks)}")
    print(f"show its proof:   {_ms(proofs)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

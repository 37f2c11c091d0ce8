"""Random-play throughput: complete hands per second, one process, for each preset.

Each hand is dealt from a seeded pack, then every decision is a uniformly random legal
action until the hand is over (the result is not computed, as OpenSpiel's loop does not).
Where open-spiel is installed (the ``bench`` extra) the same workload runs in OpenSpiel's
``euchre`` driven from Python, side by side, and the ratio standard / OpenSpiel is printed.

    python bench/random_play.py [--seconds 3] [--presets standard modern_railroad]
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from euchre_lessons import HandState, deal, rules  # noqa: E402


def hands_per_second(preset: str, seconds: float = 3.0, seed: int = 0) -> float:
    """Random legal play of whole hands for ``seconds``; complete hands per second."""
    rs = rules.load(preset)
    rng = random.Random(seed)
    n, players = 0, rs.players
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        for _ in range(50):
            s = HandState.start(deal(rs, rng=rng, dealer=n % players))
            while not s.is_over:
                s = s.apply(rng.choice(s.legal_actions()))
            n += 1
        now = time.perf_counter()
        if now >= deadline:
            return n / (now - start)


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per preset")
    parser.add_argument("--presets", nargs="*", default=rules.names())
    args = parser.parse_args(argv)
    print(f"{'preset':<22}{'hands/s':>12}")
    for name in args.presets:
        print(f"{name:<22}{hands_per_second(name, args.seconds):>12,.0f}")
    try:
        from openspiel_baseline import openspiel_hands_per_second
    except ImportError:
        openspiel_hands_per_second = None
    if openspiel_hands_per_second is None or openspiel_hands_per_second(0.01) is None:
        print("open-spiel is not installed (pip install -e '.[bench]'): no OpenSpiel comparison")
        return
    # Interleave short slices of each so that a busy machine slows both alike.
    ours, theirs = [], []
    for k in range(10):
        ours.append(hands_per_second("standard", args.seconds / 10, seed=k))
        theirs.append(openspiel_hands_per_second(args.seconds / 10, seed=k))
    ratios = sorted(a / b for a, b in zip(ours, theirs))
    print(f"\nstandard vs OpenSpiel euchre, same workload, 10 interleaved slices of {args.seconds / 10:.1f} s:")
    print(f"{'standard (this engine)':<26}{statistics.median(ours):>10,.0f} hands/s")
    print(f"{'OpenSpiel from Python':<26}{statistics.median(theirs):>10,.0f} hands/s")
    print(f"ratio standard / OpenSpiel: median {statistics.median(ratios):.2f} (min {ratios[0]:.2f}, max {ratios[-1]:.2f})")


if __name__ == "__main__":
    main()

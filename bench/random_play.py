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
import subprocess
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


def interleaved_ratio(a: str, b: str, seconds: float) -> float:
    """Median over 10 short alternating slices of hands/s of preset ``a`` over preset ``b``."""
    ratios = [hands_per_second(a, seconds / 20, seed=k) / hands_per_second(b, seconds / 20, seed=k) for k in range(10)]
    return statistics.median(ratios)


def in_fresh_process(engine: str, seconds: float, seed: int) -> float:
    """Hands/s of ``engine`` (``standard`` or ``openspiel``) measured in a new interpreter, so
    neither engine's caches or memory layout are disturbed by the other's."""
    out = subprocess.run([sys.executable, __file__, "--worker", engine, "--seconds", str(seconds), "--seed", str(seed)],
                         capture_output=True, text=True, check=True)
    return float(out.stdout.strip())


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per preset")
    parser.add_argument("--presets", nargs="*", default=rules.names())
    parser.add_argument("--rounds", type=int, default=7, help="alternating rounds against OpenSpiel")
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    parser.add_argument("--seed", type=int, default=0, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        from openspiel_baseline import openspiel_hands_per_second

        rate = (openspiel_hands_per_second(args.seconds, args.seed) if args.worker == "openspiel"
                else hands_per_second(args.worker, args.seconds, args.seed))
        print(rate)
        return
    print(f"{'preset':<22}{'hands/s':>12}")
    for name in args.presets:
        print(f"{name:<22}{hands_per_second(name, args.seconds):>12,.0f}")
    modern = interleaved_ratio("modern_railroad", "standard", args.seconds)
    print(f"\nmodern_railroad / standard, 10 interleaved slices: median {modern:.0%} (needs at least 60%)")
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        print("open-spiel is not installed (pip install -e '.[bench]'): no OpenSpiel comparison")
        return
    # Alternate fresh processes, one engine each, so a busy machine slows both alike.
    ours, theirs = [], []
    for k in range(args.rounds):
        ours.append(in_fresh_process("standard", args.seconds / 3, k))
        theirs.append(in_fresh_process("openspiel", args.seconds / 3, k))
    ratios = sorted(a / b for a, b in zip(ours, theirs))
    print(f"\nstandard vs OpenSpiel's euchre driven from Python, the same workload, "
          f"{args.rounds} alternating rounds of {args.seconds / 3:.1f} s, each in a fresh process:")
    print(f"{'standard (this engine)':<26}{statistics.median(ours):>10,.0f} hands/s")
    print(f"{'OpenSpiel from Python':<26}{statistics.median(theirs):>10,.0f} hands/s")
    print(f"ratio standard / OpenSpiel: median {statistics.median(ratios):.2f} "
          f"(min {ratios[0]:.2f}, max {ratios[-1]:.2f})")


if __name__ == "__main__":
    main()

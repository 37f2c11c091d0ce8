"""Probability lab speed: Monte Carlo deals per second, and the time of exact answers.

* the Monte Carlo dealer (``probability.montecarlo``): random whole deals of a pack per second, with a
  counting event tested on every deal (``probability.outcomes``); the target for the modern
  33-card deck is at least 100,000 deals per second;
* ``probability.exact`` over the 4,272,048 seven-card hands of the 33-card pack, by both paths:
  ``count`` (binomials over groups of cards) and ``enumerate`` (every hand as a numpy bit mask).

    python bench/probability.py [--deals 1000000] [--presets modern_railroad standard]
"""
from __future__ import annotations

import argparse
import time

from euchre_lessons import rules
from euchre_lessons.events import holds_joker, jamboree_in_any_suit, seat, trumps_at_least, two_jamborees
from euchre_lessons.probability import exact, outcomes


def deals_per_second(preset: str, deals: int, seed: int = 0) -> float:
    """Whole random deals per second, testing ``seat 0 holds at least 3 trumps in hearts`` on each."""
    rs = rules.load(preset)
    event = seat(0, trumps_at_least(3, "hearts"))
    outcomes(rs, event, 10_000, seed=seed)  # warm up
    start = time.perf_counter()
    outcomes(rs, event, deals, seed=seed)
    return deals / (time.perf_counter() - start)


def timed_exact(event, method: str) -> tuple[object, float]:
    start = time.perf_counter()
    answer = exact("modern_railroad", event, method=method)
    return answer, time.perf_counter() - start


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1_000_000)
    parser.add_argument("--presets", nargs="*", default=["modern_railroad", "standard", "hoyle_seven_handed"])
    args = parser.parse_args(argv)
    print("Monte Carlo dealer (one process):")
    for preset in args.presets:
        print(f"  {preset:<20} {deals_per_second(preset, args.deals):>12,.0f} deals/s")
    print("Exact answers over the 4,272,048 seven-card hands of modern_railroad:")
    for event in (holds_joker, trumps_at_least(3, "hearts"), jamboree_in_any_suit, two_jamborees):
        for method in ("count", "enumerate"):
            answer, seconds = timed_exact(event, method)
            print(f"  {event.name:<38} {method:<9} {seconds:7.3f} s   {answer}")


if __name__ == "__main__":
    main()

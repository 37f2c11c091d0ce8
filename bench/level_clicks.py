"""How long a click on the play table takes at each computer level.

A click runs the bots' answers up to the person's next decision (several bot decisions, each
searched by the expert), then redraws. Prints, per level and preset, the median and 95th
percentile in milliseconds of every click of the person's (bidding buttons and cards), and of
choosing the level in the **Computer** menu (the hand dealt again and played to the person's
first decision). One process, one core.

    python bench/level_clicks.py [--hands 12] [--levels club,expert] [--rules standard,hoyle_railroad]
"""
from __future__ import annotations

import argparse
import statistics
import time

from euchre_lessons.widgets import PlayTable


def _ms(times: list) -> str:
    times = sorted(times)
    p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
    return (f"median {statistics.median(times) * 1000:7.1f} ms   95th {p95 * 1000:7.1f} ms   "
            f"max {times[-1] * 1000:7.1f} ms   (n={len(times)})")


def clicks(preset: str, level: str, hands: int) -> tuple:
    """(every action click, every level choice) in seconds, over ``hands`` seeded hands."""
    acts, levels = [], []
    for seed in range(hands):
        p = PlayTable(preset, seat=seed % 4, seed=seed, players="beginner" if level != "beginner" else "club")
        t0 = time.perf_counter()
        p.level_box.value = level
        levels.append(time.perf_counter() - t0)
        assert p.model.players == level
        while not p.model.is_over:
            b = next(b for b in p.actions.children if "(not allowed)" not in b.description)
            t0 = time.perf_counter()
            b.click()
            acts.append(time.perf_counter() - t0)
    return acts, levels


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=12)
    parser.add_argument("--levels", default="club,expert")
    parser.add_argument("--rules", default="standard,hoyle_railroad,modern_railroad")
    args = parser.parse_args(argv)
    for preset in args.rules.split(","):
        for level in args.levels.split(","):
            acts, levels = clicks(preset, level, args.hands)
            print(f"{preset:<16} {level:<8} a click        {_ms(acts)}")
            print(f"{preset:<16} {level:<8} level chosen   {_ms(levels)}")


if __name__ == "__main__":
    main()

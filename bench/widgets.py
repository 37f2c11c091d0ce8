"""How long a click takes in the widgets: from the button's handler to the redrawn output.

Prints the median and 95th percentile, in milliseconds, of a **Next** click on the deal
stepper and of a card clicked on the play table (the bots' answers up to the player's next
decision included), for a 5-trick and a 7-trick game.

    python bench/widgets.py [--hands 20]
"""
from __future__ import annotations

import argparse
import statistics
import time

from euchre_lessons.hand.phases import Phase
from euchre_lessons.widgets import DealStepper, PlayTable


def _ms(times: list) -> str:
    times = sorted(times)
    p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
    return f"median {statistics.median(times) * 1000:7.2f} ms   95th {p95 * 1000:7.2f} ms   (n={len(times)})"


def stepper_clicks(hands: int) -> list:
    out = []
    for seed in range(hands):
        d = DealStepper("standard", seed=seed)
        while not d.model.at_end:
            t0 = time.perf_counter()
            d.next_b.click()
            out.append(time.perf_counter() - t0)
    return out


def card_clicks(preset: str, hands: int) -> list:
    out = []
    for seed in range(hands):
        p = PlayTable(preset, seat=seed % 4, seed=seed)
        while not p.model.is_over:
            legal = p.model.legal_actions()
            if p.model.state.phase is Phase.PLAY:
                b = next(b for b in p.actions.children if "(not allowed)" not in b.description)
                t0 = time.perf_counter()
                b.click()
                out.append(time.perf_counter() - t0)
            else:
                p.act(legal[0])
    return out


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20)
    n = parser.parse_args(argv).hands
    print(f"stepper: Next click              {_ms(stepper_clicks(n))}")
    print(f"play table: a card, 5 tricks     {_ms(card_clicks('standard', n))}")
    print(f"play table: a card, 7 tricks     {_ms(card_clicks('modern_railroad', n))}")


if __name__ == "__main__":
    main()

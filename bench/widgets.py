"""How long a click takes in the widgets: from the button's handler to the redrawn output.

Prints the median and 95th percentile, in milliseconds of CPU time (``time.process_time``: the
machine may be shared), of a **Next** click on the deal stepper and of a card clicked on the
play table (the bots' answers up to the player's next decision included), for a 5-trick and a
7-trick game; and first the CPU time of ``import euchre_lessons.widgets`` and of a first widget
(``DealStepper``, ``PlayTable``) taken from it, each in a fresh process, median and 95th
percentile of ``--imports`` runs.

    python bench/widgets.py [--hands 20]
"""
from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time

from euchre_lessons.hand.phases import Phase
from euchre_lessons.widgets import DealStepper, PlayTable


def _ms(times: list) -> str:
    times = sorted(times)
    p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
    return f"median {statistics.median(times) * 1000:7.2f} ms   95th {p95 * 1000:7.2f} ms   (n={len(times)})"


IMPORT = ("import time; t = time.process_time(); import euchre_lessons.widgets as w; a = time.process_time(); "
          "w.{name}; print(a - t, time.process_time() - a)")


def imports(runs: int, name: str) -> tuple:
    """CPU seconds of importing the widgets package, and then of its ``name`` widget, in fresh processes."""
    package, widget = [], []
    for _ in range(runs):
        out = subprocess.run([sys.executable, "-c", IMPORT.format(name=name)], capture_output=True, text=True,
                             check=True).stdout.split()
        package.append(float(out[0]))
        widget.append(float(out[1]))
    return package, widget


def stepper_clicks(hands: int) -> list:
    out = []
    for seed in range(hands):
        d = DealStepper("standard", seed=seed)
        while not d.model.at_end:
            t0 = time.process_time()
            d.next_b.click()
            out.append(time.process_time() - t0)
    return out


def card_clicks(preset: str, hands: int) -> list:
    out = []
    for seed in range(hands):
        p = PlayTable(preset, seat=seed % 4, seed=seed)
        while not p.model.is_over:
            legal = p.model.legal_actions()
            if p.model.state.phase is Phase.PLAY:
                b = next(b for b in p.actions.children if "(not allowed)" not in b.description)
                t0 = time.process_time()
                b.click()
                out.append(time.process_time() - t0)
            else:
                p.act(legal[0])
    return out


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20)
    parser.add_argument("--imports", type=int, default=7, help="fresh processes per import figure (default 7)")
    args = parser.parse_args(argv)
    n = args.hands
    package, stepper = imports(args.imports, "DealStepper")
    _, table = imports(args.imports, "PlayTable")
    print(f"import euchre_lessons.widgets    {_ms(package)}")
    print(f"  then DealStepper               {_ms(stepper)}")
    print(f"  then PlayTable                 {_ms(table)}")
    print(f"stepper: Next click              {_ms(stepper_clicks(n))}")
    print(f"play table: a card, 5 tricks     {_ms(card_clicks('standard', n))}")
    print(f"play table: a card, 7 tricks     {_ms(card_clicks('modern_railroad', n))}")


if __name__ == "__main__":
    main()

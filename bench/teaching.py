"""How fast the teaching layer answers: what a click in a lesson waits for.

Prints the median and 95th percentile, in milliseconds of CPU time (``time.process_time``: the
machine may be shared, so the wall clock would count the other processes too), of:

* a timeline step (``forward``) and its sentence;
* a bot's answer (one decision of the rule-of-thumb player, from its seat's view);
* a hint in play (level 3: every legal card valued) for 5-trick and 7-trick hands;
* a hint in bidding (level 3: every legal bid played out);
* a whole review of a finished 5-trick hand.

Hints and reviews are timed cold: the values remembered for a state are forgotten first.

    python bench/teaching.py [--hands 20] [--only hint review]
"""
from __future__ import annotations

import argparse
import statistics
import time

from euchre_lessons import PlaySession, Timeline
from euchre_lessons.hand.phases import Phase
from euchre_lessons.players.seating import Bots
from euchre_lessons.teaching import hint
from euchre_lessons.teaching.hints import values


def _ms(times: list) -> str:
    times = sorted(times)
    p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
    return f"median {statistics.median(times) * 1000:8.2f} ms   95th {p95 * 1000:8.2f} ms   (n={len(times)})"


def _timed(f, *args):
    t0 = time.process_time()
    f(*args)
    return time.process_time() - t0


def steps(hands: int) -> list:
    out = []
    for seed in range(hands):
        t = Timeline.from_seed("standard", seed)
        for _ in range(len(t) - 1):
            t0 = time.process_time()
            t = t.forward()
            t.sentence  # noqa: B018 (the sentence of the step, timed)
            out.append(time.process_time() - t0)
    return out


def bot_answers(hands: int) -> list:
    out = []
    for preset in ("standard", "modern_railroad", "hoyle_seven_handed"):
        bots = Bots(preset)
        for seed in range(hands):
            for s in Timeline.from_seed(preset, seed).states[:-1]:
                out.append(_timed(bots.choose, s))
    return out


def play_hints(preset: str, hands: int) -> list:
    out = []
    for seed in range(hands):
        for s in Timeline.from_seed(preset, seed).states:
            if s.phase is Phase.PLAY and len(s.legal_actions()) > 1:
                values.cache_clear()
                out.append(_timed(hint, s, None, 3))
    return out


def bidding_hints(preset: str, hands: int) -> list:
    out = []
    for seed in range(hands):
        for s in Timeline.from_seed(preset, seed).states:
            if s.phase is not Phase.PLAY and not s.is_over and len(s.legal_actions()) > 1:
                values.cache_clear()
                out.append(_timed(hint, s, None, 3))
    return out


def reviews(hands: int) -> list:
    out = []
    for seed in range(hands):
        s = PlaySession("standard", human=seed % 4, seed=seed)
        while not s.is_over:
            s = s.play(s.legal_actions()[0])
        values.cache_clear()
        out.append(_timed(s.review))
    return out


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20, help="hands per measurement (default 20)")
    parser.add_argument("--only", nargs="*", choices=("step", "bot", "hint", "bidding", "review"),
                        help="measure only these (default: all)")
    args = parser.parse_args(argv)
    n, only = args.hands, set(args.only or ("step", "bot", "hint", "bidding", "review"))
    if "step" in only:
        print(f"timeline step and sentence    {_ms(steps(n))}")
    if "bot" in only:
        print(f"bot's answer                  {_ms(bot_answers(n))}")
    if "hint" in only:
        print(f"hint in play, 5 tricks        {_ms(play_hints('standard', n))}")
        print(f"hint in play, 7 tricks        {_ms(play_hints('modern_railroad', n))}")
    if "bidding" in only:
        print(f"hint in bidding (standard)    {_ms(bidding_hints('standard', n))}")
        print(f"hint in bidding (modern)      {_ms(bidding_hints('modern_railroad', n))}")
    if "review" in only:
        print(f"review of a 5-trick hand      {_ms(reviews(n))}")


if __name__ == "__main__":
    main()

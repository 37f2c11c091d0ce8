"""The command line: ``euchre-lessons deal``, ``euchre-lessons rules``.

    euchre-lessons deal --rules standard --seed 7     # a hand of random legal play, step by step
    euchre-lessons rules                               # the presets
    euchre-lessons rules --diff standard hoyle_railroad
"""
from __future__ import annotations

import argparse
import random
import sys

from . import rules as _rules
from .deals import deal
from .errors import EuchreError
from .state import HandState
from .table import seat_name


def walkthrough(rules, seed, dealer: int = 0) -> str:
    """A readable walk-through of one hand played by random legal moves."""
    rs = _rules.load(rules)
    rng = random.Random(seed)
    state = HandState.start(deal(rs, seed=seed, dealer=dealer))
    n = rs.players
    lines = [f"{rs.title or rs.name} ({rs.name}), seed {seed}", str(state), ""]
    while not state.is_over:
        who = state.describe_seat(state.to_act)
        action = rng.choice(state.legal_actions())
        tricks_before = len(state.tricks)
        phase = state.phase
        state = state.apply(action)
        lines.append(f"{phase.value:<28} {who}: {action}")
        if len(state.tricks) > tricks_before:
            cards, winner = state.tricks[-1]
            lines.append(f"{'':<28} trick {len(state.tricks)}: "
                         + " ".join(str(c) for _, c in cards) + f", won by {seat_name(winner, n)}")
    lines += ["", str(state.result())]
    return "\n".join(lines)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="euchre-lessons", description="Euchre and Railroad Euchre, exactly.")
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("deal", help="deal a hand and walk through random legal play")
    p.add_argument("--rules", default="standard")
    p.add_argument("--seed", default=0, type=int)
    p.add_argument("--dealer", default=0, type=int)
    p = sub.add_parser("rules", help="list the presets, show one, or diff two")
    p.add_argument("name", nargs="?")
    p.add_argument("--diff", nargs=2, metavar=("A", "B"))
    args = parser.parse_args(argv)
    try:
        if args.command == "deal":
            print(walkthrough(args.rules, args.seed, args.dealer))
        elif args.diff:
            print(_rules.diff(*args.diff).to_string(index=False))
        elif args.name:
            print(_rules.load(args.name).table().to_string(index=False))
        else:
            for name in _rules.names():
                r = _rules.load(name)
                print(f"{name:<22} {r.description}")
    except EuchreError as exc:
        print(f"euchre-lessons: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())

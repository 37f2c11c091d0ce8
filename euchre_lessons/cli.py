"""The command line: ``euchre-lessons deal``, ``euchre-lessons rules``, ``euchre-lessons simulate``.

    euchre-lessons deal --rules standard --seed 7     # a hand of random legal play, step by step
    euchre-lessons rules                               # the presets
    euchre-lessons rules --diff standard hoyle_railroad
    euchre-lessons simulate --rules standard --rules hoyle_ordinary --hands 20000 --seed 1 --csv hands.csv
"""
from __future__ import annotations

import argparse
import random
import sys

from . import rules as _rules
from .deals import deal
from .errors import EuchreError
from .hand.state import HandState
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
            trick = state.tricks[-1]
            lines.append(f"{'':<28} trick {len(state.tricks)}: "
                         + " ".join(map(str, trick.cards)) + f", won by {seat_name(trick.winner, n)}")
    lines += ["", str(state.result())]
    return "\n".join(lines)


def simulate_command(args) -> int:
    """``euchre-lessons simulate``: play the hands, print a summary per rule set, write the rows."""
    from concurrent.futures import ProcessPoolExecutor

    from . import simulate

    names = args.rules or ["standard"]
    players = args.players.split(",") if "," in args.players else args.players
    try:
        if args.workers > 1:
            with ProcessPoolExecutor(args.workers) as pool:
                df = simulate.compare(names, args.hands, players=players, seed=args.seed, executor=pool,
                                      progress=False if args.no_progress else None)
        else:
            df = simulate.compare(names, args.hands, players=players, seed=args.seed,
                                  progress=False if args.no_progress else None)
    except (EuchreError, ValueError) as exc:
        print(f"euchre-lessons: {exc}", file=sys.stderr)
        return 2
    table = simulate.summary(df).set_index("rules").T
    shown = table.astype(object)
    for row in table.index:
        if row == "hands":
            shown.loc[row] = [f"{int(v):,}" for v in table.loc[row]]
        elif row.endswith("points"):
            shown.loc[row] = [f"{v:.3f}" for v in table.loc[row]]
        else:
            shown.loc[row] = [f"{v:.1%}" for v in table.loc[row]]
    shown.columns.name = None
    print(f"{args.hands:,} hands per rule set, seed {args.seed}, players {args.players}")
    print(shown.to_string())
    if args.csv:
        df.to_csv(args.csv, index=False)
        print(f"{len(df):,} rows written to {args.csv}")
    return 0


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="euchre-lessons", description="Euchre and Railroad Euchre, exactly.")
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("deal", help="deal a hand and walk through random legal play")
    p.add_argument("--rules", default="standard")
    p.add_argument("--seed", default=0, type=int)
    p.add_argument("--dealer", default=0, type=int)
    p = sub.add_parser("cut", help="cut for seats, partners and the first deal")
    p.add_argument("--rules", default="standard")
    p.add_argument("--seed", default=0, type=int)
    p = sub.add_parser("rules", help="list the presets, show one, or diff two")
    p.add_argument("name", nargs="?")
    p.add_argument("--diff", nargs=2, metavar=("A", "B"))
    p = sub.add_parser("simulate", help="play many hands with computer players; a summary per rule set")
    p.add_argument("--rules", action="append", help="a preset or a .toml file; repeat it to compare")
    p.add_argument("--hands", default=10_000, type=int)
    p.add_argument("--seed", default=0, type=int)
    p.add_argument("--players", default="rule_of_thumb",
                   help="rule_of_thumb or random, or one per seat (or per team) separated by commas")
    p.add_argument("--workers", default=1, type=int, help="processes to spread the hands over")
    p.add_argument("--csv", metavar="FILE", help="write every hand's row to FILE")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    args = parser.parse_args(argv)
    if args.command == "simulate":
        return simulate_command(args)
    try:
        if args.command == "deal":
            print(walkthrough(args.rules, args.seed, args.dealer))
        elif args.command == "cut":
            from .cutting import cut

            print(cut(args.rules, seed=args.seed))
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

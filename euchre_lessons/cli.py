"""The command line: ``euchre-lessons deal``, ``cut``, ``rules``, ``simulate``, ``handout``, ``app``, ``lab`` and ``lite``.

    euchre-lessons deal --rules standard --seed 7     # a hand played by the rule-of-thumb players, step by step
    euchre-lessons deal --rules standard --seed 7 --players random
    euchre-lessons deal --rules standard --seed 7 --players expert   # with the expert's reasons for its bids
    euchre-lessons rules                               # the presets
    euchre-lessons rules --diff standard hoyle_railroad
    euchre-lessons simulate --rules standard --rules hoyle_ordinary --hands 20000 --seed 1 --csv hands.csv
    euchre-lessons handout 05 --out handouts          # a lesson as printable HTML and PDF, without code
    euchre-lessons app play                            # one widget as a web page (euchre_lessons.app)
    euchre-lessons lab                                 # the lessons in JupyterLab
    euchre-lessons lite build site --offline           # the lessons in the browser (JupyterLite)
    euchre-lessons lite serve site

Every bad argument is answered with one line on stderr, ``euchre-lessons: error: ...``, and
exit status 2: argparse's own complaints (an unknown option, a value that is not a number) and
the kit's (any ``EuchreError`` raised by a command) alike. A ``--rules`` value that looks like a
path (it has a path separator or ends in ``.toml``) must name a file that exists.
"""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from . import rules as _rules
from .cutting import cut
from .deals import deal
from .errors import EuchreError
from .hand.state import HandState
from .table import seat_name

PROG = "euchre-lessons"
# Who may play the seats (players.PLAYERS, then the levels of players.LEVELS), in words.
PLAYER_WORDS = {"rule_of_thumb": "the rule-of-thumb players", "random": "random legal play",
                "beginner": "beginner-level players", "club": "club-level players (the rule-of-thumb players)",
                "expert": "expert-level players"}



class UsageError(Exception):
    """A bad command-line argument, reported as one line (raised by the parser, caught in main)."""


def _unknown_player(option: str, text: str, name: str) -> UsageError:
    """``option text`` names no player: say which players and levels there are."""
    return UsageError(f"{option} {text!r}: {name!r} is not a player; give a player (rule_of_thumb, random) or a "
                      "level (beginner, club, expert)")


class _Parser(argparse.ArgumentParser):
    """An argument parser that raises ``UsageError`` instead of printing its usage and exiting."""

    def error(self, message):
        raise UsageError(message)


def _count(what: str):
    """An argparse type: a whole number of ``what``, 1 or more."""
    def read(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            value = None
        if value is None or value < 1:
            raise argparse.ArgumentTypeError(f"{text!r} is not a number of {what}: give a whole number, 1 or more")
        return value

    return read


def _at_least_zero(what: str, hint: str):
    """An argparse type: a whole number of 0 or more, else a message naming ``what``."""
    def read(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            value = -1
        if value < 0:
            raise argparse.ArgumentTypeError(f"{text!r} is not {what}: {hint}")
        return value

    return read


_seed = _at_least_zero("a seed", "give a whole number, 0 or more")
_seat = _at_least_zero("a seat", "seats are numbered 0, 1, 2 ...")


def looks_like_path(text: str) -> bool:
    """A ``--rules`` value meant as a file: it has a path separator or ends in ``.toml``."""
    separators = {"/", os.sep} | ({os.altsep} if os.altsep else set())
    return any(s in text for s in separators) or text.lower().endswith(".toml")


def load_rules(text: str):
    """``rules.load(text)``, with "no such file" for a path that names nothing."""
    if looks_like_path(text) and not Path(text).is_file():
        what = "is a folder, not a rule file" if Path(text).is_dir() else "no such file"
        raise UsageError(f"--rules {text!r}: {what}; give an existing .toml rule file or a preset name "
                         f"({', '.join(_rules.names())})")
    return _rules.load(text)


def walkthrough(rules, seed, dealer: int = 0, players: str = "rule_of_thumb") -> str:
    """A readable walk-through of one hand, each seat played by ``players`` (a player name of
    ``euchre_lessons.players``: ``rule_of_thumb`` or ``random``, or a level: ``beginner``,
    ``club``, ``expert``), every choice from the seat's own view. Under each bid the expert
    searched, its reason (``teaching.why``): the walk-through shows every hand anyway."""
    from .players import make  # deferred: start-up (the command line starts without the players)

    rs = _rules.load(rules)
    if players not in PLAYER_WORDS:
        raise _unknown_player("--players", players, players)
    state = HandState.start(deal(rs, seed=seed, dealer=dealer))
    n = rs.players
    seats = [make(players, seed=f"{seed}:{seat}") for seat in range(n)]
    played_by = PLAYER_WORDS.get(players, players)
    lines = [f"{rs.title or rs.name} ({rs.name}), seed {seed}, played by {played_by}", str(state), ""]
    while not state.is_over:
        seat = state.to_act
        who = state.describe_seat(seat)
        player, view = seats[seat], state.view(seat)
        before = getattr(player, "last_reason", None)
        action = player.choose(view)
        tricks_before = len(state.tricks)
        phase = state.phase
        state = state.apply(action)
        lines.append(f"{phase.value:<28} {who}: {action}")
        reason = getattr(player, "last_reason", None)
        if reason is not None and reason is not before:
            from .teaching.why import (
                explain,  # deferred: start-up (only for a player that gives reasons: the teaching layer)
            )

            lines.append(f"{'':<28} {explain(reason, view)}")
        if len(state.tricks) > tricks_before:
            trick = state.tricks[-1]
            lines.append(f"{'':<28} trick {len(state.tricks)}: "
                         + " ".join(map(str, trick.cards)) + f", won by {seat_name(trick.winner, n)}")
    lines += ["", str(state.result())]
    return "\n".join(lines)


def _players_spec(text: str, rule_sets) -> object:
    """``--players`` as simulate takes it: one name, or one per seat (or team) by commas."""
    names = [p.strip() for p in text.split(",")]
    unknown = [p for p in names if p not in PLAYER_WORDS]
    if unknown:
        raise UsageError(f"--players {text!r}: {unknown[0]!r} is not a player; give a player (rule_of_thumb, random) "
                         "or a level (beginner, club, expert), or one per seat (or per team) separated by commas")
    if len(names) == 1:
        return names[0]
    for rs in rule_sets:
        allowed = {rs.players} | ({rs.teams} if rs.partnerships else set())
        if len(names) not in allowed:
            counts = " or ".join(map(str, sorted(allowed)))
            raise UsageError(f"--players {text!r} names {len(names)} players, but {rs.name} needs one, "
                             f"or {counts} (one per seat{' or per team' if rs.partnerships else ''})")
    return names


MAX_WORKERS = os.cpu_count() or 1


def _check_csv(name: str) -> None:
    """Refuse, before any hand is played, a ``--csv`` file that could not be written."""
    path = Path(name)
    if not name.strip():
        raise UsageError(f"--csv {name!r}: give the name of a file to write the hands into")
    if path.is_dir():
        raise UsageError(f"--csv {name!r} is a folder: give the name of a file in it")
    folder = path.parent
    if not folder.is_dir():
        raise UsageError(f"--csv {name!r}: there is no folder {str(folder)!r} to write it in")
    existed = path.exists()
    try:
        path.open("a").close()  # the one sure test of "can be written"; nothing is written yet
    except OSError as exc:
        raise UsageError(f"--csv {name!r}: cannot be written: {exc.strerror or exc}; "
                         "give a file in a folder you can write in") from None
    if not existed:
        path.unlink()


def simulate_command(args) -> int:
    """``euchre-lessons simulate``: play the hands, print a summary per rule set, write the rows."""
    from concurrent.futures import ProcessPoolExecutor  # deferred: start-up (concurrent.futures)

    from . import simulate  # deferred: start-up (simulate loads concurrent.futures)

    rule_sets = [load_rules(name) for name in (args.rules or ["standard"])]
    players = _players_spec(args.players, rule_sets)
    if args.workers > MAX_WORKERS:
        raise UsageError(f"--workers {args.workers}: this computer has {MAX_WORKERS} processors; give 1 to {MAX_WORKERS}")
    if args.csv is not None:
        _check_csv(args.csv)
    progress = False if args.no_progress else None
    if args.workers > 1:
        with ProcessPoolExecutor(args.workers) as pool:
            df = simulate.compare(rule_sets, args.hands, players=players, seed=args.seed, executor=pool,
                                  progress=progress)
    else:
        df = simulate.compare(rule_sets, args.hands, players=players, seed=args.seed, progress=progress)
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
        try:
            df.to_csv(args.csv, index=False)
        except OSError as exc:
            raise UsageError(f"--csv {args.csv!r}: cannot be written: {exc.strerror or exc}") from None
        print(f"{len(df):,} rows written to {args.csv}")
    return 0


def parser() -> argparse.ArgumentParser:
    """The command line's parser (errors raise ``UsageError``)."""
    top = _Parser(prog=PROG, description="Euchre and Railroad Euchre, exactly.")
    sub = top.add_subparsers(dest="command", required=True, metavar="{deal,cut,rules,simulate,handout,app,lab,lite}")
    p = sub.add_parser("deal", help="deal a hand and walk through it, played by computer players")
    p.add_argument("--rules", default="standard", help="a preset or a .toml file")
    p.add_argument("--seed", default=0, type=_seed)
    p.add_argument("--dealer", default=0, type=_seat)
    p.add_argument("--players", default="rule_of_thumb", choices=tuple(PLAYER_WORDS),
                   help="who plays every seat: rule_of_thumb or random, or a level: beginner, club or expert "
                        "(default: rule_of_thumb)")
    p = sub.add_parser("cut", help="cut for seats, partners and the first deal")
    p.add_argument("--rules", default="standard", help="a preset or a .toml file")
    p.add_argument("--seed", default=0, type=_seed)
    p = sub.add_parser("rules", help="list the presets, show one, or diff two")
    p.add_argument("name", nargs="?")
    p.add_argument("--diff", nargs=2, metavar=("A", "B"))
    p = sub.add_parser("simulate", help="play many hands with computer players; a summary per rule set")
    p.add_argument("--rules", action="append", help="a preset or a .toml file; repeat it to compare")
    p.add_argument("--hands", default=10_000, type=_count("hands"))
    p.add_argument("--seed", default=0, type=_seed)
    p.add_argument("--players", default="rule_of_thumb",
                   help="rule_of_thumb or random, or a level (beginner, club, expert); or one per seat (or per "
                        "team) separated by commas")
    p.add_argument("--workers", default=1, type=_count("processes"), help="processes to spread the hands over")
    p.add_argument("--csv", metavar="FILE", help="write every hand's row to FILE")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    p = sub.add_parser("handout", help="a lesson as a printable HTML page and PDF, without its code")
    p.add_argument("lesson", help="the lesson's number (00 to 09) or its notebook")
    p.add_argument("--out", default=".", help="the folder to write into (default: here)")
    p.add_argument("--no-pdf", action="store_true", help="write the HTML page only")
    from .app import add_parsers  # deferred: circle (app imports cli at load)

    add_parsers(sub, _seed)
    from .lite.command import add_parser as add_lite  # deferred: circle (lite.command loads cli through app)

    add_lite(sub)
    return top


def _run(args) -> int:
    if args.command in ("app", "lab"):
        from . import app  # deferred: circle (app imports cli at load)

        return app.app_command(args) if args.command == "app" else app.lab_main(args)
    if args.command == "lite":
        from .lite.command import run  # deferred: circle (lite.command loads cli through app)

        return run(args)
    if args.command == "simulate":
        return simulate_command(args)
    if args.command == "handout":
        from .handout import handout  # deferred: start-up

        page, pdf = handout(args.lesson, args.out, pdf=not args.no_pdf)
        print(f"wrote {page}" + (f" and {pdf}" if pdf else ""))
        return 0
    if args.command == "deal":
        rs = load_rules(args.rules)
        if args.dealer >= rs.players:
            raise UsageError(f"--dealer {args.dealer}: {rs.name} has seats 0 to {rs.players - 1}")
        print(walkthrough(rs, args.seed, args.dealer, args.players))
    elif args.command == "cut":
        print(cut(load_rules(args.rules), seed=args.seed))
    elif args.diff:
        print(_rules.diff(*(load_rules(x) for x in args.diff)).to_string(index=False))
    elif args.name:
        print(load_rules(args.name).table().to_string(index=False))
    else:
        for name in _rules.names():
            print(f"{name:<22} {_rules.load(name).description}")
    return 0


def one_line(message: str) -> str:
    """A message on one line: a list of problems (one per line) joined by semicolons."""
    lines = [line.strip() for line in str(message).splitlines() if line.strip()]
    if not lines:
        return "unknown problem"
    head, rest = lines[0], [line.removeprefix("- ") for line in lines[1:]]
    return head + (" " + "; ".join(rest) if rest else "")


def _command_errors():
    from .app import AppError  # deferred: circle (app imports cli at load)
    from .lite import LiteError  # deferred: start-up

    return AppError, LiteError


def main(argv=None) -> int:
    """Run the command line; returns the exit status (2 for any bad argument)."""
    try:
        return _run(parser().parse_args(argv))
    except (UsageError, EuchreError, *_command_errors()) as exc:
        print(f"{PROG}: error: {one_line(exc)}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:  # Ctrl-C: one line, the shell's status for an interrupt
        print(f"{PROG}: stopped (Ctrl-C)", file=sys.stderr)
        return 130
    except BrokenPipeError:  # the reader stopped early (| head): not an error of ours
        sys.stdout = open(os.devnull, "w")
        return 0


if __name__ == "__main__":
    sys.exit(main())

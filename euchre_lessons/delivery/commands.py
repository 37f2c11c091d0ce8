"""The command line: ``euchre-lessons deal``, ``cut``, ``rules``, ``simulate``, ``handout``, ``app``, ``lab`` and ``lite``.

    euchre-lessons deal --rules standard --seed 7     # a hand played by the rule-of-thumb players, step by step
    euchre-lessons deal --rules standard --seed 7 --players random
    euchre-lessons deal --rules standard --seed 7 --players expert   # with the expert's reasons for its bids
    euchre-lessons rules                               # the presets
    euchre-lessons rules --diff standard hoyle_railroad
    euchre-lessons simulate --rules standard --rules hoyle_ordinary --hands 20000 --seed 1 --csv hands.csv
    euchre-lessons handout 05 --out handouts          # a lesson as printable HTML and PDF, without code
    euchre-lessons app play                            # one widget as a web page (euchre_lessons.delivery.app)
    euchre-lessons lab                                 # the lessons in JupyterLab
    euchre-lessons lite build site --offline           # the lessons in the browser (JupyterLite)
    euchre-lessons lite serve site

Every bad argument is answered with one line on stderr, ``euchre-lessons: error: ...``, and
exit status 2: argparse's own complaints (an unknown option, a value that is not a number) and
the kit's (any ``EuchreError`` raised by a command) alike. A ``--rules`` value that looks like a
path (it has a path separator or ends in ``.toml``) must name a file that exists.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

from .. import rules as _rules
from ..cutting import cut
from ..deals import deal
from ..errors import EuchreError
from ..files import write_whole
from ..hand.state import HandState
from ..table import seat_name
from . import app
from .arguments import PLAYER_WORDS, parser
from .course import copy_lessons
from .lite import LiteError
from .lite.command import run as lite_run
from .usage import PROG, UsageError, load_rules, one_line


def _unknown_player(option: str, text: str, name: str) -> UsageError:
    """``option text`` names no player: say which players and levels there are."""
    return UsageError(f"{option} {text!r}: {name!r} is not a player; give a player (rule_of_thumb, random) or a "
                      "level (beginner, club, expert)")


def walkthrough(rules, seed, dealer: int = 0, players: str = "rule_of_thumb") -> str:
    """A readable walk-through of one hand, each seat played by ``players`` (a player name of
    ``euchre_lessons.players``: ``rule_of_thumb`` or ``random``, or a level: ``beginner``,
    ``club``, ``expert``), every choice from the seat's own view. Under each bid the expert
    searched, its reason (``teaching.why``): the walk-through shows every hand anyway."""
    from ..players import make  # deferred: start-up (the command line starts without the players)

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
            from ..teaching.why import (
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

    from .. import simulate  # deferred: start-up (simulate loads concurrent.futures)

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
            write_whole(args.csv, df.to_csv(index=False))  # whole or not at all: a full disk leaves no half file
        except OSError as exc:
            raise UsageError(f"--csv {args.csv!r}: cannot be written: {exc.strerror or exc}") from None
        print(f"{len(df):,} rows written to {args.csv}")
    return 0


def report_command(args) -> int:
    """``euchre-lessons report FOLDER [FOLDER ...] [--csv FILE]``: a line a pupil; files passed over are named."""
    from ..classwork import ClassReport  # deferred: start-up (pandas)

    report = ClassReport(*args.folder)
    print(report.summary())
    for line in report.lines():
        print(line)
    for name, why in report.skipped:
        print(f"passed over: {name}: {why}")
    if args.codes:
        from ..classwork.codes import codes  # deferred: start-up

        found = {name: code for folder in args.folder for name, code in codes(folder).items()}
        for name, code in sorted(found.items(), key=lambda kv: kv[0].lower()):
            print(f"code of {name}: {code}")
    if args.csv:
        try:
            write_whole(args.csv, report.pupils.to_csv(index=False))
        except OSError as exc:
            raise UsageError(f"--csv {args.csv!r}: cannot be written: {exc.strerror or exc}") from None
        print(f"{len(report.names)} rows written to {args.csv}")
    return 0


def _run(args) -> int:
    if args.command in ("app", "lab"):
        return app.app_command(args) if args.command == "app" else app.lab_main(args)
    if args.command == "lite":
        return lite_run(args)
    if args.command == "simulate":
        return simulate_command(args)
    if args.command == "handout":
        from .handout import handout  # deferred: start-up

        page, pdf = handout(args.lesson, args.out, pdf=not args.no_pdf)
        print(f"wrote {page}" + (f" and {pdf}" if pdf else ""))
        return 0
    if args.command == "report":
        return report_command(args)
    if args.command == "lessons":
        for line in copy_lessons(args.folder, force=args.force, teacher=args.teacher,
                                 missing_only=args.keep_edited, apps=args.apps):
            print(line)
        print(f"in {args.folder}" + ("" if args.teacher else f": open them with euchre-lessons lab --notebooks {args.folder}"))
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


def main(argv=None) -> int:
    """Run the command line; returns the exit status (2 for any bad argument)."""
    try:
        return _run(parser().parse_args(argv))
    except (UsageError, EuchreError, app.AppError, LiteError) as exc:
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

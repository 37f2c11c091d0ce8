"""The command line's arguments, parsed apart from the commands that run them: every
subcommand's options and their types (``parser()``). A bad argument raises ``UsageError``."""
from __future__ import annotations

import argparse

from .app import APPS, CULL_IDLE, LAB_PORT, PUPIL_MB, VOILA_PORT
from .lite.bundle import CDN as LITE_CDN
from .lite.serve import PORT as LITE_PORT
from .usage import PROG, UsageError

# Who may play the seats (players.PLAYERS, then the levels of players.LEVELS), in words.
PLAYER_WORDS = {"rule_of_thumb": "the rule-of-thumb players", "random": "random legal play",
                "beginner": "beginner-level players", "club": "club-level players (the rule of thumb with two club habits)",
                "expert": "expert-level players"}


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


def parser() -> argparse.ArgumentParser:
    """The command line's parser (errors raise ``UsageError``)."""
    top = _Parser(prog=PROG, description="Euchre and Railroad Euchre, exactly.")
    sub = top.add_subparsers(dest="command", required=True,
                             metavar="{deal,cut,rules,simulate,handout,lessons,report,app,lab,lite}")
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
    p = sub.add_parser("lessons", help="copy the ten lessons into a folder of your own (a pupil's edits are kept)")
    p.add_argument("folder", nargs="?", default="euchre-lessons", help="where to copy them (default: euchre-lessons)")
    p.add_argument("--force", action="store_true", help="overwrite lessons that differ from the kit's (edits are lost)")
    p.add_argument("--keep-edited", action="store_true",
                   help="keep the lessons that differ from the kit's as they are and copy the rest (a hub's start-up)")
    p.add_argument("--apps", action="store_true", help="copy the app pages as well, into apps/ (a JupyterHub's Voila)")
    p.add_argument("--teacher", action="store_true",
                   help="copy the teacher's files instead: the guide, its pictures and the exercises' solutions")
    p = sub.add_parser("report", help="what a class did: one line a pupil, from the work kept in a folder")
    p.add_argument("folder", nargs="+", help="the folder the class's work is kept in (the class server's, or handed-in "
                   "files); on a school's hub, every pupil's folder (each one's euchre-lessons/ and euchre-lessons/apps/)")
    p.add_argument("--csv", help="also write the table of pupils to this CSV file")
    p.add_argument("--codes", action="store_true", help="also list each pupil's code (for a pupil who lost his)")
    _app_and_lab(sub)
    _lite(sub)
    return top


def _app_and_lab(sub) -> None:
    """The ``app`` and ``lab`` subcommands of the command line."""
    def common(p, default_port):
        p.add_argument("--port", type=int, default=None, help=f"the port to listen on (default {default_port})")
        p.add_argument("--ip", default="127.0.0.1",
                       help="the address to listen on (default 127.0.0.1: this computer only)")
        p.add_argument("--no-browser", action="store_true", help="print the address, do not open a browser")

    p = sub.add_parser("app", help="one widget as a web page, served with Voila")
    p.add_argument("name", choices=list(APPS), metavar="{" + ",".join(APPS) + "}",
                   help="; ".join(f"{k}: {v.description}" for k, v in APPS.items()))
    common(p, f"{VOILA_PORT}; the class's page {APPS['class'].port}")
    p.add_argument("--rules", action="append", help="a preset or a .toml file (compare: twice; lab: any number)")
    p.add_argument("--seed", default=None, type=_seed,
                   help="the deal number (default: play deals each page its own; the other apps deal 0)")
    p.add_argument("--seat", default=None, help="your seat at the play table: North, East, South or West (or "
                   "N, NE, SE, S, SW, NW at six; default North)")
    p.add_argument("--level", default=None, metavar="LEVEL",
                   help="the computer's level in play and lab: beginner, club or expert (default: club, the "
                        "rule-of-thumb player)")
    p.add_argument("--pool", default=0, type=int,
                   help="kernels kept started with the app built, for a class (default 0: start one per page)")
    p.add_argument("--cull-idle", default=CULL_IDLE, type=float, metavar="MINUTES",
                   help=f"shut down a kernel whose page never linked after this long (default {CULL_IDLE:g}); a "
                        "closed page's goes within a minute (0: no kernel is ever shut down)")
    p.add_argument("--token", default=None, help="the password in the page's address (default: one made up "
                   "when --ip lets other computers in; none on 127.0.0.1)")
    p.add_argument("--allow-host", action="append", metavar="NAME",
                   help="a host name pupils may use for this computer, besides its address and its own names")
    p.add_argument("--max-pupils", default=None, type=int, metavar="N",
                   help=f"pages served at once (default: as many as this computer's memory holds at {PUPIL_MB} "
                        "MB each)")
    p.add_argument("--palette", default="standard", choices=("standard", "colour-blind"),
                   help="the cards' inks (default standard; colour-blind: four inks told apart by lightness)")
    p.add_argument("--large", action="store_true", help="type, cards and buttons a room reads on a projector")
    p.add_argument("--debug", action="store_true", help="show Python's tracebacks on the page (never for a class)")
    p = sub.add_parser("lab", help="the lessons in JupyterLab")
    common(p, LAB_PORT)
    p.add_argument("--notebooks", help="the lessons folder (default: the kit's notebooks/)")
    p.add_argument("--allow-root", action="store_true", help="let JupyterLab run as root (a container, say)")


def _lite(sub) -> None:
    """The ``lite`` subcommand of the command line."""
    p = sub.add_parser("lite", help="the lessons in the browser (JupyterLite): build a static site, serve it")
    verbs = p.add_subparsers(dest="verb", required=True, metavar="{build,serve}")
    b = verbs.add_parser("build", help="write the site into DIR")
    b.add_argument("dir", metavar="DIR", help="the folder to write (new, empty, or a site built before)")
    b.add_argument("--offline", action="store_true",
                   help="put Pyodide's core and the lessons' packages in the site, so that it needs no outside "
                        "server (the build names any lesson that still needs the internet)")
    b.add_argument("--notebooks", help="the lessons folder (default: the kit's notebooks/)")
    b.add_argument("--pyodide-packages", metavar="DIR",
                   help="with --offline: a Pyodide distribution folder to take the lessons' packages from "
                        "(pandas, numpy and what they need)")
    b.add_argument("--pyodide-index", metavar="URL",
                   help="with --offline: where to fetch the lessons' packages once, at build time, when they are "
                        f"not in --pyodide-packages (default: Pyodide's CDN, {LITE_CDN})")
    s = verbs.add_parser("serve", help="serve a built site on this computer")
    s.add_argument("dir", metavar="DIR", help="the folder of a built site")
    s.add_argument("--port", type=int, default=LITE_PORT, help=f"the port to listen on (default {LITE_PORT})")
    s.add_argument("--ip", default="127.0.0.1",
                   help="the address to listen on (default 127.0.0.1: this computer only)")

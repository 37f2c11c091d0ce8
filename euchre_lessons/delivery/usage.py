"""Reading the user's words on the command line: ``UsageError`` (a bad argument, told in one
line), ``one_line``, and a ``--rules`` value read as a preset or a rule file (``load_rules``).
Shared by the parser (``arguments``), the commands and the app."""
from __future__ import annotations

import os
from pathlib import Path

from .. import rules as _rules

PROG = "euchre-lessons"


class UsageError(Exception):
    """A bad command-line argument, reported as one line (raised by the parser, caught in main)."""


def looks_like_path(text: str) -> bool:
    """A ``--rules`` value meant as a file: it has a path separator or ends in ``.toml``."""
    separators = {"/", os.sep} | ({os.altsep} if os.altsep else set())
    return any(s in text for s in separators) or text.lower().endswith(".toml")


def load_rules(text: str):
    """``rules.load(text)``, with "no such file" for a path that names nothing."""
    if looks_like_path(text) and not _rules.is_file(Path(text)):
        try:
            what = "is a folder, not a rule file" if Path(text).is_dir() else "no such file"
        except OSError as exc:  # a name the file system cannot hold: too long, say
            what = f"cannot name a file here ({(exc.strerror or str(exc)).lower()})"
        raise UsageError(f"--rules {text!r}: {what}; give an existing .toml rule file or a preset name "
                         f"({', '.join(_rules.names())})")
    return _rules.load(text)


def one_line(message: object) -> str:
    """A message on one line: a list of problems (one per line) joined by semicolons."""
    lines = [line.strip() for line in str(message).splitlines() if line.strip()]
    if not lines:
        return "unknown problem"
    head, rest = lines[0], [line.removeprefix("- ") for line in lines[1:]]
    return head + (" " + "; ".join(rest) if rest else "")

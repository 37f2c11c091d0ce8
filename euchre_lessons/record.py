"""Hand records: a played hand (the deal and every action) as JSON, and back.

>>> from euchre_lessons import deal, players
>>> from euchre_lessons.game import play_hand
>>> state = play_hand(deal("standard", seed=7), players.make("random", seed=1))
>>> text = to_json(state); again = from_json(text)
>>> again == state
True

The rule set is stored by preset name, plus the knobs that differ from that preset and the rule
set's own name (a rule file's), so a record of a flipped rule or a house file replays under the
same rules, ``from_json(to_json(s)) == s``. Records are read as JSON only.
"""
from __future__ import annotations

import json
import os
import re
import tempfile
from pathlib import Path
from typing import Any

from . import rules as _rules
from .deals import Deal
from .errors import NotationError
from .hand.state import HandState
from .knobs import KNOBS

FORMAT = "euchre-lessons hand record 1"


def to_dict(state: HandState) -> dict[str, Any]:
    rs = state.rules
    base_name = rs.name.rstrip("*")
    try:
        base = _rules.load(base_name)
    except _rules.RuleSetError:
        base = _rules.load("standard")
        base_name = "standard"
    changed = {k.name: _plain(getattr(rs, k.name)) for k in KNOBS if getattr(rs, k.name) != getattr(base, k.name)}
    named = {"name": rs.name} if rs.name != base_name else {}  # a rule file's own name, or "standard*"
    return {"format": FORMAT, "rules": base_name, **named, "knobs": changed,
            "deal": str(state.deal), "actions": [str(a) for a in state.history]}


def _plain(value: object) -> object:
    return list(value) if isinstance(value, tuple) else value


def to_json(state: HandState) -> str:
    return json.dumps(to_dict(state), indent=1, ensure_ascii=False)


_ENTRIES = (("rules", str, "a preset's name"), ("name", str, "the rule set's name"), ("deal", str, "a deal on one line"),
            ("actions", list, "a list of action texts"), ("knobs", dict, "a table of knob = value"))


def from_dict(data: dict[str, Any], where: str = "record") -> HandState:
    """Replay a record to its final state; errors name the record and the offending entry."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise NotationError(f"{where}: not a hand record (expected a JSON object with format {FORMAT!r})")
    missing = [k for k in ("rules", "deal", "actions") if k not in data]
    if missing:
        raise NotationError(f"{where}: missing {', '.join(missing)}")
    for key, kind, what in _ENTRIES:
        value = data.get(key)
        if not isinstance(value, kind) and not (key in ("knobs", "name") and value is None):
            raise NotationError(f"{where}: {key} is {json.dumps(value)[:40]}; give {what}")
    if not all(isinstance(a, str) for a in data["actions"]):
        raise NotationError(f'{where}: every action is a text such as "play JH"')
    rs = _rules.load(data["rules"])
    if data.get("knobs") or data.get("name"):
        named = {"name": data["name"]} if data.get("name") and data["name"] != rs.name else {}
        try:
            rs = rs.replace(**named, **(data.get("knobs") or {}))
        except (TypeError, _rules.RuleSetError) as exc:
            raise NotationError(f"{where}: knobs: {exc}") from None
    written = data["deal"].split("|", 1)[0].strip().rstrip("*")
    if written != data["rules"] and written in _rules.names():  # another preset's deal (a rule file's is not one)
        raise NotationError(f"{where}: the deal is written for {written!r} but the record's rules are "
                            f"{data['rules']!r}; a record replays under one rule set")
    state = HandState.start(Deal.parse(data["deal"], rules=rs))
    for i, text in enumerate(data["actions"]):
        try:
            state = state.apply(text)
        except (NotationError, ValueError) as exc:
            raise NotationError(f"{where}: action {i + 1} ({text!r}) cannot be replayed: {exc}") from None
    return state


def from_json(text: str, where: str = "record") -> HandState:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise NotationError(f"{where}: not valid JSON: {exc}") from None
    except RecursionError:
        raise NotationError(f"{where}: nested too deeply to be a hand record") from None
    return from_dict(data, where)


def read(source: HandState | dict[str, Any] | str | Path) -> HandState:
    """A played hand from any of its forms: a ``HandState`` (returned as it is), a record as a
    dict or JSON text, or the path of a record file."""
    if isinstance(source, HandState):
        return source
    if isinstance(source, dict):
        return from_dict(source)
    if isinstance(source, Path):
        return load(source)
    if isinstance(source, str):
        return from_json(source) if source.lstrip().startswith(("{", "[")) else load(source)
    raise TypeError(f"a hand is a HandState, a hand record (JSON text or dict) or a record's path, "
                    f"not {type(source).__name__}")


def save(state: HandState, path: str | os.PathLike[str]) -> Path:
    if not isinstance(state, HandState):
        raise NotationError(f"record.save: give a HandState to save, not {type(state).__name__}")
    path = Path(path)
    path.write_text(to_json(state), encoding="utf-8")
    return path


def name_part(text: object) -> str:
    """``text`` made safe for a file's name: letters, digits and single hyphens."""
    return re.sub(r"[^A-Za-z0-9]+", "-", str(text)).strip("-") or "x"


def write_new(text: str, folder: str | os.PathLike[str], stem: str) -> Path:
    """``text`` written as a new file ``stem.json`` in ``folder`` (``stem-2.json``, ``stem-3.json``,
    ... where that name is taken): never over another file, and never seen half written (the
    text goes to a hidden file first, which is then linked to its name in one step)."""
    folder = Path(folder)
    fd, part = tempfile.mkstemp(dir=folder, prefix=".", suffix=".part")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        for n in range(1, 10_000):
            path = folder / (f"{stem}.json" if n == 1 else f"{stem}-{n}.json")
            try:
                os.link(part, path)  # fails if the name is taken: nothing is overwritten
                return path
            except FileExistsError:
                continue
            except OSError:  # a file system without links: claim the name, then move the text onto it
                try:
                    os.close(os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY))
                except FileExistsError:
                    continue
                os.replace(part, path)
                return path
        raise FileExistsError(f"{folder / stem}.json: every numbered name is taken")
    finally:
        if os.path.exists(part):
            os.unlink(part)


def load(path: str | os.PathLike[str]) -> HandState:
    """The hand a record file holds; a missing, unreadable or non-text file is refused by name."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise NotationError(f"{path}: no such hand record file") from None
    except IsADirectoryError:
        raise NotationError(f"{path}: a folder, not a hand record file") from None
    except UnicodeDecodeError:
        raise NotationError(f"{path}: not a text file, so not a hand record (records are JSON)") from None
    except OSError as exc:
        raise NotationError(f"{path}: cannot be read: {exc.strerror or exc}") from None
    return from_json(text, where=str(path))

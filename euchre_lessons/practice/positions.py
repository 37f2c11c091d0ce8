"""Positions as data: a decision in a hand, its question, its accepted answers and its proof.

A position file is TOML (read with ``tomllib``: no code runs), a list of ``[[position]]`` tables:

.. code-block:: toml

    [[position]]
    id = "standard-trump-the-ace"     # unique in the kit's set
    preset = "standard"               # the rule set
    deal = "standard | dealer 0 | ... | up JC | rest ..."   # Deal notation (lesson 00)
    actions = ["pass", "pass", "pass", "take up", "alone", "discard 9D"]   # the hand so far
    seat = 0                          # who decides (optional: the seat to act)
    question = "East leads the ace of hearts. Which card do you play?"
    answers = ["play TC"]             # every accepted action
    explanation = "The 10 of clubs trumps the ace and keeps both bowers ..."
    proof = "face up"                 # or "what you can see"
    layouts = 0                       # for "what you can see": deals drawn (0: every layout)
    margin = 0.5                      # every other choice is worse by at least this, on average
    unit = "points"                   # or "tricks"
    lesson = "08"                     # optional: the lesson it belongs to

``load(path)`` reads a file (``PositionError`` naming the file, the entry and what is wrong);
``positions()`` is the kit's set in ``data/positions``. A ``Position`` replays its actions to
the decision on demand (``state``); ``practice.prove`` checks that its answers are right.
"""
from __future__ import annotations

import tomllib
from html import escape
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from .. import rules as _rules
from ..deals import Deal
from ..errors import EuchreError, IllegalActionError
from ..hand.state import HandState
from ..render import state_html

if TYPE_CHECKING:
    from ..actions import Action

_HERE = Path(__file__).resolve().parent.parent
POSITION_DIRS = (_HERE / "data" / "positions", _HERE.parent / "data" / "positions")
PROOFS = ("face up", "what you can see")
UNITS = ("points", "tricks")
FIELDS = {"id": str, "preset": str, "deal": str, "actions": list, "question": str, "answers": list,
          "explanation": str, "proof": str}
OPTIONAL: dict[str, type | tuple[type, ...]] = {"seat": int, "layouts": int, "margin": (int, float), "unit": str, "lesson": str}


class PositionError(EuchreError, ValueError):
    """A position that cannot be served: the file, the entry and what is wrong with it."""


class Position(NamedTuple):
    """One decision to practise. ``state`` is the hand at the decision, ``answers`` the accepted
    actions (``Action`` values), ``proof`` how they are proved (``"face up"``: the actual layout
    solved; ``"what you can see"``: every layout, or ``layouts`` of them, that fits the seat's view)."""

    id: str
    preset: str
    state: HandState
    seat: int
    question: str
    answers: tuple
    explanation: str
    proof: str
    layouts: int = 0
    margin: float = 0.5
    unit: str = "points"
    lesson: str = ""
    source: str = ""

    @property
    def rules(self):
        return self.state.rules

    def entry(self) -> dict:
        """The position as a table of a position file (``build`` reads it back)."""
        out = {"id": self.id, "preset": self.preset, "deal": str(self.state.deal),
               "actions": [str(a) for a in self.state.history], "seat": self.seat, "question": self.question,
               "answers": [str(a) for a in self.answers], "explanation": self.explanation, "proof": self.proof,
               "layouts": self.layouts, "margin": self.margin, "unit": self.unit}
        if self.lesson:
            out["lesson"] = self.lesson
        return out

    def check(self, action) -> bool:
        """Whether ``action`` (an ``Action`` or its text) is an accepted answer; an action that is
        not legal here raises ``IllegalActionError`` naming the choices."""
        action = self.state.parse_choice(action)
        if action not in self.state.legal_actions():
            raise IllegalActionError(f"{action} is not a choice in position {self.id!r}: the choices are "
                                     + ", ".join(map(str, self.state.legal_actions())))
        return action in self.answers

    def __str__(self) -> str:
        return self.question

    def _repr_html_(self) -> str:
        return f"<p><strong>{escape(self.question)}</strong></p>" + state_html(self.state, seat=self.seat)


def _where(source, entry) -> str:
    return f"{source}: position {entry!r}" if entry is not None else f"{source}"


def build(entry: dict, source: str = "") -> Position:
    """A ``Position`` from one table of a position file, every field checked and the actions
    replayed; ``PositionError`` says which field of which entry is wrong and what is allowed."""
    if not isinstance(entry, dict):
        raise PositionError(f"{source}: each [[position]] must be a table, found {type(entry).__name__}")
    ident = entry.get("id")
    where = _where(source, ident if isinstance(ident, str) else None)
    for name, kind in FIELDS.items():
        if name not in entry:
            raise PositionError(f"{where}: no field {name!r} (a position has {', '.join(FIELDS)})")
        if not isinstance(entry[name], kind):
            raise PositionError(f"{where}: field {name!r} is {entry[name]!r}, expected {kind.__name__}")
    for name, kinds in OPTIONAL.items():
        if name in entry and (not isinstance(entry[name], kinds) or isinstance(entry[name], bool)):
            raise PositionError(f"{where}: field {name!r} is {entry[name]!r}, expected "
                                f"{'a number' if isinstance(kinds, tuple) else kinds.__name__}")
    unknown = sorted(set(entry) - set(FIELDS) - set(OPTIONAL))
    if unknown:
        raise PositionError(f"{where}: unknown field {unknown[0]!r} (fields are "
                            f"{', '.join(list(FIELDS) + list(OPTIONAL))})")
    if entry["proof"] not in PROOFS:
        raise PositionError(f"{where}: proof {entry['proof']!r}: a proof is 'face up' or 'what you can see'")
    unit = entry.get("unit", "points")
    if unit not in UNITS:
        raise PositionError(f"{where}: unit {unit!r}: the margin is in 'points' or 'tricks'")
    if entry.get("layouts", 0) < 0 or entry.get("margin", 0.5) < 0:
        raise PositionError(f"{where}: layouts and margin are 0 or more")
    try:
        rs = _rules.load(entry["preset"])
    except EuchreError as e:
        raise PositionError(f"{where}: preset: {e}") from None
    try:
        deal = Deal.parse(entry["deal"], rs)
    except EuchreError as e:
        raise PositionError(f"{where}: deal: {e}") from None
    action: Action | None  # an action read (None: an answer that is no text)
    state = HandState.start(deal)
    for k, text in enumerate(entry["actions"], 1):
        if not isinstance(text, str):
            raise PositionError(f"{where}: action {k} is {text!r}, expected the text of an action")
        if state.is_over:
            raise PositionError(f"{where}: action {k} {text!r}: the hand is already over")
        try:
            action = state.parse_choice(text)
            state = state.apply(action)
        except EuchreError as e:
            legal = ", ".join(map(str, state.legal_actions()))
            raise PositionError(f"{where}: action {k} {text!r} cannot be played there ({e}); the choices "
                                f"were {legal}") from None
    if state.is_over:
        raise PositionError(f"{where}: after the actions the hand is over: a position needs a decision")
    seat = entry.get("seat", state.to_act)
    if seat != state.to_act:
        raise PositionError(f"{where}: seat {seat} does not decide there: seat {state.to_act} is to act")
    if len(state.legal_actions()) < 2:
        raise PositionError(f"{where}: only one legal action there ({state.legal_actions()[0]}): nothing to ask")
    if not entry["answers"]:
        raise PositionError(f"{where}: answers is empty: give every accepted action")
    answers = []
    for text in entry["answers"]:
        try:
            action = state.parse_choice(text) if isinstance(text, str) else None
        except EuchreError as e:
            raise PositionError(f"{where}: answer {text!r}: {e}") from None
        if action is None or action not in state.legal_actions():
            raise PositionError(f"{where}: answer {text!r} is not a legal action there; the choices are "
                                + ", ".join(map(str, state.legal_actions())))
        answers.append(action)
    return Position(entry["id"], rs.name, state, seat, entry["question"], tuple(answers), entry["explanation"],
                    entry["proof"], entry.get("layouts", 0), float(entry.get("margin", 0.5)), unit,
                    entry.get("lesson", ""), str(source))


def load(path) -> tuple:
    """The positions of one TOML file, each checked and replayed (``PositionError`` if not)."""
    path = Path(path)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise PositionError(f"{path}: no such position file") from None
    except (OSError, UnicodeDecodeError) as e:
        raise PositionError(f"{path}: cannot be read ({e})") from None
    except tomllib.TOMLDecodeError as e:
        raise PositionError(f"{path}: not TOML ({e})") from None
    entries = data.get("position")
    if not isinstance(entries, list) or not entries:
        raise PositionError(f"{path}: no [[position]] tables (a position file is a list of them)")
    out = [build(entry, path.name) for entry in entries]
    seen = set()
    for p in out:
        if p.id in seen:
            raise PositionError(f"{path.name}: position {p.id!r} appears twice")
        seen.add(p.id)
    return tuple(out)


def folder() -> Path:
    """The kit's positions folder (the repository's ``data/positions``, or the installed copy)."""
    for d in POSITION_DIRS:
        if d.is_dir():
            return d
    raise PositionError("the kit's positions folder data/positions is missing")


def positions(lesson: str | None = None) -> tuple:
    """The kit's positions (all, or one lesson's), every file read and checked."""
    out: list[Position] = []
    seen: dict[str, str] = {}
    for path in sorted(folder().glob("*.toml")):
        for p in load(path):
            if p.id in seen:
                raise PositionError(f"{path.name}: position {p.id!r} is also in {seen[p.id]}")
            seen[p.id] = path.name
            out.append(p)
    return tuple(p for p in out if lesson is None or p.lesson == lesson)


__all__ = ["Position", "PositionError", "build", "load", "positions", "folder", "PROOFS"]

"""One pupil's work: ``Journal(pupil, folder)``, a line of JSON for each thing done.

>>> from fractions import Fraction
>>> from euchre_lessons.exercises import verdict
>>> from euchre_lessons.practice import positions
>>> from euchre_lessons.teaching.session import PlaySession
>>> session = PlaySession("standard", human=0, seed=3).play("pass").play("play 9H")
>>> while not session.is_over:
...     session = session.play(session.legal_actions()[0])
>>> review = session.review()
>>> j = Journal("ana", "class-7b")                  # euchre-work/ana.jsonl in the class's folder
>>> j.hand(session.state, 0, session.record())      # a hand played by seat 0 (its record replays)
>>> j.review(session.state, review)                 # each mistake the review found
>>> retry = session.retry(review).choose("take up").next().show().next()
>>> j.retry(retry, "standard")                      # which mistakes were found again on a retry
>>> j.practice(positions("03")[0], found=True)      # a practice position answered (the first try)
>>> j.exercise("9.1", Fraction(1, 5), verdict("9.1", Fraction(1, 5)))   # an exercise checked
>>> [json.loads(line)["kind"] for line in j.path.read_text(encoding="utf-8").splitlines()]
['hand', 'review', 'mistake', 'mistake', 'retry', 'retry', 'practice', 'exercise']

Each record is one line (a review's records in one write) appended under the folder's lock
(``files.one_writer``), so two pages of one pupil, or a class writing at once, lose nothing and
never interleave; a line cut short by a crash is passed over by the reader (``report``) and
named. A record carries an id of its own, the pupil's name, what it is (``kind``), when (UTC)
and its facts; a hand keeps its whole record, so it replays.

``sign_in(name, folder)`` (``exercises.sign_in``) makes every exercise ``check`` of this kernel
kept in that pupil's journal; without it nothing is written.
"""
from __future__ import annotations

import datetime as _dt
import hashlib
import json
import os
import re
import secrets
from pathlib import Path

from ..errors import EuchreError
from ..files import one_writer
from ..hand.state import HandState

VERSION = 1
FOLDER = "euchre-work"
SUFFIX = ".jsonl"
HANDED_IN = ".euchre-work.json"
HANDED_FORMAT = "euchre-lessons work 1"
_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9 _-]{0,39}$")

# A decision's kind, as a teacher counts mistakes, by the phase it was made in (``Phase``'s words).
KINDS = {"first round": "bid", "second round": "bid", "dealer names trump blind": "bid", "auction": "bid",
         "naming trump": "bid", "going alone": "alone", "take-over": "alone", "naming partners": "partners",
         "alone against": "defend alone", "dealer's discard": "discard", "widow discards": "discard",
         "exchange: lone player gives": "give", "exchange: partner's best": "partner's best",
         "Jambone": "Jambone", "Jamboree": "Jamboree"}


class PupilError(EuchreError, ValueError):
    """A pupil's name that cannot name a journal: which, and what a name may be."""


def check_name(name) -> str:
    """``name`` as a journal's name, stripped; ``PupilError`` if it cannot be one."""
    text = name.strip() if isinstance(name, str) else name
    if not isinstance(text, str) or not _NAME.match(text):
        raise PupilError(f"pupil's name {name!r}: use 1 to 40 letters, digits, spaces, '-' or '_', starting with a "
                         "letter or digit (such as 'ana' or 'Ben K')")
    return text


def decision_kind(before) -> str:
    """What kind of decision the seat to act in ``before`` makes: ``lead``, ``follow``, ``bid`` ..."""
    phase = str(before.phase)
    if phase == "play":
        return "follow" if before.trick else "lead"
    return KINDS.get(phase, phase)


def hand_key(state) -> str:
    """A short name for one hand as played (its deal and every action), which its mistakes share."""
    text = f"{state.rules.name}|{state.deal}|{' '.join(str(a) for a in state.history)}"
    return hashlib.sha256(text.encode()).hexdigest()[:12]


def decisions(state, seat: int) -> int:
    """How many decisions ``seat`` made in the hand ``state``: its turns with two or more choices
    (the decisions a review grades)."""
    before, count = HandState.start(state.deal), 0
    for action in state.history:
        count += before.to_act == seat and len(before.legal_actions()) > 1
        before = before.apply(action)
    return count


class Journal:
    """The work of ``pupil``, kept in ``folder`` (default: the folder one works in)."""

    def __init__(self, pupil: str, folder=None):
        self.pupil = check_name(pupil)
        self.folder = Path(folder) if folder is not None else Path.cwd()

    @property
    def path(self) -> Path:
        return self.folder / FOLDER / f"{self.pupil}{SUFFIX}"

    def __repr__(self) -> str:
        return f"Journal({self.pupil!r}, {str(self.folder)!r})"

    def keep(self, kind: str, **facts) -> dict:
        """Append one record of ``kind`` with ``facts``; returns it."""
        return self._append([(kind, facts)])[0]

    def _append(self, things) -> list:
        """Records of ``(kind, facts)``, each with an id of its own (a record handed in as well as
        kept counts once, two alike made at once count twice), appended in one write under the
        folder's lock; returns them."""
        now = _dt.datetime.now(_dt.UTC).isoformat(timespec="milliseconds")
        records = [{"v": VERSION, "id": secrets.token_hex(6), "pupil": self.pupil, "kind": kind, "time": now, **facts}
                   for kind, facts in things]
        if not records:
            return records
        text = "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records)
        with one_writer(self.path.parent):
            with open(self.path, "a", encoding="utf-8") as out:
                out.write(text)
                out.flush()
                try:
                    os.fsync(out.fileno())
                except OSError:
                    pass  # a file system that cannot sync (the browser's): the lines are written all the same
        return records

    # ---- what a pupil does -------------------------------------------------------------------------

    def hand(self, state, seat: int, record: dict | None = None) -> None:
        """A hand played to its end by ``seat``: its preset, how many decisions the seat had (a
        choice among two or more), and its ``record`` (``PlaySession.record``), which replays."""
        self.keep("hand", hand=hand_key(state), preset=state.rules.name, decisions=decisions(state, seat),
                  record=record)

    def review(self, state, review) -> None:
        """Each mistake ``review`` (``teaching.review``) found in the hand ``state``: the kind of
        decision, what was chosen and what was best, what it cost, and why."""
        preset, key = state.rules.name, hand_key(state)
        befores = {step: before for step, before, _, _ in review.judged}
        mistakes = []
        for row in review.mistakes:
            before = befores.get(row["step"])
            mistakes.append(("mistake", dict(
                hand=key, preset=preset, step=row["step"], phase=row["phase"],
                decision=decision_kind(before) if before is not None else KINDS.get(row["phase"], row["phase"]),
                chose=row["chose"], best=row["best"], cost=round(float(row["expected_points_lost"]), 4),
                tricks=round(float(row["expected_tricks_lost"]), 4), why=row.get("why", ""))))
        self._append([("review", dict(hand=key, preset=preset, mistakes=len(mistakes))), *mistakes])

    def retry(self, retry, preset: str) -> None:
        """How each mistake of a finished retry ended: found again, shown, or left."""
        self._append([("retry", dict(preset=preset, step=m.step, outcome=m.outcome)) for m in retry.mistakes])

    def practice(self, position, found: bool) -> None:
        """A practice position's first answer."""
        self.keep("practice", position=position.id, preset=position.rules.name, found=bool(found))

    def exercise(self, key: str, answer, verdict) -> None:
        """An exercise checked: the answer given (as text), and whether it was right."""
        self.keep("exercise", exercise=str(key), answer=_text(answer), status=verdict.status,
                  right=verdict.correct)


def handed_in(pupil: str, folder=None) -> dict:
    """``pupil``'s work as one file's data to hand in (format ``HANDED_FORMAT``): every record of
    the journal, a line cut short left out."""
    journal = Journal(pupil, folder)
    records = []
    if journal.path.exists():
        for line in journal.path.read_text(encoding="utf-8").splitlines():
            try:
                records.append(json.loads(line))
            except json.JSONDecodeError:
                continue  # a line cut short by a crash: the reader passes it over too
    return {"format": HANDED_FORMAT, "pupil": journal.pupil, "records": records}


def _text(answer) -> str:
    text = str(answer) if answer is not Ellipsis else "..."
    return text if len(text) <= 200 else text[:199] + "…"


_signed_in: Journal | None = None


def sign_in(name: str, folder=None) -> str:
    """Keep this kernel's exercise checks in ``name``'s journal (in ``folder``, default: here)."""
    global _signed_in
    _signed_in = Journal(name, folder)
    return (f"Signed in as {_signed_in.pupil}: your answers are kept for your teacher in "
            f"{FOLDER}/{_signed_in.pupil}{SUFFIX}.")


def signed_in() -> Journal | None:
    """The journal exercise checks are kept in, or None."""
    return _signed_in


def sign_out() -> None:
    global _signed_in
    _signed_in = None


__all__ = ["Journal", "PupilError", "sign_in", "signed_in", "sign_out", "decision_kind", "handed_in", "FOLDER",
           "SUFFIX", "HANDED_IN", "HANDED_FORMAT"]

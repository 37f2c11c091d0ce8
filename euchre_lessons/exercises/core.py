"""Exercises that check themselves: the reader writes ``answer = ...`` and calls ``check``.

>>> from euchre_lessons.exercises import check
>>> answer = ...                 # not answered yet
>>> check("9.1", answer)
9.1 Holding the Joker (Foster's Railroad): not attempted yet. Replace ... with your answer.
>>> from fractions import Fraction
>>> check("9.1", Fraction(1, 5))
✓ 9.1 Holding the Joker (Foster's Railroad): 1/5 (20.00%)

``check`` prints ✓ or a hint and never raises, so an unanswered or wrong exercise never stops a
notebook. ``verdict`` returns the same judgement as a value, for tests. What counts as an answer:

* a chance: a ``Fraction`` (or an ``Exact``) equal to the answer, an int 0 or 1, text such as
  ``"7/33"``, or a float within ``REL_TOL`` (relative) of it; a percentage is recognised and the
  hint says so;
* cards: text or a list of cards in any order (``"JK JH JD AH KH"``), compared as a set, or tested
  by the exercise's own rule when several answers are right;
* a whole number: equal to the answer;
* a word or a few (an action, a suit, a seat): one of the accepted answers, case and spaces aside.

Each lesson's exercises are a module here, ``lessonNN.py``, with a list ``EXERCISES`` made by
``exercise(...)``; ``registry()`` gathers them all. The reference answers live outside the
notebooks folder students open (``solutions/NN_*.py`` at the top of the repository, each with a
dict ``ANSWERS``); tests run every one of them through ``verdict``.
Each chance exercise also records its question in code (rule set, event,
known cards) so tests compare the stored answer with ``probability.exact`` and a simulation.
"""
from __future__ import annotations

import importlib
import math
import numbers
import pkgutil
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any, cast

from .. import rules
from ..cards import format_cards, parse_cards
from ..classwork.journal import sign_in as _sign_in
from ..classwork.journal import signed_in
from ..errors import NotationError
from ..probability import percent
from ..probability.events import jamboree, two_jamborees
from ..words import capital

REL_TOL = 1e-3


@dataclass(frozen=True)
class Exercise:
    """One exercise. ``kind`` is ``chance``, ``cards`` or ``number``; ``expected`` is a Fraction,
    a set of card texts or an int; ``accept`` (cards only) names a test any right answer passes.
    ``rules``, ``event``, ``known``, ``given`` state a chance exercise in code, for the tests.
    ``word`` exercises list their accepted answers in ``expected``."""

    key: str
    title: str
    kind: str
    expected: Any  # a Fraction, card texts, a whole number or words, by ``kind``
    hint: str
    rules: str | None = None
    event: str | None = None
    known: str | None = None
    given: str | None = None
    accept: str | None = None


@dataclass(frozen=True)
class Verdict:
    """The judgement of one answer: ``status`` is ``correct``, ``wrong`` or ``not attempted``."""

    status: str
    message: str

    @property
    def correct(self) -> bool:
        return self.status == "correct"

    def __str__(self) -> str:
        return self.message


def _chance(answer):
    """(value, is_exact, was_percent) from a reader's chance, or None if unreadable."""
    if isinstance(answer, bool):
        return None
    if isinstance(answer, (Fraction, int)):
        return Fraction(answer), True, False
    if isinstance(answer, str):
        text = answer.strip().replace(",", "")
        percent = text.endswith("%")
        try:
            value = Fraction(text.rstrip("%").strip())
        except (ValueError, ZeroDivisionError):
            return None
        return (value / 100 if percent else value), "." not in text, percent
    if isinstance(answer, numbers.Real) or hasattr(answer, "__float__"):
        try:
            number = float(answer)
        except (TypeError, ValueError):
            return None
        if not math.isfinite(number):  # NaN or infinite: no chance at all
            return None
        return Fraction(number), False, False
    return None


def _close(a, b) -> bool:
    return math.isclose(float(a), float(b), rel_tol=REL_TOL, abs_tol=1e-12)


def _judge_chance(ex: Exercise, answer) -> tuple[bool, str]:
    read = _chance(answer)
    p = ex.expected
    if read is None:
        return False, (f"{answer!r} is not a chance: give a Fraction such as Fraction(7, 33), "
                       "a float such as 0.2121, or text such as '7/33'.")
    value, is_exact, _ = read
    if value < 0 or value > 100:  # far outside: said before any arithmetic in floats (10**400 has none)
        shown = f"{float(value):g}" if abs(value) < 10**300 else "that number"
        return False, f"{shown} is not between 0 and 1, so it cannot be a chance."
    if (is_exact and value == p) or (not is_exact and _close(value, p)):
        return True, ""
    if 1 < value <= 100 and _close(value / 100, p):
        return False, f"{float(value):g} looks like a percentage: give the chance between 0 and 1 ({float(value) / 100:g})."
    if value < 0 or value > 1:
        return False, f"{float(value):g} is not between 0 and 1, so it cannot be a chance."
    if _close(1 - value, p) and p != Fraction(1, 2):
        return False, "That is the chance that it does not happen: take it from 1."
    if p and abs(float(value) - float(p)) <= 0.05 * float(p):
        return False, ("Close, but not exact: a simulation only estimates; count the hands "
                       "(or give the chance to four significant figures). " + ex.hint)
    return False, ex.hint


def _judge_cards(ex: Exercise, answer) -> tuple[bool, str]:
    try:
        cards = parse_cards(answer if isinstance(answer, str) else [str(c) for c in answer])
    except (NotationError, TypeError):
        return False, f"Could not read {answer!r} as cards: write them like 'JK JH JD AH KH'."
    if len(set(cards)) != len(cards):
        return False, f"A card appears twice in {format_cards(cards)}: each card is in the pack once."
    if ex.accept is not None:
        return _ACCEPT[ex.accept](ex, cards)
    if {str(c) for c in cards} == set(ex.expected):
        return True, ""
    if len(cards) != len(ex.expected):
        return False, f"You gave {len(cards)} cards; the answer has {len(ex.expected)}. " + ex.hint
    return False, ex.hint


def _judge_number(ex: Exercise, answer) -> tuple[bool, str]:
    if isinstance(answer, bool) or not isinstance(answer, numbers.Real):
        return False, f"{answer!r} is not a number: give a whole number such as 12."
    if answer == ex.expected:
        return True, ""
    try:
        whole = math.isfinite(float(answer)) and float(answer) == int(float(answer))
    except OverflowError:  # an int too big for a float is still whole
        whole = True
    if not whole:
        return False, f"{answer!r} is not a whole number: count hands, not chances. " + ex.hint
    return False, ex.hint


def _judge_word(ex: Exercise, answer) -> tuple[bool, str]:
    if not isinstance(answer, str):
        return False, f"{answer!r} is not a word: answer in words, such as 'order up' or 'hearts'."
    said = " ".join(answer.lower().split())
    if said in {" ".join(e.lower().split()) for e in ex.expected}:
        return True, ""
    return False, ex.hint


def _two_jamborees(ex: Exercise, cards) -> tuple[bool, str]:
    rs = rules.load(cast(str, ex.rules))  # the exercises that take this test name their rules (lesson09)
    outside = [str(c) for c in cards if c not in rs.cards]
    if outside:
        return False, f"{' '.join(outside)} is not in the {len(rs.cards)}-card pack of {rs.name}."
    if len(cards) != rs.hand_size:
        return False, f"A hand of {rs.name} has {rs.hand_size} cards; you gave {len(cards)}. " + ex.hint
    if two_jamborees(cards, rs):
        return True, ""
    suits = [s for s in ("clubs", "diamonds", "hearts", "spades") if jamboree(s)(cards, rs)]
    if suits:
        return False, f"That hand holds one Jamboree (in {suits[0]}), not two. " + ex.hint
    return False, ex.hint


_ACCEPT = {"two_jamborees": _two_jamborees}


def _show(ex: Exercise, answer) -> str:
    if ex.kind == "chance":
        p = ex.expected
        return f"{p.numerator}/{p.denominator} ({percent(p)})"
    if ex.kind == "number":
        return f"{ex.expected:,}"
    if ex.kind == "word":
        return str(answer).strip()
    return format_cards(parse_cards(answer if isinstance(answer, str) else [str(c) for c in answer]))


def registry() -> dict:
    """Every lesson's exercises by key, gathered once from the ``lessonNN`` modules."""
    global _REGISTRY
    if _REGISTRY is None:
        found: dict = {}  # the lesson modules beside this one, by their file names: the package is not imported here
        for info in sorted(pkgutil.iter_modules([str(Path(__file__).parent)]), key=lambda m: m.name):
            if info.name.startswith("lesson"):
                for ex in importlib.import_module(f"{__package__}.{info.name}").EXERCISES:
                    if ex.key in found:
                        raise ValueError(f"exercise {ex.key} is defined twice (in {info.name})")
                    found[ex.key] = ex
        _REGISTRY = found
    return _REGISTRY


_REGISTRY: dict | None = None


def verdict(key: str, answer) -> Verdict:
    """Judge ``answer`` to exercise ``key`` (``...`` or None: not attempted)."""
    EXERCISES = registry()
    ex = EXERCISES.get(str(key))
    if ex is None:
        raise KeyError(f"no exercise {key!r}: the exercises are {', '.join(EXERCISES)}")
    head = f"{ex.key} {ex.title}"
    if answer is ... or answer is None:
        return Verdict("not attempted", f"{head}: not attempted yet. Replace ... with your answer.")
    ok, hint = _JUDGES[ex.kind](ex, answer)
    if ok:
        return Verdict("correct", f"✓ {head}: {_show(ex, answer)}")
    return Verdict("wrong", f"✗ {head}: not yet. Hint: {hint}")


_JUDGES = {"chance": _judge_chance, "cards": _judge_cards, "number": _judge_number, "word": _judge_word}


def check(key: str, answer) -> None:
    """Print ✓ or a hint for the reader's answer to exercise ``key``; never raises on an answer.
    After ``sign_in``, the check is kept in the pupil's journal for the teacher (``classwork``)."""
    v = verdict(key, answer)
    print(v.message)
    journal = signed_in()
    if journal is not None and key in registry():
        try:
            journal.exercise(key, answer, v)
        except OSError as err:
            print(f"(This answer could not be kept for your teacher: {(err.strerror or str(err)).lower()}.)")


def sign_in(name: str, folder=None) -> None:
    """Keep every ``check`` from now on in pupil ``name``'s work, for the teacher's report
    (``ClassReport``), in ``folder`` (default: the folder the notebook runs in)."""
    print(_sign_in(name, folder))


def exercise(key, title, kind, expected, hint, **where) -> Exercise:
    """An exercise for a lesson's module (``exercises/lessonNN.py``); the hint starts with a capital."""
    return Exercise(key, title, kind, expected, capital(hint), **where)


__all__ = ["Exercise", "Verdict", "verdict", "check", "exercise", "REL_TOL"]

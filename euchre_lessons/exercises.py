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
* a whole number: equal to the answer.

The reference answers live beside the notebooks (``notebooks/solutions/``); tests run them
through ``verdict``. Each chance exercise also records its question in code (rule set, event,
known cards) so tests compare the stored answer with ``probability.exact`` and a simulation.
"""
from __future__ import annotations

import math
import numbers
from dataclasses import dataclass
from fractions import Fraction

from .cards import format_cards, parse_cards
from .errors import NotationError

REL_TOL = 1e-3


@dataclass(frozen=True)
class Exercise:
    """One exercise. ``kind`` is ``chance``, ``cards`` or ``number``; ``expected`` is a Fraction,
    a set of card texts or an int; ``accept`` (cards only) names a test any right answer passes.
    ``rules``, ``event``, ``known``, ``given`` state a chance exercise in code, for the tests."""

    key: str
    title: str
    kind: str
    expected: object
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
            value = float(answer)
        except (TypeError, ValueError):
            return None
        if math.isnan(value):
            return None
        return Fraction(value), False, False
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
    if float(answer) != int(float(answer)):
        return False, f"{answer!r} is not a whole number: count hands, not chances. " + ex.hint
    return False, ex.hint


def _two_jamborees(ex: Exercise, cards) -> tuple[bool, str]:
    from . import rules
    from .probability.events import jamboree, two_jamborees

    rs = rules.load(ex.rules)
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
        from .probability import percent

        p = ex.expected
        return f"{p.numerator}/{p.denominator} ({percent(p)})"
    if ex.kind == "number":
        return f"{ex.expected:,}"
    return format_cards(parse_cards(answer if isinstance(answer, str) else [str(c) for c in answer]))


def verdict(key: str, answer) -> Verdict:
    """Judge ``answer`` to exercise ``key`` (``...`` or None: not attempted)."""
    ex = EXERCISES.get(str(key))
    if ex is None:
        raise KeyError(f"no exercise {key!r}: the exercises are {', '.join(EXERCISES)}")
    head = f"{ex.key} {ex.title}"
    if answer is ... or answer is None:
        return Verdict("not attempted", f"{head}: not attempted yet. Replace ... with your answer.")
    if ex.kind == "chance":
        ok, hint = _judge_chance(ex, answer)
    elif ex.kind == "cards":
        ok, hint = _judge_cards(ex, answer)
    else:
        ok, hint = _judge_number(ex, answer)
    if ok:
        return Verdict("correct", f"✓ {head}: {_show(ex, answer)}")
    return Verdict("wrong", f"✗ {head}: not yet. Hint: {hint}")


def check(key: str, answer) -> None:
    """Print ✓ or a hint for the reader's answer to exercise ``key``; never raises on an answer."""
    print(verdict(key, answer).message)


def _x(key, title, kind, expected, hint, **where) -> Exercise:
    return Exercise(key, title, kind, expected, hint[0].upper() + hint[1:], **where)


_MINE = "JK JD AH 9H 7C AS KS"
_FOSTER_MINE = "JK AH KH 9S TC"
EXERCISES = {ex.key: ex for ex in [
    _x("9.1", "Holding the Joker (Foster's Railroad)", "chance", Fraction(1, 5),
       "each of the 25 cards is equally likely to be among your 5: count the hands with the Joker, "
       "C(24, 4), over all hands, C(25, 5).", rules="hoyle_railroad", event="holds_joker"),
    _x("9.2", "Holding the Joker (modern, 33 cards)", "chance", Fraction(7, 33),
       "your hand is 7 of the 33 cards: C(32, 6) / C(33, 7).", rules="modern_railroad", event="holds_joker"),
    _x("9.3", "The Joker turned up (Foster's Railroad)", "chance", Fraction(1, 25),
       "the turn-up is one card, and each of the 25 is as likely as any other.",
       rules="hoyle_railroad", event="upcard_is_joker"),
    _x("9.4", "A no-trump hand: the Joker turned up (modern)", "chance", Fraction(1, 33),
       "the turn-up is one of 33 equally likely cards.", rules="modern_railroad", event="upcard_is_joker"),
    _x("9.5", "The Joker with the dealer, in hand or turned up (Foster)", "chance", Fraction(6, 25),
       "the dealer's 5 cards and the turn-up are 6 of the 25 cards, each equally likely to be the Joker.",
       rules="hoyle_railroad", event="dealer(holds_joker) | upcard_is_joker"),
    _x("9.6", "A pat Jamboree (Foster, with the agreements)", "chance", Fraction(2, 26565),
       "a pat Jamboree is a 5-card hand that is exactly Joker, right, left, ace, king of one suit: "
       "how many such hands are there, out of C(25, 5)?", rules="hoyle_railroad_full", event="jamboree_in_any_suit"),
    _x("9.7", "Three or more trumps (standard, hearts)", "chance", Fraction(32, 253),
       "hearts trumps are the six hearts and the jack of diamonds (7 cards); add C(7, j) C(17, 5 - j) "
       "for j = 3, 4, 5 and divide by C(24, 5).", rules="standard", event='trumps_at_least(3, "hearts")'),
    _x("9.8", "Three or more trumps (modern, hearts)", "chance", Fraction(949, 2697),
       "hearts trumps in the 33-card pack: eight hearts, the jack of diamonds and the Joker (10 cards); "
       "sum C(10, j) C(23, 7 - j) for j = 3 to 7 over C(33, 7).", rules="modern_railroad",
       event='trumps_at_least(3, "hearts")'),
    _x("9.9", "No trumps at all (Hoyle's 32-card game, hearts)", "chance", Fraction(4807, 28768),
       "with hearts trump, 9 of the 32 cards are trumps (the left bower too): all 5 cards from the other 23.",
       rules="hoyle_ordinary", event='no_trumps("hearts")'),
    _x("9.10", "Both bowers (standard, hearts)", "chance", Fraction(5, 138),
       "fix JH and JD in the hand; the other 3 cards come from the remaining 22.", rules="standard",
       event='both_bowers("hearts")'),
    _x("9.11", "Both bowers (modern, hearts)", "chance", Fraction(7, 176),
       "fix both jacks; the other 5 of your 7 cards come from the remaining 31.", rules="modern_railroad",
       event='both_bowers("hearts")'),
    _x("9.12", "Does my partner hold the right bower? (modern)", "chance", Fraction(7, 25),
       "you have seen 8 cards (your 7 and the upcard); JH is one of the 25 you have not seen, and your "
       "partner holds 7 of those 25.", rules="modern_railroad", event='right_bower("hearts")',
       known=_MINE + " TH"),
    _x("9.13", "Two or more trumps with my partner (modern)", "chance", Fraction(551, 1265),
       "count the hearts trumps you cannot see (JH KH QH 8H 7H: 5 of the 25 unseen cards); take the "
       "chance of 0 or 1 of them from 1.", rules="modern_railroad", event='trumps_at_least(2, "hearts")',
       known=_MINE + " TH"),
    _x("9.14", "My partner holds no trump (Foster)", "chance", Fraction(1001, 3876),
       "hearts trumps you cannot see: JH JD QH TH (4 of the 19 unseen cards); all 5 of partner's cards "
       "must come from the other 15.", rules="hoyle_railroad", event='no_trumps("hearts")',
       known=_FOSTER_MINE + " 9H"),
    _x("9.15", "Holding the Joker (Seven-Handed Euchre)", "chance", Fraction(7, 53),
       "53 cards, 7 in your hand.", rules="hoyle_seven_handed", event="holds_joker"),
    _x("9.16", "Seven cards, two Jamborees", "cards", None,
       "two Jamborees share the Joker and, in suits of one colour, both jacks: the right bower of one "
       "suit is the left bower of the other.", rules="modern_railroad", accept="two_jamborees"),
    _x("9.17", "How many hands hold two Jamborees? (modern)", "number", 2,
       "a hand with two Jamborees is 7 cards, all fixed once you choose the two suits: which pairs of "
       "suits can share the Joker and both bowers?", rules="modern_railroad"),
    _x("9.18", "The chance of two Jamborees at once (modern)", "chance", Fraction(1, 2136024),
       "how many 7-card hands hold two Jamborees (one per colour)? Divide by C(33, 7) = 4,272,048.",
       rules="modern_railroad", event="two_jamborees"),
    _x("9.19", "A Jamboree in some suit (modern)", "chance", Fraction(755, 2136024),
       "one suit: C(28, 2) hands. Four suits: 4 C(28, 2), but a hand with two Jamborees is then counted "
       "twice: subtract those.", rules="modern_railroad", event="jamboree_in_any_suit"),
]}

__all__ = ["Exercise", "Verdict", "EXERCISES", "verdict", "check", "REL_TOL"]

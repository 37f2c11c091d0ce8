"""Constrained deals: deal until a condition holds; and the curated teaching deals.

>>> from euchre_lessons.constrained import deal_where
>>> from euchre_lessons.events import seat, both_bowers, upcard_is_joker
>>> d = deal_where("modern_railroad", seat(0, both_bowers("hearts")), seed=7)
>>> d.hand(0)                                        # holds JH and JD

``deal_where(rules, predicate, seed=, max_tries=)`` shuffles and deals (``deals.deal``, one
``random.Random(seed)`` for the whole search, so a seed always gives the same deal) until the
predicate holds. The predicate is a deal event in the game's words (``seat(2, holds_joker)``,
``upcard_is_joker``, ``any_seat(jamboree("hearts"))``), a hand event with ``seat=``, or any
function of a ``Deal``. Running out of tries raises ``ConstraintError`` naming the predicate,
the tries and the seed, with the predicate's exact chance per deal when it has one.

Curated deals live in ``data/deals/*.toml``: each names its rule set, gives the deal in the
one-line notation, says what it is meant to show, and lists facts that ``tests`` check::

    title = "Two Jamborees in one hand"
    shows = "..."
    deal = "modern_railroad | dealer 0 | ... | up 9C | rest ..."
    [[facts]]                      # an event and whether it holds for this deal
    event = 'seat(1, two_jamborees)'
    holds = true
    [[chances]]                    # an exact chance, from what some seat sees
    seat = 0                       # the known cards: that seat's hand and the upcard
    event = 'right_bower("hearts")'
    exact = "7/25"
"""
from __future__ import annotations

import random
import tomllib
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

from . import rules as _rules
from .deals import Deal, deal
from .errors import ConstraintError, NotationError
from .probability.events import Event, parse, seat as _seat

_HERE = Path(__file__).resolve().parent
DEALS_DIRS = (_HERE / "data" / "deals", _HERE.parent / "data" / "deals")


def _predicate(predicate, seat: int | None):
    """(a test of a Deal, its name) from an event or a function."""
    if isinstance(predicate, Event):
        if predicate.scope == "hand":
            if seat is None:
                raise TypeError(f"'{predicate.name}' is about one hand: say whose, with seat= "
                                f"or seat(0, {predicate.code})")
            predicate = _seat(seat, predicate)
        elif seat is not None:
            raise TypeError(f"seat={seat} is given, but '{predicate.name}' is already about the whole deal")
        return predicate.test_deal, predicate.name
    if callable(predicate):
        return predicate, getattr(predicate, "__name__", repr(predicate))
    raise TypeError(f"{predicate!r} is not a predicate: give an event (seat(0, holds_joker)) or a function of a Deal")


def deal_where(rules, predicate, seed=None, max_tries: int = 100_000, dealer: int = 0,
               seat: int | None = None) -> Deal:
    """The first random deal (from ``seed``) for which ``predicate`` holds.

    ``predicate``: a deal event, a hand event with ``seat=``, or a function ``Deal -> bool``.
    Raises ``ConstraintError`` after ``max_tries`` deals without it.
    """
    rs = _rules.load(rules)
    test, name = _predicate(predicate, seat)
    if isinstance(max_tries, bool) or not isinstance(max_tries, int) or max_tries < 1:
        raise ConstraintError(f"max_tries={max_tries!r}: give a whole number of tries, 1 or more")
    rng = random.Random(seed)
    for _ in range(max_tries):
        d = deal(rs, rng=rng, dealer=dealer)
        if test(d):
            return d
    raise ConstraintError(f"no deal of {rs.name} in {max_tries:,} tries had '{name}' (seed {seed!r})."
                          + _chance_note(rs, predicate, seat, max_tries))


def _chance_note(rs, predicate, seat, tries: int) -> str:
    """What the exact chance says about the failure, when it can be counted."""
    if not isinstance(predicate, Event):
        return " Raise max_tries or loosen the predicate."
    from .probability import exact
    from .probability.counting import NotExactError

    try:
        p = exact(rs, predicate if predicate.scope == "deal" else _seat(seat, predicate))
    except NotExactError:
        return " Raise max_tries or loosen the predicate."
    if p == 0:
        return " No deal can have it: its exact chance is 0."
    return (f" Its exact chance per deal is {p.numerator}/{p.denominator} (about 1 in {p.one_in:,.0f}),"
            f" so about {p.one_in:,.0f} tries are needed on average: raise max_tries or loosen the predicate.")


# ---- curated deals ---------------------------------------------------------------------------

@dataclass(frozen=True)
class Fact:
    """An event and whether it holds for a curated deal."""

    event: Event
    holds: bool

    def check(self, d: Deal) -> bool:
        return self.event.test_deal(d) == self.holds


@dataclass(frozen=True)
class Chance:
    """An exact chance of a hand event, as seen by one seat (its hand and the upcard known)."""

    seat: int
    event: Event
    exact: Fraction

    def known(self, d: Deal) -> list:
        return list(d.hand(self.seat)) + ([d.upcard] if d.upcard is not None else [])


@dataclass(frozen=True)
class TeachingDeal:
    """A curated deal: its name (the file's stem), title, what it shows, the deal, its facts."""

    name: str
    title: str
    shows: str
    deal: Deal
    facts: tuple
    chances: tuple

    def _repr_html_(self) -> str:
        return f"<h4>{self.title}</h4><p>{self.shows}</p>" + self.deal._repr_html_()

    def __str__(self) -> str:
        return f"{self.title}: {self.deal}"


def _folder() -> Path:
    for folder in DEALS_DIRS:
        if folder.is_dir():
            return folder
    raise FileNotFoundError("no data/deals folder found beside the package")


def teaching_deal_names() -> list[str]:
    """The curated deals' names, sorted."""
    return sorted(p.stem for p in _folder().glob("*.toml"))


def load_teaching_deal(path_or_name) -> TeachingDeal:
    """Read one curated deal file (a path, or a name in ``data/deals``), checking every field."""
    path = Path(path_or_name)
    if not path.suffix:
        path = _folder() / f"{path_or_name}.toml"
    with open(path, "rb") as f:
        data = tomllib.load(f)
    where = path.name
    try:
        d = Deal.parse(data["deal"])
        facts = tuple(Fact(parse(f["event"]), bool(f["holds"])) for f in data.get("facts", ()))
        chances = tuple(Chance(int(c["seat"]), parse(c["event"]), Fraction(c["exact"]))
                        for c in data.get("chances", ()))
        result = TeachingDeal(path.stem, data["title"], data["shows"], d, facts, chances)
    except KeyError as err:
        raise NotationError(f"{where}: missing key {err.args[0]!r} (need title, shows, deal; facts have "
                            "event and holds; chances have seat, event and exact)") from None
    except NotationError as err:
        raise NotationError(f"{where}: {err}") from None
    if not facts:
        raise NotationError(f"{where}: a curated deal needs at least one [[facts]] entry")
    for fact in facts:
        if fact.event.scope != "deal":
            raise NotationError(f"{where}: the fact {fact.event.code!r} is about one hand: say whose, "
                                f"e.g. seat(0, {fact.event.code})")
    for chance in chances:
        if chance.event.scope != "hand":
            raise NotationError(f"{where}: the chance of {chance.event.code!r} must be about one hand")
    return result


def teaching_deals() -> list[TeachingDeal]:
    """Every curated deal of ``data/deals``."""
    return [load_teaching_deal(name) for name in teaching_deal_names()]


__all__ = ["deal_where", "TeachingDeal", "Fact", "Chance", "teaching_deals", "teaching_deal_names",
           "load_teaching_deal"]

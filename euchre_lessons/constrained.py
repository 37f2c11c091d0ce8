"""Constrained deals: deal until a condition holds; and the curated teaching deals.

>>> from euchre_lessons.constrained import deal_where
>>> from euchre_lessons.events import seat, both_bowers
>>> d = deal_where("modern_railroad", seat(0, both_bowers("hearts")), seed=7)
>>> d.hand(0)                                        # holds JH and JD
(Card('8C'), Card('JD'), Card('KD'), Card('8H'), Card('JH'), Card('7S'), Card('TS'))

``deal_where(rules, predicate, seed=, max_tries=)`` shuffles and deals (``deals.deal``, one
``random.Random(seed)`` for the whole search, so a seed always gives the same deal) until the
predicate holds. The predicate is a deal event in the game's words (``seat(2, holds_joker)``,
``upcard_is_joker``, ``any_seat(jamboree("hearts"))``), a hand event with ``seat=``, or any
function of a ``Deal``. A predicate that no deal can meet is refused at once with
``ConstraintError`` saying why (``impossibility``: a card required in two places, more required
cards than a hand holds, a card not in the pack); running out of tries on one that is possible
but rare raises it naming the predicate, the tries and the seed, with the predicate's exact
chance per deal when it has one.

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

import os
import random
import tomllib
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

from . import rules as _rules
from .cards import Card, cards_of, format_cards
from .deals import Deal, deal
from .errors import ConstraintError, DealError, NotationError, NotExactError
from .probability import exact
from .probability.event import seat_of
from .probability.events import Event, parse
from .probability.events import seat as _seat

_HERE = Path(__file__).resolve().parent
DEALS_DIRS = (_HERE / "data" / "deals", _HERE.parent / "data" / "deals")


def _predicate(predicate: Event | Callable[[Deal], bool],
               seat: int | None) -> tuple[Callable[[Deal], bool], str, Event | None]:
    """(a test of a Deal, its name, the deal event or None) from an event or a function."""
    if isinstance(predicate, Event):
        if predicate.scope == "hand":
            if seat is None:
                raise ConstraintError(f"'{predicate.name}' is about one hand: say whose, with seat= "
                                      f"or seat(0, {predicate.code})")
            predicate = _seat(seat, predicate)
        elif seat is not None:
            raise ConstraintError(f"seat={seat} is given, but '{predicate.name}' is already about the whole deal")
        return predicate.test_deal, predicate.name, predicate
    if callable(predicate):
        return predicate, getattr(predicate, "__name__", repr(predicate)), None
    raise ConstraintError(f"{predicate!r} is not a predicate: give an event (seat(0, holds_joker)) "
                          "or a function of a Deal")


def deal_where(rules: _rules.RuleSet | str, predicate: Event | Callable[[Deal], bool], seed: int | str | None = None,
               max_tries: int = 100_000, dealer: int = 0, seat: int | None = None) -> Deal:
    """The first random deal (from ``seed``) for which ``predicate`` holds.

    ``predicate``: a deal event, a hand event with ``seat=``, or a function ``Deal -> bool``.
    A predicate that no deal can meet (a card required in two places, more required cards
    than a hand holds, a card not in the pack) raises ``ConstraintError`` at once, saying why;
    one that is possible but rare raises it after ``max_tries`` deals without it.
    """
    rs = _rules.load(rules)
    test, name, event = _predicate(predicate, seat)
    if isinstance(max_tries, bool) or not isinstance(max_tries, int) or max_tries < 1:
        raise ConstraintError(f"max_tries={max_tries!r}: give a whole number of tries, 1 or more")
    if dealer.__class__ is not int or not 0 <= dealer < rs.players:
        raise DealError(f"dealer {dealer!r} is not a seat: seats are 0 to {rs.players - 1}")
    why = impossibility(rs, event, dealer) if event is not None else None
    if why:
        raise ConstraintError(f"no deal of {rs.name} can have '{name}': it is impossible (its chance is 0), "
                              f"because {why}. No number of tries would find one: change the predicate.")
    rng = random.Random(seed)
    for _ in range(max_tries):
        d = deal(rs, rng=rng, dealer=dealer)
        if test(d):
            return d
    raise ConstraintError(f"no deal of {rs.name} in {max_tries:,} tries had '{name}' (seed {seed!r})."
                          + _chance_note(rs, event, max_tries))


def _chance_note(rs: _rules.RuleSet, event: Event | None, tries: int) -> str:
    """What the exact chance says about the failure, when it can be counted."""
    if event is None:
        return " Raise max_tries or loosen the predicate."

    try:
        p = exact(rs, event)
    except NotExactError:
        return " Raise max_tries or loosen the predicate."
    if p == 0:
        return " No deal can have it: its exact chance is 0."
    return (f" Its exact chance per deal is {p.numerator}/{p.denominator} (about 1 in {p.one_in:,.0f}),"
            f" so about {p.one_in:,.0f} tries are needed on average: raise max_tries or loosen the predicate.")


# ---- what no deal can have ------------------------------------------------------------------

UP = "up"   # the place of the turn-up, beside the seats 0, 1, 2 ...


def impossibility(rules: _rules.RuleSet | str, predicate: object, dealer: int = 0) -> str | None:
    """Why no deal of ``rules`` can meet the deal event ``predicate``, when its structure proves
    it; else ``None`` (possible, or not provably impossible).

    The proof reads the event's count leaves (a seat holds ``lo`` to ``hi`` of a set of cards)
    and turn-up tests, as they are joined by ``&``: a card that must lie in two places, more
    cards required of a place than it holds, cards required that are not in the pack, a count
    that its own place cannot reach. An ``|`` is impossible when each of its alternatives is,
    together with the rest; ``~`` is read for single counts and seat tests. Anything else (a
    function of the cards) is taken to be possible."""
    rs = _rules.load(rules)
    if not isinstance(predicate, Event) or predicate.scope != "deal":
        return None
    return _why_never(rs, predicate, _Layout(rs, dealer), depth=0)


def _conjuncts(e: Event) -> Iterator[Event]:
    if e.kind == "and":
        for a in e.args:
            yield from _conjuncts(a)
    else:
        yield e


def _why_never(rs: _rules.RuleSet, e: Event, layout: _Layout, depth: int) -> str | None:
    """A reason why ``e`` cannot hold together with ``layout``'s demands (``layout`` is copied)."""
    layout = layout.copy()
    deferred: list = []
    for part in _conjuncts(e):
        why = layout.add_deal(part, deferred)
        if why:
            return why
    return _settled(layout, layout.conflict(), deferred, depth)


class _Layout:
    """What a conjunction of deal events demands: for each place (a seat, or ``UP``) and set of
    cards (a bit mask), the range of how many of them the place holds, and the events asking."""

    def __init__(self, rs: _rules.RuleSet, dealer: int) -> None:
        self.rs, self.dealer = rs, dealer
        self.ranges: dict = {}          # (place, mask) -> [lo, hi, names]

    def copy(self) -> _Layout:
        other = _Layout(self.rs, self.dealer)
        other.ranges = {k: [lo, hi, list(names)] for k, (lo, hi, names) in self.ranges.items()}
        return other

    def size(self, place: int | str) -> int:
        return 1 if place == UP else self.rs.hand_size

    def demand(self, place: int | str, mask: int, lo: int, hi: int, name: str) -> None:
        entry = self.ranges.setdefault((place, mask), [0, 53, []])
        entry[0], entry[1] = max(entry[0], lo), min(entry[1], hi)
        entry[2].append(name)

    # -- reading events ------------------------------------------------------------------------
    def add_deal(self, e: Event, deferred: list) -> str | None:
        kind, rs = e.kind, self.rs
        if kind == "const":
            return None if e.args[0] else f"'{e.name}' never holds"
        if kind == "seat":
            return self.add_hand(seat_of(e.args[0], self.dealer, rs.players), e.args[1], deferred)
        if kind == "upcard":
            if rs.bidding != "turn_up":
                return f"{rs.name} turns no card up, so '{e.name}' never holds"
            self.demand(UP, e.args[0], 1, 1, e.name)
            return None
        if kind == "not":
            inner = e.args[0]
            if inner.kind == "seat":
                return self.add_hand(seat_of(inner.args[0], self.dealer, rs.players), ~inner.args[1], deferred)
            if inner.kind == "upcard" and rs.bidding == "turn_up":
                self.demand(UP, inner.args[0], 0, 0, e.name)
            return None
        if kind == "or":
            deferred.append(lambda layout, depth: _every_way_fails(
                f"none of the alternatives of '{e.name}' can hold",
                [_why_never(rs, alt, layout, depth) for alt in e.args]))
        elif kind == "any_seat":
            hand = e.args[0]
            deferred.append(lambda layout, depth: _every_way_fails(
                f"no seat can have '{hand.name}'",
                [_hand_never(layout, s, hand, depth) for s in range(rs.players)]))
        return None  # deal functions: nothing to prove

    def add_hand(self, seat: int, e: Event, deferred: list) -> str | None:
        """Demands of the hand event ``e`` held by ``seat``."""
        for part in _conjuncts(e):
            kind = part.kind
            if kind == "const" and not part.args[0]:
                return f"'{part.name}' never holds"
            if kind == "count":
                _, _, lo, hi = part.args
                self.demand(seat, part.mask(self.rs), lo, hi, f"seat {seat} {part.name}")
            elif kind == "not" and part.args[0].kind == "count":
                why = self.add_complement(seat, part.args[0], part.name)
                if why:
                    return why
            elif kind == "or":
                deferred.append(lambda layout, depth, part=part: _every_way_fails(
                    f"seat {seat} can have none of the alternatives of '{part.name}'",
                    [_hand_never(layout, seat, alt, depth) for alt in part.args]))
        return None

    def add_complement(self, seat: int, leaf: Event, name: str) -> str | None:
        """``seat`` does not hold ``lo`` to ``hi`` of the leaf's cards: a range when it is one."""
        mask = leaf.mask(self.rs)
        cap = min((mask & self.rs.pack_mask).bit_count(), self.size(seat))
        lo, hi = max(leaf.args[2], 0), min(leaf.args[3], cap)
        if lo > hi:
            return None                  # the leaf never holds, so its negation always does
        if lo == 0 and hi == cap:
            return f"'{name}' never holds: every hand holds 0 to {cap} of those cards"
        if lo == 0:
            self.demand(seat, mask, hi + 1, cap, f"seat {seat} {name}")
        elif hi == cap:
            self.demand(seat, mask, 0, lo - 1, f"seat {seat} {name}")
        return None

    # -- the proof -----------------------------------------------------------------------------
    def conflict(self) -> str | None:
        rs = self.rs
        pack, pack_size = rs.pack_mask, rs.pack_mask.bit_count()
        forced: dict = {}                 # place -> the cards that must lie there
        owner: dict = {}                  # card bit -> (place, event name)
        for (place, mask), (lo, hi, names) in self.ranges.items():
            where, name = _place(place), names[-1]
            avail = mask & pack
            if lo > hi:
                return (f"{where} cannot hold at least {lo} and at most {hi} of the same cards "
                        f"({' and '.join(repr(n) for n in names)})")
            if lo > avail.bit_count():
                missing = mask & ~pack
                if missing and mask.bit_count() <= 8:
                    return (f"'{name}' needs {format_cards(cards_of(mask))}, but "
                            f"{format_cards(cards_of(missing))} "
                            f"{'is' if missing.bit_count() == 1 else 'are'} not in the {pack_size}-card pack "
                            f"of {rs.name}")
                return (f"'{name}' needs {lo} of its cards, but the {pack_size}-card pack of {rs.name} "
                        f"has only {avail.bit_count()}")
            if lo > self.size(place):
                return f"{where} holds {self.size(place)} cards, but '{name}' needs at least {lo}"
            if lo and lo == avail.bit_count():
                forced[place] = forced.get(place, 0) | avail
                for bit in _bits(avail):
                    if bit in owner and owner[bit][0] != place:
                        other, other_name = owner[bit]
                        card = cards_of(bit)[0]
                        return f"{card} would have to be in two places: '{other_name}' and '{name}'"
                    owner.setdefault(bit, (place, name))
        for place, cards in forced.items():
            if place == UP and cards.bit_count() > 1:
                return f"the turn-up is one card, but would have to be {' and '.join(map(str, cards_of(cards)))}"
            if cards.bit_count() > self.size(place):
                return (f"{_place(place)} would have to hold {cards.bit_count()} given cards "
                        f"({format_cards(cards_of(cards))}), but holds {self.size(place)}")
        for (place, mask), (lo, hi, names) in self.ranges.items():
            here = forced.get(place, 0) & mask
            if here.bit_count() > hi:
                return (f"{_place(place)} must hold {format_cards(cards_of(here))}, but '{names[-1]}' "
                        f"allows at most {hi} of them")
            elsewhere = mask & pack & _union(c for p, c in forced.items() if p != place)
            if lo > (mask & pack & ~elsewhere).bit_count():
                return (f"'{names[-1]}' needs {lo} of its cards, but {format_cards(cards_of(elsewhere))} "
                        "must lie elsewhere")
        for place in {p for p, _ in self.ranges}:
            total, used = forced.get(place, 0).bit_count(), forced.get(place, 0)
            asking = []
            for (p, mask), (lo, _, names) in sorted(self.ranges.items(), key=lambda kv: -kv[1][0]):
                if p == place and lo and not mask & pack & used:
                    total, used = total + lo, used | (mask & pack)
                    asking.append(names[-1])
            if total > self.size(place):
                return (f"{_place(place)} holds {self.size(place)} cards, but "
                        f"{' and '.join(repr(n) for n in asking) or 'the given cards'} need at least {total} "
                        "different ones")
        return None


def _hand_never(layout: _Layout, seat: int, e: Event, depth: int) -> str | None:
    """Why ``seat`` cannot hold ``e`` together with ``layout``'s demands."""
    trial = layout.copy()
    deferred: list = []
    return _settled(trial, trial.add_hand(seat, e, deferred) or trial.conflict(), deferred, depth)


def _settled(layout: _Layout, why: str | None, deferred: list, depth: int) -> str | None:
    """``why`` if the layout already fails, else the first reason a deferred check finds (up to
    three alternatives deep)."""
    if why or depth >= 3:
        return why
    for check in deferred:
        why = check(layout, depth + 1)
        if why:
            return why
    return None


def _every_way_fails(head: str, reasons: list) -> str | None:
    """A reason when every way has one: the common reason, or ``head`` and each of them."""
    if not reasons or None in reasons:
        return None
    distinct = list(dict.fromkeys(reasons))
    if len(distinct) == 1:
        return distinct[0]
    more = f"; and so on for the other {len(distinct) - 2}" if len(distinct) > 2 else ""
    return f"{head}: " + "; ".join(distinct[:2]) + more


def _place(place: int | str) -> str:
    return "the turn-up" if place == UP else f"seat {place}"


def _bits(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low
        mask ^= low


def _union(masks: Iterable[int]) -> int:
    out = 0
    for m in masks:
        out |= m
    return out


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

    def known(self, d: Deal) -> list[Card]:
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


def load_teaching_deal(path_or_name: str | os.PathLike[str]) -> TeachingDeal:
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


__all__ = ["deal_where", "impossibility", "TeachingDeal", "Fact", "Chance", "teaching_deals", "teaching_deal_names",
           "load_teaching_deal"]

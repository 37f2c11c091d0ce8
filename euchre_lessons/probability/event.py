"""The ``Event`` value behind ``events``: names, code form, combining, testing a hand or a deal.

An event is a small tree. Leaves: ``count`` (how many cards of a set the hand holds lies in a
range), ``function`` (a Python test of a hand's cards), ``seat`` / ``any_seat`` (a hand event
asked of a seat of a deal), ``upcard`` (the turn-up lies in a set of cards), ``deal_function``
and ``const``; inner nodes ``and``, ``or``, ``not``. ``probability.counting`` and
``probability.montecarlo`` read the same tree to count hands and to test arrays of deals.
"""
from __future__ import annotations

from .. import rules as _rules
from ..cards import cards_of, mask_of, parse_cards
from ..deals import Deal
from ..errors import NotationError
from ..frozen import Frozen, fill


class Event(Frozen):
    """A yes/no question about a hand (scope ``"hand"``) or a deal (scope ``"deal"``).

    Build events with the functions of ``events``; combine them with ``&``, ``|`` and ``~``.
    Events are immutable and compare by their code form.
    """

    __slots__ = ("kind", "name", "code", "scope", "args", "_cache")
    kind: str  # count, function, seat, any_seat, upcard, deal_function, const, and, or, not
    name: str
    code: str
    scope: str  # "hand" or "deal"
    args: tuple  # the leaf's data, or an inner node's events
    _cache: dict[tuple, int]  # a count event's mask per (trump order, pack)

    def __init__(self, kind: str, name: str, code: str, scope: str, args: tuple):
        fill(self, kind=kind, name=name, code=code, scope=scope, args=args, _cache={})

    # ---- combining -------------------------------------------------------------------------
    def __and__(self, other: Event) -> Event:
        return _combine("and", self, other)

    def __or__(self, other: Event) -> Event:
        return _combine("or", self, other)

    def __invert__(self) -> Event:
        if self.kind == "not":
            return self.args[0]
        code = "~" + (self.code if self.kind not in ("and", "or") else f"({self.code})")
        return Event("not", _negate(self.name), code, self.scope, (self,))

    def named(self, name: str) -> Event:
        """The same event under another name (the code form is kept)."""
        return Event(self.kind, str(name), self.code, self.scope, self.args)

    # ---- testing ---------------------------------------------------------------------------
    def __call__(self, subject, rules=None) -> bool:
        """Test a hand (cards, text or a bit mask; give ``rules`` for trump-aware events)
        or, for a deal event, a ``Deal``."""
        if isinstance(subject, Deal):
            if self.scope == "hand":
                raise TypeError(f"'{self.name}' is about one hand: say whose, e.g. seat(0, {self.code}), "
                                "or test deal.hand(seat)")
            return self.test_deal(subject)
        if self.scope == "deal":
            raise TypeError(f"'{self.name}' is about a whole deal: test it on a Deal, not on {subject!r}")
        hand = subject if isinstance(subject, int) else mask_of(parse_cards(subject))
        return self.test_hand(hand, rules)

    def test_hand(self, hand: int, rules=None) -> bool:
        """Test a hand given as a bit mask of card ids."""
        kind, args = self.kind, self.args
        if kind == "count":
            lo, hi = args[2], args[3]
            return lo <= (hand & self.mask(rules)).bit_count() <= hi
        if kind == "and":
            return all(a.test_hand(hand, rules) for a in args)
        if kind == "or":
            return any(a.test_hand(hand, rules) for a in args)
        if kind == "not":
            return not args[0].test_hand(hand, rules)
        if kind == "const":
            return args[0]
        if kind == "function":
            return bool(args[0](cards_of(hand)))
        raise TypeError(f"'{self.name}' is about a whole deal, not one hand")

    def test_deal(self, d) -> bool:
        """Test a ``Deal``."""
        kind, args = self.kind, self.args
        if kind == "seat":
            return args[1].test_hand(d.masks[seat_of(args[0], d.dealer, d.players)], d.rules)
        if kind == "any_seat":
            return any(args[0].test_hand(m, d.rules) for m in d.masks)
        if kind == "upcard":
            return d.upcard is not None and bool(d.upcard.bit & args[0])
        if kind == "and":
            return all(a.test_deal(d) for a in args)
        if kind == "or":
            return any(a.test_deal(d) for a in args)
        if kind == "not":
            return not args[0].test_deal(d)
        if kind == "const":
            return args[0]
        if kind == "deal_function":
            return bool(args[0](d))
        raise TypeError(f"'{self.name}' is about one hand: say whose, e.g. seat(0, {self.code})")

    def mask(self, rules) -> int:
        """For a count event: the bit mask of the cards it counts, under ``rules``."""
        if self.kind != "count":
            raise TypeError(f"'{self.name}' does not count one set of cards")
        mask_fn = self.args[1]
        if not callable(mask_fn):
            return mask_fn
        if rules is None:
            raise TypeError(f"'{self.name}' depends on the rules: give rules=, e.g. event(cards, 'standard')")
        rs = _rules.load(rules)
        key = (rs.trump_order, rs.pack_mask)
        if key not in self._cache:
            self._cache[key] = mask_fn(rs)
        return self._cache[key]

    @property
    def needs_function(self) -> bool:
        """True if some part is a Python function (answered by listing hands one at a time)."""
        if self.kind in ("function", "deal_function"):
            return True
        return any(a.needs_function for a in self.args if isinstance(a, Event))

    # ---- display ---------------------------------------------------------------------------
    def __repr__(self) -> str:
        return self.code

    def __str__(self) -> str:
        return self.name

    def __eq__(self, other) -> bool:
        return isinstance(other, Event) and self.code == other.code and self.kind == other.kind

    def __hash__(self) -> int:
        return hash(self.code)

    def _repr_html_(self) -> str:
        return f"<b>event:</b> {self.name} <code>{self.code}</code>"


def _negate(name: str) -> str:
    """``holds the Joker`` -> ``does not hold the Joker``; a fallback ``not (...)``."""
    if " and " in name or " or " in name:
        return f"not ({name})"
    if name.startswith("holds "):
        return "does not hold " + name[6:]
    if name.startswith("some seat "):  # not "some seat does not": no seat does
        return "no seat " + name[len("some seat "):]
    for word, negated in ((" holds ", " does not hold "), (" is ", " is not ")):
        if word in name:
            return name.replace(word, negated, 1)
    return f"not ({name})"


def _combine(kind: str, a: Event, b: Event) -> Event:
    if not isinstance(a, Event) or not isinstance(b, Event):
        raise TypeError(f"events combine only with events, not {b!r}")
    if a.scope != b.scope:
        hand = a if a.scope == "hand" else b
        raise TypeError(f"cannot combine '{hand.name}' (about one hand) with a deal event: "
                        f"say whose hand, e.g. seat(0, {hand.code})")
    parts: list[Event] = []
    for e in (a, b):
        # (a & b) & c is a & b & c, unless the inner event was given a name of its own
        natural = e.kind == kind and e.code == _joined(kind, e.args)[1] and e.name == _joined(kind, e.args)[0]
        parts.extend(e.args if natural else (e,))
    name, code = _joined(kind, parts)
    return Event(kind, name, code, a.scope, tuple(parts))


def _joined(kind: str, parts) -> tuple[str, str]:
    """The natural name and code of ``parts`` joined by and/or."""
    word, sym = (" and ", " & ") if kind == "and" else (" or ", " | ")
    names = [f"({p.name})" if p.kind in ("and", "or") and (" and " in p.name or " or " in p.name) else p.name
             for p in parts]
    codes = [f"({p.code})" if kind == "and" and p.kind == "or" and not p.code.isidentifier() else p.code
             for p in parts]
    return word.join(names), sym.join(codes)


def seat_of(where, dealer: int, players: int) -> int:
    """The seat an event names: a number, or a place relative to the dealer."""
    if isinstance(where, int):
        if where >= players:
            raise NotationError(f"seat {where} is not at a table of {players}: seats are 0 to {players - 1}")
        return where
    if where == "partner" and players not in (4, 6):
        raise NotationError(f"the dealer has no partner at a table of {players}")
    return (dealer + {"dealer": 0, "eldest": 1, "partner": players // 2}[where]) % players


__all__ = ["Event", "seat_of"]

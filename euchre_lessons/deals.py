"""Deals: seeded dealing in the rules' packets, deals built from given cards, one-line notation.

>>> d = deal("standard", seed=7, dealer=0)
>>> Deal.parse(str(d)) == d
True

A deal prints on one line: the rule set, the dealer, each seat's hand from seat 0, the turn-up
and the rest of the pack (the kitty, or the seven-handed widow)::

    standard | dealer 0 | 9C TC JD QH AS / ... / ... / ... | up JH | rest 9S QS AH
"""
from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from struct import Struct
from typing import Any

from . import rules as _rules
from .cards import Card, cards_of, format_cards, mask_of, pack_cards, parse_cards
from .errors import DealError, NotationError
from .frozen import Frozen, fill
from .table import in_turn_from


class Deal(Frozen):
    """The cards of one hand before anyone acts. Build with ``deal`` or ``Deal.from_hands``.

    Immutable and hashable; two deals are equal when the rules, the dealer, every hand, the
    turn-up and the rest of the pack are. Hands are kept as bit masks and shown as sorted cards.
    """

    __slots__ = ("rules", "dealer", "masks", "upcard", "rest_mask", "_hands")
    rules: _rules.RuleSet
    dealer: int
    masks: tuple[int, ...]
    upcard: Card | None
    rest_mask: int
    _hands: tuple[tuple[Card, ...], ...] | None

    def __init__(self, rules: _rules.RuleSet, dealer: int, masks: tuple[int, ...], upcard: Card | None,
                 rest_mask: int) -> None:
        fill(self, rules=rules, dealer=dealer, masks=masks, upcard=upcard, rest_mask=rest_mask, _hands=None)

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """Each seat's cards from seat 0, sorted."""
        hands = self._hands
        if hands is None:
            hands = tuple(cards_of(m) for m in self.masks)
            fill(self, _hands=hands)  # made once, on first reading
        return hands

    @property
    def rest(self) -> tuple[Card, ...]:
        """The undealt cards under the turn-up (the kitty), or the seven-handed widow, sorted."""
        return cards_of(self.rest_mask)

    def _key(self) -> tuple[_rules.RuleSet, int, tuple[int, ...], Card | None, int]:
        return (self.rules, self.dealer, self.masks, self.upcard, self.rest_mask)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Deal) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash((self.dealer, self.masks, self.upcard, self.rest_mask))

    def __reduce__(self) -> tuple[Callable[[str, _rules.RuleSet], Deal], tuple[str, _rules.RuleSet]]:
        return (Deal.parse, (str(self), self.rules))

    @classmethod
    def from_hands(cls, rules: _rules.RuleSet | str, hands: Sequence[str | list | tuple], upcard: Card | str | None = None,
                   dealer: int = 0, rest: str | list | tuple | None = None) -> Deal:
        """A deal from given cards, checked: every hand the right size, no card twice, all in the pack.

        ``hands`` is one entry per seat from seat 0: text (``"JH JD AH KH QH"``) or cards.
        ``rest`` defaults to the cards of the pack that nobody holds, in pack order.
        """
        rs = _rules.load(rules)
        if not isinstance(dealer, int) or not 0 <= dealer < rs.players:
            raise DealError(f"dealer {dealer!r} is not a seat: seats are 0 to {rs.players - 1}")
        if isinstance(hands, (str, bytes)) or not hasattr(hands, "__len__"):
            raise DealError(f"hands {hands!r:.40}: give one hand per seat, a list such as "
                            f"['JH JD AH KH QH', ...] ({rs.players} of them for {rs.name})")
        if len(hands) != rs.players:
            raise DealError(f"{rs.name} deals {rs.players} hands, but {len(hands)} were given")
        parsed = tuple(tuple(sorted(parse_cards(h))) for h in hands)
        pack = set(rs.cards)
        seen: dict = {}
        problems = []

        def check(card: Card, where: str) -> None:
            if card not in pack:
                problems.append(f"{card} ({where}) is not in the {len(pack)}-card pack of {rs.name}")
            elif card in seen:
                twice = f"twice in {where}" if seen[card] == where else f"twice: {seen[card]} and {where}"
                problems.append(f"{card} is dealt {twice}")
            else:
                seen[card] = where

        for seat, hand in enumerate(parsed):
            if len(hand) != rs.hand_size:
                problems.append(f"seat {seat} holds {len(hand)} cards ({format_cards(hand)}); {rs.name} deals {rs.hand_size}")
            for card in hand:
                check(card, f"seat {seat}")
        turn_up = rs.bidding == "turn_up"
        if upcard is not None:
            upcard = Card.parse(upcard)
            if not turn_up:
                problems.append(f"{rs.name} turns no card up, but upcard {upcard} was given")
            check(upcard, "the turn-up")
        elif turn_up:
            problems.append(f"{rs.name} turns up a card: give upcard=")
        if rest is None:
            rest = tuple(c for c in rs.cards if c not in seen)
        else:
            rest = parse_cards(rest)
            for card in rest:
                check(card, "the rest of the pack")
            missing = [c for c in rs.cards if c not in seen]
            if missing:
                problems.append(f"cards missing from the deal: {format_cards(missing)}")
        if problems:
            raise DealError("not a valid deal: " + "; ".join(problems))
        return cls(rs, dealer, tuple(mask_of(h) for h in parsed), upcard, mask_of(rest))

    @classmethod
    def parse(cls, text: str, rules: _rules.RuleSet | str | None = None) -> Deal:
        """Read a deal's one-line notation; ``rules`` overrides the rule set named in the text."""
        parts = [p.strip() for p in str(text).split("|")]
        try:
            name, dealer_part, hands_part, up_part, rest_part = parts
            word, dealer_text = dealer_part.split()
            if word != "dealer" or not up_part.startswith("up") or not rest_part.startswith("rest"):
                raise ValueError
            hands = [h.strip() for h in hands_part.split("/")]
            up = up_part[2:].strip()
            rest = rest_part[4:].strip()
            dealer = int(dealer_text)
        except ValueError:
            raise NotationError(
                f"{text!r} is not a deal: write 'RULES | dealer N | HAND / HAND / ... | up CARD | rest CARDS' "
                "(up - when no card is turned)") from None
        rs = _rules.load(rules if rules is not None else name)
        return cls.from_hands(rs, hands, upcard=None if up in ("", "-") else up, dealer=dealer, rest=rest)

    @property
    def players(self) -> int:
        return len(self.hands)

    def hand(self, seat: int) -> tuple[Card, ...]:
        return self.hands[seat]

    def __str__(self) -> str:
        hands = " / ".join(format_cards(h) for h in self.hands)
        up = str(self.upcard) if self.upcard is not None else "-"
        return f"{self.rules.name} | dealer {self.dealer} | {hands} | up {up} | rest {format_cards(self.rest)}"

    def __repr__(self) -> str:
        return f"Deal.parse({str(self)!r})"

    def _repr_html_(self) -> str:
        from .render import deal_html  # deferred: circle (render loads deals through hand.state)

        return deal_html(self)


class _DealMade(Deal):
    """How ``deal`` makes a ``Deal`` at speed: plain stores, then the class is ``Deal``."""

    __slots__ = ()
    __init__, __setattr__, __delattr__ = object.__init__, object.__setattr__, object.__delattr__  # type: ignore[assignment]


def deal(rules: _rules.RuleSet | str, seed: int | str | None = None, dealer: int = 0,
         rng: random.Random | None = None) -> Deal:
    """Shuffle and deal one hand in the rules' packets, clockwise from the dealer's left.

    ``seed`` (any int or str) makes the deal repeatable; pass ``rng`` to draw from your own
    ``random.Random``. The global random state is never touched. The pack is shuffled by
    sorting it on random keys, one per card: 64 bits drawn by ``rng.getrandbits``, of which
    the top 44 are kept, with the card's place in the pack below them, as a float (floats sort
    fast). Two keys tie in their top 44 bits, and pack order decides, about once in 10^11 deals.
    """
    rs = rules if rules.__class__ is _rules.RuleSet else _rules.load(rules)
    dealers = rs.derived("dealers", _dealers)
    if dealer.__class__ is not int or not 0 <= dealer < len(dealers):
        raise DealError(f"dealer {dealer!r} is not a seat: seats are 0 to {len(dealers) - 1}")
    return dealers[dealer](rs, rng if rng is not None else random.Random(seed))


KEY_BITS = 44  # of each card's 64-bit draw, the top bits that order the shuffle


def deal_plainly(rules: _rules.RuleSet | str, seed: int | str | None = None, dealer: int = 0,
                 rng: random.Random | None = None) -> Deal:
    """``deal`` written the plain way: the same draw from ``rng``, the same deal.

    Each card of the pack, in pack order, gets the next 64 bits of one ``getrandbits`` call;
    the pack is sorted on the top ``KEY_BITS`` of them (a card's place in the pack breaks a
    tie), and the sorted pack goes out in the rules' packets (``positions``). ``deal`` does the
    same in generated straight-line code, several times faster (``bench/deals.py``); the tests
    hold the two equal for every preset and dealer."""
    rs = _rules.load(rules)
    rng = rng if rng is not None else random.Random(seed)
    pack = pack_cards(rs.pack, rs.joker and rs.kitty != "four_no_joker")
    _, where = positions(rs, dealer)
    draw = rng.getrandbits(64 * len(pack))
    keys = [(draw >> (64 * place + 64 - KEY_BITS)) & ((1 << KEY_BITS) - 1) for place in range(len(pack))]
    shuffled = sorted(range(len(pack)), key=lambda place: (keys[place], place))
    hands: list[list[Card]] = [[] for _ in range(rs.players)]
    upcard, rest = None, []
    for position, place in enumerate(shuffled):
        goes = where[position]
        if goes < rs.players:
            hands[goes].append(pack[place])
        elif goes == rs.players:
            upcard = pack[place]
        else:
            rest.append(pack[place])
    return Deal.from_hands(rs, hands, upcard=upcard, dealer=dealer, rest=rest)


def _dealers(rs: _rules.RuleSet) -> tuple[Callable[[_rules.RuleSet, random.Random], Deal], ...]:
    bits = positions(rs, 0)[0]
    pairs = tuple(tuple(a | b for b in bits) for a in bits)  # the bits of every two places
    return tuple(_dealer(rs, dealer, pairs) for dealer in range(rs.players))


def positions(rs: _rules.RuleSet, dealer: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Each card's bit in pack order, and where each position of a shuffled pack goes: a seat
    (packets clockwise from the dealer's left), then the turn-up (``players``), then the rest
    (``players + 1``)."""
    n = rs.players
    joker = rs.joker and rs.kitty != "four_no_joker"
    bits = tuple(c.bit for c in pack_cards(rs.pack, joker))
    where = []
    for size in rs.deal_packets:
        for seat in in_turn_from(dealer + 1, n):
            where += [seat] * size
    if rs.bidding == "turn_up":
        where.append(n)
    return bits, tuple(where + [n + 1] * (len(bits) - len(where)))


def _dealer(rs: _rules.RuleSet, dealer: int, pairs: tuple[tuple[int, ...], ...]
            ) -> Callable[[_rules.RuleSet, random.Random], Deal]:
    """For a rule set and dealer, ``deal(rules, rng)``: the ``Deal`` of one shuffle, written out
    as straight-line code, as a deal is made for every hand played. The pack's keys are drawn
    64 bits per card; two masks over one 64-bit lane per card keep the draw's top 44 bits and set
    the bits of the float 1.0 with the card's place in the lowest byte, so a lane becomes a float
    in [1, 2) that sorts as those bits do (a ``Struct`` reads and writes the lanes as floats).
    The sorted keys' lowest bytes are the places in pack order of the shuffled pack, whose
    positions go in packets clockwise from the dealer's left (``positions``). Why generated:
    a deal is made for every hand simulated, and this is 11-14 times as fast as the plain way,
    ``deal_plainly``, which the tests hold equal to it (``bench/deals.py`` prints both)."""
    n = rs.players
    pack = pack_cards(rs.pack, rs.joker and rs.kitty != "four_no_joker")
    bits, where = positions(rs, dealer)
    size = len(bits)
    mantissas = sum(((1 << 52) - 256) << (64 * i) for i in range(size))
    ones = sum((0x3FF0000000000000 | i) << (64 * i) for i in range(size))

    # Each seat's cards are added in one written-out sum, two at a time where it can (``pairs``
    # holds the bits of every two places), from the places unpacked into names ``p0``, ``p1``...
    def cards(seat: int) -> str:
        mine = [f"p{pos}" for pos, s in enumerate(where) if s == seat]
        two = [f"pairs[{a}][{b}]" for a, b in zip(mine[::2], mine[1::2])]
        return " + ".join(two + ([f"bits[{mine[-1]}]"] if len(mine) % 2 else [])) or "0"

    upcard = f"pack[p{where.index(n)}]" if n in where else "None"
    lanes = Struct(f"<{size}d")
    scope: dict[str, Any] = {"bits": bits, "pairs": pairs, "pack": pack, "unpack": lanes.unpack, "repack": lanes.pack,
             "Deal": Deal, "_DealMade": _DealMade}
    exec(f"def deal(rules, rng):\n"
         f"    {', '.join(f'p{i}' for i in range(size))}, = repack(*sorted(unpack("
         f"(rng.getrandbits({64 * size}) >> 12 & {mantissas} | {ones}).to_bytes({8 * size}, 'little'))))[::8]\n"
         f"    d = _DealMade()\n"
         f"    d.rules, d.dealer, d.masks, d.upcard, d.rest_mask, d._hands = rules, {dealer}, "
         f"({', '.join(cards(seat) for seat in range(n))},), {upcard}, {cards(n + 1)}, None\n"
         f"    d.__class__ = Deal\n"
         f"    return d\n", scope)
    return scope["deal"]

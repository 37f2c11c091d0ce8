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
from dataclasses import dataclass

from . import rules as _rules
from functools import lru_cache

from .cards import CARDS, Card, format_cards, pack_cards, parse_cards
from .errors import DealError, NotationError


@dataclass(frozen=True, slots=True)
class Deal:
    """The cards of one hand before anyone acts. Build with ``deal`` or ``Deal.from_hands``."""

    rules: object
    dealer: int
    hands: tuple
    upcard: Card | None
    rest: tuple

    @classmethod
    def from_hands(cls, rules, hands, upcard=None, dealer: int = 0, rest=None) -> "Deal":
        """A deal from given cards, checked: every hand the right size, no card twice, all in the pack.

        ``hands`` is one entry per seat from seat 0: text (``"JH JD AH KH QH"``) or cards.
        ``rest`` defaults to the cards of the pack that nobody holds, in pack order.
        """
        rs = _rules.load(rules)
        if not isinstance(dealer, int) or not 0 <= dealer < rs.players:
            raise DealError(f"dealer {dealer!r} is not a seat: seats are 0 to {rs.players - 1}")
        if len(hands) != rs.players:
            raise DealError(f"{rs.name} deals {rs.players} hands, but {len(hands)} were given")
        parsed = tuple(tuple(sorted(parse_cards(h))) for h in hands)
        pack = set(rs.cards)
        seen: dict = {}
        problems = []

        def check(card, where):
            if card not in pack:
                problems.append(f"{card} ({where}) is not in the {len(pack)}-card pack of {rs.name}")
            elif card in seen:
                problems.append(f"{card} is dealt twice: {seen[card]} and {where}")
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
        return cls(rs, dealer, parsed, upcard, tuple(rest))

    @classmethod
    def parse(cls, text: str, rules=None) -> "Deal":
        """Read a deal's one-line notation; ``rules`` overrides the rule set named in the text."""
        parts = [p.strip() for p in str(text).split("|")]
        try:
            name, dealer_part, hands_part, up_part, rest_part = parts
            word, dealer = dealer_part.split()
            if word != "dealer" or not up_part.startswith("up") or not rest_part.startswith("rest"):
                raise ValueError
            hands = [h.strip() for h in hands_part.split("/")]
            up = up_part[2:].strip()
            rest = rest_part[4:].strip()
            dealer = int(dealer)
        except ValueError:
            raise NotationError(
                f"{text!r} is not a deal: write 'RULES | dealer N | HAND / HAND / ... | up CARD | rest CARDS' "
                "(up - when no card is turned)") from None
        rs = _rules.load(rules if rules is not None else name)
        return cls.from_hands(rs, hands, upcard=None if up in ("", "-") else up, dealer=dealer, rest=rest)

    @property
    def players(self) -> int:
        return len(self.hands)

    def hand(self, seat: int) -> tuple:
        return self.hands[seat]

    def __str__(self) -> str:
        hands = " / ".join(format_cards(h) for h in self.hands)
        up = str(self.upcard) if self.upcard is not None else "-"
        return f"{self.rules.name} | dealer {self.dealer} | {hands} | up {up} | rest {format_cards(self.rest)}"

    def __repr__(self) -> str:
        return f"Deal.parse({str(self)!r})"

    def _repr_html_(self) -> str:
        from .render import deal_html

        return deal_html(self)


def deal(rules, seed=None, dealer: int = 0, rng: random.Random | None = None) -> Deal:
    """Shuffle and deal one hand in the rules' packets, clockwise from the dealer's left.

    ``seed`` (any int or str) makes the deal repeatable; pass ``rng`` to draw from your own
    ``random.Random``. The global random state is never touched.
    """
    rs = _rules.load(rules)
    n = rs.players
    if dealer.__class__ is not int or not 0 <= dealer < n:
        raise DealError(f"dealer {dealer!r} is not a seat: seats are 0 to {n - 1}")
    ids = shuffled_ids(rs, rng if rng is not None else random.Random(seed))
    hands: list[list] = [[] for _ in range(n)]
    pos = 0
    for size in rs.deal_packets:
        for k in range(1, n + 1):
            hands[(dealer + k) % n] += ids[pos:pos + size]
            pos += size
    upcard = None
    if rs.bidding == "turn_up":
        upcard = CARDS[ids[pos]]
        pos += 1
    dealt = tuple(tuple([CARDS[i] for i in sorted(h)]) for h in hands)
    d = object.__new__(Deal)  # cards from a real pack need none of from_hands' checks
    for name, value in (("rules", rs), ("dealer", dealer), ("hands", dealt), ("upcard", upcard),
                        ("rest", tuple([CARDS[i] for i in ids[pos:]]))):
        object.__setattr__(d, name, value)
    return d


def shuffled_ids(rs, rng: random.Random) -> list:
    """The pack's card ids in a random order: sorted by a random key each (``rng.random``)."""
    ids = _pack_ids(rs.pack, rs.joker and rs.kitty != "four_no_joker")
    rand = rng.random
    keys = [rand() for _ in ids]
    return [ids[i] for i in sorted(range(len(ids)), key=keys.__getitem__)]


@lru_cache(maxsize=None)
def _pack_ids(pack: str, joker: bool) -> tuple:
    return tuple(c.id for c in pack_cards(pack, joker))

"""How cards rank once the trump is known.

A ``Ranking`` holds, for one trump (a suit, or no trump) and one trump order, every card's
effective suit and power, precomputed as tuples indexed by card id, plus the bit mask of
each effective suit. The left bower belongs to the trump suit for every purpose; the Joker is
the best trump, and at no trump it is a trump suit of one card that wins any trick it is in.

Trump orders (rule book D-2): ``standard`` is Joker, right, left, A, K, Q, 10, 9 ... down to the
pack's lowest card. ``as_printed_header`` and ``as_printed_example`` follow the modern page's
printed lists literally: the cards they leave out (the king; the king and the ace) stay in the
trump suit but rank below every other trump, the only place such a card can go without
leaving the suit.
"""
from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from .cards import CARDS, JOKER_ID, SUITS, Card, Suit

NO_TRUMP = Suit.NO_TRUMP
TRUMP_BASE = 100
_DEMOTED = {"standard": (), "as_printed_header": (13,), "as_printed_example": (13, 14)}


class Ranking:
    """Effective suits and powers of all 53 cards for one trump."""

    __slots__ = ("trump", "order", "eff_suit", "power", "suit_mask", "trump_ids", "follow", "led_power")

    def __init__(self, trump: Suit, order: str = "standard"):
        self.trump = Suit(trump)
        self.order = order
        eff = [trump if c.suit is None else c.suit for c in CARDS]  # the Joker alone has no suit
        power = [c.rank for c in CARDS]
        if trump == NO_TRUMP:
            power[JOKER_ID] = TRUMP_BASE + 50
        else:
            demoted = _DEMOTED[order]
            left = Suit(trump).same_colour
            for c in CARDS[:52]:
                if c.suit == trump and c.rank != 11:
                    power[c.id] = TRUMP_BASE + (c.rank if c.rank not in demoted else c.rank - 20)
            right_id, left_id = trump * 13 + 9, left * 13 + 9
            eff[left_id] = trump
            power[right_id] = TRUMP_BASE + 30
            power[left_id] = TRUMP_BASE + 29
            power[JOKER_ID] = TRUMP_BASE + 31
        self.eff_suit = tuple(int(s) for s in eff)
        self.power = tuple(power)
        masks = [0] * 5
        for card_id, suit in enumerate(self.eff_suit):
            masks[suit] |= 1 << card_id
        self.suit_mask = tuple(masks)
        trumps = [i for i in range(53) if self.eff_suit[i] == trump]
        self.trump_ids = tuple(sorted(trumps, key=lambda i: -power[i]))
        # Per card id as the card led: the cards that follow it, and every card's power in
        # that trick (0 for a card of neither the suit led nor trump, which cannot win).
        self.follow = tuple(masks[s] for s in self.eff_suit)
        by_suit = tuple(tuple(power[c] if self.eff_suit[c] in (led, trump) else 0 for c in range(53))
                        for led in range(5))
        self.led_power = tuple(by_suit[s] for s in self.eff_suit)

    def is_trump(self, card: Card) -> bool:
        return self.eff_suit[card.id] == self.trump

    def effective_suit(self, card: Card) -> Suit:
        """The suit a card follows and calls for: the left bower's is the trump suit."""
        return Suit(self.eff_suit[card.id])

    def trick_winner(self, trick: Sequence[tuple[int, int]]) -> int:
        """The seat that wins a trick of ``(seat, card id)`` pairs, the first led: the highest
        trump, else the highest card of the suit led (a card of neither suit cannot win)."""
        power = self.led_power[trick[0][1]]
        best = -1
        for seat, card in trick:
            if power[card] > best:
                winner, best = seat, power[card]
        return winner

    def top_trumps(self, pack_mask: int, count: int = 5) -> tuple[int, ...]:
        """The ``count`` highest trumps of a pack, best first (the Jamboree cards for 5)."""
        return tuple(i for i in self.trump_ids if pack_mask >> i & 1)[:count]

    def __repr__(self) -> str:
        return f"Ranking({self.trump.word!r}, {self.order!r})"


@cache
def ranking(trump: int, order: str = "standard") -> Ranking:
    """The shared ``Ranking`` for a trump (0-3 a suit, 4 no trump) and a trump order."""
    return Ranking(Suit(trump), order)


def effective_suit(card: Card, trump: Suit | None) -> Suit | None:
    """The suit a card counts as: its own, the trump for the left bower and the Joker.

    ``trump`` is a ``Suit`` or its name (``"hearts"``). With no trump fixed yet (``None``) a
    card is its printed suit and the Joker has none.
    """
    card = Card.parse(card)
    if trump is None:
        return card.suit
    if isinstance(trump, str):
        trump = Suit.parse(trump)
    return Suit(ranking(int(trump)).eff_suit[card.id])


def plain_order(card: Card) -> tuple[int, int]:
    """Rank then suit (clubs < diamonds < hearts < spades): the tie-break for partner's best."""
    return (card.rank, -1 if card.suit is None else int(card.suit))


__all__ = ["NO_TRUMP", "Ranking", "ranking", "effective_suit", "plain_order", "SUITS"]

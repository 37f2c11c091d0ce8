"""A referee written from the rule book, independent of the engine's ranking: which cards may be
played to a trick and who wins it.

Cards and suits are plain strings (``"JH"``, ``"JK"``; trump ``"H"``, or ``"N"`` for no trump).
The order is the same in modern Railroad (rule book D2, D10, D-16) and seven-handed (C): the
Joker, the right bower, the left bower, then the rest of the trump suit A K Q 10 ... down; at no
trump the Joker is a one-card trump suit and the Jacks rank in their own suits. A seven-handed
hand always has a trump suit.
"""
from __future__ import annotations

SAME_COLOUR = {"C": "S", "S": "C", "D": "H", "H": "D"}
RANKS = "23456789TJQKA"


def eff(card: str, trump: str) -> str:
    """The suit a card follows: ``T`` for a trump (the Joker always; the bowers with a suit trump)."""
    if card == "JK":
        return "T"
    if trump != "N" and card[0] == "J" and card[1] == SAME_COLOUR[trump]:
        return "T"
    return "T" if card[1] == trump else card[1]


def strength(card: str, trump: str, led: str) -> int:
    e = eff(card, trump)
    if e == "T":
        if card == "JK":
            return 300
        if trump != "N" and card[0] == "J":
            return 290 if card[1] == trump else 280
        return 200 + RANKS.index(card[0])
    return 100 + RANKS.index(card[0]) if e == led else 0


def trick_winner(plays, trump: str) -> int:
    """The seat that wins ``plays`` (``(seat, card)`` in the order played)."""
    led = eff(plays[0][1], trump)
    return max(plays, key=lambda p: strength(p[1], trump, led))[0]


def may_play(hand, trick, trump: str, joker_any_time: bool = False) -> set:
    """D9 and D-16: follow the suit led if able (the Joker at no trump only when void)."""
    if not trick:
        return set(hand)
    led = eff(trick[0], trump)
    same = {c for c in hand if eff(c, trump) == led}
    if not same:
        return set(hand)
    if joker_any_time and trump == "N" and "JK" in hand:
        same.add("JK")
    return same

"""Cards and actions in the words a learner reads: ``the J♥``, ``the Joker``, ``play the 7♠``.

Codes (``JH``, ``7S``, ``JK``) are the notation that parses back; they belong in files, reprs and
error messages that quote an input, never in a sentence, a table or a label meant for a learner.
Everything that speaks to one goes through this module.

>>> card_words(Card.parse("TS"))
'the 10♠'
>>> action_words(Action.parse("play JK"))
'play the Joker'
"""
from __future__ import annotations

from collections.abc import Iterable

from .actions import Action
from .cards import RANK_LETTERS, Card, Suit
from .table import numbered_seats, seat_name

_RANK = {**RANK_LETTERS, 10: "10"}


def card_words(card: Card) -> str:
    """A card as written in a sentence: ``the J♥``, ``the 10♠``, ``the Joker``."""
    if card.suit is None:  # the Joker
        return "the Joker"
    return f"the {_RANK[card.rank]}{card.suit.symbol}"


def capital(text: str) -> str:
    """``text`` opening with a capital, the rest as it is (``str.capitalize`` would lower the
    rest: "The j♥")."""
    return text[:1].upper() + text[1:]


def listed(names: Iterable[str], last: str = "and") -> str:
    """Names in a sentence, the last joined by ``last``: ``hearts, clubs or spades``."""
    names = list(names)
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + f" {last} " + names[-1]


def seats_words(seats: Iterable[int], players: int) -> str:
    """Seats in a sentence: ``SE, SW and NW``; at a table of numbered seats ``seats 1, 6 and 3``
    (``seat 3`` alone)."""
    seats = list(seats)
    if len(seats) > 1 and numbered_seats(players):
        return "seats " + listed(str(s) for s in seats)
    return listed(seat_name(s, players) for s in seats)


def cards_words(cards: Iterable[Card]) -> str:
    """Several cards in a sentence: ``the J♥, the 10♠ and the Joker`` (``no card`` for none)."""
    names = [card_words(c) for c in cards]
    return listed(names) if names else "no card"


def suit_words(suit: Suit) -> str:
    """A suit named as trump in a sentence: ``hearts`` or ``no trump``."""
    return "no trump" if suit is Suit.NO_TRUMP else suit.word


_KIND_WORDS = {"play": "play", "call": "call", "discard": "discard", "give": "give"}


def action_words(action: Action | str) -> str:
    """An action in words, lower case: ``play the 7♠``, ``make hearts trump``, ``order up``.

    The word actions (``pass``, ``order up``, ``alone``, ...) read as they are written; a card
    action names its card in words; ``make`` names the suit; ``bid 5`` and ``partner 3`` stay."""
    action = Action.parse(action)
    kind, card, suit = action.kind, action.card, action.suit
    if kind in _KIND_WORDS and card is not None:
        return f"{_KIND_WORDS[kind]} {card_words(card)}"
    if kind == "make" and suit is not None:
        return "make it a no-trump hand" if suit is Suit.NO_TRUMP else f"make {suit.word} trump"
    return str(action)

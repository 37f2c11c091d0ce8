"""Actions: small interned values with a text form that parses back.

``str(action)`` is what a player says: ``pass``, ``order up``, ``assist``, ``take up``,
``make hearts``, ``make no trump``, ``with partner``, ``alone``, ``alone no exchange``,
``alone pat``, ``give 9C``, ``jambone``, ``defend alone``, ``defend alone no exchange``,
``discard 9C``, ``jamboree``, ``play JH``, ``call JH``, ``bid 5``, ``partner 3``.
``Action.parse`` reads those back (and a few table synonyms: ``pick it up``, ``go alone``,
``lead JH``). Equal actions are the same object, so ``a is b`` and ``a == b`` agree.
"""
from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from .cards import CARDS, Card, Suit, ids_of
from .errors import NotationError
from .frozen import Frozen, fill

CARD_KINDS = ("give", "discard", "play", "call")
WORD_KINDS = ("pass", "order up", "assist", "take up", "with partner", "alone", "alone no exchange",
              "alone pat", "jambone", "defend alone", "defend alone no exchange", "jamboree")


class Action(Frozen):
    """One decision: a kind (``play``) and, for some kinds, a card, a suit or a number."""

    __slots__ = ("kind", "arg", "_text", "cid", "bit")
    kind: str
    arg: Any  # a Card, a Suit, a number (a bid, a seat) or None
    _text: str
    cid: int  # the card's id, or -1
    bit: int  # the card's bit, or 0
    _interned: dict = {}

    def __new__(cls, kind: str, arg: Card | Suit | int | None = None) -> Action:
        key = (kind, arg)
        found = cls._interned.get(key)
        if found is None:
            found = object.__new__(cls)
            text = kind if arg is None else f"{kind} {arg}"
            fill(found, kind=kind, arg=arg, _text=text, cid=arg.id if isinstance(arg, Card) else -1,
                 bit=1 << arg.id if isinstance(arg, Card) else 0)
            cls._interned[key] = found
        return found

    def __reduce__(self) -> tuple[type[Action], tuple[str, Any]]:
        return (Action, (self.kind, self.arg))

    @property
    def card(self) -> Card | None:
        return self.arg if isinstance(self.arg, Card) else None

    @property
    def suit(self) -> Suit | None:
        return self.arg if isinstance(self.arg, Suit) else None

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Action.parse({self._text!r})"

    @classmethod
    def parse(cls, text: str | Action) -> Action:
        """Read an action's text form (case and extra spaces do not matter)."""
        if isinstance(text, Action):
            return text
        if not isinstance(text, str):
            raise NotationError(f"{text!r} is not an action: give text such as 'pass', 'make hearts' or 'play JH'")
        words = text.split()
        key = " ".join(words).lower()
        key = _SYNONYMS.get(key, key)
        if key in WORD_KINDS:
            return cls(key)
        head, _, rest = key.partition(" ")
        if head in _CARD_SYNONYMS and rest:
            return cls(_CARD_SYNONYMS[head], Card.parse(" ".join(words[1:])))
        if head in ("make", "name", "choose") and rest:
            rest = rest.removeprefix("it ").removeprefix("trump ")
            return cls("make", Suit.parse(rest))
        match = re.fullmatch(r"(bid|partner|seat) (\d+)", key)
        if match:
            kind = "partner" if match.group(1) == "seat" else match.group(1)
            return cls(kind, int(match.group(2)))
        raise NotationError(
            f"{text!r} is not an action: say one of {', '.join(WORD_KINDS)}; 'make <suit>' or 'make no trump'; "
            "'play <card>', 'discard <card>', 'give <card>', 'call <card>'; 'bid <n>'; 'partner <seat>'"
        )


_SYNONYMS = {
    "order it up": "order up", "pick it up": "order up", "pick up": "order up", "order": "order up",
    "take it up": "take up", "turn it down": "pass", "turn down": "pass", "go alone": "alone",
    "alone with exchange": "alone", "play alone": "alone", "partner": "with partner",
    "defend": "defend alone", "announce jambone": "jambone", "announce jamboree": "jamboree",
}
_CARD_SYNONYMS = {"play": "play", "lead": "play", "follow": "play", "discard": "discard",
                  "give": "give", "pass": "give", "call": "call", "name": "call"}

PASS = Action("pass")
ORDER_UP = Action("order up")
ASSIST = Action("assist")
TAKE_UP = Action("take up")
WITH_PARTNER = Action("with partner")
ALONE = Action("alone")
ALONE_NO_EXCHANGE = Action("alone no exchange")
ALONE_PAT = Action("alone pat")
JAMBONE = Action("jambone")
DEFEND_ALONE = Action("defend alone")
DEFEND_ALONE_NO_EXCHANGE = Action("defend alone no exchange")
JAMBOREE = Action("jamboree")
ACCEPTS = (ORDER_UP, ASSIST, TAKE_UP)

PLAY = tuple(Action("play", c) for c in CARDS)
CALL = tuple(Action("call", c) for c in CARDS)
DISCARD = tuple(Action("discard", c) for c in CARDS)
GIVE = tuple(Action("give", c) for c in CARDS)
MAKE = tuple(Action("make", s) for s in Suit)
BID = {n: Action("bid", n) for n in range(4, 8)}
PARTNER = tuple(Action("partner", s) for s in range(7))


_TWO_SUITS = (1 << 26) - 1  # the bits of clubs and diamonds


def _joiner(table: tuple[Action, ...]) -> Callable[[int], tuple[Action, ...]]:
    """``join(mask)``: the actions of ``table`` for the cards of a mask, in id order, joined
    from each suit's part and remembered by suit: a hand has millions of possible masks, a
    suit only as many as the subsets of its ranks in the pack. The Joker (id 52) comes last in
    the spades' part, as its bit follows theirs."""
    parts: tuple[dict[int, tuple[Action, ...]], ...] = ({}, {}, {}, {})
    c, d, h, s = parts

    def join(mask: int) -> tuple[Action, ...]:
        # Cut in halves first: each half fits one digit of an int, where shifts cost less; each
        # half's two parts are joined first, so that the longer tuple is copied once.
        low, high = mask & _TWO_SUITS, mask >> 26
        try:
            return (c[low & 8191] + d[low >> 13]) + (h[high & 8191] + s[high >> 13])
        except KeyError:  # a suit's part not seen yet
            for suit, part in enumerate(parts):
                bits = mask >> 13 * suit if suit == 3 else mask >> 13 * suit & 8191
                part[bits] = tuple([table[13 * suit + i] for i in ids_of(bits)])
            return join(mask)

    return join


# Each table's ``join``, by name for the steps that call one at every hand (``card_actions``
# finds it by table).
play_actions, call_actions, discard_actions, give_actions = (_joiner(t) for t in (PLAY, CALL, DISCARD, GIVE))
_JOINERS = {id(PLAY): play_actions, id(CALL): call_actions, id(DISCARD): discard_actions, id(GIVE): give_actions}


def card_actions(table: tuple[Action, ...], mask: int) -> tuple[Action, ...]:
    """The actions of ``table`` (one per card id) for every card in a bit mask, in id order."""
    join = _JOINERS.get(id(table))
    return join(mask) if join is not None else tuple([table[i] for i in ids_of(mask)])

"""Suits, cards, the Joker, and packs built from a rule set.

One notation everywhere: ``str(card)`` is ``JH``, ``TS``, ``7C`` or ``JK`` (the Joker), and
``Card.parse`` reads that back and also ``J♥``, ``10h``, ``jh`` and ``Joker``. Cards are
interned: ``Card('JH') is Card.parse('j♥')``. Each card has a small integer ``id``
(suit × 13 + rank − 2, the Joker 52) that the engine uses for bit masks.

How a card ranks depends on the trump: see ``euchre_lessons.ranking``.
"""
from __future__ import annotations

import re
from collections.abc import Iterable
from enum import IntEnum

from .errors import NotationError
from .frozen import Frozen, fill


class Suit(IntEnum):
    """The four suits, in the order that breaks ties (clubs lowest), plus no trump.

    ``NO_TRUMP`` is not a suit a card belongs to: it names the trump of a hand played without
    one (the modern game's Joker turn-up), in which the Joker alone is a trump.
    """

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3
    NO_TRUMP = 4

    @property
    def letter(self) -> str:
        return "CDHSN"[self]

    @property
    def symbol(self) -> str:
        return "♣♦♥♠-"[self]

    @property
    def word(self) -> str:
        """The suit as said at the table: ``hearts``, or ``no trump``."""
        return ("clubs", "diamonds", "hearts", "spades", "no trump")[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.DIAMONDS, Suit.HEARTS)

    @property
    def same_colour(self) -> Suit:
        """The other suit of this colour: the suit of the left bower."""
        if self is Suit.NO_TRUMP:
            raise ValueError("no trump has no colour")
        return Suit(3 - self)

    def __str__(self) -> str:
        return self.word

    @classmethod
    def parse(cls, text: str) -> Suit:
        """Read ``hearts``, ``H``, ``♥``, ``heart`` or ``no trump``."""
        key = str(text).strip().lower()
        if key in _SUIT_WORDS:
            return _SUIT_WORDS[key]
        raise NotationError(
            f"{text!r} is not a suit: write clubs, diamonds, hearts, spades (or C, D, H, S, "
            "♣, ♦, ♥, ♠), or 'no trump'"
        )


SUITS = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
_SUIT_WORDS = {}
for _s in SUITS:
    for _w in (_s.word, _s.word[:-1], _s.letter.lower(), _s.symbol, "♧♢♡♤"[_s]):
        _SUIT_WORDS[_w] = _s
for _w in ("no trump", "no trumps", "notrump", "no-trump", "nt", "n"):
    _SUIT_WORDS[_w] = Suit.NO_TRUMP

RANK_LETTERS = {2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9", 10: "T",
                11: "J", 12: "Q", 13: "K", 14: "A"}
RANK_WORDS = {11: "jack", 12: "queen", 13: "king", 14: "ace"}
JOKER_ID = 52
JOKER_RANK = 15
_RANK_TEXT = {v.lower(): k for k, v in RANK_LETTERS.items()} | {"10": 10, "1": 14}
_CARD_RE = re.compile(r"^(10|[2-9tjqka1])\s*([cdhs♣♦♥♠♧♢♡♤])$")


class Card(Frozen):
    """A playing card, or the Joker. Immutable, interned, ordered by suit then rank."""

    __slots__ = ("id", "bit", "rank", "suit", "_text")
    id: int
    bit: int  # 1 << id
    rank: int  # 2 to 14 (the ace), the Joker 15
    suit: Suit | None  # None for the Joker
    _text: str

    def __new__(cls, text: str | Card) -> Card:
        if isinstance(text, Card):
            return text
        return cls.parse(text)

    @classmethod
    def _make(cls, card_id: int) -> Card:
        card = object.__new__(cls)
        if card_id == JOKER_ID:
            rank, suit, text = JOKER_RANK, None, "JK"
        else:
            rank, suit = card_id % 13 + 2, Suit(card_id // 13)
            text = RANK_LETTERS[rank] + suit.letter
        fill(card, id=card_id, bit=1 << card_id, rank=rank, suit=suit, _text=text)
        return card

    @classmethod
    def parse(cls, text: str | Card) -> Card:
        """Read a card: ``JH``, ``TS``, ``10h``, ``J♥``, ``jh``, ``JK`` or ``Joker``."""
        if isinstance(text, Card):
            return text
        if not isinstance(text, str):
            raise NotationError(f"{text!r} is not a card: give text such as 'JH', '10h', 'J♥' or 'Joker'")
        key = text.strip().lower()
        if key in ("jk", "joker", "jo", "🃏", "bj"):
            return CARDS[JOKER_ID]
        match = _CARD_RE.match(key)
        if not match:
            raise NotationError(
                f"{text!r} is not a card: write rank then suit, such as 'JH', 'TS', '10h', "
                "'J♥' or '7c', or 'JK' / 'Joker' for the Joker"
            )
        rank = _RANK_TEXT[match.group(1)]
        suit = _SUIT_WORDS[match.group(2)]
        return CARDS[suit * 13 + rank - 2]

    @classmethod
    def from_id(cls, card_id: int) -> Card:
        """The card numbered ``card_id`` (``Card.id``), 0 to the Joker's number."""
        if isinstance(card_id, bool) or not isinstance(card_id, int) or not 0 <= card_id < len(CARDS):
            raise NotationError(f"card id {card_id!r}: a card's id is a whole number from 0 to {len(CARDS) - 1}")
        return CARDS[card_id]

    @property
    def is_joker(self) -> bool:
        return self.id == JOKER_ID

    @property
    def name(self) -> str:
        """The card in words: ``jack of hearts``, ``the Joker``."""
        suit = self.suit
        if suit is None:  # the Joker
            return "the Joker"
        rank = RANK_WORDS.get(self.rank, str(self.rank))
        return f"{rank} of {suit.word}"

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Card({self._text!r})"

    def __lt__(self, other: Card) -> bool:
        return self.id < other.id

    def __le__(self, other: Card) -> bool:
        return self.id <= other.id

    def __gt__(self, other: Card) -> bool:
        return self.id > other.id

    def __ge__(self, other: Card) -> bool:
        return self.id >= other.id

    def __hash__(self) -> int:
        return self.id

    def __reduce__(self) -> tuple:
        return (Card.from_id, (self.id,))

    def _repr_html_(self) -> str:
        from .render import card_html  # deferred: circle (render imports cards at load)

        return card_html(self)


CARDS = tuple(Card._make(i) for i in range(53))
ALL_CARDS = (1 << len(CARDS)) - 1  # every card's bit, the Joker's included
JOKER = CARDS[JOKER_ID]

PACKS = {"24": 9, "32": 7, "52": 2}


def pack_cards(pack: str, joker: bool) -> tuple[Card, ...]:
    """The cards of a pack: ``24`` (9-A), ``32`` (7-A) or ``52`` (2-A), with or without the Joker."""
    low = PACKS[pack]
    cards = [c for c in CARDS[:52] if c.rank >= low]
    if joker:
        cards.append(JOKER)
    return tuple(cards)


def parse_cards(text: str | list | tuple) -> tuple[Card, ...]:
    """Read several cards separated by spaces, commas or dots; a list of texts works too."""
    if isinstance(text, str):
        parts = [p for p in re.split(r"[\s,.;]+", text.strip()) if p]
    else:
        parts = list(text)
    return tuple(Card.parse(p) for p in parts)


def mask_of(cards: Iterable[Card | str]) -> int:
    """The bit mask of some cards (bit ``card.id`` set for each)."""
    mask = 0
    for card in cards:
        mask |= 1 << Card.parse(card).id
    return mask


def ids_of(mask: int) -> list[int]:
    """The card ids of a bit mask, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def cards_of(mask: int) -> tuple[Card, ...]:
    """The cards of a bit mask, in id order."""
    return tuple([CARDS[i] for i in ids_of(mask)])


def format_cards(cards: Iterable[Card]) -> str:
    """Cards as notation separated by spaces: ``9C TH JK``."""
    return " ".join(str(c) for c in cards)

"""Events: yes/no questions about a hand or a deal, in the game's words.

>>> from euchre_lessons.events import holds_joker, trumps_at_least, jamboree_in_any_suit, seat
>>> strong = holds_joker & trumps_at_least(3, "hearts")
>>> strong.name
'holds the Joker and holds at least 3 trumps in hearts'
>>> strong                                     # the repr is code that builds it again
holds_joker & trumps_at_least(3, "hearts")

An ``Event`` has a ``name`` (words, used in messages and notebook output) and a code form
(``repr``, which ``events.parse`` reads back without ``eval``). Events combine with ``&``
(and), ``|`` (or) and ``~`` (not).

Two scopes:

* **hand events** ask about one hand's cards: ``holds(card)``, ``holds_joker``,
  ``trumps_at_least(n, suit)``, ``no_trumps(suit)``, ``both_bowers(suit)``, ``jamboree(suit)``,
  ``jamboree_in_any_suit``, ``two_jamborees`` ... Test one with ``event(cards, rules)``.
* **deal events** ask about a whole ``Deal``: ``seat(n, e)``, ``dealer(e)``, ``eldest(e)``,
  ``dealers_partner(e)``, ``any_seat(e)``, ``upcard_is(card)``, ``upcard_is_joker``,
  ``upcard_suit(suit)``. Test one with ``event(deal)``. Combining a hand event with a deal event
  is refused: say whose hand first (``seat(2, holds_joker) & upcard_is_joker``).

Trump-aware events (trumps, bowers, Jamborees) read the rule set: the trump suit's cards come
from ``ranking`` (the left bower and the Joker belong to it), the Jamboree is the pack's five
highest trumps under ``rules.trump_order`` (rule book B-O5, D-20).

Almost every event is built from *counts*: how many cards of a fixed set a hand holds, tested
against a range (``holds`` is "at least 1 of {card}", ``jamboree`` is "all 5 of the top five
trumps"). ``probability.exact`` uses that structure to count hands with binomials instead of
listing them. ``event(name, function)`` wraps any other test of a hand's cards; such an event is
answered by listing hands one at a time, which is slow for large packs.
"""
from __future__ import annotations

import ast
from collections.abc import Callable

from ..cards import JOKER, Card, Suit, mask_of, parse_cards
from ..errors import NotationError
from ..ranking import ranking
from .event import Event


def _count(name: str, code: str, mask, lo: int, hi: int) -> Event:
    return Event("count", name, code, "hand", (code, mask, lo, hi))


def _q(text) -> str:
    return '"' + str(text) + '"'


def _suit(suit) -> Suit:
    return suit if isinstance(suit, Suit) else Suit.parse(suit)


def _trump_mask(suit: Suit):
    return lambda rs: ranking(int(suit), rs.trump_order).suit_mask[int(suit)] & rs.pack_mask


def _top_trumps(suit: Suit):
    return lambda rs: sum(1 << i for i in ranking(int(suit), rs.trump_order).top_trumps(rs.pack_mask, 5))


def _number(n) -> int:
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise NotationError(f"{n!r} is not a number of cards: give a whole number 0 or more")
    return n


# ---- hand events ---------------------------------------------------------------------------

def holds(card) -> Event:
    """The hand holds this card: ``holds("JH")``."""
    c = Card.parse(card)
    name = "holds the Joker" if c.is_joker else f"holds {c} ({c.name})"
    return _count(name, f"holds({_q(c)})", c.bit, 1, 1)


def holds_all(cards) -> Event:
    """The hand holds every one of these cards: ``holds_all("JH JD")``."""
    cs = sorted(set(parse_cards(cards)))
    text = " ".join(map(str, cs))
    return _count(f"holds all of {text}", f"holds_all({_q(text)})", mask_of(cs), len(cs), len(cs))


def holds_any(cards) -> Event:
    """The hand holds at least one of these cards."""
    cs = sorted(set(parse_cards(cards)))
    text = " ".join(map(str, cs))
    return _count(f"holds one or more of {text}", f"holds_any({_q(text)})", mask_of(cs), 1, len(cs))


def count_between(cards, at_least: int = 0, at_most: int = 53) -> Event:
    """The hand holds between ``at_least`` and ``at_most`` of these cards (inclusive)."""
    cs = sorted(set(parse_cards(cards)))
    text = " ".join(map(str, cs))
    lo, hi = _number(at_least), _number(at_most)
    return _count(f"holds {lo} to {hi} of {text}", f"count_between({_q(text)}, {lo}, {hi})",
                  mask_of(cs), lo, hi)


def trumps_at_least(n: int, suit) -> Event:
    """At least ``n`` trumps if ``suit`` is trump (its cards, the left bower, the Joker)."""
    s, n = _suit(suit), _number(n)
    return _count(f"holds at least {n} trumps in {s.word}", f"trumps_at_least({n}, {_q(s.word)})",
                  _trump_mask(s), n, 53)


def trumps_at_most(n: int, suit) -> Event:
    """At most ``n`` trumps if ``suit`` is trump."""
    s, n = _suit(suit), _number(n)
    return _count(f"holds at most {n} trumps in {s.word}", f"trumps_at_most({n}, {_q(s.word)})",
                  _trump_mask(s), 0, n)


def trumps_exactly(n: int, suit) -> Event:
    """Exactly ``n`` trumps if ``suit`` is trump."""
    s, n = _suit(suit), _number(n)
    return _count(f"holds exactly {n} trumps in {s.word}", f"trumps_exactly({n}, {_q(s.word)})",
                  _trump_mask(s), n, n)


def no_trumps(suit) -> Event:
    """Not one trump if ``suit`` is trump (not even the Joker or the left bower)."""
    s = _suit(suit)
    return _count(f"holds no trumps in {s.word}", f"no_trumps({_q(s.word)})", _trump_mask(s), 0, 0)


def right_bower(suit) -> Event:
    """Holds the jack of the trump suit."""
    s = _suit(suit)
    bit = Card.from_id(int(s) * 13 + 9).bit
    return _count(f"holds the right bower in {s.word}", f"right_bower({_q(s.word)})", bit, 1, 1)


def left_bower(suit) -> Event:
    """Holds the jack of the other suit of the trump's colour."""
    s = _suit(suit)
    bit = Card.from_id(int(s.same_colour) * 13 + 9).bit
    return _count(f"holds the left bower in {s.word}", f"left_bower({_q(s.word)})", bit, 1, 1)


def both_bowers(suit) -> Event:
    """Holds the right and the left bower of ``suit``."""
    s = _suit(suit)
    bits = Card.from_id(int(s) * 13 + 9).bit | Card.from_id(int(s.same_colour) * 13 + 9).bit
    return _count(f"holds both bowers in {s.word}", f"both_bowers({_q(s.word)})", bits, 2, 2)


def jamboree(suit) -> Event:
    """Holds the five highest trumps of ``suit`` (Joker, right, left, ace, king with the
    standard order and a Joker; rule book B-O5, D-20). There is no Jamboree at no trump (D-25)."""
    s = _suit(suit)
    if s is Suit.NO_TRUMP:
        raise NotationError("no Jamboree is possible at no trump (rule book D-25): name a suit")
    return _count(f"holds a Jamboree in {s.word}", f"jamboree({_q(s.word)})", _top_trumps(s), 5, 5)


def cards_of_suit_at_least(n: int, suit) -> Event:
    """At least ``n`` cards of the printed ``suit`` (jacks by their own suit; the Joker has none)."""
    s, n = _suit(suit), _number(n)
    mask = sum(1 << (int(s) * 13 + r) for r in range(13))
    return _count(f"holds at least {n} {s.word}", f"cards_of_suit_at_least({n}, {_q(s.word)})", mask, n, 53)


def void_in(suit) -> Event:
    """No card of the printed ``suit``."""
    s = _suit(suit)
    mask = sum(1 << (int(s) * 13 + r) for r in range(13))
    return _count(f"holds no {s.word}", f"void_in({_q(s.word)})", mask, 0, 0)


def aces_at_least(n: int) -> Event:
    """At least ``n`` aces."""
    n = _number(n)
    return _count(f"holds at least {n} aces", f"aces_at_least({n})", sum(1 << (s * 13 + 12) for s in range(4)), n, 4)


def event(name: str, function) -> Event:
    """Any test of a hand's cards: ``event("a singleton ace", lambda cards: ...)``.

    ``function`` receives the hand as a tuple of ``Card``. Exact answers list such hands one at
    a time (slow past a few hundred thousand hands); simulation is unaffected."""
    if not callable(function):
        raise TypeError(f"event({name!r}, ...) needs a function of the hand's cards, not {function!r}")
    return Event("function", str(name), f"event({name!r}, {getattr(function, '__name__', 'f')})",
                 "hand", (function,))


_SUITS = ("clubs", "diamonds", "hearts", "spades")


def _alias(e: Event, code: str) -> Event:
    """``e`` under a constant's code form (``holds_joker`` rather than ``holds("JK")``)."""
    args = (code,) + e.args[1:] if e.kind == "count" else e.args
    return Event(e.kind, e.name, code, e.scope, args)


holds_joker = _alias(holds(JOKER), "holds_joker")
jamboree_in_any_suit = Event("or", "holds a Jamboree in some suit", "jamboree_in_any_suit", "hand",
                             tuple(jamboree(s) for s in _SUITS))
two_jamborees = Event("or", "holds two Jamborees at once", "two_jamborees", "hand",
                      tuple(jamboree(a) & jamboree(b) for i, a in enumerate(_SUITS) for b in _SUITS[i + 1:]))


# ---- deal events ---------------------------------------------------------------------------

def _hand_event(e) -> Event:
    if not isinstance(e, Event) or e.scope != "hand":
        raise TypeError(f"expected an event about one hand (such as holds_joker), not {e!r}")
    return e


def seat(n: int, e: Event) -> Event:
    """Seat ``n`` (0 to players-1) holds a hand with ``e``: ``seat(2, holds_joker)``."""
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise NotationError(f"{n!r} is not a seat: seats are numbered 0, 1, 2 ... clockwise")
    e = _hand_event(e)
    return Event("seat", f"seat {n} {e.name}", f"seat({n}, {e.code})", "deal", (n, e))


def dealer(e: Event) -> Event:
    """The dealer's own hand (before he takes up the turn-up) has ``e``."""
    e = _hand_event(e)
    return Event("seat", f"the dealer {e.name}", f"dealer({e.code})", "deal", ("dealer", e))


def eldest(e: Event) -> Event:
    """The eldest hand (the dealer's left) has ``e``."""
    e = _hand_event(e)
    return Event("seat", f"the eldest hand {e.name}", f"eldest({e.code})", "deal", ("eldest", e))


def dealers_partner(e: Event) -> Event:
    """The dealer's partner (opposite him: 4 or 6 players) has ``e``."""
    e = _hand_event(e)
    return Event("seat", f"the dealer's partner {e.name}", f"dealers_partner({e.code})", "deal", ("partner", e))


def any_seat(e: Event) -> Event:
    """Some seat's hand has ``e``."""
    e = _hand_event(e)
    return Event("any_seat", f"some seat {e.name}", f"any_seat({e.code})", "deal", (e,))


def upcard_is(card) -> Event:
    """The turn-up is this card."""
    c = Card.parse(card)
    name = "the Joker is turned up" if c.is_joker else f"the upcard is {c}"
    return Event("upcard", name, f"upcard_is({_q(c)})", "deal", (c.bit,))


def upcard_suit(suit) -> Event:
    """The turn-up is a card of the printed ``suit`` (the Joker is of none)."""
    s = _suit(suit)
    mask = sum(1 << (int(s) * 13 + r) for r in range(13))
    return Event("upcard", f"the upcard is a {s.word[:-1]}", f"upcard_suit({_q(s.word)})", "deal", (mask,))


def deal_event(name: str, function) -> Event:
    """Any test of a whole ``Deal``: ``deal_event("a red upcard", lambda d: ...)``."""
    if not callable(function):
        raise TypeError(f"deal_event({name!r}, ...) needs a function of a Deal, not {function!r}")
    return Event("deal_function", str(name), f"deal_event({name!r}, {getattr(function, '__name__', 'f')})",
                 "deal", (function,))


upcard_is_joker = _alias(upcard_is(JOKER), "upcard_is_joker")


# ---- reading the code form back ------------------------------------------------------------

VOCABULARY: dict[str, Callable[..., Event]] = {
    "holds": holds, "holds_all": holds_all, "holds_any": holds_any, "count_between": count_between,
    "trumps_at_least": trumps_at_least, "trumps_at_most": trumps_at_most, "trumps_exactly": trumps_exactly,
    "no_trumps": no_trumps, "right_bower": right_bower, "left_bower": left_bower,
    "both_bowers": both_bowers, "jamboree": jamboree, "cards_of_suit_at_least": cards_of_suit_at_least,
    "void_in": void_in, "aces_at_least": aces_at_least, "seat": seat, "dealer": dealer,
    "eldest": eldest, "dealers_partner": dealers_partner, "any_seat": any_seat,
    "upcard_is": upcard_is, "upcard_suit": upcard_suit,
}
CONSTANTS = {"holds_joker": holds_joker, "jamboree_in_any_suit": jamboree_in_any_suit,
             "two_jamborees": two_jamborees, "upcard_is_joker": upcard_is_joker}


MAX_TEXT, MAX_DEPTH = 2000, 100


def _depth(tree) -> int:
    """How deep the syntax tree goes (without recursion: a deep tree must not overflow here)."""
    deepest, todo = 0, [(tree, 1)]
    while todo:
        node, d = todo.pop()
        deepest = max(deepest, d)
        todo.extend((kid, d + 1) for kid in ast.iter_child_nodes(node))
    return deepest


def parse(text: str) -> Event:
    """Read an event's code form, as ``repr`` prints it: ``'seat(0, jamboree("hearts"))'``.

    Only this module's words, numbers, strings, ``&``, ``|``, ``~`` and brackets are read; nothing
    is evaluated as Python. The text is at most ``MAX_TEXT`` characters, nested at most
    ``MAX_DEPTH`` deep (an event a student writes is a line or two)."""
    source = str(text).strip()
    if len(source) > MAX_TEXT:
        raise NotationError(f"{source[:40]!r}... ({len(source):,} characters) is too long for an event: "
                            f"write one of at most {MAX_TEXT:,} characters")
    try:
        tree = ast.parse(source, mode="eval").body
    except SyntaxError:
        raise NotationError(f"{text!r} is not an event: write e.g. 'holds_joker & trumps_at_least(3, \"hearts\")'") from None
    except (RecursionError, MemoryError):
        raise NotationError(f"{source[:40]!r}... is nested too deeply to be an event: at most {MAX_DEPTH} deep") from None
    depth = _depth(tree)
    if depth > MAX_DEPTH:
        raise NotationError(f"{source[:40]!r}... is nested {depth} deep: an event is nested at most {MAX_DEPTH} deep")

    def build(node):
        if isinstance(node, ast.Name) and node.id in CONSTANTS:
            return CONSTANTS[node.id]
        if isinstance(node, ast.Constant) and isinstance(node.value, (int, str)):
            return node.value
        if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.BitAnd, ast.BitOr)):
            left, right = build(node.left), build(node.right)
            return left & right if isinstance(node.op, ast.BitAnd) else left | right
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Invert):
            return ~build(node.operand)
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in VOCABULARY
                and not node.keywords):
            return VOCABULARY[node.func.id](*[build(a) for a in node.args])
        words = ", ".join(sorted(VOCABULARY) + sorted(CONSTANTS))
        raise NotationError(f"{ast.unparse(node)!r} in {text!r} is not an event word; the words are: {words}")

    try:
        result = build(tree)
    except TypeError as err:
        raise NotationError(f"{text!r} is not an event: {err}") from None
    if not isinstance(result, Event):
        raise NotationError(f"{text!r} is not an event: write e.g. 'holds_joker'")
    return result


__all__ = ["Event", "holds", "holds_all", "holds_any", "count_between", "holds_joker", "trumps_at_least",
           "trumps_at_most", "trumps_exactly", "no_trumps", "right_bower", "left_bower", "both_bowers",
           "jamboree", "jamboree_in_any_suit", "two_jamborees", "cards_of_suit_at_least", "void_in",
           "aces_at_least", "event", "seat", "dealer", "eldest", "dealers_partner", "any_seat",
           "upcard_is", "upcard_is_joker", "upcard_suit", "deal_event", "parse"]

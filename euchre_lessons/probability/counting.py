"""How ``probability.exact`` counts the hands that satisfy an event: three paths.

* ``count`` (combinatorial). Most events are built from *counts*: how many cards of a fixed set
  a hand holds, tested against a range (see ``events``). Group the unseen cards into *atoms*: cards
  that lie in exactly the same counted sets (for ``trumps_at_least(3, "hearts") & holds_joker``:
  the Joker, the other trumps, everything else). A hand is then described by how many cards it
  takes from each atom, and the number of hands with those counts is a product of binomials
  ``C(size_1, c_1) * C(size_2, c_2) * ...``. Summing that product over the count vectors for which
  the event holds gives the exact number of hands, after looking at a few dozen vectors instead
  of millions of hands. Used whenever the number of count vectors is at most ``COUNT_LIMIT``.
* ``enumerate`` (vectorised). Every hand is listed as a 64-bit mask with numpy, in chunks (one
  chunk per lowest card of the hand), and the event is evaluated on whole arrays (a popcount of
  ``hand & mask`` per counted set). All 4,272,048 seven-card hands of the 33-card pack take well
  under a second for a simple event. Used for count events with too many atoms, up to
  ``ENUMERATE_LIMIT`` hands.
* ``python``: events built with ``events.event(name, function)`` call the function once per
  hand, listed with ``itertools.combinations``: exact but slow (about a million hands a minute);
  refused past ``PYTHON_LIMIT`` hands.
"""
from __future__ import annotations

import itertools
from math import comb
from typing import TYPE_CHECKING

from ..cards import cards_of
from ..errors import NotExactError
from .events import Event

if TYPE_CHECKING:  # numpy is imported where it is used: exact counting needs none
    import numpy as np

COUNT_LIMIT = 200_000
ENUMERATE_LIMIT = 40_000_000
PYTHON_LIMIT = 2_000_000
_CONST = {True: Event("const", "always", "True", "hand", (True,)),
          False: Event("const", "never", "False", "hand", (False,))}


def _leaves(e: Event, out: list) -> list:
    if e.kind in ("count", "function"):
        out.append(e)
    elif e.kind in ("and", "or", "not"):
        for a in e.args:
            _leaves(a, out)
    elif e.kind != "const":
        raise NotExactError(f"'{e.name}' is not about one hand")
    return out


def _masks(e: Event, rules) -> list[int]:
    """The distinct counted sets of a hand event (function leaves count none)."""
    masks = []
    for leaf in _leaves(e, []):
        if leaf.kind == "count":
            m = leaf.mask(rules)
            if m not in masks:
                masks.append(m)
    return masks


def _evaluate(e: Event, counts: dict) -> bool:
    """The event, given the number of cards the hand holds of each counted set."""
    kind = e.kind
    if kind == "count":
        return e.args[2] <= counts[e] <= e.args[3]
    if kind == "and":
        return all(_evaluate(a, counts) for a in e.args)
    if kind == "or":
        return any(_evaluate(a, counts) for a in e.args)
    if kind == "not":
        return not _evaluate(e.args[0], counts)
    return e.args[0]


def atoms(unseen: int, masks: list[int]) -> list[tuple[int, tuple[bool, ...]]]:
    """The unseen cards grouped by which counted sets hold them: (size, membership) pairs."""
    groups: dict = {}
    m = unseen
    while m:
        low = m & -m
        key = tuple(bool(low & x) for x in masks)
        groups[key] = groups.get(key, 0) + 1
        m ^= low
    return [(size, key) for key, size in groups.items()]


def count_vectors(sizes: list[int], k: int) -> int:
    """How many ways ``k`` cards split over atoms of these sizes (ignoring which cards)."""
    ways = [1] + [0] * k
    for s in sizes:
        ways = [sum(ways[r - c] for c in range(min(s, r) + 1)) for r in range(k + 1)]
    return ways[k]


def by_counting(e: Event, rules, unseen: int, k: int) -> int:
    """The number of ``k``-card hands from ``unseen`` for which count event ``e`` holds."""
    masks = _masks(e, rules)
    groups = atoms(unseen, masks)
    leaves = [x for x in _leaves(e, []) if x.kind == "count"]
    index = {leaf: masks.index(leaf.mask(rules)) for leaf in leaves}
    sizes = [s for s, _ in groups]
    room = [sum(sizes[i:]) for i in range(len(sizes))] + [0]
    total = 0
    taken = [0] * len(masks)

    def walk(i: int, left: int, weight: int):
        nonlocal total
        if i == len(groups):
            if _evaluate(e, {leaf: taken[j] for leaf, j in index.items()}):
                total += weight
            return
        size, key = groups[i]
        for c in range(max(0, left - room[i + 1]), min(size, left) + 1):
            for j, inside in enumerate(key):
                if inside:
                    taken[j] += c
            walk(i + 1, left - c, weight * comb(size, c))
            for j, inside in enumerate(key):
                if inside:
                    taken[j] -= c

    walk(0, k, 1)
    return total


# ---- every hand, vectorised ------------------------------------------------------------------

def hand_chunks(unseen: int, k: int):
    """Every ``k``-card hand of the ``unseen`` cards as uint64 bit masks, in chunks.

    ``A[r]`` lists the r-card sets ordered by lowest card, highest first, so the sets whose
    cards all lie above position m are a prefix of it; a chunk is one lowest card m joined to
    such a prefix of ``A[k - 1]``.
    """
    import numpy as np  # deferred: start-up (numpy; numpy only where hands are arrays: the exact counts need none)

    bits = np.array([c.bit for c in cards_of(unseen)], dtype=np.uint64)
    n = len(bits)
    if k == 0:
        yield np.zeros(1, dtype=np.uint64)
        return
    level = np.zeros(1, dtype=np.uint64)
    for r in range(1, k):
        level = np.concatenate([bits[m] | level[:comb(n - m - 1, r - 1)] for m in range(n - 1, -1, -1)])
    for m in range(n - k + 1):
        yield bits[m] | level[:comb(n - m - 1, k - 1)]


def on_hands(e: Event, hands: np.ndarray, rules) -> np.ndarray:
    """The event for each hand of an array of uint64 masks, as a bool array."""
    import numpy as np  # deferred: start-up (numpy)

    kind = e.kind
    if kind == "count":
        held = np.bitwise_count(hands & np.uint64(e.mask(rules)))
        lo, hi = e.args[2], e.args[3]
        return (held >= lo) & (held <= hi)
    if kind == "and":
        out = on_hands(e.args[0], hands, rules)
        for a in e.args[1:]:
            out &= on_hands(a, hands, rules)
        return out
    if kind == "or":
        out = on_hands(e.args[0], hands, rules)
        for a in e.args[1:]:
            out |= on_hands(a, hands, rules)
        return out
    if kind == "not":
        return ~on_hands(e.args[0], hands, rules)
    if kind == "const":
        return np.full(len(hands), e.args[0])
    if kind == "function":
        fn = e.args[0]
        return np.fromiter((bool(fn(cards_of(int(h)))) for h in hands), dtype=bool, count=len(hands))
    raise NotExactError(f"'{e.name}' is not about one hand")


def by_enumerating(e: Event, rules, unseen: int, k: int) -> int:
    import numpy as np  # deferred: start-up (numpy)

    return int(sum(int(np.count_nonzero(on_hands(e, chunk, rules))) for chunk in hand_chunks(unseen, k)))


def by_python(e: Event, rules, unseen: int, k: int) -> int:
    return sum(1 for hand in itertools.combinations(cards_of(unseen), k)
               if e.test_hand(sum(c.bit for c in hand), rules))


def choose_method(e: Event, rules, unseen: int, k: int) -> str:
    """``count`` when the structure allows few count vectors, else ``enumerate``, else ``python``."""
    hands = comb(unseen.bit_count(), k)
    if e.needs_function:
        return "python"
    groups = atoms(unseen, _masks(e, rules))
    if count_vectors([s for s, _ in groups], k) <= COUNT_LIMIT or hands > ENUMERATE_LIMIT:
        return "count"
    return "enumerate"


def count_hands(e: Event, rules, unseen: int, k: int, method: str = "auto") -> tuple[int, str]:
    """(number of ``k``-card hands of ``unseen`` with ``e``, the path used)."""
    if method == "auto":
        method = choose_method(e, rules, unseen, k)
    hands = comb(unseen.bit_count(), k)
    if method == "count":
        if e.needs_function:
            raise NotExactError(f"'{e.name}' tests a Python function, so its hands cannot be counted "
                                "by categories: use method='python'")
        return by_counting(e, rules, unseen, k), method
    if method == "enumerate":
        if hands > ENUMERATE_LIMIT:
            raise NotExactError(f"listing {hands:,} hands for '{e.name}' is past the limit of "
                                f"{ENUMERATE_LIMIT:,}: use method='count' or estimate()")
        if e.needs_function:
            method = "python"
        else:
            return by_enumerating(e, rules, unseen, k), method
    if method == "python":
        if hands > PYTHON_LIMIT:
            raise NotExactError(
                f"'{e.name}' tests a Python function once per hand, and there are {hands:,} hands "
                f"(limit {PYTHON_LIMIT:,}): give known= cards to shrink the question, build the event "
                "from counting words (holds, trumps_at_least, ...), or use estimate()")
        return by_python(e, rules, unseen, k), method
    raise NotExactError(f"method {method!r} is not one of 'auto', 'count', 'enumerate', 'python'")


# ---- deal events: condition on the upcard ----------------------------------------------------

def _places(e: Event, out: set) -> set:
    if e.kind == "seat":
        out.add(e.args[0])
    elif e.kind == "any_seat":
        out.add("any")
    elif e.kind == "deal_function":
        raise NotExactError(f"'{e.name}' tests a whole deal with a Python function: use estimate()")
    elif e.kind in ("and", "or", "not"):
        for a in e.args:
            _places(a, out)
    return out


def _upcard_leaves(e: Event, out: list) -> list:
    if e.kind == "upcard":
        out.append(e)
    elif e.kind in ("and", "or", "not"):
        for a in e.args:
            _upcard_leaves(a, out)
    return out


def given_upcard(e: Event, upcard_bit: int) -> Event:
    """The hand event that a deal event (about the upcard and one seat) becomes once the upcard
    is known (``upcard_bit`` 0: no card is turned up)."""
    if e.kind == "seat":
        return e.args[1]
    if e.kind == "upcard":
        return _CONST[bool(upcard_bit & e.args[0])]
    if e.kind == "const":
        return e
    parts = tuple(given_upcard(a, upcard_bit) for a in e.args)
    return Event(e.kind, e.name, e.code, "hand", parts)


def deal_plan(e: Event, players: int) -> None:
    """Refuse deal events that exact() cannot answer: several seats, or a function of the deal."""
    places = _places(e, set())
    for where in places:
        if isinstance(where, int) and where >= players:
            raise NotExactError(f"'{e.name}': seat {where} is not at a table of {players} (seats 0 to {players - 1})")
        if where == "partner" and players not in (4, 6):
            raise NotExactError(f"'{e.name}': the dealer has no partner at a table of {players}")
    if "any" in places and players > 1:
        raise NotExactError(
            f"'{e.name}' is about several hands at once, which exact() does not count: use estimate(), "
            "or ask about one seat (for events no two seats can share, P(some seat) = seats x P(one seat))")
    if len(places) > 1:
        raise NotExactError(f"'{e.name}' is about more than one seat ({', '.join(map(str, sorted(places, key=str)))}): "
                            "exact() answers questions about one hand and the upcard; use estimate()")


def upcard_groups(e: Event, rules, unseen: int) -> list[tuple[int, int]]:
    """The unseen cards as possible upcards, grouped so that one representative answers for all:
    (representative bit, how many cards it stands for)."""
    ups = _upcard_leaves(e, [])
    hand_masks = [] if e.needs_function else _masks(given_upcard(e, 0), rules)
    groups: dict = {}
    m = unseen
    while m:
        low = m & -m
        m ^= low
        key: object
        if e.needs_function:
            key = low
        else:
            key = (tuple(bool(low & u.args[0]) for u in ups), tuple(bool(low & x) for x in hand_masks))
        rep, n = groups.get(key, (low, 0))
        groups[key] = (rep, n + 1)
    return list(groups.values())


__all__ = ["count_hands", "hand_chunks", "on_hands", "given_upcard", "deal_plan", "upcard_groups",
           "NotExactError", "COUNT_LIMIT", "ENUMERATE_LIMIT", "PYTHON_LIMIT"]

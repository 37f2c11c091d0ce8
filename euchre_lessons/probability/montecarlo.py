"""The Monte Carlo dealer behind ``probability.estimate``: many deals at once, with numpy.

A batch of deals is a matrix: one row per deal, one column per position of the shuffled pack.
Each row is an independent uniform shuffle of the pack (``Generator.permuted`` along the rows,
a Fisher-Yates shuffle per row in C; the same law as sorting random keys, with no ties), and
each position goes where ``deals.deal`` sends it: the seats' packets clockwise from the dealer's
left, then the turn-up, then the rest. A seat's hand is the bitwise OR of its columns, so a
batch is a few uint64 arrays, and events are tested on whole arrays
(``probability.counting.on_hands``). Several hundred thousand deals a second on one core
(``bench/probability.py``).

The deals have the same law as ``deals.deal`` but not the same sequence: a seed here does not
give the deals ``deal(rules, seed=...)`` gives.
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass

import numpy as np

from .. import rules as _rules
from ..cards import CARDS, cards_of
from ..deals import Deal, positions
from .counting import NotExactError, on_hands
from .event import Event, seat_of

BATCH = 1 << 16


def generator(seed) -> np.random.Generator:
    """A numpy generator from an int or text seed (text is hashed; ``None``: fresh entropy)."""
    if isinstance(seed, str):
        seed = int.from_bytes(hashlib.sha256(seed.encode()).digest()[:8], "little")
    return np.random.default_rng(seed)


@dataclass(frozen=True)
class DealBatch:
    """Deals as arrays: ``seats`` (rows x players) hand masks, ``upcard`` (rows) the turn-up's bit
    (0 when none is turned), ``rest`` (rows) the undealt cards."""

    rules: _rules.RuleSet
    dealer: int
    seats: np.ndarray
    upcard: np.ndarray
    rest: np.ndarray

    def __len__(self) -> int:
        return len(self.upcard)

    def deal(self, row: int) -> Deal:
        """One row as a ``Deal``."""
        up = int(self.upcard[row])
        return Deal(self.rules, self.dealer, tuple(int(m) for m in self.seats[row]),
                    CARDS[up.bit_length() - 1] if up else None, int(self.rest[row]))


def _shuffled(rng, bits: np.ndarray, rows: int) -> np.ndarray:
    """``rows`` independent shuffles of ``bits`` (uint64 card bits), one per row."""
    order = rng.permuted(np.broadcast_to(np.arange(len(bits), dtype=np.uint8), (rows, len(bits))), axis=1)
    return bits[order]


def deal_batches(rules, n: int, rng: np.random.Generator, dealer: int = 0, batch: int = BATCH):
    """``n`` random deals of the whole pack, in batches of at most ``batch``."""
    rs = _rules.load(rules)
    bits_py, where_py = positions(rs, dealer)
    bits = np.array(bits_py, dtype=np.uint64)
    where = np.array(where_py)
    players = rs.players
    seat_cols = [np.flatnonzero(where == s) for s in range(players)]
    up_cols = np.flatnonzero(where == players)
    rest_cols = np.flatnonzero(where == players + 1)
    done = 0
    while done < n:
        rows = min(batch, n - done)
        cards = _shuffled(rng, bits, rows)
        seats = np.stack([np.bitwise_or.reduce(cards[:, c], axis=1) for c in seat_cols], axis=1)
        up = cards[:, up_cols[0]] if len(up_cols) else np.zeros(rows, dtype=np.uint64)
        rest = (np.bitwise_or.reduce(cards[:, rest_cols], axis=1) if len(rest_cols)
                else np.zeros(rows, dtype=np.uint64))
        yield DealBatch(rs, dealer, seats, up, rest)
        done += rows


def partial_batches(rules, n: int, rng, unseen: int, hand_size: int, turn_up: bool, batch: int = BATCH):
    """Deals of the unseen cards only (the known cards are held elsewhere): the turn-up, if the
    rules turn one, then one hand; every seat column holds that hand (only one seat is asked)."""
    rs = _rules.load(rules)
    bits = np.array([c.bit for c in cards_of(unseen)], dtype=np.uint64)
    done = 0
    while done < n:
        rows = min(batch, n - done)
        cards = _shuffled(rng, bits, rows)
        first = 1 if turn_up else 0
        up = cards[:, 0] if turn_up else np.zeros(rows, dtype=np.uint64)
        hand = np.bitwise_or.reduce(cards[:, first:first + hand_size], axis=1)
        seats = np.repeat(hand[:, None], rs.players, axis=1)
        yield DealBatch(rs, 0, seats, up, np.zeros(rows, dtype=np.uint64))
        done += rows


def hand_batches(n: int, rng, unseen: int, hand_size: int, batch: int = BATCH):
    """``n`` random ``hand_size``-card hands of the unseen cards, as uint64 masks, in batches."""
    bits = np.array([c.bit for c in cards_of(unseen)], dtype=np.uint64)
    done = 0
    while done < n:
        rows = min(batch, n - done)
        yield np.bitwise_or.reduce(_shuffled(rng, bits, rows)[:, :hand_size], axis=1)
        done += rows


def on_deals(e: Event, b: DealBatch) -> np.ndarray:
    """A deal event for each deal of a batch, as a bool array."""
    kind = e.kind
    if kind == "seat":
        return on_hands(e.args[1], b.seats[:, seat_of(e.args[0], b.dealer, b.rules.players)], b.rules)
    if kind == "any_seat":
        out = on_hands(e.args[0], b.seats[:, 0], b.rules)
        for s in range(1, b.seats.shape[1]):
            out |= on_hands(e.args[0], b.seats[:, s], b.rules)
        return out
    if kind == "upcard":
        return (b.upcard & np.uint64(e.args[0])) != 0
    if kind in ("and", "or"):
        out = on_deals(e.args[0], b)
        for a in e.args[1:]:
            out = out & on_deals(a, b) if kind == "and" else out | on_deals(a, b)
        return out
    if kind == "not":
        return ~on_deals(e.args[0], b)
    if kind == "const":
        return np.full(len(b), e.args[0])
    if kind == "deal_function":
        return np.fromiter((bool(e.args[0](b.deal(i))) for i in range(len(b))), dtype=bool, count=len(b))
    raise NotExactError(f"'{e.name}' is about one hand: say whose, e.g. seat(0, {e.code})")


__all__ = ["DealBatch", "deal_batches", "partial_batches", "hand_batches", "on_deals", "generator"]

"""Cutting for partners, seats and the first deal (rule book A2, C, D3, D-4).

Each player draws a card from the pack without the Joker (the modern page draws "before the
Joker is added"; Hoyle cuts "as in the ordinary game"). ``cut_ranking`` says whether the ace
is low (Hoyle, LP62) or high (the modern default). Equal ranks are cut again, all players
drawing afresh. Then:

* four players: the two lowest are partners against the two highest; the lowest deals;
* six players: lowest two, middle two and highest two form the three teams; the lowest deals;
* seven players: the lowest chooses his seat first, and so on up; the lowest deals.

Seats are numbered so that the first dealer sits at seat 0 and partners sit opposite.
"""
from __future__ import annotations

import random
from dataclasses import dataclass

from . import rules as _rules
from .cards import Card, pack_cards

# Seats taken in order of the cut, lowest first.
SEAT_ORDER = {4: (0, 2, 1, 3), 6: (0, 3, 1, 4, 2, 5), 7: (0, 1, 2, 3, 4, 5, 6)}


@dataclass(frozen=True)
class Cut:
    """The cards each player drew (player 0 first), the seat each player takes, and how many
    times the cut was made again because of a tie."""

    rules: _rules.RuleSet
    draws: tuple[Card, ...]
    seats: tuple[int, ...]
    recuts: int

    @property
    def dealer(self) -> int:
        """The first dealer's seat (always 0: the lowest cut deals and is seated at 0)."""
        return 0

    @property
    def dealer_player(self) -> int:
        """The player who deals first: the one who cut lowest."""
        return self.seats.index(0)

    def __str__(self) -> str:
        drawn = ", ".join(f"player {p} {c} -> seat {s}" for p, (c, s) in enumerate(zip(self.draws, self.seats)))
        again = f" (cut again {self.recuts} time{'s' if self.recuts != 1 else ''} for ties)" if self.recuts else ""
        return f"{drawn}; player {self.dealer_player} deals first{again}"


def cut_rank(card: Card, ranking: str) -> int:
    """A card's rank in the cut: the ace is 1 under ``ace_low`` and 14 under ``ace_high``."""
    return 1 if card.rank == 14 and ranking == "ace_low" else card.rank


def cut(rules: _rules.RuleSet | str, seed: int | str | None = None, rng: random.Random | None = None) -> Cut:
    """Cut for seats and the first deal under ``rules`` (its ``players`` and ``cut_ranking``)."""
    rs = _rules.load(rules)
    rng = rng if rng is not None else random.Random(seed)
    pack = list(pack_cards(rs.pack, False))
    recuts = 0
    while True:
        draws = rng.sample(pack, rs.players)
        ranks = [cut_rank(c, rs.cut_ranking) for c in draws]
        if len(set(ranks)) == len(ranks):
            break
        recuts += 1
    order = sorted(range(rs.players), key=ranks.__getitem__)
    seats = [0] * rs.players
    for place, player in enumerate(order):
        seats[player] = SEAT_ORDER[rs.players][place]
    return Cut(rs, tuple(draws), tuple(seats), recuts)

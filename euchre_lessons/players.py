"""Computer players. A player is anything with ``choose(view) -> Action``.

It is given only its seat's ``SeatView`` (its own hand and what lies on the table) and
returns one of ``view.legal_actions()``.
"""
from __future__ import annotations

import random


class RandomPlayer:
    """Chooses uniformly among the legal actions, from its own seeded generator."""

    def __init__(self, seed=None):
        self.rng = random.Random(seed)

    def choose(self, view):
        return self.rng.choice(view.legal_actions())

    def __repr__(self) -> str:
        return "RandomPlayer()"

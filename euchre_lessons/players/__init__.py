"""Computer players. A player is anything with ``choose(view) -> Action``.

It is given only its seat's ``SeatView`` (its own hand and what lies on the table) and
returns one of ``view.legal_actions()``. A player may also have ``new_hand(seed)``: the
simulator calls it before every hand with a seed derived from the run's seed and the hand's
number, so a run gives the same result however it is split into chunks.

* ``RandomPlayer`` - a uniformly random legal action.
* ``RuleOfThumbPlayer`` - a sensible table-mate for every preset (``rule_of_thumb``, with its
  arithmetic in ``thumb_tables`` and its card play in ``thumb_play``).
* ``SearchPlayer`` - plays cards by solving sampled layouts that fit what its seat knows
  (``search``).
* ``make(name, seed)`` - a player by name (``PLAYERS``).
"""
from __future__ import annotations

import random

from .rule_of_thumb import RuleOfThumbPlayer


class RandomPlayer:
    """Chooses uniformly among the legal actions, from its own seeded generator."""

    def __init__(self, seed=None):
        self.rng = random.Random(seed)

    def new_hand(self, seed) -> None:
        self.rng.seed(seed)

    def choose(self, view):
        return self.rng.choice(view.legal_actions())

    def __repr__(self) -> str:
        return "RandomPlayer()"


PLAYERS = {"random": RandomPlayer, "rule_of_thumb": RuleOfThumbPlayer}


def make(kind: str, seed=None):
    """A player by name: ``random`` or ``rule_of_thumb``."""
    try:
        return PLAYERS[kind](seed)
    except KeyError:
        raise ValueError(f"no player named {kind!r}: players are {', '.join(PLAYERS)}") from None


def __getattr__(name):
    if name in ("SearchPlayer", "Knowledge"):  # the searching player loads the solver: only when asked
        from . import search

        return getattr(search, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["RandomPlayer", "RuleOfThumbPlayer", "SearchPlayer", "PLAYERS", "make"]

"""Computer players. A player is anything with ``choose(view) -> Action``.

It is given only its seat's ``SeatView`` (its own hand and what lies on the table) and
returns one of ``view.legal_actions()``. A player may also have ``new_hand(seed)``: the
simulator calls it before every hand with a seed derived from the run's seed and the hand's
number, so a run gives the same result however it is split into chunks.

* ``RandomPlayer`` - a uniformly random legal action.
* ``RuleOfThumbPlayer`` - a sensible table-mate for every preset (``rule_of_thumb``, with its
  arithmetic in ``thumb_tables`` and its card play in ``thumb_play``).
* ``ClubPlayer`` - the rule-of-thumb player with two habits of club players (``club``).
* ``SearchPlayer`` - plays cards by solving sampled layouts that fit what its seat knows
  (``search``).
* ``ExpertPlayer`` - bids by searching layouts of the unseen cards and plays by
  ``SearchPlayer`` (``expert``); ``layouts`` deals the worlds that fit a seat's view.
* ``seating`` - players seated at a table: ``seat_players``, ``side_players`` and ``Bots``, one
  player a seat that plays a hand on, reseeded at every decision.
* ``make(name, seed)`` - a player by name (``PLAYERS``) or a level a class can choose
  (``LEVELS``): ``beginner``, ``club``, ``expert``.

The levels, weakest first, with the rule-of-thumb player between the first two:

* ``beginner`` - the rule-of-thumb player, but at one decision in four (where there is a
  choice) it takes a legal action at random, as a learner who does not yet know the maxims;
* (``rule_of_thumb`` - counts trumps to bid, plays by the usual maxims;)
* ``club`` - the rule-of-thumb player that also calls next (the player at the dealer's left
  makes the other suit of the turned-down card's colour a little more readily) and, as a
  defender, returns its partner's lead;
* ``expert`` - searched bidding (``ExpertPlayer``) and searched card play.

How much stronger each is, measured by duplicate play in every preset with partners, is kept
in ``data/strength/levels.json`` (``bench/strength.py``; read by ``teaching.strength``).
"""
from __future__ import annotations

import random
from collections.abc import Callable

from ..errors import PlayerError
from .club import ClubPlayer
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


class NoisyPlayer:
    """A player (``base``) that at a share ``blunders`` of its decisions with a choice takes
    a legal action at random instead, from its own seeded generator."""

    def __init__(self, seed=None, blunders: float = 0.25, base=None):
        self.rng = random.Random(seed)
        self.blunders = float(blunders)
        self.base = base if base is not None else RuleOfThumbPlayer(seed)

    def new_hand(self, seed) -> None:
        self.rng.seed(seed)
        self.base.new_hand(seed)

    def choose(self, view):
        legal = view.legal_actions()
        if len(legal) > 1 and self.rng.random() < self.blunders:
            return self.rng.choice(legal)
        return self.base.choose(view)

    def __repr__(self) -> str:
        return f"NoisyPlayer(blunders={self.blunders})"


def _expert(seed=None, worlds=None):
    from .expert import ExpertPlayer  # deferred: start-up (the searching players load the solver: only when asked)

    return ExpertPlayer(seed, worlds=worlds)


PLAYERS: dict[str, Callable] = {"random": RandomPlayer, "rule_of_thumb": RuleOfThumbPlayer}
LEVELS: dict[str, Callable] = {"beginner": NoisyPlayer, "club": ClubPlayer, "expert": _expert}


def make(kind: str, seed=None, worlds: int | None = None):
    """A player by name: ``random`` or ``rule_of_thumb`` (``PLAYERS``), or a level:
    ``beginner``, ``club`` or ``expert`` (``LEVELS``). ``worlds`` sets how many layouts the
    expert searches per bid (a whole number, 1 or more; default: its own choice per rule set).
    Anything else raises ``PlayerError`` naming the players and levels."""
    names = f"players are {', '.join(PLAYERS)}; levels are {', '.join(LEVELS)}"
    if not isinstance(kind, str) or kind not in PLAYERS and kind not in LEVELS:
        raise PlayerError(f"no player named {kind!r}: {names}")
    if worlds is not None:
        if kind != "expert":
            raise PlayerError(f"worlds={worlds!r}: only the expert searches worlds, not {kind!r}")
        if isinstance(worlds, bool) or not isinstance(worlds, int) or worlds < 1:
            raise PlayerError(f"worlds={worlds!r}: give a whole number of worlds, 1 or more (the expert's "
                              "default is 48)")
        return _expert(seed, worlds)
    return (PLAYERS.get(kind) or LEVELS[kind])(seed)


def __getattr__(name):
    if name in ("SearchPlayer", "Knowledge"):  # the searching player loads the solver: only when asked
        from . import search  # deferred: start-up (the searching players load the solver: only when asked)

        return getattr(search, name)
    if name in ("ExpertPlayer", "Reason"):
        from . import expert  # deferred: start-up (the searching players load the solver: only when asked)

        return getattr(expert, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["RandomPlayer", "RuleOfThumbPlayer", "ClubPlayer", "NoisyPlayer", "SearchPlayer", "ExpertPlayer", "PLAYERS", "LEVELS",
           "make"]

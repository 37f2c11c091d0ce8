"""The computer players of a lesson: ``Bots``, one per seat, and a hand played on by them."""
from __future__ import annotations

from ..hand.view import SeatView
from ..players import make
from ..simulate import seat_players


class Bots:
    """One player per seat from any ``players`` the simulator accepts (a name, a player, one per
    seat or per team). Before each decision the acting player is reseeded from ``seed``, the
    hand's number and the step, so a hand comes out the same however it is played in parts
    (a branch, an undo, a session saved and replayed)."""

    def __init__(self, rules, players="rule_of_thumb", seed=0, hand: int = 0):
        specs = seat_players(rules, players)
        made: dict = {}
        self.players = tuple(make(spec) if isinstance(spec, str) else made.setdefault(id(spec), spec)
                             for spec in specs)
        self.seed, self.hand = seed, hand

    def choose(self, state):
        """The action of the seat to act in ``state``, from its own view."""
        seat = state.to_act
        player = self.players[seat]
        if hasattr(player, "new_hand"):
            player.new_hand(f"{self.seed}:{self.hand}:{len(state.history)}")
        return player.choose(SeatView(state, seat))

    def play_on(self, state, stop=None) -> list:
        """The states after ``state`` as the players act, until the hand is over or
        ``stop(state)`` is true (``state`` itself not included)."""
        out = []
        while not state.is_over and not (stop is not None and stop(state)):
            state = state.apply(self.choose(state))
            out.append(state)
        return out


def play_on(state, players="rule_of_thumb", seed=0) -> list:
    """The states after ``state``, the hand played to its end by ``players`` (see ``Bots``)."""
    return Bots(state.rules, players, seed).play_on(state)

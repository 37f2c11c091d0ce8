"""Computer players seated at a table: ``seat_players`` (one player spec per seat, from any
``players`` the kit accepts), ``side_players`` (one spec for North's side, one for the rest) and
``Bots``, one player per seat that plays a hand on (``play_on``), reseeded at every decision so a
hand comes out the same however it is played in parts."""
from __future__ import annotations

from .. import rules as _rules
from ..game import check_players
from ..table import team_of
from . import make


def seat_players(rules, players="rule_of_thumb") -> tuple:
    """One player spec (a name or a player object) per seat, from any accepted ``players``
    (``game.check_players``, names allowed); an unknown name fails here, before any work is sent out."""
    out = check_players(rules, players, names=True)
    for spec in dict.fromkeys(s for s in out if isinstance(s, str)):
        make(spec)
    return out


def side_players(rules, mine: str, others: str) -> tuple:
    """One player name per seat of ``rules``: ``mine`` for North's side (North's team; in the
    seven-handed game North alone), ``others`` for every other seat."""
    rs = _rules.load(rules)
    n = rs.players
    return tuple(mine if team_of(s, n) == team_of(0, n) else others for s in range(n))


class Bots:
    """One player per seat from any ``players`` the simulator accepts (a name, a player, one per
    seat or per team). Before each decision the acting player is reseeded from ``seed``, the
    hand's number and the step, so a hand comes out the same however it is played in parts
    (a branch, an undo, a session saved and replayed).

    A player that keeps the reason for a decision (the expert's ``last_reason``) has it kept in
    ``reasons``, as ``(step, seat, reason)``: ``step`` is the number of actions taken before
    that decision."""

    def __init__(self, rules, players="rule_of_thumb", seed=0, hand: int = 0):
        specs = seat_players(rules, players)
        made: dict = {}
        self.players = tuple(make(spec) if isinstance(spec, str) else made.setdefault(id(spec), spec)
                             for spec in specs)
        self.seed, self.hand = seed, hand
        self.reasons: list = []

    def choose(self, state):
        """The action of the seat to act in ``state``, from its own view."""
        seat = state.to_act
        player = self.players[seat]
        if hasattr(player, "new_hand"):
            player.new_hand(f"{self.seed}:{self.hand}:{len(state.history)}")
        before = getattr(player, "last_reason", None)
        action = player.choose(state.view(seat))
        reason = getattr(player, "last_reason", None)
        if reason is not None and reason is not before:
            self.reasons.append((len(state.history), seat, reason))
        return action

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

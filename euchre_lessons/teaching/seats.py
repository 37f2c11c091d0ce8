"""The computer players of a lesson: ``Bots``, one per seat, and a hand played on by them; the
levels a class can choose (``LEVEL_WORDS``, ``level_of``) and players set per side
(``side_players``)."""
from __future__ import annotations

from .. import rules as _rules
from ..players import make
from ..simulate import seat_players
from ..table import team_of

# What each player a class can choose plays like, in words, weakest first (players.LEVELS, with the
# rule-of-thumb player, the kit's table-mate, between the beginner and the club player).
LEVEL_WORDS = {
    "beginner": "plays by the rules of thumb, but at one decision in four where it has a choice it takes a "
                "legal action at random",
    "rule_of_thumb": "plays by the rules of thumb: it counts its trumps to bid and plays by the usual maxims",
    "club": "plays by the rules of thumb with two club players' habits: at the dealer's left it calls next (the "
            "other suit of the turned-down card's colour) a little more readily, and as a defender it leads back "
            "the suit its partner led",
    "expert": "bids by trying each choice on many deals of the cards it cannot see, and plays its cards by "
              "solving such deals; it takes longer to answer",
}


def level_of(players) -> str | None:
    """The player a class chose, if ``players`` is one of ``LEVEL_WORDS`` (a level, or the
    ``rule_of_thumb`` player); None for anything else."""
    return players if isinstance(players, str) and players in LEVEL_WORDS else None


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

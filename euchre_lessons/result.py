"""A finished hand's result: tricks per seat and team, the scoring outcome, points, and why."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .outcome import HandScore, Outcome
from .scoring import score, seat_points
from .table import numbered_seats, seat_name, team_name, team_of
from .words import capital, seats_words

# ``state`` below is a finished HandState, typed Any: hand.state imports this module, and a type
# import back would close a circle (tests/test_layers.py).


@dataclass(frozen=True, slots=True)
class HandResult:
    """Tricks and points of a finished hand.

    ``points_by_team`` has one entry per scoring unit: two sides (4 players), three teams (6),
    or seven players each scoring for himself.
    """

    rules: object
    tricks_by_seat: tuple
    tricks_by_team: tuple
    points_by_team: tuple
    maker: int | None
    maker_team: int | None
    outcome: Outcome
    score: HandScore
    explanation: str

    @property
    def points_by_seat(self) -> tuple:
        """Each seat's share: its team's points (so partners show the same figure)."""
        n = len(self.tricks_by_seat)
        return tuple(self.points_by_team[team_of(s, n)] for s in range(n))

    @property
    def makers(self) -> int:
        return self.score.makers

    @property
    def defenders(self) -> int:
        return self.score.defenders

    def __str__(self) -> str:
        return self.explanation

    def _repr_html_(self) -> str:
        n = len(self.tricks_by_seat)
        rows = "".join(f"<tr><td>{team_name(t, n)}</td><td>{self.tricks_by_team[t]}</td>"
                       f"<td>{self.points_by_team[t]}</td></tr>" for t in range(len(self.points_by_team)))
        return (f"<p>{self.explanation}</p><table><tr><th>team</th><th>tricks</th><th>points</th></tr>"
                f"{rows}</table>")


def outcome_of(state: Any) -> Outcome:
    """The scoring summary of a finished hand."""
    n, rules, setup = state.players, state.rules, state.setup
    size = rules.hand_size
    won = state.tricks_won
    if setup.passed_out:
        return Outcome(0, tricks=size, passed_out=True,
                       defender_tricks=(0,) * (rules.teams - 1 if rules.partnerships else 1))
    side = setup.side
    maker_tricks = sum(won[s] for s in range(n) if side >> s & 1)
    if rules.partnerships:
        maker_team = team_of(setup.maker, n)
        defending: list[int | None] = [t for t in range(rules.teams) if t != maker_team]
        defender_tricks = tuple(sum(won[s] for s in range(n) if team_of(s, n) == t) for t in defending)
    else:
        defending = [None]
        defender_tricks = (size - maker_tricks,)
    lone_team, jamboree, jamboree_defender = 0, None, 0
    if setup.lone_defender is not None:
        lone_team = defending.index(team_of(setup.lone_defender, n))
    if setup.jamboree is not None:
        holder = setup.jamboree
        if side >> holder & 1:
            jamboree = "makers"
        else:
            jamboree, jamboree_defender = "defenders", defending.index(team_of(holder, n))
    return Outcome(maker_tricks, alone=setup.alone, tricks=size, defender_tricks=defender_tricks,
                   defended_alone=setup.lone_defender is not None, lone_defender_team=lone_team,
                   pat=setup.pat, jambone=setup.jambone, jamboree=jamboree,
                   jamboree_defender=jamboree_defender, bid=setup.bid)


def team_tally(state: Any, hand_score: HandScore) -> tuple[int | None, tuple[int, ...], tuple[int, ...]]:
    """``(maker team, tricks by team, points by team)`` of a finished hand scored ``hand_score``.

    The one place a hand's points are shared out: the makers' points go to the maker's team
    and the defenders' to each other team in turn from the maker's (``defenders_by_team``);
    seven-handed, every seat scores for itself, as ``scoring.seat_points`` shares the bid out
    (to each seat of the winning side, or once per side: ``seven_bid_scoring``, rule book C-1).
    A passed-out hand has no maker team and no points.
    """
    rules, setup = state.rules, state.setup
    n, teams = rules.players, rules.teams
    won = state.tricks_won
    tricks = [0] * teams
    for seat in range(n):
        tricks[team_of(seat, n)] += won[seat]
    points = [0] * teams
    maker_team = None
    if not setup.passed_out:
        if rules.partnerships:
            maker_team = team_of(setup.maker, n)
            points[maker_team] = hand_score.makers
            defending = [t for t in range(teams) if t != maker_team]
            for t, p in zip(defending, hand_score.defenders_by_team):
                points[t] = p
        else:
            maker_team = setup.maker
            points = list(seat_points(rules, hand_score, setup.maker, setup.side))
    return maker_team, tuple(tricks), tuple(points)


def hand_result(state: Any) -> HandResult:
    """The result of a finished hand: tricks and points per seat and team, and why in words."""
    outcome = outcome_of(state)
    hand_score = score(state.rules, outcome)
    maker_team, tricks_by_team, points = team_tally(state, hand_score)
    explanation = (_story(state) + " " + hand_score.explanation + " " + _points_words(points, state.players)).strip()
    return HandResult(state.rules, state.tricks_won, tricks_by_team, points, state.setup.maker, maker_team, outcome,
                      hand_score, capital(explanation))


def _story(state: Any) -> str:
    """One or two sentences on who made what."""
    setup = state.setup
    if setup.passed_out:
        return ""
    n = state.players
    maker = seat_name(setup.maker, n)
    trump = state.trump.word
    if setup.bid is not None:
        return f"{maker} bid {setup.bid}, named {trump} and took {seats_words(setup.partners, n)} as partners."
    words = [f"{maker} made {trump}" if trump != "no trump" else f"{maker} made it a no-trump hand"]
    if setup.alone:
        words.append("pat and alone" if setup.pat else "alone")
    if setup.jambone:
        words.append("with a Jambone")
    text = " and went ".join(words[:2]) + (" " + words[2] if len(words) > 2 else "") + "."
    if setup.lone_defender is not None:
        text += f" {seat_name(setup.lone_defender, n)} defended alone."
    return text


def _points_words(points: tuple, n: int) -> str:
    """Every team's points, zeros included, so a reader sees who scored nothing too:
    ``Points: North-South 0, East-West 2.``; at a table of numbered seats, the seats by their
    points (``Points: 6 each to seats 1, 2, 3 and 6; 0 to seats 0, 4 and 5.``), where a seat's
    number beside its points misread ("seat 0 0")."""
    if not numbered_seats(n):
        return "Points: " + ", ".join(f"{team_name(t, n)} {p}" for t, p in enumerate(points)) + "."
    said = []
    for p in sorted(set(points), reverse=True):
        seats = [t for t, q in enumerate(points) if q == p]
        said.append(f"{p}{' each' if len(seats) > 1 and p else ''} to {seats_words(seats, n)}")
    return "Points: " + "; ".join(said) + "."

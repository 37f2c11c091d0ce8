"""Games and matches: hands played one after another, the deal passing to the left.

``play_hand(deal, players)`` plays one hand; ``play_game(rules, players, seed=...)`` plays to
the target (or, seven-handed, a sitting of ``seven_deals`` deals), calling ``before_hand`` (if
given) before each deal; ``play_match`` plays several games, carrying laps from one game into
the next. ``points_of(state)`` is a finished hand's points per team, without the words of
``state.result()`` (the game loop and the simulator score every hand with it).

Set-ups are checked before a card is dealt: players that do not fill the table (one for
every seat, one per seat or one per team, each with ``choose(view)``: ``check_players``)
raise ``PlayerError``; a start score of the wrong shape, or a match
of no games, ``ScoringError``.
"""
from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from . import rules as _rules
from .deals import Deal, deal
from .errors import PlayerError, ScoringError
from .hand.state import HandState
from .result import outcome_of, team_tally
from .scoring import _add_hand, _check_score, _score
from .table import team_name, team_of

if TYPE_CHECKING:
    from pandas import DataFrame

    from .outcome import HandScore, Outcome

# A game's end, as ``count_hand`` gives it: (winner, winners, games won, slams, carried).
GameEnd = tuple[int, tuple[int, ...], tuple[int, ...], int, tuple[int, ...]]


def check_players(rules: _rules.RuleSet | str, players: Any, names: bool = False) -> tuple[Any, ...]:
    """One player per seat of ``rules``, from ``players``: one player for every seat, one per
    seat, or with partnerships one per team (the seats of team ``t`` get the ``t``-th). A player
    is an object with ``choose(view)``, or with ``names`` also a player's name (``players.make``
    makes it later). Anything else raises ``PlayerError`` naming what was given and what the
    table needs. The one check that players fill a table: the games here, the simulator and the
    lessons' computer players all make it."""
    return _check_players(_rules.load(rules), players, names)


def _check_players(rs: _rules.RuleSet, players: Any, names: bool = False) -> tuple[Any, ...]:
    n = rs.players
    if isinstance(players, str) or hasattr(players, "choose"):
        given: tuple = (players,)
    else:
        try:
            given = tuple(players)
        except TypeError:  # not a sequence: one player for every seat, if it is one
            given = (players,)
    if len(given) == 1:
        seats = given * n
    elif len(given) == n:
        seats = given
    elif rs.partnerships and len(given) == rs.teams:
        seats = tuple(given[team_of(s, n)] for s in range(n))
    else:
        teams = f" or one per team ({rs.teams})" if rs.partnerships else ""
        raise PlayerError(f"players={players!r}: {len(given)} players given, but {rs.name} needs one player per "
                          f"seat ({n}){teams}, or one for every seat, such as players.make('rule_of_thumb', seed)")
    for seat, p in enumerate(seats):
        if names and isinstance(p, str) or callable(getattr(p, "choose", None)):
            continue
        named = " or a player's name" if names else ""
        made = "; make a player from a name with players.make(name, seed)" if isinstance(p, str) else ""
        raise PlayerError(f"the player for seat {seat}, {p!r}, is not a player (an object with choose(view)){named}: "
                          f"give a player such as players.make('random', seed){made}")
    return seats


def play_hand(the_deal: Deal | str, players: Any) -> HandState:
    """Play a dealt hand to the end; ``players[seat].choose(view)`` decides for each seat."""
    s = HandState.start(the_deal)
    players = _check_players(s.rules, players)
    while not s.is_over:
        seat = s.to_act
        s = s.apply(players[seat].choose(s.view(seat)))
    return s


def _no_scores(rs: _rules.RuleSet) -> dict[Outcome, HandScore]:
    return {}  # hand scores by outcome, filled as a run meets them


def points_of(state: HandState) -> tuple[Outcome, HandScore, int | None, tuple[int, ...], tuple[int, ...]]:
    """``(outcome, hand score, maker team, tricks by team, points by team)`` of a finished hand:
    what ``state.result()`` gives, without its explanation in words, the scores remembered
    per rule set and outcome (a long run meets only a few dozen outcomes); the points shared
    out by ``result.team_tally``, as ``state.result()`` shares them."""
    rs = state.rules
    outcome = outcome_of(state)
    cache = rs.derived("scores", _no_scores)
    hand_score = cache.get(outcome)
    if hand_score is None:
        hand_score = cache[outcome] = _score(rs, outcome)
    maker_team, tricks, points = team_tally(state, hand_score)
    return outcome, hand_score, maker_team, tricks, points


@dataclass(frozen=True, slots=True)
class GameRecord:
    """A game hand by hand: each hand's final state and the score after it; who won, the games
    each side won, the slams and the points carried into the next game. A value: it cannot be
    changed."""

    rules: _rules.RuleSet
    first_dealer: int
    hands: tuple = ()
    scores: tuple = ()
    games_won: tuple = ()
    winner: int | None = None
    winners: tuple = ()
    slams: int = 0
    carried: tuple = ()

    @property
    def final_score(self) -> tuple:
        return self.scores[-1] if self.scores else ()

    def scoreboard(self, hidden: bool = False) -> DataFrame:
        """The score after each hand, one column per team (or player). ``hidden=True`` shows
        only how many hands were played: Foster's seven-handed table keeps the score from the
        players, "in order that none of those in the game may know how the various scores stand"."""
        import pandas as pd  # deferred: start-up (pandas)

        n = self.rules.players
        columns = [team_name(t, n) for t in range(self.rules.teams)]
        rows = [["?"] * len(columns) if hidden else list(score) for score in self.scores]
        return pd.DataFrame(rows, columns=columns, index=pd.RangeIndex(1, len(rows) + 1, name="hand"))

    def table(self) -> DataFrame:
        """One row per hand: dealer, maker, trump, alone, points per team, score after."""
        import pandas as pd  # deferred: start-up (pandas)

        rows = []
        for i, (state, after) in enumerate(zip(self.hands, self.scores)):
            result = state.result()
            rows.append({"hand": i + 1, "dealer": state.dealer, "maker": state.maker,
                         "trump": state.trump.word if state.trump is not None else None,
                         "alone": state.alone, "points": result.points_by_team, "score": after})
        return pd.DataFrame(rows)


HAND_LIMIT = 100_000  # hands: far past any game's length (a game to the largest target takes thousands)


def play_game(rules: _rules.RuleSet | str, players: Any, seed: int | str | None = None, first_dealer: int = 0,
              start_score: Sequence[int] | None = None, rng: random.Random | None = None,
              before_hand: Callable[[int, int], object] | None = None, hand_limit: int = HAND_LIMIT) -> GameRecord:
    """Play hands, rotating the deal to the left, until a game is won (or the sitting ends).

    The deals come from ``rng`` (else a generator seeded with ``seed``). ``before_hand(hand,
    dealer)``, if given, is called before each hand is dealt, with the hand's number in the game
    (from 0) and its dealer: the simulator reseeds its players there. A game not won within
    ``hand_limit`` hands raises ``ScoringError`` (players that never score never finish)."""
    return _play_game(_rules.load(rules), players, seed, first_dealer, start_score, rng, before_hand, hand_limit)


def _play_game(rs: _rules.RuleSet, players: Any, seed: int | str | None = None, first_dealer: int = 0,
               start_score: Sequence[int] | None = None, rng: random.Random | None = None,
               before_hand: Callable[[int, int], object] | None = None, hand_limit: int = HAND_LIMIT) -> GameRecord:
    players = _check_players(rs, players)
    score = _start(rs, start_score) if start_score is not None else (0,) * rs.teams
    if isinstance(hand_limit, bool) or not isinstance(hand_limit, int) or hand_limit < 1:
        raise ScoringError(f"hand_limit={hand_limit!r}: give a whole number of hands, 1 or more")
    rng = rng if rng is not None else random.Random(seed)
    hands: list = []
    scores: list = []
    dealer = first_dealer
    while True:
        if len(hands) >= hand_limit:
            raise ScoringError(f"no game won in hand_limit={hand_limit:,} hands under {rs.name} "
                               f"(score {', '.join(map(str, score))} of {rs.game_target}): do these players ever score?")
        if before_hand is not None:
            before_hand(len(hands), dealer)
        state = play_hand(deal(rs, rng=rng, dealer=dealer), players)
        hands.append(state)
        dealer = (dealer + 1) % rs.players
        score, shown, end = _count_hand(rs, score, state, len(hands))
        scores.append(shown)
        if end is not None:
            winner, winners, games_won, slams, carried = end
            return GameRecord(rs, first_dealer, tuple(hands), tuple(scores), games_won, winner, winners, slams,
                              carried)


def _start(rs: _rules.RuleSet, start_score: Sequence[int]) -> tuple[int, ...]:
    """A game's start score: one whole number per team, short of the target; below zero only
    where a hand can take points away (a Jambone euchre that costs the makers 2)."""
    score = _check_score(rs, start_score, "start_score")
    if max(score) >= rs.game_target:
        raise ScoringError(f"start_score={start_score!r} under {rs.name}: a score of {max(score)} has already won "
                           f"a game to {rs.game_target}; give scores below {rs.game_target}")
    if min(score) < 0 and rs.jambone_euchre_penalty not in ("makers_minus_2", "both"):
        raise ScoringError(f"start_score={start_score!r} under {rs.name}: no hand takes points away in these rules, "
                           "so a score cannot be below 0")
    return score


def count_hand(rules: _rules.RuleSet | str, score: tuple[int, ...], state: HandState,
               hands: int) -> tuple[tuple[int, ...], tuple[int, ...], GameEnd | None]:
    """A finished hand counted into a game: ``(score, shown, end)``. ``score`` is the game's
    score to go on from, ``shown`` the score to show after the hand (the winner's total when the
    game ends), and ``end`` None while the game goes on, else ``(winner, winners, games won,
    slams, carried)``. ``hands`` is the number of hands played so far, this one included (the
    seven-handed sitting ends after ``seven_deals``)."""
    return _count_hand(_rules.load(rules), score, state, hands)


def _count_hand(rs: _rules.RuleSet, score: tuple[int, ...], state: HandState,
                hands: int) -> tuple[tuple[int, ...], tuple[int, ...], GameEnd | None]:
    _, _, maker_team, _, points = points_of(state)
    if rs.scoring == "auction":
        score = tuple(a + b for a, b in zip(score, points))
        if hands < rs.seven_deals:
            return score, score, None
        best = max(score)
        winners = tuple(t for t, x in enumerate(score) if x == best)  # equal totals share (K31)
        return score, score, (winners[0], winners, tuple(int(x == best) for x in score), 0, (0,) * rs.teams)
    update = _add_hand(rs, score, points, makers=maker_team)
    if not update.games_completed:
        return update.after, update.after, None
    shown = tuple(a + b for a, b in zip(update.before, update.points))
    winner = update.winners[0]
    return update.after, shown, (winner, (winner,), update.games_won, update.slams, update.carried)


def play_match(rules: _rules.RuleSet | str, players: Any, games: int = 3, seed: int | str | None = None,
               first_dealer: int = 0) -> list[GameRecord]:
    """Several games in a row; with laps, a game starts from the points carried out of the last."""
    rs = _rules.load(rules)
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise ScoringError(f"games={games!r}: a match is a whole number of games, 1 or more")
    players = _check_players(rs, players)
    rng = random.Random(seed)
    records: list[GameRecord] = []
    carried, dealer = None, first_dealer
    while len(records) < games:
        rec = _play_game(rs, players, rng=rng, first_dealer=dealer, start_score=carried)
        records.append(rec)
        carried = rec.carried if rs.laps else None
        dealer = (dealer + len(rec.hands)) % rs.players
    return records

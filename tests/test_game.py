"""game: hands played one after another, the deal passing to the left; games to the target,
matches of several games, and the seven-handed sitting (rule book A3, A8, K5, K31).
"""
from __future__ import annotations

import pytest

from euchre_lessons import game, rules, scoring
from euchre_lessons.players import RandomPlayer

PRESETS = rules.names()
TARGET_PRESETS = [p for p in PRESETS if rules.load(p).scoring != "auction"]


def random_players(n: int, seed: int = 0) -> list:
    return [RandomPlayer(seed * 100 + seat) for seat in range(n)]


class PassesFirstHand:
    """Passes whenever it may while ``dealer`` deals; otherwise plays at random."""

    def __init__(self, seed: int, dealer: int = 0):
        self.random = RandomPlayer(seed)
        self.dealer = dealer

    def choose(self, view):
        legal = view.legal_actions()
        if view.dealer == self.dealer and any(str(a) == "pass" for a in legal):
            return next(a for a in legal if str(a) == "pass")
        return self.random.choose(view)


@pytest.mark.parametrize("preset", TARGET_PRESETS)
def test_play_game_reaches_the_target(preset):
    rs = rules.load(preset)
    record = game.play_game(rs, random_players(rs.players), seed=3)
    assert record.winner is not None
    final = record.final_score
    assert len(final) == rs.teams
    assert final[record.winner] >= rs.game_target
    assert final[record.winner] == max(final)
    assert record.games_won[record.winner] >= 1
    # before the last hand nobody had won (equal totals at the target play on: K24)
    for before in record.scores[:-1]:
        low, high = sorted(before)[-2:]
        assert high < rs.game_target or low == high


@pytest.mark.parametrize("preset", TARGET_PRESETS)
def test_scores_add_up_hand_by_hand(preset):
    rs = rules.load(preset)
    record = game.play_game(rs, random_players(rs.players, 1), seed=4)
    running = (0,) * rs.teams
    for state, after in zip(record.hands, record.scores):
        points = state.result().points_by_team
        running = tuple(a + b for a, b in zip(running, points))
        assert after == running


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("first_dealer", [0, 2])
def test_the_deal_passes_to_the_left_each_hand(preset, first_dealer):
    rs = rules.load(preset)
    record = game.play_game(rs, random_players(rs.players, 2), seed=5, first_dealer=first_dealer)
    assert len(record.hands) >= 1
    assert [s.dealer for s in record.hands] == [(first_dealer + k) % rs.players for k in range(len(record.hands))]


@pytest.mark.parametrize("preset", ["hoyle_ordinary", "standard", "hoyle_railroad", "modern_railroad",
                                    "modern_railroad_6p"])
def test_a_passed_out_hand_counts_as_a_deal(preset):
    """K5: no points, and the seat on the dealer's left deals next."""
    rs = rules.load(preset)
    players = [PassesFirstHand(seat) for seat in range(rs.players)]
    record = game.play_game(rs, players, seed=6, first_dealer=0)
    first = record.hands[0]
    assert first.passed_out and first.dealer == 0
    assert record.scores[0] == (0,) * rs.teams
    assert record.hands[1].dealer == 1
    assert record.winner is not None


def test_play_match_plays_n_games():
    rs = rules.load("standard")
    records = game.play_match(rs, random_players(4, 3), games=3, seed=7)
    assert len(records) == 3
    for record in records:
        assert record.winner is not None
        assert record.final_score[record.winner] >= rs.game_target
    # the deal keeps passing to the left from one game to the next
    for a, b in zip(records, records[1:]):
        assert b.hands[0].dealer == (a.hands[-1].dealer + 1) % 4


def test_play_match_carries_laps_into_the_next_game():
    rs = rules.load("hoyle_railroad_full")
    records = game.play_match(rs, random_players(4, 4), games=4, seed=8)
    assert len(records) == 4
    for a, b in zip(records, records[1:]):
        first_points = b.hands[0].result().points_by_team
        update = scoring.add_hand(rs, a.carried, first_points, makers=b.hands[0].result().maker_team)
        expected = (tuple(x + y for x, y in zip(a.carried, first_points)) if update.games_completed
                    else update.after)
        assert b.scores[0] == expected


@pytest.mark.parametrize("deals", [7, 3])
def test_seven_handed_sitting_has_seven_deals(deals):
    rs = rules.load("hoyle_seven_handed")
    if deals != rs.seven_deals:
        rs = rs.replace(seven_deals=deals)
    assert rs.seven_deals == deals
    record = game.play_game(rs, random_players(7, 5), seed=9, first_dealer=3)
    assert len(record.hands) == deals
    assert [s.dealer for s in record.hands] == [(3 + k) % 7 for k in range(deals)]
    totals = [0] * 7
    for state in record.hands:
        totals = [a + b for a, b in zip(totals, state.result().points_by_team)]
    assert record.final_score == tuple(totals)
    assert record.winner is not None and totals[record.winner] == max(totals)


def test_seven_handed_passed_out_deals_count_and_equal_totals_share_the_win():
    """K31: passed-out deals count among seven_deals; equal highest totals share the win."""
    rs = rules.load("hoyle_seven_handed")
    class AlwaysPass:
        def choose(self, view):
            legal = view.legal_actions()
            return next(a for a in legal if str(a) == "pass")

    record = game.play_game(rs, [AlwaysPass()] * 7, seed=10)
    assert len(record.hands) == rs.seven_deals
    assert all(s.passed_out for s in record.hands)
    assert record.final_score == (0,) * 7
    assert record.games_won == (1,) * 7


def test_before_hand_hook_is_called_once_per_hand_with_the_dealer():
    from euchre_lessons import game, players

    calls = []
    seats = [players.RandomPlayer(k) for k in range(4)]
    record = game.play_game("standard", seats, seed=5, first_dealer=2,
                            before_hand=lambda hand, dealer: calls.append((hand, dealer)))
    assert [h for h, _ in calls] == list(range(len(record.hands)))
    assert [d for _, d in calls] == [(2 + k) % 4 for k in range(len(record.hands))]
    assert [s.dealer for s in record.hands] == [d for _, d in calls]


# ---- bad set-ups are refused before a card is dealt ---------------------------------------------

def test_the_players_must_fill_the_table():
    from euchre_lessons.errors import PlayerError

    with pytest.raises(PlayerError) as err:
        game.play_game("standard", random_players(3), seed=1)
    assert "3 players" in str(err.value) and "4" in str(err.value)
    with pytest.raises(PlayerError) as err:
        game.play_game("standard", random_players(3) + ["random"], seed=1)
    assert "seat 3" in str(err.value) and "'random'" in str(err.value)
    with pytest.raises(PlayerError):
        game.play_hand(game.deal("standard", seed=1), "random")


# One check that players fill a table (game.check_players): the games, the simulator and the
# lessons' computer players all make it, with one error and one message.

WRONG_COUNT = [("standard", 3), ("standard", 5), ("modern_railroad_6p", 4), ("hoyle_seven_handed", 2)]


@pytest.mark.parametrize("preset, count", WRONG_COUNT)
def test_a_wrong_number_of_players_is_one_error_everywhere(preset, count):
    from euchre_lessons import simulate
    from euchre_lessons.errors import PlayerError
    from euchre_lessons.players.seating import Bots

    rs = rules.load(preset)
    given = random_players(count)
    refusals = []
    for attempt in (lambda: game.play_game(rs, given, seed=1), lambda: game.play_hand(game.deal(rs, seed=1), given),
                    lambda: simulate.seat_players(rs, given), lambda: Bots(rs, given)):
        with pytest.raises(PlayerError) as err:
            attempt()
        refusals.append(str(err.value))
    assert len(set(refusals)) == 1, refusals
    words = refusals[0]
    assert f"{count} players given" in words and f"one player per seat ({rs.players})" in words and preset in words
    assert ("one per team" in words) == rs.partnerships


@pytest.mark.parametrize("preset", PRESETS)
def test_one_player_for_every_seat_one_per_seat_or_one_per_team(preset):
    rs = rules.load(preset)
    n = rs.players
    one, seats = RandomPlayer(1), random_players(n)
    assert game.check_players(rs, one) == (one,) * n
    assert game.check_players(rs, seats) == tuple(seats)
    assert game.check_players(rs, iter(seats)) == tuple(seats)
    if rs.partnerships:
        teams = random_players(rs.teams)
        assert game.check_players(rs, teams) == tuple(teams[s % rs.teams] for s in range(n))
    assert game.check_players(rs, "random", names=True) == ("random",) * n
    assert len(game.play_game(rs, one, seed=2, hand_limit=10_000).hands) >= 1


def test_a_name_where_a_player_is_needed_says_how_to_make_one():
    from euchre_lessons import simulate
    from euchre_lessons.errors import PlayerError

    for given in ("random", random_players(3) + ["random"]):
        with pytest.raises(PlayerError) as err:
            game.check_players("standard", given)
        assert "'random'" in str(err.value) and "players.make(name, seed)" in str(err.value)
    for given in ([object()] * 4, 7):
        with pytest.raises(PlayerError, match="choose"):
            simulate.seat_players("standard", given)
    with pytest.raises(PlayerError, match="'genius'"):
        simulate.seat_players("standard", ["random", "genius"])


def test_a_start_score_and_a_match_length_are_checked():
    with pytest.raises(scoring.ScoringError) as err:
        game.play_game("standard", random_players(4), seed=1, start_score=(0, 0, 0))
    assert "start_score=(0, 0, 0)" in str(err.value)
    with pytest.raises(scoring.ScoringError) as err:
        game.play_match("standard", random_players(4), games=0, seed=1)
    assert "games=0" in str(err.value)


def test_a_game_not_won_within_its_hand_limit_is_stopped_naming_the_limit():
    from euchre_lessons.errors import ScoringError
    from euchre_lessons.players import RandomPlayer

    with pytest.raises(ScoringError, match=r"no game won in hand_limit=1 hands under standard"):
        game.play_game("standard", [RandomPlayer(s) for s in range(4)], seed=1, hand_limit=1)
    assert len(game.play_game("standard", [RandomPlayer(s) for s in range(4)], seed=1).hands) > 1


# ---- a hand's points shared out in one place (result.team_tally) -------------------------------

@pytest.mark.parametrize("preset", PRESETS)
def test_the_game_loop_and_the_hand_s_result_share_out_the_same_points(preset):
    rs = rules.load(preset)
    record = game.play_game(rs, random_players(rs.players, 6), seed=12, hand_limit=10_000)
    for state in record.hands:
        outcome, hand_score, maker_team, tricks, points = game.points_of(state)
        result = state.result()
        assert (outcome, hand_score) == (result.outcome, result.score)
        assert (maker_team, tricks, points) == (result.maker_team, result.tricks_by_team, result.points_by_team)
        assert sum(tricks) == (0 if state.passed_out else rs.hand_size) and len(points) == rs.teams


# ---- a game's record is a value ------------------------------------------------------------------

def test_a_game_record_cannot_be_changed_and_compares_by_its_fields():
    import dataclasses

    record = game.play_game("standard", random_players(4), seed=3)
    again = game.play_game("standard", random_players(4), seed=3)
    assert record == again and hash(record) == hash(again)
    assert isinstance(record.hands, tuple) and isinstance(record.scores, tuple)
    for name, value in (("winner", 0), ("hands", ()), ("scores", ())):
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(record, name, value)
    assert repr(record).startswith("GameRecord(rules=RuleSet(name='standard'")


def test_a_rule_set_is_normalised_once_at_the_door_of_a_game(monkeypatch):
    """``play_game`` reads its rules once (``rules.load``); every hand, score and check inside it
    takes the rule set so read, not the name again."""
    from euchre_lessons.players import make

    calls = []
    real = rules.load
    monkeypatch.setattr(rules, "load", lambda given: calls.append(given) or real(given))
    players = [make("rule_of_thumb", seat) for seat in range(4)]
    for preset in ("standard", "modern_railroad"):
        calls.clear()
        record = game.play_game(preset, players, seed=3)
        assert len(record.hands) > 1 and calls == [preset]
    calls.clear()
    game.play_match("hoyle_railroad", players, games=2, seed=1)
    assert calls == ["hoyle_railroad"]

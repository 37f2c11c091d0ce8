"""scoring: what a hand is worth (rule book A7, B6, B-O3 to B-O5, D11, K15, K26) and what it does
to a game (B-O1, B-O2, K23, K24).

Every worked example of rule book section H is here, both columns, with the alternative
readings named in its cells; the row number is in each case's id.
"""
from __future__ import annotations

import pytest

from euchre_lessons import Outcome, ScoringError, rules, scoring

ORDINARY = ("hoyle_ordinary", "standard")


def points(rule_set, outcome: Outcome) -> tuple:
    """(makers, defenders by team) of a hand."""
    s = scoring.score(rule_set, outcome)
    return (s.makers, s.defenders_by_team)


def knobs(preset: str, **changes):
    return rules.load(preset).replace(**changes)


# ---- A7: the ordinary game ----------------------------------------------------------------

A7_ROWS = [
    # (id, outcome, makers, defenders)
    ("partnership takes 3", Outcome(3), 1, 0),
    ("partnership takes 4", Outcome(4), 1, 0),
    ("partnership march", Outcome(5), 2, 0),
    ("lone maker takes 3", Outcome(3, alone=True), 1, 0),
    ("lone maker takes 4", Outcome(4, alone=True), 1, 0),
    ("lone march", Outcome(5, alone=True), 4, 0),
    ("partnership euchred with 2", Outcome(2), 0, 2),
    ("partnership euchred with 1", Outcome(1), 0, 2),
    ("partnership euchred with 0", Outcome(0), 0, 2),
    ("lone maker euchred with 2", Outcome(2, alone=True), 0, 2),
    ("lone maker euchred with 0", Outcome(0, alone=True), 0, 2),
]


@pytest.mark.parametrize("preset", ORDINARY)
@pytest.mark.parametrize("outcome, makers, defenders", [r[1:] for r in A7_ROWS], ids=[r[0] for r in A7_ROWS])
def test_a7_table(preset, outcome, makers, defenders):
    assert points(preset, outcome) == (makers, (defenders,))


@pytest.mark.parametrize("preset", ORDINARY)
@pytest.mark.parametrize("maker_tricks", [0, 1, 2])
def test_lone_euchre_counts_4_under_the_period_laws(preset, maker_tricks):
    """A-1: lone_euchre_points = 4 changes the lone euchre only."""
    four = knobs(preset, lone_euchre_points=4)
    assert points(preset, Outcome(maker_tricks, alone=True)) == (0, (2,))
    assert points(four, Outcome(maker_tricks, alone=True)) == (0, (4,))
    assert points(four, Outcome(maker_tricks)) == (0, (2,))
    assert points(four, Outcome(5, alone=True)) == (4, (0,))


@pytest.mark.parametrize("preset", ORDINARY)
def test_passed_out_hand_scores_nothing(preset):
    s = scoring.score(preset, Outcome(0, passed_out=True))
    assert (s.makers, s.defenders) == (0, 0)


# ---- H: worked examples, column B (Foster's Railroad) ---------------------------------------

B = "hoyle_railroad"
B_FULL = "hoyle_railroad_full"

H_B_ROWS = [
    # (row, preset, outcome, makers, defenders)
    ("1", B, Outcome(3), 1, 0),
    ("2", B, Outcome(5), 2, 0),
    ("3", B, Outcome(2), 0, 2),
    ("4", B, Outcome(0), 0, 2),
    ("5", B, Outcome(3, alone=True), 1, 0),
    ("6", B, Outcome(5, alone=True), 4, 0),
    ("7", B, Outcome(2, alone=True), 0, 2),
    ("7 broad", knobs(B, railroad_lone_euchre_4_scope="any_lone_hand"), Outcome(2, alone=True), 0, 4),
    ("8", B, Outcome(5, alone=True, defended_alone=True), 4, 0),
    ("9", B, Outcome(3, alone=True, defended_alone=True), 1, 0),
    ("10", B, Outcome(2, alone=True, defended_alone=True), 0, 4),
    ("11", B, Outcome(0, alone=True, defended_alone=True), 0, 4),
    ("12", B_FULL, Outcome(5, alone=True, pat=True), 5, 0),
    ("13", B_FULL, Outcome(4, alone=True, pat=True), 0, 1),
    ("13 both_score_1", knobs(B_FULL, pat_hand_three_four="both_score_1"), Outcome(4, alone=True, pat=True), 1, 1),
    ("13 with 3 tricks", B_FULL, Outcome(3, alone=True, pat=True), 0, 1),
    ("14", B_FULL, Outcome(2, alone=True, pat=True), 0, 3),
    ("15", B_FULL, Outcome(5, alone=True, jambone=True), 8, 0),
    ("16", B_FULL, Outcome(4, alone=True, jambone=True), 1, 0),
    ("17", B_FULL, Outcome(2, alone=True, jambone=True), 0, 2),
    ("17 makers_minus_2", knobs(B_FULL, jambone_euchre_penalty="makers_minus_2"),
     Outcome(2, alone=True, jambone=True), -2, 0),
    ("17 both", knobs(B_FULL, jambone_euchre_penalty="both"), Outcome(2, alone=True, jambone=True), -2, 2),
    ("18", B_FULL, Outcome(0, jamboree="makers"), 16, 0),
    ("18 lone", B_FULL, Outcome(0, alone=True, jamboree="makers"), 16, 0),
    ("19", B_FULL, Outcome(5, alone=True, jambone=True, jamboree="makers"), 16, 0),
    # B-O5: a Jamboree counts only for the maker, so a defender's is void and the makers,
    # holding none of the five top trumps, take nothing: an ordinary euchre.
    ("20", B_FULL, Outcome(0, jamboree="defenders"), 0, 2),
    ("21", B_FULL, Outcome(0, jamboree="defenders"), 0, 2),
    ("30 Foster", "hoyle_ordinary", Outcome(2, alone=True), 0, 2),
    ("30 Somerset", knobs("hoyle_ordinary", lone_euchre_points=4), Outcome(2, alone=True), 0, 4),
]


@pytest.mark.parametrize("rule_set, outcome, makers, defenders", [r[1:] for r in H_B_ROWS],
                         ids=[f"row {r[0]}" for r in H_B_ROWS])
def test_worked_examples_foster_railroad(rule_set, outcome, makers, defenders):
    assert points(rule_set, outcome) == (makers, (defenders,))


@pytest.mark.parametrize("outcome, expected", [
    (Outcome(2, alone=True, pat=True), (0, (3,))),
    (Outcome(4, alone=True, pat=True), (0, (1,))),
    (Outcome(2, alone=True, jambone=True), (0, (2,))),
    (Outcome(2, alone=True, defended_alone=True), (0, (4,))),
], ids=["pat euchred", "pat takes 4", "Jambone euchred", "lone against lone"])
def test_broad_lone_euchre_scope_changes_only_the_lone_rows(outcome, expected):
    """K15: any_lone_hand changes the lone rows, never the pat (3) or Jambone tables."""
    broad = knobs(B_FULL, railroad_lone_euchre_4_scope="any_lone_hand")
    assert points(broad, outcome) == expected


def test_lone_euchre_points_applies_in_railroad():
    """K preamble: lone_euchre_points applies in B as well as A (B6 scores 'as A7 except')."""
    assert points(knobs(B, lone_euchre_points=4), Outcome(1, alone=True)) == (0, (4,))


def test_jamboree_ends_the_hand_with_16_and_nothing_else():
    """B-12 / K22: nothing (march, lone bonus) is added to the 16."""
    s = scoring.score(B_FULL, Outcome(5, alone=True, jamboree="makers"))
    assert (s.makers, s.defenders) == (16, 0)
    assert "16" in s.explanation


# ---- H: worked examples, column D (modern Railroad) -----------------------------------------

D = "modern_railroad"
D6 = "modern_railroad_6p"


def seven(m, **kw) -> Outcome:
    return Outcome(m, tricks=7, **kw)


H_D_ROWS = [
    ("1", D, seven(4), 4, 0),
    ("2", D, seven(7), 7, 0),
    ("3", D, seven(3), 0, 4),
    ("4", D, seven(0), 0, 7),
    ("5", D, seven(4, alone=True), 8, 0),
    ("6", D, seven(7, alone=True), 14, 0),
    ("7", D, seven(3, alone=True), 0, 8),
    ("8", D, seven(7, alone=True, defended_alone=True), 14, 0),
    ("8 both_triple", knobs(D, lone_against_scoring="both_triple"), seven(7, alone=True, defended_alone=True), 21, 0),
    ("9", D, seven(5, alone=True, defended_alone=True), 10, 0),
    ("9 both_triple", knobs(D, lone_against_scoring="both_triple"), seven(5, alone=True, defended_alone=True), 15, 0),
    ("10", D, seven(3, alone=True, defended_alone=True), 0, 12),
    ("10 both_triple", knobs(D, lone_against_scoring="both_triple"), seven(3, alone=True, defended_alone=True), 0, 12),
    ("11", D, seven(0, alone=True, defended_alone=True), 0, 21),
    ("12", D, seven(7, alone=True), 14, 0),
    ("15", D, seven(7, alone=True, jambone=True), 28, 0),
    ("16", D, seven(6, alone=True, jambone=True), 0, 28),
    ("17", D, seven(3, alone=True, jambone=True), 0, 28),
    ("18", D, seven(5, jamboree="makers"), 21, 0),
    ("19", D, seven(7, alone=True, jambone=True, jamboree="makers"), 44, 0),
    ("20", D, seven(1, jamboree="defenders"), 0, 22),
    ("21", D, seven(2, jamboree="defenders"), 0, 21),
]


@pytest.mark.parametrize("rule_set, outcome, makers, defenders", [r[1:] for r in H_D_ROWS],
                         ids=[f"row {r[0]}" for r in H_D_ROWS])
def test_worked_examples_modern_railroad(rule_set, outcome, makers, defenders):
    assert points(rule_set, outcome) == (makers, (defenders,))


def test_failed_jambone_keeps_the_jamboree_bonus():
    """D-24: the 16 stands; the defenders still get 28."""
    assert points(D, seven(6, alone=True, jambone=True, jamboree="makers")) == (16, (28,))


def test_jambone_4_per_trick():
    """D-19: jambone_points = 4_per_trick gives 4 x the tricks of the hand."""
    four = knobs(D, jambone_points="4_per_trick")
    assert points(four, seven(7, alone=True, jambone=True)) == (28, (0,))
    assert points(knobs(D6, jambone_points="4_per_trick"),
                  Outcome(5, alone=True, jambone=True, defender_tricks=(0, 0))) == (20, (0, 0))


def five6(m, b, c, **kw) -> Outcome:
    """A six-player hand: makers m, the defending teams b and c (in turn after the makers)."""
    return Outcome(m, tricks=5, defender_tricks=(b, c), **kw)


H_D6_ROWS = [
    ("26", D6, five6(3, 1, 1), 3, (0, 0)),
    ("26 literal_4", knobs(D6, maker_threshold_6p="literal_4"), five6(3, 1, 1), 0, (1, 1)),
    ("27", D6, five6(2, 2, 1), 0, (2, 1)),
    ("27 combined", knobs(D6, defender_scoring_6p="combined"), five6(2, 2, 1), 0, (3, 3)),
    ("28", D6, five6(1, 3, 1, alone=True), 0, (6, 2)),
    ("28 combined", knobs(D6, defender_scoring_6p="combined"), five6(1, 3, 1, alone=True), 0, (8, 8)),
    ("29", D6, five6(4, 1, 0, alone=True, jambone=True), 0, (28, 0)),
    ("29 all_defending_teams", knobs(D6, jambone_fail_recipient_6p="all_defending_teams"),
     five6(4, 1, 0, alone=True, jambone=True), 0, (28, 28)),
    ("29 split", knobs(D6, jambone_fail_recipient_6p="split"), five6(4, 1, 0, alone=True, jambone=True), 0, (14, 14)),
    ("6p lone make", D6, five6(3, 1, 1, alone=True), 6, (0, 0)),
    ("6p lone march", D6, five6(5, 0, 0, alone=True), 10, (0, 0)),
    ("6p Jambone", D6, five6(5, 0, 0, alone=True, jambone=True), 28, (0, 0)),
]


@pytest.mark.parametrize("rule_set, outcome, makers, defenders", [r[1:] for r in H_D6_ROWS],
                         ids=[f"row {r[0]}" for r in H_D6_ROWS])
def test_worked_examples_six_players(rule_set, outcome, makers, defenders):
    s = scoring.score(rule_set, outcome)
    assert (s.makers, s.defenders_by_team) == (makers, defenders)
    assert s.defenders == sum(defenders)


@pytest.mark.parametrize("lone_team, expected", [(0, (9, 0)), (1, (0, 9))])
def test_six_player_lone_defender_team_alone_scores(lone_team, expected):
    """K26: with six players only the lone defender's team scores, 3 x his tricks, whatever
    defender_scoring_6p says; the team that sat out scores 0."""
    tricks = (3, 0) if lone_team == 0 else (0, 3)
    for rule_set in (D6, knobs(D6, defender_scoring_6p="combined")):
        outcome = five6(2, *tricks, alone=True, defended_alone=True, lone_defender_team=lone_team)
        assert points(rule_set, outcome) == (0, expected)


def test_six_player_lone_maker_threshold_is_the_majority():
    """K26: maker_threshold_6p also applies to a lone maker: 3 of 5 by default, 4 as printed."""
    assert points(D6, five6(3, 2, 0, alone=True)) == (6, (0, 0))
    assert points(knobs(D6, maker_threshold_6p="literal_4"), five6(3, 2, 0, alone=True)) == (0, (4, 0))


def test_six_player_jamboree_bonus_goes_to_the_holders_team():
    """K21: the 16 goes to the holder's team (which, holding the five top trumps of a five-card
    hand, takes every trick: D-26)."""
    outcome = five6(0, 0, 5, jamboree="defenders", jamboree_defender=1)
    assert points(D6, outcome) == (0, (0, 5 + 16))
    with pytest.raises(ScoringError, match="takes at least 5 tricks"):
        points(D6, five6(0, 1, 4, jamboree="defenders", jamboree_defender=1))


# ---- H rows 22-25 and K23/K24: the game ------------------------------------------------------

def test_row_22_laps_carry_the_excess():
    update = scoring.add_hand(knobs(B, laps=True), (3, 1), (4, 0), makers=0)
    assert update.games_completed == 1 and update.winners == (0,)
    assert update.games_won == (1, 0)
    assert update.carried == (2, 0) and update.after == (2, 0)


def test_without_laps_nothing_carries():
    update = scoring.add_hand(B, (3, 1), (4, 0), makers=0)
    assert update.games_won == (1, 0)
    assert update.carried == (0, 0)


def test_row_23_slam_counts_two_games_and_carries():
    update = scoring.add_hand(B_FULL, (3, 0), (4, 0), makers=0)
    assert update.games_completed == 1
    assert update.games_won == (2, 0) and update.slams == 1
    assert update.carried == (2, 0)


def test_row_23_without_slams_one_game():
    update = scoring.add_hand(knobs(B, laps=True), (3, 0), (4, 0), makers=0)
    assert update.games_won == (1, 0) and update.slams == 0


def test_row_24_jambone_overflow_iterates():
    """4-0 and a Jambone of 8: 12 against a target of 5. The first game is a slam (two games),
    the excess 7 wins the next at once (another slam), and 2 carry: 2 games completed, 4
    credited, 2 carried."""
    update = scoring.add_hand(B_FULL, (4, 0), (8, 0), makers=0)
    assert update.games_completed == 2
    assert update.games_won == (4, 0)
    assert update.winners == (0, 0)
    assert update.carried == (2, 0)


def test_row_24_cap_holds_the_carry_below_the_target():
    update = scoring.add_hand(knobs(B_FULL, lap_overflow="cap"), (4, 0), (8, 0), makers=0)
    assert update.games_completed == 1
    assert update.games_won == (2, 0)
    assert update.carried == (4, 0)


def test_row_25_modern_game_to_64():
    update = scoring.add_hand(D, (60, 50), (4, 0), makers=0)
    assert update.games_completed == 1 and update.winners == (0,)
    assert update.games_won == (1, 0)
    assert update.carried == (0, 0)


def test_modern_game_not_yet_won():
    update = scoring.add_hand(D, (50, 50), (13, 0), makers=0)
    assert update.games_completed == 0
    assert update.after == (63, 50)


def test_k23_pat_hand_scoring_both_sides_is_not_a_slam():
    both = knobs(B_FULL, pat_hand_three_four="both_score_1")
    update = scoring.add_hand(both, (4, 0), (1, 1), makers=0)
    assert update.games_won == (1, 0) and update.slams == 0
    plain = scoring.add_hand(both, (4, 0), (1, 0), makers=0)
    assert plain.games_won == (2, 0) and plain.slams == 1


def test_k23_a_score_below_zero_still_allows_a_slam():
    """K23: a slam when the other side's score is 0 or less (a Jambone under makers_minus_2)."""
    minus = knobs(B_FULL, jambone_euchre_penalty="makers_minus_2")
    update = scoring.add_hand(minus, (3, -2), (2, 0), makers=0)
    assert update.games_won == (2, 0) and update.slams == 1


def test_k23_carried_points_count_for_the_slam():
    """K23: the slam is judged on the game in progress with carried points included."""
    update = scoring.add_hand(B_FULL, (2, 1), (4, 0), makers=0)
    assert update.games_won == (1, 0) and update.slams == 0


def test_k24_equal_totals_at_the_target_play_on():
    both = knobs(B_FULL, pat_hand_three_four="both_score_1")
    update = scoring.add_hand(both, (4, 4), (1, 1), makers=0)
    assert update.games_completed == 0
    assert update.after == (5, 5)


def test_k24_makers_win_ties():
    ties = knobs(B_FULL, pat_hand_three_four="both_score_1", tie_at_target="makers_win_ties")
    update = scoring.add_hand(ties, (4, 4), (1, 1), makers=1)
    assert update.games_completed == 1 and update.winners == (1,)


@pytest.mark.parametrize("before, hand, winner", [((60, 62), (8, 4), 0), ((60, 62), (5, 6), 1)])
def test_k24_higher_total_wins(before, hand, winner):
    update = scoring.add_hand(D, before, hand, makers=1)
    assert update.games_completed == 1 and update.winners == (winner,)


def test_k24_modern_equal_totals_play_on_unless_makers_win_ties():
    update = scoring.add_hand(D, (60, 62), (6, 4), makers=1)
    assert update.games_completed == 0 and update.after == (66, 66)
    update = scoring.add_hand(knobs(D, tie_at_target="makers_win_ties"), (60, 62), (6, 4), makers=1)
    assert update.winners == (1,)


def test_six_player_game_has_three_teams():
    update = scoring.add_hand(D6, (60, 10, 63), (0, 0, 1), makers=2)
    assert update.winners == (2,) and update.games_won == (0, 0, 1)


# ---- outcomes that cannot happen under the rules (rule book B-O3 to B-O5, C, K17, K19) --------

PRESETS = rules.names()


def test_tricks_left_out_is_the_rules_hand_size():
    assert points("modern_railroad", Outcome(3)) == (0, (4,))               # 3 of 7: euchred
    assert points("modern_railroad", Outcome(4)) == (4, (0,))
    assert points("standard", Outcome(3)) == points("standard", Outcome(3, tricks=5)) == (1, (0,))
    assert points(D6, Outcome(3, defender_tricks=(1, 1))) == (3, (0, 0))


def test_a_foster_jamboree_ends_the_hand_before_any_trick():
    """B-12: the hand stops, so a real hand reports no tricks at all; that is not a miscount."""
    assert points(B_FULL, Outcome(0, defender_tricks=(0,), jamboree="makers")) == (16, (0,))
    with pytest.raises(scoring.ScoringError):
        scoring.score("modern_railroad", Outcome(0, defender_tricks=(0,), jamboree="makers"))


@pytest.mark.parametrize("preset", PRESETS)
def test_a_passed_out_hand_is_accepted_in_every_preset(preset):
    rs = rules.load(preset)
    defending = rs.teams - 1 if rs.partnerships else 1
    s = scoring.score(rs, Outcome(0, defender_tricks=(0,) * defending, passed_out=True))
    assert (s.makers, s.defenders) == (0, 0)
    with pytest.raises(scoring.ScoringError) as err:
        scoring.score(rs, Outcome(2, passed_out=True))
    assert "Outcome(2, passed_out=True)" in str(err.value)


@pytest.mark.parametrize("preset", [p for p in PRESETS if rules.load(p).partnerships])
def test_an_agreement_the_rules_lack_is_refused(preset):
    """Each optional agreement scores only where the rule set has it (knobs pat_hand_rule,
    jambone, jamboree, lone_against); the message quotes the outcome and names the knob.
    (Seven-handed, without partners, has no lone hands at all: test_bad_input.)"""
    rs = rules.load(preset)
    n = rs.hand_size
    d = (0,) * (rs.teams - 1)
    asked = [(rs.pat_hand_rule, Outcome(n, alone=True, pat=True, defender_tricks=d), "pat_hand_rule"),
             (rs.jambone, Outcome(n, alone=True, jambone=True, defender_tricks=d), "jambone"),
             (rs.jamboree, Outcome(n, jamboree="makers", defender_tricks=d), "jamboree"),
             (rs.lone_against, Outcome(n, alone=True, defended_alone=True, defender_tricks=d), "lone_against")]
    for allowed, outcome, knob in asked:
        if allowed:
            scoring.score(rs, outcome)
        else:
            with pytest.raises(scoring.ScoringError) as err:
                scoring.score(rs, outcome)
            assert repr(outcome) in str(err.value) and f"{knob} = false" in str(err.value)


@pytest.mark.parametrize("preset", PRESETS)
def test_every_outcome_of_a_played_hand_is_accepted(preset):
    """What the engine produces always scores: random play, 300 hands per preset."""
    from euchre_lessons import deal, game
    from euchre_lessons.outcome import check
    from euchre_lessons.players import RandomPlayer
    from euchre_lessons.result import outcome_of

    rs = rules.load(preset)
    bots = [RandomPlayer(seat) for seat in range(rs.players)]
    for i in range(300):
        state = game.play_hand(deal(rs, seed=i, dealer=i % rs.players), bots)
        outcome = outcome_of(state)
        assert check(rs, outcome) == outcome
        assert scoring.score(rs, outcome) == state.result().score


def test_add_hand_checks_the_score_and_the_points():
    with pytest.raises(scoring.ScoringError) as err:
        scoring.add_hand("standard", (3, 1, 0), (1, 0))
    assert "before=(3, 1, 0)" in str(err.value) and "give 2" in str(err.value)
    with pytest.raises(scoring.ScoringError) as err:
        scoring.add_hand("standard", (3, 1), (1.5, 0))
    assert "points=(1.5, 0)" in str(err.value)
    with pytest.raises(scoring.ScoringError) as err:
        scoring.add_hand("standard", (3, 1), (1, 0), makers=2)
    assert "makers=2" in str(err.value)
    assert scoring.add_hand("standard", [3, 1], [1, 0], makers=0).after == (4, 1)


# ---- C, C-1: the seven-handed bid, to each player or once for the side ----------------------

@pytest.mark.parametrize("maker_tricks, bid, each, once", [
    # the maker is seat 0, his partners 1, 2 and 3; the opponents 4, 5 and 6
    (5, 5, (5, 5, 5, 5, 0, 0, 0), (2, 1, 1, 1, 0, 0, 0)),
    (7, 4, (4, 4, 4, 4, 0, 0, 0), (1, 1, 1, 1, 0, 0, 0)),
    (6, 7, (0, 0, 0, 0, 7, 7, 7), (0, 0, 0, 0, 3, 2, 2)),
    (3, 6, (0, 0, 0, 0, 6, 6, 6), (0, 0, 0, 0, 2, 2, 2)),
])
def test_c1_the_bid_to_each_player_or_once_per_side(maker_tricks, bid, each, once):
    rs = rules.load("hoyle_seven_handed")
    flipped = rs.replace(seven_bid_scoring="once_per_side")
    outcome = Outcome(maker_tricks, bid=bid)
    by_each, by_side = scoring.score(rs, outcome), scoring.score(flipped, outcome)
    assert scoring.seat_points(rs, by_each, 0, 0b1111) == each
    assert scoring.seat_points(flipped, by_side, 0, 0b1111) == once
    assert sum(once) == bid and sum(each) == bid * (4 if maker_tricks >= bid else 3)
    assert by_each.table == "auction" and by_side.table == "auction, once per side"
    assert ("each of the" in by_each.explanation) and ("once, shared out" in by_side.explanation)


def test_c1_the_odd_points_go_to_the_maker_then_in_turn_from_his_left():
    rs = rules.load("hoyle_seven_handed").replace(seven_bid_scoring="once_per_side")
    # maker 5, partners 6, 0 and 2: the side in turn from the maker is 5, 6, 0, 2; the opponents 1, 3, 4
    side = sum(1 << s for s in (5, 6, 0, 2))
    assert scoring.seat_points(rs, scoring.score(rs, Outcome(7, bid=7)), 5, side) == (2, 0, 1, 0, 0, 2, 2)
    assert scoring.seat_points(rs, scoring.score(rs, Outcome(4, bid=7)), 5, side) == (0, 3, 0, 2, 2, 0, 0)
    assert scoring.seat_points(rs, scoring.score(rs, Outcome(3, bid=5)), 5, side) == (0, 2, 0, 2, 1, 0, 0)

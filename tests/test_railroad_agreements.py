"""Foster's optional agreements (rule book B-O1 to B-O5; J2 steps 4, 7, 10-12; K17 to K24):
laps, slams, pat hands, Jambone and Jamboree, each on and off.

``hoyle_railroad`` has every agreement off and ``hoyle_railroad_full`` every one on; single knobs are
flipped with ``replace``. Scores of played hands for each row of rule book H are in
``test_railroad_examples``. Seats: the dealer D is seat 0, E = 1, P = 2, Q = 3; E-W is team 1.
"""
from __future__ import annotations

import pytest
from helpers import cards, hand_of, run
from railroad_helpers import ask

from euchre_lessons import Card, Deal, HandState, Phase, game, players, rules, scoring
from euchre_lessons.errors import IllegalActionError

PRESETS = ("hoyle_railroad", "hoyle_railroad_full")
D, E, P, Q = 0, 1, 2, 3


# ---- B-O1, B-6: laps ---------------------------------------------------------------------------------

@pytest.mark.parametrize("preset, after, games", [("hoyle_railroad", (0, 0), (1, 0)),
                                                   ("hoyle_railroad_full", (2, 0), (1, 0))])
def test_laps_carry_the_winner_s_excess(preset, after, games):
    update = scoring.add_hand(preset, (3, 1), (4, 0), makers=0)      # H22: 3-1, lone march
    assert (update.after, update.games_won, update.games_completed) == (after, games, 1)
    assert update.carried == after                                   # the loser starts at 0


@pytest.mark.parametrize("overflow, completed, games, after", [("iterate", 2, (4, 0), (2, 0)),
                                                               ("cap", 1, (2, 0), (4, 0))])
def test_lap_overflow_iterates_or_caps_a_large_carry(overflow, completed, games, after):
    r = rules.load("hoyle_railroad_full")
    assert r.lap_overflow == "iterate"
    update = scoring.add_hand(r.replace(lap_overflow=overflow), (4, 0), (8, 0), makers=0)   # H24
    assert (update.games_completed, update.games_won, update.after) == (completed, games, after)


def test_laps_without_slams_iterate_one_game_at_a_time():
    r = rules.load("hoyle_railroad").replace(laps=True)
    update = scoring.add_hand(r, (4, 0), (8, 0), makers=0)
    assert (update.games_completed, update.games_won, update.after, update.slams) == (2, (2, 0), (2, 0), 0)


LONE_MARCH = ["9C TC QC KC AC", "JK JH JD AH QH", "9D TD QD KD AD", "9S TS QS KS AS"]


def played_lone_march(preset):
    """E orders up hearts alone and takes all five tricks: 4 points to East-West."""
    s = HandState.start(Deal.from_hands(preset, LONE_MARCH, upcard="9H"))
    s = run(s, "order up", "alone", "give QH")                     # Q's best: the ace of spades
    while s.phase is not Phase.DISCARD:
        s = s.apply("pass")                                          # Jambone, offers
    s = run(s, "discard 9C")
    for lead in ("JK", "JH", "JD", "AH", "AS"):
        s = s.apply(f"play {lead}")
        while s.trick:
            s = s.apply(s.legal_actions()[0])
    assert s.tricks_won[E] == 5
    return s.result().points_by_team


@pytest.mark.parametrize("preset, before, after, games_won", [
    ("hoyle_railroad", (1, 3), (0, 0), (0, 1)),
    ("hoyle_railroad_full", (1, 3), (0, 2), (0, 1)),     # laps: 7 - 5 = 2 carried
    ("hoyle_railroad", (0, 3), (0, 0), (0, 1)),
    ("hoyle_railroad_full", (0, 3), (0, 2), (0, 2)),     # a slam counts two games
])
def test_a_played_lone_march_applied_to_the_game(preset, before, after, games_won):
    points = played_lone_march(preset)
    assert points == (0, 4)
    update = scoring.add_hand(preset, before, points, makers=1)
    assert (update.after, update.games_won) == (after, games_won)


@pytest.mark.parametrize("preset", PRESETS)
def test_played_games_start_from_the_carried_laps(preset):
    records = game.play_match(preset, [players.RandomPlayer(seat) for seat in range(4)], games=4, seed=11)
    for earlier, later in zip(records, records[1:]):
        first = later.hands[0].result().points_by_team
        start = tuple(a - b for a, b in zip(later.scores[0], first))
        assert start == earlier.carried
        if preset == "hoyle_railroad":
            assert earlier.carried == (0, 0)
        else:
            assert sum(earlier.carried) == max(earlier.carried) < 5     # only the winner's excess


# ---- B-O2, K23, K24: slams ---------------------------------------------------------------------------

@pytest.mark.parametrize("preset, games_won, slams", [("hoyle_railroad", (1, 0), 0), ("hoyle_railroad_full", (2, 0), 1)])
def test_a_slam_counts_two_games(preset, games_won, slams):
    update = scoring.add_hand(preset, (4, 0), (1, 0), makers=0)
    assert (update.games_won, update.slams) == (games_won, slams)


def test_a_slam_needs_the_other_side_at_zero_after_the_hand():
    r = rules.load("hoyle_railroad_full").replace(pat_hand_three_four="both_score_1")
    update = scoring.add_hand(r, (4, 0), (1, 1), makers=0)          # K23: 5-1 is no slam
    assert (update.games_won, update.slams) == ((1, 0), 0)
    tie = scoring.add_hand(r, (4, 4), (1, 1), makers=0)             # K24: 5-5 plays on
    assert (tie.games_completed, tie.after) == (0, (5, 5))
    makers_win = scoring.add_hand(r.replace(tie_at_target="makers_win_ties"), (4, 4), (1, 1), makers=0)
    assert makers_win.winners == (0,)
    minus = rules.load("hoyle_railroad_full").replace(jambone_euchre_penalty="makers_minus_2")
    below = scoring.add_hand(minus, (4, -2), (1, 0), makers=0)         # "0 or less"
    assert (below.games_won, below.slams) == ((2, 0), 1)


# ---- B-O3, K17: pat hands ------------------------------------------------------------------------------

PAT = ["9C TC QC KC AC", "JK JH JD AH QS", "9D TD QD KD AD", "KH QH KS AS JS"]


def test_a_pat_hand_is_declared_at_the_alone_step_with_no_exchange_and_no_offers():
    s = HandState.start(Deal.from_hands("hoyle_railroad_full", PAT, upcard="9H")).apply("order up")
    s = ask(s, E, "with partner / alone / alone pat", "alone pat")
    assert s.pat and s.alone and s.sits_out(Q) and s.exchanges == ()
    s = ask(s, E, "jambone / pass", "pass")
    s = ask(s, D, "discard 9C / discard TC / discard QC / discard KC / discard AC", "discard 9C")
    assert s.phase is Phase.PLAY and hand_of(s, E) == cards("JK JH JD AH QS")


def test_a_dealer_s_pat_hand_leaves_the_turn_up_dead():
    s = HandState.start(Deal.from_hands("hoyle_railroad_full", PAT[1:] + PAT[:1], upcard="9H"))
    s = run(s, "pass", "pass", "pass", "take up")
    s = ask(s, D, "with partner / alone / alone no exchange / alone pat", "alone pat")
    s = ask(s, D, "jambone / pass", "pass")
    assert s.phase is Phase.PLAY                        # no offers, and no discard (B-9)
    assert hand_of(s, D) == cards("JK JH JD AH QS") and Card.parse("9H") in s.dead_cards


def test_without_the_agreement_there_is_no_pat_hand():
    s = HandState.start(Deal.from_hands("hoyle_railroad", PAT, upcard="9H")).apply("order up")
    s = ask(s, E, "with partner / alone / alone no exchange", "alone no exchange")
    assert not s.pat and s.phase is Phase.DEFEND


# ---- B-O4, K19, K20: Jambone -----------------------------------------------------------------------------

# P assists and goes alone; the dealer passes him TH (the turn-up 9H has joined his hand, K4).
JAMBONE = ["TH TC JC 9D TD", "AC KC QC AD KD", "JK JH AH 9C 9S", "TS QS KS AS JD"]


def jambone_hand(r, **knobs):
    s = HandState.start(Deal.from_hands(rules.load(r).replace(**knobs), JAMBONE, upcard="9H"))
    s = run(s, "pass", "assist", "alone", "give 9S")
    assert hand_of(s, P) == cards("JK JH AH TH 9C")
    return s


def test_jambone_is_offered_to_the_lone_maker_after_his_exchange():
    s = jambone_hand("hoyle_railroad_full")
    s = ask(s, P, "jambone / pass", "jambone")
    assert s.jambone and s.phase is Phase.PLAY       # no offers against a Jambone; D sits out


@pytest.mark.parametrize("preset", PRESETS)
def test_jambone_is_not_offered_to_a_partnership_maker_or_a_lone_defender(preset):
    s = HandState.start(Deal.from_hands(preset, JAMBONE, upcard="9H"))
    assert run(s, "pass", "assist", "with partner").phase is Phase.DISCARD
    assert run(s, "order up", "with partner").phase is Phase.DISCARD
    s = HandState.start(Deal.from_hands(preset, JAMBONE, upcard="9H"))
    s = run(s, "order up", "alone", "give AC")
    if preset == "hoyle_railroad_full":
        s = ask(s, E, "jambone / pass", "pass")
    s = ask(s, P, "defend alone / defend alone no exchange / pass", "defend alone")
    s = s.apply("give 9S")
    assert s.phase is Phase.PLAY                       # the lone defender is never asked
    assert "jambone" not in [str(a) for a in s.history[-2:]]


def test_without_the_agreement_there_is_no_jambone_step():
    s = jambone_hand("hoyle_railroad")
    assert s.phase is Phase.DEFEND and s.to_act == Q


def test_the_left_opponent_names_the_leads_and_the_right_opponent_the_follows():
    s = ask(jambone_hand("hoyle_railroad_full"), P, "jambone / pass", "jambone")
    s = ask(s, E, "play QC / play KC / play AC / play KD / play AD", "play AC")
    # P must follow clubs: E, on his right, may call only the 9C, and it is played for him
    assert (s.turn, s.to_act) == (P, E)
    with pytest.raises(IllegalActionError, match="JH") as err:
        s.apply("call JH")
    assert "must follow clubs" in str(err.value)
    s = ask(s, E, "call 9C", "call 9C")
    assert s.trick == ((E, Card.parse("AC")), (P, Card.parse("9C")))
    s = ask(s, Q, "play JD / play TS / play QS / play KS / play AS", "play JD")   # Q trumps
    assert s.tricks[0].winner == Q
    s = run(s, "play AS", "play KC")
    assert (s.turn, s.to_act) == (P, E)
    s = s.apply("call JK")
    assert s.tricks[1].winner == P
    # now P leads: Q, on his left, names the card
    assert (s.turn, s.to_act) == (P, Q)
    s = ask(s, Q, "call TH / call JH / call AH", "call TH")
    assert s.trick == ((P, Card.parse("TH")),)


def test_left_opponent_always_names_every_card():
    s = jambone_hand("hoyle_railroad_full", jambone_card_chooser="left_opponent_always").apply("jambone")
    s = s.apply("play AC")
    assert (s.turn, s.to_act) == (P, Q)
    s = run(s, "call 9C", "play JD", "play AS", "play KC")
    assert (s.turn, s.to_act) == (P, Q)                 # a follow, named by the left opponent too
    s = s.apply("call JK")
    assert (s.turn, s.to_act) == (P, Q)


def test_the_jambone_hand_lies_face_up_in_every_view_once_play_starts():
    s = jambone_hand("hoyle_railroad_full")
    assert all(s.view(seat).exposed == () for seat in range(4))
    s = s.apply("jambone")
    assert s.phase is Phase.PLAY
    for seat in range(4):
        assert s.view(seat).exposed == s.hand(P)
    s = run(s, "play AC", "call 9C")
    assert all(s.view(seat).exposed == cards("JK JH AH TH") for seat in range(4))


def test_jambone_without_requiring_alone_is_offered_to_a_partnership_maker():
    r = rules.load("hoyle_railroad_full").replace(jambone_requires_alone=False)
    s = HandState.start(Deal.from_hands(r, JAMBONE, upcard="9H"))
    s = run(s, "pass", "assist", "with partner")
    s = ask(s, P, "jambone / pass", "jambone")
    s = ask(s, D, "discard TC / discard JC / discard 9D / discard TD / discard TH", "discard TC")
    s = s.apply("play AC")
    assert (s.turn, s.to_act) == (P, E)                 # E, on P's right, names his follow
    s = s.apply("call 9C")
    assert s.turn == Q and s.to_act == Q                # the others play their own cards
    assert all(s.view(seat).exposed == s.hand(P) for seat in range(4))
    while not s.is_over:
        s = s.apply(s.legal_actions()[0])
    assert s.result().score.table == "Jambone"


# ---- B-O5, K21, K22: Jamboree ----------------------------------------------------------------------------

JAMBOREE = ["9C TC QC KC AC", "JK JH JD AH KH", "9D TD QD KD AD", "QH TH QS AS JS"]


@pytest.mark.parametrize("preset", PRESETS)
def test_a_jamboree_is_offered_to_the_maker_after_the_discard_and_ends_the_hand(preset):
    s = HandState.start(Deal.from_hands(preset, JAMBOREE, upcard="9H"))
    s = run(s, "order up", "with partner", "discard 9C")
    if preset == "hoyle_railroad":
        assert s.phase is Phase.PLAY
        return
    s0 = s
    s = ask(s, E, "jamboree / pass", "jamboree")
    assert s.is_over and s.tricks == () and s.jamboree == E
    assert s.result().points_by_team == (0, 16)
    assert s0.apply("pass").phase is Phase.PLAY


def test_a_jamboree_bonus_instead_leaves_the_hand_to_be_played():
    r = rules.load("hoyle_railroad_full").replace(jamboree_scoring="bonus_16_added")
    s = HandState.start(Deal.from_hands(r, JAMBOREE, upcard="9H"))
    s = run(s, "order up", "with partner", "discard 9C")
    s = ask(s, E, "jamboree / pass", "jamboree")
    assert s.phase is Phase.PLAY and s.to_act == E
    while not s.is_over:
        s = s.apply(s.legal_actions()[0])
    assert s.tricks_won[E] == 5 and s.result().points_by_team == (0, 2 + 16)    # a march plus 16


def test_a_jamboree_is_the_five_highest_trumps():
    hands = ["9C TC QC KC AC", "JK JH JD AH QH", "9D TD QD KD AD", "KH TH QS AS JS"]
    s = HandState.start(Deal.from_hands("hoyle_railroad_full", hands, upcard="9H"))
    s = run(s, "order up", "with partner", "discard 9C")
    assert s.phase is Phase.PLAY                        # Joker, right, left, ace and QUEEN: no


DEALER_JAMBOREE = ["JK JH JD AH 9C", "TC QC KC AC QS", "9D TD QD KD AD", "QH TH 9H AS JS"]


@pytest.mark.parametrize("choice, asked", [("with partner", True), ("alone no exchange", True), ("alone pat", False)])
def test_the_dealer_counts_the_turn_up_only_if_he_takes_it_up(choice, asked):
    s = HandState.start(Deal.from_hands("hoyle_railroad_full", DEALER_JAMBOREE, upcard="KH"))
    s = run(s, "pass", "pass", "pass", "take up", choice)
    while s.phase in (Phase.JAMBONE, Phase.DEFEND):
        s = s.apply("pass")
    if s.phase is Phase.DISCARD:
        s = s.apply("discard 9C")
    assert (s.phase is Phase.JAMBOREE and s.to_act == D) == asked


def test_partners_best_may_complete_a_jamboree():
    hands = ["9C TC QC KC AC", "JK JH JD AH QS", "9D TD QD KD AD", "KH TH 9S AS JS"]
    s = HandState.start(Deal.from_hands("hoyle_railroad_full", hands, upcard="9H"))
    s = run(s, "order up", "alone", "give QS", "pass", "pass", "pass", "discard 9C")
    assert hand_of(s, E) == cards("JK JH JD AH KH")
    s = ask(s, E, "jamboree / pass", "jamboree")
    assert s.result().points_by_team == (0, 16)


def test_the_dealer_s_turn_up_passed_as_partners_best_may_complete_a_jamboree():
    # K4 and K21: P assists a Joker turn-up and goes alone; the Joker joins the dealer's hand and
    # is his best card, so P holds Joker, right, left, ace and king of the agreed suit
    hands = ["9C TC QC KC AC", "QS TS 9S AS KS", "JH JD AH KH 9D", "TH QH 9H TD QD"]
    s = HandState.start(Deal.from_hands("hoyle_railroad_full", hands, upcard="JK"))
    s = run(s, "pass", "assist", "alone", "give 9D", "pass", "pass", "pass")
    assert s.exchanges == ((P, Card.parse("9D"), D, Card.parse("JK")),)
    s = ask(s, P, "jamboree / pass", "jamboree")
    assert s.result().points_by_team == (16, 0)


def test_a_jamboree_in_a_second_round_trump():
    hands = ["9C TC QC KC AC", "JK JS JC AS KS", "9D TD QD KD AD", "TH QH 9H JD QS"]
    s = HandState.start(Deal.from_hands("hoyle_railroad_full", hands, upcard="AH"))
    s = run(s, "pass", "pass", "pass", "pass", "make spades", "with partner")
    s = ask(s, E, "jamboree / pass", "jamboree")
    assert s.result().points_by_team == (0, 16)


@pytest.mark.parametrize("route", [("order up", "with partner"),          # a defender's Jamboree
                                   ("pass", "assist", "with partner")])   # the dealer is not the maker (K16)
def test_only_the_maker_is_offered_a_jamboree(route):
    r = rules.load("hoyle_railroad_full")
    s = HandState.start(Deal.from_hands(r, DEALER_JAMBOREE, upcard="KH"))
    s = run(s, *route, "discard 9C")
    assert hand_of(s, D) == cards("JK JH JD AH KH") and s.phase is Phase.PLAY
    s = HandState.start(Deal.from_hands(r.replace(jamboree_requires_maker=False), DEALER_JAMBOREE, upcard="KH"))
    s = run(s, *route, "discard 9C")
    assert s.phase is Phase.JAMBOREE and s.to_act == D


def test_a_pat_jamboree_holder_who_is_ordered_up_is_never_asked():
    hands = ["9C TC QC KC AC", "QH TH 9S TS QS", "JK JH JD AH KH", "9D TD QD KD AD"]
    s = HandState.start(Deal.from_hands("hoyle_railroad_full", hands, upcard="9H"))
    s = run(s, "order up", "with partner", "discard 9C")
    assert s.phase is Phase.PLAY
    while not s.is_over:
        assert s.phase is Phase.PLAY
        s = s.apply(s.legal_actions()[0])
    assert s.tricks_won[P] == 5 and s.result().points_by_team == (2, 0)      # only a euchre

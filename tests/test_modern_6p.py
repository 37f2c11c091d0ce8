"""Modern Railroad Euchre for six players (``modern_railroad_6p``): rule book D, J4, K26-K28.

Six seats, three teams of two (partners X and X+3): team A = seats 0 and 3, team B = 1 and 4,
team C = 2 and 5. Hands are built card by card; tricks are rows in seat order (``--`` for a
seat that sits out), checked against a referee written from D2 (``referee``; the row helpers are in
``modern_helpers``). The six-player rows of rule book H (26-29) are played as whole hands.
"""
from __future__ import annotations

import random

import pytest
from helpers import Unshuffled, passes
from modern_helpers import asked, build, check_golden, legal, play_rows, step, suit_rows
from referee import SAME_COLOUR, may_play, trick_winner

from euchre_lessons import Card, Deal, HandState, Phase, Suit, deal, game, players, record, rules, scoring
from euchre_lessons.errors import IllegalActionError

SIX = rules.load("modern_railroad_6p")
TEAM = {0: "team A", 1: "team B", 2: "team C"}


# ---- the partnership layout: four one-suit tricks and a last trick won by the TH ----------

GROUPS6 = ["AC KC QC JC TC 9C", "AS KS QS JS TS 9S", "AD KD QD TD 9D 8D", "JK JH JD AH KH QH"]


def partnership_rows(winners):
    rows = suit_rows(GROUPS6, winners[:4], range(6), n=6)
    last = ["--"] * 6
    last[winners[4]] = "TH"
    for seat, card in zip([x for x in range(6) if x != winners[4]], "9H 8C 7C 8S 7S".split()):
        last[seat] = card
    return rows + [" ".join(last)]


def partnership_hand(winners, rs=SIX):
    """Round 1 passes round all six; in round 2 NE and SE pass and S (seat 3) makes hearts."""
    rows = partnership_rows(winners)
    s = HandState.start(build(rows, "7D", rs=rs))
    s = passes(s, 8)
    s = step(s, 3, None, "make hearts")
    s = step(s, 3, {"with partner", "alone"}, "with partner")
    assert s.phase is Phase.PLAY and s.turn == 1 and len(s.active_seats) == 6
    return play_rows(s, rows)


# ---- D4 and K27: the deal and the bidding ----------------------------------------------------

@pytest.mark.parametrize("seed", range(3))
def test_deal_five_each_turn_up_and_two_dead(seed):
    d = deal(SIX, seed=seed, dealer=seed)
    assert [len(h) for h in d.hands] == [5] * 6 and d.upcard is not None and len(d.rest) == 2
    everything = [c for h in d.hands for c in h] + [d.upcard] + list(d.rest)
    assert len(set(everything)) == 33 and set(everything) == set(SIX.cards)


@pytest.mark.parametrize("dealer", [0, 4])
def test_deal_goes_in_packets_of_2_3_from_the_dealers_left(dealer):
    pack = list(SIX.cards)
    hands, pos = [[] for _ in range(6)], 0
    for size in (2, 3):
        for k in range(1, 7):
            hands[(dealer + k) % 6] += pack[pos:pos + size]
            pos += size
    d = deal(SIX, dealer=dealer, rng=Unshuffled())
    assert [set(h) for h in d.hands] == [set(h) for h in hands]
    assert d.upcard == pack[30] and set(d.rest) == set(pack[31:])


BASE_ROWS = partnership_rows([0, 3, 0, 1, 2])


def test_both_rounds_ask_all_six_seats_and_all_pass_is_a_misdeal():
    s = HandState.start(build(BASE_ROWS, "7D", rs=SIX))
    for seat in (1, 2, 3, 4, 5, 0):
        assert s.phase is Phase.ROUND1 and s.to_act == seat
        assert len(s.legal_actions()) == 2 and "pass" in legal(s)
        assert s.parse_action("order up") in s.legal_actions()
        s = s.apply("pass")
    for seat in (1, 2, 3, 4, 5, 0):
        assert s.phase is Phase.ROUND2 and s.to_act == seat
        assert legal(s) == {"make clubs", "make hearts", "make spades", "pass"}
        with pytest.raises(IllegalActionError, match="diamonds"):
            s.apply("make diamonds")
        s = s.apply("pass")
    assert s.is_over and s.passed_out
    result = s.result()
    assert result.points_by_team == (0, 0, 0)


@pytest.mark.parametrize("acceptor", [1, 3, 5, 0])
def test_round1_first_acceptance_ends_it_and_the_dealer_discards(acceptor):
    s = HandState.start(build(BASE_ROWS, "7D", rs=SIX))
    s = passes(s, (acceptor - 1) % 6)
    s = step(s, acceptor, None, "order up")
    assert s.maker == acceptor and s.trump is Suit.DIAMONDS
    s = step(s, acceptor, {"with partner", "alone"}, "with partner")
    assert s.phase is Phase.DISCARD and s.to_act == 0 and len(s.hand(0)) == 6
    dealt = [str(c) for c in s.deal.hands[0]]
    assert legal(s) == {f"discard {c}" for c in dealt}
    s = s.apply(f"discard {dealt[0]}")
    assert s.phase is Phase.PLAY and s.turn == 1 and len(s.hand(0)) == 5


# ---- J4 steps 4-10: the lone maker and the offers ------------------------------------------

GROUPS5 = ["AC KC QC JC TC", "AS KS QS JS TS", "AD KD QD TD 9D", "JK JH JD AH KH"]


def lone_rows(winners):
    rows = suit_rows(GROUPS5, winners[:4], (1, 2, 3, 4, 5), n=6)
    last = ["--"] * 6
    last[winners[4]] = "QH"
    for seat, card in zip([x for x in (1, 2, 3, 4, 5) if x != winners[4]], "9C 9S 8C 8S".split()):
        last[seat] = card
    return rows + [" ".join(last)]


def lone_start(winners, rs=SIX):
    """S (seat 3) makes hearts in round 2 and goes alone; his partner, the dealer, sits out."""
    rows = lone_rows(winners)
    best = rows[3].split()[3]
    d = build(rows, "8D", rs=rs, add={0: "7C 7S 9H 8H " + best, 3: "7D"}, drop={3: best})
    s = passes(HandState.start(d), 8)
    s = step(s, 3, None, "make hearts")
    s = step(s, 3, {"with partner", "alone"}, "alone")
    assert s.sits_out(0) and not any(s.sits_out(x) for x in (1, 2, 4, 5))
    s = step(s, 3, {f"give {c}" for c in d.hands[3]}, "give 7D")
    assert s.exchanges == ((3, Card("7D"), 0, Card(best)),)      # his partner is seat +3
    return s, rows


def lone_hand(winners, jambone=False, rs=SIX):
    s, rows = lone_start(winners, rs)
    s = step(s, 3, {"jambone", "pass"}, "jambone" if jambone else "pass")
    if not jambone and rs.lone_against_6p == "one_on_one":
        for seat in (4, 5, 1, 2):
            s = step(s, seat, {"defend alone", "pass"}, "pass")
    assert s.phase is Phase.PLAY and s.turn == 1 and s.active_seats == (1, 2, 3, 4, 5)
    return play_rows(s, rows)


def test_lone_against_offers_go_to_the_four_opponents_from_the_lone_players_left():
    s, _ = lone_start([3, 3, 3, 3, 3])
    s = s.apply("pass")
    for seat in (4, 5, 1, 2):                     # the partner, seat 0, is not an opponent
        s = step(s, seat, {"defend alone", "pass"}, "pass")
    assert s.phase is Phase.PLAY and s.lone_defender is None
    assert [seat for phase, seat in asked(s) if phase is Phase.DEFEND] == [4, 5, 1, 2]


@pytest.mark.parametrize("lone, offers", [(1, (2, 3, 5, 0)), (2, (3, 4, 0, 1)), (0, (1, 2, 4, 5))])
def test_offer_order_for_other_lone_seats(lone, offers):
    s = HandState.start(build(BASE_ROWS, "7D", rs=SIX))
    s = passes(s, (lone - 1) % 6).apply("order up").apply("alone")
    assert s.sits_out((lone + 3) % 6)
    s = s.apply(s.legal_actions()[0]).apply("pass")
    for seat in offers:
        s = step(s, seat, {"defend alone", "pass"}, "pass")
    assert s.phase in (Phase.DISCARD, Phase.PLAY) and s.lone_defender is None


def test_lone_against_6p_disabled_means_no_offers():
    r = SIX.replace(lone_against_6p="disabled")
    s = lone_hand([3, 3, 3, 3, 3], rs=r)
    assert [seat for phase, seat in asked(s) if phase is Phase.DEFEND] == []
    assert s.result().points_by_team == (10, 0, 0)


def test_first_acceptance_makes_it_one_on_one_and_the_third_team_sits_out():
    s, _ = lone_start([3, 3, 3, 3, 3])
    s = s.apply("pass")
    s = step(s, 4, {"defend alone", "pass"}, "pass")
    s = step(s, 5, {"defend alone", "pass"}, "defend alone")
    assert s.lone_defender == 5
    assert s.active_seats == (3, 5)              # team B (1, 4) sits out entirely
    assert s.phase is Phase.GIVE and s.to_act == 5
    assert [seat for phase, seat in asked(s) if phase is Phase.DEFEND] == [4, 5]


def test_one_on_one_with_the_dealer_as_lone_defender_discards_twice():
    s = HandState.start(build(BASE_ROWS, "7D", rs=SIX))
    s = s.apply("order up").apply("alone")                  # NE alone; SW sits out
    s = s.apply(s.legal_actions()[0]).apply("pass")
    for seat in (2, 3, 5):
        s = step(s, seat, {"defend alone", "pass"}, "pass")
    s = step(s, 0, {"defend alone", "pass"}, "defend alone")
    assert s.phase is Phase.GIVE and s.to_act == 0
    assert legal(s) == {f"give {c}" for c in s.deal.hands[0]}     # the turn-up is not his yet
    s = s.apply(s.legal_actions()[0])
    assert s.phase is Phase.DISCARD and s.to_act == 0 and Card("7D") in s.hand(0)
    assert "discard 7D" not in legal(s) and len(legal(s)) == 5
    s = s.apply(s.legal_actions()[0])
    assert s.phase is Phase.PLAY and s.active_seats == (0, 1) and s.turn == 1


def test_one_on_one_without_the_dealer_leaves_the_turn_up_dead():
    s = HandState.start(build(BASE_ROWS, "7D", rs=SIX))
    s = s.apply("order up").apply("alone")
    s = s.apply(s.legal_actions()[0]).apply("pass")
    s = step(s, 2, None, "defend alone")
    s = s.apply(s.legal_actions()[0])
    assert s.phase is Phase.PLAY and s.sits_out(0)
    assert Card("7D") in s.dead_cards and s.trump is Suit.DIAMONDS and s.active_seats == (1, 2)


# ---- scoring: H 26-29 and the six-player knobs, as played hands ------------------------------

@pytest.mark.parametrize("winners, knobs, points", [
    ([0, 3, 0, 1, 2], {}, (3, 0, 0)),                                     # H26, majority
    ([0, 3, 0, 1, 2], {"maker_threshold_6p": "literal_4"}, (0, 1, 1)),    # H26, literal 4
    ([0, 3, 1, 4, 2], {}, (0, 2, 1)),                                     # H27
    ([0, 3, 1, 4, 2], {"defender_scoring_6p": "combined"}, (0, 3, 3)),
    ([0, 3, 0, 3, 1], {"maker_threshold_6p": "literal_4"}, (4, 0, 0)),
    ([0, 3, 0, 3, 0], {}, (5, 0, 0)),
    ([1, 4, 1, 4, 1], {}, (0, 5, 0)),
])
def test_partnership_scores(winners, knobs, points):
    s = partnership_hand(winners, rs=SIX.replace(**knobs) if knobs else SIX)
    result = s.result()
    assert len(s.tricks) == 5
    assert result.points_by_team == points
    assert len(result.tricks_by_team) == 3 and result.maker_team == 0


@pytest.mark.parametrize("winners, knobs, points", [
    ([3, 1, 4, 1, 2], {}, (0, 6, 2)),                                     # H28
    ([3, 1, 4, 1, 2], {"defender_scoring_6p": "combined"}, (0, 8, 8)),
    ([3, 3, 3, 1, 2], {}, (6, 0, 0)),                                     # a lone 3 of 5 is made
    ([3, 3, 3, 1, 2], {"maker_threshold_6p": "literal_4"}, (0, 2, 2)),
    ([3, 3, 3, 3, 3], {}, (10, 0, 0)),
])
def test_lone_maker_scores(winners, knobs, points):
    s = lone_hand(winners, rs=SIX.replace(**knobs) if knobs else SIX)
    assert s.result().points_by_team == points


@pytest.mark.parametrize("winners, knobs, points", [
    ([3, 3, 3, 3, 3], {}, (28, 0, 0)),
    ([3, 3, 3, 3, 3], {"jambone_points": "4_per_trick"}, (20, 0, 0)),
    ([3, 3, 3, 3, 1], {}, (0, 28, 0)),                                    # H29
    ([3, 3, 3, 3, 1], {"jambone_fail_recipient_6p": "all_defending_teams"}, (0, 28, 28)),
    ([3, 3, 3, 3, 1], {"jambone_fail_recipient_6p": "split"}, (0, 14, 14)),
    ([3, 3, 3, 3, 1], {"jambone_points": "4_per_trick"}, (0, 20, 0)),
    ([3, 3, 3, 1, 2], {}, (0, 28, 28)),
])
def test_jambone_scores(winners, knobs, points):
    s = lone_hand(winners, jambone=True, rs=SIX.replace(**knobs) if knobs else SIX)
    assert s.jambone and s.result().points_by_team == points


GROUPS2 = ["AC KC", "AS KS", "AD KD", "JK JH", "JD AH"]


def one_on_one(winners, rs=SIX):
    """S (3) alone; SW (4) passes; NW (5) defends alone: the dealer and team B sit out."""
    rows = suit_rows(GROUPS2, winners, (3, 5), n=6)
    best, best2 = rows[4].split()[3], rows[4].split()[5]
    d = build(rows, "7D", rs=rs, add={0: "QC JC TC 9C " + best, 2: "QS JS TS 9S " + best2,
                                      1: "8C 7C 8S 7S QD", 4: "TD 9D 8D KH QH", 3: "7H", 5: "8H"},
              drop={3: best, 5: best2})
    s = passes(HandState.start(d), 8).apply("make hearts").apply("alone")
    s = step(s, 3, None, "give 7H").apply("pass")
    s = step(s, 4, {"defend alone", "pass"}, "pass")
    s = step(s, 5, {"defend alone", "pass"}, "defend alone")
    s = step(s, 5, {f"give {c}" for c in d.hands[5]}, "give 8H")
    assert s.exchanges == ((3, Card("7H"), 0, Card(best)), (5, Card("8H"), 2, Card(best2)))
    assert s.phase is Phase.PLAY and s.active_seats == (3, 5) and s.turn == 3
    return play_rows(s, rows)


@pytest.mark.parametrize("winners, knobs, points", [
    ([5, 5, 5, 3, 3], {}, (0, 0, 9)),                                 # K26: only C scores
    ([5, 5, 5, 3, 3], {"defender_scoring_6p": "combined"}, (0, 0, 9)),
    ([3, 3, 3, 5, 5], {}, (6, 0, 0)),
    ([3, 3, 3, 5, 5], {"lone_against_scoring": "both_triple"}, (9, 0, 0)),
    ([3, 3, 3, 5, 5], {"maker_threshold_6p": "literal_4"}, (0, 0, 6)),
    ([3] * 5, {}, (10, 0, 0)),
    ([3] * 5, {"lone_against_scoring": "both_triple"}, (15, 0, 0)),
    ([5] * 5, {}, (0, 0, 15)),
])
def test_one_on_one_scores(winners, knobs, points):
    s = one_on_one(winners, rs=SIX.replace(**knobs) if knobs else SIX)
    assert s.result().points_by_team == points


def test_jambone_callers_are_seats_plus_1_and_plus_5():
    s, rows = lone_start([3, 3, 3, 3, 3])
    s = s.apply("jambone")
    assert s.phase is Phase.PLAY                    # nobody may defend alone against a Jambone
    s = s.apply("play KC").apply("play QC")        # NE leads, SE follows
    assert s.turn == 3 and s.to_act == 2            # S follows: seat +5 (SE, team C) names it
    s = s.apply("call AC").apply("play JC").apply("play TC")
    assert s.tricks[-1].winner == 3
    assert s.turn == 3 and s.to_act == 4            # S leads: seat +1 (SW, team B) names it


def test_jamboree_bonus_goes_to_the_holders_team():
    # NW (team C) holds the five top trumps and is not the maker
    hands = ["AC KC QC JC TC", "AS KS QS JS TS", "AD KD QD TD 9D", "9C 8C 9S 8S QH",
             "7C 7S 8D TH 9H", "JK JH JD AH KH"]
    s = HandState.start(Deal.from_hands(SIX, hands, upcard="7D"))
    s = passes(s, 8).apply("make hearts").apply("with partner")
    s = step(s, 5, {"jamboree", "pass"}, "jamboree")
    rows = ["TC TS 9D 9S 7S KH", "AC AS AD QH TH JK", "KC KS KD 9C 9H JH", "QC QS QD 8C 7C JD",
            "JC JS TD 8S 8D AH"]
    s = play_rows(s, rows)
    # C took all five: the makers are euchred (C 5) and C adds the Jamboree
    assert s.result().points_by_team == (0, 0, 21)


THIRD_TEAM_JAMBOREE = ["AC KC QC JC TC", "AS KS QS JS TS", "AD KD QD TD 9D", "9C 8C 9S 8S QH",
                       "JK JH JD AH KH", "7C 7S 8D TH 9H"]


@pytest.mark.parametrize("knob", ["one_on_one", "disabled"])
def test_a_seat_that_sits_out_is_never_asked_for_a_jamboree(knob):
    """K21: SW (team B) holds the five top trumps; in a one-on-one hand between S and NW he sits out."""
    r = SIX.replace(lone_against_6p=knob)
    s = HandState.start(Deal.from_hands(r, THIRD_TEAM_JAMBOREE, upcard="7D"))
    s = passes(s, 8).apply("make hearts").apply("alone")
    s = s.apply("give 9C").apply("pass")
    if knob == "one_on_one":
        s = step(s, 4, {"defend alone", "pass"}, "pass")
        s = step(s, 5, {"defend alone", "pass"}, "defend alone")
        s = s.apply("give 7C")
        assert s.sits_out(4) and s.phase is Phase.PLAY
    else:
        s = step(s, 4, {"jamboree", "pass"}, "jamboree")       # active: asked, though a defender
        assert s.jamboree == 4 and s.phase is Phase.PLAY


# ---- the game: 64, with two defending teams able to reach it on one hand -----------------------

@pytest.mark.parametrize("before, points, winners", [
    ((60, 60, 60), (0, 5, 4), (1,)),
    ((60, 60, 60), (0, 4, 4), ()),                 # 64-64: equal totals play on (K24)
    ((60, 50, 50), (4, 0, 0), (0,)),
])
def test_three_teams_to_64(before, points, winners):
    update = scoring.add_hand(SIX, before, points, makers=0)
    assert update.winners == winners and len(update.after) == 3


def test_a_six_player_game_is_played_to_64():
    record_ = game.play_game(SIX, [players.RandomPlayer(i) for i in range(6)], seed=2)
    final = record_.final_score
    assert len(final) == 3 and final[record_.winner] >= 64
    assert final[record_.winner] == max(final) and list(final).count(max(final)) == 1
    assert [h.dealer for h in record_.hands] == [i % 6 for i in range(len(record_.hands))]


# ---- results and explanations name the three teams -------------------------------------------

@pytest.mark.parametrize("make", [
    lambda: partnership_hand([0, 3, 0, 1, 2]),
    lambda: partnership_hand([0, 3, 1, 4, 2]),
    lambda: lone_hand([3, 1, 4, 1, 2]),
    lambda: lone_hand([3, 3, 3, 3, 1], jambone=True),
], ids=["H26", "H27", "H28", "H29"])
def test_results_name_all_three_teams(make):
    result = make().result()
    assert len(result.points_by_team) == 3 and len(result.tricks_by_team) == 3
    assert len(result.score.defenders_by_team) == 2
    assert result.score.defenders == sum(result.score.defenders_by_team)
    for name in TEAM.values():
        assert name in result.explanation, result.explanation


# ---- golden playthrough --------------------------------------------------------------------

def test_golden_six_player_lone_against_hand():
    check_golden("modern_railroad_6p_lone_against", one_on_one([5, 3, 5, 3, 5]))


# ---- views ------------------------------------------------------------------------------------

def test_views_for_six_players():
    s, _ = lone_start([3, 3, 3, 3, 3])
    for seat in range(6):
        view = s.view(seat)
        assert view.players == 6 and view.phase is Phase.JAMBONE
        assert view.legal_actions() == (s.legal_actions() if seat == 3 else ())
        assert view.sitting_out == (0,)
    assert Card("7D") not in s.view(0).hand                # the dealer never looks at the gift
    assert (3, "give ?") in s.view(1).public_history


def test_deals_and_records_round_trip():
    s = one_on_one([5, 3, 5, 3, 5])
    assert Deal.parse(str(s.deal)) == s.deal
    again = record.from_json(record.to_json(s))
    assert again == s and again.result().points_by_team == (0, 0, 9)


# ---- random play: the invariants --------------------------------------------------------

def expected_points(s) -> tuple:
    """D11 with the six-player knobs (D-19), K26 and the Jamboree bonus."""
    r, won = s.rules, s.tricks_won
    team = [x % 3 for x in range(6)]
    team_tricks = [won[t] + won[t + 3] for t in range(3)]
    mt = team[s.maker]
    m = team_tricks[mt]
    defending = [t for t in range(3) if t != mt]
    need = 3 if r.maker_threshold_6p == "majority" else 4
    pts = [0, 0, 0]
    if s.jambone:
        value = 28 if r.jambone_points == "28" else 20
        if m == 5:
            pts[mt] = value
        else:
            for t in defending:
                if r.jambone_fail_recipient_6p == "split":
                    pts[t] = value // 2
                elif r.jambone_fail_recipient_6p == "all_defending_teams" or team_tricks[t]:
                    pts[t] = value
    elif s.alone and s.lone_defender is not None:
        if m >= need:
            pts[mt] = (3 if r.lone_against_scoring == "both_triple" else 2) * m
        else:
            pts[team[s.lone_defender]] = 3 * won[s.lone_defender]
    else:
        factor = 2 if s.alone else 1
        if m >= need:
            pts[mt] = factor * m
        else:
            for t in defending:
                own = sum(team_tricks[x] for x in defending) if r.defender_scoring_6p == "combined" else team_tricks[t]
                pts[t] = factor * own
    if s.jamboree is not None:
        pts[team[s.jamboree]] += 16
    return tuple(pts)


def random_hand(rs, seed):
    rng = random.Random(seed)
    s = HandState.start(deal(rs, seed=seed, dealer=seed % 6))
    pack = {str(c) for c in rs.cards}
    jamboree_seen = False
    while not s.is_over:
        snapshot = (s.phase, s.to_act, s.hands, s.trick, s.tricks_won, s.last_action, s.undo())
        jamboree_seen |= s.phase is Phase.JAMBOREE
        if s.phase is Phase.PLAY:
            if not s.trick and not s.tricks:
                first = next(x for x in ((s.dealer + k) % 6 for k in range(1, 7)) if not s.sits_out(x))
                assert s.turn == first
                n_active = len(s.active_seats)
                assert n_active == (2 if s.lone_defender is not None else 5 if s.alone else 6)
                letter = s.trump.letter
                top = {"JK", "J" + letter, "J" + SAME_COLOUR.get(letter, "?"), "A" + letter, "K" + letter}
                holders = [x for x in s.active_seats if top <= {str(c) for c in s.hand(x)}]
                assert jamboree_seen == bool(holders and s.trump is not Suit.NO_TRUMP), s.deal
            expected = may_play([str(c) for c in s.hand(s.turn)], [str(c) for _, c in s.trick],
                                s.trump.letter, rs.joker_no_trump_play == "any_time")
            kind = "call" if s.to_act != s.turn else "play"
            if kind == "call":
                assert s.to_act == ((s.turn + 1) % 6 if not s.trick else (s.turn + 5) % 6)
            assert legal(s) == {f"{kind} {c}" for c in expected}
        else:
            assert not s.sits_out(s.to_act) or s.phase is Phase.BEST
            if s.phase is Phase.DEFEND:
                assert s.to_act % 3 != s.maker % 3
        t = s.apply(rng.choice(s.legal_actions()))
        assert snapshot == (s.phase, s.to_act, s.hands, s.trick, s.tricks_won, s.last_action, s.undo())
        s = t
    result = s.result()
    assert len(result.points_by_team) == 3
    if s.passed_out:
        assert result.points_by_team == (0, 0, 0)
        return s
    assert len(s.tricks) == 5
    played = [str(c) for plays, _, won in s.tricks for _, c in plays]
    for plays, _, won in s.tricks:
        assert len(plays) == len(s.active_seats)
        assert won == trick_winner([(x, str(c)) for x, c in plays], s.trump.letter)
    out = [str(c) for c in s.dead_cards] + [str(c) for x in range(6) if s.sits_out(x) for c in s.hand(x)]
    assert all(not s.hand(x) for x in s.active_seats)
    assert len(played) + len(out) == 33 and set(played) | set(out) == pack
    assert result.points_by_team == expected_points(s), str(s.deal) + " " + " / ".join(map(str, s.history))
    assert all(0 <= p <= 44 for p in result.points_by_team)
    return s


@pytest.mark.parametrize("knobs", [{}, {"maker_threshold_6p": "literal_4", "defender_scoring_6p": "combined",
                                        "jambone_points": "4_per_trick", "jambone_fail_recipient_6p": "split"}],
                         ids=["preset", "alternatives"])
def test_random_play_invariants_1000_hands(knobs):
    rs = SIX.replace(**knobs) if knobs else SIX
    seen = {"alone": 0, "one on one": 0, "jambone": 0, "no trump": 0}
    for seed in range(1000 if not knobs else 300):
        s = random_hand(rs, seed)
        if not s.passed_out:
            seen["alone"] += s.alone
            seen["one on one"] += s.lone_defender is not None
            seen["jambone"] += s.jambone
            seen["no trump"] += s.trump is Suit.NO_TRUMP
    assert all(seen.values()), seen

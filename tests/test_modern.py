"""Modern Railroad Euchre for four players (``modern_railroad``): rule book D, J3 and K.

Every hand here is built card by card with ``Deal.from_hands`` and driven with the text of
the actions, asserting who is asked what at each step. Tricks are written as rows in seat
order (``--`` for a seat that sits out) and checked against a referee written from D2 and
D10, independent of the engine's ranking (``referee``; the row helpers are in ``modern_helpers``).
The worked examples of rule book H (column D) are played as whole hands, not only passed to
``scoring.score``.
"""
from __future__ import annotations

import random

import pytest
from helpers import Unshuffled, passes
from modern_helpers import asked, build, check_golden, legal, play_rows, step, suit_rows
from referee import SAME_COLOUR, may_play, trick_winner

from euchre_lessons import Card, Deal, HandState, Phase, Suit, deal, game, players, record, rules, scoring
from euchre_lessons.errors import DealError, IllegalActionError, RuleSetError

MODERN = rules.load("modern_railroad")


# The partnership layout: seven one-suit tricks, trump hearts made by P in round 2.
GROUPS4 = ["AC KC QC JC", "TC 9C 8C 7C", "AS KS QS JS", "TS 9S 8S 7S", "AD KD QD TD", "JK JH JD AH", "KH QH TH 9H"]


def partnership_hand(winners, rs=MODERN):
    rows = suit_rows(GROUPS4, winners, (0, 1, 2, 3), n=4)
    s = HandState.start(build(rows, "7D", rs=rs))
    s = passes(s, 5)                                   # round 1, then E in round 2
    s = step(s, 2, None, "make hearts")
    s = step(s, 2, {"with partner", "alone"}, "with partner")
    assert s.phase is Phase.PLAY and s.turn == 1
    return play_rows(s, rows)


# ---- D4: the deal ------------------------------------------------------------------------

@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("dealer", [0, 3])
def test_deal_is_33_cards_seven_each_and_a_kitty_of_five(seed, dealer):
    d = deal(MODERN, seed=seed, dealer=dealer)
    assert [len(h) for h in d.hands] == [7] * 4
    assert d.upcard is not None and len(d.rest) == 4
    everything = [c for h in d.hands for c in h] + [d.upcard] + list(d.rest)
    assert len(everything) == len(set(everything)) == 33
    assert set(everything) == set(MODERN.cards) and Card("JK") in everything


@pytest.mark.parametrize("dealer", [0, 2])
def test_deal_goes_in_packets_of_2_3_2_from_the_dealers_left(dealer):
    pack = list(MODERN.cards)
    hands, pos = [[] for _ in range(4)], 0
    for size in (2, 3, 2):
        for k in range(1, 5):
            hands[(dealer + k) % 4] += pack[pos:pos + size]
            pos += size
    d = deal(MODERN, dealer=dealer, rng=Unshuffled())
    assert [set(h) for h in d.hands] == [set(h) for h in hands]
    assert d.upcard == pack[28] and set(d.rest) == set(pack[29:])


def test_kitty_four_no_joker_deals_32_cards_and_a_kitty_of_four():
    r = MODERN.replace(kitty="four_no_joker")
    for seed in range(3):
        d = deal(r, seed=seed)
        everything = [c for h in d.hands for c in h] + [d.upcard] + list(d.rest)
        assert len(set(everything)) == 32 and Card("JK") not in everything
        assert len(d.rest) == 3                        # turn-up + 3 = a kitty of four
    with pytest.raises(DealError, match="JK"):
        Deal.from_hands(r, ["JK AC KC QC JC TC 9C", "8C 7C AD KD QD JD TD", "9D 8D 7D AH KH QH JH",
                            "TH 9H 8H 7H AS KS QS"], upcard="JS")


def test_kitty_four_no_joker_is_a_four_player_value():
    with pytest.raises(RuleSetError, match="four_no_joker"):
        rules.load("modern_railroad_6p").replace(kitty="four_no_joker")


# ---- J3 steps 2-3: making trump -----------------------------------------------------------

BASE_ROWS = suit_rows(GROUPS4, [0, 2, 0, 2, 1, 3, 1], (0, 1, 2, 3), n=4)


@pytest.mark.parametrize("acceptor", [1, 2, 3, 0])
def test_round1_every_seat_may_order_it_up_the_dealer_too(acceptor):
    s = HandState.start(build(BASE_ROWS, "7D", rs=MODERN))
    for seat in (1, 2, 3, 0):
        assert s.phase is Phase.ROUND1 and s.to_act == seat
        options = s.legal_actions()
        assert len(options) == 2 and "pass" in legal(s)
        # the text's "pick it up" is one acceptance, whatever the seat
        assert s.parse_action("order up") in options and s.parse_action("pick it up") in options
        if seat == acceptor:
            break
        s = s.apply("pass")
    s = s.apply("order up")
    assert s.maker == acceptor and s.trump is Suit.DIAMONDS
    assert s.phase is Phase.ALONE and s.to_act == acceptor
    # partners_best = always: going alone includes the exchange, there is no "alone no exchange"
    assert legal(s) == {"with partner", "alone"}
    with pytest.raises(IllegalActionError, match="alone no exchange"):
        s.apply("alone no exchange")


def test_round1_acceptance_then_the_dealer_takes_the_turn_up_and_discards():
    s = HandState.start(build(BASE_ROWS, "7D", rs=MODERN))
    dealt = [str(c) for c in s.hand(0)]
    s = step(s, 1, None, "order up")
    s = step(s, 1, {"with partner", "alone"}, "with partner")
    assert s.phase is Phase.DISCARD and s.to_act == 0
    assert "7D" in [str(c) for c in s.hand(0)] and len(s.hand(0)) == 8
    assert legal(s) == {f"discard {c}" for c in dealt}          # never the turn-up (K2)
    with pytest.raises(IllegalActionError, match="7D"):
        s.apply("discard 7D")
    s = s.apply(f"discard {dealt[0]}")
    assert len(s.hand(0)) == 7 and Card(dealt[0]) in s.dead_cards
    assert s.phase is Phase.PLAY and s.turn == 1                 # E leads (D9)


def test_round2_offers_the_other_three_suits_and_pass():
    s = passes(HandState.start(build(BASE_ROWS, "7D", rs=MODERN)), 4)
    assert s.phase is Phase.ROUND2 and Card("7D") in s.dead_cards and not s.upcard_lying
    for seat in (1, 2, 3):
        assert s.to_act == seat
        assert legal(s) == {"make clubs", "make hearts", "make spades", "pass"}
        with pytest.raises(IllegalActionError, match="diamonds"):
            s.apply("make diamonds")
        s = s.apply("pass")
    assert s.to_act == 0 and legal(s) == {"make clubs", "make hearts", "make spades", "pass"}
    t = s.apply("make spades")
    assert t.maker == 0 and t.trump is Suit.SPADES and t.phase is Phase.ALONE
    # a round-2 trump: nobody takes the turn-up in
    t = t.apply("with partner")
    assert t.phase is Phase.PLAY and len(t.hand(0)) == 7


def test_round2_may_name_turned_suit_knob():
    r = MODERN.replace(round2_may_name_turned_suit=True)
    s = passes(HandState.start(build(BASE_ROWS, "7D", rs=r)), 4)
    assert legal(s) == {"make clubs", "make diamonds", "make hearts", "make spades", "pass"}


def test_all_pass_twice_is_a_misdeal_with_no_points():
    s = passes(HandState.start(build(BASE_ROWS, "7D", rs=MODERN)), 8)
    assert s.is_over and s.passed_out and s.legal_actions() == ()
    result = s.result()
    assert result.points_by_team == (0, 0) and result.outcome.passed_out
    with pytest.raises(IllegalActionError, match="pass"):
        s.apply("pass")


def test_stick_the_dealer_takes_pass_from_the_dealer_in_round_2():
    r = MODERN.replace(stick_the_dealer=True)
    s = passes(HandState.start(build(BASE_ROWS, "7D", rs=r)), 7)
    assert s.to_act == 0 and legal(s) == {"make clubs", "make hearts", "make spades"}
    with pytest.raises(IllegalActionError, match="pass"):
        s.apply("pass")


# ---- J3 steps 4-10: alone, the exchange, the dealer's discard -----------------------------

# upcard 9S (spades trump); the dealer's partner P holds the Joker.
LONE_DEAL = ["JS JC AS KS QS AH 7D", "AC KC QC JD TD 9D 8D", "JK 7S 8S 7C 8C 9C 7H", "TS AD KD QD KH QH JH"]


def test_dealer_alone_exchanges_first_then_discards_for_the_turn_up():
    s = HandState.start(Deal.from_hands(MODERN, LONE_DEAL, upcard="9S"))
    s = passes(s, 3)
    s = step(s, 0, None, "order up")
    s = step(s, 0, {"with partner", "alone"}, "alone")
    assert s.sits_out(2)
    # the exchange comes before the pick-up: the turn-up is not yet his to give
    s = step(s, 0, {f"give {c}" for c in LONE_DEAL[0].split()}, "give 7D")
    assert s.exchanges == ((0, Card("7D"), 2, Card("JK")),)
    assert Card("JK") in s.hand(0) and Card("7D") in s.hand(2) and Card("9S") not in s.hand(0)
    s = step(s, 0, {"jambone", "pass"}, "pass")
    s = step(s, 1, {"defend alone", "pass"}, "pass")          # lone D: E, then Q (J0)
    s = step(s, 3, {"defend alone", "pass"}, "pass")
    # the second discard: the turn-up joins his hand; he may throw his partner's card, not the turn-up
    assert s.phase is Phase.DISCARD and s.to_act == 0 and len(s.hand(0)) == 8
    assert legal(s) == {f"discard {c}" for c in "JS JC AS KS QS AH JK".split()}
    s = s.apply("discard AH")
    # his partner's Joker completes a Jamboree (K21: a lone hand includes the partner's best)
    s = step(s, 0, {"jamboree", "pass"}, "pass")
    assert s.phase is Phase.PLAY and s.turn == 1 and s.active_seats == (0, 1, 3)
    assert Card("AH") in s.dead_cards and len(s.hand(0)) == 7


@pytest.mark.parametrize("knob, best, dealer_keeps_upcard", [
    ("unused", "9S", False),
    ("dealer_may_pass_it", "JS", True),
])
def test_dealers_partner_alone_and_the_turn_up(knob, best, dealer_keeps_upcard):
    """D-7: under ``unused`` the turn-up stays dead and the dealer gives his best from his own
    seven cards; Foster's ``dealer_may_pass_it`` lets him pass it on (K4)."""
    r = MODERN.replace(dealer_partner_loner_turnup=knob)
    hands = ["9S AH KH QH AD KD QD", "AC KC QC JD TD 9D 8D", "AS KS QS TS 7C 8C 9C", "8S 7S 7D JH TH 9H 8H"]
    s = HandState.start(Deal.from_hands(r, hands, upcard="JS"))
    s = step(s, 1, None, "pass")
    s = step(s, 2, None, "order up")
    assert s.maker == 2 and s.trump is Suit.SPADES
    s = step(s, 2, None, "alone")
    s = step(s, 2, {f"give {c}" for c in hands[2].split()}, "give 7C")
    assert s.exchanges == ((2, Card("7C"), 0, Card(best)),)
    assert Card(best) in s.hand(2)
    assert (Card("JS") in s.hand(0)) is (dealer_keeps_upcard and best != "JS")
    s = step(s, 2, {"jambone", "pass"}, "pass")
    s = step(s, 3, {"defend alone", "pass"}, "pass")           # lone P: Q, then E
    s = step(s, 1, {"defend alone", "pass"}, "pass")
    # the dealer sits out: he is never asked to discard, and trump is still spades
    assert s.phase is Phase.PLAY and s.sits_out(0) and s.trump is Suit.SPADES
    if knob == "unused":
        assert Card("JS") in s.dead_cards and all(Card("JS") not in h for h in s.hands)
    assert s.turn == 1


def test_partners_best_is_never_the_card_just_given():
    """K11: the best comes from the partner's hand as it was before the lone player's card arrived."""
    hands = ["9S AH KH QH AD KD QD", "AC KC QC JD TD 9D 8D", "AS KS QS TS 7C 8C 9C", "8S 7S 7D JH TH 9H 8H"]
    s = HandState.start(Deal.from_hands(MODERN, hands, upcard="JS"))
    s = s.apply("pass").apply("order up").apply("alone").apply("give AS")
    assert s.exchanges == ((2, Card("AS"), 0, Card("9S")),)
    assert Card("AS") in s.hand(0) and Card("9S") in s.hand(2)


def test_lone_defender_exchanges_compulsorily_and_the_dealer_discards_twice():
    s = HandState.start(Deal.from_hands(MODERN, LONE_DEAL, upcard="9S"))
    s = step(s, 1, None, "order up")
    s = step(s, 1, None, "alone")
    s = step(s, 1, None, "give 8D")                 # E's partner Q returns TS, his only trump
    assert s.exchanges[-1] == (1, Card("8D"), 3, Card("TS"))
    s = step(s, 1, {"jambone", "pass"}, "pass")
    s = step(s, 2, {"defend alone", "pass"}, "pass")            # lone E: P, then D
    s = step(s, 0, {"defend alone", "pass"}, "defend alone")
    assert s.lone_defender == 0 and s.sits_out(2) and s.sits_out(3)
    # the exchange is part of defending alone, and comes before the dealer's pick-up
    assert s.phase is Phase.GIVE and s.to_act == 0
    assert legal(s) == {f"give {c}" for c in LONE_DEAL[0].split()}
    s = s.apply("give 7D")
    assert s.exchanges[-1] == (0, Card("7D"), 2, Card("JK"))
    assert s.phase is Phase.DISCARD and s.to_act == 0
    assert legal(s) == {f"discard {c}" for c in "JS JC AS KS QS AH JK".split()}
    s = s.apply("discard QS")
    s = step(s, 0, {"jamboree", "pass"}, "jamboree")           # a lone defender's Jamboree counts too
    assert s.jamboree == 0
    assert s.phase is Phase.PLAY and s.active_seats == (0, 1) and s.turn == 1


def test_lone_defender_whose_partner_deals_the_turn_up_stays_dead():
    s = HandState.start(Deal.from_hands(MODERN, LONE_DEAL, upcard="9S"))
    s = s.apply("order up").apply("alone").apply("give 8D").apply("pass")
    s = step(s, 2, None, "defend alone")
    assert s.phase is Phase.GIVE and s.to_act == 2
    s = s.apply("give 7C")
    assert s.exchanges[-1] == (2, Card("7C"), 0, Card("JS"))    # the dealer's own best, not the 9S
    assert s.phase is Phase.PLAY and s.sits_out(0) and Card("9S") in s.dead_cards
    assert s.active_seats == (1, 2) and s.turn == 1


@pytest.mark.parametrize("lone, offers", [(1, (2, 0)), (2, (3, 1)), (3, (0, 2)), (0, (1, 3))])
def test_lone_against_offers_go_in_turn_from_the_lone_players_left(lone, offers):
    s = HandState.start(build(BASE_ROWS, "7D", rs=MODERN))
    s = passes(s, (lone - 1) % 4)
    s = step(s, lone, None, "order up").apply("alone")
    s = s.apply(s.legal_actions()[0])                          # give any card
    s = step(s, lone, {"jambone", "pass"}, "pass")
    for seat in offers:
        s = step(s, seat, {"defend alone", "pass"}, "pass")
    assert s.lone_defender is None
    # then the dealer's discard, unless the dealer sits out (his partner P is alone)
    assert s.phase is (Phase.PLAY if lone == 2 else Phase.DISCARD)


def test_the_first_acceptance_ends_the_offers():
    s = HandState.start(build(BASE_ROWS, "7D", rs=MODERN))
    s = passes(s, 1).apply("order up").apply("alone")         # P alone
    s = s.apply(s.legal_actions()[0]).apply("pass")
    s = step(s, 3, {"defend alone", "pass"}, "defend alone")
    assert s.lone_defender == 3 and s.phase is Phase.GIVE and s.to_act == 3
    s = s.apply(s.legal_actions()[0])
    assert s.phase is Phase.PLAY and s.active_seats == (2, 3) and s.turn == 2
    assert [seat for phase, seat in asked(s) if phase is Phase.DEFEND] == [3]   # E is never asked


def test_nobody_defends_alone_against_a_jambone():
    s = HandState.start(build(BASE_ROWS, "7D", rs=MODERN))
    s = s.apply("order up").apply("alone").apply("give 8C")
    s = step(s, 1, {"jambone", "pass"}, "jambone")
    assert s.jambone and s.phase is Phase.DISCARD and s.to_act == 0


# ---- D11 / H: partnership scores, as played hands ----------------------------------------

@pytest.mark.parametrize("row, winners, makers, defenders", [
    (1, [0, 2, 0, 2, 1, 3, 1], 4, 0),
    (2, [0, 2, 0, 2, 0, 2, 0], 7, 0),
    (3, [0, 2, 0, 1, 3, 1, 3], 0, 4),
    (4, [1, 3, 1, 3, 1, 3, 1], 0, 7),
])
def test_h_partnership_rows(row, winners, makers, defenders):
    s = partnership_hand(winners)
    assert s.is_over and len(s.tricks) == 7
    result = s.result()
    assert result.tricks_by_team[0] == winners.count(0) + winners.count(2)
    assert result.points_by_team == (makers, defenders), f"H row {row}"
    assert result.maker == 2 and result.maker_team == 0


# ---- lone hands: P alone with hearts made in round 2, the dealer sits out ----------------

GROUPS3 = ["AC KC QC", "JC TC 9C", "AS KS QS", "JS TS 9S", "AD KD QD", "JK JH JD", "AH KH QH"]


def lone_hand(winners, jambone=False, rs=MODERN):
    rows = suit_rows(GROUPS3, winners, (1, 2, 3), n=4)
    best = rows[6].split()[2]
    d = build(rows, "TD", add={0: "8C 7C 8S 7S 9D 8D " + best, 2: "7D"}, drop={2: best}, rs=rs)
    s = passes(HandState.start(d), 5)
    s = step(s, 2, None, "make hearts")
    s = step(s, 2, {"with partner", "alone"}, "alone")
    s = step(s, 2, {f"give {c}" for c in d.hands[2]}, "give 7D")
    assert s.exchanges == ((2, Card("7D"), 0, Card(best)),)
    s = step(s, 2, {"jambone", "pass"}, "jambone" if jambone else "pass")
    if not jambone:
        s = step(s, 3, {"defend alone", "pass"}, "pass")
        s = step(s, 1, {"defend alone", "pass"}, "pass")
    assert s.phase is Phase.PLAY and s.sits_out(0) and s.turn == 1
    return play_rows(s, rows)


@pytest.mark.parametrize("row, winners, points", [
    (5, [2, 2, 2, 2, 1, 3, 1], (8, 0)),
    (6, [2] * 7, (14, 0)),
    (7, [2, 2, 2, 1, 3, 1, 3], (0, 8)),
])
def test_h_lone_rows(row, winners, points):
    result = lone_hand(winners).result()
    assert result.points_by_team == points, f"H row {row}"
    assert result.outcome.alone and not result.outcome.defended_alone


GROUPS2 = ["AC KC", "QC JC", "AS KS", "QS JS", "AD KD", "JK JH", "JD AH"]


def lone_against_hand(winners, rs=MODERN):
    """P alone; Q passes; E defends alone: one on one."""
    rows = suit_rows(GROUPS2, winners, (1, 2), n=4)
    best, best2 = rows[6].split()[2], rows[6].split()[1]
    d = build(rows, "8D", rs=rs, add={0: "TC 9C 8C 7C TS 9S " + best, 3: "8S 7S QD TD 9D 7H " + best2,
                                      2: "7D", 1: "8H"}, drop={2: best, 1: best2})
    s = passes(HandState.start(d), 5)
    s = step(s, 2, None, "make hearts").apply("alone")
    s = step(s, 2, None, "give 7D").apply("pass")
    s = step(s, 3, {"defend alone", "pass"}, "pass")
    s = step(s, 1, {"defend alone", "pass"}, "defend alone")
    s = step(s, 1, {f"give {c}" for c in d.hands[1]}, "give 8H")
    assert s.exchanges == ((2, Card("7D"), 0, Card(best)), (1, Card("8H"), 3, Card(best2)))
    assert s.phase is Phase.PLAY and s.active_seats == (1, 2) and s.turn == 1
    return play_rows(s, rows)


@pytest.mark.parametrize("row, winners, triple_only, both_triple", [
    (8, [2] * 7, (14, 0), (21, 0)),
    (9, [2, 2, 2, 2, 2, 1, 1], (10, 0), (15, 0)),
    (10, [2, 2, 2, 1, 1, 1, 1], (0, 12), (0, 12)),
    (11, [1] * 7, (0, 21), (0, 21)),
])
def test_h_lone_against_rows(row, winners, triple_only, both_triple):
    assert lone_against_hand(winners).result().points_by_team == triple_only, f"H row {row}"
    both = MODERN.replace(lone_against_scoring="both_triple")
    assert lone_against_hand(winners, rs=both).result().points_by_team == both_triple, f"H row {row}"


# ---- Jambone (H 15-17) -------------------------------------------------------------------

@pytest.mark.parametrize("row, winners, points", [
    (15, [2] * 7, (28, 0)),
    (16, [2, 2, 2, 2, 2, 2, 1], (0, 28)),
    (17, [2, 2, 2, 1, 3, 1, 3], (0, 28)),
])
def test_h_jambone_rows(row, winners, points):
    s = lone_hand(winners, jambone=True)
    assert s.jambone
    assert s.result().points_by_team == points, f"H row {row}"


def test_jambone_hand_lies_face_up_and_its_cards_are_called():
    rows = suit_rows(GROUPS3, [2] * 7, (1, 2, 3), n=4)
    best = rows[6].split()[2]
    d = build(rows, "TD", add={0: "8C 7C 8S 7S 9D 8D " + best, 2: "7D"}, drop={2: best}, rs=MODERN)
    s = passes(HandState.start(d), 5).apply("make hearts").apply("alone").apply("give 7D").apply("jambone")
    assert s.view(1).exposed == s.hand(2) and s.view(3).exposed == s.hand(2)
    s = s.apply("play KC")                         # E leads; P follows: E (his right) names the card
    assert s.turn == 2 and s.to_act == 1
    assert legal(s) == {"call AC", "call JC"} and s.view(2).legal_actions() == ()
    s = s.apply("play AC")                         # the caller's "play" text is read as a call
    assert s.trick[-1] == (2, Card("AC")) and s.turn == 3 and s.to_act == 3
    s = s.apply("play QC")
    assert s.turn == 2 and s.to_act == 3           # P leads: Q (his left) names the card
    assert legal(s) == {f"call {c}" for c in s.hand(2)}


def test_jambone_card_chooser_left_opponent_always():
    r = MODERN.replace(jambone_card_chooser="left_opponent_always")
    rows = suit_rows(GROUPS3, [2] * 7, (1, 2, 3), n=4)
    best = rows[6].split()[2]
    d = build(rows, "TD", add={0: "8C 7C 8S 7S 9D 8D " + best, 2: "7D"}, drop={2: best}, rs=r)
    s = passes(HandState.start(d), 5).apply("make hearts").apply("alone").apply("give 7D").apply("jambone")
    s = s.apply("play KC")
    assert s.turn == 2 and s.to_act == 3              # Q, on his left, names his follows too
    s = s.apply("call AC").apply("play QC")
    assert s.turn == 2 and s.to_act == 3


def test_a_jambone_dealer_discards_before_his_hand_is_shown():
    """K19: the Jambone hand lies face up from the first lead, after the dealer's discard."""
    s = HandState.start(Deal.from_hands(MODERN, LONE_DEAL, upcard="9S"))
    s = passes(s, 3).apply("order up").apply("alone").apply("give 7D")
    s = step(s, 0, {"jambone", "pass"}, "jambone")
    assert s.phase is Phase.DISCARD and s.to_act == 0          # no offers against a Jambone
    assert all(s.view(x).exposed == () for x in range(4))
    s = s.apply("discard AH").apply("pass")                    # he passes his Jamboree
    assert s.phase is Phase.PLAY and s.turn == 1 and s.to_act == 1
    assert s.view(1).exposed == s.hand(0) and len(s.hand(0)) == 7
    s = s.apply("play AC")
    assert s.turn == 3 and s.to_act == 3
    s = s.apply("play AD")
    assert s.turn == 0 and s.to_act == 3                       # the dealer follows: Q, on his right, names it


# ---- Jamboree (H 18-21, D-22, D-24) -----------------------------------------------------

JAMBOREE_MAKER = ["QS QD QH JS 7D 9C TC", "AS AD KC QC 9S 9D AC", "JK JH JD AH KH 7S 7C", "KS KD TS TD 8S 8D JC"]
JAMBOREE_MAKER_ROWS = ["QS AS 7S KS", "QD AD KH KD", "QH KC JK TS", "JS QC JH TD", "7D 9S JD 8S", "9C 9D AH 8D",
                       "TC AC 7C JC"]


def test_h18_maker_declares_jamboree_and_plays_the_hand():
    s = HandState.start(Deal.from_hands(MODERN, JAMBOREE_MAKER, upcard="8C"))
    s = passes(s, 5).apply("make hearts")
    s = step(s, 2, {"with partner", "alone"}, "with partner")
    s = step(s, 2, {"jamboree", "pass"}, "jamboree")
    assert s.jamboree == 2 and s.phase is Phase.PLAY
    s = play_rows(s, JAMBOREE_MAKER_ROWS)
    result = s.result()
    assert result.tricks_by_team == (5, 2)
    assert result.points_by_team == (21, 0)


JAMBOREE_DEFENDER = ["8C 7C QS JS TD 9D 8D", "JK JH JD AH KH AC 7S", "AS KS QC JC AD KD QD", "QH KC TC 9C TS 9S 8S"]
TRUMPS_FROM_E = ["TD JK AD QH", "9D JH KD KC", "8D JD QD TC", "7C AH QC TS"]


@pytest.mark.parametrize("row, rest, points", [
    (20, ["QS KH KS 9S", "8C AC JC 9C", "JS 7S AS 8S"], (0, 22)),
    (21, ["8C KH JC 9C", "QS 7S AS 9S", "JS AC KS 8S"], (0, 21)),
])
def test_h_defender_holds_jamboree(row, rest, points):
    s = HandState.start(Deal.from_hands(MODERN, JAMBOREE_DEFENDER, upcard="7D"))
    s = passes(s, 5).apply("make hearts").apply("with partner")
    # any active seat may declare it (jamboree_requires_maker = false), here a defender
    s = step(s, 1, {"jamboree", "pass"}, "jamboree")
    s = play_rows(s, TRUMPS_FROM_E + rest)
    assert s.result().points_by_team == points, f"H row {row}"


def test_jamboree_requires_maker_true_offers_no_defender_jamboree():
    r = MODERN.replace(jamboree_requires_maker=True)
    s = HandState.start(Deal.from_hands(r, JAMBOREE_DEFENDER, upcard="7D"))
    s = passes(s, 5).apply("make hearts").apply("with partner")
    assert s.phase is Phase.PLAY
    s = play_rows(s, TRUMPS_FROM_E + ["QS KH KS 9S", "8C AC JC 9C", "JS 7S AS 8S"])
    assert s.result().points_by_team == (0, 6)


def test_the_dealer_may_complete_a_jamboree_with_the_turn_up():
    hands = ["JK JH JD AH 7C 8C 9C", "AC KC QC JC TC AS KS", "QS JS TS 9S 8S 7S AD", "KD QD TD 9D 8D QH TH"]
    s = HandState.start(Deal.from_hands(MODERN, hands, upcard="KH"))
    s = s.apply("order up").apply("with partner")
    s = step(s, 0, None, "discard 7C")
    s = step(s, 0, {"jamboree", "pass"}, "jamboree")           # the dealer is not the maker
    assert s.jamboree == 0 and s.maker == 1
    r = MODERN.replace(jamboree_requires_maker=True)
    t = HandState.start(Deal.from_hands(r, hands, upcard="KH"))
    t = t.apply("order up").apply("with partner").apply("discard 7C")
    assert t.phase is Phase.PLAY


# P holds six trumps; his partner (the dealer) holds TH as his best.
JAMBONE_JAMBOREE = ["9C 8C 9S 8S 9D 8D TH", "AC KC QC JC TC AS KS", "JK JH JD AH KH QH 7C", "QS JS TS 7S AD KD 9H"]


def jambone_jamboree(give, rows):
    s = HandState.start(Deal.from_hands(MODERN, JAMBONE_JAMBOREE, upcard="QD"))
    s = passes(s, 5).apply("make hearts").apply("alone")
    s = step(s, 2, None, f"give {give}")
    s = step(s, 2, {"jambone", "pass"}, "jambone")
    s = step(s, 2, {"jamboree", "pass"}, "jamboree")
    return play_rows(s, rows)


def test_h19_jamboree_and_jambone_all_tricks_score_44():
    rows = ["-- AC TH 9H", "-- AS JK 7S", "-- KS JH TS", "-- KC JD JS", "-- QC AH QS", "-- JC KH AD",
            "-- TC QH KD"]
    s = jambone_jamboree("7C", rows)
    assert s.result().points_by_team == (44, 0)


def test_d24_jamboree_stands_when_the_jambone_fails():
    rows = ["-- AC 7C 7S", "-- KC TH 9H", "-- AS JK QS", "-- KS JH JS", "-- QC JD TS", "-- JC AH AD",
            "-- TC KH KD"]
    s = jambone_jamboree("QH", rows)
    result = s.result()
    assert result.tricks_by_seat[2] == 6
    assert result.points_by_team == (16, 28)


# ---- D-20: the trump order decides the Jamboree cards -----------------------------------

@pytest.mark.parametrize("hand, offered_under", [
    ("JK JH JD AH KH 7C 8C", {"standard"}),
    ("JK JH JD AH QH 7C 8C", {"as_printed_header"}),
    ("JK JH JD QH TH 7C 8C", {"as_printed_example"}),
])
@pytest.mark.parametrize("order", ["standard", "as_printed_header", "as_printed_example"])
def test_trump_order_changes_the_jamboree_cards(hand, offered_under, order):
    pack = [str(c) for c in MODERN.cards]
    others = [c for c in pack if c not in hand.split() and c != "9D"]
    hands = [" ".join(others[0:7]), " ".join(others[7:14]), hand, " ".join(others[14:21])]
    r = MODERN.replace(trump_order=order)
    s = HandState.start(Deal.from_hands(r, hands, upcard="9D"))
    s = passes(s, 5).apply("make hearts").apply("with partner")
    assert (s.phase is Phase.JAMBOREE) is (order in offered_under)
    if s.phase is Phase.JAMBOREE:
        assert s.to_act == 2


# ---- D10: the Joker turned up is a no-trump hand ----------------------------------------

NT_DEAL = ["7H 8C AS AC KC KS 7D", "KH 9D QH 7S 7C QC 9H", "AH JD TH 8S 9C KD 8D", "8H QD JH 9S TC JC TS"]
NT_ROWS = ["7H KH AH 8H", "8C 9D JD QD", "JK QH TH JH", "AS 7S 8S 9S", "AC 7C 9C TC", "KC QC 8D JC", "KS 9H KD TS"]


def no_trump_hand(rs=MODERN):
    s = HandState.start(Deal.from_hands(rs, NT_DEAL, upcard="JK"))
    s = step(s, 1, None, "pass")
    s = step(s, 2, None, "order up")
    assert s.trump is Suit.NO_TRUMP and s.maker == 2
    s = step(s, 2, {"with partner", "alone"}, "with partner")
    # the dealer takes the Joker and discards any card but it
    assert Card("JK") in s.hand(0)
    s = step(s, 0, {f"discard {c}" for c in NT_DEAL[0].split()}, "discard 7D")
    assert s.phase is Phase.PLAY                      # no Jamboree at no trump
    return s


def test_no_trump_hand_played_the_joker_only_when_void_and_it_wins():
    s = no_trump_hand()
    s = s.apply("play KH").apply("play AH").apply("play 8H")
    assert legal(s) == {"play 7H"}                 # he holds a heart: the Joker may not be played
    with pytest.raises(IllegalActionError, match="JK"):
        s.apply("play JK")
    s = s.apply("play 7H")
    s = s.apply("play JD").apply("play QD")        # the jack of diamonds is a plain card, below the queen
    assert "play JK" in legal(s)                   # void in diamonds: anything, the Joker too
    s = s.apply("play 8C").apply("play 9D")
    assert s.tricks[-1].winner == 3
    s = play_rows(s, NT_ROWS[2:])
    assert s.tricks[2].winner == 0                     # the Joker took the jack of hearts' trick
    result = s.result()
    assert result.tricks_by_team == (6, 1) and result.points_by_team == (6, 0)


def test_joker_no_trump_play_any_time():
    s = no_trump_hand(MODERN.replace(joker_no_trump_play="any_time"))
    s = s.apply("play KH").apply("play AH").apply("play 8H")
    assert legal(s) == {"play 7H", "play JK"}
    s = s.apply("play JK")
    assert s.tricks[-1].winner == 0


def test_the_joker_led_at_no_trump_calls_for_nothing():
    s = no_trump_hand()
    s = s.apply("play 7C")                                  # E leads a club
    assert legal(s) == {"play 9C"}
    s = s.apply("play 9C").apply("play TC")
    assert legal(s) == {"play 8C", "play AC", "play KC"}    # the dealer follows; no Joker
    s = s.apply("play AC")
    assert s.tricks[-1].winner == 0
    s = s.apply("play JK")
    for seat in (1, 2, 3):
        assert legal(s) == {f"play {c}" for c in s.hand(seat)}
        s = s.apply(s.legal_actions()[-1])
    assert s.tricks[-1].winner == 0


def test_joker_turned_down_leaves_only_no_trump_and_the_joker_dead():
    s = passes(HandState.start(Deal.from_hands(MODERN, NT_DEAL, upcard="JK")), 4)
    assert s.phase is Phase.ROUND2
    for seat in (1, 2):
        assert s.to_act == seat and legal(s) == {"make no trump", "pass"}
        with pytest.raises(IllegalActionError, match="make hearts"):
            s.apply("make hearts")
        if seat == 1:
            s = s.apply("pass")
    s = s.apply("make no trump")
    assert s.trump is Suit.NO_TRUMP and s.maker == 2
    s = s.apply("with partner")
    assert s.phase is Phase.PLAY
    assert Card("JK") in s.dead_cards and all(Card("JK") not in h for h in s.hands)
    assert len(s.hand(0)) == 7


def test_joker_turned_down_all_pass_is_a_misdeal():
    s = passes(HandState.start(Deal.from_hands(MODERN, NT_DEAL, upcard="JK")), 8)
    assert s.passed_out and s.result().points_by_team == (0, 0)


def test_stick_the_dealer_at_a_joker_turn_up_forces_no_trump():
    r = MODERN.replace(stick_the_dealer=True)
    s = passes(HandState.start(Deal.from_hands(r, NT_DEAL, upcard="JK")), 7)
    assert s.to_act == 0 and legal(s) == {"make no trump"}
    s = s.apply("make no trump")
    assert s.maker == 0 and s.trump is Suit.NO_TRUMP


@pytest.mark.parametrize("knob, best", [("unused", "AS"), ("dealer_may_pass_it", "JK")])
def test_partners_best_at_no_trump(knob, best):
    """At no trump the Joker is the only trump; without it the best is the highest plain card,
    ties to the later suit (K12: spades before clubs)."""
    r = MODERN.replace(dealer_partner_loner_turnup=knob)
    s = HandState.start(Deal.from_hands(r, NT_DEAL, upcard="JK"))
    s = s.apply("pass").apply("order up").apply("alone").apply("give 8D")
    assert s.exchanges == ((2, Card("8D"), 0, Card(best)),)
    if knob == "unused":
        s = s.apply("pass").apply("pass").apply("pass")
        assert s.phase is Phase.PLAY and Card("JK") in s.dead_cards


# ---- D13 / K24: game to 64 --------------------------------------------------------------

def test_h25_sixty_to_fifty_and_four_tricks_wins_at_64():
    s = partnership_hand([0, 2, 0, 2, 1, 3, 1])
    points = s.result().points_by_team
    update = scoring.add_hand(MODERN, (60, 50), points, makers=0)
    assert update.games_completed == 1 and update.winners == (0,)
    assert scoring.add_hand(MODERN, (59, 50), points, makers=0).games_completed == 0


@pytest.mark.parametrize("before, tie_rule, winners", [
    ((48, 36), "higher_total_wins_else_play_on", ()),
    ((50, 36), "higher_total_wins_else_play_on", (0,)),
    ((48, 40), "higher_total_wins_else_play_on", (1,)),
    ((48, 36), "makers_win_ties", (0,)),
])
def test_two_teams_reach_64_on_one_hand(before, tie_rule, winners):
    """D-26: only a Jamboree with a failed Jambone scores both sides with four players."""
    rows = ["-- AC 7C 7S", "-- KC TH 9H", "-- AS JK QS", "-- KS JH JS", "-- QC JD TS", "-- JC AH AD",
            "-- TC KH KD"]
    points = jambone_jamboree("QH", rows).result().points_by_team
    update = scoring.add_hand(MODERN.replace(tie_at_target=tie_rule), before, points, makers=0)
    assert update.winners == winners
    if not winners:
        assert update.after == (64, 64)


def test_a_game_is_played_to_64():
    record = game.play_game(MODERN, [players.RandomPlayer(i) for i in range(4)], seed=5)
    final = record.final_score
    assert final[record.winner] >= 64 and final[record.winner] > final[1 - record.winner]
    assert all(x < 64 for x in record.scores[-2]) if len(record.scores) > 1 else True
    dealers = [h.dealer for h in record.hands]
    assert dealers == [i % 4 for i in range(len(dealers))]


# ---- golden playthrough --------------------------------------------------------------------

def test_golden_no_trump_joker_hand():
    s = play_rows(no_trump_hand(), NT_ROWS)
    check_golden("modern_railroad_no_trump", s)


def test_golden_lone_against_hand():
    check_golden("modern_railroad_lone_against", lone_against_hand([2, 2, 2, 2, 2, 1, 1]))


# ---- views, results, legal actions -------------------------------------------------------

def test_views_show_a_seat_its_own_cards_and_hide_the_exchange():
    s = HandState.start(Deal.from_hands(MODERN, LONE_DEAL, upcard="9S"))
    s = passes(s, 3).apply("order up").apply("alone").apply("give 7D")
    partner = s.view(2)
    assert Card("7D") in s.hand(2) and Card("7D") not in partner.hand   # he never looks at it
    assert s.view(0).gave == (Card("7D"),) and s.view(0).received == (Card("JK"),)
    assert ("0", "give ?") not in partner.public_history
    assert (0, "give ?") in s.view(1).public_history and (0, "give 7D") in s.view(0).public_history
    assert s.view(1).legal_actions() == () and s.view(0).legal_actions() == s.legal_actions()
    assert s.view(3).upcard == Card("9S")


@pytest.mark.parametrize("make", [lambda: play_rows(no_trump_hand(), NT_ROWS),
                                  lambda: lone_against_hand([2, 2, 2, 1, 1, 1, 1]),
                                  lambda: jambone_jamboree("7C", ["-- AC TH 9H", "-- AS JK 7S", "-- KS JH TS",
                                                                  "-- KC JD JS", "-- QC AH QS", "-- JC KH AD",
                                                                  "-- TC QH KD"])],
                         ids=["no trump", "lone against", "Jambone and Jamboree"])
def test_deals_and_records_round_trip(make):
    s = make()
    assert Deal.parse(str(s.deal)) == s.deal
    again = record.from_json(record.to_json(s))
    assert again == s and again.result().points_by_team == s.result().points_by_team


# ---- random play: the invariants --------------------------------------------------------

def expected_points(s) -> tuple:
    """D11 with K26 and the Jamboree bonus, from the finished hand (four players)."""
    r, won = s.rules, s.tricks_won
    team = [x % 2 for x in range(4)]
    mt = team[s.maker]
    m = won[s.maker] + won[(s.maker + 2) % 4]
    pts = [0, 0]
    if s.jambone:
        if m == 7:
            pts[mt] = 28
        else:
            pts[1 - mt] = 28
    elif s.alone and s.lone_defender is not None:
        if m >= 4:
            pts[mt] = (3 if r.lone_against_scoring == "both_triple" else 2) * m
        else:
            pts[1 - mt] = 3 * won[s.lone_defender]
    else:
        factor = 2 if s.alone else 1
        if m >= 4:
            pts[mt] = factor * m
        else:
            pts[1 - mt] = factor * (7 - m)
    if s.jamboree is not None:
        pts[team[s.jamboree]] += 16
    return tuple(pts)


def random_hand(rs, seed):
    rng = random.Random(seed)
    s = HandState.start(deal(rs, seed=seed, dealer=seed % 4))
    pack = {str(c) for c in rs.cards}
    jamboree_seen = False
    while not s.is_over:
        snapshot = (s.phase, s.to_act, s.hands, s.trick, s.tricks_won, s.last_action, s.undo())
        if s.phase is Phase.JAMBOREE:
            jamboree_seen = True
        if s.phase is Phase.PLAY:
            if not s.trick and not s.tricks:
                first = next(x for x in ((s.dealer + k) % 4 for k in range(1, 5)) if not s.sits_out(x))
                assert s.turn == first
                top = {"JK", "J" + s.trump.letter, "J" + SAME_COLOUR.get(s.trump.letter, "?"),
                       "A" + s.trump.letter, "K" + s.trump.letter}
                holders = [x for x in s.active_seats if top <= {str(c) for c in s.hand(x)}]
                assert jamboree_seen == bool(holders and s.trump is not Suit.NO_TRUMP), s.deal
            assert not s.sits_out(s.turn)
            expected = may_play([str(c) for c in s.hand(s.turn)], [str(c) for _, c in s.trick],
                                s.trump.letter, rs.joker_no_trump_play == "any_time")
            kind = "call" if s.to_act != s.turn else "play"
            assert legal(s) == {f"{kind} {c}" for c in expected}
        else:
            assert s.to_act is not None and not s.sits_out(s.to_act) or s.phase is Phase.BEST
        action = rng.choice(s.legal_actions())
        t = s.apply(action)
        # apply is pure: the state it was given is unchanged
        assert snapshot == (s.phase, s.to_act, s.hands, s.trick, s.tricks_won, s.last_action, s.undo())
        s = t
    if s.passed_out:
        assert s.result().points_by_team == (0, 0)
        return s
    assert len(s.tricks) == 7
    played = [str(c) for plays, _, won in s.tricks for _, c in plays]
    for plays, _, won in s.tricks:
        assert len(plays) == len(s.active_seats)
        assert won == trick_winner([(x, str(c)) for x, c in plays], s.trump.letter)
    out = [str(c) for c in s.dead_cards] + [str(c) for x in range(4) if s.sits_out(x) for c in s.hand(x)]
    assert all(not s.hand(x) for x in s.active_seats)
    assert len(played) + len(out) == 33 and set(played) | set(out) == pack
    result = s.result()
    assert result.points_by_team == expected_points(s), str(s.deal) + " " + " / ".join(map(str, s.history))
    assert all(0 <= p <= 44 for p in result.points_by_team)
    assert sum(result.tricks_by_seat) == 7
    return s


def test_random_play_invariants_1000_hands():
    outcomes = {"alone": 0, "defended": 0, "jambone": 0, "no trump": 0, "jamboree": 0}
    for seed in range(1000):
        s = random_hand(MODERN, seed)
        if not s.passed_out:
            outcomes["jamboree"] += s.jamboree is not None
            outcomes["alone"] += s.alone
            outcomes["defended"] += s.lone_defender is not None
            outcomes["jambone"] += s.jambone
            outcomes["no trump"] += s.trump is Suit.NO_TRUMP
    assert all(outcomes.values()), outcomes         # the random hands reach every kind of hand

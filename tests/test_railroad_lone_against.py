"""Playing alone against a lone hand (rule book B5, B6, B-3 to B-5; J0; J2 steps 8-10; K13, K15).

Seats: the dealer D is seat 0, E = 1, P = 2, Q = 3.
"""
from __future__ import annotations

import pytest
from helpers import cards, hand_of
from railroad_helpers import ask

from euchre_lessons import Card, Deal, HandState, Outcome, Phase, rules, scoring

PRESETS = ("hoyle_railroad", "hoyle_railroad_full")
D, E, P, Q = 0, 1, 2, 3
OFFER = "defend alone / defend alone no exchange / pass"
HANDS = ["AH 9C TC QC KC", "JK 9S TS QS KS", "KH QH 9D TD QD", "AC AD AS KD JD"]


MAKERS = {E: ("order up",), P: ("pass", "assist"), Q: ("pass", "pass", "order up"),
          D: ("pass", "pass", "pass", "take up")}


def lone_maker(rules_, seat: int, up: str = "9H"):
    """``seat`` makes hearts in round 1 and goes alone, giving his first card for his partner's
    best; with the Jambone agreement he then declines a Jambone. Returns the state at the offers."""
    s = HandState.start(Deal.from_hands(rules_, HANDS, upcard=up))
    for a in MAKERS[seat]:
        s = s.apply(a)
    s = s.apply("alone")
    s = s.apply(s.legal_actions()[0])          # give
    if s.phase is Phase.JAMBONE:
        s = s.apply("pass")
    return s


# ---- J0, K13: the order of the offers ------------------------------------------------------------

@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("priority, lone, order", [
    ("first_in_turn_from_lone_players_left", E, (P, D)),
    ("first_in_turn_from_lone_players_left", P, (Q, E)),
    ("first_in_turn_from_lone_players_left", Q, (D, P)),
    ("first_in_turn_from_lone_players_left", D, (E, Q)),
    ("first_in_turn_from_dealers_left", E, (P, D)),
    ("first_in_turn_from_dealers_left", P, (E, Q)),
    ("first_in_turn_from_dealers_left", Q, (P, D)),
    ("first_in_turn_from_dealers_left", D, (E, Q)),
])
def test_the_opponents_are_offered_in_turn_and_a_pass_is_final(preset, priority, lone, order):
    r = rules.load(preset)
    assert r.lone_against_priority == "first_in_turn_from_lone_players_left"
    s = lone_maker(r.replace(lone_against_priority=priority), lone)
    assert s.phase is Phase.DEFEND
    first, second = order
    s = ask(s, first, OFFER, "pass")
    s = ask(s, second, OFFER, "pass")
    assert s.phase is not Phase.DEFEND and s.lone_defender is None
    # the next step is the dealer's discard if he is active, else play
    assert s.phase is (Phase.PLAY if lone == P else Phase.DISCARD)


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("answer", ["defend alone", "defend alone no exchange"])
def test_the_first_acceptance_ends_the_offers(preset, answer):
    s = lone_maker(preset, Q)
    s = ask(s, D, OFFER, answer)
    assert s.lone_defender == D and s.sits_out(P) and s.sits_out(E)
    assert s.active_seats == (D, Q)
    assert s.phase is (Phase.GIVE if answer == "defend alone" else Phase.DISCARD)
    assert s.to_act == D                    # P is never asked


@pytest.mark.parametrize("preset", PRESETS)
def test_the_second_opponent_may_accept_after_the_first_passes(preset):
    s = lone_maker(preset, E)
    s = ask(s, P, OFFER, "pass")
    s = ask(s, D, OFFER, "defend alone no exchange")
    assert s.lone_defender == D and s.sits_out(P) and s.active_seats == (D, E)
    s = ask(s, D, "discard 9C / discard TC / discard QC / discard KC / discard AH", "discard 9C")
    assert s.phase is Phase.PLAY and s.to_act == E


# ---- B5, B-4, K3, K4: the lone defender's exchange -------------------------------------------------

@pytest.mark.parametrize("preset", PRESETS)
def test_a_lone_dealer_defending_exchanges_after_the_maker_then_discards(preset):
    s = lone_maker(preset, Q)
    assert s.exchanges[0][0] == Q                                   # the maker's exchange came first
    s = ask(s, D, OFFER, "defend alone")
    s = ask(s, D, "give 9C / give TC / give QC / give KC / give AH", "give 9C")   # five dealt cards
    assert s.exchanges[1] == (D, Card.parse("9C"), P, Card.parse("KH"))
    assert Card.parse("9C") in s.hand(P)
    # the second discard, for the turn-up, may be the partner's card
    s = ask(s, D, "discard TC / discard QC / discard KC / discard KH / discard AH", "discard KH")
    assert hand_of(s, D) == cards("TC QC KC AH 9H")
    assert s.phase is Phase.PLAY


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("policy", ["dealer_may_pass_it", "unused"])
def test_a_lone_defender_whose_partner_deals_may_get_the_turn_up(preset, policy):
    r = rules.load(preset).replace(dealer_partner_loner_turnup=policy)
    s = lone_maker(r, E, up="JH")
    s = ask(s, P, OFFER, "defend alone")
    if policy == "dealer_may_pass_it":
        assert Card.parse("JH") in s.hand(D)          # joined the dealer's hand first (K4)
    s = ask(s, P, "give 9D / give TD / give QD / give QH / give KH", "give 9D")
    best = "JH" if policy == "dealer_may_pass_it" else "AH"
    assert s.exchanges[1] == (P, Card.parse("9D"), D, Card.parse(best))
    assert s.phase is Phase.PLAY                       # the dealer sits out and never discards
    assert s.sits_out(D) and s.sits_out(Q) and s.active_seats == (E, P)
    assert (Card.parse("JH") in s.dead_cards) == (policy == "unused")


# ---- A6, B5: only the two lone players play; the lead ----------------------------------------------

@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("lone, defender, leader", [(E, P, E), (Q, D, Q), (P, Q, P), (P, E, E),
                                                  (D, E, E), (D, Q, Q)])
def test_only_two_play_and_the_first_active_seat_from_the_dealer_s_left_leads(preset, lone, defender, leader):
    s = lone_maker(preset, lone)
    while s.to_act != defender:
        s = s.apply("pass")
    s = s.apply("defend alone no exchange")
    if s.phase is Phase.DISCARD:
        s = s.apply(s.legal_actions()[0])
    assert s.phase is Phase.PLAY and s.turn == leader
    assert s.active_seats == tuple(sorted((lone, defender)))
    while not s.is_over:
        assert s.to_act in (lone, defender)
        s = s.apply(s.legal_actions()[0])
    assert len(s.tricks) == 5 and all(len(trick) == 2 for trick, _, _ in s.tricks)
    assert sum(s.tricks_won) == 5 and s.tricks_won[(lone + 2) % 4] == s.tricks_won[(defender + 2) % 4] == 0


# ---- B5, K13, K17: when nobody may oppose alone -------------------------------------------------

def test_no_offers_against_a_pat_hand():
    s = HandState.start(Deal.from_hands("hoyle_railroad_full", HANDS, upcard="9H"))
    s = s.apply("order up").apply("alone pat")
    assert s.pat
    s = ask(s, E, "jambone / pass", "pass")
    assert s.phase is Phase.DISCARD                 # straight on: no lone-against offers


def test_no_offers_against_a_jambone():
    s = HandState.start(Deal.from_hands("hoyle_railroad_full", HANDS, upcard="9H"))
    s = s.apply("order up").apply("alone").apply("give 9S")
    s = ask(s, E, "jambone / pass", "jambone")
    assert s.phase is Phase.DISCARD


def test_without_the_pat_agreement_a_lone_hand_without_exchange_may_be_opposed():
    s = HandState.start(Deal.from_hands("hoyle_railroad", HANDS, upcard="9H"))
    s = s.apply("order up").apply("alone no exchange")
    assert not s.pat and s.phase is Phase.DEFEND and s.to_act == P


@pytest.mark.parametrize("preset", PRESETS)
def test_without_lone_against_nobody_is_offered(preset):
    s = lone_maker(rules.load(preset).replace(lone_against=False), E)
    assert s.phase is Phase.DISCARD


def test_no_offers_against_a_partnership():
    s = HandState.start(Deal.from_hands("hoyle_railroad", HANDS, upcard="9H"))
    s = s.apply("order up").apply("with partner")
    assert s.phase is Phase.DISCARD


# ---- B6, B-5, K15: the four-point euchre -----------------------------------------------------------

@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("maker_tricks, defended_alone, narrow, broad", [
    (2, True, 4, 4),        # lone maker euchred by a lone defender
    (0, True, 4, 4),
    (2, False, 2, 4),       # euchred with both opponents playing: 4 only under any_lone_hand
    (3, True, 0, 0),        # a lone maker who makes it scores as usual, opposed or not
])
def test_the_four_point_euchre_and_its_scope(preset, maker_tricks, defended_alone, narrow, broad):
    r = rules.load(preset)
    outcome = Outcome(maker_tricks, alone=True, defended_alone=defended_alone)
    assert scoring.score(r, outcome).defenders == narrow
    assert scoring.score(r.replace(railroad_lone_euchre_4_scope="any_lone_hand"), outcome).defenders == broad

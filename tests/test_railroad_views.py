"""What each seat sees in Railroad (the issue's item 5; rule book B4.1, K11, K14, K19, J1 step 2).

A seat sees its own hand, the turn-up, every card played and a Jambone hand once it lies face
up; it does not see a card passed face down (unless it gave it), the discards, or other hands.
Seats: the dealer D is seat 0, E = 1, P = 2, Q = 3.
"""
from __future__ import annotations

import pytest
from helpers import cards, run

from euchre_lessons import Card, Deal, HandState, Phase, deal, rules
from euchre_lessons.actions import Action
from euchre_lessons.cards import Suit
from euchre_lessons.hand.bidding import proposed_trump
from euchre_lessons.teaching.why import _trump_of

PRESETS = ("hoyle_railroad", "hoyle_railroad_full")
D, E, P, Q = 0, 1, 2, 3
HANDS = ["AH 9C TC QC KC", "JK 9S TS QS KS", "KH QH 9D TD QD", "AC AD AS KD JD"]


def start(preset, up="9H", **knobs):
    return HandState.start(Deal.from_hands(rules.load(preset).replace(**knobs), HANDS, upcard=up))


@pytest.mark.parametrize("preset", PRESETS)
def test_each_seat_sees_its_own_hand_and_the_turn_up_only(preset):
    s = start(preset)
    for seat in range(4):
        view = s.view(seat)
        assert view.hand == cards(HANDS[seat])
        assert view.upcard == Card.parse("9H")
        assert not hasattr(view, "hands") and not hasattr(view, "dead_cards")
        assert view.legal_actions() == (s.legal_actions() if seat == E else ())


@pytest.mark.parametrize("preset", PRESETS)
def test_the_turn_up_lies_face_up_until_the_dealer_takes_it_in(preset):
    # J1 step 2 (and J2): the turn-up stays where it lies until step 10
    s = start(preset)
    for action in ("pass", "pass", "order up", "with partner"):
        assert all(s.view(seat).upcard_lying for seat in range(4)), f"{s.phase}, after {s.history}"
        s = s.apply(action)
    assert s.phase is Phase.DISCARD
    s = s.apply("discard 9C")
    assert not any(s.view(seat).upcard_lying for seat in range(4))
    assert Card.parse("9H") in s.view(D).hand


@pytest.mark.parametrize("preset", PRESETS)
def test_a_turned_down_card_no_longer_lies_on_the_pack(preset):
    s = run(start(preset), "pass", "pass", "pass", "pass")
    assert s.phase is Phase.ROUND2
    assert all(s.view(seat).upcard == Card.parse("9H") and not s.view(seat).upcard_lying for seat in range(4))


@pytest.mark.parametrize("preset", PRESETS)
def test_the_card_passed_face_down_is_seen_only_by_its_giver(preset):
    s = run(start(preset), "order up", "alone", "give 9S")
    assert s.exchanges == ((E, Card.parse("9S"), Q, Card.parse("JD")),)
    assert Card.parse("9S") in s.hand(Q)
    assert s.view(Q).hand == cards("AC AD AS KD")         # he does not look at it (B4.1)
    assert s.view(E).gave == (Card.parse("9S"),) and s.view(E).received == (Card.parse("JD"),)
    assert s.view(E).hand == cards("JK TS QS KS JD")
    for seat in range(4):
        history = dict(enumerate(s.view(seat).public_history))
        assert history[2] == (E, "give 9S" if seat == E else "give ?")
        assert s.view(seat).received == (() if seat != E else (Card.parse("JD"),))


def test_partner_chooses_the_partner_s_given_card_is_hidden_from_the_others():
    s = run(start("hoyle_railroad", partner_best_policy="partner_chooses"), "order up", "alone", "give 9S")
    assert s.view(Q).hand == cards("AC AD AS KD JD")       # before: no gift in sight either
    s = s.apply("give AS")
    assert s.view(E).hand == cards("JK TS QS KS AS")
    for seat in range(4):
        last = s.view(seat).public_history[-1]
        assert last == (Q, "give AS" if seat == Q else "give ?")
    assert s.view(Q).gave == (Card.parse("AS"),) and s.view(Q).hand == cards("AC AD KD JD")


@pytest.mark.parametrize("preset", PRESETS)
def test_the_lone_defender_s_card_is_hidden_too(preset):
    s = run(start(preset), "pass", "pass", "order up", "alone", "give KD")
    if preset == "hoyle_railroad_full":
        s = s.apply("pass")
    s = run(s, "defend alone", "give 9C")
    assert Card.parse("9C") in s.hand(P) and Card.parse("9C") not in s.view(P).hand
    assert s.view(D).gave == (Card.parse("9C"),)


@pytest.mark.parametrize("preset", PRESETS)
def test_the_dealer_s_discard_is_hidden_from_the_others(preset):
    s = run(start(preset), "order up", "with partner", "discard 9C")
    for seat in range(4):
        assert s.view(seat).public_history[-1] == (D, "discard 9C" if seat == D else "discard ?")
    assert s.view(D).hand == cards("AH TC QC KC 9H")


@pytest.mark.parametrize("preset", PRESETS)
def test_every_seat_sees_the_cards_played(preset):
    s = run(start(preset), "order up", "with partner", "discard 9C", "play 9S", "play 9D", "play AS")
    for seat in range(4):
        assert [str(c) for c in s.view(seat).played] == ["9S", "9D", "AS"]
        assert s.view(seat).trick == s.trick
    s = s.apply("play TC")
    for seat in range(4):
        assert [str(c) for c in s.view(seat).played] == ["9S", "9D", "AS", "TC"]
        assert s.view(seat).tricks == s.tricks and s.view(seat).trick == ()


def test_a_jambone_hand_is_shown_to_all_once_play_starts():
    s = run(start("hoyle_railroad_full"), "order up", "alone", "give 9S", "jambone")
    assert s.phase is Phase.DISCARD
    assert all(s.view(seat).exposed == () for seat in range(4))     # not while the dealer discards
    s = s.apply("discard 9C")
    assert all(s.view(seat).exposed == cards("JK TS QS KS JD") for seat in range(4))
    plain = run(start("hoyle_railroad_full"), "order up", "alone", "give 9S", "pass", "pass", "pass", "discard 9C")
    assert all(plain.view(seat).exposed == () for seat in range(4))


def test_the_dealer_naming_blind_does_not_see_his_hand():
    hands = [h.replace("JK", "9H") for h in HANDS]
    r = rules.load("hoyle_railroad").replace(joker_turnup_rule="dealer_names_blind")
    s = HandState.start(Deal.from_hands(r, hands, upcard="JK"))
    assert s.view(D).hand == () and s.view(D).legal_actions() == s.legal_actions()
    assert s.view(P).hand == cards(hands[P])
    assert s.apply("make clubs").view(D).hand == cards(hands[D])


# ---- the trump the turn-up proposes: one rule (bidding.proposed_trump), read through the view ------

HANDS_JOKER_UP = ["AH 9C TC QC KC", "JH 9S TS QS KS", "KH QH 9D TD QD", "AC AD AS KD JD"]


def turned(preset, up, **knobs) -> HandState:
    """A hand with ``up`` turned: the hands above in the 25-card pack, else the first seeded deal."""
    rs = rules.load(preset).replace(**knobs)
    if len(rs.cards) == 25:
        return HandState.start(Deal.from_hands(rs, HANDS_JOKER_UP, upcard=up))
    return next(HandState.start(d) for d in (deal(rs, seed=k) for k in range(1000)) if str(d.upcard) == up)


@pytest.mark.parametrize("preset, knobs, up, proposed", [
    ("hoyle_railroad", {}, "9H", Suit.HEARTS),
    ("hoyle_railroad", {}, "JK", Suit.HEARTS),                               # the agreed suit (B2)
    ("hoyle_railroad", {"joker_turnup_suit": "clubs"}, "JK", Suit.CLUBS),
    ("modern_railroad", {}, "JK", Suit.NO_TRUMP),                            # D10
])
def test_every_seat_s_view_reads_the_trump_the_engine_proposes(preset, knobs, up, proposed):
    s = turned(preset, up, **knobs)
    assert s.phase is Phase.ROUND1
    for seat in range(s.players):
        assert s.view(seat).proposed_trump == proposed_trump(s) == int(proposed)
    assert run(s, "order up").trump is proposed


def test_the_expert_s_reason_in_the_first_round_is_about_the_proposed_trump():
    """The sentence on a first-round bid names the holding in the trump the turn-up proposes:
    for a turned-up Joker, the agreed suit. (It used to name none, as if no trump were proposed.)"""
    s = turned("hoyle_railroad", "JK")
    assert _trump_of(Action.parse("order up"), s.view(E)) is Suit.HEARTS
    assert _trump_of(Action.parse("pass"), s.view(E)) is Suit.HEARTS
    assert _trump_of(Action.parse("make spades"), s.view(E)) is Suit.SPADES

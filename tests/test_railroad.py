"""Foster's Railroad Euchre (rule book B, J2, K): the pack, making the trump, the alone step.

Every test builds its deal with ``Deal.from_hands`` and drives it with text actions, asserting
who is asked and what he may answer at each step. Seats: the dealer D is seat 0 (North), then
E = 1 (East), P = 2 (South), Q = 3 (West); North-South is team 0.

The other railroad files: ``test_railroad_exchange`` (partner's best, take-over),
``test_railroad_lone_against``, ``test_railroad_agreements`` (laps, slams, pat, Jambone,
Jamboree), ``test_railroad_views``, ``test_railroad_examples`` (rule book H as played hands),
``test_railroad_golden`` (stored transcripts and random play).
"""
from __future__ import annotations

import pytest
from helpers import cards, hand_of
from railroad_helpers import ask, legal

from euchre_lessons import Card, Deal, HandState, Phase, Suit, deal, rules
from euchre_lessons.errors import IllegalActionError, RuleSetError

PRESETS = ("hoyle_railroad", "hoyle_railroad_full")
D, E, P, Q = 0, 1, 2, 3


# ---- B1: the pack and the Joker ---------------------------------------------------------------

@pytest.mark.parametrize("preset", PRESETS)
def test_the_pack_is_25_cards_nine_to_ace_and_the_joker(preset):
    r = rules.load(preset)
    expected = {Card.parse(rank + suit) for rank in "9TJQKA" for suit in "CDHS"} | {Card.parse("JK")}
    assert len(r.cards) == 25 and set(r.cards) == expected
    d = deal(r, seed=3)
    assert [len(h) for h in d.hands] == [5, 5, 5, 5]
    assert d.upcard is not None and len(d.rest) == 4  # 20 dealt, the 21st turned, four below it


@pytest.mark.parametrize("preset", PRESETS)
def test_the_joker_is_the_best_trump_and_must_follow_a_trump_lead(preset):
    d = Deal.from_hands(preset, ["9C TC QC KC AC", "JH 9S TS QS KS", "JK 9D TD QD KD", "AH AS AD JC JS"],
                        upcard="9H")
    s = HandState.start(d)
    s = ask(s, E, "order up / pass", "order up")
    s = ask(s, E, legal(s), "with partner")
    s = ask(s, D, "discard 9C / discard TC / discard QC / discard KC / discard AC", "discard 9C")
    s = s.apply("play JH")                     # E leads the right bower
    assert legal(s) == "play JK"               # the Joker is a trump: P must follow with it
    s = s.apply("play JK").apply("play AH").apply("play 9H")
    (trick, _, winner), = s.tricks
    assert winner == P                         # Joker over the right bower


# ---- B2, J2 steps 2-3: a Joker turn-up ---------------------------------------------------------

JOKER_UP = ["9C TC QC KC AC", "JH AH 9S TS QS", "9D TD QD KD AD", "KH QH KS AS JS"]


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("agreed", ["hearts", "spades"])
def test_an_accepted_joker_turn_up_makes_the_agreed_suit_trump_and_the_dealer_takes_the_joker(preset, agreed):
    r = rules.load(preset) if agreed == "hearts" else rules.load(preset).replace(joker_turnup_suit=agreed)
    assert r.joker_turnup_rule == "agreed_suit"
    s = HandState.start(Deal.from_hands(r, JOKER_UP, upcard="JK"))
    s = ask(s, E, "order up / pass", "order up")
    assert s.trump is Suit.parse(agreed) and s.maker == E
    s = s.apply("with partner")
    # step 10: the Joker joins the dealer's hand and cannot be discarded (K2)
    assert s.phase is Phase.DISCARD and Card.parse("JK") in s.hand(D)
    s = ask(s, D, "discard 9C / discard TC / discard QC / discard KC / discard AC", "discard AC")
    assert hand_of(s, D) == cards("9C TC QC KC JK")
    assert s.phase is Phase.PLAY


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("agreed, others", [("hearts", "make clubs / make diamonds / make spades / pass"),
                                            ("spades", "make clubs / make diamonds / make hearts / pass")])
def test_a_joker_turned_down_bars_the_agreed_suit_in_round_2(preset, agreed, others):
    r = rules.load(preset).replace(joker_turnup_suit=agreed)
    s = HandState.start(Deal.from_hands(r, JOKER_UP, upcard="JK"))
    for seat, word in ((E, "order up"), (P, "assist"), (Q, "order up"), (D, "take up")):
        s = ask(s, seat, f"{word} / pass", "pass")
    assert s.phase is Phase.ROUND2 and Card.parse("JK") in s.dead_cards
    with pytest.raises(IllegalActionError, match=f"make {agreed}") as err:
        s.apply(f"make {agreed}")
    assert "cannot be named" in str(err.value)
    for seat in (E, P, Q):
        s = ask(s, seat, others, "pass")
    s = ask(s, D, others, "make clubs")
    assert s.trump is Suit.CLUBS and s.maker == D
    s = s.apply("with partner")
    assert s.phase is Phase.PLAY          # a round-2 trump: nobody takes the Joker in, it stays dead
    assert Card.parse("JK") in s.dead_cards and all(Card.parse("JK") not in h for h in s.hands)


@pytest.mark.parametrize("preset, alone_choices", [
    ("hoyle_railroad", "with partner / alone / alone no exchange"),
    ("hoyle_railroad_full", "with partner / alone / alone no exchange / alone pat"),
])
def test_dealer_names_blind_the_dealer_makes_any_suit_without_seeing_his_hand(preset, alone_choices):
    r = rules.load(preset).replace(joker_turnup_rule="dealer_names_blind")
    d = Deal.from_hands(r, JOKER_UP, upcard="JK")
    s = HandState.start(d)
    assert s.phase is Phase.BLIND                       # no bidding rounds (K14)
    assert s.view(D).hand == ()                         # he names it blind
    assert s.view(E).hand == cards("JH AH 9S TS QS")     # the others see their own cards
    s = ask(s, D, "make clubs / make diamonds / make hearts / make spades", "make spades")
    assert (s.maker, s.trump) == (D, Suit.SPADES)
    assert s.view(D).hand == cards("9C TC QC KC AC")
    s = ask(s, D, alone_choices, "with partner")
    # the Joker is taken in at step 10, like a turn-up
    s = ask(s, D, "discard 9C / discard TC / discard QC / discard KC / discard AC", "discard 9C")
    assert hand_of(s, D) == cards("TC QC KC AC JK")
    assert s.phase is Phase.PLAY
    # the same deal under the default agreed suit starts with the first round
    assert HandState.start(Deal.from_hands(preset, JOKER_UP, upcard="JK")).phase is Phase.ROUND1


# ---- A4, J2 steps 2-3: the two rounds ---------------------------------------------------------

PLAIN = ["9C TC QC KC AC", "JH AH 9S TS QS", "9D TD QD KD AD", "KH QH KS AS JS"]


@pytest.mark.parametrize("preset", PRESETS)
def test_both_rounds_in_turn_from_eldest_then_passed_out(preset):
    s = HandState.start(Deal.from_hands(preset, PLAIN, upcard="9H"))
    for seat, word in ((E, "order up"), (P, "assist"), (Q, "order up"), (D, "take up")):
        s = ask(s, seat, f"{word} / pass", "pass")
    assert Card.parse("9H") in s.dead_cards
    for seat in (E, P, Q, D):
        s = ask(s, seat, "make clubs / make diamonds / make spades / pass", "pass")
    assert s.is_over and s.passed_out and s.legal_actions() == ()
    assert s.result().points_by_team == (0, 0)


# ---- J2 step 4: the alone step -----------------------------------------------------------------

ROUTES = {  # actions that make each seat the maker, and the maker
    "E orders up": (("order up",), E, True),
    "P assists": (("pass", "assist"), P, True),
    "Q orders up": (("pass", "pass", "order up"), Q, True),
    "D takes up": (("pass", "pass", "pass", "take up"), D, True),
    "E makes in round 2": (("pass",) * 4 + ("make spades",), E, False),
    "D makes in round 2": (("pass",) * 7 + ("make clubs",), D, False),
}
RAILROAD_ALONE = "with partner / alone / alone no exchange"
PAT_ALONE = "with partner / alone / alone pat"
DEALER_PAT_ALONE = "with partner / alone / alone no exchange / alone pat"


@pytest.mark.parametrize("route", list(ROUTES))
@pytest.mark.parametrize("preset", PRESETS)
def test_the_maker_alone_is_asked_at_once_with_the_choices_of_j2_step_4(preset, route):
    actions, maker, round1 = ROUTES[route]
    s = HandState.start(Deal.from_hands(preset, PLAIN, upcard="9H"))
    for a in actions:
        s = s.apply(a)
    assert s.maker == maker                     # P assisting makes P, not the dealer, the maker (K16)
    if preset == "hoyle_railroad":
        expected = RAILROAD_ALONE
    else:
        expected = DEALER_PAT_ALONE if (maker == D and round1) else PAT_ALONE
    s = ask(s, maker, expected, "with partner")
    # with partner: nothing else until the dealer's discard (round 1) or play (round 2)
    assert s.phase is (Phase.DISCARD if round1 else Phase.PLAY)
    assert not s.alone and s.active_seats == (0, 1, 2, 3)


@pytest.mark.parametrize("preset", PRESETS)
def test_going_alone_sets_the_partner_out(preset):
    s = HandState.start(Deal.from_hands(preset, PLAIN, upcard="9H")).apply("order up").apply("alone")
    assert s.alone and s.sits_out(Q) and s.active_seats == (D, E, P)
    assert s.phase is Phase.GIVE and s.to_act == E


# ---- K18: pat hands need laps and slams ------------------------------------------------------

@pytest.mark.parametrize("laps, slams, missing", [(False, False, "laps"), (True, False, "slams"),
                                                 (False, True, "laps")])
def test_pat_hand_rule_without_laps_and_slams_is_a_rule_set_error(laps, slams, missing):
    with pytest.raises(RuleSetError) as err:
        rules.load("hoyle_railroad").replace(pat_hand_rule=True, laps=laps, slams=slams)
    text = str(err.value)
    assert "pat_hand_rule" in text and missing in text and "K18" in text
    with pytest.raises(RuleSetError, match="pat_hand_rule"):
        rules.load("hoyle_railroad_full").replace(**{missing: False})


def test_pat_hand_rule_with_laps_and_slams_is_accepted():
    r = rules.load("hoyle_railroad").replace(pat_hand_rule=True, laps=True, slams=True)
    assert r.pat_hand_rule and r.laps and r.slams
    full = rules.load("hoyle_railroad_full")
    assert (full.laps, full.slams, full.pat_hand_rule, full.jambone, full.jamboree) == (True,) * 5
    base = rules.load("hoyle_railroad")
    assert (base.laps, base.slams, base.pat_hand_rule, base.jambone, base.jamboree) == (False,) * 5


# ---- K2, K5, K6: knobs of the J1 steps that J2 shares ----------------------------------------

@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("may, choices", [
    (False, "discard 9C / discard TC / discard QC / discard KC / discard AC"),
    (True, "discard 9C / discard TC / discard QC / discard KC / discard AC / discard 9H"),
])
def test_the_turn_up_cannot_be_discarded_unless_agreed(preset, may, choices):
    r = rules.load(preset)
    assert r.dealer_may_discard_upcard is False
    s = HandState.start(Deal.from_hands(r.replace(dealer_may_discard_upcard=may), PLAIN, upcard="9H"))
    s = s.apply("order up").apply("with partner")
    s = ask(s, D, choices, "discard 9C")
    if not may:
        with pytest.raises(IllegalActionError, match="9H"):
            s.undo().apply("discard 9H")


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("stick, dealer_choices", [(False, "make clubs / make diamonds / make spades / pass"),
                                                   (True, "make clubs / make diamonds / make spades")])
def test_stick_the_dealer_takes_away_his_second_round_pass(preset, stick, dealer_choices):
    s = HandState.start(Deal.from_hands(rules.load(preset).replace(stick_the_dealer=stick), PLAIN, upcard="9H"))
    for _ in range(7):
        s = s.apply("pass")
    s = ask(s, D, dealer_choices, "make spades")
    assert s.maker == D and s.trump is Suit.SPADES


@pytest.mark.parametrize("preset", PRESETS)
def test_the_turned_down_suit_may_be_named_when_agreed(preset):
    r = rules.load(preset).replace(round2_may_name_turned_suit=True)
    s = HandState.start(Deal.from_hands(r, JOKER_UP, upcard="JK"))
    for _ in range(4):
        s = s.apply("pass")
    s = ask(s, E, "make clubs / make diamonds / make hearts / make spades / pass", "make hearts")
    assert s.trump is Suit.HEARTS and Card.parse("JK") in s.dead_cards


# ---- A6: the first lead ------------------------------------------------------------------------

@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("route, leader", [(("order up",), E), (("pass", "assist"), E),
                                           (("pass", "pass", "order up"), P),
                                           (("pass", "pass", "pass", "take up"), E)])
def test_the_first_active_seat_from_the_dealer_s_left_leads(preset, route, leader):
    s = HandState.start(Deal.from_hands(preset, PLAIN, upcard="9H"))
    for a in route:
        s = s.apply(a)
    s = s.apply("alone")
    s = s.apply(s.legal_actions()[0])
    while s.phase is not Phase.PLAY:          # Jambone, offers: pass; the dealer discards
        s = s.apply("pass" if s.phase is not Phase.DISCARD else s.legal_actions()[0])
    assert s.turn == s.to_act == leader

"""Going alone with partner's best (rule book B4, B-1, B-2; J2 steps 5, 6, 10; K3, K4, K7, K11, K12).

Seats: the dealer D is seat 0, E = 1, P = 2, Q = 3.
"""
from __future__ import annotations

import pytest
from helpers import cards, hand_of
from railroad_helpers import ask, legal

from euchre_lessons import Card, Deal, HandState, Phase, rules

PRESETS = ("hoyle_railroad", "hoyle_railroad_full")
D, E, P, Q = 0, 1, 2, 3


def gives(text: str) -> str:
    return " / ".join(f"give {c}" for c in cards(text))


def fill(r, up: str, given: dict) -> Deal:
    """A deal with dealer 0: the seats in ``given`` hold those cards, the others the rest of
    the pack in pack order, five each; the last four cards stay undealt."""
    used = {c for h in given.values() for c in cards(h)} | {Card.parse(up)}
    spare = [c for c in rules.load(r).cards if c not in used]
    hands = []
    for seat in range(4):
        if seat in given:
            hands.append(given[seat])
        else:
            hands.append(" ".join(map(str, spare[:5])))
            spare = spare[5:]
    return Deal.from_hands(r, hands, upcard=up)


def pass_optional_steps(s, lone: int):
    """After a lone maker's exchange: Jambone (with the agreement) and both lone-against offers."""
    if s.rules.jambone:
        s = ask(s, lone, "jambone / pass", "pass")
    for seat in ((lone + 1) % 4, (lone + 3) % 4):
        s = ask(s, seat, "defend alone / defend alone no exchange / pass", "pass")
    return s


# ---- B4.1, B-1, K11, K12: what comes back -------------------------------------------------------

LONE_E = "QH TH 9C 9D TS"
BEST_CASES = [  # Q's hand, his best under C<D<H<S, his best under S<H<D<C
    ("JD AH AS AD AC", "JD", "JD"),      # the left bower outranks the ace of trumps
    ("JK JD AH AS AC", "JK", "JK"),      # the Joker outranks everything
    ("KH AS AD AC KS", "KH", "KH"),      # one trump beats three aces
    ("AC AD AS KS QS", "AS", "AC"),      # no trump: the highest plain card, ties to the later suit
    ("AC AD KS QS KC", "AD", "AC"),
    ("KC KD KS QS JS", "KS", "KC"),      # no ace: a king
]


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("q_hand, best, best_reversed", BEST_CASES)
@pytest.mark.parametrize("tiebreak", ["clubs_low", "spades_low"])
def test_partner_returns_his_highest_trump_else_highest_plain_card(preset, q_hand, best, best_reversed, tiebreak):
    r = rules.load(preset)
    if tiebreak == "spades_low":
        r = r.replace(suit_tiebreak=("spades", "hearts", "diamonds", "clubs"))
        best = best_reversed
    s = HandState.start(fill(r, "9H", {E: LONE_E, Q: q_hand}))
    s = s.apply("order up")
    s = ask(s, E, legal(s), "alone")
    s = ask(s, E, gives(LONE_E), "give 9C")         # any card he holds
    assert hand_of(s, E) == cards(LONE_E.replace("9C", best))
    assert hand_of(s, Q) == cards(q_hand.replace(best, "9C"))   # the gift joins the dead hand
    assert s.exchanges == ((E, Card.parse("9C"), Q, Card.parse(best)),)


@pytest.mark.parametrize("q_hand, best, best_reversed", BEST_CASES)
@pytest.mark.parametrize("tiebreak", ["clubs_low", "spades_low"])
def test_the_rule_of_thumb_partner_asked_for_his_best_gives_the_fixed_policy_s_card(q_hand, best, best_reversed,
                                                                                    tiebreak):
    """Under ``partner_chooses`` the computer partner gives what the fixed policy would: one
    rule (``declaring.best_card``), one tie-break. It used to break ties to the lower suit, giving
    the ace of clubs from ``AC AD AS KS QS`` where the rule book's C<D<H<S gives the ace of spades."""
    from euchre_lessons.players import RuleOfThumbPlayer

    r = rules.load("hoyle_railroad").replace(partner_best_policy="partner_chooses")
    if tiebreak == "spades_low":
        r = r.replace(suit_tiebreak=("spades", "hearts", "diamonds", "clubs"))
        best = best_reversed
    s = HandState.start(fill(r, "9H", {E: LONE_E, Q: q_hand})).apply("order up").apply("alone").apply("give 9C")
    assert s.phase is Phase.BEST and s.to_act == Q
    assert str(RuleOfThumbPlayer(0).choose(s.view(Q))) == f"give {best}"


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("gift", ["JK", "JH", "AH"])
def test_partners_best_is_chosen_before_the_gift_arrives(preset, gift):
    lone = "JK JH AH 9C 9D"
    s = HandState.start(fill(preset, "9H", {E: lone, Q: "KH AS AD AC KS"}))
    s = s.apply("order up").apply("alone").apply(f"give {gift}")
    assert s.exchanges[0][3] == Card.parse("KH")     # never the card he was just given (K11)
    assert Card.parse(gift) in s.hand(Q) and Card.parse(gift) not in s.view(Q).hand
    assert s.view(Q).hand == cards("AS AD AC KS")    # his view shows his own cards only


@pytest.mark.parametrize("preset", PRESETS)
def test_partner_chooses_asks_the_partner_to_give_any_card_of_his_hand_before_the_gift(preset):
    r = rules.load(preset).replace(partner_best_policy="partner_chooses")
    s = HandState.start(fill(r, "9H", {E: "JK JH AH 9C 9D", Q: "KH AS AD AC KS"}))
    s = s.apply("order up").apply("alone")
    s = ask(s, E, gives("JK JH AH 9C 9D"), "give JK")
    assert s.phase is Phase.BEST and s.pending_gift == Card.parse("JK")
    s = ask(s, Q, gives("KH AS AD AC KS"), "give KS")   # any card, even a poor one; not the Joker
    assert hand_of(s, E) == cards("JH AH 9C 9D KS")
    assert hand_of(s, Q) == cards("KH AS AD AC JK")
    assert s.pending_gift is None


@pytest.mark.parametrize("preset, after", [("hoyle_railroad", Phase.DEFEND), ("hoyle_railroad_full", Phase.JAMBONE)])
def test_after_the_maker_s_exchange_come_jambone_then_the_offers(preset, after):
    s = HandState.start(fill(preset, "9H", {E: LONE_E, Q: "KH AS AD AC KS"}))
    s = s.apply("order up").apply("alone").apply("give 9C")
    assert s.phase is after and s.to_act == (E if after is Phase.JAMBONE else P)


# ---- B4.4, K3: the dealer alone discards twice -------------------------------------------------

DEALER_ALONE = ["AH 9C TC QC KC", "JK 9S TS QS KS", "KH QH 9D TD QD", "AC AD AS KD JD"]


@pytest.mark.parametrize("preset", PRESETS)
def test_a_lone_dealer_gives_first_and_discards_for_the_turn_up_last(preset):
    s = HandState.start(Deal.from_hands(preset, DEALER_ALONE, upcard="9H"))
    s = s.apply("pass").apply("pass").apply("pass").apply("take up")
    s = s.apply("alone")
    assert Card.parse("9H") not in s.hand(D)              # the turn-up still lies on the pack
    s = ask(s, D, gives("AH 9C TC QC KC"), "give 9C")     # one of his five dealt cards
    assert s.exchanges == ((D, Card.parse("9C"), P, Card.parse("KH")),)
    s = pass_optional_steps(s, D)
    # step 10, last: the turn-up joins his hand; he may discard anything but the turn-up,
    # including the card his partner gave him (B4.4)
    s = ask(s, D, "discard TC / discard QC / discard KC / discard KH / discard AH", "discard KH")
    assert hand_of(s, D) == cards("TC QC KC AH 9H")
    assert Card.parse("KH") in s.dead_cards
    assert s.phase is Phase.PLAY


@pytest.mark.parametrize("preset", PRESETS)
def test_a_lone_dealer_without_exchange_still_takes_up_after_the_offers(preset):
    s = HandState.start(Deal.from_hands(preset, DEALER_ALONE, upcard="9H"))
    s = s.apply("pass").apply("pass").apply("pass").apply("take up")
    s = ask(s, D, legal(s), "alone no exchange")          # not pat: both presets offer it (K17)
    assert not s.pat and s.exchanges == ()
    s = pass_optional_steps(s, D)
    s = ask(s, D, "discard 9C / discard TC / discard QC / discard KC / discard AH", "discard 9C")
    assert hand_of(s, D) == cards("TC QC KC AH 9H")


# ---- B4.5, B-2, K4: the dealer's partner alone on a round-1 trump --------------------------------

@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("policy, up, best, dealer_after", [
    ("dealer_may_pass_it", "JH", "JH", "AH 9C TC QC KC 9D"),     # the turn-up is the dealer's best
    ("dealer_may_pass_it", "9H", "AH", "9H 9C TC QC KC 9D"),     # a better card than the turn-up
    ("unused", "JH", "AH", "9C TC QC KC 9D"),                    # the turn-up stays dead
])
def test_the_dealer_s_partner_alone_and_the_turn_up(preset, policy, up, best, dealer_after):
    r = rules.load(preset)
    assert r.dealer_partner_loner_turnup == "dealer_may_pass_it"          # Foster's default
    r = r.replace(dealer_partner_loner_turnup=policy)
    s = HandState.start(Deal.from_hands(r, DEALER_ALONE, upcard=up))
    s = s.apply("pass").apply("assist")
    s = ask(s, P, legal(s), "alone")
    if policy == "dealer_may_pass_it":
        assert hand_of(s, D) == cards(f"AH 9C TC QC KC {up}")  # joined before he gives his best
    else:
        assert hand_of(s, D) == cards("AH 9C TC QC KC")
    s = ask(s, P, gives("KH QH 9D TD QD"), "give 9D")
    assert s.exchanges == ((P, Card.parse("9D"), D, Card.parse(best)),)
    assert Card.parse(best) in s.hand(P)
    s = pass_optional_steps(s, P)
    assert s.phase is Phase.PLAY                                # the dealer is never asked to discard
    assert s.sits_out(D) and hand_of(s, D) == cards(dealer_after)
    assert (Card.parse(up) in s.dead_cards) == (policy == "unused")


@pytest.mark.parametrize("preset, choice", [("hoyle_railroad", "alone no exchange"), ("hoyle_railroad_full", "alone pat")])
@pytest.mark.parametrize("policy", ["dealer_may_pass_it", "unused"])
def test_the_dealer_s_partner_alone_without_exchange_leaves_the_turn_up_dead(preset, choice, policy):
    r = rules.load(preset).replace(dealer_partner_loner_turnup=policy)
    s = HandState.start(Deal.from_hands(r, DEALER_ALONE, upcard="JH"))
    s = s.apply("pass").apply("assist").apply(choice)
    while s.phase is not Phase.PLAY:                # Jambone, offers: all pass
        s = s.apply("pass")
    assert Card.parse("JH") in s.dead_cards and hand_of(s, D) == cards("AH 9C TC QC KC")


def test_partner_chooses_with_the_turn_up_in_the_dealer_s_hand():
    r = rules.load("hoyle_railroad").replace(partner_best_policy="partner_chooses")
    s = HandState.start(Deal.from_hands(r, DEALER_ALONE, upcard="JH"))
    s = s.apply("pass").apply("assist").apply("alone").apply("give 9D")
    s = ask(s, D, gives("AH 9C TC QC KC JH"), "give 9C")         # six cards: the turn-up counts
    assert hand_of(s, P) == cards("KH QH TD QD 9C")


# ---- B4 without exchange ------------------------------------------------------------------------

def test_alone_no_exchange_skips_the_exchange_and_goes_to_the_offers():
    s = HandState.start(Deal.from_hands("hoyle_railroad", DEALER_ALONE, upcard="9H"))
    s = s.apply("order up")
    s = ask(s, E, "with partner / alone / alone no exchange", "alone no exchange")
    assert s.alone and not s.pat and s.sits_out(Q) and s.exchanges == ()
    assert s.phase is Phase.DEFEND and s.to_act == P


# ---- K7: take-over, asked only after "with partner" ----------------------------------------------

@pytest.mark.parametrize("preset, over", [("hoyle_railroad", "alone / alone no exchange / pass"),
                                          ("hoyle_railroad_full", "alone / alone pat / pass")])
def test_take_over_is_asked_only_after_with_partner(preset, over):
    r = rules.load(preset).replace(lone_eligibility="maker_or_partner")
    start = HandState.start(Deal.from_hands(r, DEALER_ALONE, upcard="9H"))
    # alone with partner's best: the partner cannot take it over (B4.3)
    s = start.apply("order up").apply("alone")
    assert s.phase is Phase.GIVE and s.to_act == E
    # with partner: Q, who has not passed, may take the lone hand
    s = start.apply("order up").apply("with partner")
    s = ask(s, Q, over, "alone")
    assert s.maker == Q and s.sits_out(E) and s.alone
    s = ask(s, Q, gives("AC AD AS KD JD"), "give KD")
    assert s.exchanges[0][:3] == (Q, Card.parse("KD"), E)
    # or he passes, and the hand goes on with the partnership
    s = start.apply("order up").apply("with partner").apply("pass")
    assert s.phase is Phase.DISCARD and s.maker == E and not s.alone


def test_take_over_by_the_dealer_after_an_assist_then_two_discards():
    r = rules.load("hoyle_railroad").replace(lone_eligibility="maker_or_partner")
    s = HandState.start(Deal.from_hands(r, DEALER_ALONE, upcard="9H"))
    s = s.apply("pass").apply("assist").apply("with partner")
    s = ask(s, D, "alone / alone no exchange / pass", "alone")
    assert s.maker == D and s.sits_out(P)
    s = ask(s, D, gives("AH 9C TC QC KC"), "give 9C")
    s = pass_optional_steps(s, D)
    s = ask(s, D, "discard TC / discard QC / discard KC / discard KH / discard AH", "discard TC")
    assert s.phase is Phase.PLAY


@pytest.mark.parametrize("route", [("pass", "pass", "order up"),            # E, Q's partner, passed
                                   ("pass", "pass", "pass", "take up"),     # P passed
                                   ("pass",) * 4 + ("make spades",)])       # Q passed in round 1
def test_no_take_over_for_a_partner_who_has_passed(route):
    r = rules.load("hoyle_railroad").replace(lone_eligibility="maker_or_partner")
    s = HandState.start(Deal.from_hands(r, DEALER_ALONE, upcard="9H"))
    for a in route:
        s = s.apply(a)
    s = s.apply("with partner")
    assert s.phase in (Phase.DISCARD, Phase.PLAY)


def test_maker_only_never_asks_the_partner():
    s = HandState.start(Deal.from_hands("hoyle_railroad", DEALER_ALONE, upcard="9H"))
    assert s.rules.lone_eligibility == "maker_only"
    s = s.apply("order up").apply("with partner")
    assert s.phase is Phase.DISCARD and s.to_act == D

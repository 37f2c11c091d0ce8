"""Exact and simulated chances: probability, probability.counting, probability.montecarlo, figures.

Exact answers are checked against closed forms (hypergeometric counts of the packs of rule book A1,
B1, C, D2), the two counting paths against each other, and simulations against exact answers
(within four standard errors, seeded).
"""
from __future__ import annotations

from fractions import Fraction
from math import comb

import numpy as np
import pytest

from euchre_lessons import Deal, DealError, rules
from euchre_lessons.cards import SUITS, Card
from euchre_lessons.events import (
    any_seat,
    both_bowers,
    deal_event,
    dealer,
    event,
    holds,
    holds_joker,
    jamboree,
    jamboree_in_any_suit,
    no_trumps,
    right_bower,
    seat,
    trumps_at_least,
    two_jamborees,
    upcard_is_joker,
    upcard_suit,
    void_in,
)
from euchre_lessons.probability import Estimate, Exact, convergence, estimate, exact, outcomes, percent
from euchre_lessons.probability.counting import NotExactError, hand_chunks
from euchre_lessons.probability.montecarlo import deal_batches, generator

PRESETS = rules.names()


def hypergeometric_at_least(good: int, pack: int, hand: int, n: int) -> Fraction:
    return Fraction(sum(comb(good, j) * comb(pack - good, hand - j) for j in range(n, hand + 1)), comb(pack, hand))


# ---- exact: closed forms -------------------------------------------------------------------------

@pytest.mark.parametrize("preset", PRESETS)
def test_holding_the_joker_is_hand_size_over_pack_size(preset):
    rs = rules.load(preset)
    expected = Fraction(rs.hand_size, len(rs.cards)) if Card("JK") in rs.cards else 0
    assert exact(rs, holds_joker) == expected


@pytest.mark.parametrize("preset", PRESETS)
def test_the_joker_is_turned_up_one_deal_in_pack_size(preset):
    rs = rules.load(preset)
    turned = rs.bidding == "turn_up" and Card("JK") in rs.cards
    assert exact(rs, upcard_is_joker) == (Fraction(1, len(rs.cards)) if turned else 0)


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("at_least", [0, 1, 3])
def test_trumps_at_least_is_hypergeometric(preset, at_least):
    rs = rules.load(preset)
    good = sum(1 for c in rs.cards if c.suit == SUITS[2] or c.is_joker or str(c) == "JD")
    assert exact(rs, trumps_at_least(at_least, "hearts")) == hypergeometric_at_least(
        good, len(rs.cards), rs.hand_size, at_least)


@pytest.mark.parametrize("preset", PRESETS)
def test_both_bowers_and_a_jamboree(preset):
    rs = rules.load(preset)
    pack, k = len(rs.cards), rs.hand_size
    assert exact(rs, both_bowers("spades")) == Fraction(comb(pack - 2, k - 2), comb(pack, k))
    assert exact(rs, jamboree("clubs")) == Fraction(comb(pack - 5, k - 5), comb(pack, k))


@pytest.mark.parametrize("preset, favourable", [
    ("hoyle_railroad_full", 4),                       # 5-card hands: one per suit, never two
    ("modern_railroad", 4 * comb(28, 2) - 2),         # two hands hold two Jamborees
    ("hoyle_seven_handed", 4 * comb(48, 2) - 2),
])
def test_a_jamboree_in_some_suit_by_inclusion_and_exclusion(preset, favourable):
    rs = rules.load(preset)
    p = exact(rs, jamboree_in_any_suit)
    assert (p.favourable, p.total) == (favourable, comb(len(rs.cards), rs.hand_size))


def test_only_two_seven_card_hands_hold_two_jamborees():
    p = exact("modern_railroad", two_jamborees)
    assert (p.favourable, p.total) == (2, 4_272_048)
    assert p == Fraction(1, 2_136_024)


# ---- exact: the counting paths agree ---------------------------------------------------------

EVENTS = [holds_joker, trumps_at_least(3, "hearts"), both_bowers("hearts") & ~holds_joker,
          jamboree_in_any_suit | void_in("clubs"), no_trumps("spades") | holds("AS") & holds("AH")]


@pytest.mark.parametrize("preset", ["standard", "hoyle_railroad", "hoyle_ordinary"])
@pytest.mark.parametrize("e", EVENTS, ids=lambda e: e.code)
def test_counting_and_enumerating_agree(preset, e):
    a = exact(preset, e, method="count")
    b = exact(preset, e, method="enumerate")
    assert a == b and (a.method, b.method) == ("count", "enumerate")


def test_enumerating_lists_every_hand_once():
    rs = rules.load("standard")
    hands = np.concatenate(list(hand_chunks(rs.pack_mask, 5)))
    assert len(hands) == len(np.unique(hands)) == comb(24, 5)
    assert set(np.unique(np.bitwise_count(hands)).tolist()) == {5}
    assert not np.any(hands & ~np.uint64(rs.pack_mask))


def test_enumerating_lists_the_4272048_seven_card_hands_of_33():
    rs = rules.load("modern_railroad")
    hands = np.concatenate(list(hand_chunks(rs.pack_mask, 7)))
    assert len(hands) == comb(33, 7) == 4_272_048
    assert np.all(np.bitwise_count(hands) == 7)
    for card in (Card("JK"), Card("7C"), Card("AS")):        # each card in C(32, 6) hands
        assert np.count_nonzero(hands & np.uint64(card.bit)) == comb(32, 6)
    assert exact(rs, trumps_at_least(3, "hearts"), method="enumerate") == exact(rs, trumps_at_least(3, "hearts"))


def test_function_events_are_counted_hand_by_hand():
    hearts = event("three or more hearts", lambda cards: sum(1 for c in cards if c.suit == SUITS[2]) >= 3)
    p = exact("standard", hearts)
    assert p.method == "python"
    assert p == hypergeometric_at_least(6, 24, 5, 3)


def test_function_events_over_millions_of_hands_are_refused_with_a_way_out():
    slow = event("a slow test", lambda cards: True)
    with pytest.raises(NotExactError) as err:
        exact("modern_railroad", slow)
    assert "a slow test" in str(err.value) and "4,272,048" in str(err.value)


def test_an_unknown_method_is_named():
    with pytest.raises(NotExactError) as err:
        exact("standard", holds_joker, method="guess")
    assert "'guess'" in str(err.value)


# ---- exact: what you see -----------------------------------------------------------------------

def test_known_cards_are_removed_from_the_pack():
    # The partner's 7 cards come from the 25 cards the player has not seen.
    mine = "JK JD AH 9H 7C AS KS TH"
    assert exact("modern_railroad", right_bower("hearts"), known=mine) == Fraction(7, 25)
    assert exact("modern_railroad", holds_joker, known=mine) == 0
    # Unseen hearts trumps: JH KH QH 8H 7H (5 of 25).
    assert exact("modern_railroad", trumps_at_least(2, "hearts"), known=mine) == hypergeometric_at_least(5, 25, 7, 2)


@pytest.mark.parametrize("known, offending", [("7C 8C", "7C"), ("JH JH", "JH"), ("JK 9S", "JK")])
def test_known_cards_must_be_in_the_pack_once(known, offending):
    with pytest.raises(DealError) as err:
        exact("standard", holds("AS"), known=known)
    assert offending in str(err.value)


@pytest.mark.parametrize("bad", [6, -1, 2.5])
def test_a_hand_size_beyond_the_unseen_cards_is_named(bad):
    with pytest.raises(DealError) as err:
        exact("standard", holds_joker, known="9C TC JC QC KC AC 9D TD JD QD KD AD 9H TH JH QH KH AH AS", hand_size=bad)
    assert repr(bad) in str(err.value)


def test_given_conditions_on_another_event():
    a, b = both_bowers("hearts"), trumps_at_least(3, "hearts")
    p = exact("standard", a, given=b)
    assert p == Fraction(exact("standard", a & b)) / Fraction(exact("standard", b))
    assert "given" in p.event


def test_a_condition_that_never_holds_is_named():
    with pytest.raises(NotExactError) as err:
        exact("standard", holds_joker, given=trumps_at_least(6, "hearts") & trumps_at_least(6, "spades"))
    assert "at least 6 trumps in hearts" in str(err.value)


# ---- exact: deal events ------------------------------------------------------------------------

@pytest.mark.parametrize("preset", PRESETS)
def test_the_dealer_has_the_joker_in_hand_or_turned_up(preset):
    rs = rules.load(preset)
    if Card("JK") not in rs.cards:
        assert exact(rs, dealer(holds_joker) | upcard_is_joker) == 0
        return
    turned = 1 if rs.bidding == "turn_up" else 0
    assert exact(rs, dealer(holds_joker) | upcard_is_joker) == Fraction(rs.hand_size + turned, len(rs.cards))


def test_a_seat_and_the_upcard_together():
    # P(upcard a heart) x P(seat 1 holds the Joker | that) = 8/33 x 5/32 with six players.
    assert exact("modern_railroad_6p", seat(1, holds_joker) & upcard_suit("hearts")) == Fraction(8, 33) * Fraction(5, 32)


def test_several_seats_at_once_need_a_simulation():
    with pytest.raises(NotExactError) as err:
        exact("standard", any_seat(both_bowers("hearts")))
    assert "some seat holds both bowers in hearts" in str(err.value) and "estimate" in str(err.value)
    with pytest.raises(NotExactError) as err:
        exact("standard", seat(0, holds("AS")) & seat(1, holds("KS")))
    assert "seat 0 holds AS" in str(err.value)
    with pytest.raises(NotExactError) as err:
        exact("standard", deal_event("a red upcard", lambda d: d.upcard.suit.is_red))
    assert "a red upcard" in str(err.value)


# ---- exact: display -----------------------------------------------------------------------------

def test_an_exact_answer_is_a_fraction_shown_with_its_percentage():
    p = exact("modern_railroad", holds_joker)
    assert isinstance(p, Fraction) and p == Fraction(7, 33)
    assert str(p) == "7/33 (21.21%)"
    assert repr(p) == ("Exact(7, 33, event='holds the Joker', rules='modern_railroad', favourable=906192, "
                       "total=4272048, method='count')")
    assert "7/33" in p._repr_html_() and "21.21%" in p._repr_html_()
    assert type(p + 1) is Fraction
    assert str(exact("modern_railroad", two_jamborees)) == "1/2136024 (0.0000468%, about 1 in 2,136,024)"
    assert str(exact("standard", holds_joker)) == "0 (0.00%)"


@pytest.mark.parametrize("p, text", [(Fraction(1, 2), "50.00%"), (Fraction(1, 300), "0.333%"),
                                     (Fraction(2, 26565), "0.00753%"), (0, "0.00%"), (1, "100.00%")])
def test_percent(p, text):
    assert percent(p) == text


def test_exact_survives_a_round_trip_of_its_constructor():
    p = exact("modern_railroad", right_bower("hearts"), known="JK JD AH 9H 7C AS KS TH")
    q = Exact(p.numerator, p.denominator, event=p.event, rules=p.rules, favourable=p.favourable,
              total=p.total, method=p.method, known=p.known)
    assert repr(q) == repr(p) and q == p


# ---- simulation ---------------------------------------------------------------------------------

SIMULATED = [holds_joker, trumps_at_least(2, "spades"), seat(1, no_trumps("clubs")) & upcard_suit("clubs"),
             dealer(holds_joker) | upcard_is_joker]


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("e", SIMULATED, ids=lambda e: e.code)
def test_simulation_agrees_with_the_exact_answer(preset, e):
    est = estimate(preset, e, n=20_000, seed=11)
    assert est.agrees_with(exact(preset, e), within=4), (str(est), str(exact(preset, e)))


def test_simulation_with_known_cards_and_a_condition():
    mine = "JK JD AH 9H 7C AS KS TH"
    e = trumps_at_least(2, "hearts")
    assert estimate("modern_railroad", e, n=20_000, seed=3, known=mine).agrees_with(exact("modern_railroad", e, known=mine))
    a, b = both_bowers("hearts"), trumps_at_least(3, "hearts")
    est = estimate("standard", a, n=40_000, seed=5, given=b)
    assert est.deals == 40_000 and est.n < est.deals
    assert est.agrees_with(exact("standard", a, given=b))
    deal_e = seat(2, right_bower("hearts")) & ~upcard_is_joker
    assert estimate("modern_railroad", deal_e, n=20_000, seed=8, known="JK JD AH 9H 7C AS KS").agrees_with(
        exact("modern_railroad", deal_e, known="JK JD AH 9H 7C AS KS"))


def test_simulation_answers_several_seats_at_once():
    # No two seats can both hold a Jamboree in hearts, so P(some seat) = 4 x P(seat 0).
    e = jamboree("hearts")
    est = estimate("hoyle_railroad_full", any_seat(trumps_at_least(4, "hearts")), n=20_000, seed=2)
    assert 0 < est.estimate < 1
    assert estimate("modern_railroad", any_seat(e), n=20_000, seed=1).agrees_with(4 * exact("modern_railroad", e))


def test_a_seed_gives_the_same_estimate_and_another_seed_another():
    a = estimate("modern_railroad", holds_joker, n=5_000, seed=1)
    b = estimate("modern_railroad", holds_joker, n=5_000, seed=1)
    c = estimate("modern_railroad", holds_joker, n=5_000, seed=2)
    assert a.hits == b.hits and a.hits != c.hits
    again = estimate("standard", holds("AS"), n=1000, seed="lesson 9")
    assert estimate("standard", holds("AS"), n=1000, seed="lesson 9").hits == again.hits


def test_an_estimate_shows_n_and_a_standard_error():
    est = Estimate(2_121, 10_000, event="holds the Joker", rules="modern_railroad", seed=1)
    assert est.estimate == 0.2121
    assert est.se == pytest.approx((0.2121 * 0.7879 / 10_000) ** 0.5)
    lo, hi = est.ci
    assert lo < 0.2121 < hi and hi - lo == pytest.approx(2 * 1.96 * est.se, rel=0.01)
    assert "10,000 deals" in str(est) and "±" in str(est)
    assert repr(est) == "Estimate(2121, 10000, event='holds the Joker', rules='modern_railroad', seed=1, confidence=0.95)"


def test_wilson_interval_with_no_hits_is_not_empty():
    lo, hi = Estimate(0, 1000).ci
    assert lo == 0 and 0 < hi < 0.01


@pytest.mark.parametrize("bad", [0, -5, 2.5, True])
def test_a_number_of_deals_must_be_a_positive_whole_number(bad):
    with pytest.raises(ValueError) as err:
        outcomes("standard", holds_joker, bad, seed=1)
    assert repr(bad) in str(err.value)


def test_confidence_must_be_one_of_the_tabulated_levels():
    with pytest.raises(ValueError) as err:
        Estimate(1, 10, confidence=0.97)
    assert "0.97" in str(err.value)


# ---- the Monte Carlo dealer ---------------------------------------------------------------------

@pytest.mark.parametrize("preset", PRESETS)
def test_batch_deals_are_valid_deals_of_the_pack(preset):
    rs = rules.load(preset)
    (batch,) = deal_batches(rs, 200, generator(4), dealer=1)
    for i in range(len(batch)):
        d = batch.deal(i)
        again = Deal.from_hands(rs, [list(h) for h in d.hands], upcard=d.upcard, dealer=1, rest=list(d.rest))
        assert again == d
        assert all(len(h) == rs.hand_size for h in d.hands)


def test_each_seat_gets_the_joker_equally_often():
    rs = rules.load("modern_railroad")
    n = 40_000
    seats = np.concatenate([b.seats for b in deal_batches(rs, n, generator(9))])
    joker = np.uint64(Card("JK").bit)
    p = 7 / 33
    for s in range(4):
        share = np.count_nonzero(seats[:, s] & joker) / n
        assert abs(share - p) <= 4 * (p * (1 - p) / n) ** 0.5


# ---- convergence and its figure ----------------------------------------------------------------

def test_convergence_table_and_figure():
    from euchre_lessons.figures import convergence_figure

    df = convergence("modern_railroad", holds_joker, n=5_000, seed=1, points=20)
    assert list(df.columns) == ["deals", "estimate", "se", "lower", "upper", "exact"]
    assert df["deals"].is_monotonic_increasing and df["deals"].iloc[-1] == 5_000
    assert (df["exact"] == 7 / 33).all()
    assert (df["lower"] <= df["estimate"]).all() and (df["estimate"] <= df["upper"]).all()
    fig = convergence_figure(df)
    assert "modern_railroad" in fig.layout.title.text and "holds the Joker" in fig.layout.title.text
    assert len(fig.data) == 3


def test_convergence_of_an_event_without_an_exact_answer():
    df = convergence("standard", any_seat(both_bowers("hearts")), n=2_000, seed=1, points=10)
    assert df["exact"].isna().all()

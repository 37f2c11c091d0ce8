"""Constrained deals: deal until a predicate holds, seeded, with a named error when tries run out."""
from __future__ import annotations

import pytest

from euchre_lessons import Card, ConstraintError, deal, rules
from euchre_lessons.constrained import deal_where
from euchre_lessons.events import (any_seat, both_bowers, dealer, holds, holds_joker, jamboree, jamboree_in_any_suit,
                                   seat, trumps_at_least, upcard_is_joker, upcard_suit)

PRESETS = rules.names()


def predicates(rs):
    """Predicates in the game's words that every preset can meet."""
    found = [seat(1, trumps_at_least(3, "hearts")), dealer(both_bowers("spades")), upcard_suit("diamonds")
             if rs.bidding == "turn_up" else seat(0, holds("AD"))]
    if Card("JK") in rs.cards:
        found.append(seat(2, holds_joker))
    return found


@pytest.mark.parametrize("preset", PRESETS)
def test_the_deal_meets_the_predicate(preset):
    rs = rules.load(preset)
    for p in predicates(rs):
        d = deal_where(rs, p, seed=3)
        assert p(d), (p.name, str(d))
        assert d.rules is rs


@pytest.mark.parametrize("preset", PRESETS)
def test_a_seed_gives_the_same_deal_and_dealing_is_the_engines(preset):
    rs = rules.load(preset)
    p = predicates(rs)[0]
    assert deal_where(rs, p, seed=5) == deal_where(rs, p, seed=5)
    # A predicate that always holds returns the engine's first deal for that seed.
    assert deal_where(rs, lambda d: True, seed=12, dealer=1) == deal(rs, seed=12, dealer=1)


def test_different_seeds_give_different_deals():
    p = seat(0, both_bowers("hearts"))
    assert len({str(deal_where("modern_railroad", p, seed=s)) for s in range(5)}) == 5


def test_a_hand_event_needs_a_seat():
    d = deal_where("modern_railroad", holds_joker, seat=3, seed=1)
    assert Card("JK") in d.hand(3)
    with pytest.raises(TypeError) as err:
        deal_where("modern_railroad", holds_joker, seed=1)
    assert "holds the Joker" in str(err.value) and "seat=" in str(err.value)
    with pytest.raises(TypeError) as err:
        deal_where("modern_railroad", upcard_is_joker, seat=1, seed=1)
    assert "the Joker is turned up" in str(err.value)


def test_the_whole_deal_and_a_function_of_it():
    d = deal_where("hoyle_railroad_full", any_seat(jamboree_in_any_suit), seed=1)
    assert any_seat(jamboree_in_any_suit)(d)
    d = deal_where("standard", lambda d: d.upcard.rank == 11, seed=2)
    assert d.upcard.rank == 11


def test_running_out_of_tries_names_the_predicate_the_tries_and_the_chance():
    with pytest.raises(ConstraintError) as err:
        deal_where("modern_railroad", seat(0, jamboree("hearts")), seed=1, max_tries=500)
    text = str(err.value)
    assert "seat 0 holds a Jamboree in hearts" in text and "500 tries" in text and "seed 1" in text
    assert "7/79112" in text and "11,302" in text


def test_an_impossible_predicate_says_so():
    with pytest.raises(ConstraintError) as err:
        deal_where("standard", seat(0, trumps_at_least(6, "hearts")), seed=1, max_tries=50)
    assert "at least 6 trumps in hearts" in str(err.value) and "chance is 0" in str(err.value)


def test_a_function_predicate_is_named_by_its_function():
    def joker_upcard_and_seat_two_void(d):
        return False

    with pytest.raises(ConstraintError) as err:
        deal_where("modern_railroad", joker_upcard_and_seat_two_void, seed=1, max_tries=20)
    assert "joker_upcard_and_seat_two_void" in str(err.value) and "20 tries" in str(err.value)


@pytest.mark.parametrize("bad", [0, -3, 1.5, "many"])
def test_max_tries_must_be_a_positive_whole_number(bad):
    with pytest.raises(ConstraintError) as err:
        deal_where("standard", seat(0, holds_joker), seed=1, max_tries=bad)
    assert repr(bad) in str(err.value)


def test_a_predicate_that_is_not_one_is_refused():
    with pytest.raises(TypeError) as err:
        deal_where("standard", "holds the Joker", seed=1)
    assert "holds the Joker" in str(err.value)

"""Constrained deals: deal until a predicate holds, seeded, with a named error when tries run out."""
from __future__ import annotations

import pytest

from euchre_lessons import Card, ConstraintError, deal, rules
from euchre_lessons.constrained import deal_where, impossibility
from euchre_lessons.events import (
    any_seat,
    both_bowers,
    count_between,
    dealer,
    eldest,
    event,
    holds,
    holds_all,
    holds_joker,
    jamboree,
    jamboree_in_any_suit,
    right_bower,
    seat,
    trumps_at_least,
    two_jamborees,
    upcard_is,
    upcard_is_joker,
    upcard_suit,
    void_in,
)

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
    with pytest.raises(ConstraintError) as err:
        deal_where("modern_railroad", holds_joker, seed=1)
    assert "holds the Joker" in str(err.value) and "seat=" in str(err.value)
    with pytest.raises(ConstraintError) as err:
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


# ---- impossible constraints, refused before any deal ---------------------------------------------

IMPOSSIBLE = [
    # (id, rules, predicate, words the reason must contain)
    ("right bower in two seats", "standard", seat(0, right_bower("hearts")) & seat(1, right_bower("hearts")),
     "JH would have to be in two places"),
    ("a card and both bowers", "standard", seat(0, holds("JH")) & seat(1, both_bowers("hearts")),
     "JH would have to be in two places"),
    ("the dealer and eldest", "standard", dealer(holds("JH")) & eldest(holds("JH")), "two places"),
    ("the upcard and a hand", "standard", upcard_is("JH") & seat(2, holds("JH")), "two places"),
    ("two upcards", "standard", upcard_is("JH") & upcard_is("QH"), "the turn-up is one card"),
    ("more cards than a hand", "standard", seat(0, holds_all("9H TH JH QH KH AH")), "holds 5 cards"),
    ("more trumps than a hand", "standard", seat(0, trumps_at_least(6, "hearts")), "holds 5 cards"),
    ("two long suits", "standard", seat(0, trumps_at_least(4, "hearts") & trumps_at_least(4, "spades")),
     "at least 8 different"),
    ("a card not in the pack", "standard", seat(0, holds("2H")), "2H is not in the 24-card pack"),
    ("no Joker in the pack", "standard", seat(3, holds_joker), "JK is not in the 24-card pack"),
    ("more of a set than the pack has", "standard", seat(0, count_between("9H TH JH", 4, 5)), "has only 3"),
    ("holds and does not hold", "standard", seat(0, holds("JH")) & ~seat(0, holds("JH")), "at most 0"),
    ("void yet holding", "standard", seat(0, void_in("hearts") & holds("AH")), "at most 0"),
    ("upcard of a suit all held", "standard",
     upcard_suit("hearts") & seat(0, holds_all("9H TH QH KH AH")) & seat(1, holds("JH")), "must lie elsewhere"),
    ("no turn-up seven-handed", "hoyle_seven_handed", upcard_is_joker, "turns no card up"),
    ("two Jamborees in five cards", "standard", seat(0, two_jamborees), "but holds 5"),
    ("Jamborees in two seats", "modern_railroad", seat(0, jamboree("hearts")) & seat(1, jamboree("diamonds")),
     "two places"),
    ("any seat, Joker turned up", "modern_railroad", any_seat(jamboree("hearts")) & upcard_is_joker,
     "no seat can have"),
    ("every alternative fails", "standard", (seat(0, holds("JH")) | seat(1, holds("JH"))) & upcard_is("JH"),
     "none of the alternatives"),
]


@pytest.mark.parametrize("preset, predicate, words", [c[1:] for c in IMPOSSIBLE], ids=[c[0] for c in IMPOSSIBLE])
def test_an_impossible_constraint_is_refused_at_once_saying_why(preset, predicate, words):
    assert words in impossibility(preset, predicate)
    with pytest.raises(ConstraintError) as err:
        deal_where(preset, predicate, seed=1)
    text = str(err.value)
    assert "impossible" in text and words in text and predicate.name in text
    assert "tries" not in text.split("because")[0]       # no "raise max_tries": it is not a matter of luck


POSSIBLE = [
    ("standard", seat(0, holds("JH")) & seat(1, holds("JD"))),
    ("standard", seat(0, ~holds("JH")) & seat(1, holds("JH"))),
    ("standard", any_seat(both_bowers("hearts")) & seat(0, holds("JH"))),
    ("standard", seat(0, trumps_at_least(5, "hearts"))),
    ("modern_railroad", seat(0, jamboree("hearts"))),
    ("modern_railroad", seat(1, two_jamborees)),                      # seven cards: JK, both jacks, AH KH AD KD
    ("modern_railroad", seat(0, two_jamborees) | seat(1, holds_joker)),
    ("hoyle_seven_handed", seat(0, jamboree("hearts"))),
    ("standard", seat(0, event("a function", lambda cards: False))),  # nothing is proved of a function
]


@pytest.mark.parametrize("preset, predicate", POSSIBLE, ids=[repr(p) for _, p in POSSIBLE])
def test_only_what_is_proved_is_called_impossible(preset, predicate):
    assert impossibility(preset, predicate) is None


@pytest.mark.parametrize("preset", PRESETS)
def test_the_curated_and_sampled_predicates_are_not_called_impossible(preset):
    rs = rules.load(preset)
    for p in predicates(rs):
        assert impossibility(rs, p) is None
    # Every deal meets the events of its own cards, so none of them can be impossible.
    d = deal(rs, seed=11)
    for s, hand in enumerate(d.hands):
        e = seat(s, holds_all(" ".join(map(str, hand))))
        if d.upcard is not None:
            e = e & upcard_is(str(d.upcard))
        assert impossibility(rs, e) is None and e(d)


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
    with pytest.raises(ConstraintError) as err:
        deal_where("standard", "holds the Joker", seed=1)
    assert "holds the Joker" in str(err.value)

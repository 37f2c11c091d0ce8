"""Events: questions about a hand or a deal in the game's words (rule book A1, B1, B-O5, C, D2, D-2, D-20, D-25)."""
from __future__ import annotations

import pytest

from euchre_lessons import Card, Deal, NotationError, Suit, deal, rules
from euchre_lessons import events as ev
from euchre_lessons.cards import SUITS, mask_of
from euchre_lessons.events import (
    any_seat,
    both_bowers,
    dealer,
    dealers_partner,
    eldest,
    holds,
    holds_joker,
    jamboree,
    jamboree_in_any_suit,
    left_bower,
    no_trumps,
    right_bower,
    seat,
    trumps_at_least,
    trumps_exactly,
    two_jamborees,
    upcard_is,
    upcard_is_joker,
    upcard_suit,
)
from euchre_lessons.ranking import effective_suit

PRESETS = rules.names()

CODE_FORMS = [
    "holds_joker", 'holds("JH")', 'holds_all("JD JH")', 'holds_any("AC AS")', 'count_between("AC AD AH AS", 2, 3)',
    'trumps_at_least(3, "hearts")', 'trumps_at_most(1, "spades")', 'trumps_exactly(2, "clubs")',
    'no_trumps("diamonds")', 'right_bower("hearts")', 'left_bower("hearts")', 'both_bowers("spades")',
    'jamboree("clubs")', "jamboree_in_any_suit", "two_jamborees", 'cards_of_suit_at_least(4, "hearts")',
    'void_in("clubs")', "aces_at_least(2)", "seat(2, holds_joker)", 'dealer(both_bowers("hearts"))',
    "eldest(holds_joker)", "dealers_partner(holds_joker)", "any_seat(two_jamborees)", 'upcard_is("JH")',
    "upcard_is_joker", 'upcard_suit("hearts")', 'holds_joker & trumps_at_least(3, "hearts")',
    '(holds_joker | both_bowers("hearts")) & ~void_in("clubs")', "~(holds_joker & two_jamborees)",
    'seat(0, holds_joker) & ~upcard_is_joker | upcard_suit("spades")',
]


# ---- names and the code form -----------------------------------------------------------------

@pytest.mark.parametrize("code", CODE_FORMS)
def test_repr_is_the_code_form_and_parses_back(code):
    e = ev.parse(code)
    assert repr(e) == code
    assert ev.parse(repr(e)) == e
    assert e.name and e.name == str(e)


@pytest.mark.parametrize("event, name", [
    (holds_joker, "holds the Joker"),
    (holds("JH"), "holds JH (jack of hearts)"),
    (trumps_at_least(3, "hearts"), "holds at least 3 trumps in hearts"),
    (no_trumps("spades"), "holds no trumps in spades"),
    (both_bowers("hearts"), "holds both bowers in hearts"),
    (jamboree("diamonds"), "holds a Jamboree in diamonds"),
    (jamboree_in_any_suit, "holds a Jamboree in some suit"),
    (two_jamborees, "holds two Jamborees at once"),
    (seat(2, holds_joker), "seat 2 holds the Joker"),
    (dealer(holds_joker), "the dealer holds the Joker"),
    (upcard_is_joker, "the Joker is turned up"),
    (upcard_is("9S"), "the upcard is 9S"),
    (~holds_joker, "does not hold the Joker"),
    (~upcard_is_joker, "the Joker is not turned up"),
    (~seat(1, holds_joker), "seat 1 does not hold the Joker"),
    (holds_joker & both_bowers("hearts"), "holds the Joker and holds both bowers in hearts"),
    ((holds_joker | ev.void_in("clubs")) & both_bowers("hearts"),
     "(holds the Joker or holds no clubs) and holds both bowers in hearts"),
])
def test_names_read_as_words_of_the_game(event, name):
    assert event.name == name


def test_not_twice_is_the_event_itself_and_and_is_flat():
    assert ~~holds_joker is holds_joker
    e = holds_joker & trumps_at_least(2, "hearts") & void_in_clubs()
    assert len(e.args) == 3
    assert repr(e) == 'holds_joker & trumps_at_least(2, "hearts") & void_in("clubs")'


def void_in_clubs():
    return ev.void_in("clubs")


def test_named_keeps_the_code_and_changes_the_words():
    e = (holds_joker & both_bowers("hearts")).named("a strong hand in hearts")
    assert e.name == "a strong hand in hearts"
    assert repr(e) == 'holds_joker & both_bowers("hearts")'
    assert (e & holds("AH")).name == "a strong hand in hearts and holds AH (ace of hearts)"


@pytest.mark.parametrize("text", ["holds(", "holds_jocker", "__import__('os')", "holds_joker + 1", "holds_joker & 3",
                                  "open('x')", "3", 'holds("ZZ")', "jamboree(\"no trump\")", "seat(-1, holds_joker)"])
def test_parse_refuses_anything_but_event_words_and_quotes_the_input(text):
    with pytest.raises(NotationError) as err:
        ev.parse(text)
    assert text in str(err.value) or "ZZ" in str(err.value) or "no trump" in str(err.value) or "-1" in str(err.value)


def test_combining_a_hand_event_with_a_deal_event_asks_whose_hand():
    with pytest.raises(TypeError) as err:
        holds_joker & upcard_is_joker
    assert "holds the Joker" in str(err.value) and "seat(0, holds_joker)" in str(err.value)


# ---- the rule book's trumps, bowers and Jamborees --------------------------------------------

def _expected_trumps(rs, suit: Suit) -> set:
    """rule book A1/B1/C/D2: the trump suit's own cards, the other jack of its colour, the Joker."""
    left = Card.from_id(int(suit.same_colour) * 13 + 9)
    return {c for c in rs.cards if c.suit == suit or c == left or c.is_joker}


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("suit", SUITS)
def test_trumps_are_the_suit_the_left_bower_and_the_joker(preset, suit):
    rs = rules.load(preset)
    expected = _expected_trumps(rs, suit)
    assert trumps_exactly(len(expected), suit)(rs.cards, rs)
    assert trumps_at_least(1, suit)([Card.from_id(int(suit.same_colour) * 13 + 9)], rs)  # the left bower
    assert trumps_exactly(len(expected), suit).mask(rs) == mask_of(expected)


@pytest.mark.parametrize("preset, trumps", [("standard", 7), ("hoyle_ordinary", 9), ("hoyle_railroad", 8),
                                            ("modern_railroad", 10), ("hoyle_seven_handed", 15)])
def test_number_of_trumps_per_pack(preset, trumps):
    # B1: 8 trumps in Foster's 25 cards; D-2: 10 in the modern 33; C: 52 + Joker gives 13 + 1 + 1.
    rs = rules.load(preset)
    assert trumps_exactly(trumps, "hearts")(rs.cards, rs)


@pytest.mark.parametrize("preset, cards", [
    ("hoyle_railroad_full", "JK JH JD AH KH"),     # B-O5
    ("modern_railroad", "JK JH JD AH KH"),         # D12, D-20
    ("hoyle_seven_handed", "JK JH JD AH KH"),      # C: Joker, right, left, then A K ...
    ("standard", "JH JD AH KH QH"),                # no Joker: the five highest are R L A K Q
])
def test_a_jamboree_is_the_five_highest_trumps(preset, cards):
    rs = rules.load(preset)
    assert jamboree("hearts")(cards, rs)
    assert not jamboree("hearts")(cards.split()[:4], rs)
    assert jamboree("hearts").mask(rs) == mask_of(cards.split())


@pytest.mark.parametrize("order, suit, cards", [
    ("as_printed_header", "hearts", "JK JH JD AH QH"),    # D-20: the header's list gives Joker, right, left, A, Q
    ("as_printed_example", "spades", "JK JS JC QS TS"),   # D-20: the example's list gives Joker, J♠, J♣, Q, 10
])
def test_the_jamboree_follows_the_trump_order_knob(order, suit, cards):
    rs = rules.load("modern_railroad").replace(trump_order=order)
    assert jamboree(suit).mask(rs) == mask_of(cards.split())


def test_no_jamboree_at_no_trump():
    # D-25: a Joker turn-up leaves no trump suit, so no Jamboree.
    with pytest.raises(NotationError) as err:
        jamboree("no trump")
    assert "no trump" in str(err.value)


def test_two_jamborees_share_the_joker_and_both_jacks_of_a_colour():
    rs = rules.load("modern_railroad")
    assert two_jamborees("JK JH JD AH KH AD KD", rs)
    assert two_jamborees("KC AC JC JS KS AS JK", rs)
    assert not two_jamborees("JK JH JD AH KH AD QD", rs)
    assert jamboree_in_any_suit("JK JH JD AH KH AD QD", rs)


def test_bowers_are_the_jacks_of_the_trump_colour():
    assert right_bower("hearts")("JH") and left_bower("hearts")("JD")
    assert both_bowers("spades")("JS JC") and not both_bowers("spades")("JS JD")


@pytest.mark.parametrize("preset", PRESETS)
def test_trump_counts_agree_with_effective_suits_on_random_deals(preset):
    rs = rules.load(preset)
    for s in range(40):
        d = deal(rs, seed=s)
        for suit in SUITS:
            n = sum(1 for c in d.hand(0) if c.is_joker or effective_suit(c, suit) == suit)
            assert seat(0, trumps_exactly(n, suit))(d)
            assert seat(0, trumps_at_least(n, suit))(d) and not seat(0, trumps_at_least(n + 1, suit))(d)
            assert seat(0, no_trumps(suit))(d) == (n == 0)


# ---- deal events -------------------------------------------------------------------------------

MODERN = ("modern_railroad | dealer 3 | 7C JD 9H AH KS AS JK / 9C AC TD QD AD QH QS / KC 7H JH 7S 8S TS JS / "
          "8C TC QC 8D 8H KH 9S | up TH | rest JC 7D 9D KD")


def test_seats_are_counted_from_the_dealer():
    d = Deal.parse(MODERN)
    assert dealer(holds("KH"))(d)            # dealer 3
    assert eldest(holds_joker)(d)            # seat 0 is the dealer's left
    assert dealers_partner(holds("AD"))(d)   # seat 1 sits opposite seat 3
    assert seat(2, right_bower("hearts"))(d) and not seat(1, right_bower("hearts"))(d)
    assert any_seat(both_bowers("spades"))(d) is False and any_seat(holds("JC"))(d) is False
    assert upcard_is("TH")(d) and upcard_suit("hearts")(d) and not upcard_is_joker(d)


@pytest.mark.parametrize("preset", PRESETS)
def test_deal_events_agree_with_the_deal(preset):
    rs = rules.load(preset)
    for s in range(30):
        d = deal(rs, seed=s, dealer=s % rs.players)
        holder = next((i for i, h in enumerate(d.hands) if Card("JK") in h), None)
        assert any_seat(holds_joker)(d) == (holder is not None)
        assert dealer(holds_joker)(d) == (holder == d.dealer)
        assert eldest(holds_joker)(d) == (holder == (d.dealer + 1) % rs.players)
        assert upcard_is_joker(d) == (d.upcard is not None and d.upcard.is_joker)


def test_no_card_is_turned_up_in_the_seven_handed_game():
    d = deal("hoyle_seven_handed", seed=1)
    assert d.upcard is None
    assert not upcard_is_joker(d) and not upcard_suit("hearts")(d)
    assert (~upcard_is_joker)(d)


def test_a_hand_event_on_a_deal_asks_whose_hand():
    with pytest.raises(TypeError) as err:
        holds_joker(deal("standard", seed=1))
    assert "seat(0, holds_joker)" in str(err.value)


def test_a_deal_event_on_cards_is_refused():
    with pytest.raises(TypeError) as err:
        upcard_is_joker("JK 9S")
    assert "the Joker is turned up" in str(err.value)


def test_trump_events_need_the_rules():
    with pytest.raises(TypeError) as err:
        trumps_at_least(2, "hearts")("JH JD")
    assert "holds at least 2 trumps in hearts" in str(err.value)


@pytest.mark.parametrize("make, where", [(lambda: seat(4, holds_joker), "seat 4"),
                                         (lambda: dealers_partner(holds_joker), "no partner")])
def test_seats_that_are_not_at_the_table_are_named(make, where):
    d = deal("standard" if where == "seat 4" else "hoyle_seven_handed", seed=1)
    with pytest.raises(NotationError) as err:
        make()(d)
    assert where in str(err.value)


@pytest.mark.parametrize("bad", [-1, "two", 1.5, True])
def test_a_number_of_cards_must_be_a_whole_number(bad):
    with pytest.raises(NotationError) as err:
        trumps_at_least(bad, "hearts")
    assert repr(bad) in str(err.value)


def test_function_events_test_the_cards():
    singleton_ace = ev.event("a singleton ace", lambda cards: any(
        c.rank == 14 and sum(1 for d in cards if d.suit == c.suit) == 1 for c in cards))
    assert singleton_ace("AS 9H TH JC QC")
    assert not singleton_ace("AS KS TH JC QC")
    assert singleton_ace.needs_function and not holds_joker.needs_function


def test_no_seat_is_the_negation_of_some_seat():
    from euchre_lessons.events import parse

    assert parse("~any_seat(holds_joker)").name == "no seat holds the Joker"
    assert parse("any_seat(holds_joker)").name == "some seat holds the Joker"

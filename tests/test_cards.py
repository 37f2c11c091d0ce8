"""Cards, packs and how cards rank once trump is known (rule book A1, B1, C, D2, D-2, D10, D-16)."""
from __future__ import annotations

import pytest

from euchre_lessons import JOKER, Card, NotationError, Suit, rules
from euchre_lessons.ranking import effective_suit, ranking

PRESETS = rules.names()
C, D, H, S, NT = Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES, Suit.NO_TRUMP


def winner(trump, cards, order="standard") -> str:
    """The card that wins a trick of ``cards`` (text, the first led) with ``trump``."""
    trick = [(i, Card.parse(c).id) for i, c in enumerate(cards)]
    return cards[ranking(int(trump), order).trick_winner(trick)]


# ---- notation ----------------------------------------------------------------------------

@pytest.mark.parametrize("text, rank, suit", [
    ("JH", 11, H), ("TS", 10, S), ("7C", 7, C), ("AD", 14, D), ("9S", 9, S), ("2C", 2, C),
])
def test_str_is_rank_letter_then_suit_letter(text, rank, suit):
    card = Card.parse(text)
    assert (card.rank, card.suit) == (rank, suit)
    assert str(card) == text


def test_the_joker_prints_as_jk_and_has_no_suit():
    assert str(JOKER) == "JK"
    assert JOKER.suit is None
    assert JOKER.is_joker
    assert not Card.parse("JH").is_joker


@pytest.mark.parametrize("text, expected", [
    ("J♥", "JH"), ("10h", "TH"), ("10♠", "TS"), ("jh", "JH"), ("Joker", "JK"), ("JK", "JK"),
    ("joker", "JK"), (" 9c ", "9C"), ("tS", "TS"), ("a♦", "AD"), ("7C", "7C"),
])
def test_parse_accepts_the_table_spellings(text, expected):
    assert str(Card.parse(text)) == expected


def test_equal_cards_are_the_same_object():
    assert Card.parse("J♥") is Card.parse("JH") is Card("jh")


@pytest.mark.parametrize("preset", PRESETS)
def test_every_card_of_every_pack_round_trips(preset):
    cards = rules.load(preset).cards
    for card in cards:
        assert Card.parse(str(card)) is card
        assert repr(card) == f"Card({str(card)!r})"
    assert len({str(c) for c in cards}) == len(cards)


@pytest.mark.parametrize("text", ["1X", "JJ", "11H", "Jokr", "H J", "ZZ", "10", "KH KS", "Q-H"])
def test_malformed_card_text_raises_notation_error_quoting_it(text):
    with pytest.raises(NotationError) as err:
        Card.parse(text)
    assert repr(text) in str(err.value)


def test_a_card_that_is_not_text_is_a_notation_error():
    with pytest.raises(NotationError) as err:
        Card.parse(11)
    assert "11" in str(err.value)


def test_cards_are_immutable():
    card = Card.parse("JH")
    with pytest.raises(AttributeError):
        card.rank = 12
    assert card.rank == 11


# ---- packs -------------------------------------------------------------------------------

@pytest.mark.parametrize("preset, size", [
    ("standard", 24), ("hoyle_ordinary", 32), ("hoyle_railroad", 25), ("hoyle_railroad_full", 25),
    ("modern_railroad", 33), ("modern_railroad_6p", 33), ("hoyle_seven_handed", 53),
])
def test_pack_size_of_each_preset(preset, size):
    r = rules.load(preset)
    assert len(r.cards) == size
    assert len(set(r.cards)) == size
    assert (JOKER in r.cards) == (size in (25, 33, 53))


@pytest.mark.parametrize("preset, low", [
    ("standard", 9), ("hoyle_ordinary", 7), ("hoyle_railroad", 9), ("modern_railroad", 7),
    ("hoyle_seven_handed", 2),
])
def test_packs_run_from_their_lowest_rank_to_the_ace_in_every_suit(preset, low):
    cards = [c for c in rules.load(preset).cards if not c.is_joker]
    for suit in (C, D, H, S):
        assert sorted(c.rank for c in cards if c.suit == suit) == list(range(low, 15))


def test_four_no_joker_kitty_plays_modern_railroad_with_32_cards():
    r = rules.load("modern_railroad").replace(kitty="four_no_joker")
    assert len(r.cards) == 32
    assert JOKER not in r.cards


# ---- effective suit ----------------------------------------------------------------------

def test_left_bower_follows_as_trump():
    assert effective_suit("JD", H) == H
    assert effective_suit("JH", H) == H
    assert effective_suit("JD", D) == D
    assert effective_suit("JC", S) == S
    assert effective_suit("JS", C) == C


def test_other_jacks_keep_their_own_suit():
    assert effective_suit("JC", H) == C
    assert effective_suit("JS", D) == S
    assert effective_suit("JH", S) == H


def test_the_joker_belongs_to_the_trump_suit():
    for trump in (C, D, H, S):
        assert effective_suit(JOKER, trump) == trump


def test_before_trump_is_fixed_a_card_is_its_printed_suit():
    assert effective_suit("JD", None) == D
    assert effective_suit(JOKER, None) is None


def test_at_no_trump_bowers_are_plain_jacks_and_the_joker_is_a_trump_of_one():
    for jack, suit in (("JC", C), ("JD", D), ("JH", H), ("JS", S)):
        assert effective_suit(jack, NT) == suit
    assert effective_suit(JOKER, NT) == NT


# ---- who wins a trick --------------------------------------------------------------------

@pytest.mark.parametrize("trump, order", [
    (H, ["JK", "JH", "JD", "AH", "KH", "QH", "TH", "9H", "8H", "7H"]),
    (S, ["JK", "JS", "JC", "AS", "KS", "QS", "TS", "9S", "8S", "7S"]),
    (C, ["JK", "JC", "JS", "AC", "KC", "QC", "TC", "9C", "8C", "7C", "6C", "2C"]),
])
def test_trump_order_joker_right_left_then_ace_down(trump, order):
    for i, high in enumerate(order):
        for low in order[i + 1:]:
            assert winner(trump, [low, high]) == high
            assert winner(trump, [high, low]) == high


def test_the_left_bower_led_calls_for_trumps_and_beats_its_printed_suit():
    assert winner(H, ["JD", "AD", "KD", "QD"]) == "JD"
    assert winner(H, ["JD", "AH", "KH", "QH"]) == "JD"


def test_the_left_bower_played_to_its_printed_suit_trumps_it():
    assert winner(H, ["AD", "JD", "KD", "QD"]) == "JD"
    assert winner(H, ["AD", "KD", "QD", "JD"]) == "JD"


def test_the_joker_is_the_top_trump():
    assert winner(H, ["JH", "JK", "JD", "AH"]) == "JK"
    assert winner(S, ["AC", "KC", "JK", "JS"]) == "JK"
    assert winner(D, ["JK", "JD", "JH", "AD"]) == "JK"


def test_plain_suits_rank_ace_high_and_an_off_suit_card_never_wins():
    assert winner(H, ["QC", "JC", "AS", "KC"]) == "KC"
    assert winner(H, ["9C", "AS", "AD", "TC"]) == "TC"
    assert winner(H, ["2C", "AC"]) == "AC"


def test_any_trump_beats_any_plain_card():
    assert winner(S, ["AC", "7S", "KC", "QC"]) == "7S"
    assert winner(S, ["AC", "JC"]) == "JC"


def test_at_no_trump_the_joker_wins_any_trick():
    assert winner(NT, ["AS", "KS", "JK", "QS"]) == "JK"
    assert winner(NT, ["JK", "AS", "AH", "AC"]) == "JK"
    assert winner(NT, ["9D", "JK"]) == "JK"


def test_at_no_trump_the_jacks_rank_in_their_own_suits():
    assert winner(NT, ["QS", "JS", "JC", "KS"]) == "KS"
    assert winner(NT, ["9H", "JD", "TH"]) == "TH"
    assert winner(NT, ["AC", "JC"]) == "AC"


# ---- the printed trump orders of the modern page (D-2) ----------------------------------

def test_standard_order_keeps_the_king_and_ace_above_the_queen():
    assert winner(S, ["KS", "7S"]) == "KS"
    assert winner(S, ["AS", "QS"]) == "AS"


def test_as_printed_header_drops_the_king_below_every_other_trump():
    order = "as_printed_header"
    for other in ("7S", "8S", "9S", "TS", "QS", "AS", "JC", "JS", "JK"):
        assert winner(S, ["KS", other], order) == other
        assert winner(S, [other, "KS"], order) == other
    # the header's order otherwise: 7 < 8 < 9 < 10 < Q < A < J < J < Joker
    assert winner(S, ["QS", "AS"], order) == "AS"
    assert winner(S, ["7S", "QS"], order) == "QS"


def test_as_printed_example_drops_the_king_and_ace_below_every_other_trump():
    order = "as_printed_example"
    for demoted in ("KS", "AS"):
        for other in ("7S", "8S", "9S", "TS", "QS", "JC", "JS", "JK"):
            assert winner(S, [demoted, other], order) == other
            assert winner(S, [other, demoted], order) == other


@pytest.mark.parametrize("order", ["as_printed_header", "as_printed_example"])
def test_a_demoted_trump_is_still_a_trump(order):
    assert effective_suit("KS", S) == S
    assert ranking(int(S), order).effective_suit(Card.parse("KS")) == S
    assert winner(S, ["AH", "KS", "KH"], order) == "KS"
    assert winner(S, ["KS", "AH"], order) == "KS"


@pytest.mark.parametrize("bad", [999, -1, 1.0, True, "3", None])
def test_a_card_id_out_of_range_is_refused_not_wrapped_round(bad):
    from euchre_lessons.errors import NotationError

    with pytest.raises(NotationError, match="a card's id is a whole number from 0 to"):
        Card.from_id(bad)

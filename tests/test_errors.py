"""Errors say what, where and what instead, and leave the state as it was (STYLE; rule book J, K2, K6)."""
from __future__ import annotations

import pytest

from euchre_lessons import (
    ConstraintError,
    Deal,
    DealError,
    EuchreError,
    HandState,
    IllegalActionError,
    NotationError,
    Phase,
    RuleSetError,
    Suit,
    deal,
    rules,
)

# Dealer North (0); East (1) is eldest, South (2) the dealer's partner, West (3).
HEARTS_LED = Deal.from_hands(
    "standard", ["9C TC QC KC AC", "AH KH QH TH 9S", "JD 9D TD QS KS", "JH AD KD AS TS"], upcard="9H", dealer=0)
DIAMONDS_LED = Deal.from_hands(
    "standard", ["9C TC QC KC AC", "AD AH KH QH TH", "JD 9D QS KS AS", "JH TD KD 9S TS"], upcard="9H", dealer=0)


def drive(d, *actions) -> HandState:
    s = HandState.start(d)
    for action in actions:
        s = s.apply(action)
    return s


def snapshot(s) -> tuple:
    """Everything a caller can see of a state."""
    return (s.phase, s.to_act, s.turn, s.hands, s.trick, s.tricks, s.tricks_won, s.trump, s.maker,
            s.history, s.legal_actions(), s.dead_cards, str(s))


def refuse(s, action, kind=IllegalActionError) -> str:
    """Apply an action that must be refused; check the state did not change; return the message."""
    before = snapshot(s)
    replayed = drive(s.deal, *s.history)
    with pytest.raises(kind) as err:
        s.apply(action)
    assert snapshot(s) == before
    assert s == replayed
    return str(err.value)


@pytest.mark.parametrize("kind", [EuchreError, NotationError, IllegalActionError, RuleSetError, DealError,
                                  ConstraintError])
def test_every_error_kind_is_a_euchre_error_and_a_value_error(kind):
    assert issubclass(kind, EuchreError)
    assert issubclass(kind, Exception)
    if kind is not EuchreError:
        assert issubclass(kind, ValueError)


def test_the_kinds_are_distinct():
    kinds = [NotationError, IllegalActionError, RuleSetError, DealError, ConstraintError]
    for a in kinds:
        for b in kinds:
            assert issubclass(a, b) == (a is b)


# ---- following suit with the left bower -------------------------------------------------

def test_the_left_bower_must_follow_a_trump_lead():
    s = drive(HEARTS_LED, "order up", "with partner", "discard 9C", "play AH")
    assert (s.phase, s.trump, s.turn) == (Phase.PLAY, Suit.HEARTS, 2)
    assert [str(a) for a in s.legal_actions()] == ["play JD"]
    message = refuse(s, "play QS")
    assert "South" in message                          # the seat
    assert "play" in message                           # the phase
    assert "QS" in message                             # the action refused
    assert "must follow hearts" in message             # the rule, in the suit's name
    assert "JD counts as a heart" in message           # ... and why JD is a heart
    assert "(rule book A6, A1)" in message             # follow suit; the left bower is a trump
    assert "play JD" in message                        # the legal alternative


def test_the_left_bower_does_not_follow_its_printed_suit():
    s = drive(DIAMONDS_LED, "order up", "with partner", "discard 9C", "play AD")
    assert [str(a) for a in s.legal_actions()] == ["play 9D"]
    message = refuse(s, "play JD")
    assert "South" in message
    assert "must follow diamonds" in message
    assert "9D" in message
    assert "JD counts as a heart" in message
    assert "play 9D" in message


def test_a_card_not_held_is_refused_naming_it():
    s = drive(HEARTS_LED, "order up", "with partner", "discard 9C", "play AH")
    message = refuse(s, "play 9H")
    assert "9H" in message and "South" in message and "does not hold" in message


def test_an_action_of_the_wrong_kind_names_the_phase_and_the_choices():
    s = drive(HEARTS_LED, "order up", "with partner", "discard 9C", "play AH")
    message = refuse(s, "discard QS")
    assert "discard QS" in message and "play" in message
    assert "play JD" in message


# ---- bidding and the dealer's discard ---------------------------------------------------

def test_naming_the_turned_down_suit_in_round_2_cites_the_rule():
    s = drive(HEARTS_LED, "pass", "pass", "pass", "pass")
    assert s.phase is Phase.ROUND2
    assert "make hearts" not in [str(a) for a in s.legal_actions()]
    message = refuse(s, "make hearts")
    assert "East" in message
    assert "second round" in message
    assert "hearts" in message and "turned down" in message
    assert "K6" in message or "LD 78" in message
    for legal in ("make clubs", "make diamonds", "make spades", "pass"):
        assert legal in message


def test_the_dealer_may_not_discard_the_upcard():
    s = drive(HEARTS_LED, "order up", "with partner")
    assert (s.phase, s.to_act) == (Phase.DISCARD, 0)
    assert "9H" in [str(c) for c in s.hand(0)]
    assert "discard 9H" not in [str(a) for a in s.legal_actions()]
    message = refuse(s, "discard 9H")
    assert "North" in message
    assert "9H" in message and "K2" in message
    assert "discard 9C" in message


@pytest.mark.parametrize("preset", ["standard", "hoyle_railroad", "modern_railroad"])
def test_no_preset_offers_the_upcard_as_a_discard(preset):
    """K2 in every preset: the dealer, having taken up, cannot discard the turn-up."""
    for seed in range(20):
        d = deal(preset, seed=seed)
        s = drive(d, "pass", "pass", "pass")
        s = s.apply(s.legal_actions()[0])               # the dealer takes it up
        s = s.apply("with partner")
        assert s.phase is Phase.DISCARD
        assert d.upcard in s.hand(d.dealer)
        assert f"discard {d.upcard}" not in [str(a) for a in s.legal_actions()]


def test_out_of_turn_words_are_refused_in_round_1():
    s = HandState.start(HEARTS_LED)
    message = refuse(s, "make spades")
    assert "first round" in message and "East" in message
    assert "order up" in message and "pass" in message


def test_acting_after_the_hand_is_over_is_refused():
    s = drive(HEARTS_LED, "pass", "pass", "pass", "pass", "pass", "pass", "pass", "pass")
    assert s.is_over and s.passed_out
    message = refuse(s, "pass")
    assert "over" in message and "passed out" in message and "K5" in message


# ---- malformed action text ----------------------------------------------------------------

@pytest.mark.parametrize("text", ["frobnicate", "play ZZ", "make puce", "bid many", "order down"])
def test_malformed_action_text_is_a_notation_error_quoting_it(text):
    s = HandState.start(HEARTS_LED)
    before = snapshot(s)
    with pytest.raises(NotationError) as err:
        s.apply(text)
    assert snapshot(s) == before
    quoted = text.split()[-1] if text.startswith(("play", "make")) else text
    assert repr(quoted) in str(err.value)


def test_errors_can_be_caught_as_value_errors():
    s = HandState.start(HEARTS_LED)
    with pytest.raises(ValueError):
        s.apply("play JD")
    with pytest.raises(ValueError):
        s.apply("nonsense")
    with pytest.raises(ValueError):
        rules.load("no_such_rules")


def test_a_stuck_dealer_who_passes_is_told_the_rule():
    from euchre_lessons import HandState, deal, rules

    s = HandState.start(deal(rules.load("standard").replace(stick_the_dealer=True), seed=3))
    for _ in range(7):
        s = s.apply("pass")
    with pytest.raises(IllegalActionError) as err:
        s.apply("pass")
    assert "stick the dealer" in str(err.value) and "K5" in str(err.value)


def test_a_card_listed_twice_in_one_hand_says_so():
    from euchre_lessons import Deal, DealError

    hands = ["9C 9C TC JC QC", "KC AC 9D TD JD", "QD KD AD 9H TH", "JH QH KH AH 9S"]
    with pytest.raises(DealError, match="9C is dealt twice in seat 0"):
        Deal.from_hands("standard", hands, upcard="TS")

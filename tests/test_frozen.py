"""frozen: the values built by hand refuse change as a frozen dataclass does (``Frozen``), and
keep their own equality, hashing and ``repr``; the records and teaching values built as
dataclasses are frozen too."""
from __future__ import annotations

import dataclasses
import pickle

import pytest

from euchre_lessons import game
from euchre_lessons.actions import Action
from euchre_lessons.cards import Card
from euchre_lessons.deals import Deal, deal
from euchre_lessons.frozen import Frozen
from euchre_lessons.hand.state import HandState
from euchre_lessons.hand.view import SeatView
from euchre_lessons.players import RandomPlayer
from euchre_lessons.probability import Estimate, events
from euchre_lessons.teaching.compare import RuleComparison
from euchre_lessons.teaching.session import PlaySession
from euchre_lessons.teaching.timeline import Timeline


def _in_play(s: HandState) -> HandState:
    """The first state of play reached by first choices."""
    while s.play_setting is None:
        s = s.apply(s.legal_actions()[0])
    return s


def _values() -> dict:
    """Each kind of value, made twice the same way: ``(one, the same made again)``."""
    d = deal("hoyle_railroad", seed=3)
    s = HandState.start(d)
    event = events.dealer(events.holds_joker) | events.upcard_is_joker
    play_setting = _in_play(s).play_setting
    return {
        "Card": (Card.parse("JH"), Card.parse("jh")),
        "Action": (Action.parse("play JH"), Action.parse("play jh")),
        "Deal": (d, Deal.parse(str(d))),
        "Event": (event, events.parse(event.code)),
        "Timeline": (Timeline.from_seed("standard", 7), Timeline.from_seed("standard", 7)),
        "PlaySession": (PlaySession("standard", seed=2), PlaySession("standard", seed=2)),
        "SeatView": (SeatView(s, 1), SeatView(s, 1)),
        "SeatView by state.view": (s.view(1), s.view(1)),
        "Estimate": (Estimate(3, 10, event="x"), Estimate(3, 10, event="x")),
        "GameRecord": tuple(game.play_game("standard", [RandomPlayer(seat) for seat in range(4)], seed=3)
                            for _ in range(2)),
        "RuleComparison": (RuleComparison("standard", "hoyle_ordinary", seed=4),) * 2,
        "PlaySetting": (play_setting, play_setting),
        "HandResult": (s.apply("pass").apply("pass").apply("pass").apply("pass").apply("pass").apply("pass")
                       .apply("pass").apply("pass").result(),) * 2,
    }


VALUES = _values()
# Equal when made the same way (and then of equal hash), or equal only to themselves.
BY_VALUE = ("Card", "Action", "Deal", "Event", "Timeline", "GameRecord", "HandResult")
BY_IDENTITY = ("PlaySession", "SeatView", "SeatView by state.view", "Estimate")


@pytest.mark.parametrize("kind", sorted(VALUES))
def test_a_value_refuses_assignment_and_deletion(kind):
    value = VALUES[kind][0]
    fields = [f.name for f in dataclasses.fields(value)] if dataclasses.is_dataclass(value) else \
        [name for kind in type(value).__mro__ for name in getattr(kind, "__slots__", ()) if not name.startswith("_")]
    assert fields
    for name in fields:
        before = getattr(value, name)
        with pytest.raises(dataclasses.FrozenInstanceError) as err:
            setattr(value, name, None)
        assert repr(name) in str(err.value)
        with pytest.raises(AttributeError):
            delattr(value, name)
        assert getattr(value, name) is before
    if isinstance(value, Frozen):  # (a slotted frozen dataclass raises TypeError here under Python 3.11)
        with pytest.raises(dataclasses.FrozenInstanceError):
            value.not_a_field = 1


@pytest.mark.parametrize("kind", BY_VALUE)
def test_values_made_alike_are_equal_with_equal_hashes(kind):
    one, again = VALUES[kind]
    assert one == again and hash(one) == hash(again)


@pytest.mark.parametrize("kind", BY_IDENTITY)
def test_views_sessions_and_estimates_are_equal_only_to_themselves(kind):
    one, again = VALUES[kind]
    assert one == one and one != again and hash(one) == hash(one)


def test_a_view_made_by_the_state_is_the_view_made_by_its_class():
    made, by_class = VALUES["SeatView by state.view"][0], VALUES["SeatView"][0]
    assert type(made) is SeatView and isinstance(made, Frozen)
    assert made._state is by_class._state and made.seat == by_class.seat == 1
    assert repr(made) == repr(by_class) and made.hand == by_class.hand and made.play_facts == by_class.play_facts


def test_reprs_are_as_they_were():
    v = VALUES
    assert repr(v["Card"][0]) == "Card('JH')" and hash(v["Card"][0]) == 35
    assert repr(v["Action"][0]) == "Action.parse('play JH')"
    assert repr(v["Deal"][0]) == ("Deal.parse('hoyle_railroad | dealer 0 | KD QH 9S JS JK / QC TD TH TS AS / "
                                  "TC JD AD 9H KH / 9C KC AC QD QS | up JH | rest JC 9D AH KS')")
    assert repr(v["Event"][0]) == "dealer(holds_joker) | upcard_is_joker"
    assert repr(v["Timeline"][0]) == "<Timeline standard: state 0 of 23, first round>"
    assert repr(v["PlaySession"][0]) == "<PlaySession standard: hand 1, you are North, score (0, 0)>"
    assert repr(v["SeatView"][0]) == "<SeatView seat 1: QC TD TH TS AS, first round>"
    assert repr(v["Estimate"][0]) == "Estimate(3, 10, event='x', rules='', seed=None, confidence=0.95)"


def test_interned_values_stay_interned_through_pickling_and_a_deal_round_trips():
    card, action, d = VALUES["Card"][0], VALUES["Action"][0], VALUES["Deal"][0]
    assert pickle.loads(pickle.dumps(card)) is card and pickle.loads(pickle.dumps(action)) is action
    assert pickle.loads(pickle.dumps(d)) == d and d.hands == Deal.parse(str(d)).hands


def test_the_hand_built_values_share_one_refusal():
    for kind in ("Card", "Action", "Deal", "Event", "Timeline", "PlaySession", "SeatView", "Estimate", "RuleComparison",
                 "PlaySetting"):
        assert isinstance(VALUES[kind][0], Frozen), kind
    with pytest.raises(dataclasses.FrozenInstanceError, match="its moves return a new timeline"):
        VALUES["Timeline"][0].cursor = 3
    with pytest.raises(dataclasses.FrozenInstanceError, match=r"play\(\), undo\(\) and next_hand\(\)"):
        VALUES["PlaySession"][0].human = 1
    with pytest.raises(dataclasses.FrozenInstanceError, match="goto, forward or back"):
        VALUES["RuleComparison"][0].left = None

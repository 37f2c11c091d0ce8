"""The fields of a state by name: what a hand fixes before play (``values.Fixed``), copied slot by
slot by name (``values.copy_fixed``); a state's own slots (``values.StateSlots``); the long way's
``Draft``; and every state of seeded hands holding its fields where its public names say.

``HandState`` keeps each field in a slot of its own, and what its hand fixed before play in one
``Fixed`` shared by every state of the hand's play. These tests hold the copies between them to
every name, so a field added in one place and not copied in another is found here, by name.
"""
from __future__ import annotations

import random

import pytest
from test_invariants import PRESETS, rule_set

from euchre_lessons import HandState, deal
from euchre_lessons.hand import play, shortcuts, steps, values
from euchre_lessons.hand.values import DRAFT_ONLY, FIXED_FIELDS, Fixed, FixedSlots, Setup, StateSlots, copy_fixed


class Mark:
    """A distinct value per field, named for messages."""

    def __init__(self, name):
        self.name = name

    def __repr__(self):
        return self.name


def test_what_a_hand_fixes_holds_every_setup_field_by_name():
    assert set(Setup._fields) <= set(FIXED_FIELDS)
    assert set(FIXED_FIELDS) | set(DRAFT_ONLY) == set(FixedSlots.__slots__)
    assert len(FixedSlots.__slots__) == len(set(FixedSlots.__slots__)) == len(FIXED_FIELDS) + len(DRAFT_ONLY)
    assert Fixed.__slots__ == () and StateSlots.__slots__ and HandState.__slots__ == ()
    assert steps.Draft is FixedSlots  # a draft becomes a Fixed by setting its class


def test_copy_fixed_copies_every_field_by_name():
    source = FixedSlots()
    for name in FIXED_FIELDS:
        setattr(source, name, Mark(name))
    copied = copy_fixed(source, FixedSlots())  # type: ignore[arg-type]
    for name in FIXED_FIELDS:
        assert getattr(copied, name) is getattr(source, name), name
    for name in DRAFT_ONLY:
        assert not hasattr(copied, name), name


def test_a_fixed_refuses_change_and_makes_its_setup_by_name():
    s = HandState.start(deal("standard", seed=3)).apply("order up")
    f = s._fixed
    assert type(f) is Fixed
    for name in FixedSlots.__slots__ + ("a_new_name",):
        with pytest.raises(AttributeError):
            setattr(f, name, None)
    for name in DRAFT_ONLY:  # a draft's own, unset once it is what the hand fixed
        assert not hasattr(f, name), name
    setup = f.setup
    assert type(setup) is Setup and setup == s.setup
    for name in Setup._fields:
        assert getattr(setup, name) == getattr(f, name), name


def states(name: str, hands: int = 30):
    rs = rule_set(name)
    rng = random.Random(f"state fields {name}")
    for k in range(hands):
        s = HandState.start(deal(rs, rng=rng, dealer=k % rs.players))
        yield s
        while not s.is_over:
            s = s.apply(rng.choice(s.legal_actions()))
            yield s


@pytest.mark.parametrize("name", PRESETS)
def test_a_states_fields_are_read_by_name(name):
    for s in states(name):
        assert type(s) is HandState and isinstance(s, values.StateSlots) and not hasattr(s, "__dict__")
        fields = s._d
        assert set(fields) == set(FIXED_FIELDS) | {"phase", "to_act", "turn", "trick", "tricks", "unplayed"}
        for name_ in Setup._fields:
            assert fields[name_] == getattr(s.setup, name_), name_
        assert (fields["phase"], fields["to_act"], fields["turn"], fields["trick"]) == (s.phase, s.to_act, s.turn, s.trick)
        assert fields["passed_mask"] == s.passed_mask and fields["deal"] is s.deal and fields["tables"] is s.tables
        assert s.is_over == (s.legal_actions() == ()) == (s.phase is s.phase.DONE)
        in_play = s.play_setting is not None
        assert (fields["log"] is None) == (not s.history or (in_play and s.steps[-1][1].kind in ("play", "call")
                                                              and len(s.steps) == s.played_mask.bit_count()))


@pytest.mark.parametrize("name", PRESETS)
def test_every_state_of_a_hands_play_shares_what_the_hand_fixed(name):
    for s in states(name, hands=10):
        if s.phase is s.phase.PLAY and s.legal_actions():
            after = s.apply(s.legal_actions()[0])
            assert after._fixed is s._fixed


@pytest.mark.parametrize("name", PRESETS)
def test_the_long_way_remakes_every_state_before_play(name):
    """A state before play, its last action applied the long way again to the state before it
    (a draft, the phase's ``apply_*``, frozen), is the state itself, field by field (a pass before
    the dealer's has only its short path)."""
    for s in states(name, hands=10):
        if s.play_setting is not None or not s.history:
            continue
        before = HandState.replay(s.deal, s.history[:-1])
        if shortcuts.short_path(before, s.history[-1]) is shortcuts.pass_on:
            continue
        d = steps.draft(before, s.history[-1])
        steps.APPLY[before.phase](d, s.history[-1])
        again = steps.freeze(d)
        again.__class__ = HandState
        assert (again._d, again._legal, again.is_over) == (s._d, s._legal, s.is_over), repr(s)


@pytest.mark.parametrize("name", PRESETS + ["jambone"])
def test_a_card_played_by_apply_is_the_card_played_by_its_plain_twin(name):
    """``HandState.apply`` writes ``play.play_card`` out for a card played: on every state of
    play, for every legal card, the two make the same state, field by field."""
    from euchre_lessons import rules

    rs = rules.load("hoyle_railroad_full").replace(jambone_requires_alone=False) if name == "jambone" \
        else rule_set(name)
    rng, compared = random.Random(f"twin {name}"), 0
    for k in range(40):
        s = HandState.start(deal(rs, rng=rng, dealer=k % rs.players))
        while not s.is_over:
            if s.phase is s.phase.PLAY:
                for action in s.legal_actions():
                    twin = play.play_card(s, action)
                    twin.__class__ = HandState
                    applied = s.apply(action)
                    assert (applied._d, applied._legal, applied.is_over) == (twin._d, twin._legal, twin.is_over)
                    assert applied._fixed is twin._fixed is s._fixed
                    compared += 1
            s = s.apply(rng.choice(s.legal_actions()))
    assert compared > 500


@pytest.mark.parametrize("name", PRESETS)
def test_a_state_made_plainly_is_the_state_made_by_setting_its_class(name):
    """A state is made by filling in its slots and setting its class (``hand.state``'s docstring
    says why); its plain twin, ``object.__setattr__`` on each slot of a new ``HandState``, makes
    the same state."""
    for s in states(name, hands=5):
        plain = object.__new__(HandState)
        for slot in StateSlots.__slots__:
            if hasattr(s, slot):
                object.__setattr__(plain, slot, getattr(s, slot))
        assert type(plain) is HandState and plain == s and hash(plain) == hash(s) and repr(plain) == repr(s)
        assert (plain._d, plain.legal_actions(), plain.is_over) == (s._d, s.legal_actions(), s.is_over)
        if not s.is_over:
            action = s.legal_actions()[-1]
            assert plain.apply(action)._d == s.apply(action)._d

"""The fields of a state by name: the places of ``values.FIELDS``, the written-out copies between
a state and its ``Draft``, the unpackings of a card played and of the short paths, and the slots
a state keeps beside its fields.

``HandState`` keeps its fields in one plain tuple, read by named places (``data[PHASE]``); the
draft of the long way unpacks that tuple and its setup into named attributes, written out in
``state._draft`` and packed again in ``state._fields``; ``play.play_card`` and the short paths
before play (``shortcuts``) unpack it into names, once a step. These tests hold each to the
order it claims, so a field added or moved in one place and not the other is found here, by name.
"""
from __future__ import annotations

import ast
import inspect
import random
import textwrap

import pytest
from test_invariants import PRESETS, rule_set

from euchre_lessons import HandState, deal
from euchre_lessons.hand import play, shortcuts, values
from euchre_lessons.hand import state as st
from euchre_lessons.hand.values import FIELDS, PHASE, SETUP, SETUP_INDEX, TO_ACT, TRICK, TURN, Setup


def test_each_place_is_named_after_its_field():
    for i, name in enumerate(FIELDS):
        assert getattr(values, name.lstrip("_").upper()) == i, name
    assert len(FIELDS) == len(set(FIELDS)) == values.LOG + 1


def test_a_draft_has_each_field_and_setup_field_by_name_and_packs_back_in_order():
    class Mark:  # a distinct value per field, named for messages
        def __init__(self, name):
            self.name = name

        def __repr__(self):
            return self.name

    setup = tuple(Mark(f"setup.{name}") for name in Setup._fields)
    data = tuple(setup if name == "setup" else Mark(name) for name in FIELDS)
    log = Mark("the new log")
    d = st._draft(data, log)
    for i, name in enumerate(FIELDS):
        expected = log if name == "_log" else data[i]
        assert getattr(d, name) is expected, name
    for i, name in enumerate(Setup._fields):
        assert getattr(d, name) is setup[i], name
        assert getattr(SETUP_INDEX, name) == i
    packed = st._fields(d)
    assert packed[:SETUP] == data[:SETUP] and packed[SETUP + 1:-1] == data[SETUP + 1:-1] and packed[-1] is log
    assert packed[SETUP] == setup and type(packed[SETUP]) is tuple  # kept plain, as a state keeps it


UNPACKING = (play.play_card, shortcuts.pass_on, shortcuts.no_jambone, shortcuts.no_defence, shortcuts.accept,
             shortcuts.decide_alone, shortcuts.discard_into_play, shortcuts.alone_into_exchange, shortcuts.give_into_jambone)


def _unpackings(function) -> list:
    """The assignments in ``function`` that unpack a state's fields (``data`` or ``s._d``) into
    names (a draft's into its attributes, ``state._draft``, is held above)."""
    tree = ast.parse(textwrap.dedent(inspect.getsource(function)))
    return [node for node in ast.walk(tree) if isinstance(node, ast.Assign) and ast.unparse(node.value) in ("data", "s._d")
            and isinstance(node.targets[0], ast.Tuple) and all(isinstance(x, ast.Name) for x in node.targets[0].elts)]


@pytest.mark.parametrize("function", UNPACKING, ids=lambda f: f.__name__)
def test_a_step_unpacks_the_fields_once_by_their_names_in_order(function):
    """A card played and the short paths read the fields by unpacking them (faster than a read
    at each named place): once, each name its field's, in the order of FIELDS (a leading
    underscore dropped)."""
    unpacked = _unpackings(function)
    assert len(unpacked) == 1, f"{function.__name__} unpacks the fields once"
    names = [target.id for target in unpacked[0].targets[0].elts]  # type: ignore[attr-defined]
    assert names == [name.lstrip("_") for name in FIELDS]


def test_every_unpacking_of_the_fields_is_held_here():
    for module in (play, shortcuts, st):
        for name, function in inspect.getmembers(module, inspect.isfunction):
            if function.__module__ == module.__name__ and _unpackings(function):
                assert function in UNPACKING, f"{module.__name__}.{name} unpacks the fields: add it to UNPACKING"


def test_a_card_played_packs_the_next_fields_in_full():
    tree = ast.parse(textwrap.dedent(inspect.getsource(play.play_card)))
    packed = [node.value for node in ast.walk(tree) if isinstance(node, ast.Assign)
              and any(isinstance(t, ast.Attribute) and t.attr == "_d" for t in node.targets)]
    assert len(packed) == 2 and all(len(p.elts) == len(FIELDS) for p in packed)  # type: ignore[attr-defined]


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
def test_a_states_slots_are_its_fields(name):
    for s in states(name):
        data = s._d
        assert len(data) == len(FIELDS) and type(data[SETUP]) is tuple
        assert (s.phase, s.to_act, s.turn, s.trick) == (data[PHASE], data[TO_ACT], data[TURN], data[TRICK]), repr(s)
        assert s.is_over == (s.legal_actions() == ()) == (s.phase is s.phase.DONE)
        assert type(s) is HandState and isinstance(s, values.StateSlots) and not hasattr(s, "__dict__")


@pytest.mark.parametrize("name", PRESETS)
def test_the_long_way_remakes_every_state(name):
    """A state drafted and frozen again is equal to itself, field by field."""
    for s in states(name, hands=10):
        again = st._freeze(st._draft(s._d, s._d[values.LOG]))
        assert (again._d, again._legal, again.is_over) == (s._d, s._legal, s.is_over), repr(s)
        assert type(again) is HandState

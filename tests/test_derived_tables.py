"""Derived tables (``RuleSet.derived``, ``hand.tables.tables_of``): built once per set of knob
values and shared by every equal rule set, whatever its name, so flipping a knob back and forth
builds nothing new and keeps nothing alive; at most ``rules.SHARED_TABLES`` are kept; and a rule
set still pickles as its knobs alone (the memo of its tables is not pickled).
"""
from __future__ import annotations

import copy
import gc
import pickle

import pytest

from euchre_lessons import HandState, RuleSet, deal, rules
from euchre_lessons.hand.tables import Tables, tables_of
from euchre_lessons.knobs import KNOBS

FLIPS = 2000
BOUND = 8  # Tables objects the flipping may add to those alive before it


def live_tables() -> list:
    gc.collect()
    return [o for o in gc.get_objects() if type(o).__name__ == "Tables"]


def fresh(preset: str, name: str | None = None) -> RuleSet:
    """A rule set equal to a preset, made anew (its memo empty): what a notebook makes with
    ``replace``. (``rules.load`` returns the same object every time, whose memo may hold tables
    from before an eviction: see the xfail test at the end.)"""
    return rules.load(preset).replace(name=name or preset)


def flip(preset: str, knob: str) -> None:
    """Flip ``knob`` of ``preset`` ``FLIPS`` times, starting a hand and playing a few actions
    under each rule set; each value's ``Tables`` is the one built the first time."""
    before = live_tables()
    r = fresh(preset, f"{preset}, flipped")
    start = getattr(r, knob)
    first = {start: tables_of(r)}
    for i in range(FLIPS):
        r = r.replace(**{knob: not getattr(r, knob)})
        s = HandState.start(deal(r, seed=i, dealer=i % r.players))
        for _ in range(3 + i % 5):
            if s.is_over:
                break
            s = s.apply(s.legal_actions()[i % len(s.legal_actions())])
        assert s.rules is r and getattr(s.rules, knob) is (not start if i % 2 == 0 else start)
        t = first.setdefault(getattr(r, knob), tables_of(r))
        assert tables_of(r) is t and s.tables is t, f"flip {i} built a new Tables"
        assert t.rules.values() == r.values()
        assert len(rules._SHARED) <= rules.SHARED_TABLES
    del s, r
    after = live_tables()
    assert len(after) <= len(before) + BOUND, f"{len(after) - len(before)} Tables left alive by {FLIPS} flips of {knob}"
    known = {id(t) for t in before}
    new = [t for t in after if id(t) not in known]
    assert len(new) <= 2 and all(any(t is x for x in first.values()) for t in new), [t.rules.name[:40] for t in new]
    assert len(rules._SHARED) <= rules.SHARED_TABLES


def test_flipping_laps_on_hoyle_railroad_keeps_few_tables():
    flip("hoyle_railroad", "laps")


def test_flipping_stick_the_dealer_on_standard_keeps_few_tables():
    flip("standard", "stick_the_dealer")


def test_the_shared_tables_are_bounded():
    """Many different rule sets: the oldest shared tables are let go, never more than the bound."""
    r = rules.load("standard")
    for target in range(1, rules.SHARED_TABLES + 40):
        t = tables_of(r.replace(game_target=target))
        assert isinstance(t, Tables) and t.rules.game_target == target
        assert len(rules._SHARED) <= rules.SHARED_TABLES
    before = len(live_tables())
    for target in range(100, 100 + 3 * rules.SHARED_TABLES):
        HandState.start(deal(r.replace(game_target=target), seed=target))
    assert len(live_tables()) <= before + BOUND
    assert len(rules._SHARED) <= rules.SHARED_TABLES


@pytest.mark.parametrize("preset", rules.names())
def test_equal_rule_sets_share_one_tables_whatever_their_names(preset):
    a = fresh(preset)
    renamed = a.replace(name="our kitchen table")
    rebuilt = RuleSet(name="typed in", **{k.name: v for k, v in zip(KNOBS, a.values())})
    there_and_back = a.replace(game_target=a.game_target + 1).replace(game_target=a.game_target)
    for b in (renamed, rebuilt, there_and_back, pickle.loads(pickle.dumps(a)), copy.deepcopy(a)):
        assert b.values() == a.values()
        assert tables_of(b) is tables_of(a), b.name
        assert HandState.start(deal(b, seed=3)).tables is tables_of(a)


def test_unequal_rule_sets_do_not_share():
    presets = [rules.load(n) for n in rules.names()]
    standard = rules.load("standard")
    changed = [standard.replace(stick_the_dealer=True), standard.replace(laps=True), standard.replace(game_target=11),
               rules.load("hoyle_railroad").replace(laps=not rules.load("hoyle_railroad").laps)]
    all_sets = presets + changed
    tables = [tables_of(r) for r in all_sets]
    assert len({id(t) for t in tables}) == len(all_sets)
    for r, t in zip(all_sets, tables):
        assert t.rules.values() == r.values()


@pytest.mark.parametrize("preset", rules.names())
def test_a_rule_set_pickles_to_an_equal_one_without_its_tables(preset):
    for r in (rules.load(preset), fresh(preset), rules.load(preset).replace(game_target=rules.load(preset).game_target + 1)):
        HandState.start(deal(r, seed=1))  # fill the memo: the hand's tables, the deal's layouts
        assert r._memo, "the memo was not filled"
        data = pickle.dumps(r)
        assert b"Tables" not in data and b"_memo" not in data
        back = pickle.loads(data)
        assert back == r and back.name == r.name and back.values() == r.values() and repr(back) == repr(r)
        assert back._memo == {} and back is not r
        if r is not rules.load(preset):  # (a loaded preset may hold tables from before an eviction)
            assert tables_of(back) is tables_of(r)  # shared again once asked for
        assert tables_of(back).rules.values() == r.values()
        assert pickle.loads(pickle.dumps(back)) == r


def test_a_rule_set_alive_through_an_eviction_still_shares():
    kept = fresh("standard", "kept through an eviction")
    table = tables_of(kept)
    base = fresh("standard", "pushing")
    for target in range(500, 501 + rules.SHARED_TABLES):
        tables_of(base.replace(game_target=target))
    later = fresh("standard", "made after the eviction")
    assert tables_of(later) is table

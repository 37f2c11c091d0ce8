"""Curated teaching deals in data/deals/: each parses, prints back as written, and its facts and
exact chances hold (rule book B-O5, C, D10, D12, D-20, D-25 are what they illustrate)."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from euchre_lessons import Deal, NotationError, rules
from euchre_lessons.constrained import load_teaching_deal, teaching_deal_names, teaching_deals
from euchre_lessons.probability import exact

NAMES = teaching_deal_names()
DEALS_DIR = Path(__file__).resolve().parents[1] / "data" / "deals"


def test_there_are_curated_deals_for_old_and_modern_games():
    assert len(NAMES) >= 6
    presets = {t.deal.rules.name for t in teaching_deals()}
    assert {"modern_railroad", "hoyle_railroad_full", "hoyle_seven_handed"} <= presets


@pytest.mark.parametrize("name", NAMES)
def test_the_deal_is_written_in_its_one_line_notation(name):
    t = load_teaching_deal(name)
    assert str(t.deal) == t.deal.__str__() == str(Deal.parse(str(t.deal)))
    raw = (DEALS_DIR / f"{name}.toml").read_text(encoding="utf-8")
    assert f'deal = "{t.deal}"' in raw, "write the deal exactly as str(deal) prints it"
    assert t.deal.rules.name in rules.names()


@pytest.mark.parametrize("name", NAMES)
def test_it_says_what_it_shows(name):
    t = load_teaching_deal(name)
    assert t.title.strip() and len(t.shows.split()) >= 20
    assert not re.findall(r"\b(?:[2-9TJQKA][CDHS]|JK)\b", t.title + t.shows), "a deal's description names cards in words"
    assert t.title in t._repr_html_()


@pytest.mark.parametrize("name", NAMES)
def test_its_facts_hold(name):
    t = load_teaching_deal(name)
    assert t.facts
    for fact in t.facts:
        assert fact.event(t.deal) == fact.holds, f"{name}: {fact.event.name} should be {fact.holds}"


@pytest.mark.parametrize("name", NAMES)
def test_its_chances_are_exact(name):
    t = load_teaching_deal(name)
    for chance in t.chances:
        got = exact(t.deal.rules, chance.event, known=chance.known(t.deal))
        assert got == chance.exact, f"{name}: seat {chance.seat}, {chance.event.name}: {got}"


def test_two_jamborees_in_seven_cards():
    t = load_teaching_deal("two_jamborees")
    assert sorted(map(str, t.deal.hand(1))) == sorted("JK JH JD AH KH AD KD".split())


@pytest.mark.parametrize("text, named", [
    ('title = "x"\nshows = "y"\n', "'deal'"),
    ('title = "x"\nshows = "y"\ndeal = "standard | dealer 0 | nonsense"\n'
     '[[facts]]\nevent = "holds_joker"\nholds = true\n', "nonsense"),
    ('title = "x"\nshows = "y"\ndeal = "{deal}"\n', "[[facts]]"),
    ('title = "x"\nshows = "y"\ndeal = "{deal}"\n[[facts]]\nevent = "holds_joker"\nholds = true\n', "seat(0, holds_joker)"),
    ('title = "x"\nshows = "y"\ndeal = "{deal}"\n[[facts]]\nevent = "holds_jokr"\nholds = true\n', "holds_jokr"),
])
def test_a_bad_file_is_refused_naming_the_file_and_the_problem(tmp_path, text, named):
    path = tmp_path / "bad_deal.toml"
    path.write_text(text.replace("{deal}", str(load_teaching_deal(NAMES[0]).deal)), encoding="utf-8")
    with pytest.raises(NotationError) as err:
        load_teaching_deal(path)
    assert "bad_deal.toml" in str(err.value) and named in str(err.value)

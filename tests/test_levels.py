"""The levels a class chooses are distinct players, and the play table's Computer menu says how
much stronger each measured, read back against the stored strength tables."""
from __future__ import annotations

import random
import re

import pytest

from euchre_lessons import HandState, deal, rules
from euchre_lessons.hand.phases import Phase
from euchre_lessons.players import ClubPlayer, RuleOfThumbPlayer, make
from euchre_lessons.teaching import panels
from euchre_lessons.teaching import strength as T
from euchre_lessons.teaching.strength import StrengthTable


def _differences(preset: str, deals: int = 300) -> tuple:
    """(decisions with a choice, those where the club player and the rule of thumb differ, the
    phases they differ in), the hands played on by the rule of thumb."""
    rs = rules.load(preset)
    total, differ, phases = 0, 0, set()
    for i in range(deals):
        s = HandState.start(deal(rs, rng=random.Random(f"club:{i}"), dealer=i % rs.players))
        club, thumb = ClubPlayer(i), RuleOfThumbPlayer(i)
        while not s.is_over:
            v = s.view(s.to_act)
            a = thumb.choose(v)
            if len(v.legal_actions()) > 1:
                total += 1
                if club.choose(v) != a:
                    differ += 1
                    phases.add(v.phase)
            s = s.apply(a)
    return total, differ, phases


@pytest.mark.parametrize("preset", rules.names())
def test_the_club_player_and_the_rule_of_thumb_choose_differently_in_every_preset(preset):
    # over 300 seeded deals: 7 to 28 of some 5,000 to 15,000 decisions with a choice differ
    total, differ, phases = _differences(preset)
    assert total > 4000 and 0 < differ < total // 50
    assert phases <= {Phase.ROUND2, Phase.PLAY}  # only where its two habits act: calling next, the lead back
    assert type(make("club", 1)) is ClubPlayer and type(make("rule_of_thumb", 1)) is RuleOfThumbPlayer


def test_without_its_habits_the_club_player_is_the_rule_of_thumb_in_the_bidding():
    rs = rules.load("standard")
    for i in range(200):
        s = HandState.start(deal(rs, rng=random.Random(f"bid:{i}"), dealer=i % 4))
        plain, thumb = ClubPlayer(i, next_bonus=0), RuleOfThumbPlayer(i)
        while s.phase is not Phase.PLAY and not s.is_over:
            v = s.view(s.to_act)
            assert plain.choose(v) == thumb.choose(v)
            s = s.apply(thumb.choose(v))


# ---- the menu's words, read back against the stored tables ------------------------------------------

_LABEL = re.compile(r"^(?P<name>[a-z ]+): about (?P<x>\d+\.\d{2,3}) points a hand (?P<way>more|less) than the beginner"
                    r"(, (?P<y>\d+\.\d{2,3}) more than (?P<below>[a-z -]+) head to head)?$")
_SAME = re.compile(r"^(?P<name>[a-z ]+): no measurable difference from the beginner \((?P<x>[+-]\d+\.\d{2,3}) a hand, "
                   r"± (?P<h>\d+\.\d{2,3})\)$")


def _margin(table, preset, a, b):
    for x, y, sign in ((a, b, 1), (b, a, -1)):
        p = table.pair(preset, x, y)
        if p is not None:
            return sign * p["points"][0], p["points"][1], p["deals"]
    return None


@pytest.mark.parametrize("preset", StrengthTable.stored().presets())
def test_the_menu_labels_say_the_stored_margin_over_the_beginner(preset):
    table = T.stored_levels()
    options = panels.level_choices("rule_of_thumb", preset)
    assert [v for _, v in options] == list(T.MENU) == ["beginner", "rule_of_thumb", "club", "expert"]
    assert options[0][0] == "beginner"
    for label, level in options[1:]:
        mean, half, _ = _margin(table, preset, level, "beginner")  # every level was measured against the beginner
        m = _LABEL.match(label) or _SAME.match(label)
        assert m is not None, label
        assert m["name"] == T.MENU[level]
        if "way" in m.groupdict():
            assert mean - half > 0 or mean + half < 0  # told as a difference only when the interval shows one
            assert m["x"] == f"{abs(mean):.{3 if abs(mean) < 0.05 else 2}f}" and (m["way"] == "more") == (mean > 0)
            if m["y"]:  # said where a weaker player gains more from the beginner: the head-to-head margin
                below = list(T.MENU)[list(T.MENU).index(level) - 1]
                head = _margin(table, preset, level, below)
                assert m["below"] == T.name_of(below) and head[0] - head[1] > 0 and m["y"] == f"{head[0]:.2f}"
        else:
            assert mean - half <= 0 <= mean + half and m["x"] == f"{mean:+.{3 if abs(mean) < 0.05 else 2}f}"


@pytest.mark.parametrize("preset", StrengthTable.stored().presets())
def test_the_line_beside_the_menu_gives_each_levels_intervals_from_the_stored_tables(preset):
    table = T.stored_levels()
    below = {"rule_of_thumb": ["beginner"], "club": ["beginner", "rule_of_thumb"], "expert": ["beginner", "club"]}
    for level, others in below.items():
        note = panels.level_note(level, preset)
        assert note.startswith(f"The computer plays at the {T.MENU[level]} level: it ")
        for other in others:
            mean, half, deals = _margin(table, preset, level, other)
            d = 3 if min(abs(mean), abs(mean - half), abs(mean + half)) < 0.005 or abs(mean) < 0.05 else 2
            assert f"95% interval {mean - half:+.{d}f} to {mean + half:+.{d}f})" in note
            assert f"{deals:,}" in note
        assert not re.search(r"[+-]0\.00\b", note)  # an end near zero keeps its sign: three decimals
        shown = re.findall(r"about (\d+\.\d{2,3}) points a hand (more|less) than ([a-z -]+) \(", note)
        assert len(shown) + note.count("scores no measurably more or less than") == len(others)
        assert f"Measured in {rules.load(preset).title}, it scores " in note


def _record(pairs, rates=None):
    rates = rates or {}
    return {"version": 1, "preset": "standard", "hands": 10, "games": 0, "seed": "0", "processes": 1,
            "seconds": 1.0, "stopped": False, "memory": {"peak": 1, "first": [], "last": []},
            "pairs": [{"a": a, "b": b, "deals": 100, "points": pts, "games": 0, "wins": [None, None],
                       "rates": rates.get((a, b), {}), "times": {}} for a, b, pts in pairs]}


def _rates(x, made, other, other_made, other_euchred):
    return {x: {"made": made, "alone": 0.2, "euchred": 0.1, "defend alone": 0.0},
            other: {"made": other_made, "alone": 0.2, "euchred": other_euchred, "defend alone": 0.0}}


def test_an_expert_that_gains_less_from_the_beginner_than_the_club_player_is_told_why():
    rates = {("club", "beginner"): _rates("club", 0.44, "beginner", 0.55, 0.43),
             ("expert", "beginner"): _rates("expert", 0.75, "beginner", 0.25, 0.62)}
    table = StrengthTable([_record([("club", "beginner", [2.6, 0.3]), ("expert", "beginner", [2.4, 0.2]),
                                    ("expert", "club", [1.1, 0.2])], rates)])
    assert T.menu_label(table, "standard", "expert") == \
        "expert: about 2.40 points a hand more than the beginner, 1.10 more than the club player head to head"
    words = T.level_words(table, "standard", "expert")
    assert "The expert beats the club player head to head (+1.10 a hand), yet gains less from the beginner " \
           "(+2.40 a hand, against +2.60 for the club player)" in words
    assert words.endswith("; the two margins' intervals overlap, so the run does not show that it truly gains less.")
    assert "its side made trump in 75% of the hands against the beginner, the club player's in 44%" in words
    assert "the beginner made trump and was euchred in 16% of the hands against the expert, in 24% against the club " \
           "player" in words
    assert sum("yet gains less from the beginner" in x for x in table.sentences("standard")) == 1  # lesson 08's words
    assert not any(re.search(r"[+-]0\.00\b", x) for p in T.stored_levels().presets()
                   for x in T.stored_levels().sentences(p))
    ordered = StrengthTable([_record([("club", "beginner", [2.4, 0.3]), ("expert", "beginner", [2.6, 0.2]),
                                      ("expert", "club", [1.1, 0.2])], rates)])
    assert "gains less" not in T.level_words(ordered, "standard", "expert")  # no puzzle, no note
    assert T.menu_label(ordered, "standard", "expert") == "expert: about 2.60 points a hand more than the beginner"


def test_a_preset_not_measured_says_so_and_its_menu_carries_the_names_only():
    table = StrengthTable([_record([("club", "beginner", [0.3, 0.1])])])
    assert T.level_words(table, "hoyle_railroad", "club") == "The levels were not measured in Railroad Euchre (Foster)."
    assert T.menu_label(table, "hoyle_railroad", "club") == "club"
    assert T.menu_label(table, "standard", "club") == "club: about 0.30 points a hand more than the beginner"
    assert T.menu_label(table, "standard", "rule_of_thumb") == "rule of thumb"  # no pairing stored: no figure
    assert T.menu_label(None, "standard", "expert") == "expert"


def test_rules_changed_from_a_preset_are_not_claimed_as_measured():
    changed = rules.load("standard").replace(stick_the_dealer=True)
    assert panels.level_note("club", changed).endswith("The levels were not measured under these rules.")
    assert [label for label, _ in panels.level_choices("club", changed)] == ["beginner", "rule of thumb", "club",
                                                                               "expert"]

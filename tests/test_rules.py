"""Rule sets as data: presets, extends, validation, diff, knob documentation (rule book F, J, K)."""
from __future__ import annotations

import dataclasses
import re
import tomllib
import warnings
from pathlib import Path

import pandas as pd
import pytest

from euchre_lessons import RuleSet, RuleSetError, RuleSetWarning, rules
from euchre_lessons.knobs import KNOBS
from euchre_lessons.teaching import divergence

ROOT = Path(__file__).resolve().parents[1]
PRESET_DIR = ROOT / "data" / "rules"
SEVEN = ["hoyle_ordinary", "standard", "hoyle_railroad", "hoyle_railroad_full", "modern_railroad",
         "modern_railroad_6p", "hoyle_seven_handed"]
BOOKKEEPING = {"provisional", "title", "description"}


def write(tmp_path, name, text) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


# ---- the presets and what rule book says they are ----------------------------------------

# Every preset shares these (K2: no preset lets the dealer discard the turn-up; K5: no stick the
# dealer; K24: tie_at_target in every preset; A4/D-6: the turned-down suit is not named).
COMMON = dict(dealer_may_discard_upcard=False, stick_the_dealer=False,
              tie_at_target="higher_total_wins_else_play_on", round2_may_name_turned_suit=False,
              trump_order="standard", lone_eligibility="maker_only")

# Section A and J1; the A7 table; A-1 (Foster: lone euchre 2); A8 (game 5); A2 (ace low).
HOYLE_ORDINARY = dict(
    COMMON, players=4, pack="32", joker=False, deal_packets=(2, 3), cut_ranking="ace_low", game_target=5,
    bidding="turn_up", partners_best="none", lone_against=False, scoring="fixed", make_points=1,
    march_points=2, euchre_points=2, lone_make_points=1, lone_march_points=4, lone_euchre_points=2,
    laps=False, slams=False, pat_hand_rule=False, jambone=False, jamboree=False, provisional=())

# The preset table: "A (with the 24-card deck and game 10)".
STANDARD = dict(HOYLE_ORDINARY, pack="24", game_target=10)

# Section B and J2 (B1 25 cards; B2 agreed suit hearts; B-1, B-3, B-5; K9 partners' best optional,
# lone against on; K4 dealer_may_pass_it in B; K: lone_euchre_points applies in B too).
HOYLE_RAILROAD = dict(
    HOYLE_ORDINARY, pack="24", joker=True, joker_turnup_rule="agreed_suit", joker_turnup_suit="hearts",
    partners_best="optional", partner_best_policy="highest_trump_then_highest_plain",
    suit_tiebreak=("clubs", "diamonds", "hearts", "spades"), dealer_partner_loner_turnup="dealer_may_pass_it",
    lone_against=True, lone_against_priority="first_in_turn_from_lone_players_left",
    railroad_lone_euchre_4_scope="vs_lone_defender_only")

# B-O1 to B-O5 all on, with the recommended readings B-6, B-8, B-10, B-12/K22, B-13, K19, K20.
HOYLE_RAILROAD_FULL = dict(
    HOYLE_RAILROAD, laps=True, lap_overflow="iterate", slams=True, pat_hand_rule=True,
    pat_hand_three_four="adversaries_1_only", jambone=True, jambone_requires_alone=True,
    jambone_card_chooser="left_calls_lead_right_calls_follow", jambone_euchre_penalty="defenders_plus_2",
    jamboree=True, jamboree_requires_maker=True, jamboree_scoring="ends_hand_16")

# Section D and J3 (D-2, D-3, D-4, D-5, D-6, D-7, D-12, D-13, D-15, D-16, D-17, D-19, D-22, K22, D13).
MODERN = dict(
    COMMON, players=4, pack="32", joker=True, deal_packets=(2, 3, 2), kitty="remainder",
    cut_ranking="ace_high", game_target=64, bidding="turn_up", joker_turnup_rule="no_trump_hand",
    joker_no_trump_play="trump_of_one", partners_best="always",
    partner_best_policy="highest_trump_then_highest_plain", dealer_partner_loner_turnup="unused",
    lone_against=True, lone_against_priority="first_in_turn_from_lone_players_left", scoring="per_trick",
    lone_against_scoring="defender_triple_only", jambone=True, jambone_requires_alone=True,
    jambone_card_chooser="left_calls_lead_right_calls_follow", jambone_points="28", jamboree=True,
    jamboree_requires_maker=False, jamboree_scoring="bonus_16_added", laps=False, slams=False,
    pat_hand_rule=False, provisional=())

# J4, D-1, D-11, D-19.
MODERN_6P = dict(
    MODERN, players=6, deal_packets=(2, 3), lone_against_6p="one_on_one", maker_threshold_6p="majority",
    defender_scoring_6p="each_team_own_tricks", jambone_fail_recipient_6p="teams_that_took_a_trick")

# Section C, J5, K29-K31; every reconstructed knob marked provisional.
SEVEN_HANDED = dict(
    COMMON, players=7, pack="52", joker=True, deal_packets=(3, 4), bidding="auction", scoring="auction",
    seven_widow="maker_takes", seven_partners="maker_names_three", seven_deals=7, seven_bid_scoring="each_player",
    partners_best="none",
    lone_against=False, laps=False, slams=False, jambone=False, jamboree=False)

EXPECTED = {
    "hoyle_ordinary": HOYLE_ORDINARY, "standard": STANDARD, "hoyle_railroad": HOYLE_RAILROAD,
    "hoyle_railroad_full": HOYLE_RAILROAD_FULL, "modern_railroad": MODERN, "modern_railroad_6p": MODERN_6P,
    "hoyle_seven_handed": SEVEN_HANDED,
}
SEVEN_PROVISIONAL = {"deal_packets", "bidding", "scoring", "seven_widow", "seven_partners", "seven_deals",
                     "seven_bid_scoring"}


def test_names_lists_the_seven_presets():
    assert rules.names() == sorted(SEVEN)


@pytest.mark.parametrize("preset", SEVEN)
def test_every_preset_loads(preset):
    r = rules.load(preset)
    assert isinstance(r, RuleSet)
    assert r.name == preset
    assert r.title and r.description
    assert rules.load(r) is r


@pytest.mark.parametrize("preset", SEVEN)
def test_preset_values_match_the_rule_book(preset):
    r = rules.load(preset)
    wrong = {k: (getattr(r, k), v) for k, v in EXPECTED[preset].items() if getattr(r, k) != v}
    assert not wrong, f"{preset}: knob: (preset value, rule book value): {wrong}"


def test_the_seven_handed_reconstruction_is_marked_provisional():
    assert set(rules.load("hoyle_seven_handed").provisional) == SEVEN_PROVISIONAL


@pytest.mark.parametrize("preset, hand_size, teams, cards", [
    ("hoyle_ordinary", 5, 2, 32), ("standard", 5, 2, 24), ("hoyle_railroad", 5, 2, 25),
    ("hoyle_railroad_full", 5, 2, 25), ("modern_railroad", 7, 2, 33), ("modern_railroad_6p", 5, 3, 33),
    ("hoyle_seven_handed", 7, 7, 53),
])
def test_derived_sizes(preset, hand_size, teams, cards):
    r = rules.load(preset)
    assert (r.hand_size, r.teams, len(r.cards)) == (hand_size, teams, cards)


# ---- extends ---------------------------------------------------------------------------

def _preset_file(name) -> dict:
    return tomllib.loads((PRESET_DIR / f"{name}.toml").read_text(encoding="utf-8"))


@pytest.mark.parametrize("preset", [p for p in SEVEN if "extends" in _preset_file(p)])
def test_a_preset_that_extends_lists_only_its_differences(preset):
    data = _preset_file(preset)
    child, parent = rules.load(preset), rules.load(data["extends"])
    listed = set(data) - {"extends"}
    for knob in rules.knob_names():
        if knob not in listed:
            assert getattr(child, knob) == getattr(parent, knob), knob
    differing = {k for k in rules.knob_names() if getattr(child, k) != getattr(parent, k)}
    assert differing, f"{preset} differs from its parent in nothing"
    assert differing <= listed


def test_a_file_extending_a_preset_changes_only_what_it_lists(tmp_path):
    path = write(tmp_path, "railroad_ten.toml", 'extends = "hoyle_railroad"\ngame_target = 10\n')
    r = rules.load(path)
    assert r.name == "railroad_ten"
    assert r.game_target == 10
    assert list(rules.diff("hoyle_railroad", r)["knob"]) == ["game_target"]


def test_a_file_may_extend_another_file(tmp_path):
    write(tmp_path, "base.toml", 'extends = "standard"\nlaps = true\n')
    path = write(tmp_path, "child.toml", 'extends = "base.toml"\nslams = true\n')
    r = rules.load(path)
    assert (r.laps, r.slams, r.game_target) == (True, True, 10)


def test_extends_a_missing_preset_is_an_error_naming_it(tmp_path):
    path = write(tmp_path, "orphan.toml", 'extends = "modern_railroad_8p"\n')
    with pytest.raises(RuleSetError) as err:
        rules.load(path)
    message = str(err.value)
    assert "orphan.toml" in message
    assert "modern_railroad_8p" in message


def test_a_cycle_in_extends_is_an_error_naming_the_files(tmp_path):
    write(tmp_path, "a.toml", 'extends = "b.toml"\nlaps = true\n')
    write(tmp_path, "b.toml", 'extends = "a.toml"\nslams = true\n')
    with pytest.raises(RuleSetError) as err:
        rules.load(tmp_path / "a.toml")
    message = str(err.value)
    assert "a.toml" in message and "b.toml" in message
    assert "extends" in message


def test_a_file_extending_itself_is_a_cycle(tmp_path):
    path = write(tmp_path, "me.toml", 'extends = "me.toml"\n')
    with pytest.raises(RuleSetError, match="me.toml"):
        rules.load(path)


# ---- a frozen value; replace ------------------------------------------------------------

def test_rule_sets_are_frozen():
    r = rules.load("standard")
    with pytest.raises(dataclasses.FrozenInstanceError):
        r.laps = True
    assert r.laps is False
    assert hash(r) == hash(rules.load("standard"))


def test_the_fields_of_ruleset_are_the_knobs():
    fields = {f.name for f in dataclasses.fields(RuleSet) if f.compare} - {"name"}
    assert fields == {k.name for k in KNOBS}


def test_replace_returns_a_new_checked_rule_set():
    r = rules.load("hoyle_railroad")
    laps = r.replace(laps=True)
    assert laps.laps is True and r.laps is False
    assert [k for k in rules.knob_names() if getattr(laps, k) != getattr(r, k)] == ["laps"]
    full = r.replace(laps=True, slams=True, pat_hand_rule=True)
    assert full.pat_hand_rule is True


def test_replace_rejects_a_bad_value_naming_the_knob():
    with pytest.raises(RuleSetError) as err:
        rules.load("standard").replace(laps="yes")
    assert "laps" in str(err.value) and "yes" in str(err.value)


def test_replace_rejects_an_unknown_knob_with_a_suggestion():
    with pytest.raises(RuleSetError) as err:
        rules.load("standard").replace(game_targt=7)
    assert "game_targt" in str(err.value) and "game_target" in str(err.value)


def test_replace_checks_the_dependencies():
    with pytest.raises(RuleSetError, match="K18"):
        rules.load("hoyle_railroad").replace(pat_hand_rule=True)


# ---- bad rule files ---------------------------------------------------------------------

def test_a_bad_file_lists_every_problem_at_once(tmp_path):
    path = write(tmp_path, "bad.toml", 'extends = "standard"\ngam_target = 7\nlaps = "yes"\npack = "36"\n'
                 'players = 5\n')
    with pytest.raises(RuleSetError) as err:
        rules.load(path)
    message = str(err.value)
    assert "bad.toml" in message
    # unknown key, with the nearest known one
    assert "gam_target" in message and "game_target" in message
    # wrong type
    assert "laps" in message and "yes" in message and "true or false" in message
    # values outside the allowed ones, with the allowed ones listed
    assert "pack" in message and "36" in message and "24, 32, 52" in message
    assert "players" in message and "5" in message and "4, 6, 7" in message
    assert len(re.findall(r"^\s+- ", message, re.MULTILINE)) == 4


def test_a_bad_file_lists_value_and_dependency_problems_together(tmp_path):
    """STYLE: a bad rule file reports every problem at once, not the first kind found."""
    path = write(tmp_path, "two_kinds.toml",
                 'extends = "hoyle_railroad"\nslamz = true\npat_hand_rule = true\nlaps = true\n')
    with pytest.raises(RuleSetError) as err:
        rules.load(path)
    message = str(err.value)
    assert "slamz" in message and "'slams'" in message
    assert "pat_hand_rule" in message and "K18" in message


@pytest.mark.parametrize("text", ['game_target = "ten"\n', "game_target = 7.5\n", "game_target = true\n"])
def test_a_number_knob_must_be_a_whole_number(tmp_path, text):
    path = write(tmp_path, "num.toml", 'extends = "standard"\n' + text)
    with pytest.raises(RuleSetError) as err:
        rules.load(path)
    assert "num.toml" in str(err.value) and "game_target" in str(err.value)


def test_a_file_that_is_not_toml_names_the_file(tmp_path):
    path = write(tmp_path, "broken.toml", "laps = [\n")
    with pytest.raises(RuleSetError) as err:
        rules.load(path)
    assert "broken.toml" in str(err.value)
    assert "TOML" in str(err.value)


@pytest.mark.parametrize("missing", ["laps", "slams"])
def test_k18_pat_hands_need_laps_and_slams(tmp_path, missing):
    others = {"laps", "slams"} - {missing}
    body = 'extends = "hoyle_railroad"\npat_hand_rule = true\n' + "".join(f"{k} = true\n" for k in others)
    path = write(tmp_path, "pat.toml", body)
    with pytest.raises(RuleSetError) as err:
        rules.load(path)
    message = str(err.value)
    assert "pat.toml" in message
    assert "pat_hand_rule" in message and "laps" in message and "slams" in message
    assert "K18" in message


def _no_rule_warning(build):
    with warnings.catch_warnings():
        warnings.simplefilter("error", RuleSetWarning)
        return build()


def test_b_o4_a_jambone_without_laps_is_warned_of_from_a_file(tmp_path):
    path = write(tmp_path, "jambone.toml", 'extends = "hoyle_railroad"\njambone = true\n')
    with pytest.warns(RuleSetWarning) as caught:
        r = rules.load(path)
    assert r.jambone and not r.laps                              # a warning, not an error
    (message,) = [str(w.message) for w in caught]
    assert "jambone.toml" in message
    assert "jambone = true with laps = false" in message
    assert "principal objection to the Jambone" in message and "1862" in message
    assert "set laps = true as well, or jambone = false" in message
    assert "rule book B-O4, LP62" in message
    assert caught[0].filename == __file__                         # it points at the caller's line


def test_b_o4_a_jambone_without_laps_is_warned_of_when_knobs_are_changed():
    with pytest.warns(RuleSetWarning, match="jambone = true with laps = false"):
        rules.load("hoyle_railroad").replace(jambone=True)
    with pytest.warns(RuleSetWarning, match=r"hoyle_railroad_full\.replace\(laps, pat_hand_rule\)"):
        rules.load("hoyle_railroad_full").replace(laps=False, pat_hand_rule=False)


def test_b_o4_no_warning_with_laps_or_without_the_jambone(tmp_path):
    with_laps = write(tmp_path, "laps.toml", 'extends = "hoyle_railroad"\njambone = true\nlaps = true\n')
    assert _no_rule_warning(lambda: rules.load(with_laps)).jambone
    without = write(tmp_path, "off.toml", 'extends = "hoyle_railroad"\njambone = false\n')
    assert not _no_rule_warning(lambda: rules.load(without)).jambone
    assert not _no_rule_warning(lambda: rules.load("hoyle_railroad_full").replace(jambone=False)).jambone
    assert _no_rule_warning(lambda: rules.load("hoyle_railroad").replace(jambone=True, laps=True)).laps


def test_b_o4_the_presets_and_the_modern_jambone_are_not_warned_of(tmp_path):
    """The modern game's Jambone has no laps in its source (rule book D8): neither the presets nor
    a rule set built from them is warned of, nor one that already played the pair."""
    for name in rules.names():
        preset = write(tmp_path, f"as_{name}.toml", f'extends = "{name}"\n')
        _no_rule_warning(lambda: rules.load(preset))
    _no_rule_warning(lambda: rules.load("modern_railroad").replace(game_target=100))
    modern = write(tmp_path, "modern.toml", 'extends = "modern_railroad"\ngame_target = 32\n')
    _no_rule_warning(lambda: rules.load(modern))
    with pytest.warns(RuleSetWarning):
        lapless = rules.load("hoyle_railroad").replace(jambone=True)
    assert _no_rule_warning(lambda: lapless.replace(game_target=10)).game_target == 10


def test_b_o4_the_kits_own_comparisons_are_not_warned_of():
    """A comparison flips one knob at a time (hoyle_railroad with modern_railroad's Jambone):
    a rule set nobody chose to play, so no warning in a lesson."""
    flipped = _no_rule_warning(lambda: divergence.flipped(rules.load("hoyle_railroad"), rules.load("modern_railroad"),
                                                          ("jambone",)))
    assert flipped.jambone and not flipped.laps and flipped.scoring == "fixed"


def test_c1_seven_bid_scoring_is_checked():
    seven = rules.load("hoyle_seven_handed")
    assert seven.seven_bid_scoring == "each_player"
    assert seven.replace(seven_bid_scoring="once_per_side").seven_bid_scoring == "once_per_side"
    with pytest.raises(RuleSetError, match=r"seven_bid_scoring = per_seat: not an allowed value; "
                                           r"allowed: each_player, once_per_side"):
        seven.replace(seven_bid_scoring="per_seat")
    with pytest.raises(RuleSetError) as err:
        rules.load("standard").replace(seven_bid_scoring="once_per_side")
    assert "seven_bid_scoring = once_per_side" in str(err.value) and "scoring = auction" in str(err.value)
    assert "rule book C-1" in str(err.value)
    # the scoring knob no longer says who is paid the bid: seven_bid_scoring does
    assert "per player" not in seven.knob("scoring").meaning and "(seven-handed)" in seven.knob("scoring").meaning


def test_k28_kitty_four_no_joker_with_six_players_is_an_error(tmp_path):
    path = write(tmp_path, "six.toml", 'extends = "modern_railroad_6p"\nkitty = "four_no_joker"\n')
    with pytest.raises(RuleSetError) as err:
        rules.load(path)
    message = str(err.value)
    assert "six.toml" in message
    assert "four_no_joker" in message and "players" in message and "6" in message
    assert "K28" in message


def test_k28_kitty_four_no_joker_is_fine_with_four_players():
    assert rules.load("modern_railroad").replace(kitty="four_no_joker").kitty == "four_no_joker"


@pytest.mark.parametrize("typo, nearest", [("standrad", "standard"), ("hoyle_railroad_ful", "hoyle_railroad_full"),
                                           ("modern_railroad_6", "modern_railroad_6p")])
def test_an_unknown_preset_suggests_the_nearest(typo, nearest):
    with pytest.raises(RuleSetError) as err:
        rules.load(typo)
    assert repr(typo) in str(err.value)
    assert repr(nearest) in str(err.value)


def test_a_missing_file_is_a_rule_set_error_naming_it(tmp_path):
    missing = tmp_path / "nowhere.toml"
    with pytest.raises(RuleSetError, match="nowhere.toml"):
        rules.load(missing)


# ---- diff ----------------------------------------------------------------------------------

PAIRS = [(a, b) for i, a in enumerate(SEVEN) for b in SEVEN[i + 1:]]


@pytest.mark.parametrize("a, b", PAIRS)
def test_diff_lists_exactly_the_differing_knobs(a, b):
    table = rules.diff(a, b)
    assert isinstance(table, pd.DataFrame)
    assert list(table.columns) == ["knob", a, b, "meaning"]
    ra, rb = rules.load(a), rules.load(b)
    expected = [k for k in rules.knob_names() if getattr(ra, k) != getattr(rb, k)]
    assert list(table["knob"]) == expected
    for row in table.itertuples(index=False):
        assert row.meaning == ra.knob(row.knob).meaning


def test_diff_standard_hoyle_ordinary_is_the_pack_and_the_game():
    """The preset table: standard is section A with the 24-card deck and game 10."""
    table = rules.diff("standard", "hoyle_ordinary").set_index("knob")
    assert set(table.index) == {"pack", "game_target"}
    assert table.loc["pack", "standard"] == "24" and table.loc["pack", "hoyle_ordinary"] == "32"
    assert table.loc["game_target", "standard"] == "10" and table.loc["game_target", "hoyle_ordinary"] == "5"


def test_diff_of_a_preset_with_itself_is_empty():
    table = rules.diff("modern_railroad", "modern_railroad")
    assert table.empty
    assert list(table.columns)[0] == "knob" and list(table.columns)[-1] == "meaning"


def test_diff_with_a_replaced_rule_set():
    r = rules.load("standard")
    table = rules.diff(r, r.replace(laps=True))
    assert list(table["knob"]) == ["laps"]


# ---- documentation of the knobs ----------------------------------------------------------

SECTION = re.compile(r"\b([A-H]\d+|[A-D]-\d+|B-O\d|B4\.\d|K\d+|C)\b")


@pytest.mark.parametrize("name", rules.knob_names())
def test_every_knob_has_a_meaning_and_a_source_in_the_rule_book(name):
    knob = rules.load("standard").knob(name)
    assert knob.name == name
    assert len(knob.meaning) > 10
    assert SECTION.search(knob.source), f"{name}: source {knob.source!r} cites no section of rule book"
    assert getattr(rules.load("standard"), name) is not None


@pytest.mark.parametrize("preset", SEVEN)
def test_table_has_a_row_per_knob_with_its_value(preset):
    r = rules.load(preset)
    table = r.table()
    assert list(table["knob"]) == rules.knob_names()
    assert {"knob", "value", "allowed", "provisional", "meaning", "source"} <= set(table.columns)
    values = dict(zip(table["knob"], table["value"]))
    assert values["game_target"] == str(r.game_target)
    assert values["players"] == str(r.players)


def test_table_marks_the_provisional_knobs_of_seven_handed():
    table = rules.load("hoyle_seven_handed").table()
    marked = set(table.loc[table["provisional"], "knob"])
    assert marked == SEVEN_PROVISIONAL


@pytest.mark.parametrize("preset", [p for p in SEVEN if p != "hoyle_seven_handed"])
def test_other_presets_mark_nothing_provisional(preset):
    assert not rules.load(preset).table()["provisional"].any()


def test_a_flipped_knob_is_marked_and_flipping_it_back_gives_the_preset():
    r = rules.load("hoyle_railroad")
    flipped = r
    for _ in range(200):
        flipped = flipped.replace(laps=not flipped.laps)
        assert flipped.name in ("hoyle_railroad", "hoyle_railroad*")
    assert flipped is r  # an even number of flips: the preset itself, its tables and all
    assert r.replace(laps=True).name == "hoyle_railroad*" and r.replace(laps=True).laps
    assert r.replace(laps=True, name="mine").name == "mine"


# ---- rule files as they are now: a path is read at every load --------------------------------

def test_an_edited_file_gives_its_new_rules(tmp_path):
    path = write(tmp_path, "house.toml", 'extends = "standard"\ngame_target = 7\n')
    assert rules.load(path).game_target == 7
    path.write_text('extends = "standard"\ngame_target = 9\n', encoding="utf-8")   # same size
    assert rules.load(path).game_target == 9
    path.write_text('extends = "standard"\ngame_target = 9\nlaps = true\n', encoding="utf-8")
    assert rules.load(str(path)).laps is True


def test_an_invalid_edit_is_reported_naming_the_file_and_the_key(tmp_path):
    path = write(tmp_path, "house.toml", 'extends = "standard"\ngame_target = 7\n')
    assert rules.load(path).game_target == 7
    path.write_text('extends = "standard"\ngame_target = "seven"\n', encoding="utf-8")
    with pytest.raises(RuleSetError) as err:
        rules.load(path)
    assert "house.toml" in str(err.value) and "game_target" in str(err.value)
    path.write_text('extends = "standard"\ngame_target = 8\n', encoding="utf-8")   # mended: loads again
    assert rules.load(path).game_target == 8


def test_an_edit_to_the_file_it_extends_is_seen(tmp_path):
    base = write(tmp_path, "base.toml", 'extends = "standard"\ngame_target = 7\n')
    house = write(tmp_path, "house.toml", 'extends = "base.toml"\nlaps = true\n')
    assert rules.load(house).game_target == 7
    base.write_text('extends = "standard"\ngame_target = 6\n', encoding="utf-8")
    assert rules.load(house).game_target == 6


def test_a_relative_name_is_read_from_the_current_folder_each_time(tmp_path, monkeypatch):
    one, two = tmp_path / "one", tmp_path / "two"
    one.mkdir(), two.mkdir()
    write(one, "house.toml", 'extends = "standard"\ngame_target = 7\n')
    write(two, "house.toml", 'extends = "modern_railroad"\n')
    monkeypatch.chdir(one)
    assert (rules.load("house.toml").game_target, rules.load("house.toml").pack) == (7, "24")
    monkeypatch.chdir(two)
    assert (rules.load("house.toml").game_target, rules.load("house.toml").pack) == (64, "32")
    monkeypatch.chdir(one)
    assert rules.load("house.toml").game_target == 7


def test_a_file_gone_since_the_last_load_is_an_error(tmp_path):
    path = write(tmp_path, "house.toml", 'extends = "standard"\n')
    rules.load(path)
    path.unlink()
    with pytest.raises(RuleSetError, match="house.toml"):
        rules.load(path)


def test_a_file_without_extends_is_refused_not_read_as_the_defaults(tmp_path):
    """A rule file that extends nothing would be the knobs' defaults (Hoyle's ordinary game on 32
    cards, game 5) with its lines on top: a card player who wrote ``game_target = 9`` for today's
    game would get another game silently. It is refused, naming the file and the line to add."""
    path = write(tmp_path, "plain.toml", "game_target = 9\n")
    with pytest.raises(RuleSetError, match=r"plain\.toml: no 'extends' line.*extends = \"standard\""):
        rules.load(path)
    assert rules.load(write(tmp_path, "fine.toml", 'extends = "standard"\ngame_target = 9\n')).game_target == 9


def test_presets_by_name_are_read_once():
    assert rules.load("standard") is rules.load("standard")
    assert rules.load("modern_railroad_6p") is rules.load("modern_railroad_6p")


def test_a_path_that_looks_like_a_preset_name_is_a_file(tmp_path):
    """Only a bare name is a preset: a path without its suffix is not looked up among the presets."""
    write(tmp_path, "standard.toml", 'extends = "hoyle_railroad"\n')
    with pytest.raises(RuleSetError, match="no rule set named"):
        rules.load(str(tmp_path / "standard"))
    assert rules.load(tmp_path / "standard.toml").joker is True

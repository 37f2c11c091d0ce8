"""Hand records: a played hand as JSON and back (STYLE: a recorded-game notation that round-trips)."""
from __future__ import annotations

import json
import random

import pytest

from euchre_lessons import Deal, EuchreError, HandState, IllegalActionError, NotationError, Phase, Suit, deal, record, rules

PRESETS = rules.names()
SEEDS = (1, 2, 3, 4, 5)


def play_out(d, seed) -> HandState:
    """A hand played to the end by random legal actions."""
    rng = random.Random(seed)
    s = HandState.start(d)
    while not s.is_over:
        s = s.apply(rng.choice(s.legal_actions()))
    return s


def assert_same_hand(again, s):
    assert again == s
    assert again.history == s.history
    assert again.deal == s.deal
    assert again.rules == s.rules
    assert again.is_over == s.is_over
    if s.is_over:
        assert again.result() == s.result()
        assert str(again.result()) == str(s.result())


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("seed", SEEDS)
def test_a_played_hand_round_trips_through_json(preset, seed):
    s = play_out(deal(preset, seed=seed, dealer=seed % rules.load(preset).players), seed)
    text = record.to_json(s)
    data = json.loads(text)
    assert data["rules"] == preset
    assert data["deal"] == str(s.deal)
    assert data["actions"] == [str(a) for a in s.history]
    assert_same_hand(record.from_json(text), s)


@pytest.mark.parametrize("preset", PRESETS)
def test_save_and_load_a_file(preset, tmp_path):
    s = play_out(deal(preset, seed=11), 11)
    path = record.save(s, tmp_path / f"{preset}.json")
    assert path.is_file()
    assert_same_hand(record.load(path), s)


@pytest.mark.parametrize("preset", PRESETS)
def test_a_hand_in_progress_round_trips(preset):
    s = HandState.start(deal(preset, seed=3))
    rng = random.Random(3)
    for _ in range(6):
        if s.is_over:
            break
        s = s.apply(rng.choice(s.legal_actions()))
    again = record.from_json(record.to_json(s))
    assert again == s
    assert again.legal_actions() == s.legal_actions()


def test_the_start_of_a_hand_round_trips():
    s = HandState.start(deal("standard", seed=8))
    assert record.from_json(record.to_json(s)) == s


# ---- rule sets changed with replace() -----------------------------------------------------

def test_a_replaced_rule_replays_under_the_changed_rules():
    """The turned-down suit may be named only under the flipped knob (A4, K6)."""
    changed = rules.load("standard").replace(round2_may_name_turned_suit=True)
    d = Deal.from_hands(changed, ["9C TC QC KC AC", "AH KH QH TH 9S", "JD 9D TD QS KS", "JH AD KD AS TS"],
                        upcard="9H", dealer=0)
    s = HandState.start(d)
    for action in ("pass", "pass", "pass", "pass", "make hearts"):
        s = s.apply(action)
    assert s.trump is Suit.HEARTS and s.phase is Phase.ALONE
    text = record.to_json(s)
    assert json.loads(text)["knobs"] == {"round2_may_name_turned_suit": True}
    again = record.from_json(text)
    assert again.rules.round2_may_name_turned_suit is True
    assert again.trump is Suit.HEARTS
    assert again == s
    # under the preset itself the same record is refused
    plain = json.loads(text)
    plain["knobs"] = {}
    with pytest.raises(NotationError, match="make hearts"):
        record.from_dict(plain)


@pytest.mark.parametrize("preset, changes", [
    ("hoyle_railroad", {"laps": True, "slams": True, "pat_hand_rule": True}),
    ("modern_railroad", {"kitty": "four_no_joker"}),
    ("standard", {"deal_packets": [3, 2], "lone_euchre_points": 4}),
    ("hoyle_seven_handed", {"seven_partners": "holders_of_best_trumps", "seven_widow": "unused"}),
    ("modern_railroad_6p", {"lone_against_6p": "disabled"}),
])
def test_played_hands_under_replaced_rules_round_trip(preset, changes):
    changed = rules.load(preset).replace(**changes)
    for seed in SEEDS:
        s = play_out(deal(changed, seed=seed), seed)
        again = record.from_json(record.to_json(s))
        assert_same_hand(again, s)
        for knob, value in changes.items():
            assert getattr(again.rules, knob) == (tuple(value) if isinstance(value, list) else value)


def test_rules_replaced_twice_replay_under_the_same_knobs():
    changed = rules.load("hoyle_railroad").replace(laps=True).replace(slams=True)
    s = play_out(deal(changed, seed=4), 4)
    again = record.from_json(record.to_json(s))
    for knob in rules.knob_names():
        assert getattr(again.rules, knob) == getattr(changed, knob), knob
    assert again.history == s.history


# ---- corrupted records ----------------------------------------------------------------------

@pytest.fixture
def good():
    s = play_out(deal("standard", seed=6), 6)
    return json.loads(record.to_json(s))


def test_a_record_that_is_not_json(tmp_path):
    path = tmp_path / "broken.json"
    path.write_text('{"format": "euchre-lessons hand record 1", "rules": ', encoding="utf-8")
    with pytest.raises(NotationError) as err:
        record.load(path)
    assert "broken.json" in str(err.value)
    assert "JSON" in str(err.value)
    with pytest.raises(NotationError, match="JSON"):
        record.from_json("not json at all")


def test_a_record_of_an_unknown_format(good):
    good["format"] = "some other game 9"
    with pytest.raises(NotationError) as err:
        record.from_json(json.dumps(good))
    assert "format" in str(err.value)
    with pytest.raises(NotationError, match="format"):
        record.from_json("[1, 2, 3]")


def test_a_record_with_an_illegal_action_names_it(good):
    good["actions"][0] = "play JD"          # in round 1 nobody plays a card
    with pytest.raises(NotationError) as err:
        record.from_json(json.dumps(good))
    message = str(err.value)
    assert "action 1" in message and "'play JD'" in message
    assert "first round" in message


def test_a_record_with_a_malformed_action_names_it(good):
    good["actions"][1] = "wibble"
    with pytest.raises(NotationError) as err:
        record.from_json(json.dumps(good))
    assert "action 2" in str(err.value) and "wibble" in str(err.value)


def test_a_record_missing_its_actions(good):
    del good["actions"]
    with pytest.raises(NotationError, match="actions"):
        record.from_json(json.dumps(good))


def test_a_record_with_a_broken_deal(good):
    good["deal"] = "standard | dealer 0 | nonsense"
    with pytest.raises(NotationError, match="nonsense"):
        record.from_json(json.dumps(good))


def test_a_record_of_unknown_rules_names_them(good):
    good["rules"] = "standerd"
    with pytest.raises(EuchreError) as err:
        record.from_json(json.dumps(good))
    assert "standerd" in str(err.value)


def test_a_record_that_goes_on_after_the_end(good):
    good["actions"].append("pass")
    with pytest.raises(NotationError) as err:
        record.from_json(json.dumps(good))
    assert f"action {len(good['actions'])}" in str(err.value)
    assert not isinstance(err.value, IllegalActionError)


def _good_record() -> dict:
    return record.to_dict(play_out(deal(rules.load("standard"), seed=3), 3))


@pytest.mark.parametrize("make, words", [
    (lambda tmp: tmp / "missing.json", "no such hand record file"),
    (lambda tmp: tmp, "a folder, not a hand record file"),
    (lambda tmp: (tmp / "x.json").write_bytes(b"\xff\xfe\x00binary") and tmp / "x.json", "not a text file"),
])
def test_a_record_file_that_cannot_be_read_is_refused_by_name(tmp_path, make, words):
    path = make(tmp_path)
    with pytest.raises(NotationError, match=words) as err:
        record.read(path)
    assert str(path) in str(err.value)


@pytest.mark.parametrize("change, words", [
    ({"actions": None}, "actions is null; give a list of action texts"),
    ({"actions": [1, 2]}, "every action is a text"),
    ({"knobs": [1]}, r"knobs is \[1\]; give a table of knob = value"),
    ({"rules": 7}, "rules is 7; give a preset's name"),
    ({"deal": None}, "deal is null; give a deal on one line"),
    ({"knobs": {"no_such_knob": True}}, "no_such_knob"),
])
def test_a_record_with_an_entry_of_the_wrong_kind_names_it(change, words):
    with pytest.raises(NotationError, match=words):
        record.from_dict({**_good_record(), **change})


def test_json_text_that_is_a_list_is_read_as_json_not_as_a_path():
    with pytest.raises(NotationError, match="not a hand record"):
        record.read('[{"format": "x"}]')


def test_a_record_nested_too_deeply_is_refused():
    with pytest.raises(NotationError, match="nested too deeply"):
        record.from_json("[" * 200_000 + "]" * 200_000)


def test_a_record_whose_deal_names_another_preset_is_refused():
    good = _good_record()
    other = record.to_dict(play_out(deal(rules.load("hoyle_ordinary"), seed=3), 3))
    with pytest.raises(NotationError, match="the deal is written for 'hoyle_ordinary' but the record's rules "
                                            "are 'standard'"):
        record.from_dict({**good, "deal": other["deal"], "actions": []})


def test_saving_something_that_is_not_a_hand_is_refused(tmp_path):
    with pytest.raises(NotationError, match="give a HandState to save, not NoneType"):
        record.save(None, tmp_path / "x.json")
    assert not (tmp_path / "x.json").exists()


def test_a_record_of_a_rule_file_comes_back_under_the_files_own_rules(tmp_path):
    """A house file's hand replays as itself: same name, same knobs, equal state."""
    from euchre_lessons import HandState, deal, rules

    path = tmp_path / "house.toml"
    path.write_text('extends = "standard"\ngame_target = 7\nstick_the_dealer = true\n', encoding="utf-8")
    rs = rules.load(path)
    s = HandState.start(deal(rs, seed=3)).apply("pass")
    again = record.from_json(record.to_json(s))
    assert again == s and again.rules == rs and again.rules.name == "house"
    flipped = rules.load("standard").replace(stick_the_dealer=True)
    t = HandState.start(deal(flipped, seed=3))
    assert record.from_json(record.to_json(t)).rules == flipped

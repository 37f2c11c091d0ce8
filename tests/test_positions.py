"""Positions as data (practice): every position of the kit proved, and broken ones refused in words."""
from __future__ import annotations

import pytest

from euchre_lessons import practice
from euchre_lessons.practice import PositionError, prove
from euchre_lessons.practice.positions import build, load

DEAL = "standard | dealer 0 | TC 9D TS JS AS / KC TD 9H JH AH / QD KD AD QS KS / 9C QC JD TH QH | up JC | rest AC KH 9S"
ACTIONS = ["pass", "pass", "pass", "take up", "alone", "discard 9D", "play AH", "play TH"]
BASE = {"id": "trump-the-ace", "preset": "standard", "deal": DEAL, "actions": ACTIONS,
        "question": "East leads the ace of hearts. Which card do you play?", "answers": ["play TC"],
        "explanation": "The 10 of clubs trumps the ace and keeps both bowers.", "proof": "face up"}


def test_a_position_replays_to_its_decision_and_is_proved_face_up():
    p = build(BASE, "lesson.toml")
    assert p.seat == 0 and p.state.to_act == 0 and len(p.state.trick) == 2
    assert [str(a) for a in p.answers] == ["play TC"]
    proved = prove(p)
    assert proved.method == "double dummy" and len(proved.gaps) == 4
    assert all(g.behind == 3.0 and g.se == 0 for g in proved.gaps)
    assert str(proved).startswith("Proved with every hand face up, solved exactly: “play the 10♣” is best;")


def test_what_you_can_see_is_proved_over_layouts_with_its_error():
    proved = prove(build(BASE | {"proof": "what you can see", "layouts": 60}, "lesson.toml"))
    assert proved.method in ("sampled", "exact") and proved.layouts >= 60
    assert all(g.behind - 2 * g.se > 0 for g in proved.gaps)
    assert "of the cards you could not see" in str(proved)


@pytest.mark.parametrize("change, says", [
    ({"preset": "bridge"}, "position 'trump-the-ace': preset:"),
    ({"deal": DEAL.replace("9D TS", "9D TC")}, "position 'trump-the-ace': deal:"),
    ({"actions": ACTIONS[:3] + ["make hearts"] + ACTIONS[4:]}, "action 4 'make hearts' cannot be played there"),
    ({"actions": ["pass"] * 8 + ["pass"]}, "action 9 'pass'"),
    ({"seat": 2}, "seat 2 does not decide there: seat 0 is to act"),
    ({"answers": ["play KD"]}, "answer 'play KD' is not a legal action there"),
    ({"answers": []}, "answers is empty"),
    ({"proof": "trust me"}, "a proof is 'face up' or 'what you can see'"),
    ({"unit": "dollars"}, "the margin is in 'points' or 'tricks'"),
    ({"margin": "big"}, "field 'margin' is 'big', expected a number"),
    ({"hint": "x"}, "unknown field 'hint'"),
    ({"actions": ACTIONS[:7]}, "seat 0 does not decide there"),
])
def test_a_broken_position_is_refused_naming_the_file_the_entry_and_the_fault(change, says):
    entry = BASE | change
    if "seat" not in change and change.get("actions") == ACTIONS[:7]:
        entry["seat"] = 0
    with pytest.raises(PositionError) as e:
        build(entry, "broken.toml")
    assert says in str(e.value) and str(e.value).startswith("broken.toml")


def test_a_missing_field_is_named():
    entry = {k: v for k, v in BASE.items() if k != "question"}
    with pytest.raises(PositionError, match="broken.toml: position 'trump-the-ace': no field 'question'"):
        build(entry, "broken.toml")


def test_a_wrong_answer_or_a_margin_not_met_is_refused_by_the_proof():
    with pytest.raises(PositionError, match=r"answer play AS is not best: 3.00 points behind play TC \(exactly\)"):
        prove(build(BASE | {"answers": ["play AS"]}, "broken.toml"))
    with pytest.raises(PositionError, match=r"play JC is not worse by the margin: 3.00 points behind play TC"):
        prove(build(BASE | {"margin": 4}, "broken.toml"))
    with pytest.raises(PositionError, match="a face-up proof is for card play"):
        prove(build(BASE | {"actions": ACTIONS[:3], "answers": ["take up"]}, "broken.toml"))


def test_a_file_that_is_not_toml_or_repeats_an_id_is_refused(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text("[[position]\nid = ")
    with pytest.raises(PositionError, match="bad.toml: not TOML"):
        load(bad)
    twice = tmp_path / "twice.toml"
    from euchre_lessons.practice.find import entry_text

    twice.write_text(entry_text(BASE) * 2)
    with pytest.raises(PositionError, match="position 'trump-the-ace' appears twice"):
        load(twice)
    empty = tmp_path / "empty.toml"
    empty.write_text("# nothing\n")
    with pytest.raises(PositionError, match="no \\[\\[position\\]\\] tables"):
        load(empty)
    with pytest.raises(PositionError, match="no such position file"):
        load(tmp_path / "none.toml")


def test_the_kits_positions_are_many_across_the_presets_and_the_railroad_decisions():
    ps = practice.positions()
    assert len(ps) >= 40
    assert {p.preset for p in ps} >= {"standard", "hoyle_railroad", "modern_railroad", "hoyle_railroad_full"}
    from euchre_lessons.practice.find import kind_of

    kinds = {(p.preset.startswith(("hoyle_railroad", "modern")), kind_of(p.state)) for p in ps}
    for kind in ("give", "defend", "call", "joker-lead", "discard"):
        assert (True, kind) in kinds, kind
    seven = [p for p in ps if p.preset == "modern_railroad" and kind_of(p.state) == "discard"]
    assert seven and all(p.rules.hand_size == 7 for p in seven)
    assert any(p.state.to_act == p.state.dealer and p.state.phase.name == "DISCARD"
               and any(str(a).startswith("give") for a in p.state.history) for p in ps), \
        "a dealer's second discard, after giving for partner's best"


def test_every_position_of_the_kit_is_proved():
    """The validator over the kit's set (its speed is measured by bench/practice.py)."""
    from euchre_lessons.hand.phases import Phase
    from euchre_lessons.practice.find import explanation

    proved = [prove(p) for p in practice.positions()]  # PositionError, naming the position, if one is wrong
    assert all(g.behind >= p.position.margin for p in proved for g in p.gaps)
    before_play = [p for p in proved if p.position.state.phase is not Phase.PLAY]
    assert len(before_play) >= 20
    for p in before_play:  # what a pupil is told is what the kit's hint says now, over the same deals
        q = p.position
        assert q.explanation == explanation(q.state, q.seat, p.values), \
            f"{q.id}: after a change to the hints, python -m euchre_lessons.practice.find --refresh data/positions/{q.source}"


def test_refresh_rewrites_an_explanation_the_hints_now_word_otherwise(tmp_path):
    from euchre_lessons.practice.find import main
    from euchre_lessons.practice.positions import folder

    original = (folder() / "standard.toml").read_text(encoding="utf-8")
    stale = original.replace("you hold no trump", "you hold 0 trumps", 1)
    assert stale != original
    path = tmp_path / "standard.toml"
    path.write_text(stale, encoding="utf-8")
    assert main(["--refresh", str(path)]) == 0
    assert path.read_text(encoding="utf-8") == original  # that explanation back, nothing else touched
    assert main(["--refresh", str(path)]) == 0 and path.read_text(encoding="utf-8") == original


def test_the_teachers_guide_counts_the_kits_positions_right():
    from pathlib import Path

    guide = (Path(__file__).resolve().parent.parent / "docs" / "teachers_guide.md").read_text(encoding="utf-8")
    assert f"serves **positions**: {len(practice.positions())} decisions" in guide


def test_each_lesson_that_serves_positions_counts_them_right():
    import json
    import re
    from pathlib import Path

    served = 0
    for nb in sorted((Path(__file__).resolve().parent.parent / "notebooks").glob("0*.ipynb")):
        cells = json.loads(nb.read_text(encoding="utf-8"))["cells"]
        for before, cell in zip(cells, cells[1:]):
            m = re.search(r'PracticeTable\.lesson\("(\d\d)"\)', "".join(cell["source"]))
            if m:
                n = len(practice.positions(m.group(1)))
                assert n and f"The kit keeps {n} positions for this lesson" in "".join(before["source"]), nb.name
                assert nb.name.startswith(m.group(1)), nb.name
                served += 1
    assert served >= 6

"""Positions as data (practice): every position of the kit proved, and broken ones refused in words."""
from __future__ import annotations

import pytest

from euchre_lessons import practice
from euchre_lessons.hand.phases import Phase
from euchre_lessons.practice import PositionError, prove
from euchre_lessons.practice.positions import build, load
from euchre_lessons.practice.proving import FRESH, exact_said, validate
from euchre_lessons.ranking import ranking

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
    from euchre_lessons.delivery.find import entry_text

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
    from euchre_lessons.delivery.find import kind_of

    kinds = {(p.preset.startswith(("hoyle_railroad", "modern")), kind_of(p.state)) for p in ps}
    for kind in ("give", "defend", "call", "joker-lead", "discard"):
        assert (True, kind) in kinds, kind
    seven = [p for p in ps if p.preset == "modern_railroad" and kind_of(p.state) == "discard"]
    assert seven and all(p.rules.hand_size == 7 for p in seven)
    assert any(p.state.to_act == p.state.dealer and p.state.phase.name == "DISCARD"
               and any(str(a).startswith("give") for a in p.state.history) for p in ps), \
        "a dealer's second discard, after giving for partner's best"


def test_every_position_of_the_kit_is_proved_and_again_over_two_further_seeds():
    """The validator over the kit's set (its speed is measured by bench/practice.py, and by
    ``python -m euchre_lessons.delivery.find --check``)."""
    from euchre_lessons.delivery.find import explanation

    checked = [validate(p) for p in practice.positions()]  # PositionError, naming the position, if one is wrong
    assert all(len(c) == 1 + len(FRESH) or exact_said(c[0].position) for c in checked)
    assert all(g.behind >= c[0].position.margin for c in checked for p in c for g in p.gaps)
    proved = [c[0] for c in checked]
    before_play = [p for p in proved if p.position.state.phase is not Phase.PLAY]
    assert len(before_play) >= 20
    for p in before_play:  # what a pupil is told is what the kit's hint says now, over the same deals
        q = p.position
        assert q.explanation == explanation(q.state, q.seat, p.values), \
            f"{q.id}: after a change to the hints, python -m euchre_lessons.delivery.find --refresh data/positions/{q.source}"


# Positions the kit once served that were not worth practising, each refused now.
DEFEND_NO_TRUMP = {  # North alone; East holds no heart and no left bower: pass is plain
    "id": "hoyle_railroad-defend-0", "preset": "hoyle_railroad", "seat": 1, "answers": ["pass"],
    "deal": "hoyle_railroad | dealer 0 | JD TH QH JS JK / QC QD 9S TS AS / 9C TC JC KC QS / TD KD AD 9H KH | up AH "
            "| rest AC 9D JH KS",
    "actions": ["pass", "pass", "pass", "take up", "alone", "give JS"]}
JAMBONE_LOST = {  # West's Jambone lost at trick 1: whichever card South calls, the defenders score 28
    "id": "modern_railroad-call-106", "preset": "modern_railroad", "seat": 2,
    "answers": ["call JD", "call JH", "call JK"],
    "deal": "modern_railroad | dealer 2 | JC QC 8D KD TH KH 9S / KC TD 9H JH AH 8S TS / 7C 8C TC AC AD QS AS / "
            "7D JD QD 7H QH JS JK | up 8H | rest 9C 9D 7S KS",
    "actions": ["order up", "alone", "give JS", "jambone", "discard QS", "call 7D", "play 8D", "play AD", "play AS",
                "call QD", "play 9S", "play AC", "call 7H", "play JC", "call QH", "play KH", "play 8H", "play KD",
                "play 7C"]}
ALL_EQUAL = {  # West must follow clubs under North's K♣ with the 9♣, J♣ or Q♣: all worth the same
    "id": "standard-follow-2", "preset": "standard", "seat": 3, "answers": ["play 9C", "play JC", "play QC"],
    "deal": "standard | dealer 2 | TC KC QD JH KS / 9D KD QH TS QS / TD TH KH AH JS / 9C JC QC AC 9S | up 9H "
            "| rest JD AD AS",
    "actions": ["pass", "pass", "pass", "take up", "with partner", "discard TD", "play AC", "play TC", "play 9D",
                "play 9H", "play AH", "play 9S", "play JH", "play QH", "play KC", "play KD", "play JS"]}
LUCKY_MARGIN = {  # proved over its own 120 layouts; over two further seeds the 10♦ is not 0.5 behind
    "id": "standard-lead-8", "preset": "standard", "seat": 0, "answers": ["play JS"],
    "deal": "standard | dealer 0 | QC 9D TD 9S TS / JC JD QD AD JH / 9C AC KD TH QS / TC KC QH KS AS | up JS "
            "| rest 9H KH AH",
    "actions": ["pass", "pass", "pass", "take up", "with partner", "discard QC", "play AD", "play KD", "play QH",
                "play 9D", "play JH", "play TH", "play TC", "play 9S"]}
WORDS = {"question": "?", "explanation": "...", "proof": "what you can see", "layouts": 120}


def _old(entry: dict):
    return build(WORDS | entry, "old.toml")


def test_a_position_that_accepts_every_choice_is_refused():
    with pytest.raises(PositionError, match=r"old.toml: position 'standard-follow-2': every legal choice \(play 9C, "
                                            r"play JC, play QC\) is accepted: nothing to practise"):
        prove(_old(ALL_EQUAL))
    with pytest.raises(PositionError, match="every legal choice"):
        prove(build(BASE | {"answers": ["play TC", "play JC", "play TS", "play JS", "play AS"]}, "broken.toml"))


def test_a_plain_decision_is_refused_by_the_validator():
    with pytest.raises(PositionError, match="not worth practising: a defend-alone question to a seat that holds "
                                            "no trump"):
        validate(_old(DEFEND_NO_TRUMP))
    with pytest.raises(PositionError, match=r"not worth practising: the Jambone is already lost \(the defenders "
                                            r"have taken a trick\)"):
        validate(_old(JAMBONE_LOST))


def test_a_margin_that_does_not_hold_over_two_further_seeds_is_refused():
    lucky = _old(LUCKY_MARGIN)
    assert prove(lucky).gaps  # its own layouts prove it
    with pytest.raises(PositionError, match=r"play TD is not worse by the margin: 0\.\d\d points behind play JS"):
        validate(lucky)


def test_a_position_that_says_its_proof_is_exact_is_held_to_it():
    exact = validate(build(BASE, "lesson.toml"))  # face up: solved exactly, no further seeds needed
    assert len(exact) == 1 and exact[0].method == "double dummy"
    with pytest.raises(PositionError, match="layouts = 0 says every layout is solved, but the proof drew"):
        validate(_old(LUCKY_MARGIN | {"layouts": 0}))


def test_the_finder_passes_over_positions_not_worth_practising():
    from euchre_lessons.delivery.find import _try

    for entry, kind in ((DEFEND_NO_TRUMP, "defend"), (JAMBONE_LOST, "call"), (ALL_EQUAL, "follow"),
                        (LUCKY_MARGIN, "lead")):
        seed = int(entry["id"].rsplit("-", 1)[1])  # the finder's seed: the same id, the same layouts
        assert _try(_old(entry).state, kind, seed, "", 0.5, 120) is None, entry["id"]


def test_no_position_of_the_kit_accepts_every_legal_choice():
    """The practice page's grading (``Position.check``): some legal choice is "not yet"."""
    every = [p.id for p in practice.positions() if all(p.check(a) for a in p.state.legal_actions())]
    assert every == []


def test_no_position_of_the_kit_asks_a_plain_question():
    plain = []
    for p in practice.positions():
        s = p.state
        if s.phase is Phase.DEFEND:
            trumps = ranking(s.trump, s.rules.trump_order).trump_ids
            if not any(s.hand_mask(p.seat) >> i & 1 for i in trumps):
                plain.append(f"{p.id}: defend alone? to a seat with no trump")
        if s.phase is Phase.PLAY and s.jambone and any(
                s.tricks_won[seat] for seat in range(s.players) if s.side_of(seat) == "defenders"):
            plain.append(f"{p.id}: a card called for a Jambone already lost")
    assert plain == []


def test_refresh_rewrites_an_explanation_the_hints_now_word_otherwise(tmp_path):
    from euchre_lessons.delivery.find import main
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


def test_check_validates_a_file_and_names_what_fails(tmp_path, capsys):
    from euchre_lessons.delivery.find import entry_text, main

    good, bad = tmp_path / "good.toml", tmp_path / "bad.toml"
    good.write_text(entry_text(BASE))
    bad.write_text(entry_text(BASE) + entry_text(WORDS | ALL_EQUAL))
    assert main(["--check", str(good)]) == 0
    assert "1 of 1 positions valid" in capsys.readouterr().out
    assert main(["--check", str(bad)]) == 1
    out = capsys.readouterr().out
    assert "position 'standard-follow-2': every legal choice" in out and "1 of 2 positions valid" in out

"""Golden playthroughs: one hand per preset, played by seeded random legal moves, written out
step by step (``euchre_lessons.playthrough``) and compared with the stored transcript in
tests/golden/<preset>.txt.

A difference means the engine now offers other actions, in another order, or scores
differently. If the change is meant, write the files again with
``python -m euchre_lessons.playthrough --write`` and review the diff before committing.
"""
from __future__ import annotations

import difflib
from pathlib import Path

import pytest

from euchre_lessons import Deal, rules
from euchre_lessons.playthrough import GOLDEN, golden_deal, golden_state, golden_text, playthrough

GOLDEN_DIR = Path(__file__).resolve().parent / "golden"
PRESETS = rules.names()


def test_every_preset_has_a_golden_hand():
    assert sorted(GOLDEN) == sorted(PRESETS)
    assert sorted(p.stem for p in GOLDEN_DIR.glob("*.txt")) == sorted(PRESETS)


@pytest.mark.parametrize("preset", PRESETS)
def test_playthrough_matches_the_stored_transcript(preset):
    stored = (GOLDEN_DIR / f"{preset}.txt").read_text(encoding="utf-8")
    now = golden_text(preset)
    if now != stored:
        diff = "".join(difflib.unified_diff(stored.splitlines(keepends=True), now.splitlines(keepends=True),
                                            fromfile=f"tests/golden/{preset}.txt (stored)",
                                            tofile=f"{preset} (engine now)"))
        pytest.fail(f"the {preset} playthrough differs from the stored transcript "
                    f"(rewrite with python -m euchre_lessons.playthrough --write if meant):\n{diff}",
                    pytrace=False)


@pytest.mark.parametrize("preset", PRESETS)
def test_golden_hand_still_shows_what_it_was_chosen_for(preset):
    assert GOLDEN[preset].check(golden_state(preset)), GOLDEN[preset].shows


@pytest.mark.parametrize("preset", PRESETS)
def test_transcript_header_names_the_deal_and_the_rules(preset):
    lines = golden_text(preset).splitlines()
    assert lines[0] == f"deal: {golden_deal(preset)}"
    assert Deal.parse(lines[0].removeprefix("deal: ")) == golden_deal(preset)
    assert lines[1].startswith(f"rules: {preset}")
    assert lines[-1].startswith("points: ")
    assert any(line.startswith("result: ") for line in lines)


@pytest.mark.parametrize("preset", PRESETS)
def test_one_line_per_step(preset):
    state = golden_state(preset)
    steps = [line for line in golden_text(preset).splitlines() if " | legal: " in line]
    assert len(steps) == len(state.history)
    for number, (line, action) in enumerate(zip(steps, state.history), start=1):
        assert line.split()[0] == str(number)
        assert line.endswith(f"| takes: {action}")


def test_same_deal_and_seed_give_the_same_transcript_and_another_seed_another():
    d = golden_deal("standard")
    assert playthrough(d, 3) == playthrough(d, 3)
    assert len({playthrough(d, seed) for seed in range(5)}) > 1

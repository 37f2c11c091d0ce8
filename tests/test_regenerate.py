"""One command writes every stored output again (``python -m euchre_lessons.delivery.regenerate``),
CONTRIBUTING lists it, and its ``--check`` fails a stored output that is stale: here for each
output it checks, and each check is seen to catch what it is for."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from euchre_lessons import playthrough
from euchre_lessons.delivery import lessons, regenerate
from euchre_lessons.simulate import strength as strength_run

ROOT = Path(__file__).resolve().parents[1]
LESSONS = lessons.lessons()


@pytest.mark.parametrize("name", ["knobs", "goldens", "apps", "positions", "strength", "claims"])
def test_the_stored_output_is_what_would_be_written(name):
    assert regenerate.check([name]) == {name: []}


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem)
def test_a_lesson_was_run_in_order_and_from_the_code_it_holds(path):
    assert lessons.stale(path, digest=False) == []


def test_every_lesson_keeps_the_digest_of_the_code_it_ran():
    assert all(lessons.stale(p) == [] for p in LESSONS)


def test_every_output_is_written_and_checked_or_says_why_not():
    assert regenerate.NAMES == ("knobs", "goldens", "test-goldens", "apps", "positions", "strength", "claims",
                                "lessons", "aria", "pictures")
    assert regenerate.NAMES.index("lessons") > regenerate.NAMES.index("claims")  # what shows the others comes after
    for o in regenerate.OUTPUTS:
        assert (o.check is None) == bool(o.unchecked), o.name
        for test in o.unchecked.replace(",", " ").split():
            if test.startswith("tests/"):
                assert (ROOT / test).is_file(), test


def test_contributing_lists_the_command_and_every_output():
    text = (ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8")
    assert "python -m euchre_lessons.delivery.regenerate" in text
    assert "regenerate --check" in text
    for name in regenerate.NAMES:
        assert f"`{name}`" in text, name


# ---- each check catches what it is for ------------------------------------------------------------

def test_a_golden_file_changed_by_hand_is_stale(tmp_path, monkeypatch):
    shutil.copytree(playthrough.GOLDEN_DIR, tmp_path / "golden")
    monkeypatch.setattr(playthrough, "GOLDEN_DIR", tmp_path / "golden")
    assert regenerate.check(["goldens"]) == {"goldens": []}
    path = tmp_path / "golden" / "standard.txt"
    path.write_text(path.read_text(encoding="utf-8").replace("play", "plays", 1), encoding="utf-8")
    (tmp_path / "golden" / "hoyle_ordinary.txt").unlink()
    why = regenerate.check(["goldens"])["goldens"]
    assert any("standard.txt differs" in w for w in why) and any("hoyle_ordinary.txt is missing" in w for w in why), why


def test_an_app_notebook_edited_or_left_over_is_stale(tmp_path, monkeypatch):
    shutil.copytree(regenerate.app.APP_DIR, tmp_path / "apps")
    monkeypatch.setattr(regenerate.app, "APP_DIR", tmp_path / "apps")
    (tmp_path / "apps" / "play.ipynb").write_text("{}\n", encoding="utf-8")
    (tmp_path / "apps" / "gone.ipynb").write_text("{}\n", encoding="utf-8")
    why = regenerate.check(["apps"])["apps"]
    assert len(why) == 2 and "play.ipynb differs" in why[0] and "gone.ipynb is no app's" in why[1], why


def test_a_position_whose_words_the_hints_no_longer_say_is_stale(tmp_path, monkeypatch):
    source = ROOT / "data" / "positions" / "standard.toml"
    text = source.read_text(encoding="utf-8")
    edited = text.replace('explanation = "', 'explanation = "Think. ', 1)
    assert edited != text
    (tmp_path / "standard.toml").write_text(edited, encoding="utf-8")
    monkeypatch.setattr(regenerate, "positions_folder", lambda: tmp_path)
    why = regenerate.check(["positions"])["positions"]
    assert len(why) == 1 and "is not what the hint ladder now says" in why[0], why


def test_a_strength_run_made_otherwise_than_the_code_says_is_stale(monkeypatch):
    made = regenerate.STRENGTH
    monkeypatch.setattr(regenerate, "STRENGTH", made._replace(hands=2000))
    why = regenerate.check(["strength"])["strength"]
    assert any("standard was played with" in w for w in why) and any("levels.txt is not the report" in w for w in why)
    monkeypatch.setattr(regenerate, "STRENGTH", made)
    monkeypatch.setattr(strength_run, "LEVELS", ("beginner", "club"))  # a level gone: its pairings are stale
    assert any("plays the pairings" in w for w in regenerate.check(["strength"])["strength"])


def test_claims_dealt_from_another_seed_are_stale(monkeypatch):
    monkeypatch.setattr(regenerate, "CLAIMS", regenerate.CLAIMS._replace(seed=2))
    why = regenerate.check(["claims"])["claims"]
    assert len(why) == 1 and "1200 hands were not dealt from seed 2" in why[0], why


def _lesson_copy(tmp_path) -> tuple[Path, dict]:
    path = tmp_path / LESSONS[0].name
    nb = json.loads(LESSONS[0].read_text(encoding="utf-8"))
    nb["metadata"].setdefault("euchre_lessons", {})[lessons.EXECUTED] = lessons.source_digest(nb)
    path.write_text(json.dumps(nb), encoding="utf-8")
    return path, nb


def test_a_lesson_edited_after_it_ran_or_run_out_of_order_is_stale(tmp_path):
    path, nb = _lesson_copy(tmp_path)
    assert lessons.stale(path) == []
    code = [c for c in nb["cells"] if c["cell_type"] == "code"]
    code[-1]["source"] = ["print('edited')\n"]
    path.write_text(json.dumps(nb), encoding="utf-8")
    assert lessons.stale(path) == ["its code was edited after it was executed"]
    code[0]["execution_count"] = None
    path.write_text(json.dumps(nb), encoding="utf-8")
    assert "not run in order" in lessons.stale(path)[0]


def test_the_command_checks_names_what_is_stale_and_refuses_an_unknown_output(capsys, tmp_path, monkeypatch):
    assert regenerate.main(["--check", "--only", "knobs", "test-goldens"]) == 0
    out = capsys.readouterr().out
    assert "knobs: up to date" in out and "test-goldens: not checked here: held by tests/test_railroad_golden.py" in out
    monkeypatch.setattr(regenerate.rulebook, "KNOBS_MD", tmp_path / "knobs.md")
    assert regenerate.main(["--check", "--only", "knobs"]) == 1
    assert "knobs: stale\n  " in capsys.readouterr().out
    assert not (tmp_path / "knobs.md").exists()  # a check writes nothing
    with pytest.raises(SystemExit) as done:
        regenerate.main(["--only", "golden"])
    assert done.value.code == 2
    assert "no output 'golden': the outputs are knobs, goldens," in capsys.readouterr().err

"""Exercises that check themselves (euchre_lessons.exercises) and the probability lab notebook.

Every stored answer equals the kit's exact count and agrees with a seeded simulation within four
standard errors; the reference solutions (solutions/) pass the checkers; the notebook
has one unanswered, self-checking cell per exercise.
"""
from __future__ import annotations

import importlib.util
import json
from fractions import Fraction
from pathlib import Path

import pytest

from euchre_lessons.events import parse
from euchre_lessons.exercises import EXERCISES, check, verdict
from euchre_lessons.probability import estimate, exact

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOK = ROOT / "notebooks" / "09_probability_lab.ipynb"
SOLUTIONS = ROOT / "solutions" / "09_probability_lab.py"
CHANCES = [key for key, ex in EXERCISES.items() if ex.kind == "chance"]


@pytest.fixture(scope="module")
def solutions():
    spec = importlib.util.spec_from_file_location("solutions_09", SOLUTIONS)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.ANSWERS


# ---- the exercises are right -------------------------------------------------------------------

def test_at_least_twelve_exercises_across_old_and_modern_packs():
    assert len(EXERCISES) >= 12
    used = {ex.rules for ex in EXERCISES.values()}
    assert {"hoyle_railroad", "hoyle_railroad_full", "hoyle_ordinary", "standard", "modern_railroad",
            "hoyle_seven_handed"} <= used
    assert {ex.kind for ex in EXERCISES.values()} <= {"chance", "cards", "number", "word"}
    assert {ex.kind for ex in EXERCISES.values() if ex.key.startswith("9.")} == {"chance", "cards", "number"}


@pytest.mark.parametrize("key", CHANCES)
def test_the_stored_answer_is_the_exact_count(key):
    ex = EXERCISES[key]
    assert exact(ex.rules, parse(ex.event), known=ex.known) == ex.expected


@pytest.mark.parametrize("key", CHANCES)
def test_the_exact_answer_agrees_with_a_simulation(key):
    ex = EXERCISES[key]
    est = estimate(ex.rules, parse(ex.event), n=20_000, seed=2024, known=ex.known)
    assert est.agrees_with(ex.expected, within=4), f"{key}: {est} against {ex.expected}"


def test_every_exercise_with_an_accepting_test_names_its_rules():
    """The accepting tests load the exercise's rules (``exercises.core._two_jamborees``)."""
    accepting = [ex for ex in EXERCISES.values() if ex.accept is not None]
    assert accepting and all(isinstance(ex.rules, str) for ex in accepting), [ex.key for ex in accepting]


def test_two_jamborees_is_the_count_of_seven_card_hands():
    p = exact("modern_railroad", parse("two_jamborees"))
    assert EXERCISES["9.17"].expected == p.favourable == 2
    assert EXERCISES["9.18"].expected == p


# ---- the reference solutions pass the checkers -------------------------------------------------

LAB = [key for key in EXERCISES if key.startswith("9.")]  # this lab's; every lesson's: tests/test_lessons.py


def test_every_exercise_of_the_lab_has_a_reference_answer(solutions):
    assert set(solutions) == set(LAB)


@pytest.mark.parametrize("key", LAB)
def test_the_reference_answer_passes_the_checker(solutions, key):
    v = verdict(key, solutions[key])
    assert v.correct, v.message
    assert v.message.startswith("✓")


def test_the_solutions_are_not_a_notebook():
    assert SOLUTIONS.suffix == ".py"
    assert not list((ROOT / "notebooks" / "solutions").glob("*.ipynb"))


# ---- what the checker accepts ------------------------------------------------------------------

@pytest.mark.parametrize("answer", [..., None])
def test_an_unanswered_exercise_says_so_and_never_fails(answer, capsys):
    for key in EXERCISES:
        assert verdict(key, answer).status == "not attempted"
        check(key, answer)
    out = capsys.readouterr().out
    assert out.count("not attempted yet") == len(EXERCISES)


@pytest.mark.parametrize("answer", [Fraction(7, 33), "7/33", 7 / 33, 0.2121, "0.21212", "21.21%",
                                    exact("modern_railroad", parse("holds_joker"))])
def test_a_chance_may_be_a_fraction_a_float_within_tolerance_or_text(answer):
    assert verdict("9.2", answer).correct


@pytest.mark.parametrize("answer, hint", [
    (21.21, "percentage"),
    (Fraction(26, 33), "does not happen"),
    (0.215, "Close, but not exact"),
    (Fraction(1, 3), "C(32, 6) / C(33, 7)"),
    (1.5, "between 0 and 1"),
    ("seven in 33", "not a chance"),
    ([7, 33], "not a chance"),
])
def test_a_wrong_chance_gets_a_hint(answer, hint, capsys):
    v = verdict("9.2", answer)
    assert v.status == "wrong" and hint in v.message
    check("9.2", answer)
    assert hint in capsys.readouterr().out


def test_an_exact_answer_must_be_exact():
    assert not verdict("9.2", Fraction(21, 100)).correct
    assert verdict("9.2", 0.21212).correct


@pytest.mark.parametrize("answer", ["JK JH JD AH KH AD KD", "kd ad jd kh ah jh joker",
                                    ["AC", "KC", "JC", "JS", "AS", "KS", "JK"]])
def test_cards_in_any_order_and_any_right_hand(answer):
    assert verdict("9.16", answer).correct


@pytest.mark.parametrize("answer, hint", [
    ("JK JH JD AH KH", "7 cards"),
    ("JK JH JD AH KH AD QD", "one Jamboree (in hearts)"),
    ("JK JH JD AH KH AD 6D", "6D is not in the 33-card pack"),
    ("JK JH JD AH KH AD AD", "twice"),
    ("JK JH JD AH KH AD ZZ", "Could not read"),
    ("9C TC JC QC KC AC 7C", "right bower"),
])
def test_wrong_cards_get_a_hint(answer, hint):
    v = verdict("9.16", answer)
    assert v.status == "wrong" and hint in v.message


@pytest.mark.parametrize("answer, ok", [(2, True), (2.0, True), (4, False), (2.5, False), ("2", False)])
def test_a_count_must_be_the_whole_number(answer, ok):
    assert verdict("9.17", answer).correct is ok


def test_an_unknown_exercise_is_named():
    with pytest.raises(KeyError) as err:
        verdict("9.99", 1)
    assert "9.99" in str(err.value)


# ---- the notebook --------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def notebook():
    return json.loads(NOTEBOOK.read_text(encoding="utf-8"))


def test_the_notebook_opens_with_what_the_reader_will_learn_then_one_import_cell(notebook):
    cells = notebook["cells"]
    assert cells[0]["cell_type"] == "markdown" and "you will know how to" in "".join(cells[0]["source"])
    code = [c for c in cells if c["cell_type"] == "code"]
    assert code[0] is cells[1]
    assert all("import " not in "".join(c["source"]) for c in code[1:])
    assert notebook["metadata"]["kernelspec"]["name"] == "python3"


def test_every_exercise_has_one_unanswered_checking_cell(notebook):
    sources = ["".join(c["source"]) for c in notebook["cells"] if c["cell_type"] == "code"]
    for key in LAB:
        cells = [s for s in sources if f'check("{key}", answer)' in s]
        assert len(cells) == 1, key
        assert "answer = ...\n" in cells[0]


def test_the_notebook_is_stored_executed(notebook):
    code = [c for c in notebook["cells"] if c["cell_type"] == "code"]
    assert all(c["execution_count"] for c in code)
    text = json.dumps(notebook)
    assert text.count("not attempted yet") == len(LAB)
    assert "Error" not in "".join(o.get("ename", "") for c in code for o in c.get("outputs", []))


@pytest.mark.parametrize("answer", [float("nan"), float("inf"), -float("inf"), 10**400, -10**400, "inf", "nan",
                                    "1e999", "1/0", [1], object(), 1e308])
def test_no_answer_ever_makes_the_checker_raise(answer):
    """``check`` promises never to raise on an answer: every exercise, every kind of answer."""
    from euchre_lessons.exercises.core import registry, verdict

    for key in registry():
        v = verdict(key, answer)
        assert v.status == "wrong" and v.message.startswith("✗"), (key, answer, v)

"""The course of notebooks: each lesson opens with what it teaches and ends with what was seen,
uses a widget, checks its printed values by nbval tags (not comments students edit), keeps its
exercises unanswered and self-checking, and has its reference answers outside the notebooks folder."""
from __future__ import annotations

import importlib.util
import json
import re
from fractions import Fraction
from pathlib import Path

import pytest
from test_no_codes import CODE, readable

from euchre_lessons.exercises import EXERCISES, verdict

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
SOLUTIONS = sorted((ROOT / "solutions").glob("[0-9][0-9]_*.py"))
WIDGETS = ("DealStepper", "PlayTable", "RulesSideBySide", "ScoreExplorer", "SimulationLab")
CHECK = re.compile(r"""check\(\s*["']([\d.]+)["']""")


def _cells(path):
    return json.loads(path.read_text(encoding="utf-8"))["cells"]


def _text(cell) -> str:
    return "".join(cell["source"])


def _answers(path) -> dict:
    spec = importlib.util.spec_from_file_location(f"solutions_{path.stem}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.ANSWERS


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_a_lesson_opens_with_its_aims_and_ends_with_what_was_seen(path):
    markdown = [_text(c) for c in _cells(path) if c["cell_type"] == "markdown"]
    assert re.search(r"you will learn|you'll learn", markdown[0], re.IGNORECASE), markdown[0][:200]
    assert re.search(r"what you have seen|you have seen", markdown[-1], re.IGNORECASE), markdown[-1][:200]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_a_lesson_ends_with_its_licence(path):
    last = [_text(c) for c in _cells(path) if c["cell_type"] == "markdown"][-1]
    footer = last.rsplit("---", 1)[-1]
    assert "CC BY 4.0" in footer and "creativecommons.org/licenses/by/4.0" in footer and "MIT" in footer, footer[-300:]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_a_lesson_uses_a_widget(path):
    code = "\n".join(_text(c) for c in _cells(path) if c["cell_type"] == "code")
    assert any(w in code for w in WIDGETS), f"{path.name} uses none of {', '.join(WIDGETS)}"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_checked_cells_are_marked_by_tags_and_there_are_at_least_five(path):
    cells = [c for c in _cells(path) if c["cell_type"] == "code"]
    for c in cells:
        assert "NBVAL_" not in _text(c), f"{path.name}: mark nbval cells with tags, not comments"
    checked = [c for c in cells if "nbval-check-output" in c.get("metadata", {}).get("tags", [])]
    assert len(checked) >= 5, f"{path.name}: {len(checked)} checked cells"
    assert all(c.get("outputs") for c in checked), f"{path.name}: a checked cell has no stored output"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_every_exercise_is_unanswered_and_checks_itself(path):
    for c in _cells(path):
        if c["cell_type"] != "code":
            continue
        for key in CHECK.findall(_text(c)):
            assert key in EXERCISES, f"{path.name} checks {key}, which is no exercise"
            assert "= ..." in _text(c), f"{path.name}: the cell checking {key} must start unanswered (= ...)"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_a_lesson_is_stored_executed_with_its_widget_state_and_stays_small(path):
    nb = json.loads(path.read_text(encoding="utf-8"))
    code = [c for c in nb["cells"] if c["cell_type"] == "code"]
    assert all(c["execution_count"] for c in code), \
        f"{path.name}: store it executed (python -m euchre_lessons.delivery.lessons --execute)"
    assert not [o for c in code for o in c.get("outputs", []) if o.get("output_type") == "error"]
    state = nb["metadata"].get("widgets", {}).get("application/vnd.jupyter.widget-state+json", {}).get("state", {})
    assert state, f"{path.name}: its widgets' state is not stored"
    assert path.stat().st_size < 1_500_000, f"{path.name} is {path.stat().st_size:,} bytes: slim its widget state"
    # JupyterLab restores the stored state when the lesson opens: a reference to a widget left
    # out of it is "widget model not found" in the browser.
    missing = set(re.findall(r"IPY_MODEL_([0-9a-f]+)", json.dumps(state))) - set(state)
    assert not missing, f"{path.name}: its widget state refers to widgets it does not hold: {sorted(missing)}"


def test_the_reference_answers_live_outside_the_notebooks_folder():
    assert not (ROOT / "notebooks" / "solutions").exists()
    assert SOLUTIONS


@pytest.mark.parametrize("path", SOLUTIONS, ids=lambda p: p.stem)
def test_every_reference_answer_passes_its_checker(path):
    for key, answer in _answers(path).items():
        v = verdict(key, answer)
        assert v.correct, f"{path.name} {key}: {v.message}"


def test_every_exercise_has_a_reference_answer_and_a_notebook_cell():
    answered = set()
    for path in SOLUTIONS:
        answered |= set(_answers(path))
    assert set(EXERCISES) <= answered, sorted(set(EXERCISES) - answered)
    checked = set()
    for path in NOTEBOOKS:
        for c in _cells(path):
            checked |= set(CHECK.findall(_text(c)))
    assert set(EXERCISES) <= checked, sorted(set(EXERCISES) - checked)


def _shown(cell) -> str:
    """What a reader sees of a cell: its text and, for code, what it printed."""
    shown = [_text(cell)]
    for output in cell.get("outputs", []):
        text = output.get("text") or output.get("data", {}).get("text/plain", "")
        shown.append("".join(text) if isinstance(text, list) else text)
    return "\n".join(shown)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_no_chance_is_answered_in_the_lesson_before_its_exercise_asks_it(path):
    cells = _cells(path)
    for i, cell in enumerate(cells):
        if cell["cell_type"] != "code":
            continue
        for key in CHECK.findall(_text(cell)):
            ex = EXERCISES[key]
            if ex.kind != "chance" or Fraction(ex.expected).denominator == 1:
                continue
            answer = Fraction(ex.expected)
            written = re.compile(rf"(?<![\d/]){answer.numerator}/{answer.denominator}(?![\d/])")
            before = [j for j in range(i) if written.search(_shown(cells[j]))]
            assert not before, f"{path.name}: cell {before[0]} shows {answer}, the answer to {key}, before {key} is asked"



# Words that give an exercise's answer away, where the answer itself (a small number, a common word)
# is too common to look for; a word answer written as a code (``joker_turnup_rule``) is looked for as it is.
GIVES_AWAY = {
    "5.1": r"\b(?:5|five) cards each\b|\b(?:7|seven) (?:cards )?each\b|\b(?:two|2) more\b",
    "5.2": r"joker_turnup_rule|joker turn-?up rule|what a turned-up Joker proposes",
}
ASKED = re.compile(r"\*\*(\d+\.\d+)\b")  # an exercise's question opens with its number in bold


def _gives_away(key: str):
    ex = EXERCISES[key]
    found = [GIVES_AWAY[key]] if key in GIVES_AWAY else []
    if ex.kind == "word":
        found += [re.escape(w) for w in ex.expected if "_" in w]
    return re.compile("|".join(found), re.IGNORECASE) if found else None


def asked_before_answered(cells) -> list:
    """What is wrong with the order of a lesson's exercises: each is asked (its number in bold in a
    text cell) before its check cell, in numeric order, and nothing above its question shows words
    that answer it (``GIVES_AWAY``, a word answer written as a code)."""
    wrong, asked = [], {}
    for i, cell in enumerate(cells):
        if cell["cell_type"] == "markdown":
            for key in ASKED.findall(_text(cell)):
                asked.setdefault(key, i)
    order = sorted(asked, key=lambda k: tuple(map(int, k.split("."))))
    if list(asked) != order:
        wrong.append(f"the exercises are asked in the order {list(asked)}, not {order}")
    for i, cell in enumerate(cells):
        for key in CHECK.findall(_text(cell)) if cell["cell_type"] == "code" else ():
            if asked.get(key, i) >= i:
                wrong.append(f"cell {i} checks {key} before any text cell asks it")
    for key, i in asked.items():
        pattern = _gives_away(key) if key in EXERCISES else None
        before = [j for j in range(i) if pattern and pattern.search(_shown(cells[j]))]
        if before:
            wrong.append(f"cell {before[0]} answers {key} ({pattern.search(_shown(cells[before[0]])).group(0)!r}) "
                         f"before cell {i} asks it")
    return wrong


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_every_exercise_is_asked_in_order_before_anything_answers_it(path):
    assert asked_before_answered(_cells(path)) == [], path.name


def test_the_order_test_catches_lesson_05_as_it_was():
    """Lesson 05 asked 5.2 before 5.1, under the table row that names the knob, and asked 5.1
    after "5 cards each ... 7 each"."""
    old = json.loads((Path(__file__).parent / "data" / "05_before_reorder.json").read_text(encoding="utf-8"))
    wrong = asked_before_answered(old)
    assert any("order ['5.2', '5.1']" in w for w in wrong), wrong
    assert any("answers 5.1" in w for w in wrong) and any("answers 5.2" in w for w in wrong), wrong


# ---- words, never codes ------------------------------------------------------------------------

# The few cells whose output is the notation itself, each found by a line of its source. Lesson 00
# teaches the notation (a card is its rank and suit, `JS`, `TC`, `JK`) and every other cell writes
# cards in words; what is left are outputs that are notation by their nature.
NOTATION_CELLS = {
    ("00", 's.apply("play JS")'): "a refusal quoting the move the lesson typed, where lesson 00 teaches the notation",
    ("00", "line = str(t.states[0].deal)"): "lesson 00 shows a deal on one line and parses it back",
    ("00", "text = record.to_json(t.final)"): "lesson 00 shows the hand record, a file written in notation",
    ("01", 'print(card, "-", card_label(card, Suit.HEARTS))'): (
        "each card's code beside its name: the notation the exercises are answered in"),
    ("01", 's.apply("play JK")'): "a refusal quoting the move the lesson typed",
    ("02", 't.states[2].apply("discard KS")'): "a refusal quoting the move the lesson typed",
    ("02", 'before_east.apply("play TS")'): "a refusal quoting the move the lesson typed",
}


def _lesson(path) -> str:
    return path.stem[:2]


def _outputs_read(cell) -> list:
    """What a reader reads of a code cell's outputs: printed text, and for a rich output its HTML's
    visible text and accessible names (the plain-text fallback only where there is no HTML)."""
    read = []
    for output in cell.get("outputs", []):
        data = output.get("data", {})
        if "text" in output:
            read.append("".join(output["text"]))
        elif "text/html" in data:
            read.append(readable("".join(data["text/html"])))
        elif "text/plain" in data and "application/vnd.jupyter.widget-view+json" not in data:
            read.append("".join(data["text/plain"]))
    return read


def test_the_notation_cells_are_still_there_and_still_notation():
    """Each listed cell is found exactly once and still shows codes: a list entry that no longer
    matches a cell, or guards a cell that has gone over to words, fails here."""
    by_lesson = {_lesson(p): _cells(p) for p in NOTEBOOKS}
    for (lesson, needle), why in NOTATION_CELLS.items():
        hits = [c for c in by_lesson[lesson] if c["cell_type"] == "code" and needle in _text(c)]
        assert len(hits) == 1, f"lesson {lesson}: {len(hits)} cells hold {needle!r} ({why})"
        assert any(CODE.search(t) for t in _outputs_read(hits[0])), (
            f"lesson {lesson}: {needle!r} shows no codes now: drop it from the list")


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_a_lesson_prints_cards_in_words_outside_its_notation_cells(path):
    exempt = [needle for (lesson, needle) in NOTATION_CELLS if lesson == _lesson(path)]
    for i, cell in enumerate(_cells(path)):
        if cell["cell_type"] != "code" or any(needle in _text(cell) for needle in exempt):
            continue
        for text in _outputs_read(cell):
            found = CODE.findall(text)
            assert not found, f"{path.name} cell {i} shows card codes {found[:6]}: {text[:300]!r}"


def test_the_scan_reads_printed_text_and_html_but_not_widget_fallbacks():
    cell = {"outputs": [{"output_type": "stream", "text": ["trick 1: North 9D\n"]},
                        {"output_type": "display_data", "data": {"text/html": '<span aria-label="play JS">x</span>',
                                                                 "text/plain": "fallback 7S"}},
                        {"output_type": "display_data", "data": {"application/vnd.jupyter.widget-view+json": {},
                                                                 "text/plain": "VBox(JH)"}}]}
    assert [CODE.findall(t) for t in _outputs_read(cell)] == [["9D"], ["JS"]]


def test_lesson_08_shows_only_the_players_a_pupil_meets_and_measures_the_club_player_in_a_cell():
    """The old lesson set the expert beside "the rule of thumb before its mend", a player no menu
    offers, and wrote its 40% of lone hands into the text, a figure a change of player makes stale."""
    cells = _cells(ROOT / "notebooks" / "08_play_against_the_computer.ipynb")
    shown = "\n".join(_shown(c) for c in cells)
    assert "before its mend" not in shown and "thumb_before_mend" not in shown and "before the mend" not in shown
    prose = "\n".join(_text(c) for c in cells if c["cell_type"] == "markdown")
    assert not re.search(r"alone in\s+\d+%", prose), "a share of lone hands written into the text"
    assert any("simulate.hands" in _text(c) and '"club"' in _text(c) and "alone" in _text(c)
               for c in cells if c["cell_type"] == "code"), "no cell measures how often the club player goes alone"

"""The lessons as static copies show them (nbconvert's HTML, GitHub's viewer, a Jupyter Book):
every stored chart carries its figures in words beside it, a widget not drawn says to run its
cell, and no lesson is heavy to fetch."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from euchre_lessons import figures

ROOT = Path(__file__).resolve().parents[1]
LESSONS = sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
PLOTLY = "application/vnd.plotly.v1+json"
WIDGET = "application/vnd.jupyter.widget-view+json"


def _outputs(path: Path):
    for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
        yield from cell.get("outputs", ())


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem)
def test_every_stored_chart_has_its_words_and_every_widget_a_sentence(path):
    charts = widgets = 0
    for output in _outputs(path):
        data = output.get("data", {})
        if PLOTLY in data:
            charts += 1
            assert figures.WORDS_CLASS in "".join(data.get("text/html", "")), f"{path.name}: a chart without its words"
        if WIDGET in data:
            widgets += 1
            plain = "".join(data["text/plain"])
            assert plain.startswith("Run this cell to see"), (path.name, plain[:80])
    assert path.stat().st_size < 2 * 2**20, f"{path.name} is {path.stat().st_size:,} bytes"
    if path.stem.startswith("06"):
        assert charts >= 4


def test_nbconvert_keeps_every_chart_of_lesson_06():
    import nbformat
    from nbconvert import HTMLExporter

    path = next(p for p in LESSONS if p.stem.startswith("06"))
    nb = nbformat.read(path, as_version=4)
    charts = sum(PLOTLY in o.get("data", {}) for c in nb.cells for o in c.get("outputs", ()))
    html, _ = HTMLExporter().from_notebook_node(nb)
    assert charts >= 4 and html.count(f'class="{figures.WORDS_CLASS}"') == charts
    assert "VBox(children" not in html

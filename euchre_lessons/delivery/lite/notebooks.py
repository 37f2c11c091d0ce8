"""The notebooks of the browser site: the lessons with a set-up cell, and a page to start on.

A lesson that needs pandas or numpy says so in a line of its own and in its metadata
(``"euchre_lessons": {"browser_needs": ["pandas"]}``); its set-up cell in the site then awaits
``needs(...)``, which loads them from the site itself when an offline build holds them (``held``),
else from Pyodide's package index when the browser is online.

The set-up cell installs the kit without plotly (``LATER``): the kit itself without its
dependencies, then those the browser needs, plotly left out. A lesson that draws (``draws``:
its cells use ``figures`` or a widget that draws) also awaits ``needs("plotly")``, which
installs plotly from the site's own wheels; the start page does so in its figure's cell.
"""
from __future__ import annotations

import functools
import importlib.metadata
import json
import re
from pathlib import Path

from packaging.requirements import Requirement

from . import LATER

# JupyterLite's Pyodide kernel
KERNELSPEC = {"name": "python", "display_name": "Python (Pyodide)", "language": "python"}
# The widgets that draw a chart (each of their modules imports figures); tests/test_lite.py
# holds this list to the widgets.
DRAWING_WIDGETS = ("RulesSideBySide", "ScoreExplorer", "SimulationLab", "ClassBoard")
DRAWS = re.compile(r"\b(figures|plotly|" + "|".join(DRAWING_WIDGETS) + r")\b")


@functools.cache
def browser_requirements() -> tuple[str, ...]:
    """The kit's dependencies in the browser (by its installed metadata), but ``LATER``'s."""
    browser = {"sys_platform": "emscripten", "platform_system": "Emscripten", "extra": ""}
    names = []
    for text in importlib.metadata.requires("euchre-lessons") or []:
        req = Requirement(text)
        if (req.marker is None or req.marker.evaluate(browser)) and req.name not in LATER:
            names.append(req.name)
    return tuple(names)


def install() -> str:
    """The lines that install the kit in the browser, without ``LATER``."""
    return f"%pip install -q --no-deps euchre-lessons\n%pip install -q {' '.join(browser_requirements())}"


def _markdown(key: str, text: str) -> dict:
    return {"cell_type": "markdown", "id": key, "metadata": {}, "source": text.splitlines(keepends=True)}


def _code(key: str, text: str) -> dict:
    return {"cell_type": "code", "execution_count": None, "id": key, "metadata": {}, "outputs": [],
            "source": text.splitlines(keepends=True)}


def browser_needs(nb: dict) -> list[str]:
    """The packages beyond the kit that a lesson needs (its metadata says)."""
    return list(nb.get("metadata", {}).get("euchre_lessons", {}).get("browser_needs", []))


def _listed(names) -> str:
    return ", ".join(f'"{n}"' for n in names)


def draws(nb: dict) -> bool:
    """Whether a lesson's code draws a chart (so needs plotly in the browser)."""
    return any(DRAWS.search("".join(c["source"])) for c in nb.get("cells", []) if c["cell_type"] == "code")


# A lesson's own line for the browser, and what it says in a site that holds its packages.
FETCHED = "which it loads from Pyodide's package index: there it needs the internet."
HELD = "which this site holds: it needs no internet."


def set_up(needs: list[str], drawing: bool = False, held=()) -> list[dict]:
    """The cells that open a lesson in the browser: install the kit, load what it needs (from
    the site, for the packages ``held``), and plotly if it draws."""
    code = install()
    words = "Run this cell first: it installs the kit in this page's Python (nothing is installed on the computer)."
    if needs and set(needs) <= set(held):
        words += f" This lesson also needs {' and '.join(needs)}, which this site holds: no internet is needed."
    elif needs:
        words += (f" This lesson also needs {' and '.join(needs)}, which the browser fetches from Pyodide's "
                  "package index: that needs the internet.")
    if drawing:
        words += " It draws charts, so the cell also installs plotly, from this site."
    wanted = [*needs, *LATER] if drawing else list(needs)
    if wanted:
        code += f"\nfrom euchre_lessons.delivery.lite import needs\n\nawait needs({_listed(wanted)})"
    return [_markdown("browser-set-up-note", f"**In the browser.** {words}"), _code("browser-set-up", code)]


def lesson_copy(path: Path, held=()) -> dict:
    """A lesson as the site holds it: its set-up cells first, and the Pyodide kernel; where the
    site holds the packages it needs (``held``), its line for the browser says so."""
    nb = json.loads(Path(path).read_text(encoding="utf-8"))
    needs = browser_needs(nb)
    if needs and set(needs) <= set(held):
        for cell in nb["cells"]:
            text = "".join(cell["source"])
            if cell["cell_type"] == "markdown" and FETCHED in text:
                cell["source"] = text.replace(FETCHED, HELD).splitlines(keepends=True)
    nb["cells"] = set_up(needs, draws(nb), held) + nb["cells"]
    nb["metadata"]["kernelspec"] = dict(KERNELSPEC)
    return nb


START = """# Start here, in the browser

This page runs Python inside your browser: nothing is installed on the computer. Run the cells
one after another (Shift+Enter). The first one installs the kit in this page's Python; it takes
a few seconds the first time.

The lessons (`00_start_here.ipynb` to `09_probability_lab.ipynb`) are in the file list beside this
page. {needs} Your changes stay in this browser only."""
ONLINE = ("Those that need pandas or numpy say so at the top: the browser fetches them from Pyodide's package index, "
          "which needs the internet.")
OFFLINE = "Those that need pandas or numpy load them from this site too: no lesson needs the internet."


def start_here(held: bool = False) -> dict:
    """``start_here_in_the_browser.ipynb``: the deal stepper, the play table, a figure and practice;
    ``held``: the site holds every lesson's packages."""
    cells = [_markdown("title", START.format(needs=OFFLINE if held else ONLINE)), _code("install", install()),
             _markdown("stepper-note", "## A deal, step by step\n\nStep through a hand played by the computer: "
                                       "**Next** plays the next step, and every step is said in words."),
             _code("stepper", 'from euchre_lessons.widgets import DealStepper, PlayTable\n\n'
                              'DealStepper("standard", seed=0)'),
             _markdown("table-note", "## Play against the computer\n\nYou are North. Click a card to play it "
                                     "(a card you may not play says why); the computer plays the other seats."),
             _code("table", 'PlayTable("standard", seed=0)'),
             _markdown("figure-note", "## Points in a picture\n\nWhat making trump with three tricks scores "
                                      "under every preset that allows it (the page's first chart installs plotly, "
                                      "from this site):"),
             _code("figure", "from euchre_lessons import Outcome, figures\n"
                             "from euchre_lessons.delivery.lite import needs\n"
                             "from euchre_lessons.teaching import score_table\n\n"
                             f"await needs({_listed(LATER)})\n"
                             "figures.score_bars(score_table(Outcome(3)))"),
             _markdown("practice-note", "## Practise\n\nGive your name, choose a lesson's positions and press "
                                        "**Start**: each answer is proved by the engine. A position you miss at the "
                                        "first try goes into your review queue, a file kept in this browser, and "
                                        "comes back on a spaced schedule (choose **Due today** next time)."),
             _code("practice", "from euchre_lessons.widgets import PracticeDesk\n\nPracticeDesk()"),
             _markdown("hand-in-note", "## Hand in your work\n\nWhat you answer here is kept under your name: your "
                                       "practice answers, and in the lessons each `check` once you have run "
                                       "`sign_in(\"your name\")`. Give your name and press **Save my work for the "
                                       "teacher**: it writes one file, `<name>.euchre-work.json`, to download and "
                                       "hand in."),
             _code("hand-in", "from euchre_lessons.widgets import HandIn\n\nHandIn()")]
    return {"cells": cells, "metadata": {"kernelspec": dict(KERNELSPEC), "language_info": {"name": "python"}},
            "nbformat": 4, "nbformat_minor": 5}

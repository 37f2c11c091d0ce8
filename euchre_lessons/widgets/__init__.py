"""Widgets over the teaching layer's values: the only part of the kit that imports ipywidgets.

* ``DealStepper`` - step through a hand: the table, each step in words, one seat's view, the
  best cards, another card tried and both endings.
* ``PlayTable`` - play one seat against the computer: hints, undo, the review, the game score.
* ``RulesSideBySide`` - two rule systems: their knobs, one deal under both, many deals summed.
* ``PracticeTable`` - positions answered one at a time (a lesson's, or a review queue's due today);
  ``PracticeDesk`` - the practice page: a name, what to practise, Start.
* ``ScoreExplorer`` - an outcome's points under every preset that allows it.
* ``HandIn`` - "Save my work for the teacher": a pupil's work as one file to hand in.
* ``ClassBoard`` - the teacher's page: what the class did (``ClassReport``), read again as pupils play.
* ``SimulationLab`` - many hands under chosen presets, with a progress bar and a Stop button.
* ``ProgressBar`` - the simulator's bar in a notebook.

Each holds one model value (``model``), redrawn from the engine's renderers and figures
(``base.LessonWidget``), takes ``palette="colour-blind"`` and ``large=True``, and names every
card and button in words.

The modules: ``base`` (what every widget shares), ``stepper``, ``table``, ``compare``,
``practice``, ``scores``, ``classboard``, ``handin``, ``lab``, ``progress`` (one widget each, as
listed above), ``sheet`` (the play table's styles sent once) and ``watch`` (a page's watch on
its kernel's link).
"""
import importlib

from ..simulate import progress as _progress

# Each widget loads with its own module, when first asked for: importing the package loads
# neither ipywidgets nor the teaching layer, and a widget loads only what it draws.
_WHERE = {"ClassBoard": "classboard", "RulesSideBySide": "compare", "HandIn": "handin", "SimulationLab": "lab",
          "PracticeDesk": "practice", "PracticeTable": "practice", "ProgressBar": "progress",
          "ScoreExplorer": "scores", "DealStepper": "stepper", "PlayTable": "table"}


def _notebook_bar(total: int, label: str):
    """The widget bar (``ProgressBar``), loaded when a simulation in a notebook first asks for one."""
    return __getattr__("ProgressBar")(total, label)


_progress.notebook_bar = _notebook_bar  # a simulation run in a notebook once the widgets are imported shows it


def __getattr__(name):
    if name in _WHERE:
        return getattr(importlib.import_module(f".{_WHERE[name]}", __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__():
    return sorted(set(globals()) | set(_WHERE))


__all__ = ["DealStepper", "PlayTable", "PracticeTable", "PracticeDesk", "RulesSideBySide", "ScoreExplorer", "SimulationLab",
           "ProgressBar", "ClassBoard", "HandIn"]

"""Every ``>>>`` example in the package runs as written and prints what it says it prints
(doctest), one test per module; the examples are found in every module whose source shows one,
so a module is imported only if it has examples (no widget is built to find them)."""
from __future__ import annotations

import doctest
import importlib
from pathlib import Path

import pytest

from euchre_lessons.classwork.journal import sign_out

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "euchre_lessons"
# ``...`` stands for the part of an output that is long or changes from run to run (a time).
FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE


def _module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = sorted(_module_name(p) for p in PACKAGE.rglob("*.py") if ">>>" in p.read_text(encoding="utf-8"))


def _examples(name: str) -> list[doctest.DocTest]:
    """The module's own docstrings' examples (what it imports from elsewhere is found there)."""
    module = importlib.import_module(name)
    assert Path(module.__file__).is_relative_to(PACKAGE), module.__file__  # this checkout's, not another
    return [t for t in doctest.DocTestFinder().find(module) if t.examples]


@pytest.fixture(autouse=True)
def _nobody_signed_in():
    sign_out()
    yield
    sign_out()


@pytest.mark.parametrize("name", MODULES)
def test_the_examples_run_and_print_what_they_say(name, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # an example that keeps a file (a journal, a queue) keeps it here
    tests = _examples(name)
    assert tests, f"{name} shows '>>>' but doctest finds no example in it"
    runner = doctest.DocTestRunner(optionflags=FLAGS)
    report: list[str] = []
    for test in tests:
        runner.run(test, out=report.append, clear_globs=True)
    assert runner.failures == 0, "".join(report)


def test_every_example_is_collected():
    """Not a silent pass on an empty collection: the modules, docstrings and examples counted
    when every example was first made to run (more is fine)."""
    assert len(MODULES) >= 33, MODULES
    found = [t for name in MODULES for t in _examples(name)]
    assert len(found) >= 34
    assert sum(len(t.examples) for t in found) >= 167

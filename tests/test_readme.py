"""The README starts with the two commands a newcomer needs, and CI runs the second."""
from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
FENCE = re.compile(r"^```[^\n]*\n(.*?)^```", re.MULTILINE | re.DOTALL)


@pytest.fixture(scope="module")
def readme() -> str:
    return (ROOT / "README.md").read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def commands(readme) -> list[str]:
    """The first two fenced blocks, each exactly one command line."""
    blocks = FENCE.findall(readme)
    assert len(blocks) >= 2, "README must start with two fenced commands"
    lines = []
    for block in blocks[:2]:
        body = [line for line in block.splitlines() if line.strip()]
        assert len(body) == 1, f"expected one command line, got {body}"
        lines.append(body[0].strip())
    return lines


def test_readme_opens_with_title_sentence_and_two_commands(readme):
    head = readme.split("```", 1)[0]
    lines = [line for line in head.splitlines() if line.strip()]
    assert lines[0].startswith("# ") and len(lines) == 2, lines
    # Nothing but the two fenced blocks between the sentence and the first command's end.
    first_two_end = [m.end() for m in FENCE.finditer(readme)][1]
    between = FENCE.sub("", readme[len(head):first_two_end])
    assert not between.strip()


def test_first_command_opens_the_start_notebook_in_jupyterlab(commands):
    first = commands[0]
    assert first.startswith("python3.11 -m venv .venv && ")
    assert '.venv/bin/pip install -e ".[lab]"' in first
    assert first.endswith(".venv/bin/jupyter lab notebooks/00_start_here.ipynb")
    assert (ROOT / "notebooks" / "00_start_here.ipynb").is_file()


def test_second_command_runs_pytest(commands):
    second = commands[1]
    assert second.startswith("python3.11 -m venv .venv && ")
    assert '.venv/bin/pip install -e ".[test]"' in second
    assert second.endswith("-m pytest")


def test_ci_runs_the_readme_test_command_verbatim(commands):
    script = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    run_lines = [
        line.strip() for line in script.splitlines()
        if line.strip() and not line.strip().startswith("#")
    ]
    assert commands[1] in run_lines, ".ci/run must run the README's test command as is"


def test_readme_extras_exist(commands):
    with open(ROOT / "pyproject.toml", "rb") as f:
        extras = tomllib.load(f)["project"]["optional-dependencies"]
    for command in commands:
        for extra in re.findall(r'-e "\.\[(\w+)\]"', command):
            assert extra in extras

"""The README starts with the two commands a newcomer needs, and CI runs the second; every
Python block of it runs as written, its shell examples run, and its layout is the package's."""
from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from euchre_lessons.delivery import arguments
from euchre_lessons.delivery import commands as command_line

ROOT = Path(__file__).resolve().parents[1]
FENCE = re.compile(r"^```[^\n]*\n(.*?)^```", re.MULTILINE | re.DOTALL)
TAGGED_FENCE = re.compile(r"^```(?P<lang>[^\n]*)\n(?P<body>.*?)^```", re.MULTILINE | re.DOTALL)


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
    assert first.startswith("python3 -m venv .venv && ")
    assert '.venv/bin/pip install -e ".[lab]"' in first
    assert first.endswith(".venv/bin/euchre-lessons lab")  # JupyterLab opened on lesson 00, not the Launcher
    assert (ROOT / "notebooks" / "00_start_here.ipynb").is_file()


def test_the_lab_extra_brings_notebook_7_as_well():
    import tomllib

    lab = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["optional-dependencies"]["lab"]
    assert any(r.replace(" ", "").startswith("notebook>=7") for r in lab), lab


def test_second_command_runs_pytest(commands):
    second = commands[1]
    assert second.startswith("python3 -m venv .venv && ")
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


def test_the_commands_work_on_any_python_from_3_11(readme, commands):
    """``python3``, not a minor version: the set-up works on 3.11, 3.12, 3.13 ..."""
    for command in commands:
        assert not re.search(r"python3\.\d", command), command
    with open(ROOT / "pyproject.toml", "rb") as f:
        assert tomllib.load(f)["project"]["requires-python"] == ">=3.11"
    assert "3.11 or later" in readme
    script = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert not re.search(r"^[^#]*python3\.\d", script, re.MULTILINE), ".ci/run must use python3 as the README does"


# ---- the Python blocks, as a reader pastes them ------------------------------------------------

def python_blocks(readme: str) -> list[str]:
    return [m["body"] for m in TAGGED_FENCE.finditer(readme) if m["lang"].strip() == "python"]


def test_the_readme_has_python_examples(readme):
    assert len(python_blocks(readme)) >= 2


@pytest.mark.parametrize("index", range(len(python_blocks((ROOT / "README.md").read_text(encoding="utf-8")))))
def test_every_python_block_runs_as_written(readme, index):
    """Each block runs on its own, in a fresh namespace, exactly as a reader would paste it:
    it defines everything it uses (state_in_play, finished_state ...)."""
    code = python_blocks(readme)[index]
    namespace: dict = {"__name__": "__readme__"}
    exec(compile(code, f"README.md, python block {index + 1}", "exec"), namespace)


def test_the_solver_examples_get_their_states_as_shown(readme):
    block = next(b for b in python_blocks(readme) if "solver.solve(" in b)
    namespace: dict = {}
    exec(compile(block, "README.md", "exec"), namespace)
    assert namespace["state_in_play"].phase.value == "play"
    assert namespace["finished_state"].is_over


# ---- the shell examples ------------------------------------------------------------------------

def shell_examples(readme: str) -> list[list[str]]:
    """Each ``.venv/bin/euchre-lessons ...`` line (``.venv-lite/`` for the browser site), as
    arguments (the comment left off)."""
    found = []
    for m in TAGGED_FENCE.finditer(readme):
        for line in m["body"].splitlines():
            line = line.split("#", 1)[0].strip()
            if line.startswith((".venv/bin/euchre-lessons ", ".venv-lite/bin/euchre-lessons ")):
                found.append(line.split()[1:])
    return found


def test_the_shell_examples_parse_and_the_quick_ones_run(readme, capsys):
    examples = shell_examples(readme)
    assert {args[0] for args in examples} >= {"deal", "rules", "simulate"}
    for args in examples:
        arguments.parser().parse_args(args)                  # every example is a valid command line
        # the slow ones (handouts: tests/test_handout.py), and the servers, which run until stopped
        # (tests/test_app.py, tests/browser/); the browser site's build (tests/browser/test_lite_site.py)
        if args[0] not in ("simulate", "handout", "app", "lab", "lite"):
            assert command_line.main(args) == 0, args
            out, err = capsys.readouterr()
            assert out and not err


def test_the_deal_example_says_who_plays(readme, capsys):
    line = next(line for line in readme.splitlines() if line.startswith(".venv/bin/euchre-lessons deal"))
    assert "# a hand played by the rule-of-thumb players, step by step" in line
    assert command_line.main(line.split("#")[0].split()[1:]) == 0
    assert "played by the rule-of-thumb players" in capsys.readouterr().out.splitlines()[0]


# ---- the layout --------------------------------------------------------------------------------

def layout_block(readme: str) -> str:
    section = readme.split("## Layout", 1)[1].split("\n## ", 1)[0]
    return FENCE.search(section).group(1)


def test_the_layout_names_every_module_of_the_package_and_no_other(readme):
    block = layout_block(readme)
    engine = block.split("data/rules/", 1)[0]
    named = set(re.findall(r"(?<![\w/.])(\w+\.py|\w+/)(?=[\s,]|$)", engine)) - {"euchre_lessons/"}
    package = ROOT / "euchre_lessons"
    actual = {p.name for p in package.glob("*.py") if p.name != "__init__.py"}
    actual |= {p.name + "/" for p in package.iterdir() if p.is_dir() and (p / "__init__.py").is_file()}
    assert named == actual


def test_the_layout_and_the_rule_book_paths_exist(readme):
    block = layout_block(readme)
    for path in ("data/rules", "data/deals", "docs/rules.md", "docs/knobs.md", "solutions", "bench",
                 ".ci/run"):
        assert path in block or path in readme, path
        assert (ROOT / path).exists(), path
    assert "python -m euchre_lessons.rulebook --write" in readme
    assert "## The rule book, for teachers" in readme


# ---- launch buttons ----------------------------------------------------------------------------

BINDER = re.compile(r"\(https://mybinder\.org/v2/gh/OWNER/REPOSITORY/HEAD\?urlpath=lab/tree/([\w/.]+)\)")


def test_no_launch_button_leads_nowhere(readme):
    """The project has no public address (pyproject.toml names none): the buttons are given as
    text for a teacher's published copy, with its placeholders explained, never drawn as links."""
    with open(ROOT / "pyproject.toml", "rb") as f:
        assert "urls" not in tomllib.load(f)["project"], "pyproject.toml has an address now: make the buttons real"
    rendered = re.sub(r"`[^`]*`", "", TAGGED_FENCE.sub("", readme))   # what the page shows as links and pictures
    targets = re.findall(r"\]\(\s*([^)\s]+)", rendered)
    assert targets and not [t for t in targets if "mybinder.org" in t or "OWNER" in t or "SITE" in t], targets
    block = next(m["body"] for m in TAGGED_FENCE.finditer(readme) if "mybinder.org" in m["body"])
    assert "jupyterlite" in block and "(https://SITE/)" in block
    assert "with `OWNER/REPOSITORY` your repository and `SITE` the address" in " ".join(readme.split())


def test_the_binder_button_and_its_pages_open_files_of_the_kit(readme):
    (lesson,) = BINDER.findall(readme)
    assert (ROOT / lesson).is_file() and lesson.endswith("00_start_here.ipynb")
    for page in re.findall(r"urlpath=voila/render/([\w/.]+\.ipynb)", readme):
        assert (ROOT / page).is_file(), page

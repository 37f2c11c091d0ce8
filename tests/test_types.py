"""The kit's type hints: mypy, configured in pyproject.toml ([tool.mypy]), finds nothing in any
module of the package; the checker reads ``RuleSet``'s knobs as declared; the declarations match
``knobs.KNOBS``; and the package says it is typed (``py.typed``)."""
import pkgutil
import subprocess
import sys
import tomllib
import typing
from pathlib import Path

import euchre_lessons
from euchre_lessons import rules
from euchre_lessons.knobs import KNOBS

ROOT = Path(__file__).resolve().parents[1]


def _mypy(*args: str) -> subprocess.CompletedProcess:
    # the cache (.mypy_cache, ignored by git) makes a second run take a fraction of the first
    return subprocess.run([sys.executable, "-m", "mypy", "--no-color-output", "--no-error-summary", *args],
                          cwd=ROOT, capture_output=True, text=True, check=False)


def test_mypy_finds_nothing_in_the_package():
    done = _mypy()
    assert done.returncode == 0 and not done.stdout.strip(), done.stdout + done.stderr


def test_the_check_covers_every_module_of_the_package():
    """All of ``euchre_lessons/``; errors are let pass only in the modules being rewritten."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]
    assert config["files"] == ["euchre_lessons/"]
    let_pass = [m for o in config.get("overrides", []) if o.get("ignore_errors") for m in o["module"]]
    assert set(let_pass) <= {"euchre_lessons.players.layouts", "euchre_lessons.players.search"}, let_pass
    strict = [m for o in config["overrides"] if o.get("disallow_untyped_defs") and o.get("disallow_incomplete_defs")
              for m in o["module"]]
    assert {"euchre_lessons.cards", "euchre_lessons.ranking", "euchre_lessons.outcome", "euchre_lessons.scoring",
            "euchre_lessons.table", "euchre_lessons.actions", "euchre_lessons.deals", "euchre_lessons.result",
            "euchre_lessons.rules", "euchre_lessons.solver.*", "euchre_lessons.hand.*", "euchre_lessons.game",
            "euchre_lessons.events", "euchre_lessons.constrained", "euchre_lessons.cutting", "euchre_lessons.record",
            "euchre_lessons.files", "euchre_lessons.playthrough", "euchre_lessons.stats",
            "euchre_lessons.words"} <= set(strict), strict  # every function typed
    modules = {m.name for m in pkgutil.walk_packages(euchre_lessons.__path__, "euchre_lessons.")}
    assert [m for m in strict if not m.endswith(".*") and m not in modules] == []  # a misspelt name holds nothing


def test_every_module_of_the_hand_is_held_to_typed_functions(tmp_path):
    """``euchre_lessons.hand.*`` holds the package and each of its modules: a function without
    annotations added to any of them is an error (each module's text stood in for by mypy's
    ``--shadow-file``, the file itself untouched)."""
    hand = Path(euchre_lessons.__file__).parent / "hand"
    for path in sorted(hand.glob("*.py")):
        probe = tmp_path / path.name
        probe.write_text(path.read_text(encoding="utf-8") + "\n\ndef _untyped(x):\n    return x\n", encoding="utf-8")
        done = _mypy("--shadow-file", str(path), str(probe), str(path))
        assert "[no-untyped-def]" in done.stdout and done.returncode == 1, (path.name, done.stdout + done.stderr)


def test_mypy_reads_the_rule_sets_knobs(tmp_path):
    """The knobs declared for the checker are read: a misspelt knob, or a knob used as the wrong
    type, is an error (were ``RuleSet`` unknown to the checker, neither would be)."""
    probe = ("from euchre_lessons import rules\n"
             "r = rules.load('standard')\n"
             "ok: bool = r.lone_against\n"
             "r.lone_againts\n"
             "r.game_target + 'points'\n")
    (tmp_path / "probe.py").write_text(probe, encoding="utf-8")
    done = _mypy(str(tmp_path / "probe.py"))
    out = done.stdout
    assert done.returncode == 1, out + done.stderr
    assert 'has no attribute "lone_againts"' in out and "[attr-defined]" in out, out
    assert "[operator]" in out, out
    assert len(out.strip().splitlines()) == 2, out


def test_declared_knobs_match_the_knob_table():
    """``_RuleSetMethods`` declares each knob once, its type from the knob's allowed values."""
    hints = typing.get_type_hints(rules._RuleSetMethods)
    assert set(hints) == {k.name for k in KNOBS} | {"name", "_memo"}
    for k in KNOBS:
        hint = hints[k.name]
        if isinstance(k.allowed, tuple):
            assert typing.get_origin(hint) is typing.Literal, k.name
            assert typing.get_args(hint) == k.allowed, k.name
        elif k.allowed is tuple:
            assert typing.get_origin(hint) is tuple, k.name
            assert all(isinstance(x, typing.get_args(hint)[0]) for x in k.default), k.name
        else:
            assert hint is k.allowed, k.name


def test_the_package_says_it_is_typed():
    assert (Path(euchre_lessons.__file__).parent / "py.typed").is_file()

"""The package as a school or a contributor meets it: its licences, its one version, its entry, and
CONTRIBUTING.md, linked from the README and true to the tests, files and commands it names."""
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import euchre_lessons

ROOT = Path(__file__).resolve().parents[1]
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]


def test_the_licences_are_stated_and_shipped():
    assert PROJECT["license"] == "MIT AND CC-BY-4.0"
    for name in PROJECT["license-files"]:
        assert (ROOT / name).is_file(), name
    assert "MIT License" in (ROOT / "LICENSE").read_text()
    assert "creativecommons.org/licenses/by/4.0" in (ROOT / "LICENSE-LESSONS.md").read_text()
    assert PROJECT["authors"] and not any(c.startswith("License ::") for c in PROJECT["classifiers"])


def test_the_version_is_written_once():
    assert "version" not in PROJECT and "version" in PROJECT["dynamic"]
    assert euchre_lessons.__version__.count(".") == 2
    assert sum("__version__ =" in p.read_text() for p in (ROOT / "euchre_lessons").rglob("*.py")) == 1


def test_python_dash_m_runs_the_command_line():
    done = subprocess.run([sys.executable, "-m", "euchre_lessons", "rules"], capture_output=True, text=True,
                          check=False, cwd=ROOT)
    assert done.returncode == 0 and "standard" in done.stdout, done.stderr
    bad = subprocess.run([sys.executable, "-m", "euchre_lessons", "deal", "--rules", "bogus"], capture_output=True,
                         text=True, check=False, cwd=ROOT)
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1 and "error" in bad.stderr


# ---- CONTRIBUTING.md: linked from the README, and true to the code it names ---------------------

CONTRIBUTING = ROOT / "CONTRIBUTING.md"


def _contributing() -> str:
    return CONTRIBUTING.read_text(encoding="utf-8")


def test_contributing_exists_and_the_readme_links_it():
    assert CONTRIBUTING.is_file()
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Licence, changes, contributing", 1)[1]
    assert "[CONTRIBUTING.md](CONTRIBUTING.md)" in section


def test_contributing_sets_up_with_the_readmes_test_command():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    test_command = re.findall(r"^```bash\n(.*?)\n```", readme, re.MULTILINE)[1]
    assert "python -m pytest" in test_command and test_command in _contributing()


def test_every_test_contributing_names_exists():
    text = _contributing()
    named = re.findall(r"`(tests/[\w/]+\.py)::(test_\w+)`", text)
    assert len(named) >= 20
    for path, test in named:
        assert f"def {test}(" in (ROOT / path).read_text(encoding="utf-8"), f"{path} has no {test}"
    everywhere = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "tests").rglob("test_*.py"))
    for test in re.findall(r"`(test_\w+)`", text):    # named without its file
        assert f"def {test}(" in everywhere, test


def test_every_path_module_and_name_contributing_gives_exists():
    text = _contributing()
    paths = re.findall(r"`((?:tests|euchre_lessons|data|docs|notebooks|solutions)/[\w./-]+)`", text)
    assert len(paths) >= 20
    for path in (p for p in paths if "NN" not in p):   # lessonNN.py: the new lesson's, to be written
        assert (ROOT / path).exists(), path
    for module, flag in re.findall(r"python -m (euchre_lessons[\w.]*) (--\w+)", text):
        source = ROOT / Path(*module.split(".")).with_suffix(".py")
        assert flag in source.read_text(encoding="utf-8"), f"{module} has no {flag}"
    code = "\n".join(p.read_text(encoding="utf-8") for folder in ("euchre_lessons", "tests")
                     for p in (ROOT / folder).rglob("*.py"))
    for name in set(re.findall(r"`([A-Z][A-Z_]{3,}|_[A-Za-z]\w+)`", text)):   # tables and helpers it points to
        assert re.search(rf"^\s*(?:{name}\b.*=|def {name}\(|class {name}\b)", code, re.MULTILINE), name

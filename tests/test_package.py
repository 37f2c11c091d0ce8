"""The package as a school or a contributor meets it: its licences, its one version, its entry."""
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

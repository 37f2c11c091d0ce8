"""The course as shipped (``delivery.course``): the lessons copied into a pupil's folder, the
teacher's files kept apart, and the same from a wheel installed outside the repository."""
from __future__ import annotations

import email
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from euchre_lessons.delivery.arguments import parser
from euchre_lessons.delivery.commands import main

ROOT = Path(__file__).resolve().parents[1]


def test_the_ten_lessons_are_copied_and_an_edited_one_is_never_overwritten_unasked(tmp_path, capsys):
    mine = tmp_path / "mine"
    assert main(["lessons", str(mine)]) == 0
    assert sorted(p.name for p in mine.iterdir()) == sorted(p.name for p in (ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
    assert len(list(mine.iterdir())) == 10 and not (mine / "solutions").exists()
    edited = mine / "03_going_alone.ipynb"
    edited.write_text(edited.read_text(encoding="utf-8").replace("Going alone", "Going it alone", 1), encoding="utf-8")
    capsys.readouterr()
    assert main(["lessons", str(mine)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "03_going_alone.ipynb" in err and "--force" in err
    assert "Going it alone" in edited.read_text(encoding="utf-8")  # nothing copied over it
    assert main(["lessons", str(mine), "--force"]) == 0
    assert "overwrote 03_going_alone.ipynb" in capsys.readouterr().out
    assert edited.read_bytes() == (ROOT / "notebooks" / edited.name).read_bytes()


def test_a_hubs_start_up_copies_the_app_pages_and_keeps_a_pupils_edits(tmp_path, capsys):
    """``lessons DIR --apps --keep-edited``, the start-up command of the guide's JupyterHub section:
    run again at every start, it keeps an edited lesson, copies a missing one, and never fails."""
    mine = tmp_path / "euchre-lessons"
    assert main(["lessons", str(mine), "--apps", "--keep-edited"]) == 0
    apps = sorted(p.name for p in (mine / "apps").iterdir())
    assert "play.ipynb" in apps and "stepper.ipynb" in apps and "class.ipynb" not in apps  # the teacher's page stays out
    assert len(list(mine.glob("*.ipynb"))) == 10
    edited, gone = mine / "03_going_alone.ipynb", mine / "05_historical_vs_modern.ipynb"
    edited.write_text(edited.read_text(encoding="utf-8").replace("Going alone", "Going it alone", 1), encoding="utf-8")
    gone.unlink()
    capsys.readouterr()
    assert main(["lessons", str(mine), "--apps", "--keep-edited"]) == 0
    out = capsys.readouterr().out
    assert "kept 03_going_alone.ipynb (your own edits)" in out and "copied 05_historical_vs_modern.ipynb" in out
    assert "Going it alone" in edited.read_text(encoding="utf-8") and gone.is_file()


def test_the_teachers_files_go_to_a_folder_of_their_own(tmp_path):
    assert main(["lessons", str(tmp_path / "teacher"), "--teacher"]) == 0
    got = {str(p.relative_to(tmp_path / "teacher")) for p in (tmp_path / "teacher").rglob("*") if p.is_file()}
    assert "teachers_guide.md" in got and "solutions/05_historical_vs_modern.py" in got
    assert not any(name.endswith(".ipynb") for name in got)


def test_a_file_in_the_way_is_refused(tmp_path, capsys):
    (tmp_path / "f").write_text("x")
    assert main(["lessons", str(tmp_path / "f")]) == 2
    assert "is a file" in capsys.readouterr().err


# A link's or a picture's target in Markdown (inline, or a reference), or an HTML picture's
LINK = re.compile(r"!?\[[^\]]*\]\(\s*<?([^)\s>]+)|^\s*\[[^\]]+\]:\s*(\S+)|<img[^>]*\ssrc=[\"']([^\"']+)", re.MULTILINE)


def relative_links(markdown: str) -> list[str]:
    """The targets that only work beside the repository's files (a path, or an anchor of its page)."""
    targets = [t for m in LINK.finditer(markdown) for t in m.groups() if t]
    return [t for t in targets if not re.match(r"(https?|mailto):", t)]


def test_the_readme_has_relative_links_so_the_package_page_is_another_file():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "docs/images/stepper.png" in relative_links(readme) and "CONTRIBUTING.md" in relative_links(readme)
    assert relative_links('![a](https://example.org/a.png) [b](#b) <img src="c.png">') == ["#b", "c.png"]


def test_the_package_pages_commands_parse():
    page = (ROOT / "docs" / "package.md").read_text(encoding="utf-8")
    lines = [line.split("#", 1)[0].split() for line in page.splitlines() if line.startswith("euchre-lessons ")]
    assert len(lines) >= 5
    for args in lines:
        parser().parse_args(args[1:])


@pytest.fixture(scope="module")
def wheel_site(tmp_path_factory):
    """The kit's wheel, built from this checkout and installed (without its dependencies, which
    this environment has) into a folder outside the repository."""
    from euchre_lessons.delivery.lite.site import kit_wheel

    built = kit_wheel(tmp_path_factory.mktemp("wheel"))
    site = tmp_path_factory.mktemp("site")
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--target", str(site), str(built)],
                   check=True, capture_output=True, text=True, timeout=300)
    return site


def _from_wheel(site: Path, cwd: Path, *args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(site)}
    return subprocess.run([sys.executable, *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=300)


def test_a_wheel_installed_outside_the_repository_copies_the_lessons(wheel_site, tmp_path):
    where = _from_wheel(wheel_site, tmp_path, "-c", "import euchre_lessons.delivery.course as c; "
                                                    "print(c.installed(), c.lessons_folder())")
    assert where.stdout.split() == ["True", str(wheel_site / "euchre_lessons" / "course" / "lessons")], where.stderr
    done = _from_wheel(wheel_site, tmp_path, "-m", "euchre_lessons", "lessons", "class")
    assert done.returncode == 0, done.stderr
    assert len(list((tmp_path / "class").glob("*.ipynb"))) == 10 and not (tmp_path / "class" / "solutions").exists()
    hub = _from_wheel(wheel_site, tmp_path, "-m", "euchre_lessons", "lessons", "class", "--apps", "--keep-edited")
    assert hub.returncode == 0 and (tmp_path / "class" / "apps" / "play.ipynb").is_file(), hub.stderr  # a hub's start-up
    teacher = _from_wheel(wheel_site, tmp_path, "-m", "euchre_lessons", "lessons", "teacher", "--teacher")
    assert teacher.returncode == 0 and (tmp_path / "teacher" / "solutions" / "09_probability_lab.py").is_file()
    lab = _from_wheel(wheel_site, tmp_path, "-c", "from euchre_lessons.delivery.course import lab_folder; "
                                                  "print(lab_folder())")
    copied = tmp_path / "euchre-lessons"
    assert lab.stdout.strip() == str(copied) and len(list(copied.glob("*.ipynb"))) == 10


def test_the_package_page_has_no_relative_link_or_picture(wheel_site):
    """The wheel's description (the package index's page) works without the repository."""
    (metadata,) = wheel_site.glob("euchre_lessons-*.dist-info/METADATA")
    message = email.message_from_string(metadata.read_text(encoding="utf-8"))
    page = message.get_payload()
    assert message["Description-Content-Type"] == "text/markdown"
    assert "euchre-lessons lessons" in page and re.search(r"no\s+public\s+address", page)
    assert relative_links(page) == []


def test_a_handout_is_made_from_the_wheel_alone(wheel_site, tmp_path):
    done = _from_wheel(wheel_site, tmp_path, "-m", "euchre_lessons", "handout", "05", "--no-pdf", "--out", "out")
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "out" / "05_historical_vs_modern.html").is_file()

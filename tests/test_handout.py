"""Printable handouts: ``euchre-lessons handout NN`` writes HTML and a PDF without code cells."""
import json
import shutil
from pathlib import Path

import pytest
from pypdf import PdfReader

from euchre_lessons.delivery.commands import main
from euchre_lessons.delivery.handout import HandoutError, find_lesson, handout

ROOT = Path(__file__).resolve().parents[1]


def _headings(notebook: Path) -> list:
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    out = []
    for c in cells:
        if c["cell_type"] == "markdown":
            for line in "".join(c["source"]).splitlines():
                if line.startswith("#"):
                    out.append(line.lstrip("#").strip().replace("`", ""))
    return out


def test_a_handout_is_the_lesson_without_its_code_and_its_pdf_has_the_headings(tmp_path, capsys):
    assert shutil.which("chromium") or shutil.which("chromium-browser"), "CI installs Debian's chromium"
    notebook = find_lesson("09")
    assert main(["handout", "09", "--out", str(tmp_path)]) == 0
    page, pdf = tmp_path / f"{notebook.stem}.html", tmp_path / f"{notebook.stem}.pdf"
    assert f"wrote {page} and {pdf}" in capsys.readouterr().out
    html = page.read_text(encoding="utf-8")
    code = next(c for c in json.loads(notebook.read_text())["cells"] if c["cell_type"] == "code")
    first_line = "".join(code["source"]).splitlines()[0]
    assert first_line not in html  # the code cells are left out
    text = " ".join(" ".join(p.extract_text().split()) for p in PdfReader(pdf).pages)
    for heading in _headings(notebook)[:6]:
        words = " ".join(heading.split())
        assert words[:40] in text, f"{words!r} not in the PDF"


def test_a_lesson_is_found_by_number_or_name_and_a_wrong_one_is_refused(tmp_path, capsys):
    assert find_lesson(9) == find_lesson("09") == find_lesson("09_probability_lab")
    with pytest.raises(HandoutError, match="no lesson '42'"):
        find_lesson("42")
    assert main(["handout", "42", "--out", str(tmp_path)]) == 2
    assert "euchre-lessons: error: no lesson '42'" in capsys.readouterr().err
    page, pdf = handout("09", tmp_path, pdf=False)
    assert page.exists() and pdf is None


def test_a_full_disk_leaves_no_half_handout(tmp_path, monkeypatch, capsys):
    from euchre_lessons import files

    def full(*args):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(files.os, "replace", full)
    assert main(["handout", "09", "--out", str(tmp_path), "--no-pdf"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "No space left on device" in err
    assert list(tmp_path.iterdir()) == []  # no page, and no hidden part of one

"""Printable handouts: a lesson as an HTML page and a PDF, without its code cells.

    euchre-lessons handout 05                # writes 05_historical_vs_modern.html and .pdf here
    euchre-lessons handout 05 --out handouts --no-pdf

The notebook's stored outputs are printed as they are (so commit lessons executed): its text,
tables and card pictures; a widget's state does not print, only what the cell drew as HTML.
nbconvert writes the page; the system Chromium (Debian's ``chromium``) prints it to PDF.
"""
from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

from ..errors import EuchreError
from ..files import write_whole
from .course import lessons_folder

_HERE = Path(__file__).resolve().parent
NOTEBOOK_DIRS = (lessons_folder(), Path.cwd() / "notebooks")
CHROMIUM_NAMES = ("chromium", "chromium-browser", "google-chrome")


class HandoutError(EuchreError):
    """A handout that cannot be written: no such lesson, or no browser to print with."""


def find_lesson(lesson, folder=None) -> Path:
    """The notebook of a lesson: its number (``5``, ``"05"``), its file name or stem, or a path."""
    text = str(lesson).strip()
    ask = "give its number (00 to 09), its name or its .ipynb file"
    if not text:
        raise HandoutError(f"no lesson given ({lesson!r}): {ask}")
    path = Path(text)
    if path.suffix == ".ipynb" and path.is_file():
        return path
    if any(c in text for c in "*?[]"):
        raise HandoutError(f"no lesson {text!r}: a lesson is named, not matched by a pattern; {ask}")
    if len(path.parts) > 1 or path.is_absolute():
        what = "no such notebook" if path.suffix == ".ipynb" else "not a lesson notebook (.ipynb)"
        raise HandoutError(f"{text!r}: {what}; {ask}")
    folders = [Path(folder)] if folder is not None else [d for d in NOTEBOOK_DIRS if d.is_dir()]
    prefix = f"{int(text):02d}_" if text.isdigit() else text.removesuffix(".ipynb")
    for d in folders:
        found = sorted(d.glob(f"{prefix}*.ipynb"))
        if found:
            return found[0]
    where = ", ".join(str(d) for d in folders) or "no notebooks folder found"
    raise HandoutError(f"no lesson {text!r} in {where}: {ask}")


def _folder(out, make: bool = True) -> Path:
    """The folder to write into, made if need be (``make``); ``HandoutError`` if it cannot be."""
    out = Path(out)
    if out.exists() and not out.is_dir():
        raise HandoutError(f"--out {str(out)!r} is a file, not a folder: give a folder to write the handout into")
    if not make:
        return out
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise HandoutError(f"--out {str(out)!r}: cannot make that folder ({exc.strerror or exc}); "
                           "give a folder you can write in") from None
    return out


def chromium() -> str:
    """The system Chromium's path (``CHROMIUM`` overrides), else ``HandoutError``."""
    given = os.environ.get("CHROMIUM")
    if given:
        return given
    for name in CHROMIUM_NAMES:
        found = shutil.which(name)
        if found:
            return found
    raise HandoutError("no Chromium to print the PDF with: install it (Debian: apt-get install chromium), "
                       "set CHROMIUM to its path, or pass --no-pdf for the HTML page only")


def write_html(notebook: Path, out: Path) -> Path:
    """The lesson as one HTML page, code cells left out."""
    try:
        import nbformat  # deferred: start-up (nbformat)
        from nbconvert import HTMLExporter  # deferred: start-up (nbconvert)
    except ImportError:
        raise HandoutError("handouts need nbconvert: install the kit with its lab extra (pip install -e '.[lab]')") \
            from None
    try:
        nb = nbformat.read(notebook, as_version=4)
    except (OSError, ValueError) as exc:  # NotJSONError and UnicodeDecodeError are ValueErrors
        why = " ".join(str(exc).split())[:160]
        raise HandoutError(f"{str(notebook)!r} is not a notebook that can be read: {why}") from None
    exporter = HTMLExporter(exclude_input=True, exclude_input_prompt=True, exclude_output_prompt=True)
    body, _ = exporter.from_notebook_node(_with_static_figures(nb))
    page = _folder(out) / f"{notebook.stem}.html"
    try:
        write_whole(page, body)  # whole or not at all: a full disk leaves no half page
    except OSError as exc:
        raise HandoutError(f"{str(page)!r} cannot be written: {exc.strerror or exc}") from None
    return page


def _with_static_figures(nb):
    """Each stored plotly figure also as HTML that draws offline, so the page prints it."""
    from .. import figures  # deferred: start-up (figures loads plotly)

    first = True
    for cell in nb.cells:
        for output in cell.get("outputs", ()):
            data = output.get("data", {})
            words = figures.WORDS_CLASS in data.get("text/html", "")  # the chart's figures in words: drawn instead
            if "application/vnd.plotly.v1+json" in data and ("text/html" not in data or words):
                data["text/html"] = figures.static_html(data["application/vnd.plotly.v1+json"], first)
                first = False
    return nb


def write_pdf(page: Path, browser: str | None = None) -> Path:
    """Print an HTML page to a PDF beside it with the headless browser."""
    pdf = page.with_suffix(".pdf")
    part = page.with_name(f".{pdf.name}.part")  # printed beside it, then moved onto its name: never half a PDF
    command = [browser or chromium(), "--headless", "--no-sandbox", "--disable-gpu", "--no-pdf-header-footer",
               f"--print-to-pdf={part}", page.resolve().as_uri()]
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=120)
        if done.returncode != 0 or not part.exists():
            raise HandoutError(f"Chromium could not print {page.name}: {done.stderr.strip().splitlines()[-1:]}")
        os.replace(part, pdf)
    finally:
        part.unlink(missing_ok=True)
    return pdf


def handout(lesson, out=".", pdf: bool = True, folder=None) -> tuple:
    """Write a lesson's handout; returns ``(html path, pdf path or None)``."""
    notebook = find_lesson(lesson, folder)
    _folder(out, make=False)  # a file in the way is said before the lesson is converted
    page = write_html(notebook, Path(out))
    return page, (write_pdf(page) if pdf else None)

"""The lessons in the browser (``euchre_lessons.delivery.lite``), the quick parts: the command line's
errors, the lock file rewritten for a self-hosted Pyodide, the site's notebooks, the kit without
pandas and numpy, figures in the browser, and the bounds Pyodide allows. The site itself is
built, served and run in Chromium by tests/browser/test_lite_site.py."""
from __future__ import annotations

import asyncio
import hashlib
import importlib.metadata
import json
import socket
import subprocess
import sys
import threading
import tomllib
import urllib.request
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.version import Version

from euchre_lessons.delivery.commands import main
from euchre_lessons.delivery.lite import LiteError, bundle, needs, notebooks, serve, site

ROOT = Path(__file__).resolve().parents[1]
LESSONS = sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))


def run(capsys, *argv) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def one_error(err: str) -> str:
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("euchre-lessons: error: "), err
    return lines[0]


@pytest.fixture
def fake_site(tmp_path) -> Path:
    folder = tmp_path / "site"
    folder.mkdir()
    (folder / "index.html").write_text("<!doctype html><title>lessons</title>")
    (folder / site.MARK).write_text("{}")
    (folder / "core.wasm").write_bytes(b"\0asm")
    return folder


# ---- the command line's errors ------------------------------------------------------------------

def test_serve_a_missing_folder(capsys, tmp_path):
    code, out, err = run(capsys, "lite", "serve", str(tmp_path / "nowhere"))
    assert code == 2 and out == ""
    assert "no folder" in one_error(err) and "nowhere" in err and "lite build" in err


def test_serve_a_folder_that_is_not_a_site(capsys, tmp_path):
    (tmp_path / "index.html").write_text("hello")
    code, _, err = run(capsys, "lite", "serve", str(tmp_path))
    assert code == 2 and "is not a site built by euchre-lessons lite build" in one_error(err)


def test_serve_on_a_port_in_use(capsys, fake_site):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        code, _, err = run(capsys, "lite", "serve", str(fake_site), "--port", str(port))
    assert code == 2 and f"port {port} on 127.0.0.1 is already in use" in one_error(err)


def test_build_without_the_tools_says_which_extra(capsys, monkeypatch, tmp_path):
    real = site.importlib.util.find_spec
    monkeypatch.setattr(site.importlib.util, "find_spec",
                        lambda name, *a: None if name.startswith("jupyterlite") else real(name, *a))
    code, _, err = run(capsys, "lite", "build", str(tmp_path / "site"))
    assert code == 2 and 'pip install -e ".[lite]"' in one_error(err)
    assert not (tmp_path / "site").exists()


def test_build_refuses_a_folder_of_other_things(capsys, monkeypatch, tmp_path):
    monkeypatch.setattr(site, "check_tools", lambda: None)
    (tmp_path / "homework.txt").write_text("keep me")
    code, _, err = run(capsys, "lite", "build", str(tmp_path))
    assert code == 2 and "is not empty and holds no site built by euchre-lessons" in one_error(err)
    assert (tmp_path / "homework.txt").read_text() == "keep me"


def test_build_without_lessons(capsys, monkeypatch, tmp_path):
    monkeypatch.setattr(site, "check_tools", lambda: None)
    code, _, err = run(capsys, "lite", "build", str(tmp_path / "site"), "--notebooks", str(tmp_path))
    assert code == 2 and "no lessons" in one_error(err) and "--notebooks" in err


def test_offline_without_npm(monkeypatch, tmp_path):
    monkeypatch.setattr(bundle.shutil, "which", lambda name: None)
    with pytest.raises(LiteError, match=r"npm is not installed: install Node.js .* or build without --offline"):
        bundle.pyodide_core(tmp_path)


# ---- serving ------------------------------------------------------------------------------------

def test_the_server_serves_the_site_with_its_types(fake_site):
    httpd = serve.server(fake_site, port=_free_port())
    thread = threading.Thread(target=httpd.serve_forever)
    thread.start()
    try:
        url = serve.url_of(httpd)
        assert url.startswith("http://127.0.0.1:")
        with urllib.request.urlopen(url + "core.wasm") as reply:
            assert reply.headers["Content-Type"] == "application/wasm" and reply.read() == b"\0asm"
    finally:
        httpd.shutdown()
        httpd.server_close()
        thread.join()


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


# ---- Pyodide's lock file ------------------------------------------------------------------------

LOCK = {"packages": {
    "ipython": {"version": "9.12.0", "file_name": "ipython-9.12.0-py3-none-any.whl", "sha256": "old",
                "depends": ["prompt_toolkit", "traitlets"]},
    "prompt-toolkit": {"version": "3.0.52", "file_name": "prompt_toolkit-3.0.52-py3-none-any.whl", "sha256": "old",
                       "depends": ["wcwidth"]},
    "wcwidth": {"version": "0.6.0", "file_name": "wcwidth-0.6.0-py3-none-any.whl", "sha256": "old", "depends": []},
    "traitlets": {"version": "5.14.3", "file_name": "traitlets-5.14.3-py3-none-any.whl", "sha256": "old",
                  "depends": []},
    "pandas": {"version": "3.0.2", "file_name": "pandas-3.0.2-cp314-cp314-pyemscripten_2026_0_wasm32.whl",
               "sha256": "abc", "depends": []},
}}


def test_the_start_up_closure_follows_the_lock_by_normalised_names(monkeypatch):
    monkeypatch.setattr(bundle, "START_UP", ("ipython",))
    assert bundle.start_up_closure(json.loads(json.dumps(LOCK))) == {"ipython", "prompt-toolkit", "wcwidth",
                                                                     "traitlets"}
    with pytest.raises(LiteError, match="Pyodide 314.0.7 has no package scipy"):
        bundle.closure(LOCK, ["scipy"])


def test_the_sites_lock_names_its_own_files_and_the_cdn_only_for_what_it_lacks(tmp_path):
    wheel = tmp_path / "ipython-9.12.0-py3-none-any.whl"
    wheel.write_bytes(b"a wheel")
    lock = bundle.site_lock(json.loads(json.dumps(LOCK)), {"ipython": wheel}, online=["pandas"])
    ipython, pandas = lock["packages"]["ipython"], lock["packages"]["pandas"]
    assert ipython["file_name"] == wheel.name
    assert ipython["sha256"] == hashlib.sha256(b"a wheel").hexdigest()
    assert pandas["file_name"] == bundle.CDN + "pandas-3.0.2-cp314-cp314-pyemscripten_2026_0_wasm32.whl"
    assert pandas["sha256"] == "abc"
    assert set(lock["packages"]) == {"ipython", "pandas"}  # nothing else is fetched from anywhere
    assert bundle.CDN == f"https://cdn.jsdelivr.net/pyodide/v{bundle.PYODIDE_VERSION}/full/"


# ---- the lessons' packages, from a stand-in index on 127.0.0.1 -----------------------------------

def _entry(name, version, file_name, depends=(), imports=None, sha256="the real file's"):
    return {"name": name, "version": version, "file_name": file_name, "depends": list(depends),
            "imports": imports or [name], "sha256": sha256, "package_type": "package"}


def _stand_in_lock() -> dict:
    """Pyodide 314's lock, in short: the kernel's micropip, pandas and what it depends on (named
    as in the real lock), and scipy, which no lesson needs."""
    wasm = "cp314-cp314-pyemscripten_2026_0_wasm32.whl"
    return {"info": {"python": "3.14.2"}, "packages": {
        "micropip": _entry("micropip", "0.11.1", "micropip-0.11.1-py3-none-any.whl"),
        "pandas": _entry("pandas", "3.0.2", f"pandas-3.0.2-{wasm}", ["numpy", "python-dateutil", "pytz"]),
        "numpy": _entry("numpy", "2.4.6", f"numpy-2.4.6-{wasm}"),
        "python-dateutil": _entry("python-dateutil", "2.9.0.post0", "python_dateutil-2.9.0.post0-py2.py3-none-any.whl",
                                  ["six"], ["dateutil"]),
        "pytz": _entry("pytz", "2026.1.post1", "pytz-2026.1.post1-py2.py3-none-any.whl"),
        "six": _entry("six", "1.17.0", "six-1.17.0-py2.py3-none-any.whl"),
        "scipy": _entry("scipy", "1.16.2", f"scipy-1.16.2-{wasm}", ["numpy"])}}


LESSON_PACKAGES = {"pandas", "numpy", "python-dateutil", "pytz", "six"}


@pytest.fixture
def stand_ins(tmp_path, monkeypatch):
    """A cache holding a stand-in of Pyodide's core (npm's package, its lock in short) and the
    kernel's start-up wheel, and a folder of stand-in wheels of the lessons' packages (numpy's
    with the lock's own hash): nothing is asked of npm, PyPI or Pyodide's CDN."""
    from pyodide_standins import wheel

    cache, index = tmp_path / "downloads" / "lite", tmp_path / "index"  # as $EUCHRE_LESSONS_CACHE=downloads
    core = cache / f"pyodide-{bundle.PYODIDE_VERSION}" / "package"
    core.mkdir(parents=True)
    (cache / f"pyodide-{bundle.PYODIDE_VERSION}.tgz").write_bytes(b"")
    for name in bundle.CORE:
        (core / name).write_text(f"stand-in {name}")
    lock = _stand_in_lock()
    wheel(cache / "wheels", lock["packages"]["micropip"])
    for name in LESSON_PACKAGES:
        path = wheel(index, lock["packages"][name])
        if name == "numpy":
            lock["packages"][name]["sha256"] = hashlib.sha256(path.read_bytes()).hexdigest()
    (core / "pyodide-lock.json").write_text(json.dumps(lock))
    monkeypatch.setattr(bundle, "START_UP", ("micropip",))
    monkeypatch.setattr(bundle, "FETCH_SECONDS", 5)
    return cache, index, lock


def _no_outside_url(text: str) -> list[str]:
    import re

    return [u for u in re.findall(r"https?://[^\s\"']+", text) if not re.match(r"https?://(127\.0\.0\.1|localhost)[:/]", u)]


def test_an_offline_site_fetches_the_lessons_packages_once_and_its_lock_names_only_its_own_files(stand_ins, tmp_path):
    from pyodide_standins import served

    cache, index, lock = stand_ins
    said = []
    with served(index) as (url, asked):
        online = bundle.add_pyodide(tmp_path / "static", cache, ["pandas", "numpy"], index=url, log=said.append)
    assert online == []
    assert sorted(set(asked)) == sorted("/" + lock["packages"][n]["file_name"] for n in LESSON_PACKAGES)
    here = tmp_path / "static" / "pyodide"
    site_lock = json.loads((here / "pyodide-lock.json").read_text())
    assert set(site_lock["packages"]) == LESSON_PACKAGES | {"micropip"}  # scipy: no lesson needs it
    for name, entry in site_lock["packages"].items():
        held = here / entry["file_name"]
        assert held.is_file() and entry["sha256"] == hashlib.sha256(held.read_bytes()).hexdigest(), name
    assert _no_outside_url((here / "pyodide-lock.json").read_text()) == []
    assert "://" not in (here / "pyodide-lock.json").read_text()
    assert any(line.startswith("pandas: pandas-3.0.2-") and "its sha256 differs" in line for line in said), said
    assert not any(line.startswith("numpy") for line in said), said  # numpy's file is the lock's own
    # fetched once: a second build takes them from the cache, the index gone
    again = bundle.add_pyodide(tmp_path / "again", cache, ["pandas"], index=url, log=said.append)
    assert again == [] and (tmp_path / "again" / "pyodide" / lock["packages"]["pandas"]["file_name"]).is_file()


@pytest.fixture
def quick_build(monkeypatch):
    """``build`` without its tools: no kit wheel or shipped wheels made, and ``jupyter lite build``
    copying the folder it is given as the site."""
    import shutil

    monkeypatch.setattr(site, "check_tools", lambda: None)
    monkeypatch.setattr(site, "kit_wheel", lambda dest: (dest / "euchre_lessons-0-py3-none-any.whl").write_bytes(b""))
    monkeypatch.setattr(site, "shipped_versions", dict)

    def lite_build(cmd, what, cwd=None):
        shutil.copytree(cwd, cmd[cmd.index("--output-dir") + 1])

    monkeypatch.setattr(site, "run", lite_build)


def test_lite_build_fetches_from_the_index_and_the_site_says_no_lesson_needs_the_internet(stand_ins, quick_build,
                                                                                          tmp_path, monkeypatch, capsys):
    from pyodide_standins import served

    cache, index, lock = stand_ins
    monkeypatch.setenv("EUCHRE_LESSONS_CACHE", str(cache.parent))
    folder = tmp_path / "site"
    with served(index) as (url, asked):
        code, out, _ = run(capsys, "lite", "build", str(folder), "--offline", "--pyodide-index", url)
    assert code == 0 and out.splitlines()[-1] == "every lesson runs without the internet", out
    assert len(set(asked)) == len(LESSON_PACKAGES)
    facts = json.loads((folder / site.MARK).read_text())
    assert facts["bundled"] == ["numpy", "pandas"] and facts["online_lessons"] == {}
    text = (folder / "static" / "pyodide" / "pyodide-lock.json").read_text()
    assert "://" not in text and set(json.loads(text)["packages"]) == LESSON_PACKAGES | {"micropip"}
    lesson = "".join("".join(c["source"]) for c in json.loads((folder / "files" / "03_going_alone.ipynb").read_text())["cells"])
    assert "which this site holds" in lesson and "needs the internet" not in lesson
    start = "".join(json.loads((folder / "files" / "start_here_in_the_browser.ipynb").read_text())["cells"][0]["source"])
    assert "no lesson needs the internet" in start
    assert (folder / "index.html").read_text() == site.INDEX


def test_lite_build_without_the_packages_names_the_lessons_that_need_the_internet(stand_ins, quick_build,
                                                                                  tmp_path, monkeypatch, capsys):
    cache, _, _ = stand_ins
    real = bundle.pure_wheels

    def cached_only(wanted, cache):  # the start-up wheel is in the cache; nothing else is on PyPI for Pyodide
        if set(wanted) - {"micropip"}:
            raise LiteError("not on PyPI")
        return real(wanted, cache)

    monkeypatch.setattr(bundle, "pure_wheels", cached_only)
    monkeypatch.setenv("EUCHRE_LESSONS_CACHE", str(cache.parent))
    folder = tmp_path / "site"
    code, out, _ = run(capsys, "lite", "build", str(folder), "--offline", "--pyodide-index", "http://127.0.0.1:9/")
    assert code == 0
    pandas_lessons = [p.stem for p in LESSONS if notebooks.browser_needs(json.loads(p.read_text(encoding="utf-8")))]
    assert pandas_lessons == ["03_going_alone", "05_historical_vs_modern", "06_scoring_in_pictures", "07_seven_handed",
                              "08_play_against_the_computer", "09_probability_lab"]
    assert out.splitlines()[-1].startswith("these lessons will need the internet, to fetch numpy and pandas from "
                                           f"Pyodide's CDN: {', '.join(pandas_lessons)};")
    assert list(json.loads((folder / site.MARK).read_text())["online_lessons"]) == pandas_lessons
    start = "".join(json.loads((folder / "files" / "start_here_in_the_browser.ipynb").read_text())["cells"][0]["source"])
    assert "which needs the internet" in start
    lesson = "".join(json.loads((folder / "files" / "00_start_here.ipynb").read_text())["cells"][0]["source"])
    assert "internet" not in lesson and "also needs" not in lesson  # the first lesson needs only the kit


def test_a_site_built_without_offline_never_says_no_lesson_needs_the_internet(quick_build, tmp_path, capsys):
    """Even when its lessons need no package: it takes Pyodide itself from the CDN."""
    import shutil

    shutil.copy(ROOT / "notebooks" / "01_cards_and_trumps.ipynb", tmp_path)
    code, out, _ = run(capsys, "lite", "build", str(tmp_path / "site"), "--notebooks", str(tmp_path))
    assert code == 0 and "internet" not in out
    start = "".join(json.loads((tmp_path / "site" / "files" / "start_here_in_the_browser.ipynb").read_text())
                    ["cells"][0]["source"])
    assert notebooks.OFFLINE not in start and notebooks.ONLINE in start


def test_a_pyodide_distribution_folder_needs_no_index(stand_ins, tmp_path):
    cache, index, lock = stand_ins
    online = bundle.add_pyodide(tmp_path / "static", cache, ["pandas"], folder=index,
                                index="http://127.0.0.1:9/", log=lambda line: None)
    assert online == []
    site_lock = json.loads((tmp_path / "static" / "pyodide" / "pyodide-lock.json").read_text())
    assert set(site_lock["packages"]) == LESSON_PACKAGES | {"micropip"}


def test_what_no_source_has_stays_at_the_cdn_and_the_lessons_needing_it_are_named(stand_ins, tmp_path, monkeypatch):
    """An index that lacks numpy (and PyPI, stood in for, has no pandas or numpy for Pyodide):
    numpy stays at Pyodide's CDN, and every lesson that needs it or pandas needs the internet."""
    from pyodide_standins import served

    cache, index, lock = stand_ins
    (index / lock["packages"]["numpy"]["file_name"]).unlink()
    said = []
    with served(index) as (url, asked):
        online = bundle.add_pyodide(tmp_path / "static", cache, ["pandas", "numpy"], index=url, log=said.append)
    assert online == ["numpy"]
    site_lock = json.loads((tmp_path / "static" / "pyodide" / "pyodide-lock.json").read_text())
    assert site_lock["packages"]["numpy"]["file_name"] == bundle.CDN + lock["packages"]["numpy"]["file_name"]
    assert any(line.startswith("numpy was not found") and "HTTP 404" in line for line in said), said
    needs_ = {"00_start_here": [], "03_going_alone": ["pandas"], "09_probability_lab": ["numpy", "pandas"]}
    held = {p for p in ("pandas", "numpy") if not bundle.closure(site_lock, [p]) & set(online)}
    assert held == set()
    assert site.online_lessons(needs_, held) == {"03_going_alone": ["pandas"], "09_probability_lab": ["numpy", "pandas"]}
    from euchre_lessons.delivery.lite.command import internet_note

    note = internet_note(site.online_lessons(needs_, held))
    assert note.startswith("these lessons will need the internet, to fetch numpy and pandas from Pyodide's CDN: "
                           "03_going_alone, 09_probability_lab;") and "--pyodide-packages DIR" in note


def test_a_silent_index_is_asked_once(stand_ins, tmp_path, monkeypatch):
    cache, _, _ = stand_ins
    tried = []
    monkeypatch.setattr(bundle, "_fetch", lambda url, dest: tried.append(url) or ("timed out", False))

    def no_pypi(wanted, cache):
        if wanted:
            raise LiteError("no PyPI here")
        return {}

    monkeypatch.setattr(bundle, "pure_wheels", no_pypi)
    monkeypatch.setattr(bundle, "START_UP", ())
    online = bundle.add_pyodide(tmp_path / "static", cache, ["pandas"], index="http://127.0.0.1:9/",
                                log=lambda line: None)
    assert online == sorted(LESSON_PACKAGES) and len(tried) == 1


def test_package_options_need_offline_and_a_folder(capsys, monkeypatch, tmp_path):
    monkeypatch.setattr(site, "check_tools", lambda: None)
    code, _, err = run(capsys, "lite", "build", str(tmp_path / "site"), "--pyodide-packages", str(tmp_path))
    assert code == 2 and "add --offline" in one_error(err)
    code, _, err = run(capsys, "lite", "build", str(tmp_path / "site"), "--pyodide-index", "http://127.0.0.1:9/")
    assert code == 2 and "--pyodide-index puts the lessons' packages in an offline site: add --offline" in one_error(err)
    code, _, err = run(capsys, "lite", "build", str(tmp_path / "site"), "--offline", "--pyodide-packages",
                       str(tmp_path / "nowhere"))
    assert code == 2 and "no folder" in one_error(err) and "Pyodide distribution folder" in err
    assert not (tmp_path / "site").exists()


def test_the_root_page_opens_the_start_page_and_keeps_jupyterlites_configuration():
    import re

    assert re.search(r'http-equiv="refresh" content="0; url=lab/index\.html\?path=start_here_in_the_browser\.ipynb"',
                     site.INDEX)
    assert re.search(r'<script id="jupyter-config-data" type="application/json" data-jupyter-lite-root="\.">\s*\{\}',
                     site.INDEX)


# ---- the site's notebooks -----------------------------------------------------------------------

@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem)
def test_a_lesson_in_the_site_opens_with_its_set_up(path):
    nb = notebooks.lesson_copy(path)
    original = json.loads(path.read_text(encoding="utf-8"))
    assert nb["cells"][2:] == original["cells"]
    note, code = nb["cells"][:2]
    assert note["cell_type"] == "markdown" and code["cell_type"] == "code"
    source = "".join(code["source"])
    assert source.startswith(notebooks.install())
    needs_ = notebooks.browser_needs(original)
    assert ("await needs(" in source) == bool(needs_ or notebooks.draws(original))
    for name in needs_:
        assert f'"{name}"' in source and name in "".join(note["source"])
    assert nb["metadata"]["kernelspec"]["name"] == "python"


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem)
def test_a_lesson_that_needs_pandas_or_numpy_says_so(path):
    nb = json.loads(path.read_text(encoding="utf-8"))
    first = "".join(next(c for c in nb["cells"] if c["cell_type"] == "markdown")["source"])
    needs_ = notebooks.browser_needs(nb)
    assert set(needs_) <= {"pandas", "numpy"}
    if needs_:
        assert "In the browser" in first and all(name in first for name in needs_), first[-300:]
    code = "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code")
    if "import pandas" in code or "simulate." in code or "convergence(" in code:
        assert "pandas" in needs_, f"{path.name} uses pandas: list it in its metadata"


def test_the_start_page_shows_the_stepper_the_table_and_a_figure():
    nb = notebooks.start_here()
    code = ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code"]
    assert code[0] == notebooks.install()
    assert any("DealStepper(" in c for c in code) and any("PlayTable(" in c for c in code)
    assert any("figures." in c for c in code)
    assert all(c["outputs"] == [] for c in nb["cells"] if c["cell_type"] == "code")


# ---- plotly, installed only where a lesson draws ------------------------------------------------

def _pip_lines(source: str) -> list[list[str]]:
    return [line.split()[1:] for line in source.splitlines() if line.startswith("%pip ")]


def _site_notebooks() -> dict[str, dict]:
    return {"start page": notebooks.start_here(), **{p.stem: notebooks.lesson_copy(p) for p in LESSONS}}


def test_the_sites_start_up_installs_no_plotly():
    """The set-up cell installs the kit without its dependencies, then those the browser needs
    but plotly (the kit does depend on it, and the site ships its wheel for later)."""
    kit = {Requirement(t).name for t in importlib.metadata.requires("euchre-lessons") or []
           if not Requirement(t).marker or Requirement(t).marker.evaluate({"sys_platform": "emscripten", "extra": ""})}
    assert "plotly" in kit and "plotly" in site.SHIPPED and notebooks.LATER == ("plotly",)
    for name, nb in _site_notebooks().items():
        first = "".join(next(c for c in nb["cells"] if c["cell_type"] == "code")["source"])
        assert _pip_lines(first) == [["install", "-q", "--no-deps", "euchre-lessons"],
                                     ["install", "-q", *sorted(kit - {"plotly"})]], name


def test_a_lesson_that_draws_installs_plotly_and_one_that_does_not_never_asks_for_it():
    drawing = {name for name, nb in _site_notebooks().items()
               if any("plotly" in "".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code")}
    assert drawing == {"start page", "04_alone_against_jambone_jamboree", "05_historical_vs_modern",
                       "06_scoring_in_pictures", "09_probability_lab"}
    for path in LESSONS:
        nb = notebooks.lesson_copy(path)
        set_up = "".join(nb["cells"][1]["source"])
        assert notebooks.draws(json.loads(path.read_text(encoding="utf-8"))) == (path.stem in drawing)
        assert ('"plotly")' in set_up.splitlines()[-1]) == (path.stem in drawing), set_up
    start = ["".join(c["source"]) for c in notebooks.start_here()["cells"] if c["cell_type"] == "code"]
    assert [i for i, c in enumerate(start) if 'await needs("plotly")' in c] == [i for i, c in enumerate(start)
                                                                              if "figures." in c]


def test_the_widgets_that_draw_are_those_whose_modules_import_the_figures():
    import ast

    import euchre_lessons.widgets as widgets

    drawing = set()
    for path in Path(widgets.__file__).parent.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        if any(isinstance(n, ast.ImportFrom) and any(a.name == "figures" for a in n.names) for n in tree.body):
            drawing |= {n.name for n in tree.body if isinstance(n, ast.ClassDef) and n.name in widgets.__all__}
    assert drawing == set(notebooks.DRAWING_WIDGETS)


def test_needs_installs_plotly_from_the_sites_wheels_and_the_rest_from_pyodides_index(monkeypatch):
    """In the browser: plotly with the site's installer (piplite reads the site's pypi/ only,
    lite_config), pandas from Pyodide's packages."""
    import euchre_lessons.delivery.lite as lite

    installed, asked = set(), []

    async def install(names):
        asked.append(("piplite", list(names)))
        installed.update(names)

    async def load_package(names):
        asked.append(("pyodide", list(names)))
        installed.update(names)

    monkeypatch.setattr(lite, "IN_BROWSER", True)
    monkeypatch.setattr(lite, "_missing", lambda packages: [p for p in packages if p not in installed])
    monkeypatch.setitem(sys.modules, "piplite", type(sys)("piplite"))
    monkeypatch.setitem(sys.modules, "pyodide_js", type(sys)("pyodide_js"))
    sys.modules["piplite"].install = install
    sys.modules["pyodide_js"].loadPackage = load_package
    asyncio.run(lite.needs("plotly"))
    asyncio.run(lite.needs("pandas", "plotly"))
    assert asked == [("piplite", ["plotly"]), ("pyodide", ["pandas"])]
    assert site.lite_config()["jupyter-config-data"]["litePluginSettings"][site.KERNEL_PLUGIN] == {
        "disablePyPIFallback": True}
    installed.clear()
    monkeypatch.setattr(sys.modules["piplite"], "install", lambda names: asyncio.sleep(0))  # installs nothing
    with pytest.raises(ModuleNotFoundError, match=r"plotly did not install from this site's wheels"):
        asyncio.run(lite.needs("plotly"))


WITHOUT_PLOTLY = """
import sys

class Refused:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] == "plotly":
            raise ModuleNotFoundError(f"no {name} in this test", name=name)

sys.meta_path.insert(0, Refused())
from euchre_lessons.widgets import DealStepper, PlayTable, PracticeDesk
from euchre_lessons import Outcome, figures
from euchre_lessons.teaching import score_table

DealStepper("standard", seed=0).next_b.click()
PlayTable("standard", seed=0).ask_hint()
PracticeDesk()
print(sorted({m.split(".")[0] for m in sys.modules} & {"plotly"}))
figures.IN_BROWSER = True
try:
    figures.score_bars(score_table(Outcome(3)))
except ModuleNotFoundError as e:
    print(e)
"""


def test_a_page_that_draws_nothing_loads_no_plotly():
    """The stepper, the play table and the practice desk, with plotly not importable at all (as
    in the site before a lesson draws); a figure then asks for ``needs("plotly")``."""
    done = subprocess.run([sys.executable, "-c", WITHOUT_PLOTLY], capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 0, done.stderr[-2000:]
    loaded, error = done.stdout.strip().splitlines()
    assert loaded == "[]"
    assert error.startswith("charts need plotly") and 'await needs("plotly")' in error


# ---- the kit as it runs in the browser ----------------------------------------------------------

LESSON_00 = """
import json, sys

class Refused:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in ("pandas", "numpy"):
            raise ModuleNotFoundError(f"no {name} in this test", name=name)

if sys.argv[1:] == ["refuse"]:
    sys.meta_path.insert(0, Refused())
import euchre_lessons
nb = json.load(open("notebooks/00_start_here.ipynb", encoding="utf-8"))
scope = {}
for cell in nb["cells"]:
    if cell["cell_type"] == "code":
        exec("".join(cell["source"]), scope)
print(sorted(m for m in sys.modules if m.split(".")[0] in ("pandas", "numpy")))
"""


@pytest.mark.parametrize("refuse", [True, False], ids=["not importable", "importable"])
def test_lesson_00_runs_without_pandas_or_numpy(refuse):
    """The first lesson, every code cell of it: with pandas and numpy not importable (as in a
    site built without them) it runs, and with them installed it imports neither (nothing
    imports them and quietly does without): it needs nothing but the kit and Pyodide's core."""
    done = subprocess.run([sys.executable, "-c", LESSON_00, *(["refuse"] if refuse else [])], capture_output=True,
                          text=True, cwd=ROOT)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip().splitlines()[-1] == "[]"
    assert "standard             Standard Euchre" in done.stdout
    assert notebooks.browser_needs(json.loads((ROOT / "notebooks" / "00_start_here.ipynb").read_text())) == []


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem)
def test_a_lesson_in_a_site_holding_its_packages_needs_no_internet(path):
    needs_ = notebooks.browser_needs(json.loads(path.read_text(encoding="utf-8")))
    held = "".join("".join(c["source"]) for c in notebooks.lesson_copy(path, {"pandas", "numpy"})["cells"])
    fetched = "".join("".join(c["source"]) for c in notebooks.lesson_copy(path)["cells"])
    assert "internet" not in held.replace("needs no internet", "").replace("no internet is needed", "")
    assert ("which this site holds" in held) == bool(needs_)
    assert ("needs the internet" in fetched) == bool(needs_)
    start_held = "".join("".join(c["source"]) for c in notebooks.start_here(True)["cells"])
    assert "no lesson needs the internet" in start_held and "package index" not in start_held


def test_needs_outside_the_browser():
    asyncio.run(needs("json"))
    with pytest.raises(ModuleNotFoundError, match="pip install no_such_package_here"):
        asyncio.run(needs("json", "no_such_package_here"))


WITHOUT = """
import sys

class Refused:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in ("pandas", "numpy"):
            raise ModuleNotFoundError(f"no {name} in this test")

sys.meta_path.insert(0, Refused())
from euchre_lessons.widgets import DealStepper, PlayTable
from euchre_lessons import Outcome, figures
from euchre_lessons.teaching import score_table

stepper = DealStepper("standard", seed=0)
stepper.next_b.click()
table = PlayTable("standard", seed=0)
while not str(table.model.legal_actions()[0]).startswith("play"):
    table.act(table.model.legal_actions()[0])
table.act(table.model.legal_actions()[0])
table.ask_hint()
figures.score_bars(score_table(Outcome(3)))
from euchre_lessons import probability
from euchre_lessons.constrained import deal_where
from euchre_lessons.events import holds_joker, upcard_is_joker

deal_where("hoyle_railroad", upcard_is_joker, seed=1)
assert probability.exact("modern_railroad", holds_joker) == probability.Fraction(7, 33)
print(sorted(m for m in sys.modules if m.split(".")[0] in ("pandas", "numpy")))
"""


def test_the_stepper_the_table_a_figure_and_exact_chances_need_neither_pandas_nor_numpy():
    done = subprocess.run([sys.executable, "-c", WITHOUT], capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip() == "[]"


def test_figures_display_as_plotly_json_in_the_browser(monkeypatch):
    import IPython.display

    from euchre_lessons import Outcome, figures
    from euchre_lessons.teaching import score_table

    shown = []
    monkeypatch.setattr(IPython.display, "display", lambda *a, **k: shown.append((a, k)))
    monkeypatch.setattr(figures, "IN_BROWSER", True)
    fig = figures.score_bars(score_table(Outcome(3)))
    fig._ipython_display_()
    (bundle,), options = shown[0]
    assert options == {"raw": True} and list(bundle) == [figures.PLOTLY_JSON]
    assert bundle[figures.PLOTLY_JSON]["layout"]["title"]["text"] == "Points when the makers take 3 tricks"
    monkeypatch.setattr(figures, "IN_BROWSER", False)  # a kernel: plotly's display, with the chart's words
    assert vars(figures.score_bars(score_table(Outcome(3))))["_ipython_display_"].func is figures.display_with_words


def test_no_lower_bound_exceeds_what_pyodide_ships():
    with open(ROOT / "pyproject.toml", "rb") as f:
        project = tomllib.load(f)["project"]
    for text in project["dependencies"]:
        req = Requirement(text)
        shipped = site.PYODIDE_SHIPS.get(req.name)
        if shipped:
            floor = [Version(s.version) for s in req.specifier if s.operator == ">="]
            assert floor and floor[0] <= Version(shipped), text
    browser = {"sys_platform": "emscripten", "python_version": bundle.PYODIDE_PYTHON}
    skipped = {Requirement(t).name for t in project["dependencies"]
               if Requirement(t).marker and not Requirement(t).marker.evaluate(browser)}
    assert skipped == {"pandas", "numpy"}  # loaded by the lessons that need them, not installed with the kit
    assert set(site.SHIPPED) >= {"ipywidgets", "plotly", "anywidget"}
    lite = project["optional-dependencies"]["lite"]
    assert "jupyterlite-core==0.8.6" in lite and "jupyterlite-pyodide-kernel==0.8.6" in lite
    assert not {Requirement(t).name for t in lite} & {Requirement(t).name for t in project["optional-dependencies"]["lab"]}


def test_a_rebuild_removes_only_what_the_last_build_wrote(tmp_path):
    """A site published from its folder keeps ``.git`` and ``CNAME`` across rebuilds: clearing
    removes only the entries the last build listed in its mark, never what it did not write."""
    import json

    from euchre_lessons.delivery.lite import site

    folder = tmp_path / "site"
    (folder / ".git").mkdir(parents=True)
    (folder / ".git" / "HEAD").write_text("ref: refs/heads/main\n")
    (folder / "CNAME").write_text("euchre.example.org\n")
    site._clear(folder)  # publishing's own files only: built into as it is
    (folder / "lab").mkdir()
    (folder / "lab" / "index.html").write_text("<html></html>")
    (folder / "index.html").write_text("<html></html>")
    (folder / site.MARK).write_text(json.dumps({"written": ["index.html", "lab", site.MARK, "CNAME", "../x"]}))
    site._clear(folder)
    assert sorted(p.name for p in folder.iterdir()) == [".git", "CNAME"]
    assert (folder / ".git" / "HEAD").read_text() == "ref: refs/heads/main\n"
    (folder / "notes.txt").write_text("mine")
    (folder / site.MARK).write_text(json.dumps({"pyodide": "0.27"}))  # a mark without its list: refused
    with pytest.raises(site.LiteError, match="not empty"):
        site._clear(folder)
    assert (folder / "notes.txt").read_text() == "mine"

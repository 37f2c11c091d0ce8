"""Build the lessons as a static JupyterLite site: ``build(folder, offline=True)``.

What goes in (``jupyter lite build`` does the rest):

* ``pypi/``: the kit's own wheel, and the wheels of ipywidgets, plotly and anywidget (and the
  pure-Python packages they need that Pyodide lacks), at the versions installed here, so their
  labextensions (copied from this environment) and their kernel side agree. A lesson installs
  the kit and its dependencies but plotly (``notebooks.install``); a lesson that draws then
  installs plotly from here (``needs("plotly")``). pandas and numpy are not installed with it
  in the browser (see ``pyproject.toml``).
* ``files/``: the lessons, each opening with a set-up cell for the browser, and
  ``start_here_in_the_browser.ipynb`` with the deal stepper and the play table.
* with ``offline``: ``static/pyodide/``, Pyodide's core, the packages its kernel loads at
  start-up and those the lessons load (pandas, numpy and theirs), with a lock naming only them
  (``bundle``); a lesson's package that could not be had stays at Pyodide's CDN, and the build
  says which lessons then need the internet (``online_lessons`` in ``MARK``).
* ``index.html``: ``/`` opens the start page in JupyterLab, the lessons beside it.

Downloads are kept in a cache folder (``$EUCHRE_LESSONS_CACHE``, else ``~/.cache/euchre-lessons``),
so a second build needs no network.
"""
from __future__ import annotations

import importlib.metadata
import importlib.util
import json
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

from ..app import LESSONS
from . import LiteError
from .bundle import CDN, CORE, PYODIDE_VERSION, add_pyodide, closure, pure_wheels, run
from .notebooks import browser_needs, lesson_copy, start_here

# What that Pyodide ships of the kit's dependencies (its pyodide-lock.json): no lower bound of
# the kit's may exceed these, or the kit would not install in the browser.
PYODIDE_SHIPS = {"pandas": "3.0.2", "numpy": "2.4.6", "ipython": "9.12.0", "traitlets": "5.14.3",
                 "narwhals": "2.18.1", "typing-extensions": "4.15.0"}
# Shipped in pypi/: what the kit needs in the browser and Pyodide's lock does not have.
SHIPPED = ("ipywidgets", "comm", "jupyterlab_widgets", "plotly", "anywidget", "psygnal", "fsrs")
KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"
MARK = "euchre-lessons-site.json"
SOURCE = Path(__file__).resolve().parents[3]


def cache_folder() -> Path:
    base = os.environ.get("EUCHRE_LESSONS_CACHE") or Path.home() / ".cache" / "euchre-lessons"
    return Path(base) / "lite"


def check_tools() -> None:
    """Raise ``LiteError`` unless the build tools (the ``lite`` extra) are installed."""
    missing = [m for m in ("jupyterlite_core", "jupyterlite_pyodide_kernel") if importlib.util.find_spec(m) is None]
    if missing:
        raise LiteError(f"the site's build tools are not installed ({', '.join(missing)}): "
                        'pip install -e ".[lite]"')


# ---- wheels -------------------------------------------------------------------------------------

def kit_wheel(dest: Path) -> Path:
    """The kit's own wheel, built from its source checkout."""
    if not (SOURCE / "pyproject.toml").is_file():
        raise LiteError(f"the kit's source is not at {SOURCE}: build the site from a checkout of euchre-lessons")
    isolation = [] if importlib.util.find_spec("hatchling") is None else ["--no-build-isolation"]
    run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", *isolation, "--wheel-dir", str(dest),
         str(SOURCE)], "building the kit's wheel")
    return next(dest.glob("euchre_lessons-*.whl"))


def shipped_versions() -> dict[str, str]:
    """The versions of ``SHIPPED`` installed here (whose labextensions the site gets)."""
    versions = {}
    for name in SHIPPED:
        try:
            versions[name] = importlib.metadata.version(name)
        except importlib.metadata.PackageNotFoundError:
            raise LiteError(f"{name} is not installed: pip install -e \".[lite]\"") from None
    return versions


# ---- the site -----------------------------------------------------------------------------------

def lite_config() -> dict:
    """``jupyter-lite.json``: the kernel looks for wheels in the site only."""
    return {"jupyter-lite-schema-version": 0,
            "jupyter-config-data": {"appName": "Euchre lessons",
                                    "litePluginSettings": {KERNEL_PLUGIN: {"disablePyPIFallback": True}}}}


KEPT = ("CNAME",)  # besides dot files (.git, .nojekyll): what a folder published from holds


def _kept(name: str) -> bool:
    return name.startswith(".") or name in KEPT


def _clear(folder: Path) -> None:
    """Make room for the site: ``folder`` is new, empty, holds only what publishing keeps there
    (dot files such as ``.git``, a ``CNAME``), or a site built before, of which only what that
    build wrote (listed in its ``MARK``) is removed."""
    if folder.exists() and not folder.is_dir():
        raise LiteError(f"{folder} is a file: give a folder for the site")
    if not folder.is_dir():
        return
    others = sorted(p.name for p in folder.iterdir() if not _kept(p.name))
    if not others:
        return
    mark = folder / MARK
    try:
        written = json.loads(mark.read_text(encoding="utf-8"))["written"] if mark.is_file() else None
    except (OSError, ValueError, KeyError, TypeError):
        written = None
    if not isinstance(written, list) or not all(isinstance(n, str) for n in written):
        raise LiteError(f"{folder} is not empty and holds no site built by euchre-lessons (with the list of what it "
                        "wrote): give a new or empty folder")
    for name in written:
        path = folder / name
        if _kept(name) or Path(name).name != name:
            continue  # a mark never names these; a changed mark must not reach them
        if path.is_dir() and not path.is_symlink():
            shutil.rmtree(path)
        elif path.exists() or path.is_symlink():
            path.unlink()


def size_mb(folder: Path) -> float:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file()) / 1e6


START = "start_here_in_the_browser.ipynb"
# ``/``: JupyterLite's own index.html sends it to the Launcher; the site's keeps the configuration
# that JupyterLite's pages read from it, and opens the start page instead.
INDEX = f"""<!DOCTYPE html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <title>Euchre lessons</title>
    <meta http-equiv="refresh" content="0; url=lab/index.html?path={START}">
    <script id="jupyter-config-data" type="application/json" data-jupyter-lite-root=".">
      {{}}
    </script>
  </head>
  <body>
    <p><a href="lab/index.html?path={START}">Start here</a></p>
  </body>
</html>
"""


def online_lessons(needs: dict[str, list[str]], held) -> dict[str, list[str]]:
    """The lessons (of ``{lesson: its browser needs}``) that need a package the site does not
    hold (``held``: those whose files, and their dependencies', are in the site), with those
    packages."""
    return {name: [p for p in wanted if p not in held] for name, wanted in needs.items()
            if set(wanted) - set(held)}


def build(folder, offline: bool = False, lessons=None, cache=None, log=print, packages=None, index=None) -> dict:
    """Write the site into ``folder``; returns what ``MARK`` records (sizes in MB, seconds, and
    with ``offline`` the lessons that need the internet). ``packages`` (a Pyodide distribution
    folder) and ``index`` (a URL, by default Pyodide's CDN) are where an offline build takes the
    lessons' packages."""
    check_tools()
    folder = Path(folder)
    lessons = Path(lessons) if lessons is not None else LESSONS
    notebooks = sorted(lessons.glob("[0-9][0-9]_*.ipynb")) if lessons.is_dir() else []
    if not notebooks:
        raise LiteError(f"no lessons (NN_*.ipynb) in {lessons}: give the lessons folder with --notebooks")
    if (packages is not None or index is not None) and not offline:
        option = "--pyodide-packages" if packages is not None else "--pyodide-index"
        raise LiteError(f"{option} puts the lessons' packages in an offline site: add --offline")
    if packages is not None and not Path(packages).is_dir():
        raise LiteError(f"no folder {str(packages)!r}: give --pyodide-packages a Pyodide distribution folder "
                        "(its files named as in its pyodide-lock.json)")
    cache = Path(cache) if cache is not None else cache_folder()
    needs = {nb.stem: browser_needs(json.loads(nb.read_text(encoding="utf-8"))) for nb in notebooks}
    _clear(folder)
    t0 = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="euchre-lite-") as tmp:
        lite_dir = Path(tmp) / "lite"
        pypi, files = lite_dir / "pypi", lite_dir / "files"
        pypi.mkdir(parents=True)
        files.mkdir()
        log("building the kit's wheel")
        kit_wheel(pypi)
        log("fetching the wheels of " + ", ".join(SHIPPED))
        for path in pure_wheels(shipped_versions(), cache / "wheels").values():
            shutil.copy2(path, pypi / path.name)
        wanted, held = sorted({p for w in needs.values() for p in w}), set()
        if offline:
            log(f"adding Pyodide {PYODIDE_VERSION}'s core (npm package pyodide) and the lessons' packages")
            left = add_pyodide(lite_dir / "static", cache, wanted, packages, index or CDN, log)
            lock = json.loads((lite_dir / "static" / "pyodide" / "pyodide-lock.json").read_text(encoding="utf-8"))
            held = {p for p in wanted if not closure(lock, [p]) & set(left)}
        for nb in notebooks:
            (files / nb.name).write_text(json.dumps(lesson_copy(nb, held), indent=1), encoding="utf-8")
        (files / START).write_text(json.dumps(start_here(offline and held >= set(wanted)), indent=1), encoding="utf-8")
        (lite_dir / "jupyter-lite.json").write_text(json.dumps(lite_config(), indent=1), encoding="utf-8")
        log("jupyter lite build")
        out = Path(tmp) / "out"
        run([sys.executable, "-m", "jupyterlite_core", "build", "--lite-dir", str(lite_dir),
             "--contents", str(files), "--output-dir", str(out), "--no-sourcemaps"], "jupyter lite build",
            cwd=lite_dir)
        (out / "index.html").write_text(INDEX, encoding="utf-8")
        written = sorted(p.name for p in out.iterdir()) + [MARK]
        shutil.copytree(out, folder, dirs_exist_ok=True)
    pyodide = folder / "static" / "pyodide"
    facts = {"pyodide": PYODIDE_VERSION, "offline": offline, "lessons": [nb.name for nb in notebooks],
             "size_mb": round(size_mb(folder), 1),
             "pyodide_core_mb": round(sum((pyodide / n).stat().st_size for n in CORE) / 1e6, 1) if offline else 0.0,
             "build_seconds": round(time.perf_counter() - t0, 1), "written": written}
    if offline:
        facts.update(bundled=sorted(held), online_lessons=online_lessons(needs, held))
    (folder / MARK).write_text(json.dumps(facts, indent=1) + "\n", encoding="utf-8")
    return facts

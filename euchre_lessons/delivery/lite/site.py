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
* with ``offline``: ``static/pyodide/``, Pyodide's core from the npm package ``pyodide``, and
  the pure wheels from PyPI that the kernel loads at start-up, at the versions of Pyodide's lock
  file (whose hashes are rewritten to the downloaded files'). Every other package of the lock
  points at Pyodide's CDN, so that pandas still loads when the browser is online.

Downloads are kept in a cache folder (``$EUCHRE_LESSONS_CACHE``, else ``~/.cache/euchre-lessons``),
so a second build needs no network.
"""
from __future__ import annotations

import hashlib
import importlib.metadata
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

from ..app import LESSONS
from . import LiteError
from .notebooks import lesson_copy, start_here

PYODIDE_VERSION = "314.0.7"  # the jupyterlite-pyodide-kernel 0.8.6 series runs Pyodide 314
PYODIDE_PYTHON = "3.14"
CDN = f"https://cdn.jsdelivr.net/pyodide/v{PYODIDE_VERSION}/full/"
# What that Pyodide ships of the kit's dependencies (its pyodide-lock.json): no lower bound of
# the kit's may exceed these, or the kit would not install in the browser.
PYODIDE_SHIPS = {"pandas": "3.0.2", "numpy": "2.4.6", "ipython": "9.12.0", "traitlets": "5.14.3",
                 "narwhals": "2.18.1", "typing-extensions": "4.15.0"}
CORE = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json", "pyodide.js")
# Shipped in pypi/: what the kit needs in the browser and Pyodide's lock does not have.
SHIPPED = ("ipywidgets", "comm", "jupyterlab_widgets", "plotly", "anywidget", "psygnal", "fsrs")
# Packages of Pyodide's lock that the kernel loads as it starts, or that the shipped wheels need
# (plotly: narwhals); with their dependencies in the lock, they are self-hosted offline.
START_UP = ("micropip", "packaging", "ipython", "jedi", "typing-extensions", "traitlets", "narwhals")
KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"
MARK = "euchre-lessons-site.json"
SOURCE = Path(__file__).resolve().parents[3]


def canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def cache_folder() -> Path:
    base = os.environ.get("EUCHRE_LESSONS_CACHE") or Path.home() / ".cache" / "euchre-lessons"
    return Path(base) / "lite"


def check_tools() -> None:
    """Raise ``LiteError`` unless the build tools (the ``lite`` extra) are installed."""
    missing = [m for m in ("jupyterlite_core", "jupyterlite_pyodide_kernel") if importlib.util.find_spec(m) is None]
    if missing:
        raise LiteError(f"the site's build tools are not installed ({', '.join(missing)}): "
                        'pip install -e ".[lite]"')


def _run(cmd: list[str], what: str, cwd=None) -> None:
    done = subprocess.run(cmd, capture_output=True, text=True, cwd=cwd)
    if done.returncode:
        lines = [line.strip() for line in (done.stderr + done.stdout).splitlines() if line.strip()]
        errors = [line for line in lines if re.search(r"Error\b|error:", line)] or lines or ["no output"]
        raise LiteError(f"{what} failed: {errors[-1]}")


# ---- wheels -------------------------------------------------------------------------------------

def _cached_wheel(folder: Path, name: str, version: str) -> Path | None:
    for path in folder.glob("*.whl"):
        parts = path.name.split("-")
        if canonical(parts[0]) == canonical(name) and parts[1] == version:
            return path
    return None


def pure_wheels(wanted: dict[str, str], cache: Path) -> dict[str, Path]:
    """The pure-Python wheels ``{name: version}`` for Pyodide's Python, from PyPI (or the cache)."""
    cache.mkdir(parents=True, exist_ok=True)
    missing = [f"{n}=={v}" for n, v in wanted.items() if _cached_wheel(cache, n, v) is None]
    if missing:
        _run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:",
              "--python-version", PYODIDE_PYTHON, "--implementation", "py", "--abi", "none", "--platform", "any",
              "--dest", str(cache), *missing], f"pip download {' '.join(missing)}")
    found = {n: _cached_wheel(cache, n, v) for n, v in wanted.items()}
    lost = [n for n, p in found.items() if p is None]
    if lost:
        raise LiteError(f"no pure-Python wheel of {', '.join(lost)} was downloaded")
    return {n: p for n, p in found.items() if p is not None}


def kit_wheel(dest: Path) -> Path:
    """The kit's own wheel, built from its source checkout."""
    if not (SOURCE / "pyproject.toml").is_file():
        raise LiteError(f"the kit's source is not at {SOURCE}: build the site from a checkout of euchre-lessons")
    isolation = [] if importlib.util.find_spec("hatchling") is None else ["--no-build-isolation"]
    _run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", *isolation, "--wheel-dir", str(dest),
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


# ---- Pyodide's core -----------------------------------------------------------------------------

def pyodide_core(cache: Path) -> Path:
    """The folder of the npm package ``pyodide`` (``npm pack``, kept in the cache)."""
    tgz = cache / f"pyodide-{PYODIDE_VERSION}.tgz"
    if not tgz.is_file():
        npm = shutil.which("npm")
        if npm is None:
            raise LiteError("--offline takes Pyodide's core from the npm package pyodide, and npm is not installed: "
                            "install Node.js (Debian: apt-get install npm), or build without --offline")
        cache.mkdir(parents=True, exist_ok=True)
        _run([npm, "pack", "--silent", f"pyodide@{PYODIDE_VERSION}", "--pack-destination", str(cache)],
             f"npm pack pyodide@{PYODIDE_VERSION}")
    unpacked = cache / f"pyodide-{PYODIDE_VERSION}"
    if not (unpacked / "package" / "pyodide-lock.json").is_file():
        with tarfile.open(tgz) as tar:
            tar.extractall(unpacked, filter="data")
    return unpacked / "package"


def start_up_closure(lock: dict) -> set[str]:
    """``START_UP`` and everything they depend on, by the lock's names."""
    packages, todo, seen = lock["packages"], list(START_UP), set()
    while todo:
        name = canonical(todo.pop())
        if name not in seen:
            seen.add(name)
            todo += packages[name]["depends"]
    return seen


def self_hosted_lock(lock: dict, local: dict[str, Path]) -> dict:
    """The lock with ``local`` wheels beside it (file name and hash of the file) and every other
    package at Pyodide's CDN."""
    for name, entry in lock["packages"].items():
        if name in local:
            entry["file_name"] = local[name].name
            entry["sha256"] = hashlib.sha256(local[name].read_bytes()).hexdigest()
        elif "://" not in entry["file_name"]:
            entry["file_name"] = CDN + entry["file_name"]
    return lock


def add_pyodide(static: Path, cache: Path) -> None:
    """Pyodide's core and the start-up wheels in ``static/pyodide``, with the lock to match."""
    core = pyodide_core(cache)
    target = static / "pyodide"
    target.mkdir(parents=True, exist_ok=True)
    for name in CORE:
        shutil.copy2(core / name, target / name)
    lock = json.loads((core / "pyodide-lock.json").read_text(encoding="utf-8"))
    names = start_up_closure(lock)
    wheels = pure_wheels({n: lock["packages"][n]["version"] for n in sorted(names)}, cache / "wheels")
    for path in wheels.values():
        shutil.copy2(path, target / path.name)
    lock = self_hosted_lock(lock, {canonical(n): target / p.name for n, p in wheels.items()})
    (target / "pyodide-lock.json").write_text(json.dumps(lock), encoding="utf-8")


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


def build(folder, offline: bool = False, lessons=None, cache=None, log=print) -> dict:
    """Write the site into ``folder``; returns what ``MARK`` records (sizes in MB, seconds)."""
    check_tools()
    folder = Path(folder)
    lessons = Path(lessons) if lessons is not None else LESSONS
    notebooks = sorted(lessons.glob("[0-9][0-9]_*.ipynb")) if lessons.is_dir() else []
    if not notebooks:
        raise LiteError(f"no lessons (NN_*.ipynb) in {lessons}: give the lessons folder with --notebooks")
    cache = Path(cache) if cache is not None else cache_folder()
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
        for nb in notebooks:
            (files / nb.name).write_text(json.dumps(lesson_copy(nb), indent=1), encoding="utf-8")
        (files / "start_here_in_the_browser.ipynb").write_text(json.dumps(start_here(), indent=1), encoding="utf-8")
        (lite_dir / "jupyter-lite.json").write_text(json.dumps(lite_config(), indent=1), encoding="utf-8")
        if offline:
            log(f"adding Pyodide {PYODIDE_VERSION}'s core (npm package pyodide)")
            add_pyodide(lite_dir / "static", cache)
        log("jupyter lite build")
        out = Path(tmp) / "out"
        _run([sys.executable, "-m", "jupyterlite_core", "build", "--lite-dir", str(lite_dir),
              "--contents", str(files), "--output-dir", str(out), "--no-sourcemaps"], "jupyter lite build",
             cwd=lite_dir)
        written = sorted(p.name for p in out.iterdir()) + [MARK]
        shutil.copytree(out, folder, dirs_exist_ok=True)
    pyodide = folder / "static" / "pyodide"
    facts = {"pyodide": PYODIDE_VERSION, "offline": offline, "lessons": [nb.name for nb in notebooks],
             "size_mb": round(size_mb(folder), 1),
             "pyodide_core_mb": round(sum((pyodide / n).stat().st_size for n in CORE) / 1e6, 1) if offline else 0.0,
             "build_seconds": round(time.perf_counter() - t0, 1), "written": written}
    (folder / MARK).write_text(json.dumps(facts, indent=1) + "\n", encoding="utf-8")
    return facts

"""Pyodide in an offline site: its core, the packages its kernel starts with, and the packages
the lessons load (pandas, numpy and what they depend on), with a lock that names only the site's
own files (``add_pyodide``).

Pyodide's lock (``pyodide-lock.json``) names each package's file and what it depends on. The
core comes from the npm package ``pyodide``; the kernel's start-up packages are pure wheels from
PyPI. Each file of the lessons' packages is taken from the first of:

* a Pyodide distribution folder (``--pyodide-packages DIR``: the files named as in the lock, as
  in Pyodide's release archive);
* what an earlier build fetched from the same index (kept in the cache);
* the package index (``--pyodide-index URL``, by default Pyodide's CDN for this version),
  fetched once, at build time;
* PyPI, for a pure-Python wheel.

A file whose hash is not the lock's is kept with its own (the build says so). A package found
nowhere stays at Pyodide's CDN, and the build says which lessons will need the internet.
"""
from __future__ import annotations

import hashlib
import json
import re
import shutil
import subprocess
import sys
import tarfile
import urllib.error
import urllib.request
from pathlib import Path

from . import LiteError

PYODIDE_VERSION = "314.0.7"  # the jupyterlite-pyodide-kernel 0.8.6 series runs Pyodide 314
PYODIDE_PYTHON = "3.14"
CDN = f"https://cdn.jsdelivr.net/pyodide/v{PYODIDE_VERSION}/full/"
CORE = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json", "pyodide.js")
# Packages of Pyodide's lock that the kernel loads as it starts, or that the shipped wheels need
# (plotly: narwhals); with their dependencies in the lock, they are self-hosted offline.
START_UP = ("micropip", "packaging", "ipython", "jedi", "typing-extensions", "traitlets", "narwhals")
FETCH_SECONDS = 60


def canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def run(cmd: list[str], what: str, cwd=None) -> None:
    done = subprocess.run(cmd, capture_output=True, text=True, cwd=cwd)
    if done.returncode:
        lines = [line.strip() for line in (done.stderr + done.stdout).splitlines() if line.strip()]
        errors = [line for line in lines if re.search(r"Error\b|error:", line)] or lines or ["no output"]
        raise LiteError(f"{what} failed: {errors[-1]}")


# ---- wheels from PyPI ---------------------------------------------------------------------------

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
        run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:",
             "--python-version", PYODIDE_PYTHON, "--implementation", "py", "--abi", "none", "--platform", "any",
             "--dest", str(cache), *missing], f"pip download {' '.join(missing)}")
    found = {n: _cached_wheel(cache, n, v) for n, v in wanted.items()}
    lost = [n for n, p in found.items() if p is None]
    if lost:
        raise LiteError(f"no pure-Python wheel of {', '.join(lost)} was downloaded")
    return {n: p for n, p in found.items() if p is not None}


# ---- Pyodide's core and lock --------------------------------------------------------------------

def pyodide_core(cache: Path) -> Path:
    """The folder of the npm package ``pyodide`` (``npm pack``, kept in the cache)."""
    tgz = cache / f"pyodide-{PYODIDE_VERSION}.tgz"
    if not tgz.is_file():
        npm = shutil.which("npm")
        if npm is None:
            raise LiteError("--offline takes Pyodide's core from the npm package pyodide, and npm is not installed: "
                            "install Node.js (Debian: apt-get install npm), or build without --offline")
        cache.mkdir(parents=True, exist_ok=True)
        run([npm, "pack", "--silent", f"pyodide@{PYODIDE_VERSION}", "--pack-destination", str(cache)],
            f"npm pack pyodide@{PYODIDE_VERSION}")
    unpacked = cache / f"pyodide-{PYODIDE_VERSION}"
    if not (unpacked / "package" / "pyodide-lock.json").is_file():
        with tarfile.open(tgz) as tar:
            tar.extractall(unpacked, filter="data")
    return unpacked / "package"


def closure(lock: dict, names) -> set[str]:
    """``names`` and everything they depend on, by the lock's (normalised) names."""
    packages, todo, seen = lock["packages"], [canonical(n) for n in names], set()
    while todo:
        name = canonical(todo.pop())
        if name in seen:
            continue
        if name not in packages:
            raise LiteError(f"Pyodide {PYODIDE_VERSION} has no package {name} (its pyodide-lock.json)")
        seen.add(name)
        todo += packages[name]["depends"]
    return seen


def start_up_closure(lock: dict) -> set[str]:
    return closure(lock, START_UP)


def site_lock(lock: dict, local: dict[str, Path], online=()) -> dict:
    """The site's lock: the ``local`` packages, at their files beside it (name and hash of the
    file), and ``online`` at Pyodide's CDN; no other package (nothing else is fetched)."""
    packages = {}
    for name, entry in lock["packages"].items():
        if name in local:
            packages[name] = {**entry, "file_name": local[name].name,
                              "sha256": hashlib.sha256(local[name].read_bytes()).hexdigest()}
        elif name in online:
            url = entry["file_name"] if "://" in entry["file_name"] else CDN + entry["file_name"]
            packages[name] = {**entry, "file_name": url}
    return {**lock, "packages": packages}


# ---- the lessons' packages ----------------------------------------------------------------------

def _fetch(url: str, dest: Path) -> tuple[str | None, bool]:
    """``url`` into ``dest``: the reason it failed (None if it did not), and whether its server
    answered at all."""
    try:
        with urllib.request.urlopen(url, timeout=FETCH_SECONDS) as reply:
            data = reply.read()
    except urllib.error.HTTPError as exc:
        return f"HTTP {exc.code}", True
    except (OSError, ValueError) as exc:
        return str(getattr(exc, "reason", None) or exc), False
    dest.parent.mkdir(parents=True, exist_ok=True)
    part = dest.with_name(dest.name + ".part")
    part.write_bytes(data)
    part.replace(dest)
    return None, True


def index_cache(cache: Path, index: str) -> Path:
    """Where the files fetched from ``index`` are kept (one folder per index)."""
    return cache / "pyodide-packages" / hashlib.sha256(index.encode()).hexdigest()[:16]


def find_package(entry: dict, cache: Path, folder=None, index: str = CDN, ask: bool = True) -> tuple[Path | None, str, bool]:
    """A file of the lock's ``entry``: from ``folder``, the cache, ``index`` (if ``ask``) or, a
    pure wheel, PyPI. Returns the file or None, where it came from or why it was not found, and
    whether ``index`` may be asked again (False once it has not answered)."""
    file = entry["file_name"].rsplit("/", 1)[-1]
    if folder is not None and (Path(folder) / file).is_file():
        return Path(folder) / file, str(folder), ask
    kept = index_cache(cache, index) / file
    if kept.is_file():
        return kept, index, ask
    failed: str | None = "not asked again"
    if ask:
        failed, ask = _fetch(index.rstrip("/") + "/" + file, kept)
        if failed is None:
            return kept, index, ask
    if file.endswith("-none-any.whl"):
        try:
            return pure_wheels({entry["name"]: entry["version"]}, cache / "wheels")[entry["name"]], "PyPI", ask
        except LiteError:
            pass
    return None, f"{index}: {failed}", ask


def add_pyodide(static: Path, cache: Path, needs=(), folder=None, index: str = CDN, log=print) -> list[str]:
    """Pyodide's core in ``static/pyodide``, with the start-up wheels and the packages of
    ``needs`` (and what they depend on) beside it and the lock to match; returns the packages
    left at Pyodide's CDN (found nowhere)."""
    core = pyodide_core(cache)
    target = static / "pyodide"
    target.mkdir(parents=True, exist_ok=True)
    for name in CORE:
        shutil.copy2(core / name, target / name)
    lock = json.loads((core / "pyodide-lock.json").read_text(encoding="utf-8"))
    start = start_up_closure(lock)
    wheels = pure_wheels({n: lock["packages"][n]["version"] for n in sorted(start)}, cache / "wheels")
    local = {}
    for name, path in wheels.items():
        local[canonical(name)] = target / path.name
        shutil.copy2(path, local[canonical(name)])
    online: list[str] = []
    ask = True
    for name in sorted(closure(lock, needs) - start):
        entry = lock["packages"][name]
        found, where, ask = find_package(entry, cache, folder, index, ask)  # a silent server is not asked again
        if found is None:
            online.append(name)
            log(f"{name} was not found ({where})")
            continue
        local[name] = target / found.name
        shutil.copy2(found, local[name])
        if where != "PyPI" and hashlib.sha256(found.read_bytes()).hexdigest() != entry["sha256"]:
            log(f"{name}: {found.name} from {where} is not the file Pyodide {PYODIDE_VERSION}'s lock names "
                "(its sha256 differs); the site's lock takes its own hash")
    (target / "pyodide-lock.json").write_text(json.dumps(site_lock(lock, local, online)), encoding="utf-8")
    return online

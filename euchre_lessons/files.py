"""Files that several pages or processes may write: ``write_whole`` and ``one_writer``.

A file is written whole (``write_whole``: a hidden file beside it first, then moved onto its
name in one step), so a reader never sees half of it. A record that two pages change (a pupil's
review queue open in two tabs) is changed under ``one_writer(folder)``: the writer reads the
file as it is now, makes its change to that, and writes it back, while every other writer of
the folder waits; so each change is made to the latest record and none is lost.

The lock is the operating system's lock on the folder itself where it has one (``fcntl.flock``
on Linux and macOS: released by the system if the process dies, and no file is left behind);
elsewhere (Windows, a file system that does not lock) a lock file created exclusively in the
folder, removed after, and taken over once it is older than ``STALE`` seconds (a writer that
died holding it). In the browser (Pyodide) a page's kernel is the only writer of its own
storage, and nothing is locked.
"""
from __future__ import annotations

import os
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from .errors import EuchreError

try:
    import fcntl
except ImportError:  # Windows, and Pyodide in the browser
    fcntl = None  # type: ignore[assignment]

IN_BROWSER = sys.platform == "emscripten"
WAIT = 30.0      # seconds a writer waits for the lock before giving up
STALE = 60.0     # seconds after which a fallback lock file is taken for a dead writer's
LOCK_NAME = ".euchre-lessons.lock"


class BusyError(EuchreError, TimeoutError):
    """Another writer kept the folder's lock for longer than ``WAIT`` seconds."""


def write_whole(path: str | os.PathLike[str], text: str) -> None:
    """Write ``text`` to ``path`` in one step: never seen half written, nothing left behind."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, part = tempfile.mkstemp(prefix="." + path.name + ".", suffix=".part", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(part, path)
    except BaseException:
        if os.path.exists(part):
            os.unlink(part)
        raise


@contextmanager
def one_writer(folder: str | os.PathLike[str], wait: float = WAIT) -> Iterator[None]:
    """Hold the lock of ``folder`` for the block: one writer at a time, across processes."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    if IN_BROWSER:  # one kernel, one process, and a file system that locks nothing: no other writer to wait for
        yield
        return
    fd = _system_lock(folder, wait) if fcntl is not None else None
    if fd is not None:
        try:
            yield
        finally:
            fcntl.flock(fd, fcntl.LOCK_UN)
            os.close(fd)
        return
    lock = folder / LOCK_NAME
    _wait_for(lambda: _take_lock_file(lock), folder, wait)
    try:
        yield
    finally:
        lock.unlink(missing_ok=True)


def _wait_for(take: Callable[[], bool], folder: Path, wait: float) -> None:
    """Call ``take`` until it holds the lock (True), for ``wait`` seconds at most (``BusyError``)."""
    deadline = time.monotonic() + wait
    while not take():
        if time.monotonic() > deadline:
            raise BusyError(f"{folder}: another page kept it busy for {wait:.0f} s; try again")
        time.sleep(0.005)


def _system_lock(folder: Path, wait: float) -> int | None:
    """The folder held by the system's lock (its open descriptor), or None where the system cannot
    lock it (Pyodide's flock, some network file systems): the lock file serves there."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return None

    def take() -> bool:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return True
        except BlockingIOError:
            return False  # another writer holds it

    try:
        _wait_for(take, folder, wait)
    except BusyError:
        os.close(fd)
        raise
    except OSError:
        os.close(fd)
        return None
    return fd


def _take_lock_file(lock: Path) -> bool:
    """Create the lock file (True), or find it another writer's (False); one older than
    ``STALE`` seconds is a dead writer's, and is taken over."""
    for _ in range(2):
        try:
            os.close(os.open(lock, os.O_CREAT | os.O_EXCL | os.O_WRONLY))
            return True
        except FileExistsError:
            try:
                if time.time() - lock.stat().st_mtime <= STALE:
                    return False
                lock.unlink()  # a writer died holding it: try again at once
            except FileNotFoundError:
                pass  # gone meanwhile: try again at once
    return False


__all__ = ["write_whole", "one_writer", "BusyError"]

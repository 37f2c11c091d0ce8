"""Files several writers share (files): written whole, changed by one writer at a time."""
from __future__ import annotations

import os
import time

import pytest

from euchre_lessons import files


@pytest.mark.parametrize("system_lock", [True, False])
def test_a_second_writer_waits_and_then_gives_up_by_name(tmp_path, monkeypatch, system_lock):
    if not system_lock:
        monkeypatch.setattr(files, "fcntl", None)
    with files.one_writer(tmp_path):  # the system's lock is held by an open file: a second is a second writer
        with pytest.raises(files.BusyError) as e, files.one_writer(tmp_path, wait=0.05):
            pass
    assert str(tmp_path) in str(e.value) and "try again" in str(e.value)
    with files.one_writer(tmp_path, wait=0.05):  # released: the next writer goes at once
        pass


def test_a_dead_writers_lock_file_is_taken_over(tmp_path, monkeypatch):
    monkeypatch.setattr(files, "fcntl", None)
    lock = tmp_path / files.LOCK_NAME
    lock.write_text("")
    old = time.time() - files.STALE - 5
    os.utime(lock, (old, old))
    with files.one_writer(tmp_path, wait=0.05):
        assert lock.exists()
    assert not lock.exists()


def test_a_file_is_written_whole_or_not_at_all(tmp_path, monkeypatch):
    path = tmp_path / "record.json"
    files.write_whole(path, "first")

    def fail(*args):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(files.os, "replace", fail)
    with pytest.raises(OSError):
        files.write_whole(path, "second")
    assert path.read_text() == "first" and [p.name for p in tmp_path.iterdir()] == ["record.json"]


def test_a_system_that_cannot_lock_the_folder_uses_the_lock_file(tmp_path, monkeypatch):
    """Pyodide has fcntl, but its flock says ENOSYS: the lock file keeps one writer there."""
    import errno

    class NoFlock:
        LOCK_SH, LOCK_EX, LOCK_NB, LOCK_UN = 1, 2, 4, 8

        @staticmethod
        def flock(fd, how):
            raise OSError(errno.ENOSYS, "Function not implemented")

    monkeypatch.setattr(files, "fcntl", NoFlock)
    with files.one_writer(tmp_path):
        assert (tmp_path / files.LOCK_NAME).exists()
        with pytest.raises(files.BusyError), files.one_writer(tmp_path, wait=0.05):
            pass
    assert not (tmp_path / files.LOCK_NAME).exists()

"""The course as the kit ships it: the ten lessons for pupils, and the teacher's guide, its
pictures and the exercises' solutions for the teacher, kept apart.

In a checkout they are the repository's ``notebooks/``, ``docs/`` and ``solutions/``; in an
installed wheel they are inside the package (``euchre_lessons/course/``, put there by the
build: ``pyproject.toml``). ``copy_lessons(folder)`` copies the lessons into a folder of one's
own (``euchre-lessons lessons DIR``), never over a lesson a pupil has edited unless told to;
``copy_lessons(folder, teacher=True)`` copies the teacher's files instead, so the solutions
never land in the pupils' folder.
"""
from __future__ import annotations

import filecmp
import os
import shutil
import tempfile
from pathlib import Path

from ..errors import EuchreError

PACKAGE = Path(__file__).resolve().parents[1]
SHIPPED = PACKAGE / "course"  # in a wheel
CHECKOUT = PACKAGE.parent  # in a checkout (an editable install)
LAB_FOLDER = "euchre-lessons"  # where `euchre-lessons lab` copies the lessons from a wheel
APP_PAGES = Path(__file__).with_name("apps")  # the app pages (app.APP_DIR), which a hub's Voila renders
TEACHERS_APPS = ("class.ipynb",)  # the teacher's page: not for the pupils' folder


class CourseError(EuchreError):
    """Lessons that cannot be copied: which, why, and what to do instead."""


def lessons_folder() -> Path:
    """The shipped lessons: the package's own from a wheel, else the checkout's ``notebooks/``."""
    packaged = SHIPPED / "lessons"
    return packaged if packaged.is_dir() else CHECKOUT / "notebooks"


def installed() -> bool:
    """Whether the kit runs from a wheel (its lessons inside the package, not in a checkout)."""
    return (SHIPPED / "lessons").is_dir()


def lessons() -> list[Path]:
    return sorted(lessons_folder().glob("[0-9][0-9]_*.ipynb"))


def teacher_files() -> list[tuple[Path, str]]:
    """The teacher's files and where each goes in a teacher's folder: the guide, its pictures,
    and the solutions."""
    base = SHIPPED / "teacher" if installed() else None
    guide = base / "teachers_guide.md" if base else CHECKOUT / "docs" / "teachers_guide.md"
    images = base / "images" if base else CHECKOUT / "docs" / "images"
    solutions = base / "solutions" if base else CHECKOUT / "solutions"
    found = [(guide, "teachers_guide.md")]
    found += [(p, f"images/{p.name}") for p in sorted(images.glob("*.png"))]
    found += [(p, f"solutions/{p.name}") for p in sorted(solutions.glob("[0-9][0-9]_*.py"))]
    return [(p, name) for p, name in found if p.is_file()]


def app_pages() -> list[tuple[Path, str]]:
    """The pupils' app pages (the play table, the stepper ...) and where each goes in a pupil's
    folder (``apps/``): on a JupyterHub, Voila's server extension renders them from there."""
    return [(p, f"apps/{p.name}") for p in sorted(APP_PAGES.glob("*.ipynb")) if p.name not in TEACHERS_APPS]


def copy_lessons(folder, force: bool = False, teacher: bool = False, missing_only: bool = False,
                 apps: bool = False) -> list[str]:
    """Copy the lessons (or with ``teacher`` the teacher's files) into ``folder``, with ``apps``
    the app pages as well; returns a line for each file. A file there that differs from the
    kit's (a pupil's edited lesson) is never overwritten without ``force``: every such file is
    named first, and nothing is copied. With ``missing_only`` such files are kept as they are
    and the rest copied."""
    folder = Path(folder)
    if folder.exists() and not folder.is_dir():
        raise CourseError(f"{str(folder)!r} is a file: give a folder to copy the lessons into")
    files = teacher_files() if teacher else [(p, p.name) for p in lessons()] + (app_pages() if apps else [])
    if not files:
        raise CourseError(f"no lessons found at {lessons_folder()}: reinstall the kit (pip install euchre-lessons)")
    same = {name: (folder / name).is_file() and filecmp.cmp(src, folder / name, False) for src, name in files}
    edited = [name for _, name in files if (folder / name).is_file() and not same[name]]
    if edited and not force and not missing_only:
        raise CourseError(f"{len(edited)} file{'s' if len(edited) != 1 else ''} in {str(folder)!r} differ from the "
                          f"kit's (edited since they were copied?): {', '.join(edited)}; give --force to overwrite "
                          "them, and the edits are lost, or copy into another folder")
    out = []
    for src, name in files:
        if same[name]:
            out.append(f"kept {name} (the same as the kit's)")
        elif name in edited and missing_only:
            out.append(f"kept {name} (your own edits)")
        else:
            _copy(src, folder / name)
            out.append(f"{'overwrote' if name in edited else 'copied'} {name}")
    return out


def _copy(src: Path, target: Path) -> None:
    """``src`` onto ``target`` in one step (a hidden copy first): never half a lesson."""
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, part = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".part", dir=target.parent)
    os.close(fd)
    try:
        shutil.copyfile(src, part)
        os.replace(part, target)
    finally:
        if os.path.exists(part):
            os.unlink(part)


def lab_folder() -> Path:
    """The folder ``euchre-lessons lab`` serves: the checkout's ``notebooks/``, or from a wheel
    a copy of the lessons in ``euchre-lessons/`` here (a pupil's edits there kept as they are)."""
    if not installed():
        return lessons_folder()
    folder = Path.cwd() / LAB_FOLDER
    copy_lessons(folder, missing_only=True)
    return folder


__all__ = ["copy_lessons", "app_pages", "lessons_folder", "lessons", "teacher_files", "lab_folder", "installed", "CourseError"]

"""Exercises that check themselves, lesson by lesson (see ``core``).

>>> from euchre_lessons.exercises import check
>>> check("9.1", ...)          # not attempted yet: a reminder, never an error
>>> sign_in("ana")             # from now on each check is kept for the teacher (``ClassReport``)

``EXERCISES`` maps every key ("1.1", "9.12", ...) to its ``Exercise``; each lesson's list is its
own module, ``lessonNN.py``.
"""
from .core import REL_TOL, Exercise, Verdict, check, exercise, registry, sign_in, verdict

EXERCISES = registry()

__all__ = ["Exercise", "Verdict", "EXERCISES", "verdict", "check", "exercise", "registry", "REL_TOL", "sign_in"]

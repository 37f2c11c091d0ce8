"""Exercises that check themselves, lesson by lesson (see ``core``).

>>> from euchre_lessons.exercises import check, sign_in
>>> check("9.1", ...)          # not attempted yet: a reminder, never an error
9.1 Holding the Joker (Foster's Railroad): not attempted yet. Replace ... with your answer.
>>> sign_in("ana")             # from now on each check is kept for the teacher (``ClassReport``)
Signed in as ana: your answers are kept for your teacher in euchre-work/ana.jsonl.

``EXERCISES`` maps every key ("1.1", "9.12", ...) to its ``Exercise``; each lesson's list is its
own module, ``lessonNN.py``.

The modules: ``core`` (``Exercise``, ``check``, ``sign_in``) and one list a lesson: ``lesson00``,
``lesson01``, ``lesson02``, ``lesson03``, ``lesson04``, ``lesson05``, ``lesson06``, ``lesson07``,
``lesson08``, ``lesson09``.
"""
from .core import REL_TOL, Exercise, Verdict, check, exercise, registry, sign_in, verdict

EXERCISES = registry()

__all__ = ["Exercise", "Verdict", "EXERCISES", "verdict", "check", "exercise", "registry", "REL_TOL", "sign_in"]

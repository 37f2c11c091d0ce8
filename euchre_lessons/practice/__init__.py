"""Practice: decisions to try again, proved by the engine.

* ``positions()``, ``load(path)`` - the kit's positions (``data/positions``), or one TOML file's,
  each a ``Position`` with ``state``, ``seat``, ``question``, ``answers``, ``explanation`` and
  ``proof`` (``positions``).
* ``prove(position)`` - the proof that its answers are best and every other choice worse by its
  margin, or ``PositionError`` saying why not (``proving``); ``validate(position)`` holds it to what
  the kit's set is held to: worth practising, and proved again over two further seeds.
* ``Queue.open(name)``, ``due(name)`` - a student's review queue (``queue``): the positions he
  missed, on a spaced schedule (FSRS); ``due`` is what it holds due today.

Positions are found in seeded hands and proved by ``python -m euchre_lessons.delivery.find``
(``--check`` validates position files), worded by ``teaching.questions``.
"""
from .positions import Position, PositionError, load, positions
from .proving import Proved, prove, validate
from .queue import Queue, QueueError


def due(name: str, folder=None, now=None) -> tuple:
    """The positions due today in the review queue called ``name`` (in ``folder``, default: here)."""
    return Queue.open(name, folder).due(now)


__all__ = ["Position", "PositionError", "Proved", "Queue", "QueueError", "due", "load", "positions", "prove", "validate"]

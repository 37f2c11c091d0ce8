"""Practice: decisions to try again, proved by the engine.

* ``positions()``, ``load(path)`` - the kit's positions (``data/positions``), or one TOML file's,
  each a ``Position`` with ``state``, ``seat``, ``question``, ``answers``, ``explanation`` and
  ``proof`` (``positions``).
* ``prove(position)`` - the proof that its answers are best and every other choice worse by its
  margin, or ``PositionError`` saying why not (``proving``).
* ``python -m euchre_lessons.practice.find`` - proved positions found in seeded hands (``find``).
"""
from .positions import Position, PositionError, load, positions
from .proving import Proved, prove

__all__ = ["Position", "PositionError", "Proved", "load", "positions", "prove"]

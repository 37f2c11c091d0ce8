"""Events in the game's words, the short way in: ``from euchre_lessons.events import holds_joker``.

They live in ``probability.events`` (with the ``Event`` core in ``probability.event``); this
module is the same names under the shorter path the lessons use.
"""
from .probability.events import *  # noqa: F401,F403
from .probability.events import __all__  # noqa: F401

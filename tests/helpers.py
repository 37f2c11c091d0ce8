"""Helpers shared by the test files: building a hand and driving it with text actions.

Not a test file: tests/ has no ``__init__.py``, so pytest's default import mode puts tests/ on
``sys.path`` and a test file imports these with ``from helpers import ...``. The other shared
modules beside it:

- ``railroad_helpers``: Foster's Railroad steps, the legal actions written as one line (``ask``).
- ``referee``: follow-suit and trick winners written from the rule book, independent of the engine.
- ``modern_helpers``: hands written as trick rows, checked by the referee; golden transcripts
  (modern four- and six-player Railroad, seven-handed).
"""
from __future__ import annotations

import random

from euchre_lessons import Card, Deal, HandState, rules
from euchre_lessons.teaching import hint


def start(preset, hands, up=None, dealer=0, **knobs) -> HandState:
    """A hand dealt as ``hands`` under ``preset`` (with ``knobs`` replaced, if any)."""
    rs = rules.load(preset)
    if knobs:
        rs = rs.replace(**knobs)
    return HandState.start(Deal.from_hands(rs, hands, upcard=up, dealer=dealer))


def run(state: HandState, *actions) -> HandState:
    """Apply ``actions`` in turn, with no checks."""
    for action in actions:
        state = state.apply(action)
    return state


def passes(s, k):
    """``k`` passes in a row."""
    for _ in range(k):
        s = s.apply("pass")
    return s


def cards(text: str) -> tuple:
    """The cards of ``text``, sorted: compare with ``hand_of``."""
    return tuple(sorted(Card.parse(c) for c in text.split()))


def hand_of(state, seat: int) -> tuple:
    return tuple(sorted(state.hand(seat)))


class Unshuffled(random.Random):
    """A generator whose every key is 0: sorting on equal keys keeps the pack in order."""

    def getrandbits(self, k):
        return 0

    def random(self):
        return 0.0


def worst(session):
    """The worst legal action of a ``PlaySession`` by the hint's own numbers (a sure mistake when
    it costs): what the review and mistake tests play to make mistakes."""
    legal = session.legal_actions()
    if len(legal) == 1:
        return legal[0]
    return hint(session.state, session.human, 3,
                seed=f"{session.seed}:hand:{session.hand_number}").values.values[-1].action

"""The words of a hand's progress: ``Phase``, the steps of a hand in order, where the turn-up lies.

The order of every decision is rule book section J: making trump (``bidding``), then the steps
after trump (``declaring``: J steps 4 to 11, each skipped where it does not occur), then play.
"""
from __future__ import annotations

from enum import Enum


class Phase(str, Enum):
    """Where a hand stands; the value is the phase in words."""

    ROUND1 = "first round"
    ROUND2 = "second round"
    BLIND = "dealer names trump blind"
    AUCTION = "auction"
    WIDOW = "widow discards"
    TRUMP = "naming trump"
    PARTNERS = "naming partners"
    ALONE = "going alone"
    TAKE_OVER = "take-over"
    GIVE = "exchange: lone player gives"
    BEST = "exchange: partner's best"
    JAMBONE = "Jambone"
    DEFEND = "alone against"
    DISCARD = "dealer's discard"
    JAMBOREE = "Jamboree"
    PLAY = "play"
    DONE = "done"

    def __str__(self) -> str:
        return self.value


# The phases as plain names too: a member looked up on an Enum class costs a call each time,
# and the steps of a hand set one on every action.
(ROUND1, ROUND2, BLIND, AUCTION, WIDOW, TRUMP, PARTNERS, ALONE, TAKE_OVER, GIVE, BEST, JAMBONE,
 DEFEND, DISCARD, JAMBOREE, PLAY, DONE) = Phase

# The steps of rule book J after trump is fixed, in order.
STEP_ALONE, STEP_TAKE_OVER, STEP_EXCHANGE, STEP_JAMBONE, STEP_OFFERS, STEP_DEFENDER_EXCHANGE, \
    STEP_DISCARD, STEP_JAMBOREE, STEP_PLAY = 4, 5, 6, 7, 8, 9, 10, 11, 12

# Where the turn-up is: still lying on the pack, turned down or left dead, in the dealer's
# hand, or there is none (the seven-handed game).
UP_LYING, UP_DEAD, UP_HELD, UP_NONE = 0, 1, 2, 3

"""The actions for the cards of a mask (``actions.card_actions``): joined from remembered suits'
parts for speed, they are the actions of the cards one by one, in id order."""
from __future__ import annotations

import random

import pytest

from euchre_lessons import actions as A
from euchre_lessons.cards import ids_of

TABLES = {"play": A.PLAY, "call": A.CALL, "discard": A.DISCARD, "give": A.GIVE}


def masks(seed: str, count: int) -> list:
    """Random masks of 0 to 9 cards of the 53, the Joker among them; and the edges."""
    rng = random.Random(seed)
    out = [0, 1, 1 << 52, (1 << 53) - 1, (1 << 26) - 1, ((1 << 27) - 1) << 26]
    out += [sum(1 << c for c in rng.sample(range(53), rng.randrange(10))) for _ in range(count)]
    return out


@pytest.mark.parametrize("kind", TABLES)
def test_the_joined_actions_are_the_cards_one_by_one(kind):
    table = TABLES[kind]
    for mask in masks(kind, 5000) * 2:  # twice: first the suits' parts made, then remembered
        assert A.card_actions(table, mask) == tuple(table[i] for i in ids_of(mask)), hex(mask)

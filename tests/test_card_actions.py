"""The actions for the cards of a mask (``actions.card_actions``): joined from remembered suits'
parts for speed, they are the actions of the cards one by one, in id order; and where a hand's
legal plays are remembered whole (``Tables.few_from``)."""
from __future__ import annotations

import random
from math import comb

import pytest

from euchre_lessons import actions as A
from euchre_lessons import rules
from euchre_lessons.cards import ids_of
from euchre_lessons.hand.tables import FEW_HANDS, tables_of

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


@pytest.mark.parametrize("preset", rules.names())
def test_legal_plays_are_remembered_once_few_cards_are_left(preset):
    """``Tables.few_from``: from that trick on, a seat's possible hands are at most
    ``FEW_HANDS`` sets, and a trick earlier they are more (``hand.state``'s docstring says why
    larger hands are joined anew each time)."""
    rs = rules.load(preset)
    t = tables_of(rs)

    def sets(done: int) -> int:
        return sum(comb(len(rs.cards), k) for k in range(rs.hand_size - done + 1))

    assert sets(t.few_from) <= FEW_HANDS
    assert t.few_from == 0 or sets(t.few_from - 1) > FEW_HANDS
    assert rs.hand_size - t.few_from == (2 if len(rs.cards) == 53 else 3)

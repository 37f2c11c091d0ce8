"""The short path of an acceptance in ``HandState.apply`` gives the state the phases give.

An acceptance in round 1, where J step 4 follows at once, skips the draft of the next state for
speed (``bidding.accept``). This test is what allows that copy: on every state of seeded random
hands of every preset and of the knob variants of ``test_invariants``, each acceptance is also
applied the long way (a draft, ``apply_round1``, frozen), and the two next states must hold the
same fields and offer the same legal actions. (A pass before the dealer's has only its short
path, ``bidding.pass_on``.)
"""
from __future__ import annotations

import random

import pytest

from euchre_lessons import HandState, Phase, deal
from euchre_lessons.actions import ACCEPTS
from euchre_lessons.hand.state import _APPLY, _draft, _freeze

from test_invariants import PRESETS, VARIANTS, rule_set

HANDS = 300
RULE_SETS = PRESETS + list(VARIANTS)


def the_long_way(s: HandState, action) -> HandState:
    d = _draft(s._d, (s._d[12], s.to_act, action))
    _APPLY[s.phase](d, action)
    return _freeze(d)


@pytest.mark.parametrize("name", RULE_SETS)
def test_an_acceptance_takes_the_short_path_to_the_same_state(name):
    rs = rule_set(name)
    rng = random.Random(f"short paths {name}")
    problems, compared = [], 0
    for k in range(HANDS):
        s = HandState.start(deal(rs, rng=rng, dealer=k % rs.players))
        while not s.is_over:
            for action in s.legal_actions() if s.phase is Phase.ROUND1 else ():
                if action not in ACCEPTS:
                    continue
                short, long = s.apply(action), the_long_way(s, action)
                compared += 1
                if (short._d, short._legal, short.is_over) != (long._d, long._legal, long.is_over):
                    problems.append(f"{s!r} then {action}: {short._d} != {long._d}")
            s = s.apply(rng.choice(s.legal_actions()))
    assert compared > HANDS / 2 or rs.bidding == "auction"
    assert not problems, "\n".join(problems[:5])

"""The short paths of ``HandState.apply`` give the states the phases give.

Some steps before play skip the draft of the next state for speed (``hand.shortcuts``): a
round-1 acceptance, going alone or not, the dealer's discard into play. This test is what allows
those copies: on every state of seeded random hands of every preset and of the knob variants of
``test_invariants``, every legal action is also applied the long way (a draft, the phase's
``apply_*``, frozen), and the two next states must hold the same fields and offer the same
legal actions. (A pass before the dealer's has only its short path, ``shortcuts.pass_on``.)
"""
from __future__ import annotations

import random
from collections import Counter

import pytest
from test_invariants import PRESETS, VARIANTS, rule_set

from euchre_lessons import HandState, Phase, deal
from euchre_lessons.actions import PASS
from euchre_lessons.hand.state import _APPLY, _draft, _freeze

HANDS = 300
# Rule sets where the short paths meet a Jambone after the discard, or a pat hand.
MORE = {
    "railroad_full-jamboree": {"jamboree": False},
    "railroad_full-jamboree, any Jambone": {"jamboree": False, "jambone_requires_alone": False},
    "railroad_full, pat but no exchanges": {"jamboree": False, "jambone": False, "partners_best": "none",
                                            "lone_against": False},
}
RULE_SETS = PRESETS + list(VARIANTS) + list(MORE)
LONG_WAY_ONLY = (Phase.PLAY, Phase.DONE)


def rules_named(name: str):
    if name in MORE:
        from euchre_lessons import rules

        return rules.load("hoyle_railroad_full").replace(**MORE[name])
    return rule_set(name)


def the_long_way(s: HandState, action) -> HandState:
    d = _draft(s._d, (s._d[12], s.to_act, action))
    _APPLY[s.phase](d, action)
    return _freeze(d)


def passes_on(s: HandState, action) -> bool:
    return action is PASS and s.phase in (Phase.ROUND1, Phase.ROUND2, Phase.AUCTION) and s.to_act != s.dealer


@pytest.mark.parametrize("name", RULE_SETS)
def test_every_action_before_play_gives_the_state_the_phases_give(name):
    rs = rules_named(name)
    rng = random.Random(f"short paths {name}")
    problems, compared = [], Counter()
    for k in range(HANDS):
        s = HandState.start(deal(rs, rng=rng, dealer=k % rs.players))
        while not s.is_over:
            for action in () if s.phase in LONG_WAY_ONLY else s.legal_actions():
                if passes_on(s, action):
                    continue
                short, long = s.apply(action), the_long_way(s, action)
                compared[s.phase] += 1
                if (short._d, short._legal, short.is_over) != (long._d, long._legal, long.is_over):
                    problems.append(f"{s!r} then {action}: {short._d} != {long._d}")
            s = s.apply(rng.choice(s.legal_actions()))
    assert not problems, "\n".join(problems[:5])
    if rs.bidding == "turn_up":  # the three short paths were met, many times
        assert min(compared[p] for p in (Phase.ROUND1, Phase.ALONE, Phase.DISCARD)) > HANDS / 3, compared


def test_the_short_paths_apply_where_the_tables_say():
    from euchre_lessons import rules
    from euchre_lessons.actions import ALONE, ALONE_PAT, WITH_PARTNER
    from euchre_lessons.hand.tables import tables_of

    standard, railroad, modern = (tables_of(rules.load(p)) for p in ("standard", "hoyle_railroad", "modern_railroad"))
    assert standard.short_alone == {WITH_PARTNER, ALONE} and standard.short_discard
    assert railroad.short_alone == {WITH_PARTNER} and railroad.short_discard
    assert not modern.short_alone and not modern.short_discard  # Jambone and Jamboree may follow
    assert not tables_of(rules.load("hoyle_seven_handed")).short_alone
    pat = tables_of(rules_named("railroad_full, pat but no exchanges"))
    assert ALONE_PAT in pat.short_alone and pat.short_discard

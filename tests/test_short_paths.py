"""The short paths of ``HandState.apply`` give the states the phases give.

Some steps before play skip the draft of the next state for speed (``hand.shortcuts``): a
round-1 acceptance, going alone or not, going alone into the exchange, a lone player's gift into
the offer of a Jambone (or, a lone defender's, into the discard or play), a Jambone and the last
pass on defending alone into the discard or play, defending alone into the exchange, the
dealer's discard into play. This test is what allows
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
from euchre_lessons.hand.steps import APPLY, draft, freeze

HANDS = 300
# Rule sets where the short paths meet a Jambone after the discard, a pat hand, or the offers to
# defend alone made in turn from the dealer's left.
MORE = {
    "railroad_full-jamboree": {"jamboree": False},
    "railroad_full-jamboree, any Jambone": {"jamboree": False, "jambone_requires_alone": False},
    "railroad_full, pat but no exchanges": {"jamboree": False, "jambone": False, "partners_best": "none",
                                            "lone_against": False},
    "railroad_full, offers from the dealer's left": {"lone_against_priority": "first_in_turn_from_dealers_left"},
}
RULE_SETS = PRESETS + list(VARIANTS) + list(MORE)
LONG_WAY_ONLY = (Phase.PLAY, Phase.DONE)


def rules_named(name: str):
    if name in MORE:
        from euchre_lessons import rules

        return rules.load("hoyle_railroad_full").replace(**MORE[name])
    return rule_set(name)


def the_long_way(s: HandState, action) -> HandState:
    d = draft(s, action)
    APPLY[s.phase](d, action)
    made = freeze(d)
    made.__class__ = HandState
    return made


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
    if s.tables.short_give:  # and the lone maker's gift, many times
        assert compared[Phase.GIVE] > HANDS / 3, compared
    if s.tables.short_offers:  # and the passes on a Jambone and on defending alone
        assert min(compared[Phase.JAMBONE], compared[Phase.DEFEND]) > HANDS / 3, compared
    if s.tables.short_defence:  # and the lone defenders' gifts
        assert compared[Phase.GIVE] > HANDS / 2, compared


def test_the_short_paths_apply_where_the_tables_say():
    from euchre_lessons import rules
    from euchre_lessons.actions import ALONE, ALONE_PAT, WITH_PARTNER
    from euchre_lessons.hand.tables import tables_of

    standard, railroad, modern = (tables_of(rules.load(p)) for p in ("standard", "hoyle_railroad", "modern_railroad"))
    assert standard.short_alone == {WITH_PARTNER, ALONE} and standard.short_discard
    assert railroad.short_alone == {WITH_PARTNER} and railroad.short_discard
    # a Jambone needs a lone maker, and a Jamboree's step is asked of the hands (below)
    assert modern.short_alone == {WITH_PARTNER} and modern.short_discard and modern.jamboree_step
    assert not standard.jamboree_step and not railroad.jamboree_step
    assert modern.short_give and tables_of(rules.load("hoyle_railroad_full")).short_give
    assert modern.short_exchange and railroad.short_exchange and not standard.short_exchange
    assert not railroad.short_give and not standard.short_give  # no Jambone follows the gift
    chooses = tables_of(rules.load("modern_railroad").replace(partner_best_policy="partner_chooses"))
    assert not chooses.short_give  # the partner chooses his best: a step of its own
    assert not tables_of(rules.load("hoyle_seven_handed")).short_alone
    pat = tables_of(rules_named("railroad_full, pat but no exchanges"))
    assert ALONE_PAT in pat.short_alone and pat.short_discard


def holding_the_top_trumps(d, seat: int):
    """Deal ``d`` with ``seat`` given the top trumps of the suit its turn-up proposes, each swapped
    for a card of his that is not one (None where the turn-up is one, or proposes no trump)."""
    from euchre_lessons import Deal, Suit
    from euchre_lessons.cards import ids_of
    from euchre_lessons.hand.tables import tables_of

    t = tables_of(d.rules)
    trump = t.proposed[d.upcard.id]
    if trump == Suit.NO_TRUMP or t.top_trumps[trump] & d.upcard.bit:
        return None
    top, masks, rest = t.top_trumps[trump], list(d.masks), d.rest_mask
    for card, spare in zip(ids_of(top & ~masks[seat]), ids_of(masks[seat] & ~top)):
        owner = next((i for i, m in enumerate(masks) if m >> card & 1), None)
        if owner is None:
            rest = rest & ~(1 << card) | 1 << spare
        else:
            masks[owner] = masks[owner] & ~(1 << card) | 1 << spare
        masks[seat] = masks[seat] & ~(1 << spare) | 1 << card
    return Deal(d.rules, d.dealer, tuple(masks), d.upcard, rest)


@pytest.mark.parametrize("preset", ["modern_railroad", "hoyle_railroad_full"])
def test_a_hand_holding_the_top_trumps_goes_the_long_way_to_its_jamboree(preset):
    """Where a Jamboree may follow, the short paths that can end in play (going alone, the
    discard, a Jambone, the last pass on defending alone, a lone defender's gift) stand aside when
    a hand holds all the top trumps, and the long way stops at the Jamboree's step as the phases
    say; when no hand holds them, the short paths apply."""
    from euchre_lessons import rules
    from euchre_lessons.hand.shortcuts import (
        decide_alone,
        discard_into_play,
        give_for_best,
        jambone,
        no_defence,
        no_jamboree,
        short_path,
    )

    def into_play(s, path) -> bool:
        """Whether the short path ``path`` may end in play from ``s``."""
        return path in (decide_alone, discard_into_play, jambone) \
            or (path is no_defence and len(s._fixed.offers) == 1) or (path is give_for_best and s.to_act != s.maker)

    rs = rules.load(preset)
    rng = random.Random(f"jamboree {preset}")
    met, taken = Counter(), Counter()
    for k in range(1000):
        dealt = deal(rs, rng=rng, dealer=k % rs.players)
        s = HandState.start(k % 2 and holding_the_top_trumps(dealt, rng.randrange(rs.players)) or dealt)
        while not s.is_over and s.phase is not Phase.PLAY:
            action = rng.choice(s.legal_actions())
            path, after = short_path(s, action), s.apply(action)
            if s.phase not in (Phase.ROUND1, Phase.ROUND2) and not no_jamboree(s.tables, s._d["trump"], s._d["hands"]):
                assert not into_play(s, path), (s, action)
                long = the_long_way(s, action)
                assert (after._d, after._legal) == (long._d, long._legal)
                met[after.phase] += 1
            elif into_play(s, path):
                taken[path.__name__] += 1
            s = after
    assert met[Phase.JAMBOREE] >= 10, met  # the long way stopped at the Jamboree, as the phases do
    assert taken["decide_alone"] > 20 and taken["discard_into_play"] > 20, taken
    if preset == "modern_railroad":
        assert min(taken[p.__name__] for p in (jambone, no_defence, give_for_best)) > 20, taken


def test_a_lone_defenders_exchange_that_makes_a_jamboree_goes_the_long_way():
    """The lone defender's gift may bring back, as his partner's best, the one top trump he
    lacks: the short path stands aside (``shortcuts._give`` asks it of the two hands together)
    and the long way goes on to the Jamboree's step, after the dealer's discard."""
    from euchre_lessons import Deal, rules
    from euchre_lessons.cards import ids_of
    from euchre_lessons.hand.shortcuts import short_path
    from euchre_lessons.hand.tables import tables_of

    rs = rules.load("modern_railroad")
    t, rng, met = tables_of(rs), random.Random("a defender's jamboree"), 0
    for _ in range(200):
        d = holding_the_top_trumps(deal(rs, rng=rng, dealer=0), 2)
        if d is None:
            continue
        trump = t.proposed[d.upcard.id]
        top, rank = t.top_trumps[trump], t.rankings[trump]
        lowest_top = max(ids_of(top), key=t.best_order[trump].index)  # given to the partner: his best
        spare = next((c for c in ids_of(d.masks[0]) if rank.eff_suit[c] != trump), None)
        if spare is None:
            continue
        masks = list(d.masks)
        masks[2] = masks[2] & ~(1 << lowest_top) | 1 << spare
        masks[0] = masks[0] & ~(1 << spare) | 1 << lowest_top
        s = HandState.start(Deal(rs, 0, tuple(masks), d.upcard, d.rest_mask))
        for said in ("order up", "alone"):
            s = s.apply(said)
        s = s.apply(s.legal_actions()[0])  # the maker's gift
        s = s.apply("pass")  # no Jambone
        if s.phase is not Phase.DEFEND or s.to_act != 2:
            continue
        s = s.apply("defend alone")
        gift = next(a for a in s.legal_actions() if not top >> a.cid & 1)
        assert short_path(s, gift) is None, s
        after = s.apply(gift)
        while after.phase is Phase.DISCARD:
            after = after.apply(after.legal_actions()[0])
        assert after.phase is Phase.JAMBOREE and after.to_act == 2, after
        met += 1
    assert met >= 20, met

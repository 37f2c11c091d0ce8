"""One follow-suit rule: ``play.playable``, and everything that asks which cards may be played.

``HandState.apply`` (and the first lead, through ``play.legal_plays``) writes the follow-suit
rule out inline for speed; this test is what allows that copy. On every play-phase state of
seeded random hands of every preset and of the knob variants of ``test_invariants``, each of
these gives the same cards:

* the state's legal actions (``play``, or ``call`` for the opponent naming a Jambone card);
* ``playable`` on the seat's current hand, with ``follow_rule(rules, trump)`` for the hand;
* ``HandState.playable_mask``, the ``SeatView`` of the seat to act (``playable_mask`` and
  ``play_facts.playable``; every other seat's view offers nothing);
* the solver's ``Position.of_state(s).playable`` where the solver covers the hand.

And ``void_shown`` agrees with the state: a seat that did not follow the suit led holds none of
that suit from then on, and a seat that followed shows nothing.
"""
from __future__ import annotations

import random

import pytest
from test_invariants import PRESETS, VARIANTS, effective_suit, rule_set

from euchre_lessons import HandState, Phase, deal, solver
from euchre_lessons.cards import ids_of
from euchre_lessons.errors import SolverError
from euchre_lessons.hand.play import follow_rule, playable, void_shown
from euchre_lessons.solver import Position

HANDS = 300          # per preset
VARIANT_HANDS = 200  # per knob variant, as in test_invariants
RULE_SETS = PRESETS + list(VARIANTS)
SHOWN = 5


def where(s: HandState) -> str:
    return f"{s!r}"


def solver_covers(s: HandState) -> bool:
    try:
        solver.check(s)
    except SolverError:
        return False
    return True


def check_play_state(s: HandState, rs, problems: list, counts: dict) -> None:
    setup, turn = s.setup, s.turn
    rule = follow_rule(rs, setup.trump)
    hand = s.hand_masks[turn]
    led = s.trick[0][1].id if s.trick else None
    allowed = playable(hand, led, rule)
    legal = s.legal_actions()
    kind = "play" if s.to_act == turn else "call"
    offered = {a.cid for a in legal}
    if offered != set(ids_of(allowed)) or {a.kind for a in legal} != {kind} or len(legal) != len(offered):
        problems.append(f"{where(s)}: legal {[str(a) for a in legal]}, playable {sorted(ids_of(allowed))} ({kind})")
    if allowed == 0 or allowed & ~hand:
        problems.append(f"{where(s)}: playable {allowed:#x} is empty or not in the hand {hand:#x}")
    if s.playable_mask() != allowed:
        problems.append(f"{where(s)}: state playable_mask {s.playable_mask():#x} != {allowed:#x}")
    for seat in range(s.players):
        view = s.view(seat)
        want = allowed if seat == s.to_act else 0
        if view.playable_mask != want or view.play_facts.playable != want:
            problems.append(f"{where(s)}: seat {seat}'s view offers {view.playable_mask:#x} / "
                            f"{view.play_facts.playable:#x}, not {want:#x}")
        if seat != s.to_act and view.legal_actions():
            problems.append(f"{where(s)}: seat {seat} is not to act but its view has legal actions")
    counts["states"] += 1
    counts["follow"] += led is not None and allowed != hand
    counts["call"] += kind == "call"
    if solver_covers(s):
        pos = Position.of_state(s)
        counts["solver"] += 1
        if pos.playable != allowed:
            problems.append(f"{where(s)}: the solver's playable {sorted(ids_of(pos.playable))} != "
                            f"{sorted(ids_of(allowed))}")
        # the solver's own numbering maps back to the same hand, and its runs of equivalent
        # cards cover exactly the playable cards
        packed = {pos.ids[k] for k in ids_of(pos.hands[turn])}
        grouped = sorted(c for group in pos.classes(pos.playable) for c in group)
        if packed != set(ids_of(hand)) or grouped != sorted(ids_of(allowed)):
            problems.append(f"{where(s)}: the solver's hand {sorted(packed)} / runs {grouped} do not map back")


def check_voids(s: HandState, rs, problems: list, counts: dict) -> None:
    """Every card played so far (the completed tricks and the trick on the table): what it shows
    by ``void_shown``, checked against the rule book and against the seat's hand now."""
    if s.trump is None:
        return
    rule = follow_rule(rs, s.setup.trump)
    joker_free = s.trump.word == "no trump" and rs.joker_no_trump_play == "any_time"
    for plays in [t.plays for t in s.tricks] + ([s.trick] if s.trick else []):
        led_card = plays[0][1]
        led_suit = effective_suit(led_card, s.trump)
        for seat, card in plays[1:]:
            shown = void_shown(card.id, led_card.id, rule)
            followed = effective_suit(card, s.trump) == led_suit or (card.is_joker and joker_free)
            if followed != (shown == 0):
                problems.append(f"{where(s)}: {card} to {led_card} led shows {sorted(ids_of(shown))}")
            if shown and shown != rule.follow[led_card.id]:
                problems.append(f"{where(s)}: {card} to {led_card} led shows part of a suit")
            if s.hand_masks[seat] & shown:
                problems.append(f"{where(s)}: seat {seat} played {card} to {led_card} led, "
                                f"yet holds {sorted(ids_of(s.hand_masks[seat] & shown))} of that suit")
            counts["voids"] += bool(shown)


def run(name: str) -> tuple:
    rs = rule_set(name)
    rng = random.Random(f"follow rule {name}")
    hands = VARIANT_HANDS if name in VARIANTS else HANDS
    problems: list = []
    counts = dict.fromkeys(("hands", "states", "follow", "call", "solver", "voids"), 0)
    for k in range(hands):
        s = HandState.start(deal(rs, rng=rng, dealer=k % rs.players))
        counts["hands"] += 1
        while True:
            if s.phase is Phase.PLAY:
                check_play_state(s, rs, problems, counts)
            if s.phase in (Phase.PLAY, Phase.DONE):
                check_voids(s, rs, problems, counts)
            if s.is_over:
                break
            s = s.apply(rng.choice(s.legal_actions()))
    return problems, counts


_RUNS: dict = {}


def run_for(name: str) -> tuple:
    if name not in _RUNS:
        _RUNS[name] = run(name)
    return _RUNS[name]


@pytest.mark.parametrize("name", RULE_SETS)
def test_every_source_of_the_legal_plays_is_playable(name):
    problems, counts = run_for(name)
    assert counts["hands"] == (VARIANT_HANDS if name in VARIANTS else HANDS)
    assert counts["states"] > counts["hands"], counts  # play was reached, and often
    assert counts["follow"] > 0, counts                 # some seats had to follow suit
    assert not problems, f"{name}: {len(problems)} disagreement(s) in {counts}:\n" + "\n".join(problems[:SHOWN])


@pytest.mark.parametrize("name", RULE_SETS)
def test_void_shown_agrees_with_the_hands(name):
    problems, counts = run_for(name)
    assert counts["voids"] > 0, counts
    assert not [p for p in problems if " led " in p], "\n".join(problems[:SHOWN])


def test_the_solver_and_jambone_are_reached():
    """The comparison with the solver and a Jambone caller's ``call`` actions are not empty."""
    assert sum(run_for(n)[1]["solver"] for n in RULE_SETS) > 1000
    assert all(run_for(n)[1]["solver"] > 0 for n in ("standard", "hoyle_railroad", "hoyle_seven_handed"))
    assert sum(run_for(n)[1]["call"] for n in RULE_SETS) > 0


def test_the_free_joker_at_no_trump_is_offered_with_the_suit():
    """Where the Joker may be played at any time at no trump (rule book D-16), ``playable``
    adds it to the cards that follow suit, and playing it shows no void."""
    rs = rule_set("modern+any_time+chooses")
    assert rs.joker_no_trump_play == "any_time"
    rule, strict = follow_rule(rs, 4), follow_rule(rule_set("modern_railroad"), 4)
    assert rule.joker_free == 1 << 52 and strict.joker_free == 0
    clubs_and_joker = 1 << 0 | 1 << 1 | 1 << 52    # two clubs and the Joker; clubs (id 5) led
    assert playable(clubs_and_joker, 5, rule) == clubs_and_joker
    assert playable(clubs_and_joker, 5, strict) == 1 << 0 | 1 << 1
    assert playable(1 << 52 | 1 << 13, 5, rule) == 1 << 52 | 1 << 13   # void in clubs: anything
    assert playable(clubs_and_joker, None, strict) == clubs_and_joker    # a lead: anything
    assert void_shown(52, 5, rule) == 0 and void_shown(52, 5, strict) == strict.follow[5]
    assert void_shown(13, 5, rule) == rule.follow[5] and void_shown(1, 5, rule) == 0

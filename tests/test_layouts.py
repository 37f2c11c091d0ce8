"""Worlds from a seat's view (``players.layouts``): at every decision before play of 300
seeded hands per preset, every world the layouts give looks to the deciding seat exactly like
the real hand, and none raises when the hand is played on from it."""

import pytest

from euchre_lessons import HandState, Phase, deal, rules
from euchre_lessons.hand.view import SeatView
from euchre_lessons.players import make
from euchre_lessons.players.layouts import worlds

PRESETS = sorted(rules.names())
HANDS = 300
PER_DECISION = 3


def _public(view: SeatView) -> tuple:
    return (view.phase, view.to_act, view.hand_mask, view.public_history, view.played, view.upcard, view.trump,
            view.maker, view.alone, view.sitting_mask, view.partners, view.bid, view.received, view.gave,
            tuple(view.legal_actions()))


def _decisions(preset: str):
    """(real state, seat to act) at every decision before play of HANDS seeded hands."""
    rs = rules.load(preset)
    bots = [make("rule_of_thumb", s) for s in range(rs.players)]
    for seed in range(HANDS):
        s = HandState.start(deal(rs, seed=seed, dealer=seed % rs.players))
        while not s.is_over:
            seat = s.to_act
            view = SeatView(s, seat)
            if s.phase is not Phase.PLAY and len(view.legal_actions()) > 1:
                yield seed, s, seat
            s = s.apply(bots[seat].choose(view))


@pytest.mark.parametrize("preset", PRESETS)
def test_every_world_looks_like_the_real_hand_and_plays_on(preset):
    rs = rules.load(preset)
    finish = [make("rule_of_thumb", s) for s in range(rs.players)]
    decisions = found = 0
    for seed, state, seat in _decisions(preset):
        view = SeatView(state, seat)
        real = _public(view)
        found_here = worlds(view, PER_DECISION, rng=seed)
        decisions += 1
        assert found_here, f"{preset} seed {seed}: no world fits {view!r}"
        for world in found_here:
            assert _public(SeatView(world, seat)) == real
            for action in view.legal_actions():  # every legal action plays on to the end
                s = world.apply(action)
                while not s.is_over:
                    s = s.apply(finish[s.to_act].choose(SeatView(s, s.to_act)))
            found += 1
    assert decisions > HANDS  # at least one decision a hand, in every preset


def test_worlds_are_seeded():
    rs = rules.load("hoyle_railroad")
    s = HandState.start(deal(rs, seed=3))
    view = SeatView(s, s.to_act)
    first = [w.deal for w in worlds(view, 8, rng=11)]
    again = [w.deal for w in worlds(view, 8, rng=11)]
    other = [w.deal for w in worlds(view, 8, rng=12)]
    assert first == again and first != other


def test_a_world_keeps_the_partners_best_received_and_the_rule():
    """A lone player's view after partner's best: in every world the partner held that card and
    no better trump, so the lone player holds the same cards as in the real hand."""
    rs = rules.load("hoyle_railroad")
    bots = [make("rule_of_thumb", s) for s in range(4)]
    checked = 0
    for seed in range(400):
        s = HandState.start(deal(rs, seed=seed))
        while not s.is_over and s.phase is not Phase.PLAY:
            seat = s.to_act
            view = SeatView(s, seat)
            if view.received and len(view.legal_actions()) > 1:
                best = view.received[0]
                for w in worlds(view, 4, rng=seed):
                    (lone, _, partner, got), = [x for x in w.exchanges if x[0] == seat]
                    assert got == best and partner == (seat + 2) % 4
                    assert w.view(seat).hand == view.hand
                    checked += 1
            s = s.apply(bots[seat].choose(view))
    assert checked > 0


def test_layouts_read_only_the_view():
    """The layouts never look at the real hands: two states that look alike to the seat give
    the same worlds."""
    rs = rules.load("standard")
    d = deal(rs, seed=5)
    s = HandState.start(d)
    seat = s.to_act
    hands = list(d.masks)
    others = [x for x in range(4) if x != seat]
    hands[others[0]], hands[others[1]] = hands[others[1]], hands[others[0]]
    from euchre_lessons.deals import Deal

    twin = HandState.start(Deal(rs, d.dealer, tuple(hands), d.upcard, d.rest_mask))
    a = [w.deal for w in worlds(SeatView(s, seat), 6, rng=1)]
    b = [w.deal for w in worlds(SeatView(twin, seat), 6, rng=1)]
    assert a == b


@pytest.mark.parametrize("preset", PRESETS)
def test_worlds_in_play_look_like_the_real_hand(preset):
    """In play too (played cards, voids shown, a Jambone hand face up): every world found looks
    the same to the seat, and worlds are found nearly always (the seven-handed partners, fixed
    by who holds the top trumps, are met by dealing again within a bounded number of tries). A
    Jambone hand that took partner's best is met only by dealing again too, and may find none: it
    is counted apart, and its worlds, where found, are held to the same check."""
    rs = rules.load(preset)
    bots = [make("rule_of_thumb", s) for s in range(rs.players)]
    asked = found = 0
    for seed in range(30):
        s = HandState.start(deal(rs, seed=seed, dealer=seed % rs.players))
        while not s.is_over:
            view = SeatView(s, s.to_act)
            if s.phase is Phase.PLAY and len(view.legal_actions()) > 1:
                real = _public(view)
                got = worlds(view, 2, rng=seed)
                if not (s.setup.jambone and s.exchanges):
                    asked, found = asked + 2, found + len(got)
                for w in got:
                    assert _public(SeatView(w, s.to_act)) == real
                    assert w.hand_mask(s.to_act) == s.hand_mask(s.to_act)
            s = s.apply(bots[s.to_act].choose(view))
    assert asked > 100 and found >= 0.99 * asked

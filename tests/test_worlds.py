"""The hint's worlds before play (``valuing.worlds``): built from the seat's view through
``players.layouts``, valued as the expert values its bids, and never suggesting an action no
world valued."""
import re

import pytest

from euchre_lessons import HandState, Phase, Timeline, deal, rules
from euchre_lessons.hand.view import SeatView
from euchre_lessons.players import make
from euchre_lessons.players.expert import ExpertPlayer
from euchre_lessons.players.layouts import Layouts
from euchre_lessons.teaching import hint, playout_values, review
from euchre_lessons.teaching.hints import PLAYOUTS, values
from euchre_lessons.valuing.knowing import Z
from euchre_lessons.valuing.worlds import evaluator, side_points, values_of, worlds

PRESETS = sorted(rules.names())
HANDS = 300
PER_DECISION = 2  # worlds per decision: each is played out from every legal action
CODE = re.compile(r"\b[2-9TJQKA][CDHS]\b|JK")


def _public(view: SeatView) -> tuple:
    return (view.phase, view.to_act, view.hand_mask, view.public_history, view.played, view.upcard, view.trump,
            view.maker, view.alone, view.sitting_mask, view.partners, view.bid, view.received, view.gave,
            tuple(view.legal_actions()))


def _decisions(preset: str, hands: int = HANDS):
    """(seed, real state) at every decision before play, with a choice, of ``hands`` seeded
    hands played by the rule-of-thumb players."""
    rs = rules.load(preset)
    bots = [make("rule_of_thumb", s) for s in range(rs.players)]
    for seed in range(hands):
        s = HandState.start(deal(rs, seed=seed, dealer=seed % rs.players))
        while not s.is_over:
            seat = s.to_act
            view = SeatView(s, seat)
            if s.phase is not Phase.PLAY and len(view.legal_actions()) > 1:
                yield seed, s
            s = s.apply(bots[seat].choose(view))


@pytest.mark.parametrize("preset", PRESETS)
def test_every_hint_world_before_play_looks_like_the_real_hand_and_plays_out(preset):
    """At every decision before play of 300 hands, the hint's play-outs raise nothing (the
    Railroad dealer's discards among them), every world looks to the seat like the real hand,
    and every legal action is valued in every world."""
    decisions = 0
    for seed, s in _decisions(preset):
        seat = s.to_act
        real = _public(SeatView(s, seat))
        v = playout_values(s, seat, PER_DECISION, seed)
        decisions += 1
        assert v.layouts == PER_DECISION == len(v.hands), f"{preset} seed {seed}: {v.layouts} worlds"
        for world in v.hands:
            assert _public(SeatView(world, seat)) == real
        assert v.unvalued == ()
        assert {x.action for x in v.values} == set(s.legal_actions())
        assert all(len(rows) == PER_DECISION for rows in v.per_layout.values())
    assert decisions > HANDS  # at least one decision a hand


def test_the_worlds_read_only_the_view():
    """Two states that look alike to the seat (two other hands swapped) give the same worlds
    and the same values: nothing is read from the hidden hands."""
    from euchre_lessons.deals import Deal

    rs = rules.load("hoyle_railroad")
    d = deal(rs, seed=8)
    s = HandState.start(d)
    seat = s.to_act
    hands = list(d.masks)
    a, b = [x for x in range(4) if x != seat][:2]
    hands[a], hands[b] = hands[b], hands[a]
    twin = HandState.start(Deal(rs, d.dealer, tuple(hands), d.upcard, d.rest_mask))
    assert [w.deal for w in worlds(s, seat, 6, seed=2)] == [w.deal for w in worlds(twin, seat, 6, seed=2)]
    assert playout_values(s, seat, 6, seed=2).values == playout_values(twin, seat, 6, seed=2).values


def _first_bid():
    return next(s for seed, s in _decisions("standard", 5))


def test_an_action_no_world_valued_is_left_out_and_named():
    s = _first_bid()
    seat = s.to_act
    legal = s.legal_actions()
    found = worlds(s, seat, 3, seed=1)
    # the action that would look best has no row: it is never ranked, the text says so in words
    per = {a: [(0, -1.0), (0, -2.0), (0, -3.0)] for a in legal[1:]}
    per[legal[0]] = []
    v = values_of(seat, legal, per, found)
    assert legal[0] not in {x.action for x in v.values}
    assert v.best.action is not legal[0] and v.unvalued == (legal[0],)
    assert v.rival is None or v.rival.action is not legal[0]
    assert "no deal drawn valued" in v.how() and "not compared" in str(v)
    assert not CODE.search(str(v)) and not CODE.search(v._repr_html_())


def test_with_no_world_the_hint_suggests_nothing_and_says_why(monkeypatch):
    s = _first_bid()
    monkeypatch.setattr(Layouts, "world", lambda self, rng, tries=20: None)
    values.cache_clear()
    try:
        v = playout_values(s, s.to_act, 5, seed=4)
        assert v.values == () and set(v.unvalued) == set(s.legal_actions())
        for level in (2, 3):
            h = hint(s, s.to_act, level, seed=4)
            assert h.action is None and "no suggestion" in h.text
            assert not CODE.search(str(h))
    finally:
        values.cache_clear()


def test_the_review_does_not_grade_a_decision_no_world_valued(monkeypatch):
    rs = rules.load("standard")
    s = HandState.start(deal(rs, seed=3))
    seat = s.to_act
    bots = [make("rule_of_thumb", x) for x in range(4)]
    while not s.is_over:
        s = s.apply(bots[s.to_act].choose(SeatView(s, s.to_act)))
    values.cache_clear()
    assert any(r["phase"] != str(Phase.PLAY) for r in review(s, seat, seed=5).rows)  # a bid is graded
    values.cache_clear()
    monkeypatch.setattr(Layouts, "world", lambda self, rng, tries=20: None)
    try:
        graded = review(s, seat, seed=5).rows
        assert all(r["phase"] == str(Phase.PLAY) for r in graded)  # the bids are left ungraded
    finally:
        values.cache_clear()


def _positions(per_preset: int = 14):
    """(preset, seed, state): the first decisions before play, with a choice, of seeded
    timelines in three presets."""
    for preset in ("standard", "hoyle_railroad", "modern_railroad"):
        n = 0
        for seed in range(200):
            for s in Timeline.from_seed(preset, seed).states:
                if n < per_preset and not s.is_over and s.phase is not Phase.PLAY and len(s.legal_actions()) > 1:
                    n += 1
                    yield preset, seed, s
            if n >= per_preset:
                break


def test_the_hint_values_bids_exactly_as_an_expert_seeded_alike():
    """Same worlds, same play-outs: an expert reseeded with the hint's worlds' seed and given as
    many worlds finds the same mean points for every action, and chooses the hint's action
    wherever the hint's best is not tied in points with another."""
    checked = 0
    for _preset, seed, s in _positions(6):
        v = values(s, s.to_act, False, seed)
        e = ExpertPlayer(None, worlds=PLAYOUTS, card_samples=0)
        e.new_hand(f"{seed}:worlds")
        chose = e.choose(SeatView(s, s.to_act))
        reason = e.last_reason
        assert reason.worlds == v.layouts == PLAYOUTS
        assert {a: m for a, m, _ in reason.values} == pytest.approx({x.action: x.points for x in v.values})
        if v.rival is None or v.best.points > v.rival.points:
            assert chose == v.best.action
        checked += 1
    assert checked == 18


def test_the_evaluators_play_out_is_the_experts_score():
    for seed, s in list(_decisions("hoyle_railroad", 3))[:6]:
        for a in s.legal_actions():
            after = s.apply(a)
            one, other = evaluator(seed), evaluator(seed)
            assert side_points(one.finish(after), s.to_act)[1] == other.score(after, s.to_act, "playout")


def test_the_bidding_hint_agrees_with_the_expert_wherever_it_is_settled():
    """42 seeded decisions before play: the expert at its own settings, seeded apart from the
    hint (other worlds, so its own estimate carries its own sampling error), chooses the hint's
    action wherever the hint's margin is beyond three standard errors, and in nine of ten
    decisions where it is beyond two (the hint's "more than the sampling error"); where it is
    not, the hint says it is too close to call."""
    total = agree = settled = settled_agree = 0
    for preset, seed, s in _positions(14):
        seat = s.to_act
        v = values(s, seat, False, seed)
        expert = make("expert", 0)
        expert.new_hand(f"agreement:{preset}:{seed}:{len(s.history)}")
        chose = expert.choose(SeatView(s, seat))
        total += 1
        agree += chose == v.best.action
        text = hint(s, seat, 2, seed=seed).text
        dt, dp, se_t, se_p = v.margin()
        if v.settled:
            settled += 1
            settled_agree += chose == v.best.action
            if dp > 3 * se_p:
                assert chose == v.best.action, (preset, seed, len(s.history), v.best.action, chose, v.margin())
            assert "by more than the sampling error" in text
        else:
            assert dp <= Z * se_p + 1e-9
            assert "too close to call" in text
    assert total == 42 and settled >= 14  # enough settled positions for the agreement to mean something
    assert settled_agree >= 0.9 * settled, (settled_agree, settled, agree, total)

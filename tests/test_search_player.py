"""Tests for euchre_lessons.players.search: legal choices in every preset, layouts that fit what
the seat knows (the true layout among them), and the card it picks when it knows everything.

How often it beats the rule-of-thumb player is measured by ``bench/solver.py --games N``,
not asserted here.
"""
from __future__ import annotations

import random

import pytest

from euchre_lessons import HandState, Phase, deal, game, players, rules, solver
from euchre_lessons.hand.view import SeatView
from euchre_lessons.players.search import Knowledge, SearchPlayer
from euchre_lessons.ranking import ranking

PRESETS = rules.names()


def play_states(name: str, count: int, seed: int = 0):
    """Seeded states in play where the seat to act has a choice, in two-sided hands."""
    rs = rules.load(name)
    rng = random.Random(f"{name}-{seed}")
    out = []
    for k in range(4000):
        s = HandState.start(deal(rs, rng=rng, dealer=k % rs.players))
        while s.phase not in (Phase.PLAY, Phase.DONE):
            s = s.apply(rng.choice(s.legal_actions()))
        if s.phase is not Phase.PLAY:
            continue
        try:
            solver.check(s)
        except solver.SolverError:
            continue
        for _ in range(rng.randrange(len(s.active_seats) * (rs.hand_size - 1))):
            s = s.apply(rng.choice(s.legal_actions()))
        if len(s.legal_actions()) > 1:
            out.append(s)
            if len(out) == count:
                return out
    raise AssertionError(f"only {len(out)} states found in {name}")


@pytest.mark.parametrize("name", PRESETS)
def test_plays_whole_hands_legally(name):
    rs = rules.load(name)
    seats = [SearchPlayer(seed=k, samples=3, max_cards=24) for k in range(rs.players)]
    for k in range(2):
        s = HandState.start(deal(rs, seed=k, dealer=k % rs.players))
        while not s.is_over:
            seat = s.to_act
            action = seats[seat].choose(SeatView(s, seat))
            assert action in s.legal_actions()
            s = s.apply(action)
        s.result()


@pytest.mark.parametrize("name", PRESETS)
def test_layouts_fit_what_the_seat_knows(name):
    for s in play_states(name, 6):
        me = s.to_act
        view = SeatView(s, me)
        k = Knowledge(view)
        truth = s.hand_masks
        played = sum(c.bit for t, _, _ in s.tricks for _, c in t) | sum(c.bit for _, c in s.trick)
        # the true layout is one the seat must consider possible
        for seat, need in k.need.items():
            assert truth[seat] & ~k.forced.get(seat, 0) & ~k.allowed[seat] == 0
            assert (truth[seat] & ~k.forced.get(seat, 0)).bit_count() == need
        for seat, card in k.forced.items():
            assert truth[seat] & card
        rng = random.Random(1)
        for _ in range(5):
            hands = k.layout(rng)
            assert hands[me] == truth[me]
            if s.jambone:
                assert hands[s.maker] == truth[s.maker]
            seen = 0
            for seat in s.active_seats:
                assert hands[seat].bit_count() == truth[seat].bit_count()
                assert hands[seat] & seen == 0 and hands[seat] & played == 0
                seen |= hands[seat]
            for seat in k.need:
                assert hands[seat] & ~k.forced.get(seat, 0) & ~k.allowed[seat] == 0


def test_voids_shown_are_respected():
    rs = rules.load("standard")
    found = 0
    for s in play_states("standard", 40, seed=7):
        k = Knowledge(SeatView(s, s.to_act))
        rank = ranking(int(s.trump), rs.trump_order)
        for trick in [t for t, _, _ in s.tricks] + [s.trick]:
            if not trick:
                continue
            led = rank.eff_suit[trick[0][1].id]
            for seat, card in trick:
                if rank.eff_suit[card.id] != led and seat in k.allowed:
                    found += 1
                    assert k.allowed[seat] & rank.suit_mask[led] == 0
    assert found


@pytest.mark.parametrize("name", ["standard", "hoyle_railroad_full", "modern_railroad"])
def test_with_every_card_known_it_plays_a_best_card(name, monkeypatch):
    """Given the true layout as its only sample, it picks a card that perfect play picks."""
    for s in play_states(name, 5, seed=2):
        truth = s.hand_masks
        monkeypatch.setattr(Knowledge, "layout", lambda self, rng, tries=50: truth)
        action = SearchPlayer(seed=0, samples=1).choose(SeatView(s, s.to_act))
        assert action.arg in solver.solve(s).best


def test_other_decisions_go_to_the_fallback():
    class Stub:
        calls = 0

        def choose(self, view):
            Stub.calls += 1
            return view.legal_actions()[-1]

    s = HandState.start(deal("standard", seed=3))
    bot = SearchPlayer(seed=0, fallback=Stub())
    assert bot.choose(SeatView(s, s.to_act)) == s.legal_actions()[-1] and Stub.calls == 1


def test_same_seed_same_game():
    rs = rules.load("standard")

    def run():
        seats = [SearchPlayer(seed=1, samples=4), players.RandomPlayer(2), SearchPlayer(seed=3, samples=4),
                 players.RandomPlayer(4)]
        return [h.history for h in game.play_game(rs, seats, seed=11).hands[:3]]

    assert run() == run()


def test_default_fallback_is_the_rule_of_thumb_player():
    assert type(SearchPlayer(seed=0).fallback).__name__ == "RuleOfThumbPlayer"

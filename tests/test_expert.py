"""The expert player (``players.expert``) and the levels a class can choose (``players.make``)."""
import re

import pytest
from referee import LISTED_TRUMP, code, eff, letter, role

from euchre_lessons import HandState, Phase, Suit, deal, rules, solver
from euchre_lessons.constrained import load_teaching_deal
from euchre_lessons.errors import EuchreError, PlayerError
from euchre_lessons.hand.view import SeatView
from euchre_lessons.players import LEVELS, PLAYERS, NoisyPlayer, RandomPlayer, RuleOfThumbPlayer, make
from euchre_lessons.players.expert import ExpertPlayer, Reason, _points_for, _solved_points, _table

PRESETS = sorted(rules.names())


def _small(seed):
    """An expert cheap enough for tests: few worlds and few card layouts."""
    return ExpertPlayer(seed, worlds=6, card_samples=3)


def _play(the_deal, seats, seed):
    for k, p in enumerate(seats):
        p.new_hand(f"{seed}:{k}")
    s = HandState.start(the_deal)
    while not s.is_over:
        seat = s.to_act
        action = seats[seat].choose(SeatView(s, seat))
        assert action in s.legal_actions()
        s = s.apply(action)
    return s


# ---- levels by name ------------------------------------------------------------------------------

def test_levels_by_name():
    assert set(LEVELS) == {"beginner", "club", "expert"}
    assert set(PLAYERS) == {"random", "rule_of_thumb"}
    assert isinstance(make("beginner", 1), NoisyPlayer)
    assert isinstance(make("club", 1), RuleOfThumbPlayer)
    assert isinstance(make("expert", 1), ExpertPlayer)
    assert make("expert", 1, worlds=5).worlds == 5
    assert isinstance(make("random", 1), RandomPlayer) and isinstance(make("rule_of_thumb", 1), RuleOfThumbPlayer)


@pytest.mark.parametrize("kind", ["genius", "Expert", "", None, 3])
def test_an_unknown_level_is_refused_naming_the_levels(kind):
    with pytest.raises(PlayerError) as err:
        make(kind, 1)
    text = str(err.value)
    assert repr(kind) in text and all(name in text for name in ("beginner", "club", "expert", "rule_of_thumb"))
    assert isinstance(err.value, EuchreError) and isinstance(err.value, ValueError)


@pytest.mark.parametrize("worlds", [-1, 0, 2.5, True, "8"])
def test_a_bad_number_of_worlds_is_refused(worlds):
    with pytest.raises(PlayerError, match="worlds="):
        make("expert", 1, worlds=worlds)


def test_worlds_are_only_for_the_expert():
    with pytest.raises(PlayerError, match="'club'"):
        make("club", 1, worlds=8)


def test_the_beginner_is_the_rule_of_thumb_with_random_blunders():
    rs = rules.load("standard")
    s = HandState.start(deal(rs, seed=4))
    view = SeatView(s, s.to_act)
    assert NoisyPlayer(1, blunders=0).choose(view) is RuleOfThumbPlayer(1).choose(view)
    picks = set()
    for k in range(40):
        picks.add(NoisyPlayer(k, blunders=1).choose(view))
    assert picks == set(view.legal_actions())


# ---- the expert plays, seeded --------------------------------------------------------------------

@pytest.mark.parametrize("preset", PRESETS)
def test_the_expert_plays_whole_hands_legally(preset):
    rs = rules.load(preset)
    for seed in range(2):
        seats = [_small(f"{seed}:{k}") if k % 2 == 0 else make("rule_of_thumb", k) for k in range(rs.players)]
        _play(deal(rs, seed=seed, dealer=seed % rs.players), seats, seed).result()


@pytest.mark.parametrize("preset", ["standard", "modern_railroad"])
def test_a_hand_replays_identically(preset):
    rs = rules.load(preset)
    d = deal(rs, seed=9)
    runs = [_play(d, [_small(k) for k in range(rs.players)], 9).history for _ in range(2)]
    assert runs[0] == runs[1]


def _bids(preset, hands):
    """(state, seat) at decisions before play with a choice, from seeded rule-of-thumb hands."""
    rs = rules.load(preset)
    bots = [make("rule_of_thumb", k) for k in range(rs.players)]
    for seed in range(hands):
        s = HandState.start(deal(rs, seed=seed, dealer=seed % rs.players))
        while not s.is_over and s.phase is not Phase.PLAY:
            view = SeatView(s, s.to_act)
            if len(view.legal_actions()) > 1:
                yield s, s.to_act
            s = s.apply(bots[s.to_act].choose(view))


@pytest.mark.parametrize("preset", ["standard", "hoyle_railroad_full", "modern_railroad_6p", "hoyle_seven_handed"])
def test_the_reason_values_every_legal_action_and_the_choice_is_the_best(preset):
    seen = 0
    for state, seat in _bids(preset, 6):
        player = _small(seen)
        view = SeatView(state, seat)
        action = player.choose(view)
        reason = player.last_reason
        assert isinstance(reason, Reason) and reason.action is action and reason.phase is state.phase
        assert reason.worlds == 6
        assert {a for a, _, _ in reason.values} == set(view.legal_actions())  # none chosen unvalued
        means = [m for _, m, _ in reason.values]
        assert means == sorted(means, reverse=True) and reason.values[0][0] is action
        assert reason.margin() >= 0
        seen += 1
    assert seen >= 6


def test_the_expert_never_orders_up_alone_on_the_two_jamborees_deal():
    """The rule-of-thumb East orders up spades holding one trump (the Joker) and goes alone."""
    d = load_teaching_deal("two_jamborees").deal
    for seed in range(3):
        seats = [make("rule_of_thumb", k) for k in range(4)]
        seats[1] = ExpertPlayer(seed)
        final = _play(d, seats, seed)
        east = [str(a) for seat, a in final.steps if seat == 1 and a.kind not in ("play", "call")]
        assert not ("order up" in east and "alone" in east), east


@pytest.mark.parametrize("preset", ["standard", "hoyle_railroad", "hoyle_railroad_full", "modern_railroad"])
def test_the_points_by_null_window_tests_are_the_solvers(preset):
    rs = rules.load(preset)
    bots = [make("rule_of_thumb", k) for k in range(rs.players)]
    checked = 0
    for seed in range(25 if rs.hand_size == 5 else 6):
        s = HandState.start(deal(rs, seed=seed))
        while s.phase not in (Phase.PLAY, Phase.DONE):
            s = s.apply(bots[s.to_act].choose(SeatView(s, s.to_act)))
        if s.is_over:
            continue
        for seat in range(rs.players):
            assert _solved_points(s, seat) == _points_for(s, seat, _table(s)[solver.value(s)])
        checked += 1
    assert checked >= 5


def test_the_reason_reads_as_one_sentence_in_words():
    from euchre_lessons.teaching.why import explain

    seen = 0
    for state, seat in _bids("hoyle_railroad", 8):
        player = _small(seen)
        view = SeatView(state, seat)
        player.choose(view)
        text = explain(player.last_reason, view)
        r = player.last_reason
        assert text.startswith("I chose to ") and text.endswith(".")
        assert f"over {r.worlds} deals" in text.lower() and f"{r.margin():.2f}" in text
        for a, _, _ in r.values[:2]:
            card = a.card
            assert card is None or str(card) not in text.split()  # cards in words, never codes
        # the trumps it holds, as the rule book counts them, each bower or Joker with its role
        action = r.action
        suit = action.suit if action.kind == "make" else view.trump if view.trump is not None else \
            Suit(view.proposed_trump) if view.upcard_lying and view.proposed_trump is not None else None
        if suit is None or suit is Suit.NO_TRUMP:  # no trump to count (a second-round pass)
            assert not text.split(". ", 1)[1].startswith("With "), text
            seen += 1
            continue
        trump = letter(suit)
        want = [str(c) for c in view.hand if eff(str(c), trump) == "T"]
        held = re.search(r"With (.*?) as my (?:trumps|only trump) \(|With no trump in my hand \(", text)
        assert held, text
        named = re.findall(LISTED_TRUMP, held.group(1) or "")
        got = [code(c) for c, _ in named]
        assert sorted(got) == sorted(want), text
        assert all(said == role(c, trump) for c, (_, said) in zip(got, named)), text
        seen += 1
    assert seen >= 5


def test_a_jamboree_shown_in_the_modern_game_is_played_on():
    """Modern scoring adds the Jamboree's 16 and plays the hand on; the solver's points table
    has trick counts such a side cannot end with, so the card player plays by the rule of thumb
    there instead of raising."""
    from euchre_lessons.players.search import SearchPlayer

    rs = rules.load("modern_railroad")
    bots = [make("rule_of_thumb", k) for k in range(4)]
    played = 0
    for seed in range(4000):
        d = deal(rs, seed=seed)
        s = HandState.start(d)
        while not s.is_over and s.phase is not Phase.PLAY:
            s = s.apply(bots[s.to_act].choose(SeatView(s, s.to_act)))
        if s.is_over or s.jamboree is None:
            continue
        cards = [SearchPlayer(k, samples=2) for k in range(4)]
        while not s.is_over:
            s = s.apply(cards[s.to_act].choose(SeatView(s, s.to_act)))
        s.result()
        played += 1
        if played == 2:
            break
    assert played == 2


def test_inferring_worlds_agree_with_the_bids_seen_and_replay_alike():
    from euchre_lessons.players.expert import _bids_agree

    rs = rules.load("hoyle_railroad")
    bots = [make("rule_of_thumb", k) for k in range(4)]
    checked = agreed = differed = 0
    for seed in range(8):
        s = HandState.start(deal(rs, seed=seed))
        while s.phase is not Phase.PLAY and not s.is_over:
            v = SeatView(s, s.to_act)
            if len(v.legal_actions()) > 1 and s.history:
                p, q, plain = ExpertPlayer(seed), ExpertPlayer(seed), ExpertPlayer(seed, infer=False)
                assert p.choose(v) == q.choose(v) and p.last_reason == q.last_reason  # seeded: alike
                plain.choose(v)
                differed += plain.last_reason.values != p.last_reason.values  # the knob: other worlds
                drawn = p.worlds_for(v, 16)
                found = drawn.worlds
                agree = [w for w in found if _bids_agree(w, v.seat, p.thumb)]
                assert len(found) == 16 and found[:len(agree)] == agree  # agreeing worlds first, then the rest
                assert drawn.fit_bids in (len(agree), None) and plain.worlds_for(v, 16).fit_bids is None
                checked += 1
                agreed += bool(agree)
            s = s.apply(bots[s.to_act].choose(v))
    assert checked >= 8 and agreed >= checked // 2 and differed >= checked // 2

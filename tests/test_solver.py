"""Tests for euchre_lessons.solver (and solver.search, solver.analysis).

The solver is checked against exhaustive minimax over the engine's own moves
(``HandState.apply``) on endings of two and three tricks in every preset, on whole small
deals, against curated deals with known results (data/deals/solver_*.toml), and by
invariants: the best card's value is the solution, and relabelling suits or rotating seats
changes nothing.
"""
from __future__ import annotations

import json
import random
import tomllib
from pathlib import Path

import pytest

from euchre_lessons import Deal, HandState, Phase, record, rules, solver
from euchre_lessons.cards import Card, Suit
from euchre_lessons.solver import SolverError, analyse, points_table, solve, value

ROOT = Path(__file__).resolve().parent.parent
PRESETS = rules.names()
DEALS = sorted((ROOT / "data" / "deals" / "solver").glob("*.toml"))
CURATED = [d for path in DEALS for d in tomllib.loads(path.read_text(encoding="utf-8"))["deal"]]


# ---- helpers -----------------------------------------------------------------------------

def two_sided(s) -> bool:
    try:
        solver.check(s)
    except SolverError:
        return False
    return True


def states_in_play(name: str, count: int, seed: int = 0, want=two_sided, knobs=None):
    """Seeded states at the first lead, reached by random legal bidding, that pass ``want``."""
    rs = rules.load(name)
    if knobs:
        rs = rs.replace(**knobs)
    rng = random.Random(f"{name}-{seed}")
    out = []
    for k in range(4000):
        s = HandState.start(rules_deal(rs, rng, k % rs.players))
        while s.phase not in (Phase.PLAY, Phase.DONE):
            s = s.apply(rng.choice(s.legal_actions()))
        if s.phase is Phase.PLAY and want(s):
            out.append(s)
            if len(out) == count:
                return out
    raise AssertionError(f"only {len(out)} states of the kind wanted in {name}")


def rules_deal(rs, rng, dealer):
    from euchre_lessons import deal

    return deal(rs, rng=rng, dealer=dealer)


def ending(s, tricks_left: int, rng) -> HandState:
    """Play random cards until ``tricks_left`` tricks remain, and a random part of a trick more."""
    size = s.rules.hand_size
    n = len(s.active_seats)
    steps = (size - tricks_left) * n + rng.randrange(n)
    for _ in range(steps):
        s = s.apply(rng.choice(s.legal_actions()))
    return s


def makers_tricks(s) -> int:
    side = solver.makers_mask(s)
    return sum(s.tricks_won[x] for x in range(s.players) if side >> x & 1)


def chooses_for_makers(s) -> bool:
    return s.side_of(s.turn) == "makers" and not (s.jambone and s.turn == s.maker)


def brute(s) -> int:
    """The makers' final tricks by plain minimax over ``HandState.apply``."""
    if s.is_over:
        return makers_tricks(s)
    values = [brute(s.apply(a)) for a in s.legal_actions()]
    return max(values) if chooses_for_makers(s) else min(values)


def card_values(s) -> dict:
    return {str(a.arg): brute(s.apply(a)) for a in s.legal_actions()}


# ---- exact against brute force -------------------------------------------------------------

@pytest.mark.parametrize("name", PRESETS)
@pytest.mark.parametrize("left", [2, 3])
def test_endings_match_brute_force(name, left):
    if name == "hoyle_seven_handed":
        left = min(left, 2)  # seven hands of three cards are 6**7 lines: two tricks suffice
    rng = random.Random(f"{name}-{left}")
    for s in states_in_play(name, 6, seed=left):
        s = ending(s, left, rng)
        sol = solve(s)
        truth = card_values(s)
        assert {str(v.card): v.tricks for v in sol.cards} == truth, str(s.deal)
        assert sol.tricks == (max if chooses_for_makers(s) else min)(truth.values())


@pytest.mark.parametrize("knobs", [{}, {"joker_no_trump_play": "any_time"}])
def test_no_trump_endings_match_brute_force(knobs):
    rng = random.Random(5)
    for s in states_in_play("modern_railroad", 4, want=lambda s: s.trump is Suit.NO_TRUMP and two_sided(s),
                            knobs=knobs):
        s = ending(s, 3, rng)
        assert {str(v.card): v.tricks for v in solve(s).cards} == card_values(s)


def test_whole_lone_hands_match_brute_force():
    """Whole three-player deals (5 tricks) against minimax memoised on the engine's states."""
    for s in states_in_play("standard", 3, want=lambda s: s.alone):
        memo: dict = {}

        def best(t):
            if t.is_over:
                return makers_tricks(t)
            key = (t.hand_masks, t.trick, t.turn, makers_tricks(t))
            if key not in memo:
                vals = [best(t.apply(a)) for a in t.legal_actions()]
                memo[key] = max(vals) if chooses_for_makers(t) else min(vals)
            return memo[key]

        assert {str(v.card): v.tricks for v in solve(s).cards} == {str(a.arg): best(s.apply(a))
                                                                    for a in s.legal_actions()}


def test_jambone_callers_choose_for_the_defenders():
    s = states_in_play("hoyle_railroad_full", 1, want=lambda s: s.jambone)[0]
    rng = random.Random(2)
    while s.turn != s.maker:
        s = s.apply(rng.choice(s.legal_actions()))
    assert s.to_act != s.turn
    sol = solve(s)
    assert sol.side == "defenders"
    assert sol.tricks == min(v.tricks for v in sol.cards)
    s = ending(s, 3, random.Random(1))
    assert {str(v.card): v.tricks for v in solve(s).cards} == card_values(s)


# ---- invariants ---------------------------------------------------------------------------

@pytest.mark.parametrize("name", PRESETS)
def test_best_card_value_is_the_solution(name):
    rng = random.Random(name)
    for s in states_in_play(name, 3):
        s = ending(s, rng.randrange(1, min(4, s.rules.hand_size) + 1), rng)
        sol = solve(s)
        pick = max if sol.side == "makers" else min
        assert sol.tricks == pick(v.tricks for v in sol.cards) == value(s)
        for v in sol.cards:
            assert (v.makers_points, v.defenders_points, v.net) == sol.points_by_tricks[v.tricks]
        for c in sol.best_for_tricks:
            after = s.apply(s.parse_action(f"play {c}"))
            assert (makers_tricks(after) if after.is_over else value(after)) == sol.tricks
        assert set(sol.best_for_tricks) <= set(sol.best)


SUIT_SWAPS = ({"C": "S", "S": "C", "D": "H", "H": "D"}, {"C": "D", "D": "C", "S": "H", "H": "S"})


def relabel_text(text: str, swap: dict) -> str:
    words = {"clubs": "C", "diamonds": "D", "hearts": "H", "spades": "S"}
    back = {v: k for k, v in words.items()}
    out = []
    for word in text.split(" "):
        if len(word) == 2 and word[1] in swap and word != "JK":
            out.append(word[0] + swap[word[1]])
        elif word in words:
            out.append(back[swap[words[word]]])
        else:
            out.append(word)
    return " ".join(out)


def replay(deal_text: str, actions, rules_set=None) -> HandState:
    s = HandState.start(Deal.parse(deal_text, rules=rules_set))
    for a in actions:
        s = s.apply(a)
    return s


@pytest.mark.parametrize("name", ["standard", "hoyle_ordinary", "hoyle_railroad", "modern_railroad"])
@pytest.mark.parametrize("swap", SUIT_SWAPS)
def test_relabelling_suits_changes_nothing(name, swap):
    """Swapping suits of one colour with each other (or the colours) keeps every bower a bower."""
    rng = random.Random(name)
    # with partners (no exchange, whose tie-break follows the suit order) and no Joker turn-up
    want = lambda s: not s.alone and s.upcard.id != 52 and two_sided(s)  # noqa: E731
    for s in states_in_play(name, 3, want=want):
        s = ending(s, rng.randrange(2, s.rules.hand_size + 1), rng)
        mapped = replay(relabel_text(str(s.deal), swap), [relabel_text(str(a), swap) for a in s.history])
        assert mapped.hands == tuple(tuple(sorted(Card(relabel_text(str(c), swap)) for c in h)) for h in s.hands)
        a, b = solve(s), solve(mapped)
        assert a.tricks == b.tricks and a.net == b.net
        assert {relabel_text(str(v.card), swap): v.tricks for v in a.cards} == {str(v.card): v.tricks for v in b.cards}


@pytest.mark.parametrize("name", ["standard", "hoyle_railroad_full", "modern_railroad"])
def test_rotating_seats_changes_nothing(name):
    rng = random.Random(name)
    for s in states_in_play(name, 3):
        s = ending(s, rng.randrange(2, s.rules.hand_size + 1), rng)
        d = s.deal
        n = s.players
        rotated = Deal.from_hands(s.rules, [d.hands[(x - 1) % n] for x in range(n)], upcard=d.upcard,
                                  dealer=(d.dealer + 1) % n, rest=d.rest)
        t = HandState.start(rotated)
        for a in s.history:
            t = t.apply(a)
        a, b = solve(s), solve(t)
        assert (a.tricks, a.net, a.side) == (b.tricks, b.net, b.side)
        assert [(v.card, v.tricks) for v in a.cards] == [(v.card, v.tricks) for v in b.cards]


# ---- curated deals ------------------------------------------------------------------------

def test_curated_deals_exist():
    assert DEALS and len(CURATED) >= 6


@pytest.mark.parametrize("entry", CURATED, ids=[d["name"] for d in CURATED])
def test_curated_deal(entry):
    s = replay(entry["deal"], entry["actions"])
    sol = solve(s)
    assert sol.tricks == entry["tricks"]
    assert (sol.makers_points, sum(sol.defenders_points)) == (entry["makers_points"], entry["defenders_points"])
    assert {str(v.card): v.tricks for v in sol.cards} == entry["cards"]
    assert [str(c) for c in sol.best] == entry["best"]
    assert [str(c) for c in sol.best_for_tricks] == entry["best_for_tricks"]


# ---- points -------------------------------------------------------------------------------

@pytest.mark.parametrize("name", PRESETS)
def test_points_table_agrees_with_the_engine_score(name):
    """For a finished hand the one row of the table is the engine's own score."""
    rng = random.Random(name)
    for s in states_in_play(name, 20):
        while not s.is_over:
            s = s.apply(rng.choice(s.legal_actions()))
        (row,) = points_table(s).values()
        assert row[3] == s.result().score


@pytest.mark.parametrize("name", PRESETS)
def test_points_never_fall_as_makers_take_more_tricks(name):
    """Why solving for tricks also solves for points: net is monotone in the makers' tricks."""
    for s in states_in_play(name, 20, seed=3):
        nets = [row[2] for _, row in sorted(points_table(s).items())]
        assert nets == sorted(nets)


def test_points_and_tricks_can_pick_different_cards():
    entry = next(d for d in CURATED if d["name"].startswith("a lost cause"))
    sol = solve(replay(entry["deal"], entry["actions"]))
    assert set(sol.best_for_tricks) < set(sol.best)
    worst = min(sol.cards, key=lambda v: v.tricks)
    assert worst.card in sol.best and worst.tricks < sol.tricks and worst.net == sol.net


# ---- refusals -----------------------------------------------------------------------------

def test_three_sided_hands_are_refused_with_the_reason():
    s = states_in_play("modern_railroad_6p", 1, want=lambda s: not two_sided(s))[0]
    with pytest.raises(SolverError) as err:
        solve(s)
    text = str(err.value)
    assert "modern_railroad_6p" in text and "two defending teams" in text and "compete" in text


def test_six_player_lone_against_lone_is_solved():
    s = states_in_play("modern_railroad_6p", 1, want=lambda s: s.lone_defender is not None)[0]
    s = ending(s, 3, random.Random(0))
    assert {str(v.card): v.tricks for v in solve(s).cards} == card_values(s)


def test_a_state_before_play_is_refused_naming_the_phase():
    s = HandState.start(Deal.parse(CURATED[0]["deal"]))
    with pytest.raises(SolverError, match="first round"):
        solve(s)
    with pytest.raises(SolverError, match="standard"):
        value(s)


def test_an_illegal_card_is_refused_naming_it():
    sol = solve(replay(CURATED[0]["deal"], CURATED[0]["actions"]))
    with pytest.raises(SolverError, match="9S"):
        sol.value_of("9S")


# ---- analysis of a played hand ------------------------------------------------------------

def played_hand(name: str, seed: int) -> HandState:
    rng = random.Random(seed)
    s = states_in_play(name, 1, seed=seed)[0]
    while not s.is_over:
        s = s.apply(rng.choice(s.legal_actions()))
    return s


@pytest.mark.parametrize("name", ["standard", "hoyle_railroad_full", "modern_railroad"])
def test_analysis_chains_values_and_lists_mistakes(name):
    s = played_hand(name, 4)
    a = analyse(s)
    plays = [x for x in s.history if x.kind in ("play", "call")]
    assert [r["card"] for r in a.rows] == [str(x.arg) for x in plays]
    for r, nxt in zip(a.rows, a.rows[1:]):
        assert r["tricks_after"] == nxt["tricks_before"] and r["net_after"] == nxt["net_before"]
    assert a.rows[-1]["tricks_after"] == a.actual_tricks == makers_tricks(s)
    for r in a.rows:
        assert r["tricks_lost"] >= 0 and r["points_lost"] >= 0
        assert r["mistake"] == bool(r["tricks_lost"] or r["points_lost"])
    assert len(a.mistakes) == sum(r["mistake"] for r in a.rows)
    text = a.report()
    assert text.startswith("With perfect play from the first card")
    for r in a.rows:
        if r["mistake"]:
            assert f"{r['player']} ({r['side'][:-1]}) " in text and f" {r['card']}; best was {r['best']}" in text


def test_analysis_reads_a_hand_record():
    s = played_hand("standard", 9)
    text = record.to_json(s)
    assert analyse(text).rows == analyse(s).rows == analyse(json.loads(text)).rows


def test_perfect_play_makes_no_mistakes():
    s = replay(CURATED[2]["deal"], CURATED[2]["actions"][:3])
    while not s.is_over:
        s = s.apply(s.parse_action(f"play {solve(s).best_for_tricks[0]}"))
    a = analyse(s)
    assert not a.mistakes.shape[0] and "no mistakes" in a.report()


def test_analysis_refuses_what_is_not_a_record():
    with pytest.raises(TypeError, match="int"):
        analyse(42)


def test_a_search_too_big_gives_up_with_the_reason():
    s = states_in_play("hoyle_seven_handed", 1)[0]
    with pytest.raises(SolverError, match=r"gave up after searching 50 positions .*7 players with 49 cards"):
        solve(s, max_positions=50)
    s = ending(s, 2, random.Random(0))
    assert solve(s, max_positions=50).tricks == solve(s, max_positions=None).tricks


def test_a_passed_out_hand_has_nothing_to_analyse():
    s = HandState.start(Deal.parse(CURATED[0]["deal"]))
    while not s.is_over:
        s = s.apply("pass")
    a = analyse(s)
    assert a.rows == () and a.table.empty and a.report() == "No card was played in this hand, so there is nothing to analyse."


def test_a_solution_shows_itself():
    entry = CURATED[2]
    sol = solve(replay(entry["deal"], entry["actions"]))
    assert str(sol) == ("With perfect play the makers take 3 of 5 tricks (1 already won): 1 point to the makers, 0 to "
                        "the defenders (partnership). West (maker) to play; best: QD. Makers' tricks after each "
                        "card: 9C 2, QD 3.")
    assert list(sol.table()["best"]) == [False, True]
    assert sol.points == {"makers": 1, "defenders": 0}

"""simulate.strength: duplicate matches (the same seeded deals, the seats swapped), intervals on
the paired differences, the same records however a run is cut, and refusals that name the
players; and bench/strength.py, the command line that prints them."""
from __future__ import annotations

import importlib.util
import math
import random
import re
from pathlib import Path

import pytest

from euchre_lessons import deal, rules
from euchre_lessons.errors import PlayerError, RuleSetError
from euchre_lessons.game import play_hand, points_of
from euchre_lessons.players import RandomPlayer, RuleOfThumbPlayer
from euchre_lessons.simulate import strength as S
from euchre_lessons.simulate import strength_file

BENCH = Path(__file__).resolve().parent.parent / "bench" / "strength.py"


def _bench():
    spec = importlib.util.spec_from_file_location("strength_bench", BENCH)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _players(rs, specs):
    return tuple(tuple(S.player_factory(spec)(s) for s in range(rs.players)) for spec in specs)


def first_legal(seed):
    """A player that always takes its first legal action (deterministic whatever its seed)."""
    return _First()


class _First:
    def choose(self, view):
        return view.legal_actions()[0]


# ---- seatings -------------------------------------------------------------------------------------

def test_four_players_swap_the_pairs_and_six_rotate_a_pair_through_the_teams():
    assert S.seatings("standard") == ((0, 1, 0, 1), (1, 0, 1, 0))
    assert S.seatings("modern_railroad") == ((0, 1, 0, 1), (1, 0, 1, 0))
    assert S.seatings("modern_railroad_6p") == ((0, 1, 1, 0, 1, 1), (1, 0, 1, 1, 0, 1), (1, 1, 0, 1, 1, 0))
    for preset in ("standard", "modern_railroad_6p"):
        plays = S.seatings(preset)
        for seat in range(rules.load(preset).players):  # each seat is A's in exactly one play
            assert [p[seat] for p in plays].count(0) == 1


def test_seven_handed_is_refused_with_the_reason():
    assert S.unpaired("standard") is None
    assert "no partnerships" in S.unpaired("hoyle_seven_handed")
    with pytest.raises(RuleSetError, match="hoyle_seven_handed"):
        S.seatings("hoyle_seven_handed")
    with pytest.raises(RuleSetError, match="no partnerships"):
        S.run("hoyle_seven_handed", [("rule_of_thumb", "random")], hands=2, processes=1)


@pytest.mark.parametrize("index", [0, 1, 5])
def test_each_seating_is_the_hand_the_engine_plays_with_the_pairs_in_those_seats(index):
    rs = rules.load("standard")
    record = S.play_deal(rs, index, 7, _players(rs, ("rule_of_thumb", "random")))
    rng = random.Random(f"7:hand:{index}")
    the_deal = deal(rs, rng=rng, dealer=index % 4)
    seeds = [rng.getrandbits(64) for _ in range(4)]
    for seating, (a, b) in zip(((0, 1, 0, 1), (1, 0, 1, 0)), record.points):
        seats = [RuleOfThumbPlayer(0) if who == 0 else RandomPlayer(0) for who in seating]
        for p, sd in zip(seats, seeds):
            p.new_hand(sd)
        team_points = points_of(play_hand(the_deal, seats))[4]
        a_team = seating.index(0) % 2
        assert (a, b) == (team_points[a_team], team_points[1 - a_team])
    assert record.diff == (record.points[0][0] - record.points[0][1] + record.points[1][0] - record.points[1][1]) / 2


@pytest.mark.parametrize("preset", ["standard", "hoyle_railroad", "modern_railroad", "modern_railroad_6p"])
def test_a_player_against_itself_scores_exactly_zero_on_every_deal_and_wins_its_fair_share(preset):
    run = S.run(preset, [("rule_of_thumb", "rule_of_thumb")], hands=30, games=3, processes=1)
    pair = run.pairs[0]
    assert len(pair.deals) == 30 and all(d.diff == 0 for d in pair.deals)
    assert any(d.points[0] != (0, 0) for d in pair.deals)  # points were scored, and they cancel
    teams = rules.load(preset).teams
    assert pair.games == [1 / teams] * 3
    assert pair.rates(0) == pair.rates(1)
    assert pair.points() == S.Interval(0.0, 0.0, 30)


def test_a_deterministic_player_without_new_hand_against_itself_is_zero():
    run = S.run("hoyle_railroad", [(first_legal, first_legal)], hands=20, processes=1)
    assert [d.diff for d in run.pairs[0].deals] == [0.0] * 20


def test_swapping_a_and_b_negates_every_difference():
    ab = S.run("standard", [("rule_of_thumb", "random")], hands=40, processes=1).pairs[0]
    ba = S.run("standard", [("random", "rule_of_thumb")], hands=40, processes=1).pairs[0]
    assert [d.diff for d in ba.deals] == [-d.diff for d in ab.deals]
    assert ab.rates(0) == ba.rates(1) and ab.rates(1) == ba.rates(0)


# ---- the interval ---------------------------------------------------------------------------------

def test_interval_against_a_hand_computation():
    # 1, -2, 3, 0, 4: mean 6/5 = 1.2; squared deviations 0.04 + 10.24 + 3.24 + 1.44 + 7.84 = 22.8;
    # sample variance 22.8 / 4 = 5.7; standard error sqrt(5.7 / 5); 95%: 1.959964 of them
    got = S.interval([1, -2, 3, 0, 4])
    assert got.n == 5 and got.mean == pytest.approx(1.2)
    assert got.half == pytest.approx(1.959964 * math.sqrt(5.7 / 5), rel=1e-6)
    assert (got.low, got.high) == pytest.approx((1.2 - got.half, 1.2 + got.half))
    assert str(got) == "+1.200 ± 2.093"


def test_interval_of_no_values_or_one():
    assert S.interval([]).n == 0 and math.isnan(S.interval([]).mean)
    assert S.interval([2.5]) == S.Interval(2.5, math.inf, 1)
    assert S.interval([3, 3, 3]) == S.Interval(3.0, 0.0, 3)


def test_win_share_interval_is_on_the_game_pairs():
    pair = S.Pair("standard", "a", "b", games=[1.0, 0.5, 0.5, 0.0, 1.0])
    assert pair.wins() == S.interval([1.0, 0.5, 0.5, 0.0, 1.0])


def test_decision_times_median_and_95th_percentile():
    pair = S.Pair("standard", "a", "b", times=(tuple(i / 1000 for i in range(1, 101)), ()))
    assert pair.decision_times(0) == (100, pytest.approx(0.0505), 0.095)
    assert pair.decision_times(1)[0] == 0 and math.isnan(pair.decision_times(1)[1])


# ---- the bench tells strength apart ---------------------------------------------------------------

def test_rule_of_thumb_beats_random_with_an_interval_above_zero_so_the_bench_tells_strength_apart():
    pair = S.run("standard", [("rule_of_thumb", "random")], hands=300, games=20, processes=1).pairs[0]
    pts = pair.points()
    assert pts.n == 300 and pts.low > 0
    assert pair.wins().low > 0.5


def test_rates_count_every_hand_of_each_side():
    pair = S.run("hoyle_railroad", [("rule_of_thumb", "random")], hands=60, processes=1).pairs[0]
    for d in pair.deals:
        a, b = d.counts
        assert a[0] == b[0] == 2  # each deal is two hands for each player
        assert a[1] + b[1] <= 2 and a[2] <= a[1] and a[3] <= a[1] and a[5] <= a[4]
    made = pair.rates(0)["made"] + pair.rates(1)["made"]
    assert 0 < made <= 1
    assert 0 <= pair.rates(1)["alone"] <= 1


# ---- the same records however a run is cut --------------------------------------------------------

def _records(run):
    return [(p.deals, p.games) for p in run.pairs]


def test_chunks_and_processes_give_identical_records():
    pairings = [("rule_of_thumb", "random"), ("random", "rule_of_thumb")]
    whole = S.run("standard", pairings, hands=36, games=6, processes=1, chunk=100, game_chunk=100)
    small = S.run("standard", pairings, hands=36, games=6, processes=1, chunk=1, game_chunk=1)
    pooled = S.run("standard", pairings, hands=36, games=6, processes=2, chunk=5, game_chunk=2)
    assert _records(whole) == _records(small) == _records(pooled)
    assert [d.index for d in pooled.pairs[0].deals] == list(range(36))
    assert pooled.memory and all(peak > 0 for peak, _, _ in pooled.memory.values())


def test_six_players_chunked_alike():
    one = S.run("modern_railroad_6p", [("rule_of_thumb", "random")], hands=9, processes=1, chunk=9)
    cut = S.run("modern_railroad_6p", [("rule_of_thumb", "random")], hands=9, processes=1, chunk=2)
    assert _records(one) == _records(cut)
    assert all(len(d.points) == 3 for d in one.pairs[0].deals)


def test_a_time_limit_already_spent_plays_nothing_and_says_so():
    run = S.run("standard", [("rule_of_thumb", "random")], hands=50, games=5, processes=1, time_limit=0)
    assert run.stopped and run.pairs[0].deals == [] and run.pairs[0].games == []
    full = S.run("standard", [("rule_of_thumb", "random")], hands=5, processes=1, time_limit=600)
    assert not full.stopped and len(full.pairs[0].deals) == 5


def test_the_module_factory_form_plays_as_the_registry_name():
    by_name = S.run("standard", [("random", "rule_of_thumb")], hands=20, processes=1)
    by_factory = S.run("standard", [("euchre_lessons.players:RandomPlayer",
                                     "euchre_lessons.players:RuleOfThumbPlayer")], hands=20, processes=1)
    assert _records(by_name) == _records(by_factory)
    assert by_factory.pairs[0].names == ("RandomPlayer", "RuleOfThumbPlayer")


# ---- refusals -------------------------------------------------------------------------------------

@pytest.mark.parametrize("spec", ["grandmaster", "", "euchre_lessons.players:NoSuchPlayer",
                                  "no_such_module_here:make", 7])
def test_unknown_players_are_refused_naming_the_players(spec):
    with pytest.raises(PlayerError) as e:
        S.check_player(spec)
    message = str(e.value)
    assert repr(spec) in message and "random" in message and "rule_of_thumb" in message
    assert "module:factory" in message


def test_a_run_with_an_unknown_player_refuses_before_any_work():
    with pytest.raises(PlayerError, match="'expert_typo'"):
        S.run("standard", [("rule_of_thumb", "random"), ("expert_typo", "random")], hands=5, processes=1)


@pytest.mark.parametrize("bad", [{"hands": -1}, {"hands": 2.5}, {"games": -3}, {"processes": 0}, {"chunk": 0},
                                 {"game_chunk": -2}])
def test_bad_counts_are_refused_naming_them(bad):
    args = {"hands": 5, "games": 0, "processes": 1} | bad
    name = next(iter(bad))
    with pytest.raises(ValueError, match=name):
        S.run("standard", [("rule_of_thumb", "random")], **args)


# ---- the command line -----------------------------------------------------------------------------

def test_the_bench_prints_the_tables_and_leaves_seven_handed_out(capsys):
    bench = _bench()
    code = bench.main(["--presets", "standard", "hoyle_seven_handed", "--pair", "rule_of_thumb", "random",
                       "--hands", "20", "--games", "2", "--processes", "1"])
    out = capsys.readouterr().out
    assert code == 0
    assert "paired hands" in out and "A - B a hand" in out and "median" in out and "memory: peak" in out
    row = next(line for line in out.splitlines() if re.match(r"\s*rule_of_thumb\s+random\s", line))
    assert " 20 " in row and " 2 " in row  # the paired hands and game pairs
    assert "hoyle_seven_handed: left out" in out and "no partnerships" in out
    assert "the bar for expert: not measured" in out


def test_the_bench_names_levels_not_yet_registered_and_refuses_unknown_players(capsys):
    bench = _bench()
    registered = set(S._registry())
    code = bench.main(["--presets", "standard", "--hands", "4", "--games", "0", "--processes", "1"])
    out = capsys.readouterr().out
    missing = [lv for lv in S.LEVELS if lv not in registered]
    if missing:
        assert f"left out: {', '.join(missing)}" in out
    else:
        assert code == 0 and "levels ordered" in out
    code = bench.main(["--pair", "grandmaster", "random", "--hands", "4", "--processes", "1"])
    err = capsys.readouterr().err
    assert code == 2 and "'grandmaster'" in err and "rule_of_thumb" in err


def _pair(preset, a, b, diffs):
    counts = ((2, 1, 0, 0, 1, 0), (2, 1, 0, 0, 1, 0))
    deals = [S.DealRecord(i, ((d, 0.0), (d, 0.0)), d, counts) for i, d in enumerate(diffs)]
    return S.Pair(preset, a, b, deals=deals)


def _verdicts(capsys, preset, pairs):
    run = S.Run(preset, pairs, hands=len(pairs[0].deals), games=0)
    _bench().verdicts(run, list(S.LEVELS), "rule_of_thumb")
    return capsys.readouterr().out


def test_the_levels_are_ordered_only_when_every_step_is_clear(capsys):
    spread = [-1.0, 1.0] * 200  # mean 0, half-width about 0.098
    step = lambda m: [x + m for x in spread]  # noqa: E731
    pairs = [_pair("standard", "club", "beginner", step(0.3)), _pair("standard", "expert", "beginner", step(0.6)),
             _pair("standard", "expert", "club", step(0.3)), _pair("standard", "beginner", "rule_of_thumb", step(-0.5)),
             _pair("standard", "club", "rule_of_thumb", step(-0.2)),
             _pair("standard", "expert", "rule_of_thumb", step(0.25))]
    out = _verdicts(capsys, "standard", pairs)
    assert "levels ordered: yes" in out
    assert "the bar (+0.10 a hand over rule_of_thumb, interval above zero): expert +0.250 ± 0.098: holds" in out
    pairs[2] = _pair("standard", "expert", "club", step(0.05))  # expert over club: interval meets zero
    out = _verdicts(capsys, "standard", pairs)
    assert "levels ordered: NO" in out and "expert over club +0.050 ± 0.098 (NOT clear)" in out


def test_a_bar_fails_below_its_mark_or_with_an_interval_reaching_zero(capsys):
    below = [_pair("hoyle_railroad", "expert", "rule_of_thumb", [x + 0.2 for x in [-0.1, 0.1] * 50])]
    assert "expert +0.200 ± 0.020: does not hold" in _verdicts(capsys, "hoyle_railroad", below)
    wide = [_pair("modern_railroad", "expert", "rule_of_thumb", [x + 0.9 for x in [-20.0, 20.0] * 50])]
    assert ": does not hold" in _verdicts(capsys, "modern_railroad", wide)
    assert "none set for hoyle_ordinary" in _verdicts(capsys, "hoyle_ordinary", wide)


def test_a_stopped_pool_keeps_each_pairings_chunks_up_to_its_first_not_done():
    jobs = [(kind, k, "standard", (), 0, a, a + 10) for a in (0, 10, 20) for kind in ("hands", "games")
            for k in (0, 1)]
    done = [(kind, k, a, [a], ([], []), (1, 1, 1), None) for kind, k, _, _, _, a, _ in jobs
            if (kind, k, a) not in {("hands", 0, 10), ("games", 1, 0)}]
    done.reverse()  # finished in any order
    kept = S._in_order(jobs, done)
    assert [(r[0], r[1], r[2]) for r in kept] == [("hands", 0, 0), ("hands", 1, 0), ("games", 0, 0),
                                                  ("hands", 1, 10), ("games", 0, 10), ("hands", 1, 20),
                                                  ("games", 0, 20)]


def refusing_after_three(seed):
    """A player that plays its first legal action, and refuses its fourth decision with a choice
    in a hand where it holds the A♠ (a player that fails, as a player with a bug would)."""
    return _Refusing()


class _Refusing:
    def new_hand(self, seed):
        self.calls = 0

    def choose(self, view):
        legal = view.legal_actions()
        if len(legal) > 1:
            self.calls += 1
            if self.calls == 4 and any(str(c) == "AS" for c in view.hand):
                raise PlayerError(f"seat {view.seat} refuses")
        return legal[0]


def test_a_player_that_fails_stops_its_own_pairing_at_the_deal_named_and_no_other():
    pairings = [("rule_of_thumb", "random"), (refusing_after_three, "rule_of_thumb")]
    whole = S.run("standard", pairings, hands=40, games=0, processes=1, chunk=40)
    cut = S.run("standard", pairings, hands=40, games=0, processes=1, chunk=3)
    for run in (whole, cut):
        ok, bad = run.pairs
        assert len(ok.deals) == 40 and ok.errors == []
        assert len(bad.errors) == 1 and "refuses" in bad.errors[0] and "PlayerError" in bad.errors[0]
        first = len(bad.deals)
        assert first < 40 and [d.index for d in bad.deals] == list(range(first))
        assert f"deal {first} of refusing_after_three against rule_of_thumb under standard" in bad.errors[0]
    assert _records(whole) == _records(cut)


def test_the_bench_plays_the_experts_pairings_on_their_own_count_of_deals_in_one_saved_run(capsys, tmp_path):
    bench = _bench()
    path = tmp_path / "levels.json"
    code = bench.main(["--presets", "standard", "--hands", "12", "--expert-hands", "2", "--games", "0",
                       "--processes", "1", "--save", str(path)])
    assert code == 0 and "12 paired hands (2 with the expert)" in capsys.readouterr().out
    (rec,) = strength_file.load(path)
    deals = {(p["a"], p["b"]): p["deals"] for p in rec["pairs"]}
    assert deals == {("club", "beginner"): 12, ("expert", "beginner"): 2, ("expert", "club"): 2,
                     ("beginner", "rule_of_thumb"): 12, ("club", "rule_of_thumb"): 12, ("expert", "rule_of_thumb"): 2}

"""A strength run kept as JSON (simulate.strength_file) and told in words (teaching.strength)."""
from __future__ import annotations

import json

import pytest

from euchre_lessons import HandState, deal, rules
from euchre_lessons.simulate import strength as S
from euchre_lessons.simulate import strength_file as F
from euchre_lessons.simulate.strength_file import StrengthFileError
from euchre_lessons.teaching.strength import StrengthTable


@pytest.fixture(scope="module")
def saved(tmp_path_factory):
    run = S.run("standard", [("rule_of_thumb", "random"), ("random", "random")], hands=30, games=2, processes=1)
    path = tmp_path_factory.mktemp("strength") / "levels.json"
    F.save([F.record(run, seed=0)], path)
    return run, path


def test_a_saved_run_reads_back_with_the_runs_numbers(saved):
    run, path = saved
    (rec,) = F.load(path)
    assert rec["preset"] == "standard" and rec["hands"] == 30 and rec["seed"] == "0"
    first = rec["pairs"][0]
    pts = run.pairs[0].points()
    assert (first["a"], first["b"], first["deals"], first["games"]) == ("rule_of_thumb", "random", 30, 2)
    assert first["points"] == [round(pts.mean, 6), round(pts.half, 6)]
    assert first["rates"]["rule_of_thumb"]["made"] == round(run.pairs[0].rates(0)["made"], 6)
    (samples,) = rec["memory"]["samples"]  # one process: its resident set and solver positions after each chunk
    assert rec["memory"]["peak"] > 0 and all(len(s) == 3 and s[1] > 0 for s in samples)


def test_the_table_reads_the_stored_run_and_claims_no_more_than_its_interval(saved):
    _, path = saved
    t = StrengthTable.stored(path)
    table = t.table()
    assert list(table["A"]) == ["rule_of_thumb", "random"] and list(table["paired hands"]) == [30, 30]
    words = t.sentences("standard")
    assert words[0].startswith("Euchre") or "(standard)" in words[0]
    assert words[1].startswith("The rule-of-thumb player scores") and "more than a random player" in words[1]
    assert "over 30 deals, each played with the seats swapped" in words[1]
    assert "play every one of these hands alike" in words[2]  # random against itself: exactly 0


def _record(pairs):
    return {"version": 1, "preset": "standard", "hands": 10, "games": 0, "seed": "0", "processes": 1,
            "seconds": 1.0, "stopped": False, "memory": {"peak": 1, "first": [], "last": []},
            "pairs": [{"a": a, "b": b, "deals": 10, "points": pts, "games": 0, "wins": [None, None],
                       "rates": {}, "times": {}} for a, b, pts in pairs]}


def test_an_interval_across_zero_is_told_as_not_told_apart_and_the_order_needs_every_step_clear():
    t = StrengthTable([_record([("club", "beginner", [0.3, 0.1]), ("expert", "club", [0.05, 0.1])])])
    words = t.sentences("standard")
    assert "The club player scores 0.30 points a hand more than the beginner" in words[1]
    assert "cannot be told apart: +0.05 points a hand (95% interval -0.05 to +0.15" in words[2]
    assert not t.ordered("standard")
    t = StrengthTable([_record([("club", "beginner", [0.3, 0.1]), ("expert", "club", [0.2, 0.1])])])
    assert t.ordered("standard") and "beats the one below it, the whole interval above zero: yes" in str(t)
    t = StrengthTable([_record([("expert", "club", [-0.4, 0.1])])])
    assert "The expert scores 0.40 points a hand less than the club player" in t.sentences("standard")[1]


def _write(tmp_path, data) -> str:
    path = tmp_path / "bad.json"
    path.write_text(data if isinstance(data, str) else json.dumps(data))
    return path


@pytest.mark.parametrize("data, says", [
    ("{not json", "not a stored strength run"),
    ({"version": 2, "runs": []}, "expected {'version': 1"),
    ({"version": 1, "runs": [{"preset": "standard"}]}, "no field 'hands'"),
    ({"version": 1, "runs": [_record([("a", "b", [0.1, 0.1])]) | {"hands": "ten"}]}, "field 'hands' is 'ten'"),
    ({"version": 1, "runs": [_record([("a", "b", [0.1])])]}, "field 'points' is [0.1]"),
    ({"version": 1, "runs": [_record([("a", "b", ["x", 0.1])])]}, "[mean, half-width]"),
])
def test_a_broken_file_is_refused_naming_the_file_and_the_field(tmp_path, data, says):
    path = _write(tmp_path, data)
    with pytest.raises(StrengthFileError) as e:
        F.load(path)
    assert says in str(e.value) and str(path) in str(e.value)


def test_a_missing_file_says_how_to_write_one(tmp_path):
    with pytest.raises(StrengthFileError, match="bench/strength.py --save"):
        F.load(tmp_path / "none.json")


def test_the_solvers_tables_stay_bounded_over_many_solves(monkeypatch):
    import euchre_lessons.solver as solver

    monkeypatch.setattr(solver, "TABLES_HELD", 2_000)
    rs = rules.load("modern_railroad")
    from euchre_lessons.hand.phases import Phase
    from euchre_lessons.hand.view import SeatView
    from euchre_lessons.players import make

    bots = [make("rule_of_thumb", k) for k in range(4)]
    most = 0
    for seed in range(12):
        s = HandState.start(deal(rs, seed=seed))
        while s.phase not in (Phase.PLAY, Phase.DONE):
            s = s.apply(bots[s.to_act].choose(SeatView(s, s.to_act)))
        if s.is_over:
            continue
        try:
            solver.value(s)
        except solver.SolverError:  # three sides in play: not the solver's
            continue
        most = max(most, solver.positions_held())  # a solve may pass the bound while it runs
        solver.Position.of_state(s)  # the next solve starts with the tables under the bound
        assert solver.positions_held() <= 2_000
    assert most > 2_000  # the bound was met, and the tables emptied


def test_the_styles_sentence_sets_two_players_side_by_side_and_says_who_scores_more():
    rec = _record([("expert", "rule_of_thumb", [0.25, 0.05])])
    rec["preset"] = "hoyle_railroad"
    rec["pairs"][0]["rates"] = {"expert": {"made": 0.5, "alone": 0.31, "euchred": 0.27, "defend alone": 0.37},
                                "rule_of_thumb": {"made": 0.5, "alone": 0.4, "euchred": 0.28, "defend alone": 0.03}}
    text = StrengthTable([rec]).styles("hoyle_railroad")
    assert "the expert played 31% alone and was euchred in 27%, the rule-of-thumb player 40% and 28%" in text
    assert "defended alone in 37%, against 3%" in text
    assert text.endswith("the expert scores 0.25 points a hand more (95% interval +0.20 to +0.30).")
    rec["pairs"][0]["rates"] = {k: v | {"defend alone": 0.0} for k, v in rec["pairs"][0]["rates"].items()}
    assert "defended alone" not in StrengthTable([rec]).styles("hoyle_railroad")  # none: not told

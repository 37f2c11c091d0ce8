"""figures: plotly figures built from simulation frames, with the rule sets' names in the title."""
from __future__ import annotations

import sys
from pathlib import Path

import plotly.graph_objects as go
import pytest

from euchre_lessons import figures, rules, simulate

PAIR = ["standard", "hoyle_railroad_full"]


@pytest.fixture(scope="module")
def hands():
    return simulate.compare(PAIR, 600, seed=1, progress=False)


@pytest.fixture(scope="module")
def games():
    return simulate.compare(PAIR, 40, kind="games", players=("rule_of_thumb", "random"), seed=1, progress=False)


def titled(fig, *names) -> str:
    assert isinstance(fig, go.Figure)
    title = fig.layout.title.text
    for name in names:
        assert name in title
    return title


def test_points_per_hand_by_rule_set(hands):
    fig = figures.points_per_hand(hands)
    assert "Points per hand" in titled(fig, *PAIR)
    assert [t.name for t in fig.data] == ["makers", "defenders"]
    for trace in fig.data:
        assert list(trace.x) == PAIR
        assert len(trace.error_y.array) == 2
    makers = hands[hands["rules"] == "standard"]["maker_points"].mean()
    assert fig.data[0].y[0] == pytest.approx(makers)


def test_outcome_mix_stacks_to_one(hands):
    fig = figures.outcome_mix(hands)
    titled(fig, *PAIR)
    names = [t.name for t in fig.data]
    assert names == [o for o in simulate.OUTCOMES if o in set(hands["outcome"])]
    assert "Jambone march" in names or "Jambone made" in names  # only hoyle_railroad_full has them
    for i in range(2):
        assert sum(t.y[i] for t in fig.data) == pytest.approx(1.0)


def test_game_length_one_line_per_rule_set(games):
    fig = figures.game_length(games)
    titled(fig, *PAIR)
    assert len(fig.data) == 2
    for trace, name in zip(fig.data, PAIR):
        assert trace.name.startswith(name) and "n = 40" in trace.name
        assert sum(trace.y) == pytest.approx(1.0)


def test_lone_success_against_trumps_held(hands):
    fig = figures.lone_success(hands)
    titled(fig, *PAIR)
    lone = hands[hands["alone"] & ~hands["passed_out"] & (hands["rules"] == "standard")]
    trace = fig.data[0]
    assert trace.name == "standard"
    assert list(trace.x) == sorted(int(x) for x in lone["maker_trumps"].unique())
    assert all(0 <= y <= 1 for y in trace.y)


@pytest.mark.parametrize("preset", ["standard", "modern_railroad_6p", "hoyle_seven_handed"])
def test_score_race_of_one_game(preset):
    rs = rules.load(preset)
    one = simulate.game(preset, 2, seed=4)
    fig = figures.score_race(one)
    assert "game 2" in titled(fig, preset)
    assert len(fig.data) == rs.teams
    for t, trace in enumerate(fig.data):
        assert trace.y[0] == 0 and trace.y[-1] == one["score"].iloc[-1][t]
        assert len(trace.x) == len(one) + 1


def test_win_rates_figure(games):
    fig = figures.win_rates(games)
    titled(fig, *PAIR)
    assert [t.name for t in fig.data] == ["rule_of_thumb", "random"]


def test_the_engine_never_imports_plotly_or_widgets():
    import euchre_lessons.players  # noqa: F401
    import euchre_lessons.simulate  # noqa: F401

    for name in ("euchre_lessons.simulate", "euchre_lessons.players", "euchre_lessons.simulate.progress",
                 "euchre_lessons.hand.view"):
        text = Path(sys.modules[name].__file__).read_text(encoding="utf-8")
        assert "import plotly" not in text, name
    assert "import ipywidgets" not in Path(sys.modules["euchre_lessons.simulate"].__file__).read_text(encoding="utf-8")

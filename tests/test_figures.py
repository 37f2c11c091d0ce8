"""figures: plotly figures built from simulation frames, with the rule sets' names in the title, every
one in the kit's one template."""
from __future__ import annotations

import inspect
import sys
from pathlib import Path

import plotly.graph_objects as go
import plotly.io as pio
import pytest

from euchre_lessons import RuleComparison, figures, rules, simulate
from euchre_lessons.events import holds_joker
from euchre_lessons.outcome import Outcome
from euchre_lessons.probability import convergence
from euchre_lessons.teaching import score_table

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


def test_the_score_chart_says_its_outcome_in_words_and_its_points_upright():
    """Every outcome the score explorer's controls can make is titled in words (no ``Outcome(...)``),
    and each bar's points stand upright above it (a short bar turned its "1" on its side)."""
    from itertools import product

    from euchre_lessons.teaching import panels

    seen = set()
    for tricks, six, second, alone, defended, pat, jambone, jamboree in product(
            range(0, 8, 3), (False, True), (0, 1), *([(False, True)] * 5)):
        outcome, players, _ = panels.outcome_of_choices(tricks, six, second, alone, defended, pat, jambone, jamboree)
        fig = figures.score_bars(score_table(outcome, players))
        title = fig.layout.title.text
        assert title.startswith("Points when ") and "Outcome" not in title and "=" not in title, title
        lone = outcome.alone or outcome.pat or outcome.jambone
        assert (f" {tricks} trick" in title) and (("lone maker" in title or "Jambone player" in title) == lone), title
        assert ("lone defender" in title) == outcome.defended_alone and ("Jamboree" in title) == jamboree, title
        for bar in fig.data:
            assert bar.textposition == "outside" and bar.textangle == 0
        seen.add(title)
    assert len(seen) > 50


def test_the_engine_never_imports_plotly_or_widgets():
    import euchre_lessons.players  # noqa: F401
    import euchre_lessons.simulate  # noqa: F401

    for name in ("euchre_lessons.simulate", "euchre_lessons.players", "euchre_lessons.simulate.progress",
                 "euchre_lessons.hand.view"):
        text = Path(sys.modules[name].__file__).read_text(encoding="utf-8")
        assert "import plotly" not in text, name
    assert "import ipywidgets" not in Path(sys.modules["euchre_lessons.simulate"].__file__).read_text(encoding="utf-8")


# ---- one template for every figure -------------------------------------------------------------

def builders() -> set[str]:
    """The figure builders of ``figures``: each function made with its ``@builder``."""
    return {name for name, f in inspect.getmembers(figures, inspect.isfunction)
            if f.__module__ == figures.__name__ and hasattr(f, "__wrapped__")}


def every_figure(hands, games) -> dict[str, go.Figure]:
    """One figure from each builder of the kit, by the builder's name."""
    return {
        "points_per_hand": figures.points_per_hand(hands),
        "outcome_mix": figures.outcome_mix(hands),
        "game_length": figures.game_length(games),
        "lone_success": figures.lone_success(hands),
        "score_race": figures.score_race(simulate.game("standard", 2, seed=4)),
        "win_rates": figures.win_rates(games),
        "convergence_figure": figures.convergence_figure(convergence("modern_railroad", holds_joker, n=2_000, seed=1,
                                                                     points=10)),
        "comparison_summary": figures.comparison_summary(RuleComparison.summary("standard", "hoyle_railroad", hands=20,
                                                                                seed=2)),
        "score_bars": figures.score_bars(score_table(Outcome(3))),
        **_class_figures(),
    }


def _class_figures() -> dict[str, go.Figure]:
    """The class report's three charts, of an empty class's folder (each says so in words)."""
    import tempfile

    from euchre_lessons import ClassReport

    with tempfile.TemporaryDirectory() as folder:
        report = ClassReport(folder)
        charts = figures.class_charts(report)
    assert [c.layout.annotations[0].text for c in charts] == ["No mistake kept yet", "No hand reviewed yet",
                                                             "No exercise tried yet"]
    return dict(zip(("class_mistake_kinds", "class_mistakes_per_hand", "class_exercises"), charts))


def test_every_figure_wears_the_kits_one_template(hands, games):
    built = every_figure(hands, games)
    assert set(built) == builders(), "a figure builder this test does not build"
    for name, fig in built.items():
        assert fig.layout.template == figures.TEMPLATE, f"{name} does not wear the kit's template"
    assert figures.live(built["score_bars"]).layout.template == figures.TEMPLATE   # a widget's live chart too


def test_every_function_that_returns_a_figure_is_a_builder():
    returns_a_figure = {name for name, f in inspect.getmembers(figures, inspect.isfunction)
                        if f.__module__ == figures.__name__ and f.__annotations__.get("return") == "go.Figure"}
    assert returns_a_figure == builders()


def test_the_template_is_plotly_white_with_type_for_a_projector():
    t = figures.TEMPLATE
    assert pio.templates[figures.TEMPLATE_NAME] == t
    white = pio.templates["plotly_white"]
    assert t.layout.colorway == white.layout.colorway == pio.templates["plotly"].layout.colorway  # the same colours
    assert t.layout.plot_bgcolor == white.layout.plot_bgcolor and t.data == white.data
    assert t.layout.font.size >= 16 and t.layout.title.font.size > t.layout.font.size
    assert min(t.layout.legend.font.size, t.layout.hoverlabel.font.size) >= 14


def test_the_first_chart_loads_plotlys_display_without_the_iri_grammar():
    """In a fresh interpreter: importing the figures loads none of plotly's display (a page with
    no chart needs none); the first figure built loads it and jsonschema, but not rfc3987_syntax's
    IRI grammar (about 1 s of CPU, bench/first_chart.py), which stays importable; a live chart is
    then made, and jsonschema still validates."""
    import subprocess

    code = """
import importlib.util, sys
from euchre_lessons import figures
assert "plotly.io._renderers" not in sys.modules and "jsonschema" not in sys.modules
figures.points_per_hand(__import__("euchre_lessons").simulate.hands("standard", 20, seed=1))
assert "plotly.io._renderers" in sys.modules and "jsonschema" in sys.modules
assert "rfc3987_syntax" not in sys.modules, "the IRI grammar was built"
figures.live(figures.go.Figure())
import jsonschema
jsonschema.validate({"a": 1}, {"type": "object", "properties": {"a": {"type": "integer"}}})
if importlib.util.find_spec("rfc3987_syntax"):
    import rfc3987_syntax  # still importable, only not at the first chart
print("ok")
"""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and done.stdout.strip() == "ok", done.stdout + done.stderr


# ---- colour-blind eyes: made, march and euchred stay apart ------------------------------------------

# Machado, Oliveira and Fernandes (2009), severity 1: what a dichromat sees, in linear RGB.
_DICHROMAT = {
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
}


def _lab(colour: str, eyes: str | None) -> tuple:
    """CIELAB (D65) of ``#rrggbb`` as seen with ``eyes`` (None: full colour vision)."""
    def linear(c):
        c /= 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    rgb = [linear(int(colour[i:i + 2], 16)) for i in (1, 3, 5)]
    if eyes:
        rgb = [sum(m * c for m, c in zip(row, rgb)) for row in _DICHROMAT[eyes]]
    r, g, b = (min(max(c, 0.0), 1.0) for c in rgb)
    xyz = (0.4124 * r + 0.3576 * g + 0.1805 * b, 0.2126 * r + 0.7152 * g + 0.0722 * b,
           0.0193 * r + 0.1192 * g + 0.9505 * b)
    f = [t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116 for t in (xyz[0] / 0.95047, xyz[1], xyz[2] / 1.08883)]
    return 116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2])


def _apart(a: str, b: str, eyes) -> float:
    import math

    return math.dist(_lab(a, eyes), _lab(b, eyes))


@pytest.mark.parametrize("eyes", [None, "deuteranopia", "protanopia"])
def test_the_outcome_colours_stay_apart_for_colour_blind_eyes(eyes):
    import itertools

    key = ["made", "march", "euchred", "lone made", "lone march", "lone euchred"]
    for a, b in itertools.combinations(key, 2):
        apart = _apart(figures.OUTCOME_COLOURS[a], figures.OUTCOME_COLOURS[b], eyes)
        assert apart >= 15, f"{a} and {b} are {apart:.1f} apart for {eyes or 'full colour vision'}"
    assert _apart(figures.SIDE_COLOURS["makers"], figures.SIDE_COLOURS["defenders"], eyes) >= 15
    assert _apart("#4c9a2a", "#c62828", "deuteranopia") < 15  # the old made and euchred: the test can fail


def test_the_outcome_bars_carry_their_names(hands):
    fig = figures.outcome_mix(hands)
    for trace in fig.data:
        big = [y >= figures.LABELLED for y in trace.y]
        assert [t == trace.name for t in trace.text] == big

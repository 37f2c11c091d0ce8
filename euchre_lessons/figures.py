"""Every plotly figure of the kit, built from results (DataFrames): simulations (``simulate.hands``,
``games``, ``game``) and the probability lab (``probability.convergence``).

Each builder takes the rows and returns a ``plotly.graph_objects.Figure`` with the rule sets'
names in its title; none shows anything. Estimates carry their sample size and standard error.
Every figure wears the kit's one template, ``TEMPLATE`` (registered with plotly as
``"euchre_lessons"``): plotly's white background and colours, with type large enough to read
on a classroom projector.
In the browser (JupyterLite) a returned figure displays as plotly's own output type, since
plotly's usual display there asks for nbformat, which Pyodide lacks.
plotly itself is loaded when the first figure is built (``_load``), not when this module is
imported: the widgets import it, and a page of theirs that draws nothing (the stepper, the play
table) needs no plotly; in the browser site it is not even installed until a lesson draws
(``euchre_lessons.delivery.lite``).

>>> from euchre_lessons import simulate, figures
>>> df = simulate.compare(["standard", "hoyle_ordinary"], 2_000, seed=1)
>>> fig = figures.points_per_hand(df)    # as the last line of a notebook cell, it draws
>>> fig.layout.title.text
'Points per hand: standard vs hoyle_ordinary'
"""
from __future__ import annotations

import functools
import json
import math
import sys
from collections.abc import Callable
from html import escape
from typing import Any

from .simulate import OUTCOMES
from .simulate import win_rates as win_rate_table
from .stats import proportion_error, standard_error
from .table import team_name

# Made, march and euchred, alone or not, stay apart for red-green colour-blind eyes too: Okabe and
# Ito's colours and two darker kin, each pair 30 or more apart in CIELAB (Delta E 1976) as seen
# with deuteranopia or protanopia (Machado et al. 2009; tests/test_figures.py computes it), where
# green and red were 7 apart. The bars also carry their outcome's name: colour is never alone.
OUTCOME_COLOURS = {
    "made": "#009e73", "march": "#004d40", "euchred": "#d55e00", "lone made": "#56b4e9",
    "lone march": "#08306b", "lone euchred": "#f0e442", "Jambone made": "#ffb74d",
    "Jambone march": "#e65100", "Jambone euchred": "#6d4c41", "Jamboree": "#8e24aa", "passed out": "#9e9e9e",
}
LABELLED = 0.06  # the least share of a stacked bar that carries its outcome's name inside it
SIDE_COLOURS = {"makers": "#1f77b4", "defenders": "#d62728"}
PLOTLY_JSON = "application/vnd.plotly.v1+json"
IN_BROWSER = sys.platform == "emscripten"

TEMPLATE_NAME = "euchre_lessons"
_PLOTLY = ("go", "pio", "make_subplots", "TEMPLATE")  # bound by _load, at the first figure
go: Any  # plotly.graph_objects
pio: Any  # plotly.io
make_subplots: Any  # plotly.subplots.make_subplots
TEMPLATE: Any  # the kit's plotly template


def _load() -> None:
    """Import plotly and make the kit's one look, ``TEMPLATE``: plotly_white (a light grid,
    plotly's default colours) with larger type, so that titles, axes, legends and hover text
    read on a projector from the back of a room; registered with plotly, so that a notebook's
    own figure can ask for it (``template="euchre_lessons"``) once the kit has built one."""
    global go, pio, make_subplots, TEMPLATE
    if "TEMPLATE" in globals():
        return
    try:
        import plotly.graph_objects as go  # deferred: start-up (plotly, at the first figure)
        import plotly.io as pio  # deferred: start-up (plotly, at the first figure)
        from plotly.subplots import make_subplots  # deferred: start-up (plotly, at the first figure)
    except ImportError as missing:
        if IN_BROWSER:
            raise ModuleNotFoundError("charts need plotly, which this site installs when a lesson draws: run "
                                      "`from euchre_lessons.delivery.lite import needs` and `await needs(\"plotly\")`, "
                                      "then this cell again", name="plotly") from missing
        raise
    template = go.layout.Template(pio.templates["plotly_white"])
    template.layout.update(font_size=16, title_font_size=22, legend_font_size=15, hoverlabel_font_size=15)
    pio.templates[TEMPLATE_NAME] = template
    TEMPLATE = template


def __getattr__(name: str):
    """``figures.TEMPLATE``, ``figures.go`` ...: plotly's, loaded when first asked for."""
    if name in _PLOTLY:
        _load()
        return globals()[name]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _display_without_iri_grammar() -> None:
    """Load plotly's display, and with it nbformat and jsonschema, without the IRI grammar: done
    when the first figure is built (``builder``, ``live``), not at import, so a page that draws no
    chart (the play table, the stepper) loads none of it (6 MB and 0.25 s of CPU a kernel).

    Showing a chart (a figure or a ``FigureWidget``) imports plotly's renderers, which import
    nbformat, which imports jsonschema, which builds ``rfc3987_syntax``'s IRI grammar, where it
    is installed (Jupyter's server brings it), for a format check that no chart makes: about 1 s
    of the 1.2 s the first chart of a kernel cost (0.25 s without it, ``bench/first_chart.py``).
    While plotly's renderers load, that module reads as absent; jsonschema then leaves the
    ``iri`` formats unchecked in this kernel, and the module can be imported again after."""
    if "jsonschema" in sys.modules or "rfc3987_syntax" in sys.modules or IN_BROWSER:
        return  # loaded already, or not asked for (the browser has no nbformat)
    sys.modules["rfc3987_syntax"] = None  # type: ignore[assignment]  # an import of it raises ImportError
    try:
        import plotly.io._renderers  # noqa: F401  # deferred: optional (plotly's display may be absent; it loads here with the IRI grammar held off)
    except ImportError:
        pass  # plotly's display is not importable here: nothing to speed up
    finally:
        del sys.modules["rfc3987_syntax"]


def display_json(fig) -> None:
    """Show ``fig`` as plotly's own output type (what JupyterLab and JupyterLite draw)."""
    from IPython.display import display  # deferred: optional (IPython is there only in a notebook kernel)

    display({PLOTLY_JSON: json.loads(fig.to_json())}, raw=True)


def builder(build: Callable[..., go.Figure]) -> Callable[..., go.Figure]:
    """A figure builder: its figures wear the kit's template and also display in the browser
    (see the module docstring)."""
    @functools.wraps(build)
    def built(*args: Any, **kwargs: Any) -> go.Figure:
        _load()
        _display_without_iri_grammar()
        fig = build(*args, **kwargs)
        fig.update_layout(template=TEMPLATE)
        if IN_BROWSER:
            fig._ipython_display_ = functools.partial(display_json, fig)
        else:  # a notebook stores the chart, and beside it its figures in words for a static copy
            fig._ipython_display_ = functools.partial(display_with_words, fig)
        return fig

    return built


def _names(df) -> list:
    """The rule sets in a frame, in their order."""
    col = df["rules"]
    names = list(col.cat.categories) if hasattr(col, "cat") else list(dict.fromkeys(col))
    present = set(col.astype(str))
    return [str(n) for n in names if str(n) in present]


def _title(what: str, df) -> str:
    names = _names(df)
    return f"{what}: {' vs '.join(names)}" if len(names) <= 4 else f"{what}: {len(names)} rule sets"


def _groups(df):
    for name in _names(df):
        yield name, df[df["rules"].astype(str) == name]


@builder
def points_per_hand(hands_df) -> go.Figure:
    """Mean points per hand to the makers and to the defenders, by rule set, with standard errors."""
    fig = go.Figure()
    for side, col in (("makers", "maker_points"), ("defenders", "defender_points")):
        xs, ys, errs, texts = [], [], [], []
        for name, part in _groups(hands_df):
            xs.append(name)
            ys.append(float(part[col].mean()))
            errs.append(standard_error(part[col]))
            texts.append(f"n = {len(part):,}")
        fig.add_trace(go.Bar(name=side, x=xs, y=ys, error_y={"type": "data", "array": errs},
                             hovertext=texts, marker_color=SIDE_COLOURS[side]))
    fig.update_layout(title=_title("Points per hand", hands_df), barmode="group", xaxis_title="rule set",
                      yaxis_title="mean points per hand (± 1 s.e.)", legend_title="to the")
    return fig


@builder
def outcome_mix(hands_df) -> go.Figure:
    """The share of hands ending each way (made, march, euchred, lone ..., Jambone ..., Jamboree,
    passed out), stacked to 100% for each rule set."""
    fig = go.Figure()
    groups = list(_groups(hands_df))
    for outcome in OUTCOMES:
        xs, ys, texts = [], [], []
        for name, part in groups:
            count = int((part["outcome"] == outcome).sum())
            xs.append(name)
            ys.append(count / len(part) if len(part) else 0.0)
            texts.append(f"{count:,} of {len(part):,} hands")
        if any(ys):  # a segment big enough to read is labelled with its outcome, not told by colour alone
            fig.add_trace(go.Bar(name=outcome, x=xs, y=ys, hovertext=texts, marker_color=OUTCOME_COLOURS[outcome],
                                 text=[outcome if y >= LABELLED else "" for y in ys], textposition="inside",
                                 insidetextanchor="middle"))
    fig.update_layout(title=_title("How hands end", hands_df), barmode="stack", xaxis_title="rule set",
                      yaxis_title="share of hands", yaxis_tickformat=".0%", legend_title="outcome")
    return fig


@builder
def game_length(games_df) -> go.Figure:
    """How many hands a game lasts: the share of games of each length, by rule set."""
    fig = go.Figure()
    for name, part in _groups(games_df):
        counts = part["hands"].value_counts().sort_index()
        mean, se = float(part["hands"].mean()), standard_error(part["hands"])
        fig.add_trace(go.Scatter(name=f"{name} (mean {mean:.1f} ± {se:.1f}, n = {len(part):,})",
                                 x=list(counts.index), y=list(counts.values / len(part)), mode="lines+markers"))
    fig.update_layout(title=_title("Game length", games_df), xaxis_title="hands in the game",
                      yaxis_title="share of games", yaxis_tickformat=".0%", legend_title="rule set")
    return fig


@builder
def lone_success(hands_df) -> go.Figure:
    """How often a lone hand makes it (takes the makers' minimum), against the trumps the lone
    player held at the first lead, by rule set; error bars are one standard error."""
    fig = go.Figure()
    lone = hands_df[hands_df["alone"] & ~hands_df["passed_out"]]
    for name, part in _groups(lone):
        xs, ys, errs, texts = [], [], [], []
        for trumps, cell in part.groupby("maker_trumps"):
            n = len(cell)
            rate = float((~cell["outcome"].str.endswith("euchred")).mean())
            xs.append(int(trumps))
            ys.append(rate)
            errs.append(proportion_error(rate, n))
            texts.append(f"n = {n:,}")
        fig.add_trace(go.Scatter(name=name, x=xs, y=ys, error_y={"type": "data", "array": errs},
                                 hovertext=texts, mode="lines+markers"))
    fig.update_layout(title=_title("Lone hands made, by trumps held", hands_df),
                      xaxis_title="trumps in the lone hand at the first lead", yaxis_title="share made",
                      yaxis_tickformat=".0%", yaxis_range=[0, 1.05], legend_title="rule set")
    return fig


@builder
def score_race(game_df, team_names=None) -> go.Figure:
    """One game's score after every hand (``simulate.game``), one line per team, from 0."""
    names = _names(game_df)
    scores = list(game_df["score"])
    teams = len(scores[0]) if scores else 0
    if team_names is None:
        players = 4 if teams == 2 else 6 if teams == 3 else teams
        team_names = [team_name(t, players) for t in range(teams)]
    fig = go.Figure()
    for t in range(teams):
        fig.add_trace(go.Scatter(name=team_names[t], x=list(range(len(scores) + 1)),
                                 y=[0] + [s[t] for s in scores], mode="lines+markers", line_shape="hv"))
    game = int(game_df["game"].iloc[0]) if len(game_df) else 0
    fig.update_layout(title=f"Score race: {' vs '.join(names)}, game {game}", xaxis_title="hand",
                      yaxis_title="score", legend_title="team")
    return fig


@builder
def win_rates(games_df) -> go.Figure:
    """Games won by each kind of player, by rule set (its fair share in the hover text)."""
    rates = win_rate_table(games_df)
    fig = go.Figure()
    for who in dict.fromkeys(rates["players"]):
        part = rates[rates["players"] == who]
        fig.add_trace(go.Bar(name=who, x=list(part["rules"].astype(str)), y=list(part["win rate"]),
                             error_y={"type": "data", "array": list(part["standard error"])},
                             hovertext=[f"{w:g} of {n:,} games; fair share {f:.0%}"
                                        for w, n, f in zip(part["won"], part["games"], part["fair share"])]))
    fig.update_layout(title=_title("Games won", games_df), barmode="group", xaxis_title="rule set",
                      yaxis_title="share of games won", yaxis_tickformat=".0%", legend_title="players")
    return fig


# ---- the probability lab ----------------------------------------------------------------

@builder
def convergence_figure(df, title: str | None = None) -> go.Figure:
    """The running estimate of ``probability.convergence`` against the exact value.

    The estimate is a line over the number of deals (log scale), its 95% interval a band, and
    the exact chance a dashed horizontal line: the band narrows like 1 / sqrt(deals)."""
    event, rules = df.attrs.get("event", "the event"), df.attrs.get("rules", "")
    fig = go.Figure()
    fig.add_trace(go.Scatter(x=df["deals"], y=df["upper"], mode="lines", line={"width": 0},
                             showlegend=False, hoverinfo="skip"))
    fig.add_trace(go.Scatter(x=df["deals"], y=df["lower"], mode="lines", line={"width": 0},
                             fill="tonexty", fillcolor="rgba(31, 119, 180, 0.2)", name="95% interval"))
    fig.add_trace(go.Scatter(x=df["deals"], y=df["estimate"], mode="lines", name="estimate",
                             line={"color": "rgb(31, 119, 180)"}))
    exact = df["exact"].iloc[0] if len(df) else math.nan
    if not math.isnan(exact):
        fig.add_hline(y=exact, line_dash="dash", line_color="firebrick",
                      annotation_text=f"exact {exact:.4f}", annotation_position="top left")
    fig.update_layout(
        title=title or f"{rules}: P({event}), estimate against the exact value",
        xaxis_title="deals", yaxis_title="chance", xaxis_type="log",
        height=380, margin={"l": 60, "r": 20, "t": 60, "b": 50})
    return fig


@builder
def comparison_summary(summary) -> go.Figure:
    """Two rule sets over the same deals (``RuleComparison.summary``): the difference in each
    measure, second minus first, with its 95% confidence interval; points a hand and shares of
    the deals each on their own axis, so a small share is not a sliver beside the points."""
    t = summary.table
    units = ("points a hand", "share of deals")
    fig = make_subplots(rows=1, cols=2, subplot_titles=units, column_widths=[0.4, 0.6])
    for col, unit in enumerate(units, start=1):
        part = t[t["unit"] == unit]
        fig.add_trace(go.Bar(
            x=list(part["measure"]), y=list(part["difference"]), name=unit, showlegend=False,
            error_y={"type": "data", "symmetric": False, "array": list(part["ci high"] - part["difference"]),
                     "arrayminus": list(part["difference"] - part["ci low"])},
            hovertext=[f"{summary.a} {a:.3f} · {summary.b} {b:.3f} · "
                       + ("the same in every deal: nothing to measure" if m in summary.alike else f"ratio {r:.2f}")
                       + f" · n = {n}"
                       for m, a, b, r, n in zip(part["measure"], part[summary.a], part[summary.b], part["ratio"],
                                                part["deals"])]
            if summary.a != summary.b else None,
            marker_color="#1f77b4"), row=1, col=col)
        if col == 1:
            fig.update_yaxes(title_text="difference (95% interval)", row=1, col=col)
    fig.update_layout(title=f"{summary.b} minus {summary.a}, over {int(t['deals'].iloc[0]):,} deals")
    return fig


@builder
def score_bars(score_table) -> go.Figure:
    """One outcome's points under each preset that allows it (``teaching.score_table``)."""
    rows = score_table.rows
    fig = go.Figure()
    for side, pick in (("makers", lambda r: r.makers), ("defenders", lambda r: sum(r.defenders))):
        fig.add_trace(go.Bar(name=side, x=[r.preset for r in rows], y=[pick(r) for r in rows],
                             marker_color=SIDE_COLOURS[side], text=[pick(r) for r in rows], textposition="outside",
                             textangle=0, cliponaxis=False))  # upright above the bar: a short bar turned a "1" on its side
    fig.update_layout(title=score_table.title, barmode="group", xaxis_title="rule set",
                      yaxis_title="points", legend_title="to the")
    nothing = not rows  # no preset allows the outcome: words instead of empty axes
    fig.update_xaxes(visible=not nothing)
    fig.update_yaxes(visible=not nothing)
    fig.update_layout(showlegend=not nothing, annotations=[dict(
        text="No preset allows this outcome", showarrow=False, xref="paper", yref="paper", x=0.5, y=0.5,
        font=dict(size=18))] if nothing else [])
    return fig


@builder
def class_mistake_kinds(mistakes_df) -> go.Figure:
    """The class's mistakes by kind of decision (``ClassReport.mistakes``), commonest first, each
    bar labelled with its count and the points they cost on average."""
    counts = mistakes_df.groupby("decision")["cost"].agg(["count", "mean"]).sort_values("count", ascending=False) \
        if len(mistakes_df) else None
    fig = go.Figure()
    if counts is not None:
        fig.add_trace(go.Bar(x=list(counts.index), y=list(counts["count"]), marker_color="#0072b2",
                             text=[f"{n} ({m:.2f} points each)" for n, m in zip(counts["count"], counts["mean"])],
                             textposition="outside", cliponaxis=False))
    fig.update_layout(title="The class's mistakes by kind of decision", xaxis_title="decision",
                      yaxis_title="mistakes")
    return _said_if_empty(fig, counts is None, "No mistake kept yet")


@builder
def class_mistakes_per_hand(hands_df) -> go.Figure:
    """Each pupil's mistakes in each hand reviewed, in the order the pupil played them
    (``ClassReport.hands``)."""
    hands_df = hands_df[hands_df["reviewed"].astype(bool)] if len(hands_df) else hands_df
    fig = go.Figure()
    for pupil, rows in hands_df.groupby("pupil", sort=True):
        fig.add_trace(go.Scatter(x=list(rows["hand"]), y=list(rows["mistakes"]), mode="lines+markers", name=pupil))
    fig.update_layout(title="Mistakes a hand, pupil by pupil, over time", xaxis_title="the pupil's hand",
                      yaxis_title="mistakes in the hand", legend_title="pupil", xaxis_dtick=1, yaxis_rangemode="tozero")
    return _said_if_empty(fig, not len(hands_df), "No hand reviewed yet")


@builder
def class_exercises(exercises_df) -> go.Figure:
    """How many pupils got each exercise right, of those who tried it (``ClassReport.exercises``)."""
    tried = exercises_df[exercises_df["status"] != "not attempted"] if len(exercises_df) else exercises_df
    fig = go.Figure()
    if len(tried):
        by = tried.groupby("exercise").agg(tried=("pupil", "nunique"))
        right = tried[tried["right"]].groupby("exercise")["pupil"].nunique()
        by["right"] = right.reindex(by.index, fill_value=0)
        order = sorted(by.index, key=lambda k: [int(x) if x.isdigit() else x for x in k.split(".")])
        by = by.loc[order]
        fig.add_trace(go.Bar(x=list(by.index), y=list(by["right"]), name="right", marker_color="#009e73",
                             text=[f"{r} of {t}" for r, t in zip(by["right"], by["tried"])], textposition="outside",
                             cliponaxis=False))
    fig.update_layout(title="Exercises: pupils right, of those who tried", xaxis_title="exercise",
                      yaxis_title="pupils right", xaxis_type="category")
    return _said_if_empty(fig, not len(tried), "No exercise tried yet")


def class_charts(report) -> list:
    """A ``ClassReport``'s charts: the commonest kinds of mistake, each pupil's mistakes a hand over
    time, and exercise success by exercise."""
    return [class_mistake_kinds(report.mistakes), class_mistakes_per_hand(report.hands),
            class_exercises(report.exercises)]


def _said_if_empty(fig, empty: bool, words: str):
    if empty:
        fig.update_xaxes(visible=False)
        fig.update_yaxes(visible=False)
        fig.update_layout(annotations=[dict(text=words, showarrow=False, xref="paper", yref="paper", x=0.5, y=0.5,
                                            font=dict(size=18))])
    return fig


def live(fig: go.Figure):
    """A figure as a ``FigureWidget``, which a widget updates in place."""
    _load()
    _display_without_iri_grammar()
    return go.FigureWidget(fig)


WORDS_CLASS = "euchre-chart-words"  # marks the words a chart stores beside itself (``chart_words``)


def display_with_words(fig) -> None:
    """Show ``fig`` as plotly does in this kernel, and store beside the chart its figures in words
    (``chart_words``) for a copy that cannot draw it; JupyterLab and Notebook draw the chart."""
    from IPython.display import display  # deferred: optional (IPython is there only in a notebook kernel)

    bundle = fig._repr_mimebundle_()
    if not bundle:  # no renderer of plotly's for this front end: plotly's own way
        fig.show()
        return
    if PLOTLY_JSON in bundle and "text/html" not in bundle:
        bundle["text/html"] = chart_words(fig)
    display(bundle, raw=True)


def _figure(y) -> str:
    """A value of a chart in a few figures (``0.115``), or as it is when it is not a number."""
    try:
        return f"{float(y):.3g}"
    except (TypeError, ValueError):
        return escape(str(y))


def chart_words(fig, most: int = 24) -> str:
    """A chart's title and each trace's figures as a small table, stored beside the chart so that a
    copy which cannot draw it (nbconvert's HTML, GitHub's viewer, a Jupyter Book) still shows
    what it says; JupyterLab and Notebook draw the chart itself."""
    title = fig.layout.title.text or "A chart"
    rows = []
    for trace in fig.data:
        xs, ys = (getattr(trace, axis, None) for axis in ("x", "y"))
        xs, ys = list(xs) if xs is not None else [], list(ys) if ys is not None else []
        pairs = [f"{escape(str(x))}: {_figure(y)}" for x, y in zip(xs, ys)]
        more = f" … ({len(pairs) - most} more)" if len(pairs) > most else ""
        rows.append(f"<tr><td>{escape(str(trace.name or trace.type))}</td><td>{'; '.join(pairs[:most])}{more}</td></tr>")
    return (f'<div class="{WORDS_CLASS}"><p><b>{escape(title)}</b> (a chart: open the notebook and run it to '
            f"draw it; its figures:)</p><table>{''.join(rows)}</table></div>")


def static_html(figure_json: dict, with_library: bool) -> str:
    """A stored figure (a notebook's ``application/vnd.plotly.v1+json`` output) as HTML that
    draws itself offline; ``with_library`` inlines plotly.js (once per page is enough)."""
    _load()
    fig = go.Figure(figure_json)
    return pio.to_html(fig, full_html=False, include_plotlyjs=bool(with_library),
                       config={"staticPlot": True, "displayModeBar": False})

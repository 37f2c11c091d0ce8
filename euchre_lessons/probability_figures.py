"""Plotly figures for the probability lab: built from results (DataFrames), returned, never shown.

Kept apart from ``probability`` so that the engine never imports plotly.
"""
from __future__ import annotations

import math


def convergence_figure(df, title: str | None = None):
    """The running estimate of ``probability.convergence`` against the exact value.

    The estimate is a line over the number of deals (log scale), its 95% interval a band, and
    the exact chance a dashed horizontal line: the band narrows like 1 / sqrt(deals)."""
    import plotly.graph_objects as go

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
        xaxis_title="deals", yaxis_title="chance", xaxis_type="log", template="plotly_white",
        height=380, margin={"l": 60, "r": 20, "t": 60, "b": 50})
    return fig


__all__ = ["convergence_figure"]

"""One outcome scored under every preset that allows it: ``score_table(outcome, players)``.

>>> score_table(Outcome(5, alone=True))        # a lone march under each four-player preset
The presets whose rules cannot give that outcome (a pat hand where there are no pat hands, a
Jamboree where it is not agreed, seven tricks in a five-card game) are listed apart, each with
the rule that forbids it, so a player sees at once what a rule change does to the score.
"""
from __future__ import annotations

from dataclasses import replace
from html import escape
from typing import NamedTuple

from .. import rules as _rules
from ..errors import ArgumentError, ScoringError
from ..scoring import Outcome, score


class ScoreRow(NamedTuple):
    """The outcome under one preset: points to the makers and to each defending team."""

    preset: str
    title: str
    makers: int
    defenders: tuple
    explanation: str


class ScoreTable(NamedTuple):
    """``rows`` the presets that allow the outcome; ``refused`` the others, with why."""

    outcome: Outcome
    players: int
    rows: tuple
    refused: tuple

    @property
    def title(self) -> str:
        """The chart's title, the outcome in words: ``Points when the lone maker takes 3 tricks``."""
        return f"Points when {outcome_words(self.outcome)}"

    @property
    def table(self):
        import pandas as pd  # deferred: start-up (pandas)

        return pd.DataFrame([{"rules": r.preset, "makers' points": r.makers, "defenders' points": sum(r.defenders),
                              "how": r.explanation} for r in self.rows])

    def __str__(self) -> str:
        lines = [f"{self.outcome!r} with {self.players} players:"]
        lines += [f"  {r.preset:<22} makers {r.makers:>3}, defenders {sum(r.defenders):>3}  {r.explanation}"
                  for r in self.rows]
        lines += [f"  {name:<22} not possible: {why}" for name, why in self.refused]
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        body = "".join(f"<tr><td>{escape(r.preset)}</td><td>{r.makers}</td><td>{sum(r.defenders)}</td>"
                       f"<td>{escape(r.explanation)}</td></tr>" for r in self.rows)
        refused = "".join(f"<li><b>{escape(n)}</b>: {escape(w)}</li>" for n, w in self.refused)
        return (f"<table><tr><th>rules</th><th>makers' points</th><th>defenders' points</th><th>how</th></tr>"
                f"{body}</table>" + (f"<p>Not possible under:</p><ul>{refused}</ul>" if refused else ""))


def outcome_words(outcome: Outcome) -> str:
    """The outcome in words, for a title: ``the lone maker takes 3 tricks``, ``a hand is passed out``."""
    o = outcome
    if o.passed_out:
        return "a hand is passed out"
    who = "the Jambone player" if o.jambone else "the lone maker" if o.alone else "the makers"
    takes = "take" if who == "the makers" else "takes"
    text = f"{who}{', playing pat,' if o.pat else ''} {takes} {o.maker_tricks} trick{'s' if o.maker_tricks != 1 else ''}"
    if o.tricks is not None:
        text += f" of {o.tricks}"
    if o.defender_tricks is not None and len(o.defender_tricks) > 1:
        first, second = o.defender_tricks
        text += f", the defending teams {first} and {second}"
    if o.bid is not None:
        text += f", having bid {o.bid}"
    if o.defended_alone:
        text += ", against a lone defender"
    if o.jamboree is not None:
        text += f", with a Jamboree shown by the {o.jamboree}"
    return text


def score_table(outcome: Outcome, players: int = 4) -> ScoreTable:
    """``outcome`` scored under every preset for ``players`` players; the trick count, left
    out, is each preset's hand size (so ``Outcome(5, alone=True)`` is 5 of 5, or 5 of 7)."""
    if players not in (4, 6, 7):
        raise ArgumentError(f"players={players!r}: the presets seat 4, 6 or 7 players")
    rows, refused = [], []
    for name in _rules.names():
        rs = _rules.load(name)
        if rs.players != players:
            continue
        o = outcome if outcome.tricks is not None else replace(outcome, tricks=rs.hand_size)
        try:
            hs = score(rs, o)
        except ScoringError as err:
            refused.append((name, str(err).split(": ", 1)[-1]))
            continue
        rows.append(ScoreRow(name, rs.title, hs.makers, tuple(hs.defenders_by_team), hs.explanation))
    return ScoreTable(outcome, players, tuple(rows), tuple(refused))

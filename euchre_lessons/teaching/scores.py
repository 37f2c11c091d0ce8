"""One outcome scored under every preset that allows it: ``score_table(outcome, players)``.

>>> print(score_table(Outcome(5, alone=True)))        # a lone march under each four-player preset
Points when the lone maker takes 5 tricks, with 4 players:
  hoyle_ordinary         makers   4, defenders   0  The lone maker took 5 of 5 tricks: a lone march, 4 points.
  hoyle_railroad         makers   4, defenders   0  The lone maker took 5 of 5 tricks: a lone march, 4 points.
  hoyle_railroad_full    makers   4, defenders   0  The lone maker took 5 of 5 tricks: a lone march, 4 points.
  modern_railroad        makers  10, defenders   0  The lone maker took 5 of 7 tricks (needing 4): 2 x 5 = 10.
  standard               makers   4, defenders   0  The lone maker took 5 of 5 tricks: a lone march, 4 points.

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


class Refusal(NamedTuple):
    """A preset that cannot give the outcome: ``why`` in words ("a hand of 5 cards has only 5
    tricks"), and ``fix``, what to change in the score explorer ("untick Jambone"; may be empty)."""

    preset: str
    why: str
    fix: str = ""


class ScoreTable(NamedTuple):
    """``rows`` the presets that allow the outcome; ``refused`` the others, with why (``Refusal``)."""

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
        lines = [f"{self.title}, with {self.players} players:"]
        lines += [f"  {r.preset:<22} makers {r.makers:>3}, defenders {sum(r.defenders):>3}  {r.explanation}"
                  for r in self.rows]
        lines += [f"  {r.preset:<22} not possible: {r.why}" for r in self.refused]
        return "\n".join(lines)

    def _repr_html_(self, fixes: bool = False) -> str:
        """The table and the presets that refuse the outcome, each with why (and, with ``fixes``,
        what to change in the score explorer's boxes)."""
        body = "".join(f"<tr><td>{escape(r.preset)}</td><td>{r.makers}</td><td>{sum(r.defenders)}</td>"
                       f"<td>{escape(r.explanation)}</td></tr>" for r in self.rows)
        refused = "".join(f"<li><b>{escape(r.preset)}</b>: {escape(r.why)}"
                          f"{escape(': ' + r.fix) if fixes and r.fix else ''}</li>" for r in self.refused)
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
        except ScoringError:
            refused.append(refusal(rs, o))
            continue
        rows.append(ScoreRow(name, rs.title, hs.makers, tuple(hs.defenders_by_team), hs.explanation))
    return ScoreTable(outcome, players, tuple(rows), tuple(refused))


def refusal(rs, o: Outcome) -> Refusal:
    """Why rule set ``rs`` cannot give outcome ``o``, in words, with the explorer's remedy: the
    checks of ``outcome.check`` in its order, said for a learner (the error quotes the code)."""
    size, name = rs.hand_size, rs.name
    d = tuple(o.defender_tricks) if o.defender_tricks is not None else None
    defending = rs.teams - 1 if rs.partnerships else 1
    if not 0 <= o.maker_tricks <= size:
        return Refusal(name, f"a hand of {size} cards has only {size} tricks", f"choose 0 to {size} tricks")
    if o.tricks is not None and o.tricks != size:
        return Refusal(name, f"a hand of {size} cards has {size} tricks, not {o.tricks}")
    if d is not None and len(d) != defending or d is None and defending != 1:
        teams = "one defending team" if defending == 1 else f"{defending} defending teams"
        return Refusal(name, f"this game has {teams}", "untick six players" if defending == 1 else "tick six players")
    if o.passed_out:
        return Refusal(name, "a hand passed out has no maker and no tricks")
    if o.jamboree is not None and not rs.jamboree:
        return Refusal(name, "there is no Jamboree in this game", "untick the makers' Jamboree")
    if o.jamboree is not None and rs.jamboree_scoring == "bonus_16_added":
        held = o.maker_tricks if o.jamboree == "makers" else (d[o.jamboree_defender] if d else size - o.maker_tricks)
        if held < 5:
            return Refusal(name, f"here a Jamboree's five highest trumps take five tricks, not {held}",
                           "choose 5 tricks or more")
    if d is not None and o.maker_tricks + sum(d) != size and not (o.jamboree and rs.jamboree_scoring == "ends_hand_16"):
        return Refusal(name, f"the tricks add up to {o.maker_tricks + sum(d)}, but a hand of {size} cards has {size}")
    if o.alone and not rs.partnerships:
        return Refusal(name, "the seven-handed game has no lone hands", "untick maker alone")
    if o.pat and not rs.pat_hand_rule:
        return Refusal(name, "there are no pat hands in this game (a lone hand without an exchange is an ordinary "
                             "lone hand)", "untick pat hand")
    if o.jambone and not rs.jambone:
        return Refusal(name, "there is no Jambone in this game", "untick Jambone")
    if o.pat and not o.alone or o.jambone and not o.alone and rs.jambone_requires_alone:
        return Refusal(name, f"only a lone maker may play a {'pat hand' if o.pat else 'Jambone'}", "tick maker alone")
    if o.defended_alone:
        if not rs.lone_against or rs.players == 6 and rs.lone_against_6p == "disabled":
            return Refusal(name, "nobody may defend alone in this game", "untick defended alone")
        if not o.alone:
            return Refusal(name, "a lone defender plays only against a lone maker",
                           "tick maker alone, or untick defended alone")
        if o.pat:
            return Refusal(name, "nobody may defend alone against a pat hand", "untick pat hand or defended alone")
        if o.jambone:
            return Refusal(name, "nobody may defend alone against a Jambone", "untick Jambone or defended alone")
    if rs.scoring == "auction" or o.bid is not None:
        return Refusal(name, "the bid, 4 to 7 tricks, belongs to the seven-handed game and only to it")
    return Refusal(name, "this outcome cannot happen under these rules")

"""A played hand against perfect play: ``analyse(record)`` -> ``Analysis``.

Each card played is compared with the double-dummy value of the position it was played from:
``tricks_before`` is what the makers would end with under perfect play from there,
``tricks_after`` what they end with under perfect play after this card. A card that moves
either figure against its own side (fewer tricks or a worse points difference for the makers'
side when a maker chose it; more when a defender chose it) is a mistake, and its cost is the
difference. In a Jambone the opponent who names the exposed hand's card is the one charged.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .. import record as _record
from ..hand.phases import Phase
from ..hand.state import HandState
from ..table import seat_name
from . import makers_mask, solve

if TYPE_CHECKING:
    from pathlib import Path

    from pandas import DataFrame

COLUMNS = ("trick", "order", "seat", "player", "side", "action", "card", "best", "tricks_before", "tricks_after",
           "tricks_lost", "net_before", "net_after", "points_lost", "mistake")


@dataclass(frozen=True)
class Analysis:
    """The cards of one hand against perfect play. ``rows`` holds one dict per card played
    (keys ``COLUMNS``); ``table`` and ``mistakes`` show them as DataFrames, ``report()`` in words."""

    rules: str
    players: int
    deal: str
    rows: tuple
    actual_tricks: int | None
    hand_tricks: int

    @property
    def table(self) -> DataFrame:
        import pandas as pd  # deferred: start-up (pandas)

        return pd.DataFrame(list(self.rows), columns=list(COLUMNS))

    @property
    def mistakes(self) -> DataFrame:
        """The cards that cost their side a trick or points."""
        t = self.table
        return t[t["mistake"]].reset_index(drop=True)

    def cost(self, side: str) -> tuple:
        """``(tricks, points)`` that one side's mistakes cost it: ``makers`` or ``defenders``."""
        rows = [r for r in self.rows if r["side"] == side]
        return sum(r["tricks_lost"] for r in rows), sum(r["points_lost"] for r in rows)

    def report(self) -> str:
        """The analysis in words: perfect play from the first card, then each mistake."""
        if not self.rows:
            return "No card was played in this hand, so there is nothing to analyse."
        first = self.rows[0]
        lines = [f"With perfect play from the first card the makers take {first['tricks_before']} of "
                 f"{self.hand_tricks} tricks (points difference {first['net_before']:+d})."]
        if self.actual_tricks is not None:
            lines[0] += f" They took {self.actual_tricks}."
        wrong = [r for r in self.rows if r["mistake"]]
        if not wrong:
            lines.append("Every card played kept the perfect-play result: no mistakes.")
        for r in wrong:
            costs = [_plural(r[k], word) for k, word in (("tricks_lost", "trick"), ("points_lost", "point")) if r[k]]
            verb = "named" if r["action"] == "call" else "played"
            lines.append(
                f"Trick {r['trick']}: {r['player']} ({r['side'][:-1]}) {verb} {r['card']}; best was {r['best']}. "
                f"The makers' perfect-play result went from {r['tricks_before']} to {r['tricks_after']} tricks "
                f"(points difference {r['net_before']:+d} to {r['net_after']:+d}): it cost {' and '.join(costs)}.")
        for side in ("makers", "defenders"):
            tricks, points = self.cost(side)
            if tricks or points:
                lines.append(f"In all the {side}' mistakes cost them {_plural(tricks, 'trick')} and "
                             f"{_plural(points, 'point')}.")
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.report()

    def _repr_html_(self) -> str:
        paragraphs = "".join(f"<p>{line}</p>" for line in self.report().splitlines())
        return paragraphs + self.table.to_html(index=False)


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if abs(n) == 1 else "s")


def _replay_source(record: HandState | dict[str, Any] | str | Path) -> HandState:
    return _record.read(record)


def analyse(record: HandState | dict[str, Any] | str | Path) -> Analysis:
    """Replay a hand (a HandState, or a hand record as JSON text, a dict or a file path) and
    compare every card played with perfect play."""
    final = _replay_source(record)
    n = final.players
    s = HandState.start(final.deal)
    rows = []
    order = 0
    for action in final.history:
        if s.phase is Phase.PLAY:
            sol = solve(s)
            card = action.arg
            v = sol.value_of(card)
            sign = 1 if sol.side == "makers" else -1
            order = order + 1 if s.trick else 1
            rows.append({
                "trick": len(s.tricks) + 1, "order": order, "seat": s.to_act, "player": seat_name(s.to_act, n),
                "side": sol.side, "action": action.kind, "card": str(card), "best": " ".join(map(str, sol.best)),
                "tricks_before": sol.tricks, "tricks_after": v.tricks, "tricks_lost": sign * (sol.tricks - v.tricks),
                "net_before": sol.net, "net_after": v.net, "points_lost": sign * (sol.net - v.net),
                "mistake": sol.tricks != v.tricks or sol.net != v.net,
            })
        s = s.apply(action)
    actual = None
    if s.is_over and rows:
        mask = makers_mask(s)
        actual = sum(s.tricks_won[x] for x in range(n) if mask >> x & 1)
    return Analysis(final.rules.name, n, str(final.deal), tuple(rows), actual, final.rules.hand_size)


def to_json(analysis: Analysis) -> str:
    """The analysis rows as JSON (for saving next to a hand record)."""
    return json.dumps({"rules": analysis.rules, "deal": analysis.deal, "rows": list(analysis.rows)}, indent=1)


__all__ = ["Analysis", "analyse", "COLUMNS", "to_json"]

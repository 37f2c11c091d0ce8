"""The computer's levels, measured: a stored strength run as tables and sentences.

>>> levels = StrengthTable.stored()       # data/strength/levels.json, from bench/strength.py --save
>>> levels.table()                        # every pairing: points a hand, games won, 95% intervals
>>> levels.rates()                        # how often each level goes alone, defends alone, is euchred
>>> print(levels)                         # the same in sentences, preset by preset

The numbers are the bench's own: duplicate play on seeded deals, each deal played once per
seating (the seats swapped), the interval a normal 95% interval on the per-deal differences.
A sentence says a level is stronger only when the whole interval lies above zero, and names
the count of paired hands behind it.
"""
from __future__ import annotations

import html
from pathlib import Path

from .. import rules as _rules
from ..simulate import strength_file
from ..words import capital

_HERE = Path(__file__).resolve().parent.parent
# The kit's stored runs: installed inside the package, or the repository's data/ (as rules.RULES_DIRS).
STRENGTH_DIRS = (_HERE / "data" / "strength", _HERE.parent / "data" / "strength")


def _stored(name: str) -> Path | None:
    """The stored file ``name`` in the first folder of ``STRENGTH_DIRS`` that holds it."""
    return next((d / name for d in STRENGTH_DIRS if (d / name).is_file()), None)

# A player of the bench in a learner's words.
NAMES = {
    "beginner": "the beginner",
    "club": "the club player",
    "expert": "the expert",
    "rule_of_thumb": "the rule-of-thumb player",
    "thumb_before_mend": "the rule of thumb before its mend",
    "random": "a random player",
}


def stored_frame(name: str):
    """A table of rows the kit keeps in ``data/strength`` (``<name>.csv``, written by a bench, such
    as ``claims_expert`` by ``bench/expert_claims.py``), as a pandas DataFrame."""
    import pandas as pd  # deferred: start-up (pandas)

    path = _stored(f"{name}.csv")
    if path is not None:
        return pd.read_csv(path)
    raise FileNotFoundError(f"no stored rows {name!r} in data/strength (written by the benches in bench/)")


def name_of(player: str) -> str:
    return NAMES.get(player, player)


def _signed(x: float) -> str:
    return f"{x:+.2f}"


def _between(pair: dict) -> str:
    mean, half = pair["points"]
    return f"95% interval {_signed(mean - half)} to {_signed(mean + half)}"


def _verdict(pair: dict) -> str:
    """One sentence on A against B that claims no more than the interval shows."""
    a, b = name_of(pair["a"]), name_of(pair["b"])
    mean, half = pair["points"]
    n = f"{pair['deals']:,} deals, each played with the seats swapped"
    if mean is None:
        return f"{a} against {b}: not played."
    if mean - half > 0:
        how = f"{capital(a)} scores {mean:.2f} points a hand more than {b}"
    elif mean + half < 0:
        how = f"{capital(a)} scores {-mean:.2f} points a hand less than {b}"
    elif half == 0:
        how = f"{capital(a)} and {b} play every one of these hands alike (a difference of 0)"
        return f"{how}, over {n}."
    else:
        how = f"{capital(a)} and {b} cannot be told apart: {_signed(mean)} points a hand"
    sentence = f"{how} ({_between(pair)}, over {n})"
    wins, games = pair["wins"], pair["games"]
    if games and wins[0] is not None:
        sentence += f"; it wins {wins[0]:.0%} of {games:,} games played both ways (± {wins[1]:.0%})"
    return sentence + "."


class StrengthTable:
    """Stored strength runs (``simulate.strength_file``), one per preset, shown as tables and words."""

    def __init__(self, records: list, source: str = ""):
        self.records = list(records)
        self.source = source

    @classmethod
    def stored(cls, path=None) -> StrengthTable:
        """The run kept with the kit (or the one at ``path``)."""
        if path is None:
            path = _stored("levels.json") or STRENGTH_DIRS[-1] / "levels.json"  # missing: load says so
        return cls(strength_file.load(path), str(path))

    def presets(self) -> list:
        return [r["preset"] for r in self.records]

    def record(self, preset: str) -> dict:
        for r in self.records:
            if r["preset"] == preset:
                return r
        raise KeyError(f"no stored run for {preset!r}: the runs are for {', '.join(self.presets())}")

    def pair(self, preset: str, a: str, b: str) -> dict | None:
        for p in self.record(preset)["pairs"]:
            if (p["a"], p["b"]) == (a, b):
                return p
        return None

    def table(self):
        """One row per preset and pairing: A's points a hand less B's with its interval, games."""
        import pandas as pd  # deferred: start-up (pandas)

        rows = []
        for r in self.records:
            for p in r["pairs"]:
                mean, half = p["points"]
                wins, whalf = p["wins"]
                rows.append({"rules": r["preset"], "A": p["a"], "B": p["b"], "paired hands": p["deals"],
                             "A - B a hand": mean, "low": None if mean is None else mean - half,
                             "high": None if mean is None else mean + half, "game pairs": p["games"],
                             "A wins": wins, "± wins": whalf})
        return pd.DataFrame(rows)

    def rates(self, against: str = "thumb_before_mend"):
        """Per preset and level: of the hands its side made trump, the share played alone and the
        share euchred; of its side's defences, the share defended alone; from its pairing
        against ``against`` (the pairing the bench plays every level in), with that player's."""
        import pandas as pd  # deferred: start-up (pandas)

        rows = []
        for r in self.records:
            seen = set()
            for p in r["pairs"]:
                if p["b"] != against:
                    continue
                for who in (p["a"], p["b"]):
                    if who in seen:
                        continue
                    seen.add(who)
                    x = p["rates"][who]
                    rows.append({"rules": r["preset"], "player": who, "made trump": x["made"], "alone": x["alone"],
                                 "euchred": x["euchred"], "defended alone": x["defend alone"],
                                 "paired hands": p["deals"]})
        return pd.DataFrame(rows)

    def sentences(self, preset: str) -> list:
        """The pairings of ``preset`` in words, the levels' order and the memory the run held."""
        r = self.record(preset)
        title = _rules.load(preset).title
        out = [f"{title} ({preset}):"]
        out += [_verdict(p) for p in r["pairs"]]
        return out

    def styles(self, preset: str, a: str = "expert", b: str = "thumb_before_mend") -> str:
        """How ``a`` and ``b`` bid, side by side, from their pairing in ``preset``, and which of
        them scores more: one sentence."""
        p = self.pair(preset, a, b)
        if p is None:
            return f"{name_of(a)} and {name_of(b)} did not play each other in the {preset} run."
        x, y = p["rates"][a], p["rates"][b]

        def pct(v) -> str:
            return "-" if v is None else f"{100 * v:.0f}%"

        title = _rules.load(preset).title
        mean, half = p["points"]
        if mean - half > 0:
            verdict = f"{name_of(a)} scores {mean:.2f} points a hand more"
        elif mean + half < 0:
            verdict = f"{name_of(b)} scores {-mean:.2f} points a hand more"
        else:
            verdict = "neither scores measurably more"
        defend = ""
        if x["defend alone"] or y["defend alone"]:  # a rule set where a lone hand may be defended alone
            defend = (f"; of its side's defences against a lone hand it defended alone in {pct(x['defend alone'])}, "
                      f"against {pct(y['defend alone'])}")
        return (f"In {title}, of the hands its side made trump, {name_of(a)} played {pct(x['alone'])} alone and was "
                f"euchred in {pct(x['euchred'])}, {name_of(b)} {pct(y['alone'])} and {pct(y['euchred'])}{defend}. "
                f"Over {p['deals']:,} deals played both ways, {verdict} ({_between(p)}).")

    def ordered(self, preset: str, levels=("beginner", "club", "expert")) -> bool:
        """Whether each level beats the one below it head to head, the whole interval above zero."""
        for lo, hi in zip(levels, levels[1:]):
            p = self.pair(preset, hi, lo)
            if p is None or p["points"][0] is None or p["points"][0] - p["points"][1] <= 0:
                return False
        return True

    def __str__(self) -> str:
        parts = []
        for preset in self.presets():
            lines = self.sentences(preset)
            order = "yes" if self.ordered(preset) else "no"
            lines.append(f"Each level beats the one below it, the whole interval above zero: {order}.")
            parts.append("\n".join(lines))
        return "\n\n".join(parts)

    def _repr_html_(self) -> str:
        parts = []
        for preset in self.presets():
            lines = self.sentences(preset)
            items = "".join(f"<li>{html.escape(s)}</li>" for s in lines[1:])
            parts.append(f"<p><strong>{html.escape(lines[0])}</strong></p><ul>{items}</ul>")
        return "".join(parts)

    def __repr__(self) -> str:
        return f"StrengthTable({', '.join(self.presets())}; from {self.source or 'records'})"


__all__ = ["StrengthTable", "NAMES", "name_of", "stored_frame"]

"""The computer's levels, measured: a stored strength run as tables and sentences.

>>> levels = StrengthTable.stored()       # data/strength/levels.json, from bench/strength.py --save
>>> list(levels.table().columns)          # every pairing: points a hand, games won, 95% intervals
['rules', 'A', 'B', 'paired hands', 'A - B a hand', 'low', 'high', 'game pairs', 'A wins', '± wins']
>>> list(levels.rates().columns)          # how often each level goes alone, defends alone, is euchred
['rules', 'player', 'made trump', 'alone', 'euchred', 'defended alone', 'paired hands']
>>> print(levels)                         # the same in sentences, preset by preset
Standard Euchre (standard):
The club player scores ...

The numbers are the bench's own: duplicate play on seeded deals, each deal played once per
seating (the seats swapped), the interval a normal 95% interval on the per-deal differences.
A sentence says a level is stronger only when the whole interval lies above zero, and names
the count of paired hands behind it.

The play table's **Computer** menu reads the same run (``stored_levels``): ``menu_label`` is a
player's entry (how much more it scores a hand than the beginner), ``level_words`` the line
beside it (against the beginner and the player below, with intervals, and why a stronger player
gains less from the beginner than a weaker one, where the run shows that).
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


def _digits(x: float) -> int:
    """Decimals for a margin: two, or three below 0.05 a hand (where two would read 0.00)."""
    return 3 if abs(x) < 0.05 else 2


def _signed(x: float, digits: int = 2) -> str:
    return f"{x:+.{digits}f}"


def _num(x: float) -> str:
    return f"{x:.{_digits(x)}f}"


def _between(pair: dict) -> str:
    mean, half = pair["points"]
    return _interval(mean, half)


def _interval(mean: float, half: float) -> str:
    """A 95% interval's ends, to three decimals where two would show an end as 0.00."""
    d = 3 if min(abs(mean), abs(mean - half), abs(mean + half)) < 0.005 or abs(mean) < 0.05 else 2
    return f"95% interval {_signed(mean - half, d)} to {_signed(mean + half, d)}"


def _verdict(pair: dict) -> str:
    """One sentence on A against B that claims no more than the interval shows."""
    a, b = name_of(pair["a"]), name_of(pair["b"])
    mean, half = pair["points"]
    n = f"{pair['deals']:,} deals, each played with the seats swapped"
    if mean is None:
        return f"{a} against {b}: not played."
    if mean - half > 0:
        how = f"{capital(a)} scores {_num(mean)} points a hand more than {b}"
    elif mean + half < 0:
        how = f"{capital(a)} scores {_num(-mean)} points a hand less than {b}"
    elif half == 0:
        how = f"{capital(a)} and {b} play every one of these hands alike (a difference of 0)"
        return f"{how}, over {n}."
    else:
        how = f"{capital(a)} and {b} cannot be told apart: {_signed(mean, _digits(mean))} points a hand"
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

    def rates(self, against: str = "rule_of_thumb"):
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
        notes = (_first_note(self, preset, level) for level in list(MENU)[2:])  # a stronger player that gains less
        return out + [n for n in notes if n]  # from the beginner than a weaker one: why

    def styles(self, preset: str, a: str = "expert", b: str = "rule_of_thumb") -> str:
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
            verdict = f"{name_of(a)} scores {_num(mean)} points a hand more"
        elif mean + half < 0:
            verdict = f"{name_of(b)} scores {_num(-mean)} points a hand more"
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


# ---- the play table's Computer menu ---------------------------------------------------------------

# The players a teacher may choose on the play table, weakest first, and their names in the menu.
MENU = {"beginner": "beginner", "rule_of_thumb": "rule of thumb", "club": "club", "expert": "expert"}
BASE = "beginner"  # the player every other is measured against in the menu


def _against(table: StrengthTable, preset: str, a: str, b: str):
    """``(mean, half, deals)`` of ``a``'s points a hand less ``b``'s in ``preset``, from their
    pairing either way round (the sign turned for ``b`` against ``a``); None if not played."""
    for x, y, sign in ((a, b, 1), (b, a, -1)):
        p = table.pair(preset, x, y)
        if p is not None and p["points"][0] is not None:
            mean, half = p["points"]
            return sign * mean, half, p["deals"]
    return None


def _measured(table, preset) -> bool:
    return table is not None and preset in table.presets()


def _more(mean: float, half: float, than: str) -> str:
    """How ``mean`` (± ``half``) a hand compares with ``than``, claiming no more than the interval."""
    if mean - half > 0:
        return f"about {_num(mean)} points a hand more than {than}"
    if mean + half < 0:
        return f"about {_num(-mean)} points a hand less than {than}"
    d = _digits(mean)
    return f"no measurable difference from {than} ({_signed(mean, d)} a hand, ± {half:.{d}f})"


def menu_label(table: StrengthTable | None, preset: str, level: str) -> str:
    """A player's entry in the play table's **Computer** menu: its name and how much more it
    scores a hand than the beginner under ``preset``, as the stored run measured it."""
    name = MENU.get(level, level)
    if level == BASE or table is None or not _measured(table, preset):
        return name
    found = _against(table, preset, level, BASE)
    if found is None:
        return name
    label = f"{name}: {_more(found[0], found[1], 'the beginner')}"
    below = list(MENU)[list(MENU).index(level) - 1]
    head = _against(table, preset, level, below)
    if _first_note(table, preset, level) and head is not None and head[0] - head[1] > 0:
        label += f", {_num(head[0])} more than {name_of(below)} head to head"  # a weaker one gains more from the beginner
    return label


def _lead_note(table: StrengthTable, preset: str, hi: str, lo: str) -> str:
    """Why ``hi``, the stronger level by its play, gains less than ``lo`` from the beginner's
    mistakes, as the stored run shows it (empty where it does not gain less)."""
    head = _against(table, preset, hi, lo)
    hi_b, lo_b = _against(table, preset, hi, BASE), _against(table, preset, lo, BASE)
    p_hi, p_lo = table.pair(preset, hi, BASE), table.pair(preset, lo, BASE) or table.pair(preset, BASE, lo)
    if head is None or hi_b is None or lo_b is None or p_hi is None or p_lo is None or hi_b[0] >= lo_b[0]:
        return ""
    beats = f" beats {name_of(lo)} head to head ({_signed(head[0])} a hand), yet" if head[0] - head[1] > 0 else ""
    text = (f"{capital(name_of(hi))}{beats} gains less from the beginner ({_signed(hi_b[0])} a hand, against "
            f"{_signed(lo_b[0])} for {name_of(lo)})")

    def beginners_euchres(p) -> float:  # of all the hands, those the beginner's side made and was euchred in
        r = p["rates"].get(BASE, {})
        return (r.get("made") or 0) * (r.get("euchred") or 0)

    made_hi, made_lo = p_hi["rates"].get(hi, {}).get("made"), p_lo["rates"].get(lo, {}).get("made")
    if made_hi is not None and made_lo is not None and beginners_euchres(p_hi) < beginners_euchres(p_lo):
        text += (f": its side made trump in {made_hi:.0%} of the hands against the beginner, {name_of(lo)}'s in "
                 f"{made_lo:.0%}, so the beginner's rash bids, which lose it points, came up less: the beginner "
                 f"made trump and was euchred in {beginners_euchres(p_hi):.0%} of the hands against {name_of(hi)}, "
                 f"in {beginners_euchres(p_lo):.0%} against {name_of(lo)}")
    if hi_b[0] + hi_b[1] > lo_b[0] - lo_b[1]:
        text += "; the two margins' intervals overlap, so the run does not show that it truly gains less"
    return text + "."


def _first_note(table: StrengthTable, preset: str, level: str) -> str:
    """``_lead_note`` against the nearest weaker player (not the beginner) it applies to, or empty."""
    order = list(MENU)
    for lo in reversed(order[1:order.index(level)]):
        note = _lead_note(table, preset, level, lo)
        if note:
            return note
    return ""


def _compared(mean: float, half: float, than: str) -> str:
    """The line's clause for one comparison, with its 95% interval."""
    d = _digits(mean)
    interval = _interval(mean, half)
    if mean - half > 0 or mean + half < 0:
        return f"scores {_more(mean, half, than)} ({interval})"
    return f"scores no measurably more or less than {than} ({_signed(mean, d)} a hand, {interval})"


def level_words(table: StrengthTable | None, preset: str, level: str) -> str:
    """What the stored run says of ``level`` under ``preset``, for the line beside the menu: how
    it compares with the beginner and with the player just below it, with 95% intervals and the
    deals behind them, and why where it gains less from the beginner than a weaker player."""
    where = f"in {_rules.load(preset).title}" if preset in _rules.names() else "under these rules"
    if table is None or not _measured(table, preset):
        return f"The levels were not measured {where}."
    order = list(MENU)
    if level not in order:
        return ""
    i = order.index(level)
    others = [BASE] if i == 1 else [BASE, order[i - 1]] if i > 1 else [order[1]]
    parts, deals = [], set()
    for other in others:
        found = _against(table, preset, level, other)
        if found is None:
            continue
        mean, half, n = found
        deals.add(n)
        parts.append(_compared(mean, half, name_of(other)))
    if not parts:
        return f"The {MENU[level]} level was not measured {where}."
    counted = " and ".join(f"{n:,}" for n in sorted(deals))
    text = f"Measured {where}, it {' and '.join(parts)}, over {counted} deals each played with the seats swapped."
    note = _first_note(table, preset, level)
    return f"{text} {note}" if note else text


_STORED: list = []


def stored_levels() -> StrengthTable | None:
    """The stored run the play table's menu reads (kept once read), or None if there is none."""
    if not _STORED:
        try:
            _STORED.append(StrengthTable.stored())
        except strength_file.StrengthFileError:
            _STORED.append(None)
    return _STORED[0]


__all__ = ["StrengthTable", "NAMES", "MENU", "BASE", "level_words", "menu_label", "name_of", "stored_frame",
           "stored_levels"]

"""A strength run kept as plain JSON, so a lesson can show it without playing it again.

>>> from euchre_lessons.simulate import strength, strength_file
>>> run = strength.run("standard", [("rule_of_thumb", "random")], hands=40, processes=1)
>>> record = strength_file.record(run, seed=0)
>>> record["pairs"][0]["a"], record["pairs"][0]["deals"]
('rule_of_thumb', 40)

``record(run, seed)`` is one preset's run as a dict of numbers and names; ``save(records, path)``
writes a list of them (one per preset) with ``json``; ``load(path)`` reads them back and checks
every field it will use, raising ``StrengthFileError`` that names the file and the field. Nothing
is read with ``eval`` or ``pickle``.
"""
from __future__ import annotations

import json
import math
from pathlib import Path

from ..errors import EuchreError

VERSION = 1
_PAIR_FIELDS = {"a": str, "b": str, "deals": int, "points": list, "games": int, "wins": list, "rates": dict,
                "times": dict}
_RECORD_FIELDS = {"preset": str, "hands": int, "games": int, "seed": str, "processes": int, "seconds": float,
                  "stopped": bool, "pairs": list, "memory": dict}


class StrengthFileError(EuchreError, ValueError):
    """A stored strength run that cannot be read: the file, the field and what was expected."""


def _number(x: float):
    return None if x != x else round(x, 6)


def record(run, seed) -> dict:
    """One preset's ``strength.Run`` as plain JSON values (NaN as null)."""
    pairs = []
    for p in run.pairs:
        pts, wins = p.points(), p.wins()
        pairs.append({
            "a": p.names[0], "b": p.names[1], "deals": len(p.deals),
            "points": [_number(pts.mean), _number(pts.half)], "games": len(p.games),
            "wins": [_number(wins.mean), _number(wins.half)],
            "rates": {name: {k: _number(v) for k, v in p.rates(who).items()} for who, name in enumerate(p.names)},
            "times": {name: [n, _number(med), _number(p95)]
                      for who, name in enumerate(p.names) for n, med, p95 in [p.decision_times(who)]},
            "errors": [str(e) for e in p.errors],
        })
    memory = list(run.memory.values())
    return {
        "version": VERSION, "preset": run.rules, "hands": run.hands, "games": run.games, "seed": str(seed),
        "processes": run.processes, "seconds": round(run.seconds, 1), "stopped": run.stopped, "pairs": pairs,
        "memory": {"peak": max([max(m[0], m[2]) for m in memory] or [0]),
                   "first": [m[1] for m in memory], "last": [m[2] for m in memory],
                   "samples": [[[round(t - v[0][0], 1), rss, held] for t, rss, held in v]
                               for v in run.samples.values()]},
    }


def save(records: list, path) -> Path:
    """Write ``records`` (from ``record``) to ``path`` as JSON; the path written."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"version": VERSION, "runs": records}, indent=1) + "\n", encoding="utf-8")
    return path


def _check(where: str, obj, fields: dict) -> None:
    if not isinstance(obj, dict):
        raise StrengthFileError(f"{where}: expected an object with {', '.join(fields)}, found {type(obj).__name__}")
    for name, kind in fields.items():
        if name not in obj:
            raise StrengthFileError(f"{where}: no field {name!r} (a stored run has {', '.join(fields)})")
        value = obj[name]
        ok = isinstance(value, (int, float)) and not isinstance(value, bool) if kind is float else \
            isinstance(value, kind) and (kind is bool or not isinstance(value, bool))
        if not ok:
            raise StrengthFileError(f"{where}: field {name!r} is {value!r}, expected {kind.__name__}")


def _pair_number(where: str, pair: dict, name: str) -> None:
    value = pair[name]
    if len(value) != 2 or not all(v is None or isinstance(v, (int, float)) and not isinstance(v, bool)
                                  and math.isfinite(v) for v in value):
        raise StrengthFileError(f"{where}: field {name!r} is {value!r}, expected [mean, half-width] of numbers")


def load(path) -> list:
    """The records stored at ``path`` by ``save``, each checked; ``StrengthFileError`` if the file
    is missing, not JSON, or lacks a field a reader uses."""
    path = Path(path)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise StrengthFileError(f"{path}: no such file (write one with: python bench/strength.py --save {path})") \
            from None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as e:
        raise StrengthFileError(f"{path}: not a stored strength run ({e})") from None
    if not isinstance(data, dict) or data.get("version") != VERSION or not isinstance(data.get("runs"), list):
        raise StrengthFileError(f"{path}: expected {{'version': {VERSION}, 'runs': [...]}} as written by "
                                "bench/strength.py --save")
    for i, rec in enumerate(data["runs"]):
        _check(f"{path}: run {i}", rec, _RECORD_FIELDS)
        for j, pair in enumerate(rec["pairs"]):
            where = f"{path}: run {i} ({rec['preset']}), pair {j}"
            _check(where, pair, _PAIR_FIELDS)
            _pair_number(where, pair, "points")
            _pair_number(where, pair, "wins")
    return data["runs"]


__all__ = ["StrengthFileError", "load", "record", "save"]

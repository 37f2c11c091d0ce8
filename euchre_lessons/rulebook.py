"""The rule book (``docs/rules.md``): its labels, the citations of it, and the knob reference.

>>> from euchre_lessons import rulebook
>>> "K18" in rulebook.sections()
True
>>> rulebook.citations("the dealer may not pass (rule book K5, LD 77)")
[Citation(text='rule book K5, LD 77', labels=('K5', 'LD'))]
>>> rulebook.section_link("K18")
'docs/rules.md#K18'

``python -m euchre_lessons.rulebook --write`` writes ``docs/knobs.md`` from ``knobs.KNOBS`` and the
presets; ``--check`` exits 1 if the committed file is not what would be written.
"""
from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import NamedTuple

from . import rules
from . import rules as _rules
from .knobs import KNOBS
from .rules import knob_text
from .words import capital

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
RULES_MD = DOCS / "rules.md"
KNOBS_MD = DOCS / "knobs.md"

_ANCHOR = re.compile(r'<a\s+(?:id|name)="([^"]+)"\s*>\s*</a>')
# Source abbreviations, each an anchor of the Sources section; a number after one is a law or page.
SOURCES = ("LD", "LP62", "BR66", "K87", "Foster", "Cassell", "WP", "GR", "BIC", "ABT", "WKC", "NP", "OpenSpiel")
_SOURCE = "|".join(sorted(SOURCES, key=len, reverse=True))
LABEL = (rf"(?<!\w)(?:(?:{_SOURCE})(?:\s+\d+(?:\s*[-–]\s*\d+)?)?"
         r"|[A-K]-O?\d+|[A-K]\d+(?:\.\d+)?|[A-HJK])(?!\w)")
_SEP = r"(?:\s*[,/;]\s*(?:and\s+)?|\s*[-–]\s*|\s+(?:to|and)\s+)"
LABELS = re.compile(rf"{LABEL}(?:{_SEP}{LABEL})*")
CITATION = re.compile(rf"(?:(?i:rule\s+book)|RULES\.md)(?:\s+section)?\s+(?P<labels>{LABELS.pattern})")
_ONE = re.compile(rf"({LABEL})({_SEP})?")
_RANGE = re.compile(r"([A-K]-?O?)(\d+)")


class Citation(NamedTuple):
    text: str
    labels: tuple[str, ...]


def _read(path: Path) -> str:
    if not path.is_file():
        raise FileNotFoundError(f"the rule book is not at {path}: docs/ comes with the repository, "
                                "not with an installed wheel")
    return path.read_text(encoding="utf-8")


def anchors(path: Path = RULES_MD) -> list[str]:
    """Every anchor id of the rule book, in order (duplicates kept, so they can be found)."""
    return _ANCHOR.findall(_read(path))


def sections(path: Path = RULES_MD) -> set[str]:
    """The labels of the rule book: ``{"A1", ..., "K31", "LD", ...}``."""
    return set(anchors(path))


def labels(text: str) -> tuple[str, ...]:
    """The labels of a bare list like ``"K26-K28, LD 88"``: ``("K26", "K27", "K28", "LD")``."""
    found: list[str] = []
    in_range = False
    for match in _ONE.finditer(text):
        label = match.group(1).split()[0]          # "LD 74-76" names the source LD
        start, end = _RANGE.fullmatch(found[-1]) if found else None, _RANGE.fullmatch(label)
        if in_range and start and end and start.group(1) == end.group(1):
            found += [f"{end.group(1)}{n}" for n in range(int(start.group(2)) + 1, int(end.group(2)))]
        found.append(label)
        in_range = (match.group(2) or "").strip() in ("-", "–", "to")
    return tuple(dict.fromkeys(found))


def citations(text: str) -> list[Citation]:
    """The citations of the rule book in a text (``rule book K18``, ``rule book D2, D10, D-16``)."""
    return [Citation(m.group(0), labels(m.group("labels"))) for m in CITATION.finditer(text)]


# ---- the sections each rule set plays --------------------------------------------------------
#
# A rule set plays its game's section of the book (the "sections" column of the presets table:
# A for the ordinary games, B for Foster's Railroad, C for seven-handed, D for the modern game),
# the section A that B and D build on ("whatever this section does not change is played as in
# section A"; "comes from standard Euchre, as in section A"), the part of J for its family, and
# the resolutions of K that its knobs call on. Each row: labels, and when a rule set plays them.

def _joker_turned_up(r) -> bool:
    """A Joker can be the turn-up."""
    return r.joker and r.kitty != "four_no_joker" and r.bidding == "turn_up"


def game(r) -> str:
    """The rule book's section for a rule set's game: ``"A"``, ``"B"``, ``"C"`` or ``"D"``."""
    if r.players == 7:
        return "C"
    if r.scoring == "per_trick":
        return "D"
    if r.partners_best != "none" or r.lone_against or r.laps or r.slams or r.pat_hand_rule or r.jambone \
            or r.jamboree:
        return "B"
    return "A"


def order_section(r) -> str:
    """The part of rule book J that gives a rule set's order of a hand: ``"J1"`` to ``"J5"``."""
    return {"A": "J1", "B": "J2", "C": "J5", "D": "J3" if r.players == 4 else "J4"}[game(r)]


def _range(prefix: str, first: int, last: int) -> tuple:
    return tuple(f"{prefix}{n}" for n in range(first, last + 1))


PLAYED = (
    (("J", "J0"), lambda r: True),
    (("A", "A1", "A2", "A3", "A4", "A5", "A6"), lambda r: game(r) in "ABD"),
    (("A7", "A-1"), lambda r: game(r) in "AB"),
    (("A8",), lambda r: game(r) in "AB"),
    (("A9",), lambda r: game(r) == "A" and _joker_turned_up(r)),
    (("B", "B1", "B3", "B4", "B4.1", "B4.2", "B4.3", "B4.4", "B4.5", "B-1", "B-2", "B5", "B-3", "B-4",
      "B6", "B-5"), lambda r: game(r) == "B"),
    (("B2",), lambda r: _joker_turned_up(r) and r.joker_turnup_rule != "no_trump_hand"),
    (("B-O",), lambda r: game(r) == "B" and (r.laps or r.slams or r.pat_hand_rule or r.jambone or r.jamboree)),
    (("B-O1", "B-6"), lambda r: game(r) == "B" and r.laps),
    (("B-O2",), lambda r: game(r) == "B" and r.slams),
    (("B-O3", "B-7", "B-8", "B-9"), lambda r: game(r) == "B" and r.pat_hand_rule),
    (("B-O4", "B-10", "B-11"), lambda r: game(r) == "B" and r.jambone),
    (("B-O5", "B-12", "B-13"), lambda r: game(r) == "B" and r.jamboree),
    (("C", "C-1"), lambda r: game(r) == "C"),
    (("D", "D1", "D2", "D-2", "D-3", "D3", "D-4", "D4", "D-5", "D5", "D-6", "D6", "D-7", "D-8", "D-9", "D7",
      "D-10", "D9", "D-14", "D11", "D-17", "D13", "D-26", "D14"), lambda r: game(r) == "D"),
    (("D-1", "D-11", "D-19"), lambda r: game(r) == "D" and r.players == 6),
    (("D8", "D-12", "D-13", "D-18"), lambda r: game(r) == "D" and r.jambone),
    (("D12", "D-20", "D-21", "D-22", "D-23", "D-24", "D-25"), lambda r: game(r) == "D" and r.jamboree),
    (("D10", "D-15", "D-16", "K25"), lambda r: _joker_turned_up(r) and r.joker_turnup_rule == "no_trump_hand"),
    (("J1",), lambda r: order_section(r) == "J1"),
    (("J2",), lambda r: order_section(r) == "J2"),
    (("J3",), lambda r: order_section(r) == "J3"),
    (("J4",), lambda r: order_section(r) == "J4"),
    (("J5",), lambda r: order_section(r) == "J5"),
    (("K", "K5", "K8", "K10", "K24"), lambda r: True),
    (("K1", "K9", "K16"), lambda r: r.partnerships),
    (("K2", "K3"), lambda r: r.bidding == "turn_up"),
    (("K4",), lambda r: r.bidding == "turn_up" and r.partnerships),
    (("K6",), lambda r: r.bidding == "turn_up" and not r.round2_may_name_turned_suit),
    (("K7",), lambda r: r.partnerships and r.lone_eligibility == "maker_or_partner"),
    (("K11", "K12"), lambda r: r.partnerships and r.partners_best != "none"),
    (("K13",), lambda r: r.lone_against and (r.players == 4 or r.lone_against_6p == "one_on_one")),
    (("K14",), lambda r: _joker_turned_up(r) and r.joker_turnup_rule != "no_trump_hand"),
    (("K15",), lambda r: r.scoring != "auction"),
    (("K17", "K18"), lambda r: r.pat_hand_rule),
    (("K19", "K20"), lambda r: r.jambone),
    (("K21", "K22"), lambda r: r.jamboree),
    (("K23",), lambda r: r.slams),
    (("K26",), lambda r: r.scoring == "per_trick" and r.lone_against),
    (("K27",), lambda r: r.players == 6),
    (("K28",), lambda r: game(r) == "D"),
    (_range("K", 29, 31), lambda r: r.players == 7),
)


def plays(rules) -> frozenset:
    """The labels of the rule book's sections that a rule set plays (a ``RuleSet`` or a preset
    name): what a message about a hand under these rules may cite.

    >>> "K25" in plays("modern_railroad"), "K25" in plays("hoyle_railroad")
    (True, False)
    """
    r = _rules.load(rules)
    return frozenset(label for labels, when in PLAYED if when(r) for label in labels)


def cited_sections(text: str) -> tuple[str, ...]:
    """The sections a text cites, sources (``LD 78``) left out: ``("K6",)`` for
    ``"... (rule book K6, LD 78)"``."""
    return tuple(dict.fromkeys(label for c in citations(text) for label in c.labels if label not in SOURCES))


def section_link(label: str) -> str:
    """The link to a label of the rule book, from the repository root."""
    return f"docs/rules.md#{label}"


def _links(source: str) -> str:
    found = labels(source)
    return ", ".join(f"[{label}](rules.md#{label})" for label in found) if found else "none"


def _code(value) -> str:
    return f"`{knob_text(value)}`" if knob_text(value) else '`""`'


_KINDS = {bool: "`true`, `false`", int: "a whole number", tuple: "a list", str: "any text"}


def knob_reference() -> str:
    """``docs/knobs.md``: every knob, its meaning, default, values, sections and preset values."""
    presets = [rules.load(name) for name in rules.names()]
    out = ["# Knob reference", "",
           "Generated by `python -m euchre_lessons.rulebook --write` from `euchre_lessons/knobs.py` and the",
           "presets in `data/rules/`: do not edit it by hand. Each knob links to the sections of the",
           "[rule book](rules.md) it rests on. A preset value marked *provisional* is a reconstruction that",
           "no source states.", "", "| preset | title |", "|---|---|"]
    out += [f"| `{r.name}` | {r.title} |" for r in presets]
    for knob in KNOBS:
        allowed = (_KINDS[knob.allowed] if isinstance(knob.allowed, type) else ", ".join(map(_code, knob.allowed)))
        out += ["", f"## `{knob.name}`", "", capital(knob.meaning) + ".", "",
                f"* default: {_code(knob.default)}", f"* allowed: {allowed}",
                f"* rule book: {_links(knob.source)}", "* in the presets:"]
        out += [f"  * `{r.name}`: {_code(getattr(r, knob.name))}"
                + (" *provisional*" if knob.name in r.provisional else "") for r in presets]
    return "\n".join(out) + "\n"


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args == ["--write"]:
        KNOBS_MD.parent.mkdir(parents=True, exist_ok=True)
        KNOBS_MD.write_text(knob_reference(), encoding="utf-8")
        print(f"wrote {KNOBS_MD}")
        return 0
    if args == ["--check"]:
        if not KNOBS_MD.is_file() or KNOBS_MD.read_text(encoding="utf-8") != knob_reference():
            print(f"{KNOBS_MD} is out of date: run python -m euchre_lessons.rulebook --write", file=sys.stderr)
            return 1
        print(f"{KNOBS_MD} is up to date")
        return 0
    print("usage: python -m euchre_lessons.rulebook --write | --check", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())

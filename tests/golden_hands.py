"""The golden hands: one per preset, each on a deal chosen to show something its rules do, and
its transcript stored in ``tests/golden/<preset>.txt`` (``test_golden.py`` compares them).

    python tests/golden_hands.py standard      # print a preset's golden playthrough
    python tests/golden_hands.py --write       # write every preset's file again, after a deliberate change
    python tests/golden_hands.py --search      # find, for every preset, a first hand that shows what it asks

A new preset gets an entry in ``GOLDEN`` here (``test_golden.py`` fails for a preset without
one). The playthrough itself is the engine's (``euchre_lessons.playthrough``).
"""
from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from euchre_lessons import rules as _rules
from euchre_lessons.deals import Deal, deal
from euchre_lessons.hand.state import HandState
from euchre_lessons.playthrough import play_randomly, playthrough, search

GOLDEN_DIR = Path(__file__).resolve().parent / "golden"


def _said(state: HandState, *texts: str) -> bool:
    """Whether every one of ``texts`` (action kinds or whole actions) was said in the hand."""
    said = {str(a) for a in state.history} | {a.kind for a in state.history}
    return all(t in said for t in texts)


def _role(state: HandState, seat) -> int | None:
    """How far ``seat`` sits from the dealer: 0 the dealer, 1 eldest, 2 his partner, ..."""
    return None if seat is None else (seat - state.dealer) % state.players


def _first_leader(state: HandState) -> int | None:
    """The seat that led the first trick."""
    return state.tricks[0].leader if state.tricks else None


@dataclass(frozen=True)
class Golden:
    """A preset's golden hand: where its deal and moves come from, and what it shows."""

    deal_seed: int
    dealer: int
    move_seed: int
    shows: str
    check: Callable[[HandState], bool]


# One hand per preset, found with ``search`` (``--search``): the first seed whose hand shows
# what ``check`` asks for. ``test_golden.py`` checks that each still does.
GOLDEN = {
    "hoyle_ordinary": Golden(
        476, 0, 476, "all pass in round 1; Q makes trump in round 2 and plays alone, so his partner E "
                       "sits out and P leads",
        lambda s: _said(s, "make", "alone") and _role(s, s.maker) == 3 and _role(s, _first_leader(s)) == 2),
    "standard": Golden(
        7, 3, 7, "the dealer's partner assists and goes alone: the dealer sits out, the turn-up stays dead "
                   "and nobody discards (K4)",
        lambda s: _said(s, "assist", "alone") and not _said(s, "discard") and s.upcard in s.dead_cards),
    "hoyle_railroad": Golden(
        10, 2, 10, "a lone hand with partner's best; the dealer defends alone, takes his own partner's best, "
                   "then discards for the turn-up (K3)",
        lambda s: len(s.exchanges) == 2 and s.lone_defender == s.dealer and _said(s, "discard")),
    "hoyle_railroad_full": Golden(
        12, 0, 12, "the dealer takes up the Joker, goes alone pat (the turn-up stays dead) and announces "
                   "Jambone: the opponents call his cards",
        lambda s: s.maker == s.dealer and s.pat and s.jambone and _said(s, "take up")),
    "modern_railroad": Golden(
        50, 2, 50, "the dealer plays alone against a lone defender: an exchange each, then the dealer's "
                     "discard for the turn-up (K3)",
        lambda s: s.maker == s.dealer and s.alone and s.lone_defender is not None and _said(s, "discard")),
    "modern_railroad_6p": Golden(
        4, 4, 4, "alone against a lone defender with six players: one on one, the other four seats (the "
                 "dealer too) sit out",
        lambda s: s.lone_defender is not None and s.sits_out(s.dealer)),
    "hoyle_seven_handed": Golden(
        0, 0, 0, "the maker takes the widow, discards four, names trump and three partners",
        lambda s: not s.passed_out and len(s.partners) == 3),
}



def golden_deal(preset: str) -> Deal:
    """The deal of a preset's golden playthrough."""
    g = GOLDEN[preset]
    return deal(_rules.load(preset), seed=g.deal_seed, dealer=g.dealer)


def golden_text(preset: str) -> str:
    """The golden playthrough of a preset, as the engine plays it now."""
    return playthrough(golden_deal(preset), GOLDEN[preset].move_seed)


def golden_state(preset: str) -> HandState:
    """The finished golden hand of a preset."""
    return play_randomly(golden_deal(preset), GOLDEN[preset].move_seed)


def write(folder: Path = GOLDEN_DIR) -> list[Path]:
    """Write ``<preset>.txt`` for every preset into ``folder``; returns the paths written."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for preset in GOLDEN:
        path = folder / f"{preset}.txt"
        path.write_text(golden_text(preset), encoding="utf-8")
        written.append(path)
    return written


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python tests/golden_hands.py",
                                     description="Print a preset's golden playthrough, or write them all.")
    parser.add_argument("preset", nargs="?", choices=sorted(GOLDEN), help="print this preset's playthrough")
    parser.add_argument("--write", action="store_true", help="write tests/golden/<preset>.txt for every preset")
    parser.add_argument("--search", action="store_true",
                        help="find, for every preset, the first seed whose hand shows what GOLDEN asks")
    parser.add_argument("--dir", type=Path, default=GOLDEN_DIR, help="folder for --write (default: tests/golden)")
    args = parser.parse_args(argv)
    if args.search:
        for preset, g in GOLDEN.items():
            print(f"{preset}: {search(preset, g.check)}  ({g.shows})")
        return 0
    if args.write:
        for path in write(args.dir):
            print(f"wrote {path}")
        return 0
    if args.preset is None:
        parser.error("name a preset, or give --write")
    sys.stdout.write(golden_text(args.preset))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

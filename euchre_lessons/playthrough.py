"""Playthroughs: one hand played by random legal moves, written out step by step.

>>> from euchre_lessons import deal
>>> from euchre_lessons.playthrough import playthrough
>>> text = playthrough(deal("standard", seed=7), seed=1)
>>> text.splitlines()[0]
'deal: standard | dealer 0 | TD QH KH 9S KS / TC JC KD TS JS / QD AD 9H AH AS / KC AC JD TH QS | up QC | rest 9C 9D JH'

A transcript has a header (the deal in its one-line notation, the rule set, the seed of the
moves), one line per step (its number, the phase, the seat to act, the legal actions in their
text forms and in order, and the action taken) and the end of the hand (the result's
explanation and each side's points). The moves come from ``random.Random(seed)``, so a deal
and a seed always give the same transcript.

The files in ``tests/golden/`` are such transcripts, one per preset, each on a deal chosen to
show something its rules do (``GOLDEN``). After a deliberate change to the engine, write them
again with ``python -m euchre_lessons.playthrough --write`` and read the diff before committing.
"""
from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from . import rules as _rules
from .deals import Deal, deal
from .hand.state import HandState
from .table import team_name


def _said(state: HandState, *texts: str) -> bool:
    """Whether every one of ``texts`` (action kinds or whole actions) was said in the hand."""
    said = {str(a) for a in state.history} | {a.kind for a in state.history}
    return all(t in said for t in texts)


def _role(state: HandState, seat: int | None) -> int | None:
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
# what ``check`` asks for. ``tests/test_golden.py`` checks that each still does. The table is the
# kit's, not only the tests': lessons 03 and 04 step through these hands (``golden_state``).
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

GOLDEN_DIR = Path(__file__).resolve().parent.parent / "tests" / "golden"


def _seat_text(state: HandState) -> str:
    """The seat to act, and for whom when a Jambone caller names a card."""
    actor = state.describe_seat(state.to_act)
    if state.turn is not None and state.turn != state.to_act:
        return f"{actor} calls for {state.describe_seat(state.turn)}"
    return actor


def play_randomly(the_deal: Deal, seed: int | str | None) -> HandState:
    """Play a dealt hand to the end, each action drawn from ``random.Random(seed)``."""
    rng = random.Random(seed)
    state = HandState.start(the_deal)
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
    return state


def playthrough(the_deal: Deal, seed: int | str | None) -> str:
    """A hand played by random legal moves from ``random.Random(seed)``, as a text transcript."""
    rs = the_deal.rules
    rng = random.Random(seed)
    state = HandState.start(the_deal)
    lines = [f"deal: {the_deal}", f"rules: {rs.name}" + (f" ({rs.title})" if rs.title else ""),
             f"seed: {seed}", ""]
    step = 0
    while not state.is_over:
        step += 1
        legal = state.legal_actions()
        action = rng.choice(legal)
        lines.append(f"{step:>3}  {state.phase.value} | {_seat_text(state)} | "
                     f"legal: {', '.join(map(str, legal))} | takes: {action}")
        state = state.apply(action)
    result = state.result()
    n = state.players
    lines += ["", f"result: {result.explanation}",
              "tricks: " + ", ".join(f"{team_name(t, n)} {x}" for t, x in enumerate(result.tricks_by_team)),
              "points: " + ", ".join(f"{team_name(t, n)} {p}" for t, p in enumerate(result.points_by_team))]
    return "\n".join(lines) + "\n"


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


def search(preset: str, check: Callable[[HandState], bool], tries: int = 5000) -> tuple[int, int, int] | None:
    """The first ``(deal seed, dealer, move seed)`` whose hand passes ``check``: seed k deals
    with dealer k mod players and moves by seed k. None if no seed below ``tries`` does."""
    rs = _rules.load(preset)
    for k in range(tries):
        if check(play_randomly(deal(rs, seed=k, dealer=k % rs.players), k)):
            return k, k % rs.players, k
    return None


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


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m euchre_lessons.playthrough",
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

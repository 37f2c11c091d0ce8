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

The tests keep such transcripts as golden files, one per preset, each on a deal chosen to show
something its rules do: the table of those hands and the command that writes them again live
with the tests (``tests/golden_hands.py``). ``search`` finds a hand that shows a given thing.
"""
from __future__ import annotations

import random
from collections.abc import Callable

from . import rules as _rules
from .deals import Deal, deal
from .hand.state import HandState
from .table import team_name


def _seat_text(state: HandState) -> str:
    """The seat to act, and for whom when a Jambone caller names a card."""
    actor = state.describe_seat(state.to_act)
    if state.turn is not None and state.turn != state.to_act:
        return f"{actor} calls for {state.describe_seat(state.turn)}"
    return actor


def play_randomly(the_deal: Deal, seed) -> HandState:
    """Play a dealt hand to the end, each action drawn from ``random.Random(seed)``."""
    rng = random.Random(seed)
    state = HandState.start(the_deal)
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
    return state


def playthrough(the_deal: Deal, seed) -> str:
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


def search(preset: str, check: Callable[[HandState], bool], tries: int = 5000) -> tuple | None:
    """The first ``(deal seed, dealer, move seed)`` whose hand passes ``check``: seed k deals
    with dealer k mod players and moves by seed k. None if no seed below ``tries`` does."""
    rs = _rules.load(preset)
    for k in range(tries):
        if check(play_randomly(deal(rs, seed=k, dealer=k % rs.players), k)):
            return k, k % rs.players, k
    return None

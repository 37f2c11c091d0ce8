"""Reference answers to the exercises of notebooks/03_going_alone.ipynb.

Kept out of the notebooks folder (the reader's copy stays unanswered). Each answer is worked with
the kit, as a reader might: scoring an outcome, or going alone on a seeded deal and asking who
sits out. ``tests/test_lessons.py`` runs every answer through the same checker the notebook uses.

    python solutions/03_going_alone.py      # prints the checker's verdicts
"""
from __future__ import annotations

from euchre_lessons import HandState, Outcome, deal, scoring
from euchre_lessons.exercises import check
from euchre_lessons.table import seat_name

# East (seat 1) speaks first when North deals; he orders up and goes alone.
_state = HandState.start(deal("standard", seed=3, dealer=0)).apply("order up").apply("alone")

ANSWERS = {
    # Five tricks of five, alone.
    "3.1": scoring.score("standard", Outcome(5, alone=True)).makers,
    # Seven tricks of seven, alone: 2 points a trick.
    "3.2": scoring.score("modern_railroad", Outcome(7, alone=True)).makers,
    # The seat that sits out.
    "3.3": next(seat_name(s, 4) for s in range(4) if _state.sits_out(s)),
}

if __name__ == "__main__":
    for key, answer in ANSWERS.items():
        check(key, answer)

"""Reference answers to the exercises of notebooks/07_seven_handed.ipynb.

Kept out of the notebooks folder (the reader's copy stays unanswered). Each answer is worked with
the kit, as a reader might: a seeded deal counted, a chance counted with binomials, and an outcome
scored with ``scoring.score``. ``tests/test_lessons.py`` runs every answer through the same checker
the notebook uses.

    python solutions/07_seven_handed.py      # prints the checker's verdicts
"""
from __future__ import annotations

from fractions import Fraction
from math import comb

from euchre_lessons import Outcome, deal, rules, scoring
from euchre_lessons.exercises import check

_seven = rules.load("hoyle_seven_handed")
_deal = deal(_seven, seed=0)

ANSWERS = {
    # The cards in one hand of a seeded deal.
    "7.1": len(_deal.hands[0]),
    # The cards left over: the widow.
    "7.2": len(_deal.rest),
    # All 7 cards from the 40 that are not spades.
    "7.3": Fraction(comb(40, 7), comb(53, 7)),
    # Bid 5, took 6: each of the maker's side scores the bid.
    "7.4": scoring.score(_seven, Outcome(6, bid=5)).makers,
}

if __name__ == "__main__":
    for key, answer in ANSWERS.items():
        check(key, answer)

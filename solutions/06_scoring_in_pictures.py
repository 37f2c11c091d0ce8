"""Reference answers to the exercises of notebooks/06_scoring_in_pictures.ipynb.

Kept out of the notebooks folder (the reader's copy stays unanswered). Each answer is worked the way a
reader might: by scoring the outcomes with ``scoring.score``. ``tests/test_lessons.py`` runs every
answer through the same checker the notebook uses.

    python solutions/06_scoring_in_pictures.py      # prints the checker's verdicts
"""
from __future__ import annotations

from euchre_lessons import Outcome, scoring
from euchre_lessons.exercises import check

# The outcomes a maker's side can score under Foster's game with every agreement (five tricks).
FOSTER_FULL = {
    "made": Outcome(3), "march": Outcome(5), "lone march": Outcome(5, alone=True),
    "pat hand march": Outcome(5, alone=True, pat=True), "Jambone march": Outcome(5, alone=True, jambone=True),
    "Jamboree": Outcome(5, jamboree="makers"),
}

ANSWERS = {
    # 2 of 5 tricks is a euchre: the defenders' points.
    "6.1": scoring.score("standard", Outcome(2)).defenders,
    # One point per trick, no march bonus.
    "6.2": scoring.score("modern_railroad", Outcome(6)).makers,
    # The outcome with the most points to the makers.
    "6.3": max(FOSTER_FULL, key=lambda what: scoring.score("hoyle_railroad_full", FOSTER_FULL[what]).makers),
}

if __name__ == "__main__":
    for key, answer in ANSWERS.items():
        check(key, answer)

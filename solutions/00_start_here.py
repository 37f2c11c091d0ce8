"""Reference answers to the exercises of notebooks/00_start_here.ipynb.

Kept out of the notebooks folder (the reader's copy stays unanswered). Each answer is read off the
kit the way a reader might: the legal actions of the seat that is asked, and the words of a score.
``tests/test_lessons.py`` runs every answer through the same checker the notebook uses.

    python solutions/00_start_here.py      # prints the checker's verdicts
"""
from __future__ import annotations

from euchre_lessons import Outcome, scoring
from euchre_lessons.exercises import check
from euchre_lessons.teaching import Timeline

deal_0 = Timeline.from_seed("standard", 0).states[0]        # North deals, the A♣ turned up

ANSWERS = {
    # After East passes, South (the dealer's partner) may say: assist | pass.
    "0.1": deal_0.apply("pass").legal_actions()[0].kind,
    # After three passes, North (the dealer) may say: take up | pass.
    "0.2": deal_0.apply("pass").apply("pass").apply("pass").legal_actions()[0].kind,
    # "The makers took 5 of 5 tricks: a march, 2 points."
    "0.3": str(scoring.score("standard", Outcome(5))).split(": a ")[1].split(",")[0],
}

if __name__ == "__main__":
    for key, answer in ANSWERS.items():
        check(key, answer)

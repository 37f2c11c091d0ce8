"""Reference answers to the exercises of notebooks/08_play_against_the_computer.ipynb.

Kept out of the notebooks folder (the reader's copy stays unanswered). Each answer is worked the way
a reader might: play the hand of ``PlaySession("standard", human=0, seed=26)`` as the lesson does,
ask the hint for its suggestion, and count the rows of the review. ``tests/test_lessons.py`` runs
every answer through the same checker the notebook uses.

    python solutions/08_play_against_the_computer.py      # prints the checker's verdicts
"""
from __future__ import annotations

from euchre_lessons import PlaySession
from euchre_lessons.exercises import check

# The lesson's hand: North (seat 0) deals; the three others pass, so North may take up the J♣.
session = PlaySession("standard", human=0, seed=26).play("take up")
alone_or_not = session.hint(2).action                     # 8.1: the suggestion at "going alone"

session = session.play("alone").play("discard 9D")         # East leads the A♥
trump_card = session.hint(2).action.card                  # 8.2: the suggested card

session = session.play("AS")                               # the poor card of the lesson, on purpose
while not session.is_over:                                 # the rest as the hint suggests
    session = session.play(session.hint(2).action)
graded = len(session.review().rows)                       # 8.3: one row per decision graded

ANSWERS = {
    "8.1": str(alone_or_not),          # "alone"
    "8.2": str(trump_card),            # "TC", the 10 of clubs: the lowest trump takes the trick
    "8.3": graded,                     # 7: eight turns, the last card forced
}

if __name__ == "__main__":
    for key, answer in ANSWERS.items():
        check(key, answer)

"""Reference answers to the exercises of notebooks/02_a_deal_step_by_step.ipynb.

Kept out of the notebooks folder (the reader's copy stays unanswered). Each answer is read off the
hand the lesson follows (deal 20 of the standard game, played by the rule-of-thumb players), the
way a reader might: the first trick's winner, and the hand's points. ``tests/test_lessons.py`` runs
every answer through the same checker the notebook uses.

    python solutions/02_a_deal_step_by_step.py      # prints the checker's verdicts
"""
from __future__ import annotations

from euchre_lessons.exercises import check
from euchre_lessons.table import seat_name
from euchre_lessons.teaching import Timeline

hand = Timeline.from_seed("standard", 20).final

ANSWERS = {
    # East A♠, South J♠ (the right bower), West Q♣, North 9♠.
    "2.1": seat_name(hand.tricks[0].winner, 4),
    # The makers took 2 tricks: a euchre, 2 to the defenders (North-South, team 0).
    "2.2": hand.result().points_by_team[0],
}

if __name__ == "__main__":
    for key, answer in ANSWERS.items():
        check(key, answer)

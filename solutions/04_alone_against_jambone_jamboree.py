"""Reference answers to the exercises of notebooks/04_alone_against_jambone_jamboree.ipynb.

Kept out of the notebooks folder (the reader's copy stays unanswered). Each answer is worked with
the kit, as a reader might: scoring an outcome with ``scoring.score``, and ranking the 33 cards
with spades trump to take the five highest. ``tests/test_lessons.py`` runs every answer through
the same checker the notebook uses.

    python solutions/04_alone_against_jambone_jamboree.py      # prints the checker's verdicts
"""
from __future__ import annotations

from euchre_lessons import Outcome, rules, scoring
from euchre_lessons.cards import CARDS, Suit, mask_of
from euchre_lessons.exercises import check
from euchre_lessons.ranking import ranking

_pack = rules.load("modern_railroad").cards

ANSWERS = {
    # The lone maker took 2 of 7 against a lone defender, who took the other 5.
    "4.1": scoring.score("modern_railroad", Outcome(2, alone=True, defended_alone=True)).defenders,
    # A Jambone that takes all seven tricks.
    "4.2": scoring.score("modern_railroad", Outcome(7, alone=True, jambone=True)).makers,
    # The five highest trumps of the pack with spades trump.
    "4.3": " ".join(str(CARDS[i]) for i in ranking(Suit.SPADES).top_trumps(mask_of(_pack))),
}

if __name__ == "__main__":
    for key, answer in ANSWERS.items():
        check(key, answer)

"""Reference answers to the exercises of notebooks/05_historical_vs_modern.ipynb.

Kept out of the notebooks folder (the reader's copy stays unanswered). Each answer is worked the way a
reader might: with the rule sets themselves, ``rules.load`` and ``rules.diff``. ``tests/test_lessons.py``
runs every answer through the same checker the notebook uses.

    python solutions/05_historical_vs_modern.py      # prints the checker's verdicts
"""
from __future__ import annotations

from euchre_lessons import rules
from euchre_lessons.exercises import check

FOSTER, MODERN = rules.load("hoyle_railroad"), rules.load("modern_railroad")
DIFF = rules.diff("hoyle_railroad", "modern_railroad")

ANSWERS = {
    # Seven cards each against five.
    "5.1": MODERN.hand_size - FOSTER.hand_size,
    # The one knob whose modern value is a hand with no trump.
    "5.2": DIFF.loc[DIFF["modern_railroad"] == "no_trump_hand", "knob"].item(),
}

if __name__ == "__main__":
    for key, answer in ANSWERS.items():
        check(key, answer)

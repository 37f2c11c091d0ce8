"""Reference answers to the exercises of notebooks/09_probability_lab.ipynb.

Kept out of the notebooks folder (the reader's copy stays unanswered). Each answer is worked the way
a reader might: most by counting hands with binomials, some with the kit's ``exact``, which
counts the same hands for you. ``tests/test_exercises.py`` runs every answer through the same
checker the notebook uses.

    python solutions/09_probability_lab.py      # prints the checker's verdicts
"""
from __future__ import annotations

from fractions import Fraction
from math import comb

from euchre_lessons.events import right_bower, trumps_at_least
from euchre_lessons.exercises import check
from euchre_lessons.probability import exact

C = comb
MY_HAND, UPCARD = "JK JD AH 9H 7C AS KS", "TH"          # 9.12 and 9.13
FOSTER_HAND, FOSTER_UPCARD = "JK AH KH 9S TC", "9H"      # 9.14

ANSWERS = {
    # Foster: 25 cards, 5 in the hand; the hands with the Joker choose their other 4 from 24.
    "9.1": Fraction(C(24, 4), C(25, 5)),
    # Modern: 33 cards, 7 in the hand.
    "9.2": Fraction(C(32, 6), C(33, 7)),
    # The turn-up is one card of the pack, each equally likely.
    "9.3": Fraction(1, 25),
    "9.4": Fraction(1, 33),
    # The dealer's 5 cards and the turn-up: 6 places of 25 for the Joker.
    "9.5": Fraction(6, 25),
    # Four pat Jamborees (one per suit), each one exact hand of C(25, 5).
    "9.6": Fraction(4, C(25, 5)),
    # Standard, hearts trump: 7 trumps (six hearts and JD) among 24 cards.
    "9.7": Fraction(sum(C(7, j) * C(17, 5 - j) for j in range(3, 6)), C(24, 5)),
    # Modern, hearts trump: 10 trumps (eight hearts, JD, the Joker) among 33 cards.
    "9.8": Fraction(sum(C(10, j) * C(23, 7 - j) for j in range(3, 8)), C(33, 7)),
    # Hoyle's 32 cards, hearts trump: 9 trumps (eight hearts and JD); 23 other cards.
    "9.9": Fraction(C(23, 5), C(32, 5)),
    # Both jacks fixed; the other cards from the rest of the pack.
    "9.10": Fraction(C(22, 3), C(24, 5)),
    "9.11": Fraction(C(31, 5), C(33, 7)),
    # What I see (7 cards and the upcard) is known; partner's 7 come from the other 25.
    "9.12": exact("modern_railroad", right_bower("hearts"), known=f"{MY_HAND} {UPCARD}"),
    "9.13": exact("modern_railroad", trumps_at_least(2, "hearts"), known=f"{MY_HAND} {UPCARD}"),
    # Unseen hearts trumps: JH JD QH TH, 4 of the 19 unseen cards.
    "9.14": Fraction(C(15, 5), C(19, 5)),
    # Seven-handed: 53 cards, 7 each.
    "9.15": Fraction(7, 53),
    # The red Jamborees share the Joker and both red jacks.
    "9.16": "KD AD JD KH AH JH JK",
    # One red hand, one black hand.
    "9.17": 2,
    "9.18": Fraction(2, C(33, 7)),
    # Inclusion and exclusion: 4 suits of C(28, 2) hands, less the 2 hands counted twice.
    "9.19": Fraction(4 * C(28, 2) - 2, C(33, 7)),
}

if __name__ == "__main__":
    for key, answer in ANSWERS.items():
        check(key, answer)

"""Reference answers to the exercises of notebooks/01_cards_and_trumps.ipynb.

Kept out of the notebooks folder (the reader's copy stays unanswered). Each answer is worked the way
a reader might: by counting the cards of the pack that belong to the trump suit, with the kit's
``ranking`` and ``effective_suit``. ``tests/test_lessons.py`` runs every answer through the same
checker the notebook uses.

    python solutions/01_cards_and_trumps.py      # prints the checker's verdicts
"""
from __future__ import annotations

from euchre_lessons import Card, Suit, rules
from euchre_lessons.exercises import check
from euchre_lessons.ranking import effective_suit


def trumps(preset, suit):
    """The cards of a preset's pack whose effective suit is the trump (the bowers and the Joker too)."""
    trump = Suit.parse(suit)
    return [card for card in rules.load(preset).cards if effective_suit(card, trump) == trump]


ANSWERS = {
    # Eight hearts (7 to A), the J♦ and the Joker.
    "1.1": len(trumps("modern_railroad", "hearts")),
    # Six spades (9 to A), the J♣ and the Joker.
    "1.2": " ".join(str(card) for card in trumps("hoyle_railroad", "spades")),
    # The left bower belongs to the trump suit.
    "1.3": effective_suit(Card("JD"), Suit.HEARTS).word,
}

if __name__ == "__main__":
    for key, answer in ANSWERS.items():
        check(key, answer)

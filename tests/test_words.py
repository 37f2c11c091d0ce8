"""Cards and actions in words: the one door for everything a learner reads."""
import pytest

from euchre_lessons.actions import Action
from euchre_lessons.cards import Card
from euchre_lessons.words import action_words, card_words, cards_words


@pytest.mark.parametrize("code, words", [("TS", "the 10♠"), ("JH", "the J♥"), ("JK", "the Joker"), ("9C", "the 9♣")])
def test_card_words(code, words):
    assert card_words(Card.parse(code)) == words


@pytest.mark.parametrize("text, words", [
    ("play JK", "play the Joker"), ("discard 7S", "discard the 7♠"), ("give AD", "give the A♦"),
    ("call QH", "call the Q♥"), ("make hearts", "make hearts trump"), ("make no trump", "make it a no-trump hand"),
    ("order up", "order up"), ("alone no exchange", "alone no exchange"), ("bid 5", "bid 5"),
])
def test_action_words_name_no_codes(text, words):
    assert action_words(Action.parse(text)) == words


def test_cards_words_joins_in_prose():
    assert cards_words([]) == "no card"
    assert cards_words([Card.parse("JH")]) == "the J♥"
    assert cards_words([Card.parse(c) for c in ("JH", "AS", "JK")]) == "the J♥, the A♠ and the Joker"

"""The exercises of lesson 01, cards and trumps: the trumps of a pack, and the left bower's suit."""
from .core import exercise as _x

EXERCISES = [
    _x("1.1", "Hearts trumps in the modern 33-card pack", "number", 10,
       "count the hearts of the 33-card pack (seven up to the ace: 8 cards), then add the left bower "
       "(the jack of the other red suit) and the Joker.", rules="modern_railroad"),
    _x("1.2", "The trumps of Foster's pack when spades are trump", "cards",
       {"JK", "JS", "JC", "AS", "KS", "QS", "TS", "9S"},
       "the 25-card pack has six spades (nine to ace); with spades trump the jack of clubs, the other "
       "black jack, is a trump too, and so is the Joker: 8 cards.", rules="hoyle_railroad"),
    _x("1.3", "The suit the J♦ follows when hearts are trump", "word",
       ("hearts", "heart", "trumps", "trump", "♥", "h"),
       "with hearts trump the J♦ is the left bower: it belongs to the trump suit, whatever its print says.",
       rules="standard"),
]

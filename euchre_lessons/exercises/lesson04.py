"""The exercises of lesson 04, alone against a lone hand, Jambone and Jamboree: their scores and cards."""
from .core import exercise as _x

EXERCISES = [
    _x("4.1", "A lone defender's triple (modern)", "number", 15,
       "the lone defender took the other 5 of the 7 tricks, and a lone defender who beats a lone hand "
       "scores 3 per trick (rule book D11, D-17).", rules="modern_railroad"),
    _x("4.2", "A Jambone march (modern)", "number", 28,
       "the modern page scores a Jambone that takes every trick as 7 x 4 (rule book D11).",
       rules="modern_railroad"),
    _x("4.3", "A Jamboree in spades (33 cards)", "cards", {"JK", "JS", "JC", "AS", "KS"},
       "the five highest trumps: the Joker, the right bower (the jack of trumps), the left bower (the "
       "other jack of the same colour), then the ace and king of trumps (rule book D12, D-20).",
       rules="modern_railroad"),
]

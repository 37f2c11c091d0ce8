"""The exercises of lesson 05, Foster's Railroad Euchre against the modern game: the cards each hand
gains, and the knob behind the modern no-trump hand."""
from .core import exercise as _x

EXERCISES = [
    _x("5.1", "More cards in the modern hand", "number", 2,
       "compare the hand sizes: Foster deals five cards each, the modern game seven "
       "(rules.load(name).hand_size).", rules="modern_railroad"),
    _x("5.2", "The knob of the no-trump Joker", "word",
       ("joker_turnup_rule", "joker turnup rule", "joker_turnup_rule = no_trump_hand",
        "joker_turnup_rule=no_trump_hand"),
       "look in rules.diff('hoyle_railroad', 'modern_railroad') for the knob whose modern value is "
       "no_trump_hand: it says what a turned-up Joker proposes.", rules="modern_railroad"),
]

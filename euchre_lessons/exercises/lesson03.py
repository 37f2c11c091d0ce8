"""The exercises of lesson 03, going alone and partner's best: what a lone march scores, who sits out."""
from .core import exercise as _x

EXERCISES = [
    _x("3.1", "A lone march in standard", "number", 4,
       "a march with a partner scores 2 (rule book A7); alone it is worth twice as much.", rules="standard"),
    _x("3.2", "A lone march in modern Railroad", "number", 14,
       "the modern game scores a point per trick, doubled for a lone hand (rule book D11): seven tricks alone.",
       rules="modern_railroad"),
    _x("3.3", "Who sits out?", "word", ("west", "seat 3", "west (seat 3)"),
       "the player who sits out is the lone player's partner, sitting opposite him: seats 0 and 2 are "
       "partners, and so are seats 1 and 3.", rules="standard"),
]

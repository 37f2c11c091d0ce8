"""The exercises of lesson 02, a deal step by step: who wins a trick, and what a hand scores."""
from .core import exercise as _x

EXERCISES = [
    _x("2.1", "Who wins the first trick? (spades trump: A♠, J♠, Q♣, 9♠)", "word", ("South", "S", "seat 2"),
       "with spades trump the J♠ is the right bower, the best trump of the 24-card pack, above the ace. "
       "Who played it?", rules="standard"),
    _x("2.2", "The points of a euchre (standard)", "number", 2,
       "the makers needed three tricks and took fewer: they are euchred, and the defenders score. "
       "Look for 'euchre' in the table of points of the standard game (rule book A7).", rules="standard"),
]

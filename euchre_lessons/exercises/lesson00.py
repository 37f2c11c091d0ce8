"""The exercises of lesson 00, start here: the words of the game, said at the table."""
from .core import exercise as _x

EXERCISES = [
    _x("0.1", "The dealer's partner says yes to the turn-up", "word", ("assist", "assists", "assisting", "an assist"),
       "the dealer's partner does not 'order up' his own partner: he helps him. Look for the word in the "
       "table of the words of the game, or at South's choices after East passes.", rules="standard"),
    _x("0.2", "The dealer accepts the turn-up himself", "word",
       ("take up", "take it up", "takes up", "takes it up", "pick up", "pick it up"),
       "the dealer takes the card into his own hand: two words, the second is 'up'.", rules="standard"),
    _x("0.3", "The makers take every trick", "word", ("march", "a march", "marched"),
       "it is worth 2 points in the standard game; score Outcome(5) with the kit to see its name.",
       rules="standard"),
]

"""The exercises of lesson 07, Seven-Handed Euchre (reconstructed): the deal, a void suit, scoring by the bid."""
from fractions import Fraction

from .core import exercise as _x

EXERCISES = [
    _x("7.1", "Cards in each hand (seven-handed)", "number", 7,
       "the seven players share 53 cards, with a few left over: the largest hand that leaves some over "
       "(rule book C).", rules="hoyle_seven_handed"),
    _x("7.2", "Cards in the widow (seven-handed)", "number", 4,
       "53 cards, less seven hands of seven.", rules="hoyle_seven_handed"),
    _x("7.3", "No spade at all (seven-handed)", "chance", Fraction(2109, 17437),
       "13 of the 53 cards are spades; all 7 of yours must come from the other 40: C(40, 7) / C(53, 7).",
       rules="hoyle_seven_handed", event='void_in("spades")'),
    _x("7.4", "A partner's points, one trick over the bid (seven-handed)", "number", 5,
       "each player of the winning side scores the bid, and tricks beyond it add nothing (rule book C).",
       rules="hoyle_seven_handed"),
]

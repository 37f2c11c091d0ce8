"""The exercises of lesson 06, scoring outcomes in pictures: a euchre, six of seven tricks, and the
biggest score of Foster's game with every agreement."""
from .core import exercise as _x

EXERCISES = [
    _x("6.1", "A euchre in the standard game", "number", 2,
       "the makers took fewer than 3 of the 5 tricks, so they are euchred: how many points does a euchre "
       "give the defenders in the standard game? (scoring.score('standard', Outcome(2)))", rules="standard"),
    _x("6.2", "Six of seven tricks (modern)", "number", 6,
       "the modern game scores one point per trick the makers take, with no march bonus.",
       rules="modern_railroad"),
    _x("6.3", "The biggest score under hoyle_railroad_full", "word",
       ("Jamboree", "a Jamboree", "the Jamboree", "Jamboree (5 tricks)"),
       "compare a lone march (4), a pat hand march (5) and a Jambone march (8) with the five highest "
       "trumps shown by the maker.", rules="hoyle_railroad_full"),
]

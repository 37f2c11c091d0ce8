"""The exercises of lesson 08, playing against the computer: predict what the hint suggests, and
how many decisions the review grades, in the hand of ``PlaySession("standard", human=0, seed=26)``."""
from .core import exercise as _x

EXERCISES = [
    _x("8.1", "Alone or with partner? (seed 26)", "word", ("alone", "go alone", "play alone"),
       "you take up the J♣, so clubs are trump: count your trumps with both bowers (J♣ and J♠) and the 10♣, "
       "add the A♠, and ask whether a lone march (4 points) is within reach without your partner.",
       rules="standard"),
    _x("8.2", "East leads the ace of hearts (seed 26)", "cards", {"TC"},
       "you hold no heart, so you may trump: which trump takes the trick and keeps both bowers for later? "
       "Write the card as text, such as 'JS'.", rules="standard"),
    _x("8.3", "How many decisions does the review grade? (seed 26)", "number", 7,
       "count North's turns from the first bid to the last card, then leave out any turn that offered only "
       "one legal choice: a forced card is not a decision.", rules="standard"),
]

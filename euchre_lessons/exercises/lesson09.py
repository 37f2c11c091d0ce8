"""The exercises of lesson 09, the probability lab: chances as fractions, counted and checked."""
from fractions import Fraction

from .core import exercise as _x

_MINE = "JK JD AH 9H 7C AS KS"
_FOSTER_MINE = "JK AH KH 9S TC"
EXERCISES = [
    _x("9.1", "Holding the Joker (Foster's Railroad)", "chance", Fraction(1, 5),
       "each of the 25 cards is equally likely to be among your 5: count the hands with the Joker, "
       "C(24, 4), over all hands, C(25, 5).", rules="hoyle_railroad", event="holds_joker"),
    _x("9.2", "Holding the Joker (modern, 33 cards)", "chance", Fraction(7, 33),
       "your hand is 7 of the 33 cards: C(32, 6) / C(33, 7).", rules="modern_railroad", event="holds_joker"),
    _x("9.3", "The Joker turned up (Foster's Railroad)", "chance", Fraction(1, 25),
       "the turn-up is one card, and each of the 25 is as likely as any other.",
       rules="hoyle_railroad", event="upcard_is_joker"),
    _x("9.4", "A no-trump hand: the Joker turned up (modern)", "chance", Fraction(1, 33),
       "the turn-up is one of 33 equally likely cards.", rules="modern_railroad", event="upcard_is_joker"),
    _x("9.5", "The Joker with the dealer, in hand or turned up (Foster)", "chance", Fraction(6, 25),
       "the dealer's 5 cards and the turn-up are 6 of the 25 cards, each equally likely to be the Joker.",
       rules="hoyle_railroad", event="dealer(holds_joker) | upcard_is_joker"),
    _x("9.6", "A pat Jamboree (Foster, with the agreements)", "chance", Fraction(2, 26565),
       "a pat Jamboree is a 5-card hand that is exactly Joker, right, left, ace, king of one suit: "
       "how many such hands are there, out of C(25, 5)?", rules="hoyle_railroad_full", event="jamboree_in_any_suit"),
    _x("9.7", "Three or more trumps (standard, hearts)", "chance", Fraction(32, 253),
       "hearts trumps are the six hearts and the jack of diamonds (7 cards); add C(7, j) C(17, 5 - j) "
       "for j = 3, 4, 5 and divide by C(24, 5).", rules="standard", event='trumps_at_least(3, "hearts")'),
    _x("9.8", "Three or more trumps (modern, hearts)", "chance", Fraction(949, 2697),
       "hearts trumps in the 33-card pack: eight hearts, the jack of diamonds and the Joker (10 cards); "
       "sum C(10, j) C(23, 7 - j) for j = 3 to 7 over C(33, 7).", rules="modern_railroad",
       event='trumps_at_least(3, "hearts")'),
    _x("9.9", "No trumps at all (Hoyle's 32-card game, hearts)", "chance", Fraction(4807, 28768),
       "with hearts trump, 9 of the 32 cards are trumps (the left bower too): all 5 cards from the other 23.",
       rules="hoyle_ordinary", event='no_trumps("hearts")'),
    _x("9.10", "Both bowers (standard, hearts)", "chance", Fraction(5, 138),
       "fix JH and JD in the hand; the other 3 cards come from the remaining 22.", rules="standard",
       event='both_bowers("hearts")'),
    _x("9.11", "Both bowers (modern, hearts)", "chance", Fraction(7, 176),
       "fix both jacks; the other 5 of your 7 cards come from the remaining 31.", rules="modern_railroad",
       event='both_bowers("hearts")'),
    _x("9.12", "Does my partner hold the right bower? (modern)", "chance", Fraction(7, 25),
       "you have seen 8 cards (your 7 and the upcard); JH is one of the 25 you have not seen, and your "
       "partner holds 7 of those 25.", rules="modern_railroad", event='right_bower("hearts")',
       known=_MINE + " TH"),
    _x("9.13", "Two or more trumps with my partner (modern)", "chance", Fraction(551, 1265),
       "count the hearts trumps you cannot see (JH KH QH 8H 7H: 5 of the 25 unseen cards); take the "
       "chance of 0 or 1 of them from 1.", rules="modern_railroad", event='trumps_at_least(2, "hearts")',
       known=_MINE + " TH"),
    _x("9.14", "My partner holds no trump (Foster)", "chance", Fraction(1001, 3876),
       "hearts trumps you cannot see: JH JD QH TH (4 of the 19 unseen cards); all 5 of partner's cards "
       "must come from the other 15.", rules="hoyle_railroad", event='no_trumps("hearts")',
       known=_FOSTER_MINE + " 9H"),
    _x("9.15", "Holding the Joker (Seven-Handed Euchre)", "chance", Fraction(7, 53),
       "53 cards, 7 in your hand.", rules="hoyle_seven_handed", event="holds_joker"),
    _x("9.16", "Seven cards, two Jamborees", "cards", None,
       "two Jamborees share the Joker and, in suits of one colour, both jacks: the right bower of one "
       "suit is the left bower of the other.", rules="modern_railroad", accept="two_jamborees"),
    _x("9.17", "How many hands hold two Jamborees? (modern)", "number", 2,
       "a hand with two Jamborees is 7 cards, all fixed once you choose the two suits: which pairs of "
       "suits can share the Joker and both bowers?", rules="modern_railroad"),
    _x("9.18", "The chance of two Jamborees at once (modern)", "chance", Fraction(1, 2136024),
       "how many 7-card hands hold two Jamborees (one per colour)? Divide by C(33, 7) = 4,272,048.",
       rules="modern_railroad", event="two_jamborees"),
    _x("9.19", "A Jamboree in some suit (modern)", "chance", Fraction(755, 2136024),
       "one suit: C(28, 2) hands. Four suits: 4 C(28, 2), but a hand with two Jamborees is then counted "
       "twice: subtract those.", rules="modern_railroad", event="jamboree_in_any_suit"),
]

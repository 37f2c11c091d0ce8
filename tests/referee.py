"""A referee written from the rule book, independent of the engine's ranking: which cards may be
played to a trick and who wins it.

Cards and suits are plain strings (``"JH"``, ``"JK"``; trump ``"H"``, or ``"N"`` for no trump).
The order is the same in modern Railroad (rule book D2, D10, D-16) and seven-handed (C): the
Joker, the right bower, the left bower, then the rest of the trump suit A K Q 10 ... down; at no
trump the Joker is a one-card trump suit and the Jacks rank in their own suits. A seven-handed
hand always has a trump suit.
"""
from __future__ import annotations

SAME_COLOUR = {"C": "S", "S": "C", "D": "H", "H": "D"}
RANKS = "23456789TJQKA"


def eff(card: str, trump: str) -> str:
    """The suit a card follows: ``T`` for a trump (the Joker always; the bowers with a suit trump)."""
    if card == "JK":
        return "T"
    if trump != "N" and card[0] == "J" and card[1] == SAME_COLOUR[trump]:
        return "T"
    return "T" if card[1] == trump else card[1]


def strength(card: str, trump: str, led: str) -> int:
    e = eff(card, trump)
    if e == "T":
        if card == "JK":
            return 300
        if trump != "N" and card[0] == "J":
            return 290 if card[1] == trump else 280
        return 200 + RANKS.index(card[0])
    return 100 + RANKS.index(card[0]) if e == led else 0


def trick_winner(plays, trump: str) -> int:
    """The seat that wins ``plays`` (``(seat, card)`` in the order played)."""
    led = eff(plays[0][1], trump)
    return max(plays, key=lambda p: strength(p[1], trump, led))[0]


def may_play(hand, trick, trump: str, joker_any_time: bool = False) -> set:
    """D9 and D-16: follow the suit led if able (the Joker at no trump only when void)."""
    if not trick:
        return set(hand)
    led = eff(trick[0], trump)
    same = {c for c in hand if eff(c, trump) == led}
    if not same:
        return set(hand)
    if joker_any_time and trump == "N" and "JK" in hand:
        same.add("JK")
    return same


# ---- what a card does to a trick, and its name (for the narration referee) ----------------

def role(card: str, trump: str) -> str:
    """The role the rule book gives a card under ``trump``: ``right bower``, ``left bower``,
    ``highest trump`` (the Joker with a trump suit), ``only trump`` (the Joker at no trump), or ``""``."""
    if card == "JK":
        return "only trump" if trump == "N" else "highest trump"
    if trump != "N" and card[0] == "J":
        if card[1] == trump:
            return "right bower"
        if card[1] == SAME_COLOUR[trump]:
            return "left bower"
    return ""


def top_trump(plays, trump: str):
    """The ``(seat, card)`` of the highest trump among ``plays``, or None."""
    trumps = [p for p in plays if eff(p[1], trump) == "T"]
    return max(trumps, key=lambda p: strength(p[1], trump, "T")) if trumps else None


def what_it_does(plays, card: str, trump: str) -> str:
    """What ``card`` does played to ``plays`` (the trick so far): ``leads``, ``follows``,
    ``throws off``, ``trumps`` (the first trump on a plain lead), ``overtrumps`` (above a trump
    already there) or ``undertrumps`` (below one: it cannot win)."""
    if not plays:
        return "leads"
    led, mine = eff(plays[0][1], trump), eff(card, trump)
    if mine == led:
        return "follows"
    if mine != "T":
        return "throws off"
    top = top_trump(plays, trump)
    if top is None:
        return "trumps"
    return "overtrumps" if strength(card, trump, "T") > strength(top[1], trump, "T") else "undertrumps"


def best_card(hand, trump: str, tiebreak: str = "CDHS") -> str:
    """Partner's best under the fixed rule (B-1): the highest trump held, else the highest card
    by rank (A K Q J 10 9 ...), equal ranks to the later suit of ``tiebreak``."""
    trumps = [c for c in hand if eff(c, trump) == "T"]
    if trumps:
        return max(trumps, key=lambda c: strength(c, trump, "T"))
    return max(hand, key=lambda c: (RANKS.index(c[0]), tiebreak.index(c[1])))


# ---- the kit's words read back to these strings (for the referees of sentences) ----------------

SUIT_OF_SYMBOL = {"♣": "C", "♦": "D", "♥": "H", "♠": "S"}
SUIT_WORD = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
SYMBOL = {v: k for k, v in SUIT_OF_SYMBOL.items()}
CARD = r"(?:Joker|(?:10|[2-9JQKA])[♣♦♥♠])"  # a card as a sentence writes it, without its "the"
# a trump in a list, its role in brackets: "the J♦ (the left bower)" (hints, reasons)
LISTED_TRUMP = rf"the ({CARD})(?: \(the ([a-z ]+)\))?"


def code(words: str) -> str:
    """``the J♥`` (or ``J♥``, ``Joker``, ``the J♥, the right bower``) to ``JH``."""
    words = words.removeprefix("the ").split(",")[0]
    if words == "Joker":
        return "JK"
    rank = "T" if words[:-1] == "10" else words[:-1]
    return rank + SUIT_OF_SYMBOL[words[-1]]


def words(card: str) -> str:
    """``JH`` to ``the J♥``, as a learner reads it."""
    if card == "JK":
        return "the Joker"
    return f"the {'10' if card[0] == 'T' else card[0]}{SYMBOL[card[1]]}"


def letter(trump) -> str:
    """The kit's trump (a ``Suit``) as these functions write it: ``H``, or ``N`` for no trump."""
    return "N" if trump.name == "NO_TRUMP" else trump.name[0]

"""Hints as a ladder: ``hint(state, seat, level)``.

* Level 1 says what to think about: the suit to follow and who is winning the trick, the
  turn-up and the trumps the seat would hold, what going alone or defending alone is worth.
* Level 2 names the suggested action and why: the best by the level-3 numbers.
* Level 3 gives the numbers: in play the value of every legal card, from layouts that fit
  what the seat has seen, each solved double-dummy (``knowing``), or with ``show_all`` the
  actual layout solved; before play the expected points of each legal action, from dealing
  the unseen cards consistently and playing the hand out (``worlds``), with standard errors.

Values are remembered per state, so the three levels and the review cost one computation.
"""
from __future__ import annotations

from functools import lru_cache
from html import escape
from typing import NamedTuple

from ..cards import Suit
from ..errors import SolverError
from ..hand.phases import Phase
from ..ranking import ranking
from ..table import partner, seat_name
from .knowing import SAMPLES, card_values
from .narrate import card_words
from .worlds import playout_values

MAX_SOLVED = 28        # cards still in play beyond which a hand is valued by playouts, not solved
PLAYOUTS = 100         # worlds played out per bidding decision


class Hint(NamedTuple):
    """One rung of the ladder: ``level`` 1-3, ``text`` in words, the suggested ``action``
    (levels 2 and 3) and the ``values`` behind it (level 3)."""

    level: int
    text: str
    action: object = None
    values: object = None

    def __str__(self) -> str:
        return self.text if self.values is None or self.level < 3 else f"{self.text}\n{self.values}"

    def _repr_html_(self) -> str:
        body = f"<p><b>Hint {self.level}.</b> {escape(self.text)}</p>"
        if self.values is not None and self.level >= 3:
            body += "<pre>" + escape(str(self.values)) + "</pre>"
        return body


@lru_cache(maxsize=256)
def values(state, seat: int, show_all: bool = False, seed=0):
    """The level-3 numbers of ``seat``'s decision in ``state`` (see the module docstring)."""
    if state.phase is Phase.PLAY:
        cards_left = sum(state.hand_mask(s).bit_count() for s in state.active_seats)
        if cards_left <= MAX_SOLVED or show_all:
            try:
                return card_values(state, seat, SAMPLES, seed, show_all)
            except SolverError:
                pass  # three sides in play: no single perfect defence to solve for
    return playout_values(state, seat, PLAYOUTS, seed)


def hint(state, seat: int | None = None, level: int = 1, show_all: bool = False, seed=0) -> Hint:
    """Rung ``level`` (1, 2 or 3) of the hint ladder for ``seat`` (default: the seat to act)."""
    seat = state.to_act if seat is None else seat
    if level not in (1, 2, 3):
        raise ValueError(f"hint level {level!r}: the ladder has levels 1 (what to think about), "
                         "2 (the suggested action) and 3 (the numbers)")
    if state.is_over or state.to_act != seat:
        raise ValueError(f"no decision to hint at: {'the hand is over' if state.is_over else 'another seat is to act'}")
    if level == 1:
        text = think_about(state, seat)
        return Hint(1, text[0].upper() + text[1:])
    v = values(state, seat, show_all, seed)
    best = v.best
    text = suggestion(state, seat, v)
    return Hint(level, text, best.action, v if level == 3 else None)


# ---- level 2: the suggestion and why --------------------------------------------------------

def suggestion(state, seat: int, v) -> str:
    best = v.values[0]
    words = _action_words(state, best.action)
    if len(v.values) == 1:
        return f"{words}: it is the only legal choice."
    second = v.values[1]
    gap_points = best.points - second.points
    gap_tricks = best.tricks - second.tricks
    size = state.rules.hand_size
    if state.phase is Phase.PLAY:
        text = (f"{words}. Your side takes {best.tricks:.1f} of {size} tricks on average with it "
                f"({best.points:+.2f} points) against {second.tricks:.1f} ({second.points:+.2f}) with "
                f"{card_words(second.action.card)}, the next best")
    else:
        text = (f"{words}. It is worth {best.points:+.2f} points to your side on average against "
                f"{second.points:+.2f} for '{second.action}', the next best")
    if abs(gap_points) < 1e-9 and abs(gap_tricks) < 1e-9:
        text += "; the two are worth the same here, so either will do"
    elif not v.exact and gap_points < 2 * max(best.points_se, second.points_se):
        text += "; the difference is within the sampling error, so it is close"
    return text + f" ({v.how()})."


def _action_words(state, action) -> str:
    kind = action.kind
    if kind == "play":
        return f"Play {card_words(action.card)}"
    if kind == "call":
        return f"Call {card_words(action.card)} from the Jambone hand"
    if kind in ("discard", "give"):
        return f"{kind.capitalize()} {card_words(action.card)}"
    return f"Say '{action}'"


# ---- level 1: what to think about -------------------------------------------------------------

def think_about(state, seat: int) -> str:
    phase = state.phase
    if phase is Phase.PLAY:
        return _think_play(state, seat)
    if phase in (Phase.ROUND1, Phase.BLIND):
        return _think_round1(state, seat)
    if phase is Phase.ROUND2:
        return _think_round2(state, seat)
    if phase in (Phase.ALONE, Phase.TAKE_OVER):
        return _think_alone(state, seat)
    if phase is Phase.DEFEND:
        return (f"{seat_name(state.maker, state.players)} plays alone. Defending alone scores more if you "
                f"euchre the lone hand, and costs more if you fail; count your trumps and sure tricks: "
                f"{_trump_count(state, seat, state.setup.trump)}.")
    if phase in (Phase.DISCARD, Phase.WIDOW):
        return ("Keep your trumps and your aces; throw a card that leaves you void in a suit, so you can "
                f"trump it later. {_trump_count(state, seat, state.setup.trump)}.")
    if phase in (Phase.GIVE, Phase.BEST):
        if phase is Phase.BEST:
            return "Your partner plays alone and takes one card from you: give the card that helps the lone hand most."
        return "You take your partner's best card: give away the card you need least, a low card of a short suit."
    if phase is Phase.JAMBONE:
        return ("A Jambone lays your hand face up and lets the opponents choose your cards: it scores far more, "
                "but only a hand that wins whatever they call can risk it.")
    if phase is Phase.JAMBOREE:
        return "Showing the five highest trumps scores the Jamboree at once; weigh it against playing the hand out."
    if phase is Phase.AUCTION:
        return (f"Each bid promises that many tricks with three partners of your choice. "
                f"{_best_suit_words(state, seat)}")
    if phase is Phase.TRUMP:
        return f"Name the suit in which you are longest and strongest. {_best_suit_words(state, seat)}"
    if phase is Phase.PARTNERS:
        return "Partners join your side for the hand; choose seats that will help you take the tricks you bid."
    return "Think about what each choice leads to."


def _trumps(state, seat: int, trump: int) -> list:
    rank = ranking(trump, state.rules.trump_order)
    mask = state.hand_mask(seat)
    return [i for i in rank.trump_ids if mask >> i & 1]


def _trump_count(state, seat: int, trump: int | None) -> str:
    if trump is None:
        return ""
    cards = _trumps(state, seat, trump)
    if Suit(trump) is Suit.NO_TRUMP:
        return "you hold the Joker, the only trump" if cards else "you hold no trump: the Joker is the only one"
    from ..cards import CARDS

    names = " ".join(card_words(CARDS[i]).removeprefix("the ") for i in cards)
    return f"you hold {len(cards)} trump{'s' if len(cards) != 1 else ''}" + (f" ({names})" if cards else "")


def _best_suit_words(state, seat: int) -> str:
    counts = []
    for trump in range(4):
        counts.append((len(_trumps(state, seat, trump)), trump))
    n, trump = max(counts)
    return f"Your longest trump suit would be {Suit(trump).word}, with {n} trumps counting the bowers."


def _think_round1(state, seat: int) -> str:
    up = state.upcard
    if state.phase is Phase.BLIND:
        return ("The Joker was turned up and you name trump without seeing your hand: any suit is a guess, "
                "so think of what the others may hold.")
    from ..hand.bidding import proposed_trump

    trump = proposed_trump(state)
    dealer = state.dealer
    n = state.players
    who = "you" if dealer == seat else ("your partner" if partner(seat, n) == dealer else
                                         seat_name(dealer, n) + ", an opponent")
    made = "a no-trump hand" if trump == int(Suit.NO_TRUMP) else f"{Suit(trump).word} trump"
    return (f"The turn-up is {card_words(up)}. Accepting it makes {made}, and the dealer ({who}) takes "
            f"the card. With {made}, {_trump_count(state, seat, trump)}. Most players want three "
            "trumps, or two with an ace outside, to make trump; count the dealer's card for your side or against it.")


def _think_round2(state, seat: int) -> str:
    return (f"{card_words(state.upcard).capitalize()} was turned down. You may name another suit or pass. "
            f"{_best_suit_words(state, seat)} Stick the dealer: the dealer may have to name a suit."
            if state.rules.stick_the_dealer and seat == state.dealer else
            f"{card_words(state.upcard).capitalize()} was turned down. You may name another suit or pass. "
            f"{_best_suit_words(state, seat)}")


def _think_alone(state, seat: int) -> str:
    rs = state.rules
    size = rs.hand_size
    best = " Going alone, you may take your partner's best card in exchange for one of yours." \
        if rs.partners_best != "none" else ""
    return (f"You make {Suit(state.setup.trump).word if state.setup.trump is not None else 'trump'}. "
            f"Alone, taking all {size} tricks scores the lone march, and failing is dearer; "
            f"{_trump_count(state, seat, state.setup.trump)}.{best}")


def _think_play(state, seat: int) -> str:
    n = state.players
    trick = state.trick
    turn = state.turn
    trump = state.setup.trump
    eff = state.play_setting.eff_suit
    caller = state.to_act != turn
    lead_words = f"trick {len(state.tricks) + 1} of {state.rules.hand_size}"
    intro = (f"You call the card for {seat_name(turn, n)}'s Jambone hand, which lies face up: "
             "choose the card that helps your side most. " if caller else "")
    trumps = "no trump (the Joker is the only trump)" if trump == int(Suit.NO_TRUMP) else f"{Suit(trump).word} are trump"
    if not trick:
        side = "your side made trump" if state.setup.side >> seat & 1 else "the other side made trump"
        return (f"{intro}You lead to {lead_words}; {trumps}, and {side}. "
                f"{_trumps_out(state, seat)}")
    led_card = trick[0][1]
    led = eff[led_card.id]
    led_word = "the Joker" if led == 4 else Suit(led).word + (" (trumps)" if led == trump else "")
    hand = state.hand_mask(turn)
    follow = [i for i in range(53) if hand >> i & 1 and eff[i] == led]
    if follow:
        must = f"you must follow {led_word}, and hold {len(follow)}"
    else:
        must = f"you cannot follow {led_word}, so you may trump or throw off any card"
    winning = _winning(state, seat)
    return f"{intro}{must}; {winning}."


def _winning(state, seat: int) -> str:
    """Who is winning the trick so far, from ``seat``'s side of the table."""
    n = state.players
    winner = state.winning_seat
    card = card_words(next(c for s, c in state.trick if s == winner))
    side, name = state.setup.side, seat_name(winner, n)
    if winner == seat:
        who = "you are"
    elif (side >> winner & 1) == (side >> seat & 1):
        who = f"your partner {name} is" if partner(seat, n) == winner else f"{name}, on your side, is"
    else:
        who = f"{name}, an opponent, is"
    return f"{who} winning the trick with {card}"


def _trumps_out(state, seat: int) -> str:
    trump = state.setup.trump
    rank = ranking(trump, state.rules.trump_order)
    played = state.played_mask
    mine = state.hand_mask(state.turn)
    out = [i for i in rank.trump_ids if state.rules.pack_mask >> i & 1 and not played >> i & 1 and not mine >> i & 1]
    return (f"{len(out)} trump{'s are' if len(out) != 1 else ' is'} still unseen by you (some may be out of play); "
            f"{_trump_count(state, state.turn, trump)}.")

"""Hints as a ladder: ``hint(state, seat, level)``.

* Level 1 says what to think about: the suit to follow and who is winning the trick, the
  turn-up and the trumps the seat would hold, what going alone or defending alone is worth.
* Level 2 names the suggested action and why in words: in play what the card does in the trick
  (follows, trumps, throws off; wins the trick only when no card a later seat may hold beats it;
  leaves it to a partner), the best card it keeps, and how sure the values make it: better by
  more than the sampling error, the same as the next best only when every layout was solved,
  else too close to call over so many layouts.
* Level 3 gives the numbers, in plain words ("on average your side comes out 0.4 points ahead
  with it") and as a table: in play the value of every legal card, from layouts that fit what
  the seat has seen, each solved double-dummy (``knowing``: more layouts are drawn, within a time
  budget, while the best two are close and could still differ), or with ``show_all`` the actual
  layout solved; before play the expected points of each legal action, from dealing the unseen
  cards to fit the seat's view and playing the hand out as the searching bidder ``expert``
  values its own bids (``worlds``), with standard errors; an action no deal valued is never
  suggested. No sentence of one level is repeated in another.

Values are remembered per state (a bounded cache), so the three levels and the review cost one
computation.
"""
from __future__ import annotations

from functools import lru_cache
from html import escape
from typing import NamedTuple

from ..cards import CARDS, Suit, ids_of
from ..errors import ArgumentError, SolverError
from ..hand.bidding import proposed_trump
from ..hand.phases import Phase
from ..hand.view import SeatView
from ..ranking import ranking
from ..table import partner, seat_name
from ..valuing import MAX_SOLVED
from ..valuing.knowing import _EPS, SAMPLES, Z, _knowledge, card_values
from ..valuing.worlds import playout_values
from ..words import action_words, capital, card_words, listed
from .play_words import card_with_role, trumps_words

PLAYOUTS = 100         # worlds played out per bidding decision (the expert plays out 48; bench/teaching.py)


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
        raise ArgumentError(f"hint level {level!r}: the ladder has levels 1 (what to think about), "
                         "2 (the suggested action) and 3 (the numbers)")
    if state.is_over or state.to_act != seat:
        raise ArgumentError(f"no decision to hint at: {'the hand is over' if state.is_over else 'another seat is to act'}")
    if level == 1:
        text = think_about(state, seat)
        return Hint(1, capital(text))
    v = values(state, seat, show_all, seed)
    if not v.values:  # no world was found to value any action: nothing to suggest
        return Hint(level, _no_world(v), None, v if level == 3 else None)
    text = suggestion(state, seat, v) if level == 2 else numbers(state, seat, v)
    return Hint(level, text, v.best.action, v if level == 3 else None)


def _no_world(v) -> str:
    """What a hint says when none of the deals drawn fitted what the seat has seen."""
    return ("None of the deals of the cards you cannot see that were drawn fitted what you have seen, "
            "so no choice could be valued and there is no suggestion.")


# ---- level 2: the suggestion and why; level 3: the numbers ------------------------------------

def suggestion(state, seat: int, v) -> str:
    """Level 2: the action, why in words from the position, and how sure the values make it."""
    best = v.best.action
    words = _action_words(state, best)
    if state.phase is Phase.PLAY and best.kind in ("play", "call"):
        text = f"{words}: {_why_card(state, seat, best.card)}."
    elif len(v.values) == 1:
        return f"{words}: it is the only legal choice."
    else:
        text = f"{words}: of your choices it does best on average when the hand is played out."
    return text + " " + _verdict(state, v)


def numbers(state, seat: int, v) -> str:
    """Level 3: the values in words: the best, the next best, the gap and what it rests on."""
    best, rival = v.best, v.rival
    size = state.rules.hand_size
    name = _thing(best.action, state)
    text = f"With {name} your side {_outcome(best, size)} on average"
    if rival is not None:
        text += f"; with {_thing(rival.action, state)}, the next best, it {_outcome(rival, size)}"
    text += "."
    if rival is not None:
        dt, dp, se_t, se_p = v.margin()
        per = "Deal by deal" if v.method == "playouts" else "Layout by layout"
        if v.tie:
            text += f" The two are worth the same in every one of the {v.layouts:,} layouts."
        elif v.exact:
            gap = f"{_num(dp)} point{_s(dp)}" if dp > _EPS else f"{_num(dt)} trick{_s(dt)}"
            text += f" So {name} is better by {gap} on average, exactly."
        elif v.settled and abs(dp) <= _EPS and se_p <= _EPS:
            gap, err = _gap_and_error(dt, Z * se_t)
            text += (f" {per}, {name} takes {gap} trick{_s(dt)} more on average, give or take "
                     f"{err}, with the same points in each: more than the error.")
        elif v.settled or abs(dp) > _EPS or se_p > _EPS:
            close = "more than the error" if v.settled else f"too close to call over {v.layouts:,} " + (
                "deals" if v.method == "playouts" else "layouts")
            gap, err = _gap_and_error(dp, Z * se_p)
            text += (f" {per}, {name} is ahead by {gap} point{_s(dp)} on average, give or take "
                     f"{err}: {close}.")
        else:
            text += (f" {capital(name)} and {_thing(rival.action, state)} came out the same in each of the "
                     f"{v.layouts:,} {'deals' if v.method == 'playouts' else 'layouts'} drawn, but not every layout was solved: "
                     f"too close to call, not "
                     "proof that they are equal.")
    return text + f" These are averages {v.how()}."


def _verdict(state, v) -> str:
    """How sure the values make the suggestion, claiming no more than they show."""
    same = v.same_as_best()
    parts = []
    if same:
        parts.append(f"{capital(_list(same, state))} {'is' if len(same) == 1 else 'are'} worth the same whatever the "
                     "layout: no card still out lies between them.")
    rival = v.rival
    if rival is None:
        if not same and len(v.values) == 1:
            parts.append("It is the only card you may play.")
        return " ".join(parts)
    other = _thing(rival.action, state)
    unseen = "deals" if v.method == "playouts" else "layouts"
    if v.double_dummy:
        parts.append("With every hand face up, nothing does better." if not v.tie else
                     f"With every hand face up, {other} is worth the same, so either will do.")
    elif v.tie:
        parts.append(f"{capital(other)} is worth the same over all {v.layouts:,} layouts of the cards you cannot see, "
                     "so either will do.")
    elif v.exact:
        parts.append(f"Over all {v.layouts:,} layouts of the cards you cannot see, it does better on average than "
                     f"{other}, the next best.")
    elif v.settled:
        parts.append(f"Over {v.layouts:,} {unseen} of the cards you cannot see, drawn at random{v.bids_read()}, it "
                     f"does better on average than {other}, the next best, by more than the sampling error.")
    else:
        parts.append(f"It and {other} are too close to call over {v.layouts:,} {unseen} of the cards you cannot "
                     f"see{v.bids_read()}: either may be the better.")
    if v.fit_bids == 0:
        parts.append("But not one of those deals fits the bids the other players made, so this rests on deals "
                     "their bidding makes unlikely: a rough guide, not a confident suggestion.")
    return " ".join(parts)


def _why_card(state, seat: int, card) -> str:
    """What the card does in the trick, from the position: what it follows, trumps or throws off,
    whether it wins the trick for sure, beats the card winning so far, or leaves it, and the best
    card it keeps. Only facts: a win is said to be sure only when no card the later seats may
    hold can beat it."""
    what, keep = card_does(state, seat, card)
    return what + keep


def card_does(state, seat: int, card) -> tuple:
    """``_why_card`` in its two parts: what the card does (``it follows hearts, and ...``) and
    the best card it keeps (``. You keep the J♠, the right bower``, or ``""``)."""
    n, trump = state.players, state.setup.trump
    rank = ranking(trump, state.rules.trump_order)
    eff, power = rank.eff_suit, rank.power
    turn, c = state.turn, card.id
    k = _knowledge(SeatView(state, seat), scored=False)  # the cards only: also where three sides play
    active = k.active
    trick = tuple((s, x.id) for s, x in state.trick)
    if trick:
        start = active.index(trick[0][0])
        order = [active[(start + i) % len(active)] for i in range(len(active))]
    else:
        order = [active[(active.index(turn) + i) % len(active)] for i in range(len(active))]
    later = order[order.index(turn) + 1:]
    played = trick + ((turn, c),)
    beats = rank.trick_winner(played) == turn
    sure = beats and not any(rank.trick_winner(played + ((s, x),)) == s
                             for s in later for x in ids_of(_possible(k, s)))
    mine = k.fixed.get(turn, state.hand_mask(turn))
    keep = _keep(state, rank, mine & ~(1 << c), c, "You keep" if turn == seat else f"{seat_name(turn, n)} keeps")
    suit = _suit(eff[c], trump)
    if not trick:
        what = f"it leads {'a trump' if eff[c] == trump else suit}"
        if sure:
            what += ", and wins the trick: no card still out can beat it"
        elif eff[c] != trump and not any(eff[x] == eff[c] and power[x] > power[c]
                                         for s in later for x in ids_of(_possible(k, s))):
            what += f", the highest {_one(eff[c], trump)} still out: only a trump can beat it"
        return what, keep
    led = eff[trick[0][1]]
    winner = rank.trick_winner(trick)
    top = dict(trick)[winner]
    who = _whose(state, seat, winner, top)
    if eff[c] == led:
        what = f"it follows {_suit(led, trump)}" + (" (the left bower counts as a trump)"
                                                  if _bower(card, trump) == "left" else "")
    elif eff[c] == trump:
        what = ("it overtrumps " if eff[top] == trump else "it trumps ") + who if beats else "it is a lower trump"
    else:
        what = f"it throws off {suit}, as you cannot follow {_suit(led, trump)}"
    if beats:
        if sure:
            what += (", and wins the trick: it is the last card to play" if not later else
                     ", and wins the trick: no card still out can beat it")
        elif eff[c] == led:
            what += f", and beats {who} for now: {_names(later, n)} may still beat it"
        else:
            what += f"; {_names(later, n)} may still beat it"
    elif (state.setup.side >> winner & 1) == (state.setup.side >> seat & 1):
        what += f", and leaves the trick to {who}"
    elif any(rank.trick_winner(trick + ((turn, a.cid),)) == turn for a in state.legal_actions()):
        what += f", and lets {who} win"
    else:
        what += f"; nothing you may play beats {who}"
    return what, keep


def _possible(k, s: int) -> int:
    """The cards seat ``s`` may hold, as far as the knowing seat can tell."""
    if s in k.fixed:
        return k.fixed[s]
    return k.allowed.get(s, 0) | k.forced.get(s, 0)


def _keep(state, rank, left: int, played: int, who: str) -> str:
    if not left:
        return ""
    top = max(ids_of(left), key=lambda i: (rank.eff_suit[i] == rank.trump, rank.power[i]))
    if rank.power[top] < rank.power[played] and (rank.eff_suit[top] == rank.eff_suit[played]
                                                 or rank.eff_suit[played] == rank.trump):
        return ""
    return f". {who} {_card(CARDS[top], rank.trump)}"


def _whose(state, seat: int, winner: int, card_id: int) -> str:
    n = state.players
    card = _card(CARDS[card_id], state.setup.trump)
    name = seat_name(winner, n)
    if winner == seat:
        return f"your own {card.removeprefix('the ')}"
    side = state.setup.side
    if (side >> winner & 1) == (side >> seat & 1):
        return f"your partner {name}'s {card.removeprefix('the ')}" if partner(seat, n) == winner else \
            f"{name}'s {card.removeprefix('the ')}, on your side"
    return f"{name}'s {card.removeprefix('the ')}"


def _names(seats, n: int) -> str:
    return listed((seat_name(s, n) for s in seats), "or")


def _bower(card, trump) -> str | None:
    if card.is_joker or trump is None or trump == int(Suit.NO_TRUMP) or card.rank != 11:
        return None
    if card.suit == trump:
        return "right"
    return "left" if card.suit == Suit(trump).same_colour else None


def _card(card, trump) -> str:
    """A card in words, with its role when it is a bower or the Joker."""
    words = card_words(card)
    if card.is_joker:
        return words + (", the only trump" if trump == int(Suit.NO_TRUMP) else ", the highest trump")
    bower = _bower(card, trump)
    return f"{words}, the {bower} bower" if bower else words


def _suit(suit: int, trump) -> str:
    if suit == int(Suit.NO_TRUMP):
        return "the Joker"
    return "trumps" if suit == trump else Suit(suit).word


def _one(suit: int, trump) -> str:
    return "trump" if suit == trump else Suit(suit).word.removesuffix("s")


def _thing(action, state) -> str:
    if action.kind in ("play", "call"):
        return card_words(action.card)
    return f"'{action_words(action)}'"


def _list(actions, state) -> str:
    return listed(_thing(a, state) for a in actions)


def _outcome(v, size: int) -> str:
    return f"takes {_num(v.tricks)} of the {size} tricks and {_ahead(v.points)}"


def _ahead(x: float) -> str:
    """Expected points in plain words: ``comes out 0.4 points ahead``."""
    if abs(x) < 0.005:
        return "comes out even"
    return f"comes out {_num(abs(x))} point{_s(x)} {'ahead' if x > 0 else 'behind'}"


def _num(x: float) -> str:
    text = f"{abs(x):.2f}".rstrip("0").rstrip(".") if abs(x) >= 0.005 else "0"
    return text


def _gap_and_error(gap: float, error: float) -> tuple:
    """A gap and its error in as few decimals as tell them apart (``0.041`` and ``0.038``, not
    ``0.04`` and ``0.04``), so "more than the error" reads true."""
    for places in (2, 3, 4):
        a, b = f"{abs(gap):.{places}f}", f"{abs(error):.{places}f}"
        if a != b:
            break
    if places == 2:
        return _num(gap), _num(error)
    return a, b


def _s(x: float) -> str:
    return "" if _num(x) == "1" else "s"


def _action_words(state, action) -> str:
    kind = action.kind
    trump = state.setup.trump if state.setup is not None else None
    if kind == "play":
        return f"Play {_card(action.card, trump) if state.phase is Phase.PLAY else card_words(action.card)}"
    if kind == "call":
        return f"Call {_card(action.card, trump)} from the Jambone hand"
    return capital(action_words(action))


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
        return ("Weigh two aims that may pull apart: keeping your trumps and your aces, and a discard that "
                "leaves you void in a suit, so you can trump it later. Which card serves the hand best? "
                f"{capital(_trump_count(state, seat, state.setup.trump))}.")
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
    if not cards:
        return "you hold no trump"
    # each named with its role, so that a left bower is counted as the trump it is
    listing = trumps_words([CARDS[i] for i in cards], Suit(trump))
    return f"you hold {len(cards)} trump{'s' if len(cards) != 1 else ''}: {listing}"


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
    trump = proposed_trump(state)
    dealer = state.dealer
    n = state.players
    who = "you" if dealer == seat else ("your partner" if partner(seat, n) == dealer else
                                         seat_name(dealer, n) + ", an opponent")
    made = "a no-trump hand" if trump == int(Suit.NO_TRUMP) else f"{Suit(trump).word} trump"
    return (f"The turn-up is {card_words(up)}. Accepting it makes {made}, and the dealer ({who}) takes "
            f"the card into his hand, unless a lone hand leaves it out of play. With {made}, "
            f"{_trump_count(state, seat, trump)}. Most players want three "
            "trumps, or two with an ace outside, to make trump; count the dealer's card for your side or against it.")


def _think_round2(state, seat: int) -> str:
    return (f"{capital(card_words(state.upcard))} was turned down. You may name another suit or pass. "
            f"{_best_suit_words(state, seat)} Stick the dealer: the dealer may have to name a suit."
            if state.rules.stick_the_dealer and seat == state.dealer else
            f"{capital(card_words(state.upcard))} was turned down. You may name another suit or pass. "
            f"{_best_suit_words(state, seat)}")


def _think_alone(state, seat: int) -> str:
    rs = state.rules
    size = rs.hand_size
    best = " Going alone, you may take your partner's best card in exchange for one of yours." \
        if rs.partners_best != "none" else ""
    count = _trump_count(state, seat, state.setup.trump)
    if state.upcard_lying and seat == state.dealer:  # he takes it into his hand at the discard
        count += f", and the turn-up, {trumps_words([state.upcard], Suit(state.setup.trump))}, comes into your hand"
        if any(a.kind == "alone pat" for a in state.legal_actions()):
            count += " unless you go alone pat"  # a pat hand leaves it out of play (D-7)
    return (f"You make {Suit(state.setup.trump).word + ' trump' if state.setup.trump is not None else 'trump'}. "
            f"Alone, taking all {size} tricks scores the lone march, and failing is dearer; {count}.{best}")


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
    holder = seat_name(turn, n)
    if not trick:
        side = "your side made trump" if state.setup.side >> seat & 1 else "the other side made trump"
        if caller:  # the cards are the Jambone hand's, in view: the caller chooses for it
            return (f"{intro}{holder} leads to {lead_words}; {trumps}, and {side}. "
                    f"{_trumps_out(state, seat, holder)}")
        return (f"{intro}You lead to {lead_words}; {trumps}, and {side}. "
                f"{_trumps_out(state, seat)}")
    led_card = trick[0][1]
    led = eff[led_card.id]
    led_word = "the Joker" if led == 4 else Suit(led).word + (" (trumps)" if led == trump else "")
    hand = state.hand_mask(turn)
    follow = [i for i in range(53) if hand >> i & 1 and eff[i] == led]
    held = "one of them" if len(follow) == 1 else f"{len(follow)} of them"
    has_trump = any(eff[i] == trump for i in ids_of(hand))  # at no trump, the Joker only
    if caller and follow:
        must = f"{holder} must follow {led_word}, and holds {held}"
    elif caller and has_trump:
        must = f"{holder} cannot follow {led_word}, so you may call any of his cards, a trump or any other"
    elif caller:
        must = f"{holder} cannot follow {led_word} and holds no trump, so you may call any of his cards to throw off"
    elif follow:
        must = f"you must follow {led_word}, and you hold {held}"
    elif has_trump:
        must = f"you cannot follow {led_word}, so you may trump or throw off any card"
    else:
        must = f"you cannot follow {led_word} and you hold no trump: throw off any card"
    winning = _winning(state, seat)
    text = f"{must}; {winning}."
    return f"{intro}{capital(text)}" if intro else text


def _winning(state, seat: int) -> str:
    """Who is winning the trick so far, from ``seat``'s side of the table."""
    n = state.players
    winner = state.winning_seat
    card = card_with_role(next(c for s, c in state.trick if s == winner), state.trump)
    side, name = state.setup.side, seat_name(winner, n)
    if winner == seat:
        who = "you are"
    elif (side >> winner & 1) == (side >> seat & 1):
        who = f"your partner {name} is" if partner(seat, n) == winner else f"{name}, on your side, is"
    else:
        who = f"{name}, an opponent, is"
    return f"{who} winning the trick with {card}"


def _trumps_out(state, seat: int, holder: str | None = None) -> str:
    """The trumps not yet played that the seat has not seen, and those in the hand that plays
    (``holder``'s, named, when the seat calls a Jambone hand's cards; else the seat's own). A card
    the seat has seen is not counted as unseen: its own, a hand lying face up, its own discard,
    a card it passed, and the turn-up it saw the dealer take into his hand (told apart)."""
    k = _knowledge(SeatView(state, seat), scored=False)  # what the seat knows of the cards
    trump_mask = k.rank.suit_mask[k.trump]
    up, dealer = state.upcard, seat_name(state.dealer, state.players)
    went = 0 if up is None else (k.unseen | sum(k.forced.values())) & trump_mask & up.bit
    out = (k.unseen & trump_mask & ~went).bit_count()
    count = _trump_count(state, state.turn, state.setup.trump)
    if holder is not None:
        count = count.replace("you hold", f"{holder}'s hand holds", 1)
    text = f"{out} trump{'s are' if out != 1 else ' is'} still unseen by you (some may be out of play)"
    if went:  # seen going to the dealer: held by him, or (when he may part with it) who knows where
        text += f", besides {_card(up, state.setup.trump)}, the turn-up, which you saw " + (
            f"{dealer} take into his hand" if k.unseen & went == 0 else f"go to {dealer}, who may since have parted with it")
    return f"{text}; {count}."

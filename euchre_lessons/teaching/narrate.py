"""Every step of a hand in one sentence: ``narrate(before, action, after)``.

>>> from euchre_lessons import Action, HandState, deal
>>> s = HandState.start(deal("standard", seed=30, dealer=0))       # the J♥ turned up
>>> narrate(s, Action.parse("order up"), s.apply("order up"))
'East orders up the J♥: hearts are trump.'

The sentence names the seat and what it did in the words of the game: bids and passes,
assisting, ordering up, naming trump, going alone and partner's best (said what it is the first
time it is spoken of), both cards of each exchange and of the dealer's take-up, a lone
defender, Jambone calls, a Jamboree, each card with the trick's winner (``play_words``: the
bowers and the Joker named, each card told as what it does), and the score once the hand is
over. Told to one seat (``seat=``), a card stays unnamed where that seat may not see it, as at
the table: another seat's discard; the card a lone player gives, to all but him (his partner
does not look at it, K11); the best card given back, to all but the two of them.
"""
from __future__ import annotations

from typing import cast

from ..cards import Suit
from ..hand.phases import UP_HELD, Phase
from ..ranking import ranking
from ..table import partner, seat_name
from ..words import capital, card_words, cards_words, seats_words
from .play_words import card_with_role, play_sentence


def _trump_words(trump: Suit) -> str:
    return "it is a no-trump hand" if trump is Suit.NO_TRUMP else f"{trump.word} are trump"


def narrate(before, action, after, seat: int | None = None) -> str:
    """One sentence for ``action`` taken in ``before`` that led to ``after`` (two ``HandState``s).

    With ``seat``, the sentence is told to that seat: cards others pass or discard face down
    are not named."""
    n = before.players
    actor = before.to_act
    who = seat_name(actor, n)
    if actor == before.dealer:
        who += ", the dealer,"
    phase = before.phase
    text = _SAY[phase](before, action, after, who, seat)
    text = capital(text) + _upcard_fate(before, action, after)
    if after.is_over and not before.is_over:
        text += " " + _ending(after)
    return text


def _upcard_fate(before, action, after) -> str:
    """The turn-up, accepted and still lying, when this step makes the dealer sit out: it stays
    out of play (D-7), or under Foster's rule he takes it into his hand to pass on (B4.5). The
    dealer's discard says when it joins his hand, and a pat dealer's sentence that it does not."""
    dealer = before.dealer
    if not before.upcard_lying or before.trump is None or not after.sits_out(dealer) or before.sits_out(dealer):
        return ""
    up = before.upcard
    if after.setup.up_state == UP_HELD and up in after.hand(dealer):
        return (f" {seat_name(dealer, before.players)}, the dealer, sits out but takes "
                f"{card_with_role(up, after.trump, mid=True)} into his hand, where it may be the best card "
                "he gives the lone hand.")
    return f" {capital(card_words(up))}, the turn-up, stays out of play, as the dealer sits out."


def _ending(after) -> str:
    result = after.result()
    return "The hand is over. " + result.explanation


def _hidden(before, action, seat) -> bool:
    return seat is not None and seat != before.to_act


def _say_round1(before, action, after, who, seat) -> str:
    up = card_words(before.upcard)
    if action.kind == "pass":
        if before.to_act == before.dealer:
            return f"{who} passes and turns {up} down."
        return f"{who} passes."
    trump = _trump_words(after.trump)
    # the card joins the dealer's hand only at his discard, which a lone hand may leave out (D-7):
    # it is told there, or that it stays out of play (``_upcard_fate``)
    if action.kind == "take up":
        return f"{who} accepts {up}: {trump}."
    if action.kind == "assist":
        return f"{who} assists: {trump}."
    return f"{who} orders up {up}: {trump}."


def _say_round2(before, action, after, who, seat) -> str:
    if action.kind == "pass":
        if after.passed_out:
            return f"{who} passes too: nobody makes trump, and the hand is thrown in."
        return f"{who} passes again."
    return _say_trump(before, action, after, who, seat)


def _say_blind(before, action, after, who, seat) -> str:
    return f"{who} names {action.suit.word} trump blind, before looking at the hand (the Joker was turned up)."


def _say_auction(before, action, after, who, seat) -> str:
    if action.kind == "pass":
        if after.phase is not Phase.AUCTION and after.bid is not None:
            return f"{who} passes: {seat_name(after.maker, after.players)} wins the auction with {after.bid}."
        return f"{who} passes."
    return f"{who} bids {action.arg}."


def _say_trump(before, action, after, who, seat) -> str:
    if action.suit is Suit.NO_TRUMP:
        return f"{who} makes it a no-trump hand."
    return f"{who} names {action.suit.word} trump."


def _say_partner(before, action, after, who, seat) -> str:
    return f"{who} takes {seat_name(action.arg, before.players)} as a partner."


def _say_discard(before, action, after, who, seat) -> str:
    hidden = _hidden(before, action, seat)
    if before.phase is Phase.WIDOW:  # the widow joined his hand: he discards as many, one at a time
        left = before.setup.discards_left
        if left == _WIDOW:
            card = "" if hidden else f": first {card_words(action.card)}"
            return (f"{who} takes the {_WORD[_WIDOW]} cards of the widow into his hand and discards "
                    f"{_WORD[_WIDOW]} cards face down{card}.")
        nth = _NTH[_WIDOW - left + 1]
        if hidden:
            return f"{who} discards a {nth} card face down."
        return f"{who} discards {card_words(action.card)} face down, the {nth} of {_WORD[_WIDOW]}."
    up, trump = before.upcard, before.trump  # trump is fixed: a bower or the Joker is named as one
    took = f"{who} takes {card_with_role(up, trump, mid=True)} into his hand and discards"
    if hidden:
        return f"{took} a card face down."
    if action.card == up:
        return f"{took} it again, keeping the cards he was dealt."
    return f"{took} {card_with_role(action.card, trump)}."


_WIDOW = 4  # the seven-handed widow's cards, and the maker's discards (53 = 7 x 7 + 4)
_WORD = {1: "one", 2: "two", 3: "three", 4: "four"}
_NTH = {1: "first", 2: "second", 3: "third", 4: "fourth"}
_EXCHANGE_KINDS = ("alone", "alone no exchange", "defend alone", "defend alone no exchange")
_NUMBER = {5: "five", 7: "seven"}


def _best_told(before) -> bool:
    """Whether an earlier sentence of this hand has spoken of partner's best (and said what it is)."""
    return before.rules.partners_best != "none" and any(a.kind in _EXCHANGE_KINDS for _, a in before.steps)


def _best_meaning(rules) -> str:
    """What partner's best is under the rules (B4, B-1, K12)."""
    if rules.partner_best_policy == "partner_chooses":
        return "the card he judges best for the lone hand"
    return "his highest trump or, if he holds no trump, his highest card"


def _sitting(before, after) -> str:
    out = [s for s in range(before.players) if after.sits_out(s) and not before.sits_out(s)]
    return f" ({seats_words(out, before.players)} {'sits' if len(out) == 1 else 'sit'} out)" if out else ""


def _alone_words(before, action, after, lone: int) -> str:
    """What going alone means here: ``goes alone (East sits out) and will take partner's best: ...``."""
    rules, n = before.rules, before.players
    out = _sitting(before, after)
    mate_seat = partner(lone, n)
    mate = seat_name(mate_seat, n) if mate_seat is not None else "his partner"
    first = not _best_told(before)
    if action.kind == "alone pat":
        cards = _NUMBER.get(rules.hand_size, str(rules.hand_size))
        text = f"goes alone pat{out}: he plays the {cards} cards he was dealt, with no exchange"
        if lone == before.dealer and before.upcard_lying:
            text += f", and leaves {card_words(before.upcard)} out of his hand"
        if rules.lone_against:
            text += "; nobody may defend alone against a pat hand"
        return text
    if action.kind == "alone no exchange":
        text = f"goes alone without partner's best{out}"
        if first:
            text += f": he keeps his own cards, where {mate} could have given him {_best_meaning(rules)}"
        return text
    if after.setup.maker_exchange:
        text = f"goes alone{out} and will take partner's best"
        if first:
            text += (f": he gives {mate} a card face down, and {mate}, without looking at it, gives him back "
                     f"his best card, {_best_meaning(rules)}")
        return text
    return f"goes alone{out}"


def _say_alone(before, action, after, who, seat) -> str:
    if action.kind == "with partner":
        return f"{who} plays with a partner."
    return f"{who} {_alone_words(before, action, after, before.to_act)}."


def _say_take_over(before, action, after, who, seat) -> str:
    maker = seat_name(before.maker, before.players)
    if action.kind == "pass":
        return f"{who} lets {maker}'s call stand."
    return f"{who} takes over from {maker} and {_alone_words(before, action, after, before.to_act)}."


def _say_give(before, action, after, who, seat) -> str:
    """A lone player's card to his partner (GIVE) and the partner's best back (BEST, or at once
    under the fixed rule). The lone player sees both; the partner sees only the card he gives
    back (he does not look at the one he is given: K11); nobody else sees either."""
    n = before.players
    done = after.exchanges[-1] if len(after.exchanges) > len(before.exchanges) else None
    if before.phase is Phase.BEST:
        lone = cast(tuple, done)[0]  # at BEST, this action completes the exchange
        best = "a card face down, his best" if seat not in (None, lone, before.to_act) else \
            f"his best card, {card_with_role(action.card, before.trump)}"
        return f"{who} gives {seat_name(lone, n)} {best}."
    lone = before.to_act
    mate = cast(int, partner(lone, n))  # partner's best is a partnership game's
    to = seat_name(mate, n)
    trump = before.trump  # fixed before any exchange: a bower or the Joker is named as one
    gift = card_with_role(action.card, trump, mid=True) if seat in (None, lone) else "a card"
    text = f"{who} gives {to} {gift} face down"
    if done is not None:
        back = f"his best card, {card_with_role(done[3], trump)}" if seat in (None, lone, mate) else \
            "his best card face down"
        text += f", and {to} gives him back {back}"
    return text + "."


def _say_jambone(before, action, after, who, seat) -> str:
    if action.kind == "pass":
        return f"{who} plays the lone hand without a Jambone."
    n, lone = before.players, before.to_act
    left, right, me = seat_name((lone + 1) % n, n), seat_name((lone - 1) % n, n), seat_name(lone, n)
    if before.rules.jambone_card_chooser == "left_opponent_always":
        calls = f"{left} names every card {me} plays"
    else:
        calls = f"{left} names each card {me} leads and {right} each card {me} follows with"
    return f"{who} announces a Jambone: he lays his cards face up on the table, and {calls}."


def _say_defend(before, action, after, who, seat) -> str:
    if action.kind == "pass":
        return f"{who} does not defend alone."
    out = _sitting(before, after)
    if action.kind == "defend alone no exchange":
        return f"{who} defends alone{out}, without an exchange."
    if after.setup.defender_exchange:
        text = f"{who} defends alone{out} and will take partner's best"
        if not _best_told(before):
            text += f", {_best_meaning(before.rules)}"
        return text + "."
    return f"{who} defends alone{out}."


def _jamboree_cards(state, seat) -> tuple:
    rank = ranking(int(state.trump), state.rules.trump_order)
    trumps = sorted((c for c in state.hand(seat) if rank.is_trump(c)), key=lambda c: -rank.power[c.id])
    return tuple(trumps[:5])


def _say_jamboree(before, action, after, who, seat) -> str:
    holder = before.to_act
    cards = cards_words(_jamboree_cards(before, holder))
    if action.kind == "pass":
        if seat in (None, holder):
            return f"{who} holds the five highest trumps, {cards}, but does not show a Jamboree."
        return f"{who} does not show a Jamboree."
    if before.rules.jamboree_scoring == "ends_hand_16":
        worth = "it scores 16, and the hand is not played"
    else:
        worth = "it is worth 16 points on top of what the hand scores, and the hand is played"
    return f"{who} shows a Jamboree, the five highest trumps in one hand, {cards}: {worth}."


def _say_play(before, action, after, who, seat) -> str:
    return play_sentence(before, action, after) + "."


_SAY = {
    Phase.ROUND1: _say_round1, Phase.ROUND2: _say_round2, Phase.BLIND: _say_blind,
    Phase.AUCTION: _say_auction, Phase.WIDOW: _say_discard, Phase.TRUMP: _say_trump,
    Phase.PARTNERS: _say_partner, Phase.ALONE: _say_alone, Phase.TAKE_OVER: _say_take_over,
    Phase.GIVE: _say_give, Phase.BEST: _say_give, Phase.JAMBONE: _say_jambone,
    Phase.DEFEND: _say_defend, Phase.DISCARD: _say_discard, Phase.JAMBOREE: _say_jamboree,
    Phase.PLAY: _say_play,
}


def deal_sentence(state) -> str:
    """The sentence of the deal itself (a timeline's step 0)."""
    n = state.players
    text = f"{seat_name(state.dealer, n)} deals {state.rules.hand_size} cards to each of {n} players"
    if state.upcard is not None:
        text += f" and turns up {card_words(state.upcard)}"
    first = state.to_act
    text += f"; {seat_name(first, n)} speaks first."
    return capital(text)  # seven-handed seats are "seat 3"

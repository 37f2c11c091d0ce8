"""Every step of a hand in one sentence: ``narrate(before, action, after)``.

>>> narrate(s, Action.parse("order up"), s.apply("order up"))
'East orders up the J♥: hearts are trump, and North, the dealer, takes the card.'

The sentence names the seat and what it did in the words of the game: bids and passes,
assisting, ordering up, naming trump, going alone and partner's best, the exchanges and
discards, a lone defender, Jambone calls, a Jamboree, each card with the trick's winner, and
the score once the hand is over. Told to one seat (``seat=``), the cards passed or discarded
face down by the others stay unnamed, as at the table.
"""
from __future__ import annotations

from ..cards import Card, Suit
from ..hand.phases import Phase
from ..table import partner, seat_name
from ..words import card_words


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
    text = text[0].upper() + text[1:]
    if after.is_over and not before.is_over:
        text += " " + _ending(after)
    return text


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
    dealer = seat_name(before.dealer, before.players) + ", the dealer,"
    trump = _trump_words(after.trump)
    if action.kind == "take up":
        return f"{who} takes up {up}: {trump}."
    if action.kind == "assist":
        return f"{who} assists: {trump}, and {dealer} takes up {up}."
    return f"{who} orders up {up}: {trump}, and {dealer} takes the card."


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
    where = " from the widow hand" if before.phase is Phase.WIDOW else ""
    if _hidden(before, action, seat):
        return f"{who} discards a card face down{where}."
    return f"{who} discards {card_words(action.card)}{where}."


_ALONE = {
    "alone": "goes alone",
    "alone no exchange": "goes alone without partner's best",
    "alone pat": "goes alone pat: no exchange and no discard",
}


def _alone_words(action, after) -> str:
    text = _ALONE[action.kind]
    if action.kind == "alone" and after.setup.maker_exchange:
        text += ", and will take partner's best"
    return text


def _say_alone(before, action, after, who, seat) -> str:
    if action.kind == "with partner":
        return f"{who} plays with a partner."
    partner = [s for s in range(before.players) if after.sits_out(s) and not before.sits_out(s)]
    out = f" ({seat_name(partner[0], before.players)} sits out)" if partner else ""
    return f"{who} {_alone_words(action, after)}{out}."


def _say_take_over(before, action, after, who, seat) -> str:
    maker = seat_name(before.maker, before.players)
    if action.kind == "pass":
        return f"{who} lets {maker}'s call stand."
    return f"{who} takes over from {maker} and {_alone_words(action, after)}."


def _say_give(before, action, after, who, seat) -> str:
    lone = before.to_act
    to = seat_name(partner(lone, before.players), before.players)
    if before.phase is Phase.BEST:
        lone_seat = next((a for a, _, b, _ in after.exchanges if b == lone), None)
        to = seat_name(lone_seat, before.players) if lone_seat is not None else "the lone player"
        if _hidden(before, action, seat) and seat != lone_seat:
            return f"{who} passes a best card face down to {to}."
        return f"{who} gives {to} partner's best: {card_words(action.card)}."
    if _hidden(before, action, seat):
        return f"{who} passes a card face down to {to}."
    return f"{who} passes {card_words(action.card)} face down to {to}."


def _say_jambone(before, action, after, who, seat) -> str:
    if action.kind == "pass":
        return f"{who} plays the lone hand without a Jambone."
    return f"{who} announces a Jambone: the hand goes face up on the table and the opponents call its cards."


def _say_defend(before, action, after, who, seat) -> str:
    if action.kind == "pass":
        return f"{who} does not defend alone."
    if action.kind == "defend alone no exchange":
        return f"{who} defends alone, without an exchange."
    if after.setup.defender_exchange:
        return f"{who} defends alone, and will exchange with a partner."
    return f"{who} defends alone."


def _say_jamboree(before, action, after, who, seat) -> str:
    if action.kind == "pass":
        return f"{who} does not show a Jamboree."
    return f"{who} shows a Jamboree: the five highest trumps, which need not be played."


def _say_play(before, action, after, who, seat) -> str:
    n = before.players
    player = seat_name(before.turn, n)
    card = card_words(action.card)
    verb = _card_verb(before, action.card)
    if action.kind == "call":
        it = "throws it off" if verb == "throws off" else f"{verb} it"
        text = f"{seat_name(before.to_act, n)} calls {card} from the Jambone hand: {player} {it}"
    else:
        text = f"{player} {verb} {card}"
    if len(after.tricks) > len(before.tricks):
        done = after.tricks[-1]
        text += f"; {seat_name(done.winner, n)} wins the trick with {card_words(done.winning_card)}"
        text += _trick_count(after)
    return text + "."


def _card_verb(before, card: Card) -> str:
    """What a card does to the trick: it ``leads``, ``follows with``, ``trumps with`` or ``throws off``."""
    trick = before.trick
    if not trick:
        return "leads"
    eff = before.play_setting.eff_suit
    led = eff[trick[0][1].id]
    if eff[card.id] == led:
        return "follows with"
    if eff[card.id] == before.setup.trump or card.is_joker:
        return "trumps with"
    return "throws off"


def _trick_count(after) -> str:
    won = after.tricks_won
    side = after.setup.side
    makers = sum(won[s] for s in range(after.players) if side >> s & 1)
    others = len(after.tricks) - makers
    return f" (makers {makers}, defenders {others})"


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
    return text + f"; {seat_name(first, n)} speaks first."

"""A practice position's words: the ``question`` asked at a decision (by its kind, ``kind_of``)
and the ``explanation`` its answer is told with (the hint ladder's first two rungs), for the
positions the finder writes (``delivery.find``) and a pupil's own mistakes asked again (``retry``)."""
from __future__ import annotations

from ..hand.phases import Phase
from ..table import seat_name
from ..words import capital, card_words, suit_words
from .hints import suggestion, think_about

KINDS = ("lead", "follow", "joker-lead", "call", "order", "alone", "give", "defend", "discard")


def kind_of(state) -> str | None:
    """The kind of the decision at ``state`` (see the module), None for a kind not practised."""
    phase = state.phase
    if phase is Phase.PLAY:
        if state.to_act != state.turn:
            return "call"
        if not state.trick:
            hand = state.hand(state.turn)
            return "joker-lead" if any(c.is_joker for c in hand) else "lead"
        return "follow"
    return {Phase.ROUND1: "order", Phase.ROUND2: "order", Phase.ALONE: "alone", Phase.GIVE: "give",
            Phase.DEFEND: "defend", Phase.DISCARD: "discard"}.get(phase)


def question(state) -> str:
    """What is asked at ``state``, in words."""
    seat = state.to_act
    who = seat_name(seat, state.players)
    trump = state.trump
    trumps = f" {capital(suit_words(trump))} are trump." if trump is not None and \
        state.phase is Phase.PLAY else ""
    kind = kind_of(state)
    trick = len(state.tricks) + 1
    asks = {
        "lead": f"You are {who}, to lead to trick {trick}.{trumps} Which card do you lead?",
        "joker-lead": f"You are {who}, to lead to trick {trick}, and you hold the Joker.{trumps} Which card do "
                      "you lead?",
        "follow": f"You are {who}, to play to trick {trick}.{trumps} Which card do you play?",
        "call": f"You are {who}: the lone hand is played face up (a Jambone) and you call its card to trick "
                f"{trick}.{trumps} Which card do you call?",
        "order": _order(state, who),
        "alone": f"You are {who}, and your side has made trump. Do you play with your partner, or alone?",
        "give": f"You are {who}, going alone with partner's best: which card do you give your partner?",
        "defend": f"You are {who}: an opponent is going alone. Do you defend alone?",
        "discard": f"You are {who}, the dealer: which card do you discard?",
    }
    return asks[kind] if kind is not None else _other(state, who)


def _other(state, who: str) -> str:
    """What is asked at a decision of a kind the kit's positions do not practise (the seven-handed
    game's, and any other), when a pupil's own mistake there becomes a position (``teaching.retry``)."""
    asks = {Phase.AUCTION: f"You are {who}, in the auction: how many tricks do you bid, or do you pass?",
            Phase.WIDOW: f"You are {who}, the maker, with the widow in your hand: which card do you discard?",
            Phase.TRUMP: f"You are {who}, the maker: which suit do you name trump?",
            Phase.PARTNERS: f"You are {who}, the maker: which player do you name as a partner?"}
    return asks.get(state.phase, f"You are {who}: what do you choose?")


def _order(state, who: str) -> str:
    dealer = " the dealer" if state.to_act == state.dealer else ""
    up = state.upcard
    if state.phase is Phase.ROUND1 and up is not None:
        return f"You are {who},{dealer or ' not the dealer'}; the turn-up is {card_words(up)}. Do you accept it, or pass?"
    turned = f" {capital(card_words(up))} was turned down." if up is not None else ""
    return f"You are {who}{',' + dealer if dealer else ''}, in the second round.{turned} Do you name a trump, or pass?"


def explanation(state, seat: int, v, why: str = "") -> str:
    """What a position's answer is told with: the first rung of the hint ladder (what to think
    about) and the second (the suggestion and why), from the values ``v``; for a mistake of the
    student's own hand, ``why`` it was one (the review's words, ``teaching.mistakes``)."""
    think = think_about(state, seat)
    text = f"{capital(think)} {suggestion(state, seat, v)}"
    return f"{text} Why your choice at the table fell short: {why}" if why else text

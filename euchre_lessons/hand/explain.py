"""Why an action is illegal, in the words of the game.

The message names the seat, the phase, the rule that forbids the action and the legal
alternatives: ``South (P) cannot play 9S in the play: must follow hearts, and holds JD;
JD counts as a heart (the left bower). Legal now: play JD.``
"""
from __future__ import annotations

from ..actions import MAKE
from ..cards import CARDS, JOKER_ID, Suit
from .bidding import round2_choices, turned_down_suit
from .phases import Phase
from .play import playable

SINGULAR = {0: "club", 1: "diamond", 2: "heart", 3: "spade", 4: "trump"}


def illegal_message(state, action) -> str:
    legal = state.legal_actions()
    listing = ", ".join(map(str, legal)) if legal else "nothing (the hand is over)"
    if state.is_over:
        return f"the hand is over: {action} is not possible. Legal now: {listing}."
    who = state.describe_seat(state.to_act)
    reason = _reason(state, action, legal)
    return f"{who} cannot {action} in the {state.phase}: {reason}. Legal now: {listing}."


def _reason(state, action, legal) -> str:
    kinds = {a.kind for a in legal}
    phase = state.phase
    seat = state.to_act
    if phase is Phase.ROUND2 and action.kind == "pass" and "pass" not in kinds:
        return "the dealer may not pass in round 2 under stick the dealer: he must name a suit (rule book K5)"
    if action.kind not in kinds:
        return f"in the {phase} the choices are {' / '.join(sorted(kinds))}"
    card = action.card
    if phase is Phase.PLAY and card is not None:
        return _play_reason(state, card)
    holder = state.turn if phase is Phase.PLAY else seat
    if card is not None and not state.hand_masks[holder] >> card.id & 1:
        return f"{state.describe_seat(holder)} does not hold {card}"
    if phase is Phase.DISCARD and card == state.upcard:
        return f"the turn-up {card} cannot be discarded (rule book K2, LD 88)"
    if phase is Phase.ROUND2 and action.kind == "make":
        if int(action.suit) == turned_down_suit(state):
            return f"{action.suit.word} was turned down and cannot be named in round 2 (rule book K6, LD 78)"
        if state.upcard.id == JOKER_ID and round2_choices(state) == (MAKE[4],):
            return "after the Joker is turned up and turned down, only 'make no trump' or pass is possible (rule book K25)"
        if action.suit is Suit.NO_TRUMP:
            return ("no trump is made only when the Joker is turned up and turned down (rule book D10, K25); "
                    "in round 2 name a suit other than the one turned down")
    if phase is Phase.AUCTION and action.kind == "bid":
        return f"a bid must be from 4 to 7 and higher than {state.bid}" if state.bid else "a bid must be from 4 to 7"
    if phase is Phase.PARTNERS:
        return f"seat {action.arg} cannot be named: a partner is another seat, named once"
    return "the rules do not allow it here"


def _play_reason(state, card) -> str:
    turn = state.turn
    hand = state.hand_masks[turn]
    if not hand >> card.id & 1:
        return f"{state.describe_seat(turn)} does not hold {card}"
    rule = state.tables.follow_rules[state.setup.trump]
    led_card = state.trick[0][1]
    allowed = playable(hand, led_card.id, rule)
    led = state.play_setting.eff_suit[led_card.id]
    trump = state.setup.trump
    if led == 4:
        led_word = "the Joker (the only trump)"
    else:
        led_word = Suit(led).word + (" (trumps)" if led == trump else "")
    held = [CARDS[i] for i in range(53) if allowed >> i & 1 and rule.follow[led_card.id] >> i & 1]
    text = f"must follow {led_word}, and holds {' '.join(map(str, held))}"
    for c in held:
        if c.suit != Suit(led) and c.id != JOKER_ID:
            text += f"; {c} counts as a {SINGULAR[led]} (the left bower)"
    eff = state.play_setting.eff_suit[card.id]
    if card.suit is not None and card.suit == Suit(led) and eff != led:
        text += f"; {card} counts as a {SINGULAR[eff]} (the left bower), not a {SINGULAR[led]}"
    if card.id == JOKER_ID and trump == int(Suit.NO_TRUMP):
        text += "; at no trump the Joker may be played only when void in the suit led (rule book D-16)"
    return text

"""Making trump (rule book J1-J5 steps 1-3): the two rounds of a turn-up game, the dealer
naming trump blind on a Joker turn-up, and the seven-handed auction with its widow and partners.

Each phase has one function that lists the legal actions of a draft state (``legal_*``) and one
that applies an action to a draft of the next state (``apply_*``); a ``steps.Draft`` holds the
state's fields and its setup's by name.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .. import actions as A
from ..cards import JOKER_ID, Suit
from . import declaring
from .phases import DONE, PARTNERS, ROUND2, STEP_ALONE, STEP_JAMBOREE, STEP_PLAY, TRUMP, UP_DEAD, WIDOW

if TYPE_CHECKING:
    from ..actions import Action
    from ..cards import Card
    from ..deals import Deal
    from ..rules import RuleSet
    from .state import HandState
    from .steps import Draft

NO_TRUMP = int(Suit.NO_TRUMP)


def proposed_trump(s: HandState | Draft) -> int:
    """The trump a round-1 acceptance makes: the turn-up's suit, or what a Joker stands for."""
    return s.tables.proposed[s.deal.upcard.id]  # type: ignore[union-attr]  # a deal bid on a turn-up has one


def _proposed(rules: RuleSet, up: Card) -> int:
    if up.id != JOKER_ID:
        return up.id // 13
    if rules.joker_turnup_rule == "no_trump_hand":
        return NO_TRUMP
    return int(Suit.parse(rules.joker_turnup_suit))


def turned_down_suit(s: HandState | Draft) -> int:
    """The suit turned down in round 1 (-1 when a Joker turn-up stands for no trump)."""
    trump = proposed_trump(s)
    return -1 if trump == NO_TRUMP else trump


# ---- the turn-up game ----------------------------------------------------------------------

def round1_choices(partner: tuple[int | None, ...], dealer: int) -> tuple[tuple[Action, Action], ...]:
    """For each seat, its round-1 actions: the dealer takes up, his partner assists, the
    others order up; anyone may pass."""
    return tuple(((A.TAKE_UP if seat == dealer else A.ASSIST if partner[seat] == dealer else A.ORDER_UP), A.PASS)
                 for seat in range(len(partner)))


def legal_round1(s: Draft) -> tuple[Action, Action]:
    return s.tables.round1[s.deal.dealer][s.to_act]


def apply_round1(d: Draft, action: Action) -> None:
    """An acceptance fixes the turned suit; the dealer's pass turns the card down (earlier
    passes are ``shortcuts.pass_on``)."""
    seat = d.to_act
    if action is A.PASS:
        d.passed_mask |= 1 << seat
        d.up_state = UP_DEAD
        d.dead |= d.deal.upcard.bit  # type: ignore[union-attr]  # round 1 turned a card up
        d.phase, d.to_act = ROUND2, (seat + 1) % d.tables.n
        return
    fix_trump(d, seat, proposed_trump(d), round1=True)


def round2_choices(s: HandState | Draft) -> tuple[Action, ...]:
    """What may be named in round 2 (rule book K6, K25): any suit but the one turned down, or
    after a Joker turn-up that stands for no trump, only no trump."""
    return _round2_makes(s.tables.rules, s.deal.upcard)  # type: ignore[arg-type]  # round 2 follows a turn-up


def _round2_makes(rules: RuleSet, up: Card) -> tuple[Action, ...]:
    if up.id == JOKER_ID and rules.joker_turnup_rule == "no_trump_hand":
        return (A.MAKE[NO_TRUMP],)
    trump = _proposed(rules, up)
    banned = -1 if rules.round2_may_name_turned_suit or trump == NO_TRUMP else trump
    return tuple(A.MAKE[x] for x in range(4) if x != banned)


def _round2_legal(rules: RuleSet, deal: Deal, seat: int) -> tuple[Action, ...]:
    makes = _round2_makes(rules, deal.upcard)  # type: ignore[arg-type]  # a second round's deal turned a card up
    if rules.stick_the_dealer and seat == deal.dealer:
        return makes
    return makes + (A.PASS,)


def legal_round2(s: Draft) -> tuple[Action, ...]:
    return _round2_legal(s.tables.rules, s.deal, s.to_act)


def apply_round2(d: Draft, action: Action) -> None:
    """A suit named fixes trump; the dealer's pass ends the hand unplayed (earlier passes are
    ``shortcuts.pass_on``)."""
    seat = d.to_act
    if action is A.PASS:
        d.passed_mask |= 1 << seat
        d.phase, d.to_act, d.passed_out = DONE, None, True
        return
    fix_trump(d, seat, int(action.arg), round1=False)


def legal_blind(s: Draft) -> tuple[Action, ...]:
    return A.MAKE[:4]


def apply_blind(d: Draft, action: Action) -> None:
    fix_trump(d, d.to_act, int(action.arg), round1=True)


def fix_trump(d: Draft, seat: int, trump: int, round1: bool) -> None:
    t = d.tables
    d.trump, d.maker, d.round1 = trump, seat, round1
    d.side = t.team_mask[t.team[seat]]
    declaring.goto(d, STEP_ALONE)


# ---- the seven-handed auction (rule book J5, K29-K31) -------------------------------------

def legal_auction(s: Draft) -> tuple[Action, ...]:
    bid = s.bid
    return (A.PASS,) + tuple(A.BID[n] for n in range(4 if bid is None else bid + 1, 8))


AUCTION_OPENING = (A.PASS,) + tuple(A.BID[n] for n in range(4, 8))  # before anyone bids


def apply_auction(d: Draft, action: Action) -> None:
    t, seat = d.tables, d.to_act
    if action is not A.PASS:
        d.bid, d.maker = action.arg, seat
    if seat != d.deal.dealer and d.bid != 7:
        d.to_act = (seat + 1) % t.n
        return
    if d.bid is None:
        d.phase, d.to_act, d.passed_out = DONE, None, True
        return
    maker: int = d.maker  # type: ignore[assignment]  # a bid was made: the maker is a seat
    d.side = 1 << maker
    if t.rules.seven_widow == "maker_takes":
        rest = d.deal.rest_mask
        hands = list(d.hands)
        hands[maker] |= rest
        d.hands = tuple(hands)
        d.dead &= ~rest
        d.phase, d.to_act, d.discards_left = WIDOW, maker, 4
    else:
        d.phase, d.to_act = TRUMP, maker


def legal_widow(s: Draft) -> tuple[Action, ...]:
    return A.card_actions(A.DISCARD, s.hands[s.to_act])


def apply_discard(d: Draft, action: Action) -> None:
    """A discard: from the seven-handed widow, or the dealer's for the turn-up (J step 10)."""
    seat, bit = d.to_act, action.bit
    hands = list(d.hands)
    hands[seat] &= ~bit
    d.hands = tuple(hands)
    d.dead |= bit
    d.discards_left -= 1
    if d.discards_left:
        return
    if d.phase is WIDOW:
        d.phase = TRUMP
    else:
        declaring.goto(d, STEP_JAMBOREE)


def legal_trump(s: Draft) -> tuple[Action, ...]:
    return A.MAKE[:4]


def apply_trump(d: Draft, action: Action) -> None:
    t = d.tables
    d.trump = int(action.arg)
    if t.rules.seven_partners == "maker_names_three":
        d.phase = PARTNERS
        return
    # the holders of the best trumps not in the maker's hand nor dead, in order (K30)
    maker_or_dead = d.hands[d.maker] | d.dead  # type: ignore[index]  # the auction's maker is a seat
    for cid in t.rankings[d.trump].trump_ids:
        if len(d.partners) == 3:
            break
        if maker_or_dead >> cid & 1:
            continue
        holder = next((x for x in range(t.n) if d.hands[x] >> cid & 1), None)
        if holder is not None and holder not in d.partners:
            d.partners += (holder,)
    finish_partners(d)


def legal_partners(s: Draft) -> tuple[Action, ...]:
    return tuple(A.PARTNER[x] for x in range(s.tables.n) if x != s.maker and x not in s.partners)


def apply_partner(d: Draft, action: Action) -> None:
    d.partners += (action.arg,)
    if len(d.partners) == 3:
        finish_partners(d)


def finish_partners(d: Draft) -> None:
    for x in d.partners:
        d.side |= 1 << x
    declaring.goto(d, STEP_PLAY)

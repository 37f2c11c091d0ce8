"""The phases of a hand, and the legal actions and transition of each (RULES.md section J).

Each phase has one function that lists its legal actions and one that applies an action to a
fresh copy of the state (a draft that nobody else has seen yet). ``goto`` walks the steps of
J after trump is fixed, skipping those that do not occur, so the order of J lives in one place.
"""
from __future__ import annotations

from enum import Enum

from . import actions as A
from .cards import JOKER_ID, Suit


class Phase(str, Enum):
    """Where a hand stands; the value is the phase in words."""

    ROUND1 = "first round"
    ROUND2 = "second round"
    BLIND = "dealer names trump blind"
    AUCTION = "auction"
    WIDOW = "widow discards"
    TRUMP = "naming trump"
    PARTNERS = "naming partners"
    ALONE = "going alone"
    TAKE_OVER = "take-over"
    GIVE = "exchange: lone player gives"
    BEST = "exchange: partner's best"
    JAMBONE = "Jambone"
    DEFEND = "alone against"
    DISCARD = "dealer's discard"
    JAMBOREE = "Jamboree"
    PLAY = "play"
    DONE = "done"

    def __str__(self) -> str:
        return self.value


# The phases as plain names too: a member looked up on an Enum class costs a call each time,
# and the steps of a hand set one on every action.
(ROUND1, ROUND2, BLIND, AUCTION, WIDOW, TRUMP, PARTNERS, ALONE, TAKE_OVER, GIVE, BEST, JAMBONE,
 DEFEND, DISCARD, JAMBOREE, PLAY, DONE) = Phase


# Steps of J after trump is fixed, in order.
STEP_ALONE, STEP_TAKE_OVER, STEP_EXCHANGE, STEP_JAMBONE, STEP_OFFERS, STEP_DEFENDER_EXCHANGE, \
    STEP_DISCARD, STEP_JAMBOREE, STEP_PLAY = 4, 5, 6, 7, 8, 9, 10, 11, 12

UP_LYING, UP_DEAD, UP_HELD, UP_NONE = 0, 1, 2, 3


def proposed_trump(s) -> int:
    """The trump a round-1 acceptance makes: the turn-up's suit, or what a Joker stands for."""
    up = s._ctx.deal.upcard
    if up.id != JOKER_ID:
        return up.id // 13
    rule = s._ctx.rules.joker_turnup_rule
    return int(Suit.NO_TRUMP) if rule == "no_trump_hand" else int(Suit.parse(s._ctx.rules.joker_turnup_suit))


def lone_options(s, seat: int, as_maker: bool) -> list:
    """The ways ``seat`` may go alone (J2 step 4, K17): with or without exchange, or pat."""
    rules = s._ctx.rules
    pb = rules.partners_best
    opts = [A.ALONE] if pb != "none" else []
    if pb != "always":
        no_exchange = A.ALONE if pb == "none" else A.ALONE_NO_EXCHANGE
        if as_maker and rules.pat_hand_rule:
            if seat == s._ctx.dealer and s._b.round1:
                opts += [no_exchange, A.ALONE_PAT]
            else:
                opts.append(A.ALONE_PAT)
        else:
            opts.append(no_exchange)
    return opts


# ---- bidding: turn-up games -------------------------------------------------------------

def legal_round1(s):
    return s._ctx.round1[s._to_act]


def round1_choices(partner: tuple, dealer: int) -> tuple:
    """For each seat, its round-1 actions: the dealer takes up, his partner assists, the
    others order up; anyone may pass."""
    return tuple(((A.TAKE_UP if seat == dealer else A.ASSIST if partner[seat] == dealer else A.ORDER_UP), A.PASS)
                 for seat in range(len(partner)))


def apply_round1(d, action):
    ctx, seat = d._ctx, d._to_act
    if action is A.PASS:
        d._passed |= 1 << seat
        if seat == ctx.dealer:
            d._b.up_state = UP_DEAD
            d._b.dead |= ctx.deal.upcard.bit
            d._phase, d._to_act = ROUND2, (seat + 1) % ctx.n
        else:
            d._to_act = (seat + 1) % ctx.n
        return
    fix_trump(d, seat, proposed_trump(d), round1=True)


def turned_down_suit(s) -> int:
    up = s._ctx.deal.upcard
    if up.id != JOKER_ID:
        return up.id // 13
    rules = s._ctx.rules
    if rules.joker_turnup_rule == "no_trump_hand":
        return -1
    return int(Suit.parse(rules.joker_turnup_suit))


def legal_round2(s):
    ctx, seat = s._ctx, s._to_act
    rules = ctx.rules
    if ctx.deal.upcard.id == JOKER_ID and rules.joker_turnup_rule == "no_trump_hand":
        makes = [A.MAKE[Suit.NO_TRUMP]]
    else:
        banned = -1 if rules.round2_may_name_turned_suit else turned_down_suit(s)
        makes = [A.MAKE[x] for x in range(4) if x != banned]
    if not (rules.stick_the_dealer and seat == ctx.dealer):
        makes.append(A.PASS)
    return tuple(makes)


def apply_round2(d, action):
    ctx, seat = d._ctx, d._to_act
    if action is A.PASS:
        d._passed |= 1 << seat
        if seat == ctx.dealer:
            d._phase, d._to_act, d._b.passed_out = DONE, None, True
        else:
            d._to_act = (seat + 1) % ctx.n
        return
    fix_trump(d, seat, int(action.arg), round1=False)


def legal_blind(s):
    return tuple(A.MAKE[x] for x in range(4))


def apply_blind(d, action):
    fix_trump(d, d._to_act, int(action.arg), round1=True)


def fix_trump(d, seat, trump, round1):
    ctx = d._ctx
    d._b.trump, d._b.maker, d._b.round1 = trump, seat, round1
    d._b.rank = ctx.rankings[trump]
    d._b.side = ctx.team_mask[ctx.team[seat]]
    goto(d, STEP_ALONE)


# ---- bidding: the seven-handed auction (J5, K29-K31) -----------------------------------

def legal_auction(s):
    low = 4 if s._b.bid is None else s._b.bid + 1
    return (A.PASS,) + tuple(A.BID[n] for n in range(low, 8))


def apply_auction(d, action):
    ctx, seat = d._ctx, d._to_act
    if action is not A.PASS:
        d._b.bid, d._b.maker = action.arg, seat
    if seat == ctx.dealer or d._b.bid == 7:
        if d._b.bid is None:
            d._phase, d._to_act, d._b.passed_out = DONE, None, True
            return
        maker = d._b.maker
        d._b.side = 1 << maker
        if ctx.rules.seven_widow == "maker_takes":
            hands = list(d._hands)
            hands[maker] |= ctx.rest_mask
            d._hands = tuple(hands)
            d._b.dead &= ~ctx.rest_mask
            d._phase, d._to_act, d._b.discards_left = WIDOW, maker, 4
        else:
            d._phase, d._to_act = TRUMP, maker
        return
    d._to_act = (seat + 1) % ctx.n


def legal_widow(s):
    return A.card_actions(A.DISCARD, s._hands[s._to_act])


def apply_discard(d, action):
    seat, bit = d._to_act, action.bit
    hands = list(d._hands)
    hands[seat] &= ~bit
    d._hands = tuple(hands)
    d._b.dead |= bit
    d._b.discards_left -= 1
    if d._b.discards_left:
        return
    if d._phase is WIDOW:
        d._phase = TRUMP
    else:
        goto(d, STEP_JAMBOREE)


def legal_trump(s):
    return tuple(A.MAKE[x] for x in range(4))


def apply_trump(d, action):
    ctx = d._ctx
    d._b.trump = int(action.arg)
    d._b.rank = ctx.rankings[d._b.trump]
    if ctx.rules.seven_partners == "maker_names_three":
        d._phase = PARTNERS
        return
    maker_or_dead = d._hands[d._b.maker] | d._b.dead
    for cid in d._b.rank.trump_ids:
        if len(d._b.partners) == 3:
            break
        if maker_or_dead >> cid & 1:
            continue
        holder = next((x for x in range(ctx.n) if d._hands[x] >> cid & 1), None)
        if holder is not None and holder not in d._b.partners:
            d._b.partners += (holder,)
    finish_partners(d)


def legal_partners(s):
    return tuple(A.PARTNER[x] for x in range(s._ctx.n) if x != s._b.maker and x not in s._b.partners)


def apply_partner(d, action):
    d._b.partners += (action.arg,)
    if len(d._b.partners) == 3:
        finish_partners(d)


def finish_partners(d):
    for x in d._b.partners:
        d._b.side |= 1 << x
    goto(d, STEP_PLAY)


from . import steps as _steps  # noqa: E402  (steps.py, after trump, uses the helpers above)


def goto(d, step):
    _steps.goto(d, step)

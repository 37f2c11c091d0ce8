"""Steps 4 to 12 of a hand (RULES.md J): alone, take-over, exchanges, Jambone, alone against,
the dealer's discard, Jamboree and play.

``goto(draft, step)`` moves a draft state to the first step, from ``step`` on, that occurs under
its rules; each ``apply_*`` applies one action and calls ``goto`` for what follows. A card
played, and the trick it completes, are applied in ``HandState.apply`` itself: the hot path.
"""
from __future__ import annotations

from . import actions as A
from .cards import JOKER_ID, Suit, ids_of
from .phases import (ALONE, BEST, DEFEND, DISCARD, DONE, GIVE, JAMBONE, JAMBOREE, PLAY, STEP_ALONE,
                     STEP_DEFENDER_EXCHANGE, STEP_DISCARD, STEP_EXCHANGE, STEP_JAMBONE, STEP_JAMBOREE,
                     STEP_OFFERS, STEP_TAKE_OVER, TAKE_OVER, UP_DEAD, UP_HELD, UP_LYING, lone_options)
from .table import in_turn_from

NO_TRUMP = int(Suit.NO_TRUMP)


def goto(d, step: int) -> None:
    """Stop at the first step, from ``step`` on, that occurs for this hand; else start play."""
    for at, stop_at in d._ctx.plan:
        if at >= step and stop_at(d):
            return
    start_play(d)


def plan(rules, n: int) -> tuple:
    """``(step, stop_at)`` for the steps of J 4-11 that can occur under ``rules`` at all, in
    order; ``stop_at(draft)`` moves the draft to its step and says True when it occurs now."""
    steps = [
        (STEP_ALONE, _stop_alone, rules.partnerships),
        (STEP_TAKE_OVER, _stop_take_over, rules.lone_eligibility == "maker_or_partner"),
        (STEP_EXCHANGE, _stop_exchange, rules.partners_best != "none"),
        (STEP_JAMBONE, _stop_jambone, rules.jambone),
        (STEP_OFFERS, _stop_offers, rules.lone_against and (n == 4 or rules.lone_against_6p == "one_on_one")),
        (STEP_DEFENDER_EXCHANGE, _stop_defender_exchange, rules.lone_against and rules.partners_best != "none"),
        (STEP_DISCARD, _stop_discard, rules.bidding == "turn_up"),
        (STEP_JAMBOREE, _stop_jamboree, rules.jamboree),
    ]
    return tuple((at, stop_at) for at, stop_at, occurs in steps if occurs)


def _stop_alone(d) -> bool:
    d._phase, d._to_act = ALONE, d._b.maker
    return True


def _stop_take_over(d) -> bool:
    b = d._b
    if b.take_over_asked:
        return False
    partner = d._ctx.partner[b.maker]
    if d._passed >> partner & 1 or (b.alone and d._ctx.rules.partners_best != "none"):
        return False
    d._phase, d._to_act = TAKE_OVER, partner
    return True


def _stop_exchange(d) -> bool:
    if d._b.alone and d._b.maker_exchange:
        start_exchange(d, d._b.maker)
        return True
    return False


def _stop_jambone(d) -> bool:
    if d._b.alone or not d._ctx.rules.jambone_requires_alone:
        d._phase, d._to_act = JAMBONE, d._b.maker
        return True
    return False


def _stop_offers(d) -> bool:
    b = d._b
    if b.alone and not b.pat and not b.jambone:
        b.offers = offer_order(d)
        d._phase, d._to_act = DEFEND, b.offers[0]
        return True
    return False


def _stop_defender_exchange(d) -> bool:
    if d._b.lone_defender is not None and d._b.defender_exchange:
        start_exchange(d, d._b.lone_defender)
        return True
    return False


def _stop_discard(d) -> bool:
    b = d._b
    if not b.round1 or b.up_state != UP_LYING:
        return False
    dealer = d._ctx.dealer
    if b.sitting >> dealer & 1 or (b.pat and b.maker == dealer):
        b.up_state = UP_DEAD
        b.dead |= d._ctx.deal.upcard.bit
        return False
    join_upcard(d, dealer)
    d._phase, d._to_act, b.discards_left = DISCARD, dealer, 1
    return True


def _stop_jamboree(d) -> bool:
    ctx, b = d._ctx, d._b
    if b.trump == NO_TRUMP:
        return False
    top = ctx.top_trumps[b.trump]
    for seat in in_turn_from(ctx.dealer + 1, ctx.n):
        if b.sitting >> seat & 1 or d._hands[seat] & top != top:
            continue
        if ctx.rules.jamboree_requires_maker and seat != b.maker:
            continue
        d._phase, d._to_act = JAMBOREE, seat
        return True
    return False


def join_upcard(d, seat: int) -> None:
    hands = list(d._hands)
    hands[seat] |= d._ctx.deal.upcard.bit
    d._hands = tuple(hands)
    d._b.up_state, d._b.up_holder = UP_HELD, seat


def offer_order(d) -> tuple:
    """Opponents of the lone maker, in turn from his left (or the dealer's left: K13)."""
    ctx = d._ctx
    start = d._b.maker if ctx.rules.lone_against_priority == "first_in_turn_from_lone_players_left" else ctx.dealer
    maker_team = ctx.team[d._b.maker]
    return tuple(s for s in in_turn_from(start + 1, ctx.n) if ctx.team[s] != maker_team)


# ---- 4 and 5: alone, take-over ----------------------------------------------------------

def legal_alone(s):
    key = s._b.maker == s._ctx.dealer and s._b.round1  # all that lone_options reads
    found = s._ctx.lone.get(key)
    if found is None:
        found = s._ctx.lone[key] = (A.WITH_PARTNER,) + tuple(lone_options(s, s._b.maker, as_maker=True))
    return found


def go_alone(d, seat: int, action) -> None:
    ctx = d._ctx
    d._b.alone = True
    d._b.pat = action is A.ALONE_PAT
    d._b.maker_exchange = action is A.ALONE and ctx.rules.partners_best != "none"
    d._b.sitting = 1 << ctx.partner[seat]


def apply_alone(d, action):
    if action is not A.WITH_PARTNER:
        go_alone(d, d._b.maker, action)
    goto(d, STEP_TAKE_OVER)


def legal_take_over(s):
    key = 2 + (s._to_act == s._ctx.dealer and s._b.round1)
    found = s._ctx.lone.get(key)
    if found is None:
        found = s._ctx.lone[key] = tuple(lone_options(s, s._to_act, as_maker=True)) + (A.PASS,)
    return found


def apply_take_over(d, action):
    d._b.take_over_asked = True
    if action is not A.PASS:
        seat = d._to_act
        d._b.maker = seat
        go_alone(d, seat, action)
    goto(d, STEP_EXCHANGE)


# ---- 6 and 9: exchanges ------------------------------------------------------------------

def start_exchange(d, lone: int) -> None:
    ctx = d._ctx
    partner = ctx.partner[lone]
    if partner == ctx.dealer and d._b.round1 and d._b.up_state == UP_LYING \
            and ctx.rules.dealer_partner_loner_turnup == "dealer_may_pass_it":
        join_upcard(d, partner)
    d._phase, d._to_act = GIVE, lone


def legal_give(s):
    return A.card_actions(A.GIVE, s._hands[s._to_act])


def apply_give(d, action):
    ctx, lone = d._ctx, d._to_act
    hands = list(d._hands)
    hands[lone] &= ~action.bit
    d._hands = tuple(hands)
    d._b.gift = action.arg.id
    partner = ctx.partner[lone]
    if ctx.rules.partner_best_policy == "partner_chooses":
        d._phase, d._to_act = BEST, partner
    else:
        complete_exchange(d, lone, partner, best_card(d, d._hands[partner]))


def legal_best(s):
    return A.card_actions(A.GIVE, s._hands[s._to_act])


def apply_best(d, action):
    partner = d._to_act
    lone = d._ctx.partner[partner]
    complete_exchange(d, lone, partner, action.arg.id)


def best_card(s, mask: int) -> int:
    """Partner's best under the fixed policy (B-1, K12): the highest trump, else the highest
    plain card by rank, ties to the later suit of ``suit_tiebreak``."""
    rank = s._b.rank
    trumps = mask & rank.suit_mask[s._b.trump]
    if trumps:
        return max(ids_of(trumps), key=rank.power.__getitem__)
    order = s._ctx.tiebreak
    return max(ids_of(mask), key=lambda i: (i % 13, order[i // 13]))


def complete_exchange(d, lone: int, partner: int, best: int) -> None:
    hands = list(d._hands)
    hands[lone] |= 1 << best
    hands[partner] = (hands[partner] & ~(1 << best)) | (1 << d._b.gift)
    d._hands = tuple(hands)
    d._b.exchanges += ((lone, d._b.gift, partner, best),)
    d._b.gift = -1
    goto(d, STEP_JAMBONE if lone == d._b.maker else STEP_DISCARD)


# ---- 7 and 8: Jambone, alone against ----------------------------------------------------

def legal_jambone(s):
    return (A.JAMBONE, A.PASS)


def apply_jambone(d, action):
    d._b.jambone = action is A.JAMBONE
    goto(d, STEP_OFFERS)


def legal_defend(s):
    pb = s._ctx.rules.partners_best
    return (A.DEFEND_ALONE, A.DEFEND_ALONE_NO_EXCHANGE, A.PASS) if pb == "optional" else (A.DEFEND_ALONE, A.PASS)


def apply_defend(d, action):
    ctx, seat = d._ctx, d._to_act
    if action is A.PASS:
        d._b.offers = d._b.offers[1:]
        if d._b.offers:
            d._to_act = d._b.offers[0]
        else:
            goto(d, STEP_DISCARD)
        return
    d._b.lone_defender = seat
    d._b.offers = ()
    d._b.defender_exchange = action is A.DEFEND_ALONE and ctx.rules.partners_best != "none"
    everyone = (1 << ctx.n) - 1
    if ctx.n == 4:
        d._b.sitting |= 1 << ctx.partner[seat]
    else:
        d._b.sitting = everyone & ~(1 << seat) & ~(1 << d._b.maker)
    goto(d, STEP_DEFENDER_EXCHANGE)


# ---- 10 and 11: the dealer's discard, Jamboree ------------------------------------------

def legal_dealer_discard(s):
    hand = s._hands[s._to_act]
    if not s._ctx.rules.dealer_may_discard_upcard:
        hand &= ~s._ctx.deal.upcard.bit
    return A.card_actions(A.DISCARD, hand)


def legal_jamboree(s):
    return (A.JAMBOREE, A.PASS)


def apply_jamboree(d, action):
    if action is A.JAMBOREE:
        d._b.jamboree = d._to_act
        if d._ctx.rules.jamboree_scoring == "ends_hand_16":
            d._phase, d._to_act = DONE, None
            return
    start_play(d)


# ---- 12: play ------------------------------------------------------------------------------

_SEATING: dict = {}


def seating(n: int, dealer: int, sitting: int) -> tuple:
    """For the seats not sitting out: the next active seat after each seat, how many are
    active, and the first lead (the first active seat from the dealer's left)."""
    key = (n, dealer, sitting)
    found = _SEATING.get(key)
    if found is None:
        active = [s for s in range(n) if not sitting >> s & 1]
        nxt = [0] * n
        for i, s in enumerate(active):
            nxt[s] = active[(i + 1) % len(active)]
        leader = next(s for s in in_turn_from(dealer + 1, n) if not sitting >> s & 1)
        found = _SEATING[key] = (tuple(nxt), len(active), leader)
    return found


def start_play(d) -> None:
    ctx, b = d._ctx, d._b
    b.next, b.nactive, leader = seating(ctx.n, ctx.dealer, b.sitting)
    b.follow = b.rank.follow
    b.joker_extra = (1 << JOKER_ID) if b.trump == NO_TRUMP and ctx.rules.joker_no_trump_play == "any_time" else 0
    d._phase, d._turn, d._trick = PLAY, leader, ()
    d._to_act = caller(d, leader)


def caller(d, seat: int) -> int:
    """Who acts for ``seat``: himself, or the opponent who names a Jambone player's card (K20)."""
    if not d._b.jambone or seat != d._b.maker:
        return seat
    n = d._ctx.n
    if not d._trick or d._ctx.rules.jambone_card_chooser == "left_opponent_always":
        return (seat + 1) % n
    return (seat - 1) % n


def playable(s) -> int:
    """Bit mask of the cards the seat whose turn it is may play: those of the suit led if he
    has any (the left bower counts as a trump; at no trump the Joker only when void, unless
    ``joker_no_trump_play = any_time``), else any card."""
    hand = s._hands[s._turn]
    trick = s._trick
    if trick:
        b = s._b
        follow = hand & b.follow[trick[0][1]]
        if follow:
            return follow | (hand & b.joker_extra)
    return hand


# The legal plays of a card set, for ``HandState.legal_actions``, which works out the set.
PLAY_CACHE: dict = {}
_CALL_CACHE: dict = {}


def legal_call(hand: int) -> tuple:
    """A Jambone player's cards, named by the opponent who calls them."""
    found = _CALL_CACHE.get(hand)
    return found if found is not None else cache_actions(_CALL_CACHE, A.CALL, hand)


def cache_actions(cache: dict, table: tuple, mask: int) -> tuple:
    if len(cache) > 200_000:
        cache.clear()
    found = cache[mask] = A.card_actions(table, mask)
    return found

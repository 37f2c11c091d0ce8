"""What follows trump (rule book J steps 4 to 11): going alone, the take-over, partner's best
and the defenders' exchange, Jambone, alone against, the dealer's discard and Jamboree.

``goto(draft, step)`` moves a draft to the first step, from ``step`` on, that occurs under its
rules (the order of J lives in ``plan``); each ``apply_*`` applies one action and calls ``goto``
for what follows. Play itself (step 12) is in ``play``.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .. import actions as A
from ..cards import Suit
from ..table import in_turn_from
from . import play
from .phases import (
    ALONE,
    BEST,
    DEFEND,
    DISCARD,
    DONE,
    GIVE,
    JAMBONE,
    JAMBOREE,
    STEP_ALONE,
    STEP_DEFENDER_EXCHANGE,
    STEP_DISCARD,
    STEP_EXCHANGE,
    STEP_JAMBONE,
    STEP_JAMBOREE,
    STEP_OFFERS,
    STEP_TAKE_OVER,
    TAKE_OVER,
    UP_DEAD,
    UP_HELD,
    UP_LYING,
)

if TYPE_CHECKING:
    from collections.abc import Callable

    from ..actions import Action
    from ..cards import Card
    from ..rules import RuleSet
    from .steps import Draft
    from .tables import Tables

NO_TRUMP = int(Suit.NO_TRUMP)


def goto(d: Draft, step: int) -> None:
    """Stop at the first step, from ``step`` on, that occurs for this hand; else start play."""
    for stop_at in d.tables.plan_from[step]:
        if stop_at(d):
            return
    play.start(d)


def plan(rules: RuleSet, n: int) -> tuple[tuple[int, Callable[[Draft], bool]], ...]:
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


def _stop_alone(d: Draft) -> bool:
    d.phase, d.to_act = ALONE, d.maker
    return True


def _stop_take_over(d: Draft) -> bool:
    if d.take_over_asked:
        return False
    partner = d.tables.partner[d.maker]  # type: ignore[index]  # trump is made: the maker is a seat
    # a draft's passes are a mask, and one asked to take over is a partner
    if d.passed_mask >> partner & 1 or (d.alone and d.tables.rules.partners_best != "none"):  # type: ignore[operator]
        return False
    d.phase, d.to_act = TAKE_OVER, partner
    return True


def _stop_exchange(d: Draft) -> bool:
    if d.alone and d.maker_exchange:
        start_exchange(d, d.maker)  # type: ignore[arg-type]  # the lone maker is a seat
        return True
    return False


def _stop_jambone(d: Draft) -> bool:
    if d.alone or not d.tables.rules.jambone_requires_alone:
        d.phase, d.to_act = JAMBONE, d.maker
        return True
    return False


def _stop_offers(d: Draft) -> bool:
    if d.alone and not d.pat and not d.jambone:
        d.offers = offer_order(d.tables, d.maker, d.deal.dealer)  # type: ignore[arg-type]  # the lone maker is a seat
        d.phase, d.to_act = DEFEND, d.offers[0]
        return True
    return False


def _stop_defender_exchange(d: Draft) -> bool:
    if d.lone_defender is not None and d.defender_exchange:
        start_exchange(d, d.lone_defender)
        return True
    return False


def _stop_discard(d: Draft) -> bool:
    if not d.round1 or d.up_state != UP_LYING:
        return False
    dealer = d.deal.dealer
    if d.sitting >> dealer & 1 or (d.pat and d.maker == dealer):
        d.up_state = UP_DEAD
        d.dead |= d.deal.upcard.bit  # type: ignore[union-attr]  # trump came from the turn-up
        return False
    join_upcard(d, dealer)
    d.phase, d.to_act, d.discards_left = DISCARD, dealer, 1
    return True


def _stop_jamboree(d: Draft) -> bool:
    t = d.tables
    if d.trump == NO_TRUMP:
        return False
    top = t.top_trumps[d.trump]  # type: ignore[index]  # trump is made, a suit
    for hand in d.hands:
        if hand & top == top:
            break
    else:  # no hand holds them all, as in most hands: said at once
        return False
    for seat in in_turn_from(d.deal.dealer + 1, t.n):
        if d.sitting >> seat & 1 or d.hands[seat] & top != top:
            continue
        if t.rules.jamboree_requires_maker and seat != d.maker:
            continue
        d.phase, d.to_act = JAMBOREE, seat
        return True
    return False


def join_upcard(d: Draft, seat: int) -> None:
    hands = list(d.hands)
    hands[seat] |= d.deal.upcard.bit  # type: ignore[union-attr]  # the turn-up taken in
    d.hands = tuple(hands)
    d.up_state, d.up_holder = UP_HELD, seat


def offer_order(t: Tables, maker: int, dealer: int) -> tuple[int, ...]:
    """Opponents of the lone maker, in turn from his left (or the dealer's left: K13), under the
    tables ``t`` (which keep them, ``Tables.offers``)."""
    return t.offers[maker][dealer]


def offers_of(rules: RuleSet, team: tuple[int, ...], maker: int, dealer: int) -> tuple[int, ...]:
    """``offer_order`` worked out, for ``Tables.offers``."""
    start = maker if rules.lone_against_priority == "first_in_turn_from_lone_players_left" else dealer
    return tuple(s for s in in_turn_from(start + 1, len(team)) if team[s] != team[maker])


# ---- 4 and 5: alone, take-over ----------------------------------------------------------

def lone_options(rules: RuleSet, dealer_on_round1: bool) -> list[Action]:
    """The ways a maker may go alone (J2 step 4, K17): with or without exchange, or pat;
    ``dealer_on_round1`` - he is the dealer and trump came from the turn-up."""
    pb = rules.partners_best
    opts = [A.ALONE] if pb != "none" else []
    if pb != "always":
        no_exchange = A.ALONE if pb == "none" else A.ALONE_NO_EXCHANGE
        if rules.pat_hand_rule:
            opts += [no_exchange, A.ALONE_PAT] if dealer_on_round1 else [A.ALONE_PAT]
        else:
            opts.append(no_exchange)
    return opts


def legal_alone(s: Draft) -> tuple[Action, ...]:
    return s.tables.alone_choices[s.maker == s.deal.dealer and s.round1]


def go_alone(d: Draft, seat: int, action: Action) -> None:
    t = d.tables
    d.alone = True
    d.pat = action is A.ALONE_PAT
    d.maker_exchange = action is A.ALONE and t.rules.partners_best != "none"
    d.sitting = 1 << t.partner[seat]  # type: ignore[operator]  # one who goes alone has a partner


def apply_alone(d: Draft, action: Action) -> None:
    if action is not A.WITH_PARTNER:
        go_alone(d, d.maker, action)  # type: ignore[arg-type]  # trump is made: the maker is a seat
    goto(d, STEP_TAKE_OVER)


def legal_take_over(s: Draft) -> tuple[Action, ...]:
    return s.tables.take_over_choices[s.to_act == s.deal.dealer and s.round1]


def apply_take_over(d: Draft, action: Action) -> None:
    d.take_over_asked = True
    if action is not A.PASS:
        seat = d.to_act
        d.maker = seat
        go_alone(d, seat, action)
    goto(d, STEP_EXCHANGE)


# ---- 6 and 9: exchanges ------------------------------------------------------------------

def start_exchange(d: Draft, lone: int) -> None:
    t = d.tables
    partner = t.partner[lone]
    if partner == d.deal.dealer and d.round1 and d.up_state == UP_LYING \
            and t.rules.dealer_partner_loner_turnup == "dealer_may_pass_it":
        join_upcard(d, partner)
    d.phase, d.to_act = GIVE, lone


def legal_give(s: Draft) -> tuple[Action, ...]:
    return A.card_actions(A.GIVE, s.hands[s.to_act])


def apply_give(d: Draft, action: Action) -> None:
    t, lone = d.tables, d.to_act
    hands = list(d.hands)
    hands[lone] &= ~action.bit
    d.hands = tuple(hands)
    d.gift = action.arg.id
    partner = t.partner[lone]
    if t.rules.partner_best_policy == "partner_chooses":
        d.phase, d.to_act = BEST, partner
    else:  # partner's best by the policy (trump is made, a suit or no trump)
        complete_exchange(d, lone, partner, best_card(d.tables, d.trump, d.hands[partner]))  # type: ignore[arg-type]


def legal_best(s: Draft) -> tuple[Action, ...]:
    return A.card_actions(A.GIVE, s.hands[s.to_act])


def apply_best(d: Draft, action: Action) -> None:
    partner = d.to_act
    complete_exchange(d, d.tables.partner[partner], partner, action.arg.id)


def best_card(tables: Tables, trump: int, mask: int) -> int:
    """Partner's best under the fixed policy (B-1, K12): the highest trump, else the highest
    plain card by rank, ties to the later suit of ``suit_tiebreak`` (the first card of ``mask``
    in ``Tables.best_order``, which lists them so)."""
    for card in tables.best_order[trump]:
        if mask >> card & 1:
            return card
    raise ValueError("partner's best of no cards")


def complete_exchange(d: Draft, lone: int, partner: int, best: int) -> None:
    hands = list(d.hands)
    hands[lone] |= 1 << best
    hands[partner] = (hands[partner] & ~(1 << best)) | (1 << d.gift)
    d.hands = tuple(hands)
    d.exchanges += ((lone, d.gift, partner, best),)
    d.gift = -1
    goto(d, STEP_JAMBONE if lone == d.maker else STEP_DISCARD)


# ---- 7 and 8: Jambone, alone against ----------------------------------------------------

def legal_jambone(s: object) -> tuple[Action, Action]:
    """The lone maker's choice, whatever the state (``shortcuts`` asks it of none)."""
    return (A.JAMBONE, A.PASS)


def apply_jambone(d: Draft, action: Action) -> None:
    d.jambone = action is A.JAMBONE
    goto(d, STEP_OFFERS)


def defend_choices(rules: RuleSet) -> tuple[Action, ...]:
    """The offer to defend alone: with partner's best, without it where it is optional, or pass."""
    if rules.partners_best == "optional":
        return (A.DEFEND_ALONE, A.DEFEND_ALONE_NO_EXCHANGE, A.PASS)
    return (A.DEFEND_ALONE, A.PASS)


def legal_defend(s: Draft) -> tuple[Action, ...]:
    return s.tables.defend_choices


def apply_defend(d: Draft, action: Action) -> None:
    t, seat = d.tables, d.to_act
    if action is A.PASS:
        d.offers = d.offers[1:]
        if d.offers:
            d.to_act = d.offers[0]
        else:
            goto(d, STEP_DISCARD)
        return
    d.lone_defender = seat
    d.offers = ()
    d.defender_exchange = action is A.DEFEND_ALONE and t.rules.partners_best != "none"
    if t.n == 4:
        d.sitting |= 1 << t.partner[seat]
    else:
        d.sitting = ((1 << t.n) - 1) & ~(1 << seat) & ~(1 << d.maker)  # type: ignore[operator]  # the lone maker
    goto(d, STEP_DEFENDER_EXCHANGE)


# ---- 10 and 11: the dealer's discard, Jamboree ------------------------------------------

def legal_dealer_discard(s: Draft) -> tuple[Action, ...]:
    return dealer_discards(s.tables.rules, s.hands[s.to_act], s.deal.upcard)  # type: ignore[arg-type]  # he took the turn-up


def dealer_discards(rules: RuleSet, hand: int, upcard: Card) -> tuple[Action, ...]:
    """The dealer's discards from ``hand`` (a mask, the turn-up taken in): any card, or any but
    the turn-up (``dealer_may_discard_upcard``). Not remembered by mask: a dealer's hand with
    the turn-up is seldom seen twice (``hand.state``'s docstring says what remembering cost)."""
    if not rules.dealer_may_discard_upcard:
        hand &= ~upcard.bit
    return A.discard_actions(hand)


def legal_jamboree(s: Draft) -> tuple[Action, Action]:
    return (A.JAMBOREE, A.PASS)


def apply_jamboree(d: Draft, action: Action) -> None:
    if action is A.JAMBOREE:
        d.jamboree = d.to_act
        if d.tables.rules.jamboree_scoring == "ends_hand_16":
            d.phase, d.to_act = DONE, None
            return
    play.start(d)

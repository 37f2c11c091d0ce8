"""Short paths for the commonest steps before play, which skip the ``Draft`` of the next state.

``HandState.apply`` asks ``short_path`` which of them applies to an action; each takes the
state and the legal action and returns the next state's fields (``values.FIELDS``) and its
legal actions, and each applies only where ``Tables`` says it may:

- ``pass_on``: a pass before the dealer's, in either round or the auction;
- ``no_jambone``: a lone maker's pass on the Jambone, where the offer to defend alone follows
  (``Tables.short_offers``);
- ``no_defence``: an opponent's pass on defending alone, where another opponent is asked next;
- ``accept``: a round-1 acceptance where the maker is next asked whether he goes alone;
- ``decide_alone``: going alone or not, where nothing but the dealer's discard can follow
  (``Tables.short_alone``);
- ``discard_into_play``: the dealer's last discard where play follows at once (``Tables.short_discard``);
- ``alone_into_exchange``: going alone with the exchange for partner's best, which then begins
  (``Tables.short_exchange``);
- ``give_into_jambone``: the lone maker's gift for partner's best, fixed by a policy, where the
  offer of a Jambone follows (``Tables.short_give``).

Where a Jamboree may be shown (J step 11), ``decide_alone`` and ``discard_into_play`` apply only
when no hand holds all the top trumps (``no_jamboree``), so that the Jamboree's step, asked before
play, cannot stop the hand: it needs one hand holding them all, and neither path gives a hand a
card it lacks before play.

They are copies of what the phases do (``bidding``, ``declaring``, ``play.start``), kept for
speed: ``tests/test_short_paths.py`` applies every action they take the long way too, on every
state of seeded random hands of every preset and variant, and compares the two states field by field.
"""
from __future__ import annotations

from typing import cast

from .. import actions as A
from ..cards import Suit
from . import bidding, declaring
from .phases import (
    ALONE,
    AUCTION,
    DEFEND,
    DISCARD,
    GIVE,
    JAMBONE,
    PLAY,
    ROUND1,
    ROUND2,
    STEP_ALONE,
    STEP_DEFENDER_EXCHANGE,
    STEP_DISCARD,
    STEP_EXCHANGE,
    STEP_JAMBONE,
    STEP_JAMBOREE,
    STEP_OFFERS,
    UP_DEAD,
    UP_HELD,
    UP_LYING,
)
from .play import PLAY_CACHE, cache_actions, caller, legal_call
from .values import DEAL, HANDS, PHASE, SETUP, TABLES, TO_ACT
from .values import SETUP_INDEX as _AT

# Each field of SETUP_INDEX holds its place in a setup, an int, whatever the field's own type says.
(TRUMP, MAKER, ROUND_1, ALONE_, PAT, MAKER_EXCHANGE, SITTING, UP_STATE, UP_HOLDER, EXCHANGES, OFFERS, JAMBONE_,
 DISCARDS_LEFT, DEAD, SIDE) = cast(tuple[int, ...], (
    _AT.trump, _AT.maker, _AT.round1, _AT.alone, _AT.pat, _AT.maker_exchange, _AT.sitting, _AT.up_state,
    _AT.up_holder, _AT.exchanges, _AT.offers, _AT.jambone, _AT.discards_left, _AT.dead, _AT.side))

_NO_TRUMP = int(Suit.NO_TRUMP)  # a hand with no trump shows no Jamboree

# Steps of J that cannot occur when the maker plays with his partner (they need a lone player).
_NEED_A_LONE_PLAYER = {STEP_EXCHANGE, STEP_OFFERS, STEP_DEFENDER_EXCHANGE}


def _steps(tables) -> set:
    """The steps of J that can occur under these tables (``Tables.plan``)."""
    return {at for at, _ in tables.plan}


def short_alone(tables) -> frozenset:
    """The actions of the going-alone step that ``decide_alone`` may take under these tables: all
    of them when only the dealer's discard can follow, "with partner" when the steps that could
    follow it need a lone player, else none (a Jamboree's step aside: ``no_jamboree``)."""
    steps = {at for at in _steps(tables) if at > STEP_ALONE} - {STEP_JAMBOREE}
    if not tables.asks_alone or not steps <= {STEP_DISCARD} | _NEED_A_LONE_PLAYER | {STEP_JAMBONE}:
        return frozenset()
    if STEP_JAMBONE in steps and not tables.rules.jambone_requires_alone:
        return frozenset()
    if steps <= {STEP_DISCARD}:
        return frozenset(tables.alone_choices[0] + tables.alone_choices[1])
    return frozenset({A.WITH_PARTNER})


def short_discard(tables) -> bool:
    """Whether play follows the dealer's discard at once, or after a Jamboree's step only."""
    steps = [at for at, _ in tables.plan]
    return STEP_DISCARD in steps and set(steps[steps.index(STEP_DISCARD) + 1:]) <= {STEP_JAMBOREE}


def short_exchange(tables) -> bool:
    """Whether going alone with the exchange is followed at once by the exchange: wherever there
    is partner's best (its step is in the plan), as a lone maker who exchanges is never taken
    over (``declaring._stop_take_over``)."""
    return STEP_EXCHANGE in _steps(tables)


def short_offers(tables) -> bool:
    """Whether a lone maker's pass on the Jambone is followed at once by the offers to defend
    alone (J steps 7 and 8)."""
    return {STEP_JAMBONE, STEP_OFFERS} <= _steps(tables)


def short_give(tables) -> bool:
    """Whether the lone maker's gift is followed by his partner's best, fixed by the policy, and
    then the offer of a Jambone (which a lone maker always has, J step 7)."""
    return STEP_JAMBONE in _steps(tables) and tables.rules.partner_best_policy != "partner_chooses"


def no_jamboree(tables, setup: tuple, hands: tuple) -> bool:
    """Whether the Jamboree's step cannot stop this hand: no Jamboree under these rules, no trump,
    or no hand holding all the top trumps (``declaring._stop_jamboree`` asks which does)."""
    if not tables.jamboree_step or setup[TRUMP] == _NO_TRUMP:
        return True
    top = tables.top_trumps[setup[TRUMP]]
    for hand in hands:
        if hand & top == top:
            return False
    return True


def short_path(s, action):
    """The short path that applies ``action`` (legal) to the state ``s``, or None where only the
    long way (a ``Draft`` and the phase's ``apply_*``) will do. Not asked in play."""
    data = s._d
    phase, tables = data[PHASE], data[TABLES]
    if action is A.PASS:
        if phase in _BIDDING and data[TO_ACT] != data[DEAL].dealer:
            return pass_on
        if phase is JAMBONE and tables.short_offers and data[SETUP][ALONE_] and not data[SETUP][PAT]:
            return no_jambone
        if phase is DEFEND and len(data[SETUP][OFFERS]) > 1:
            return no_defence
    elif phase is ROUND1:
        if tables.asks_alone:
            return accept
    elif phase is ALONE:
        if action in tables.short_alone and (not tables.jamboree_step or no_jamboree(tables, data[SETUP], data[HANDS])):
            return decide_alone
        if action is A.ALONE and tables.short_exchange:
            return alone_into_exchange
    elif phase is DISCARD and tables.short_discard and data[SETUP][DISCARDS_LEFT] == 1 \
            and (not tables.jamboree_step or no_jamboree(tables, data[SETUP], data[HANDS])):
        return discard_into_play
    elif phase is GIVE and tables.short_give and data[TO_ACT] == data[SETUP][MAKER]:
        return give_into_jambone
    return None


_BIDDING = (ROUND1, ROUND2, AUCTION)  # where a pass before the dealer's only moves the turn


# Each path below returns the next state's fields in the order of FIELDS. Before play the turn,
# the trick, the tricks, the play setting and the cards still to play are those of the start.
# Each unpacks the fields once, by their names in the order of FIELDS, as ``play.play_card``
# does and for the same reason (``bench/hand_state.py --choices``).
# ``tests/test_state_fields.py`` holds every such unpacking to FIELDS.

def pass_on(s, action) -> tuple:
    """A pass before the dealer's: the turn moves to the next seat and nothing else changes
    (the dealer's own pass, which ends a round, is the phase's)."""
    tables, deal, phase, to_act, turn, trick, tricks, passed_mask, setup, play_setting, hands, unplayed, log = s._d
    nxt = (to_act + 1) % tables.n
    if phase is ROUND1:
        legal, passed_mask = tables.round1[deal.dealer][nxt], passed_mask | 1 << to_act
    elif phase is ROUND2:
        legal, passed_mask = bidding._round2_legal(tables.rules, deal, nxt), passed_mask | 1 << to_act
    else:  # the auction: the same bid to beat (and its passes are not the rounds' passes)
        legal = s.legal_actions()
    return (tables, deal, phase, nxt, turn, trick, tricks, passed_mask, setup, play_setting, hands, unplayed,
            (log, to_act, A.PASS)), legal


def no_jambone(s, action) -> tuple:
    """A lone maker, not pat, plays without a Jambone (``declaring.apply_jambone``): the
    opponents are offered to defend alone, in turn (``_stop_offers``)."""
    tables, deal, phase, to_act, turn, trick, tricks, passed_mask, setup, play_setting, hands, unplayed, log = s._d
    made = list(setup)
    offers = made[OFFERS] = declaring.offer_order(tables, made[MAKER], deal.dealer)
    made[JAMBONE_] = False
    return ((tables, deal, DEFEND, offers[0], turn, trick, tricks, passed_mask, tuple(made), play_setting, hands,
             unplayed, (log, to_act, action)), tables.defend_choices)


def no_defence(s, action) -> tuple:
    """An opponent will not defend alone (``declaring.apply_defend``): the next one is asked."""
    tables, deal, phase, to_act, turn, trick, tricks, passed_mask, setup, play_setting, hands, unplayed, log = s._d
    made = list(setup)
    offers = made[OFFERS] = made[OFFERS][1:]
    return ((tables, deal, DEFEND, offers[0], turn, trick, tricks, passed_mask, tuple(made), play_setting, hands,
             unplayed, (log, to_act, action)), s._legal)


def accept(s, action) -> tuple:
    """A round-1 acceptance (``Tables.asks_alone``): the turned suit is trump, as
    ``bidding.fix_trump`` makes it, and the maker is asked whether he goes alone."""
    tables, deal, phase, to_act, turn, trick, tricks, passed_mask, setup, play_setting, hands, unplayed, log = s._d
    made = list(setup)  # a list's items are set faster than a tuple is cut and joined
    made[TRUMP], made[MAKER], made[ROUND_1] = tables.proposed[deal.upcard.id], to_act, True
    made[SIDE] = tables.side_of[to_act]
    return ((tables, deal, ALONE, to_act, turn, trick, tricks, passed_mask, tuple(made), play_setting, hands, unplayed,
             (log, to_act, action)), tables.alone_choices[to_act == deal.dealer])


def decide_alone(s, action) -> tuple:
    """Going alone or not (``declaring.apply_alone``), then the dealer's discard (J step 10) or play."""
    tables, deal, phase, to_act, turn, trick, tricks, passed_mask, setup, play_setting, hands, unplayed, log = s._d
    log = (log, to_act, action)
    made = list(setup)
    if action is not A.WITH_PARTNER:  # declaring.go_alone
        made[ALONE_], made[PAT], made[SITTING] = True, action is A.ALONE_PAT, 1 << tables.partner[to_act]
        made[MAKER_EXCHANGE] = action is A.ALONE and tables.rules.partners_best != "none"
    dealer = deal.dealer
    if made[ROUND_1] and made[UP_STATE] == UP_LYING:  # declaring._stop_discard
        if made[SITTING] >> dealer & 1 or (made[PAT] and made[MAKER] == dealer):
            made[UP_STATE] = UP_DEAD
            made[DEAD] |= deal.upcard.bit
        else:
            held = list(hands)
            held[dealer] |= deal.upcard.bit
            made[UP_STATE], made[UP_HOLDER], made[DISCARDS_LEFT] = UP_HELD, dealer, 1
            return ((tables, deal, DISCARD, dealer, turn, trick, tricks, passed_mask, tuple(made), play_setting,
                     tuple(held), unplayed, log), declaring.dealer_discards(tables.rules, held[dealer], deal.upcard))
    return _into_play(tables, deal, tricks, passed_mask, made, hands, unplayed, log)


def discard_into_play(s, action) -> tuple:
    """The dealer's last discard (``bidding.apply_discard``), then play (``play.start``)."""
    tables, deal, phase, to_act, turn, trick, tricks, passed_mask, setup, play_setting, hands, unplayed, log = s._d
    bit = action.bit
    held = list(hands)
    held[to_act] &= ~bit
    made = list(setup)
    made[DISCARDS_LEFT] -= 1
    made[DEAD] |= bit
    return _into_play(tables, deal, tricks, passed_mask, made, tuple(held), unplayed, (log, to_act, action))


def alone_into_exchange(s, action) -> tuple:
    """Going alone with the exchange (``declaring.go_alone``): no partner takes the hand over
    from a maker who exchanges, and the exchange begins (``start_exchange``), the dealer taking
    the turn-up in first where he may pass it to his lone partner."""
    tables, deal, phase, to_act, turn, trick, tricks, passed_mask, setup, play_setting, hands, unplayed, log = s._d
    partner = tables.partner[to_act]
    made = list(setup)
    made[ALONE_], made[PAT], made[MAKER_EXCHANGE], made[SITTING] = True, False, True, 1 << partner
    if partner == deal.dealer and made[ROUND_1] and made[UP_STATE] == UP_LYING \
            and tables.rules.dealer_partner_loner_turnup == "dealer_may_pass_it":  # declaring.join_upcard
        held = list(hands)
        held[partner] |= deal.upcard.bit
        hands = tuple(held)
        made[UP_STATE], made[UP_HOLDER] = UP_HELD, partner
    return ((tables, deal, GIVE, to_act, turn, trick, tricks, passed_mask, tuple(made), play_setting, hands, unplayed,
             (log, to_act, action)), A.card_actions(A.GIVE, hands[to_act]))


def give_into_jambone(s, action) -> tuple:
    """The lone maker's gift (``declaring.apply_give``): his partner gives back his best card, as
    the policy fixes it (``complete_exchange``), and the maker, alone, is offered a Jambone."""
    tables, deal, phase, to_act, turn, trick, tricks, passed_mask, setup, play_setting, hands, unplayed, log = s._d
    partner, gift = tables.partner[to_act], action.arg.id
    held = list(hands)
    held[to_act] &= ~action.bit
    best = declaring.best_card(tables, setup[TRUMP], held[partner])
    held[to_act] |= 1 << best
    held[partner] = held[partner] & ~(1 << best) | action.bit
    made = list(setup)
    made[EXCHANGES] += ((to_act, gift, partner, best),)
    return ((tables, deal, JAMBONE, to_act, turn, trick, tricks, passed_mask, tuple(made), play_setting, tuple(held),
             unplayed, (log, to_act, action)), _JAMBONE_CHOICES)


_JAMBONE_CHOICES = declaring.legal_jambone(None)


def _into_play(tables, deal, tricks: tuple, passed_mask: int, made: list, hands: tuple, unplayed: int, log) -> tuple:
    """``play.start``: the play setting, and the first leader (or his Jambone caller) to act."""
    jambone = made[MAKER] if made[JAMBONE_] else -1
    play_setting = tables.play_setting(made[TRUMP], deal.dealer, made[SITTING], jambone)
    leader = play_setting.leader
    hand = hands[leader] & unplayed
    if leader == jambone:
        to_act, legal = caller(play_setting, leader, (), tables.n), legal_call(hand)
    elif tables.few_hands:
        to_act, legal = leader, PLAY_CACHE.get(hand) or cache_actions(PLAY_CACHE, A.PLAY, hand)
    else:
        to_act, legal = leader, A.play_actions(hand)
    return ((tables, deal, PLAY, to_act, leader, (), tricks, passed_mask, tuple(made), play_setting, hands, unplayed,
             log), legal)

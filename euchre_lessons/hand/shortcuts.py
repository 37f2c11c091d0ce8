"""Short paths for the commonest steps before play, which skip the ``Draft`` of the next state.

``HandState.apply`` asks ``short_path`` which of them applies to an action; each takes the
state and the legal action and returns the next state's fields (``values.FIELDS``) and its
legal actions, and each applies only where ``Tables`` says it may:

- ``pass_on``: a pass before the dealer's, in either round or the auction;
- ``accept``: a round-1 acceptance where the maker is next asked whether he goes alone;
- ``decide_alone``: going alone or not, where nothing but the dealer's discard can follow
  (``Tables.short_alone``);
- ``discard_into_play``: the dealer's last discard where play follows at once (``Tables.short_discard``).

They are copies of what the phases do (``bidding``, ``declaring``, ``play.start``), kept for
speed: ``tests/test_short_paths.py`` applies every action they take the long way too, on every
state of seeded random hands of every preset and variant, and compares the two states field by field.
"""
from __future__ import annotations

from typing import cast

from .. import actions as A
from . import bidding, declaring
from .phases import (
    ALONE,
    AUCTION,
    DISCARD,
    PLAY,
    ROUND1,
    ROUND2,
    STEP_ALONE,
    STEP_DEFENDER_EXCHANGE,
    STEP_DISCARD,
    STEP_EXCHANGE,
    STEP_JAMBONE,
    STEP_OFFERS,
    UP_DEAD,
    UP_HELD,
    UP_LYING,
)
from .play import PLAY_CACHE, cache_actions, caller, legal_call
from .values import DEAL, PHASE, SETUP, TABLES, TO_ACT
from .values import SETUP_INDEX as _AT

# Each field of SETUP_INDEX holds its place in a setup, an int, whatever the field's own type says.
(TRUMP, MAKER, ROUND_1, ALONE_, PAT, MAKER_EXCHANGE, SITTING, UP_STATE, UP_HOLDER, JAMBONE_, DISCARDS_LEFT, DEAD,
 SIDE) = cast(tuple[int, ...], (_AT.trump, _AT.maker, _AT.round1, _AT.alone, _AT.pat, _AT.maker_exchange, _AT.sitting,
                                _AT.up_state, _AT.up_holder, _AT.jambone, _AT.discards_left, _AT.dead, _AT.side))

# Steps of J that cannot occur when the maker plays with his partner (they need a lone player).
_NEED_A_LONE_PLAYER = {STEP_EXCHANGE, STEP_OFFERS, STEP_DEFENDER_EXCHANGE}


def short_alone(tables) -> frozenset:
    """The actions of the going-alone step that ``decide_alone`` may take under these tables: all
    of them when only the dealer's discard can follow, "with partner" when the steps that could
    follow it need a lone player, else none."""
    steps = {at for at, _ in tables.plan if at > STEP_ALONE}
    if not tables.asks_alone or not steps <= {STEP_DISCARD} | _NEED_A_LONE_PLAYER | {STEP_JAMBONE}:
        return frozenset()
    if STEP_JAMBONE in steps and not tables.rules.jambone_requires_alone:
        return frozenset()
    if steps <= {STEP_DISCARD}:
        return frozenset(tables.alone_choices[0] + tables.alone_choices[1])
    return frozenset({A.WITH_PARTNER})


def short_discard(tables) -> bool:
    """Whether play follows the dealer's discard at once (no Jamboree step after it)."""
    return bool(tables.plan) and tables.plan[-1][0] == STEP_DISCARD


def short_path(s, action):
    """The short path that applies ``action`` (legal) to the state ``s``, or None where only the
    long way (a ``Draft`` and the phase's ``apply_*``) will do. Not asked in play."""
    data = s._d
    phase, tables = data[PHASE], data[TABLES]
    if action is A.PASS:
        if phase in _BIDDING and data[TO_ACT] != data[DEAL].dealer:
            return pass_on
    elif phase is ROUND1:
        if tables.asks_alone:
            return accept
    elif phase is ALONE:
        if action in tables.short_alone:
            return decide_alone
    elif phase is DISCARD and tables.short_discard and data[SETUP][DISCARDS_LEFT] == 1:
        return discard_into_play
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

"""Short paths for the commonest steps before play, which skip the ``Draft`` of the next state.

Each phase's entry (``steps.STEPS``) asks its chooser (``CHOOSE``; ``short_path`` asks the
phase's) which of them applies to an action; each takes the state and the legal action and
returns the next state's slots filled in (``values.StateSlots``), and each applies only where
``Tables`` says it may:

- ``pass_on``: a pass before the dealer's, in either round or the auction;
- ``no_jambone``: a lone maker's pass on the Jambone, where the offer to defend alone follows
  (``Tables.short_offers``); ``jambone``: a Jambone, then the dealer's discard or play;
- ``no_defence``: an opponent's pass on defending alone, then the next opponent is asked, or the
  dealer's discard or play; ``defend_into_exchange``: defending alone with partner's best,
  which then begins (``Tables.short_defence``);
- ``accept``: a round-1 acceptance where the maker is next asked whether he goes alone;
- ``decide_alone``: going alone or not, where nothing but the dealer's discard can follow
  (``Tables.short_alone``);
- ``discard_into_play``: the dealer's last discard where play follows at once (``Tables.short_discard``);
- ``alone_into_exchange``: going alone with the exchange for partner's best, which then begins
  (``Tables.short_exchange``);
- ``give_for_best``: a lone player's gift for partner's best, fixed by a policy: the maker is
  then offered a Jambone (``Tables.short_give``); a lone defender goes on to the dealer's
  discard or play (``Tables.short_defence``).

Where a Jamboree may be shown (J step 11), the paths that can end in play apply only when no
hand holds all the top trumps (``no_jamboree``), so that the Jamboree's step, asked before
play, cannot stop the hand: it needs one hand holding them all, and no path gives a hand a
card it lacks before play, but the exchange, where the chooser asks it of the two hands
together.

They are copies of what the phases do (``bidding``, ``declaring``, ``play.start``; ``hand.state``'s
docstring says why): ``tests/test_short_paths.py`` applies every action they take the long way too,
on every state of seeded random hands of every preset and variant, and compares the two states
field by field.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .. import actions as A
from ..cards import ALL_CARDS, Suit
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
    UP_DEAD,
    UP_HELD,
    UP_LYING,
)
from .play import PLAY_CACHE, cache_actions, caller, legal_call
from .values import Fixed, FixedSlots, StateSlots, copy_fixed

if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import TypeAlias

    from ..actions import Action
    from .phases import Phase
    from .state import HandState
    from .steps import Draft
    from .tables import Tables
    from .values import Log

    # a short path: a state and a legal action (before play) to the next state's slots, filled in
    ShortPath: TypeAlias = Callable[[HandState, Action], StateSlots]
    # a phase's chooser: the short path that applies to a state and an action, None for the long way
    Chooser: TypeAlias = Callable[[HandState, Action], ShortPath | None]

_NO_TRUMP = int(Suit.NO_TRUMP)  # a hand with no trump shows no Jamboree

def no_jamboree(tables: Tables, trump: int | None, hands: tuple[int, ...]) -> bool:
    """Whether the Jamboree's step cannot stop this hand, with this trump and these hands: no
    Jamboree under these rules, no trump, or no hand holding all the top trumps
    (``declaring._stop_jamboree`` asks which does)."""
    if not tables.jamboree_step or trump == _NO_TRUMP:
        return True
    top = tables.top_trumps[trump]  # type: ignore[index]  # trump is made where a short path is asked
    for hand in hands:
        if hand & top == top:
            return False
    return True


# ---- which short path applies: one chooser per phase ---------------------------------------------

def _pass_before_the_dealer(s: HandState, action: Action) -> ShortPath | None:
    """Round 1, round 2 and the auction: a pass before the dealer's only moves the turn."""
    if action is A.PASS and s.to_act != s._fixed.deal.dealer:
        return pass_on
    return None


def _round1(s: HandState, action: Action) -> ShortPath | None:
    if action is A.PASS:
        return pass_on if s.to_act != s._fixed.deal.dealer else None
    return accept if s._fixed.tables.asks_alone else None


def _alone(s: HandState, action: Action) -> ShortPath | None:
    f = s._fixed
    tables = f.tables
    if action in tables.short_alone and no_jamboree(tables, f.trump, f.hands):
        return decide_alone
    if action is A.ALONE and tables.short_exchange:
        return alone_into_exchange
    return None


def _jambone(s: HandState, action: Action) -> ShortPath | None:
    f = s._fixed
    tables = f.tables
    if action is A.PASS and tables.short_offers and f.alone and not f.pat:
        return no_jambone
    if action is A.JAMBONE and no_jamboree(tables, f.trump, f.hands):
        return jambone
    return None


def _defend(s: HandState, action: Action) -> ShortPath | None:
    f = s._fixed
    tables = f.tables
    if action is A.PASS:  # the last offer declined: the dealer's discard or play (J step 10) follows
        if len(f.offers) > 1 or no_jamboree(tables, f.trump, f.hands):
            return no_defence
    elif action is A.DEFEND_ALONE and tables.short_defence:
        return defend_into_exchange
    return None


def _discard(s: HandState, action: Action) -> ShortPath | None:
    f = s._fixed
    tables = f.tables
    if tables.short_discard and f.discards_left == 1 and no_jamboree(tables, f.trump, f.hands):
        return discard_into_play
    return None


def _give(s: HandState, action: Action) -> ShortPath | None:
    f = s._fixed
    tables = f.tables
    seat = s.to_act
    if seat == f.maker:
        return give_for_best if tables.short_give else None
    # a lone defender's exchange: no Jamboree can follow where the two hands together hold no
    # hand's top trumps
    hands = f.hands + (f.hands[seat] | f.hands[tables.partner[seat]],)
    if tables.short_defence and no_jamboree(tables, f.trump, hands):
        return give_for_best
    return None


CHOOSE = {ROUND1: _round1, ROUND2: _pass_before_the_dealer, AUCTION: _pass_before_the_dealer, ALONE: _alone,
          JAMBONE: _jambone, DEFEND: _defend, DISCARD: _discard, GIVE: _give}


def short_path(s: HandState, action: Action) -> ShortPath | None:
    """The short path that applies ``action`` (legal) to the state ``s``, or None where only the
    long way (a ``Draft`` and the phase's ``apply_*``) will do. Not asked in play."""
    choose = CHOOSE.get(s.phase)
    return None if choose is None else choose(s, action)


# ---- the short paths -----------------------------------------------------------------------------
# Each returns the next state's slots, filled in, before play by ``_before_play``. What the hand
# fixes is copied by name (``values.copy_fixed``) where a path changes any of it.

def _before_play(f: FixedSlots, phase: Phase, to_act: int, passed: int, log: Log, legal: tuple[Action, ...]) -> StateSlots:
    """The slots of a state before play: no turn, trick or trick taken, every card unplayed."""
    n: Any = StateSlots()
    n.phase, n.to_act, n.is_over = phase, to_act, False
    n._legal, n._fixed = legal, f
    n.turn, n.trick = None, ()
    n._tricks, n._unplayed = (), ALL_CARDS
    n._passed, n._log = passed, log
    return n


def _opened(f: Fixed) -> Draft:
    """A changeable copy of what the hand fixed (set its class to ``Fixed`` when done)."""
    return copy_fixed(f, FixedSlots())


def pass_on(s: HandState, action: Action) -> StateSlots:
    """A pass before the dealer's: the turn moves to the next seat and nothing else changes
    (the dealer's own pass, which ends a round, is the phase's)."""
    f, seat, phase = s._fixed, s.to_act, s.phase
    tables = f.tables
    nxt = (seat + 1) % tables.n
    if phase is ROUND1:
        legal, passed = tables.round1[f.deal.dealer][nxt], s._passed | 1 << seat
    elif phase is ROUND2:
        legal, passed = bidding._round2_legal(tables.rules, f.deal, nxt), s._passed | 1 << seat
    else:  # the auction: the same bid to beat (and its passes are not the rounds' passes)
        legal, passed = s._legal, s._passed
    n: Any = StateSlots()  # ``_before_play``, written out: this is the commonest step before play
    n.phase, n.to_act, n.is_over = phase, nxt, False
    n._legal, n._fixed = legal, f
    n.turn, n.trick = None, ()
    n._tricks, n._unplayed = (), ALL_CARDS
    n._passed, n._log = passed, (s._log, seat, A.PASS)
    return n


def no_jambone(s: HandState, action: Action) -> StateSlots:
    """A lone maker, not pat, plays without a Jambone (``declaring.apply_jambone``): the
    opponents are offered to defend alone, in turn (``_stop_offers``)."""
    f = _opened(s._fixed)
    tables = f.tables
    offers = f.offers = declaring.offer_order(tables, f.maker, f.deal.dealer)  # type: ignore[arg-type]  # the lone maker
    f.jambone = False
    f.__class__ = Fixed
    return _before_play(f, DEFEND, offers[0], s._passed, (s._log, s.to_act, action), tables.defend_choices)


def jambone(s: HandState, action: Action) -> StateSlots:
    """The maker's Jambone (``declaring.apply_jambone``): no one is offered to defend alone
    against it, and the dealer's discard or play follows."""
    f = _opened(s._fixed)
    f.jambone = True
    return _discard_or_play(f, s._passed, (s._log, s.to_act, action))


def no_defence(s: HandState, action: Action) -> StateSlots:
    """An opponent will not defend alone (``declaring.apply_defend``): the next one is asked,
    or after the last the dealer's discard or play follows."""
    log = (s._log, s.to_act, action)
    f = _opened(s._fixed)
    offers = f.offers = f.offers[1:]
    if not offers:
        return _discard_or_play(f, s._passed, log)
    f.__class__ = Fixed
    return _before_play(f, DEFEND, offers[0], s._passed, log, s._legal)


def defend_into_exchange(s: HandState, action: Action) -> StateSlots:
    """An opponent defends alone with partner's best (``declaring.apply_defend``): his partner
    sits out (six-handed, all but the two lone players do), and the exchange begins."""
    seat = s.to_act
    f = _opened(s._fixed)
    tables = f.tables
    f.lone_defender, f.offers, f.defender_exchange = seat, (), True
    if tables.n == 4:
        f.sitting |= 1 << tables.partner[seat]
    else:
        f.sitting = ((1 << tables.n) - 1) & ~(1 << seat) & ~(1 << f.maker)  # type: ignore[operator]  # the lone maker
    return _exchange_begins(f, seat, s._passed, (s._log, seat, action))


def accept(s: HandState, action: Action) -> StateSlots:
    """A round-1 acceptance (``Tables.asks_alone``): the turned suit is trump, as
    ``bidding.fix_trump`` makes it, and the maker is asked whether he goes alone."""
    seat = s.to_act
    f = _opened(s._fixed)
    tables, deal = f.tables, f.deal
    f.trump, f.maker, f.round1 = tables.proposed[deal.upcard.id], seat, True  # type: ignore[union-attr]  # round 1's turn-up
    f.side = tables.side_of[seat]
    f.__class__ = Fixed
    return _before_play(f, ALONE, seat, s._passed, (s._log, seat, action),
                        tables.alone_choices[seat == deal.dealer])


def decide_alone(s: HandState, action: Action) -> StateSlots:
    """Going alone or not (``declaring.apply_alone``), then the dealer's discard (J step 10) or play."""
    seat = s.to_act
    f = _opened(s._fixed)
    tables = f.tables
    if action is not A.WITH_PARTNER:  # declaring.go_alone
        f.alone, f.pat, f.sitting = True, action is A.ALONE_PAT, 1 << tables.partner[seat]
        f.maker_exchange = action is A.ALONE and tables.rules.partners_best != "none"
    return _discard_or_play(f, s._passed, (s._log, seat, action))


def discard_into_play(s: HandState, action: Action) -> StateSlots:
    """The dealer's last discard (``bidding.apply_discard``), then play (``play.start``)."""
    seat, bit = s.to_act, action.bit
    f = _opened(s._fixed)
    held = list(f.hands)
    held[seat] &= ~bit
    f.hands = tuple(held)
    f.discards_left -= 1
    f.dead |= bit
    return _into_play(f, s._passed, (s._log, seat, action))


def alone_into_exchange(s: HandState, action: Action) -> StateSlots:
    """Going alone with the exchange (``declaring.go_alone``): no partner takes the hand over
    from a maker who exchanges, and the exchange begins (``start_exchange``), the dealer taking
    the turn-up in first where he may pass it to his lone partner."""
    seat = s.to_act
    f = _opened(s._fixed)
    f.alone, f.pat, f.maker_exchange, f.sitting = True, False, True, 1 << f.tables.partner[seat]
    return _exchange_begins(f, seat, s._passed, (s._log, seat, action))


def _exchange_begins(f: Draft, lone: int, passed: int, log: Log) -> StateSlots:
    """``declaring.start_exchange``: the lone player gives first, the dealer taking the turn-up
    in first where he is the partner and may pass it (``f``, changeable, made a ``Fixed`` here)."""
    tables, deal = f.tables, f.deal
    partner = tables.partner[lone]
    if partner == deal.dealer and f.round1 and f.up_state == UP_LYING \
            and tables.rules.dealer_partner_loner_turnup == "dealer_may_pass_it":  # declaring.join_upcard
        held = list(f.hands)
        held[partner] |= deal.upcard.bit  # type: ignore[union-attr]  # trump came from the turn-up
        f.hands = tuple(held)
        f.up_state, f.up_holder = UP_HELD, partner
    f.__class__ = Fixed
    return _before_play(f, GIVE, lone, passed, log, A.give_actions(f.hands[lone]))


def give_for_best(s: HandState, action: Action) -> StateSlots:
    """A lone player's gift (``declaring.apply_give``): his partner gives back his best card, as
    the policy fixes it (``complete_exchange``); the maker, alone, is then offered a Jambone, and
    after a lone defender's exchange the dealer's discard or play follows."""
    seat = s.to_act
    log = (s._log, seat, action)
    f = _opened(s._fixed)
    tables = f.tables
    partner, gift = tables.partner[seat], action.arg.id
    held = list(f.hands)
    held[seat] &= ~action.bit
    best = declaring.best_card(tables, f.trump, held[partner])  # type: ignore[arg-type]  # trump is made
    held[seat] |= 1 << best
    held[partner] = held[partner] & ~(1 << best) | action.bit
    f.hands = tuple(held)
    f.exchanges += ((seat, gift, partner, best),)
    if seat != f.maker:
        return _discard_or_play(f, s._passed, log)
    f.__class__ = Fixed
    return _before_play(f, JAMBONE, seat, s._passed, log, _JAMBONE_CHOICES)


_JAMBONE_CHOICES = declaring.legal_jambone(None)


def _discard_or_play(f: Draft, passed: int, log: Log) -> StateSlots:
    """``declaring._stop_discard``: where trump came from the turn-up still lying, the dealer takes
    it in and discards (or, sitting out or pat, leaves it dead); else play (``f``, changeable,
    made a ``Fixed`` here)."""
    deal = f.deal
    dealer = deal.dealer
    if f.round1 and f.up_state == UP_LYING:
        if f.sitting >> dealer & 1 or (f.pat and f.maker == dealer):
            f.up_state = UP_DEAD
            f.dead |= deal.upcard.bit  # type: ignore[union-attr]  # trump came from the turn-up
        else:
            held = list(f.hands)
            held[dealer] |= deal.upcard.bit  # type: ignore[union-attr]  # (as above, and below)
            f.hands = tuple(held)
            f.up_state, f.up_holder, f.discards_left = UP_HELD, dealer, 1
            f.__class__ = Fixed
            return _before_play(f, DISCARD, dealer, passed, log,
                                declaring.dealer_discards(f.tables.rules, held[dealer], deal.upcard))  # type: ignore[arg-type]
    return _into_play(f, passed, log)


def _into_play(f: Draft, passed: int, log: Log) -> StateSlots:
    """``play.start``: the play setting, and the first leader (or his Jambone caller) to act; the
    passes and the log join what the hand fixed (``f``, changeable, made a ``Fixed`` here)."""
    tables = f.tables
    jambone = f.maker if f.jambone else -1
    # trump is made, and a Jambone's maker is a seat
    play_setting = f.play_setting = tables.play_setting(f.trump, f.deal.dealer, f.sitting, jambone)  # type: ignore[arg-type]
    f.passed_mask, f.log = passed, log
    f.__class__ = Fixed
    leader = play_setting.leader
    hand = f.hands[leader]
    if leader == jambone:
        to_act, legal = caller(play_setting, leader, (), tables.n), legal_call(hand, not tables.few_from)
    elif not tables.few_from:
        to_act, legal = leader, PLAY_CACHE.get(hand) or cache_actions(PLAY_CACHE, A.PLAY, hand)
    else:
        to_act, legal = leader, A.play_actions(hand)
    n: Any = StateSlots()
    n.phase, n.to_act, n.is_over = PLAY, to_act, False
    n._legal, n._fixed = legal, f
    n.turn, n.trick = leader, ()
    n._tricks, n._unplayed = (), ALL_CARDS
    return n

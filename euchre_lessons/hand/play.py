"""Play (rule book J step 12): the follow-suit rule, who leads, and who names a Jambone card.

The follow-suit rule is ``playable``: every part of the kit that asks which cards a seat may
play (the hand's legal actions, a seat's view, the solver, the searching player's reading of
voids, the explanation of an illegal card) asks it, through a ``FollowRule`` for the hand's
trump. ``play_card``, the step of ``HandState.apply`` for a card played (written out there),
writes the same three lines out for speed; ``tests/test_follow_rule.py`` compares them with
``playable`` on every state of the random-play hands.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from .. import actions as A
from ..cards import CARDS, JOKER_ID, Suit
from ..frozen import Frozen, fill
from ..ranking import ranking
from ..table import in_turn_from
from .phases import DONE, PLAY
from .values import StateSlots

if TYPE_CHECKING:
    from ..actions import Action
    from ..cards import Card
    from ..rules import RuleSet
    from .state import HandState
    from .steps import Draft
    from .tables import Tables

NO_TRUMP = int(Suit.NO_TRUMP)


class FollowRule(NamedTuple):
    """What following suit means under one trump and one rule set.

    ``follow[card id]`` is the mask of the cards that follow that card when it is led: its
    effective suit (the left bower is a trump; at no trump the Joker is a trump suit of one).
    ``joker_free`` is the Joker's bit where it may be played even by a seat that can follow (at
    no trump, under ``joker_no_trump_play = any_time``: rule book D-16), else 0.
    """

    follow: tuple[int, ...]
    joker_free: int


def follow_rule(rules: RuleSet, trump: int) -> FollowRule:
    """The ``FollowRule`` of a hand with this trump (0-3 a suit, 4 no trump)."""
    free = 1 << JOKER_ID if trump == NO_TRUMP and rules.joker_no_trump_play == "any_time" else 0
    return FollowRule(ranking(trump, rules.trump_order).follow, free)


def playable(hand: int, led: int | None, rule: FollowRule) -> int:
    """The cards of ``hand`` (a bit mask) that may be played to a trick whose first card is
    ``led`` (a card id, or None to lead): those that follow it if the hand holds any (and a
    free Joker), else any card."""
    if led is not None:
        follow = hand & rule.follow[led]
        if follow:
            return follow | (hand & rule.joker_free)
    return hand


def void_shown(card: int, led: int, rule: FollowRule) -> int:
    """The cards a seat shows it does not hold by playing ``card`` to a trick led by ``led``
    (card ids): the whole suit led when the card does not follow it (a free Joker shows
    nothing), else none."""
    suit = rule.follow[led]
    if suit >> card & 1 or rule.joker_free >> card & 1:
        return 0
    return suit


class Seating(NamedTuple):
    """Who plays in this hand: the next active seat after each seat, how many play, and the
    first leader (the first active seat from the dealer's left)."""

    next: tuple[int, ...]
    active: int
    leader: int


def seating(n: int, dealer: int, sitting: int) -> Seating:
    active = [s for s in range(n) if not sitting >> s & 1]
    nxt = [0] * n
    for i, s in enumerate(active):
        nxt[s] = active[(i + 1) % len(active)]
    leader = next(s for s in in_turn_from(dealer + 1, n) if not sitting >> s & 1)
    return Seating(tuple(nxt), len(active), leader)


class PlaySetting(Frozen):
    """What play reads at every card, fixed when play starts: the follow masks and free
    Joker (``FollowRule``), each card's power in a trick led by each card, the effective suit
    of each card, the seating and first leader, and the Jambone hand's seat (-1 when none) with who names its
    cards (``jambone_card_chooser``). Immutable; a class with slots rather than a named tuple,
    as its fields are read at every card and a slot reads faster."""

    __slots__ = ("follow", "joker_free", "led_power", "eff_suit", "next", "active", "leader", "jambone",
                 "left_always")
    follow: tuple[int, ...]  # by the id of the card led: the mask of the cards that follow it
    joker_free: int
    led_power: tuple[tuple[int, ...], ...]  # by the id of the card led: each card's power in the trick
    eff_suit: tuple[int, ...]  # by card id
    next: tuple[int, ...]
    active: int
    leader: int
    jambone: int
    left_always: bool

    def __init__(self, follow: tuple[int, ...], joker_free: int, led_power: tuple[tuple[int, ...], ...],
                 eff_suit: tuple[int, ...], next: tuple[int, ...], active: int, leader: int, jambone: int,
                 left_always: bool) -> None:
        fill(self, follow=follow, joker_free=joker_free, led_power=led_power, eff_suit=eff_suit, next=next,
             active=active, leader=leader, jambone=jambone, left_always=left_always)

    def _key(self) -> tuple[Any, ...]:
        return tuple(getattr(self, name) for name in self.__slots__)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, PlaySetting) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={value!r}" for name, value in zip(self.__slots__, self._key()))
        return f"PlaySetting({fields})"


def start(d: Draft) -> None:
    """Begin play on a draft: the seating, the play setting, and the first lead."""
    t = d.tables
    # trump is made, and a Jambone's maker is a seat
    setting = t.play_setting(d.trump, d.deal.dealer, d.sitting, d.maker if d.jambone else -1)  # type: ignore[arg-type]
    d.play_setting, d.phase, d.turn, d.trick = setting, PLAY, setting.leader, ()
    d.to_act = caller(setting, setting.leader, (), t.n)


def play_setting(tables: Tables, trump: int, dealer: int, sitting: int, jambone: int) -> PlaySetting:
    seats = tables.seating(dealer, sitting)
    rule, rank = tables.follow_rules[trump], tables.rankings[trump]
    return PlaySetting(follow=rule.follow, joker_free=rule.joker_free, led_power=rank.led_power,
                       eff_suit=rank.eff_suit, next=seats.next, active=seats.active, leader=seats.leader,
                       jambone=jambone, left_always=tables.rules.jambone_card_chooser == "left_opponent_always")


def caller(setting: PlaySetting, seat: int, trick: tuple[tuple[int, Card], ...], n: int) -> int:
    """Who acts for ``seat``: himself, or the opponent who names a Jambone player's card (K20):
    the left opponent for a lead (and always under ``left_opponent_always``), else the right."""
    if seat != setting.jambone:
        return seat
    if not trick or setting.left_always:
        return (seat + 1) % n
    return (seat - 1) % n


# ---- the legal plays of a card set --------------------------------------------------------

PLAY_CACHE: dict[int, tuple[Action, ...]] = {}   # by mask, where the possible hands are few (HandState.legal_actions)
_CALL_CACHE: dict[int, tuple[Action, ...]] = {}  # the same for a Jambone hand's calls
# A card played joins the trick as ``PLAYED[seat][card id]``: the one-pair tuple made once.
PLAYED = tuple(tuple(((seat, card),) for card in CARDS) for seat in range(7))


def legal_plays(hand: int, trick: tuple[tuple[int, Card], ...], setting: PlaySetting, calling: bool,
                few: bool) -> tuple[Action, ...]:
    """The legal actions of the seat whose turn it is, holding ``hand`` (a mask): ``play`` (or
    for a Jambone caller ``call``) each card the follow-suit rule allows (``playable``). The
    sets are remembered by mask where they are few: every set that follows suit, and every
    hand where ``few`` (from ``Tables.few_from`` tricks on; ``HandState.apply`` inlines this)."""
    if trick:
        follow = hand & setting.follow[trick[0][1].id]
        if follow:
            hand, few = follow | (hand & setting.joker_free), True
    if calling:
        return legal_call(hand, few)
    if few:
        found = PLAY_CACHE.get(hand)
        return found if found is not None else cache_actions(PLAY_CACHE, A.PLAY, hand)
    return A.play_actions(hand)


def legal_call(hand: int, few: bool) -> tuple[Action, ...]:
    """A Jambone player's cards, named by the opponent who calls them: remembered by mask where
    ``few``, as ``legal_plays`` does."""
    if few:
        found = _CALL_CACHE.get(hand)
        return found if found is not None else cache_actions(_CALL_CACHE, A.CALL, hand)
    return A.call_actions(hand)


def play_card(s: HandState, action: Action) -> StateSlots:
    """A card played (``action``, legal): play's entry of ``HandState.apply``, from the state
    ``s`` to the next state's slots, filled in (``apply`` makes them a state).

    The card joins the trick; the next active seat plays, or, when the trick is complete, its
    winner (``Ranking.trick_winner``, written out) takes it and leads, and the hand is over when
    he has no card left. The next seat's legal plays are ``legal_plays``, written out, on bit
    masks: each seat's cards as play began (``Fixed.hands``) and the cards not yet played. Play
    adds nothing to the log: the tricks tell the cards played (``HandState.steps``), and what
    the hand fixed before play (``s._fixed``) is shared by the next state as it is.

    The commonest step (about 17 of the 21 steps of a random standard hand): ``HandState.apply``
    writes it out, and this is its plain twin (``hand.state``'s docstring says why).
    ``tests/test_follow_rule.py`` holds its legal plays to ``playable``."""
    f = s._fixed
    setting: PlaySetting  # (an annotation only: nothing is done at run time)
    setting, hands = f.play_setting, f.hands  # type: ignore[assignment]  # in play: the hand's setting
    turn = s.turn
    trick = s.trick + PLAYED[turn][action.cid]
    unplayed = s._unplayed - action.bit  # the card's bit leaves the cards still to play
    leader, led = trick[0]
    nxt = setting.next[turn]
    n: Any = StateSlots()
    n._fixed = f
    if nxt != leader:  # the trick goes on
        turn = nxt
        tricks = s._tricks
        hand = hands[turn] & unplayed
        follow = hand & setting.follow[led.id]
        if follow and setting.joker_free:
            follow |= hand & setting.joker_free
    else:  # the trick is complete: its winner takes it and leads
        power = setting.led_power[led.id]
        best = -1
        for seat, card in trick:
            if power[card.id] > best:
                turn, best = seat, power[card.id]
        tricks = s._tricks + ((trick, turn),)  # the cards and the winner (``HandState.tricks`` adds the suit led)
        hand = hands[turn] & unplayed
        if not hand:  # the winner has no card left, nor has anyone: the hand is over
            n.phase, n.to_act, n.is_over = DONE, None, True
            n._legal, n.turn, n.trick = (), None, ()
            n._tricks, n._unplayed = tricks, unplayed
            return n
        trick, follow = (), 0
    # who acts for the next seat, and its legal plays (``legal_plays``, written out)
    if turn == setting.jambone:
        to_act = caller(setting, turn, trick, f.tables.n)
        legal = legal_call(follow or hand, follow != 0 or len(tricks) >= f.tables.few_from)
    else:
        to_act = turn
        if follow or len(tricks) >= f.tables.few_from:
            held = follow or hand
            try:
                legal = PLAY_CACHE[held]
            except KeyError:
                legal = cache_actions(PLAY_CACHE, A.PLAY, held)
        else:
            legal = A.play_actions(hand)
    # the next slots, three at a time (more targets in one assignment build a tuple and unpack it)
    n.phase, n.to_act, n.is_over = PLAY, to_act, False
    n._legal, n.turn, n.trick = legal, turn, trick
    n._tricks, n._unplayed = tricks, unplayed
    return n


def cache_actions(cache: dict[int, tuple[Action, ...]], table: tuple[Action, ...], mask: int) -> tuple[Action, ...]:
    if len(cache) > 200_000:
        cache.clear()
    found = cache[mask] = A.card_actions(table, mask)
    return found

"""The small values a hand is made of: its ``Setup`` (what it fixed before play) and each
completed ``Trick``; and the layout of a state: its fields (``FIELDS``) and its slots
(``StateSlots``)."""
from __future__ import annotations

from typing import Any, NamedTuple

from ..actions import Action
from ..cards import Card, Suit
from .phases import UP_NONE, Phase


class Setup(NamedTuple):
    """Everything a hand fixes before play, as plain numbers (seats, card ids, bit masks).

    ``trump`` 0-3 a suit or 4 no trump; ``maker`` the seat that made it; ``round1`` trump came
    from the turn-up; ``passed_out`` everyone passed; ``alone``/``pat`` the maker plays alone
    (pat: without an exchange or discard); ``maker_exchange`` he takes partner's best;
    ``take_over_asked``; ``sitting`` seats out of play (bit mask); ``up_state`` where the turn-up
    is (``phases.UP_*``) and ``up_holder`` who holds it; ``gift`` a card passed face down
    awaiting partner's best (-1 none); ``exchanges`` ``(lone, gift, partner, best)`` per
    exchange; ``lone_defender``/``defender_exchange``; ``offers`` the seats still to be asked to
    defend alone; ``jambone``; ``jamboree`` the seat that showed one; ``discards_left``;
    ``bid`` the seven-handed bid and ``partners`` the maker's partners; ``side`` the makers'
    seats (mask); ``dead`` cards out of play (mask).
    """

    trump: int | None = None
    maker: int | None = None
    round1: bool = False
    passed_out: bool = False
    alone: bool = False
    pat: bool = False
    maker_exchange: bool = False
    take_over_asked: bool = False
    sitting: int = 0
    up_state: int = UP_NONE
    up_holder: int | None = None
    gift: int = -1
    exchanges: tuple = ()
    lone_defender: int | None = None
    defender_exchange: bool = False
    offers: tuple = ()
    jambone: bool = False
    jamboree: int | None = None
    discards_left: int = 0
    bid: int | None = None
    partners: tuple = ()
    side: int = 0
    dead: int = 0  # last: a hand starts with the blank setup of its turn-up and the rest of the pack


# Where each field of a setup sits, for code that reads a setup kept as a plain tuple
# (``SETUP_INDEX.trump`` is 0): a state keeps its setup so, and makes a ``Setup`` when asked.
SETUP_INDEX = Setup(*range(len(Setup._fields)))


# ---- the fields of a state -------------------------------------------------------------------

# A ``HandState`` keeps its fields in one plain tuple, ``_d``, in this order (a ``state.Draft``
# has them by name). ``tables`` the rule set's ``Tables``; ``deal``; ``phase``; ``to_act`` the
# seat to act; ``turn`` in play, the seat whose card is next; ``trick`` the trick in progress as
# ``(seat, card)`` pairs; ``tricks`` each completed trick as its plays and winner (``HandState.tricks``
# makes them ``Trick``s); ``passed_mask``; ``setup`` a plain tuple (``SETUP_INDEX`` says where each
# field is); ``play_setting`` a ``play.PlaySetting`` once play starts; ``_hands`` the hands as
# play began; ``_unplayed`` the bits of the cards not yet played (``ALL_CARDS`` at the start, kept
# positive as a positive mask ANDs faster); ``_log`` the actions before play, newest first, as
# nested ``(log, seat, action)`` triples.
FIELDS = ("tables", "deal", "phase", "to_act", "turn", "trick", "tricks", "passed_mask", "setup",
          "play_setting", "_hands", "_unplayed", "_log")

# Where each field sits in that tuple, by name: ``data[PHASE]`` is the phase. Constants rather
# than a NamedTuple: an index by a named constant reads as fast as a bare index, where a named
# tuple's attribute read took about 1.6 times as long and building one about 2.5 times a tuple's
# (``bench/hand_state.py --choices``). ``tests/test_state_fields.py`` holds these to FIELDS.
(TABLES, DEAL, PHASE, TO_ACT, TURN, TRICK, TRICKS, PASSED_MASK, SETUP, PLAY_SETTING, HANDS, UNPLAYED,
 LOG) = range(len(FIELDS))


class StateSlots:
    """What a ``HandState`` keeps, slot by slot, set as any slotted object's: the next state
    while a step fills it in. ``HandState`` is this class with no slot added, refusing every
    assignment; ``apply`` makes filled-in slots a state by setting their class (``state.py``
    says why, ``bench/hand_state.py --choices`` times it). ``tests/test_state_fields.py`` holds
    the slots to the fields on every state of seeded hands."""

    # The fields players read at every step (the phase and the seat to act) are slots as well as
    # places of ``_d``: a slot read took about a sixth of a property's (``bench/hand_state.py
    # --choices``). The rest are properties: every slot is one more store at every step.
    __slots__ = ("_d", "_legal", "is_over", "phase", "to_act", "_tricks", "_setup")
    _d: tuple  # the fields, in the order of FIELDS
    _legal: tuple[Action, ...]
    is_over: bool
    phase: Phase  # where the hand stands
    # the seat that must act now (a Jambone caller acts for the Jambone player), None once the hand
    # is over: typed Any, as the code that reads it while the hand goes on knows it is a seat
    to_act: Any
    _tricks: tuple[Trick, ...]  # made from _d when first asked
    _setup: Setup  # made from _d when first asked


class Trick(NamedTuple):
    """A completed trick: ``plays`` the ``(seat, card)`` pairs in the order played, ``led`` the
    suit led (the left bower leads trumps; ``NO_TRUMP`` for the Joker at no trump), ``winner``
    the seat that took it."""

    plays: tuple
    led: Suit
    winner: int

    @property
    def leader(self) -> int:
        return self.plays[0][0]

    @property
    def cards(self) -> tuple:
        return tuple(card for _, card in self.plays)

    @property
    def winning_card(self) -> Card:
        return next(card for seat, card in self.plays if seat == self.winner)

    def __str__(self) -> str:
        cards = " ".join(f"{seat}:{card}" for seat, card in self.plays)
        return f"{cards} (led {self.led.word}, won by seat {self.winner})"

"""The small values a hand is made of: its ``Setup`` (what it fixed before play, in the words a
caller reads) and each completed ``Trick``; what every state of a hand's play shares (``Fixed``);
and the slots of a state (``StateSlots``)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple, NoReturn

from ..actions import Action
from ..cards import Card, Suit
from .phases import UP_NONE, Phase

if TYPE_CHECKING:
    from typing import TypeAlias

    from ..deals import Deal
    from .play import PlaySetting
    from .tables import Tables

    # the actions so far, newest first, as nested ``(log, seat, action)`` triples (None: none yet)
    Log: TypeAlias = tuple["Log", int, Action] | None


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
    exchanges: tuple[tuple[int, int, int, int], ...] = ()
    lone_defender: int | None = None
    defender_exchange: bool = False
    offers: tuple[int, ...] = ()
    jambone: bool = False
    jamboree: int | None = None
    discards_left: int = 0
    bid: int | None = None
    partners: tuple[int, ...] = ()
    side: int = 0
    dead: int = 0  # last: a hand starts with the blank setup of its turn-up and the rest of the pack


# ---- what a hand fixes before play, and the slots of a state ------------------------------------

class FixedSlots:
    """The slots of a ``Fixed``, set as any slotted object's: a ``Fixed`` while a step fills it
    in (``Fixed`` is this class with no slot added, refusing every assignment), or the long way's
    draft of the next state (``steps.Draft``), which has a phase, a seat to act, a turn and a
    trick too (``DRAFT_ONLY``: a ``Fixed`` leaves them unset). One class for both, so that a draft
    becomes a ``Fixed`` by setting its class, and every copy of one is from a ``Fixed`` to this
    class (``hand.state``'s docstring says why)."""

    __slots__ = ("tables", "deal") + Setup._fields + ("hands", "play_setting", "passed_mask", "log",
                                                      "phase", "to_act", "turn", "trick")
    tables: Tables  # the rule set's, shared by every hand under it
    deal: Deal
    trump: int | None
    maker: int | None
    round1: bool
    passed_out: bool
    alone: bool
    pat: bool
    maker_exchange: bool
    take_over_asked: bool
    sitting: int
    up_state: int
    up_holder: int | None
    gift: int
    exchanges: tuple[tuple[int, int, int, int], ...]
    lone_defender: int | None
    defender_exchange: bool
    offers: tuple[int, ...]
    jambone: bool
    jamboree: int | None
    discards_left: int
    bid: int | None
    partners: tuple[int, ...]
    side: int
    dead: int
    hands: tuple[int, ...]  # each seat's cards as play begins, a mask each (bit ``card.id``)
    play_setting: PlaySetting | None  # once play starts, else None
    passed_mask: int | None  # the seats that passed in the bidding, once play starts (before: the state's)
    log: Log  # the actions before play, once play starts
    phase: Phase  # a draft's only, as are the three below
    to_act: Any
    turn: Any
    trick: tuple


# The slots of a draft that a ``Fixed`` leaves unset.
DRAFT_ONLY = ("phase", "to_act", "turn", "trick")
FIXED_FIELDS = FixedSlots.__slots__[:-len(DRAFT_ONLY)]  # what a hand fixes, by name


class Fixed(FixedSlots):
    """What a hand fixes before play, by name: the rule set's tables, the deal, the fields of its
    ``Setup`` (the trump, the maker, who goes alone, the exchanges, the dead cards...), each seat's
    cards as play begins and, once play starts, the ``play.PlaySetting``, the passes and the log of
    the actions before play. Every state of a hand's play shares one; before play, a step that
    changes any of it makes a new one (``copy_fixed``, then set its class). Immutable."""

    __slots__ = ()

    def __setattr__(self, name: str, value: Any) -> NoReturn:
        raise AttributeError(f"what a hand fixed cannot be changed ({name!r})")

    def __delattr__(self, name: str) -> NoReturn:
        raise AttributeError(f"what a hand fixed cannot be changed ({name!r})")

    @property
    def setup(self) -> Setup:
        """Its ``Setup`` fields as one ``Setup``."""
        return Setup(trump=self.trump, maker=self.maker, round1=self.round1, passed_out=self.passed_out,
                     alone=self.alone, pat=self.pat, maker_exchange=self.maker_exchange,
                     take_over_asked=self.take_over_asked, sitting=self.sitting, up_state=self.up_state,
                     up_holder=self.up_holder, gift=self.gift, exchanges=self.exchanges,
                     lone_defender=self.lone_defender, defender_exchange=self.defender_exchange,
                     offers=self.offers, jambone=self.jambone, jamboree=self.jamboree,
                     discards_left=self.discards_left, bid=self.bid, partners=self.partners, side=self.side,
                     dead=self.dead)


def copy_fixed(f: Fixed, n: FixedSlots) -> FixedSlots:
    """Set every field of ``n`` (a ``FixedSlots``) that a hand fixes to that of ``f``, by name
    (``FIXED_FIELDS``), and return ``n``: written out, as this is done at most steps before play
    (``hand.state``'s docstring says why; ``tests/test_state_fields.py`` holds it to every field)."""
    n.tables = f.tables
    n.deal = f.deal
    n.trump = f.trump
    n.maker = f.maker
    n.round1 = f.round1
    n.passed_out = f.passed_out
    n.alone = f.alone
    n.pat = f.pat
    n.maker_exchange = f.maker_exchange
    n.take_over_asked = f.take_over_asked
    n.sitting = f.sitting
    n.up_state = f.up_state
    n.up_holder = f.up_holder
    n.gift = f.gift
    n.exchanges = f.exchanges
    n.lone_defender = f.lone_defender
    n.defender_exchange = f.defender_exchange
    n.offers = f.offers
    n.jambone = f.jambone
    n.jamboree = f.jamboree
    n.discards_left = f.discards_left
    n.bid = f.bid
    n.partners = f.partners
    n.side = f.side
    n.dead = f.dead
    n.hands = f.hands
    n.play_setting = f.play_setting
    n.passed_mask = f.passed_mask
    n.log = f.log
    return n


def blank_fixed(tables: Tables, deal: Deal, up_state: int) -> Fixed:
    """What a hand has fixed at its deal: nothing but the tables, the deal, where the turn-up
    lies, the cards dealt and the undealt cards (dead)."""
    n: Any = FixedSlots()
    n.tables, n.deal = tables, deal
    n.trump = n.maker = n.up_holder = n.lone_defender = n.jamboree = n.bid = None
    n.round1 = n.passed_out = n.alone = n.pat = n.maker_exchange = n.take_over_asked = False
    n.defender_exchange = n.jambone = False
    n.sitting = n.discards_left = n.side = 0
    n.up_state, n.gift, n.exchanges, n.offers, n.partners = up_state, -1, (), (), ()
    n.dead, n.hands = deal.rest_mask, deal.masks
    n.play_setting = n.passed_mask = n.log = None
    n.__class__ = Fixed
    return n


class StateSlots:
    """What a ``HandState`` keeps, slot by slot, each by name, set as any slotted object's: the
    next state while a step fills it in. ``HandState`` is this class with no slot added, refusing
    every assignment; ``apply`` makes filled-in slots a state by setting their class (``hand.state``'s
    docstring says why).

    ``phase``, ``to_act``, ``is_over`` and the legal actions are read at every step; ``fixed`` is
    the ``Fixed`` the state shares with the others of its hand's play. Before play, ``_passed`` and
    ``_log`` hold the passes and the actions so far (in play they are the ``Fixed``'s, and these
    are left unset); ``turn``, ``trick``, ``_tricks`` (each completed trick as its plays and
    winner) and ``_unplayed`` (the cards not yet played) change in play."""

    __slots__ = ("phase", "to_act", "is_over", "_legal", "_fixed", "turn", "trick", "_tricks", "_unplayed",
                 "_passed", "_log", "_tricks_made", "_setup_made")
    phase: Phase  # where the hand stands
    # the seat that must act now (a Jambone caller acts for the Jambone player), None once the hand
    # is over: typed Any, as the code that reads it while the hand goes on knows it is a seat
    to_act: Any
    is_over: bool
    _legal: tuple[Action, ...]
    _fixed: Fixed
    turn: Any  # in play, the seat whose card is next (a seat while the hand is in play), else None
    trick: tuple  # the trick in progress, ``(seat, card)`` pairs in the order played
    _tricks: tuple  # the completed tricks, each ``(plays, winner)``
    _unplayed: int  # the bits of the cards not yet played
    _passed: int  # before play: the seats that have passed
    _log: Log  # before play: the actions so far
    _tricks_made: tuple[Trick, ...]  # the ``Trick``s, made when first asked
    _setup_made: Setup  # the ``Setup``, made when first asked


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

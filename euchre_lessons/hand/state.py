"""The hand as a value: ``HandState``, with its ``Setup`` and completed ``Trick``s.

>>> from euchre_lessons import deal, HandState
>>> s = HandState.start(deal("standard", seed=7))
>>> s.phase, s.to_act, s.legal_actions()
(<Phase.ROUND1: 'first round'>, 1, (Action.parse('order up'), Action.parse('pass')))
>>> t = s.apply("pass")            # a new state; ``s`` is unchanged

A state is a tuple underneath, so nothing can be assigned to it; ``apply`` returns a new one
that carries the actions so far (``history``), and ``undo()`` replays all but the last. Its
``repr`` is a replay that can be pasted back. The order of decisions is rule book section J:
``bidding``, then ``declaring``, then ``play``, each phase applied to a ``Draft`` of the next
state, which is frozen into a new state at once.
"""
from __future__ import annotations

from typing import NamedTuple

from .. import actions as A
from ..actions import Action
from ..cards import CARDS, JOKER_ID, Card, Suit, cards_of
from ..deals import Deal
from ..errors import DealError, IllegalActionError, NotOverError
from ..table import role, seat_name
from . import bidding as B
from . import declaring as D
from .phases import DONE, PLAY, UP_LYING, UP_NONE, Phase
from .play import PLAY_CACHE, cache_actions, caller, legal_call, playable
from .tables import tables_of

_SUITS = tuple(Suit)


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
    ``dead`` cards out of play (mask); ``bid`` the seven-handed bid and ``partners`` the maker's
    partners; ``side`` the makers' seats (mask).
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
    dead: int = 0
    bid: int | None = None
    partners: tuple = ()
    side: int = 0


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


class SetupDraft:
    """A ``Setup`` being changed by one action (see ``Draft``)."""

    __slots__ = Setup._fields


def _codegen():
    # Straight-line copies between a Setup and its draft: every non-play action makes one.
    names = ", ".join(f"d.{f}" for f in Setup._fields)
    scope = {"_new": object.__new__, "_make": tuple.__new__, "SetupDraft": SetupDraft, "Setup": Setup}
    exec(f"def thaw(s):\n    d = _new(SetupDraft)\n    {names}, = s\n    return d\n"
         f"def freeze(d):\n    return _make(Setup, ({names},))\n", scope)
    return scope["thaw"], scope["freeze"]


_thaw, _freeze = _codegen()
_new = tuple.__new__
_BLANK = Setup()


class Draft:
    """The next state while one action is applied: the state's fields, changeable, and its
    setup (``b``) copied on first use. ``freeze()`` makes the new ``HandState``."""

    __slots__ = ("tables", "deal", "phase", "to_act", "hand_masks", "trick", "turn", "done", "passed", "setup",
                 "play", "played", "log", "_b")

    @property
    def b(self) -> SetupDraft:
        b = self._b
        if b is None:
            b = self._b = _thaw(self.setup)
        return b

    def freeze(self) -> "HandState":
        setup = self.setup if self._b is None else _freeze(self._b)
        return _new(HandState, (self.tables, self.deal, self.phase, self.to_act, self.hand_masks, self.trick,
                                self.turn, self.done, self.passed, setup, self.play, self.played, self.log,
                                self.phase is DONE))


def _draft(s, log) -> Draft:
    d = object.__new__(Draft)
    (d.tables, d.deal, d.phase, d.to_act, d.hand_masks, d.trick, d.turn, d.done, d.passed, d.setup, d.play,
     d.played, _, _) = s
    d.log, d._b = log, None
    return d


_LEGAL = {
    Phase.ROUND1: B.legal_round1, Phase.ROUND2: B.legal_round2, Phase.BLIND: B.legal_blind,
    Phase.AUCTION: B.legal_auction, Phase.WIDOW: B.legal_widow, Phase.TRUMP: B.legal_trump,
    Phase.PARTNERS: B.legal_partners, Phase.ALONE: D.legal_alone, Phase.TAKE_OVER: D.legal_take_over,
    Phase.GIVE: D.legal_give, Phase.BEST: D.legal_best, Phase.JAMBONE: D.legal_jambone,
    Phase.DEFEND: D.legal_defend, Phase.DISCARD: D.legal_dealer_discard, Phase.JAMBOREE: D.legal_jamboree,
    Phase.DONE: lambda s: (),
}
_APPLY = {
    Phase.ROUND1: B.apply_round1, Phase.ROUND2: B.apply_round2, Phase.BLIND: B.apply_blind,
    Phase.AUCTION: B.apply_auction, Phase.WIDOW: B.apply_discard, Phase.TRUMP: B.apply_trump,
    Phase.PARTNERS: B.apply_partner, Phase.ALONE: D.apply_alone, Phase.TAKE_OVER: D.apply_take_over,
    Phase.GIVE: D.apply_give, Phase.BEST: D.apply_best, Phase.JAMBONE: D.apply_jambone,
    Phase.DEFEND: D.apply_defend, Phase.DISCARD: B.apply_discard, Phase.JAMBOREE: D.apply_jamboree,
}
_PLAY_TABLE, _CALL_TABLE = A.PLAY, A.CALL
_play_actions = A.play_actions


def _field(i: int, doc: str) -> property:
    from operator import itemgetter

    return property(itemgetter(i), doc=doc)


class HandState(tuple):
    """One hand, from the deal to the score. A value: ``apply`` returns a new state.

    Build one with ``HandState.start(deal)`` or ``HandState.replay(deal, actions)``.
    """

    __slots__ = ()

    def __new__(cls, *args, **kwargs):
        raise TypeError("make a HandState with HandState.start(deal) or HandState.replay(deal, actions)")

    @classmethod
    def start(cls, deal: Deal | str) -> "HandState":
        """The state before the first decision of a dealt hand (a ``Deal`` or its one-line text)."""
        if deal.__class__ is not Deal:
            deal = _as_deal(deal)
        rules = deal.rules
        t = tables_of(rules)
        dealer = deal.dealer
        first = (dealer + 1) % t.n
        if rules.bidding == "auction":
            phase, to_act, up = Phase.AUCTION, first, UP_NONE
        elif deal.upcard.id == JOKER_ID and rules.joker_turnup_rule == "dealer_names_blind":
            phase, to_act, up = Phase.BLIND, dealer, UP_LYING
        else:
            phase, to_act, up = Phase.ROUND1, first, UP_LYING
        setup = _BLANK._replace(dead=deal.rest_mask, up_state=up)
        return _new(cls, (t, deal, phase, to_act, deal.masks, (), None, (), 0, setup, None, 0, None, False))

    @classmethod
    def replay(cls, deal: Deal | str, actions=(), rules=None) -> "HandState":
        """The state after ``actions`` (Actions or their text, or one text with commas) from a
        deal (a ``Deal`` or its one-line text, read under ``rules`` if given)."""
        if isinstance(deal, str):
            deal = Deal.parse(deal, rules)
        state = cls.start(deal)
        if isinstance(actions, str):
            actions = [a for a in actions.split(",") if a.strip()]
        for action in actions:
            state = state.apply(action)
        return state

    # ---- the fields -----------------------------------------------------------------------

    tables = _field(0, "The rule set's derived tables (what the phases read; ``hand.tables``).")
    deal = _field(1, "The ``Deal`` this hand was dealt from.")
    phase = _field(2, "Where the hand stands: a ``Phase``.")
    to_act = _field(3, "The seat that must act now (a Jambone caller acts for the Jambone player); None when over.")
    hand_masks = _field(4, "Each seat's cards now, as bit masks (bit ``card.id``).")
    trick = _field(5, "The trick in progress: ``(seat, card)`` pairs in the order played.")
    turn = _field(6, "In play, the seat whose card is next (differs from ``to_act`` when a card is called).")
    tricks = _field(7, "The completed tricks, as ``Trick`` values in order.")
    passed_mask = _field(8, "Seats that have passed in the bidding so far, one bit per seat.")
    setup = _field(9, "What the hand fixed before play: a ``Setup``.")
    play_setting = _field(10, "In play, the ``play.PlaySetting`` (follow masks, seating); else None.")
    played_mask = _field(11, "Every card played so far (completed tricks and the trick in progress), as a mask.")
    is_over = _field(13, "True once the hand is over (played out, passed out, or a Jamboree that ends it).")

    # ---- legal actions and apply ------------------------------------------------------------

    def legal_actions(self) -> tuple:
        """The actions the seat to act may take now, in a fixed order (empty when the hand is over)."""
        t, _, phase, to_act, hands, trick, turn, _, _, _, setting, _, _, _ = self
        if phase is not PLAY:
            return _LEGAL[phase](self)
        # the follow-suit rule (play.playable), inlined: this runs at every card
        hand = hands[turn]
        remember = t.few_hands
        if trick:
            follow = hand & setting.follow[trick[0][1].id]
            if follow:  # the cards that follow suit: few such sets, so remembered
                hand = follow | (hand & setting.joker_free)
                remember = True
        if to_act != turn:
            return legal_call(hand)
        if remember:
            found = PLAY_CACHE.get(hand)
            return found if found is not None else cache_actions(PLAY_CACHE, _PLAY_TABLE, hand)
        return _play_actions(hand)  # too many possible hands to remember: joined from suits

    def apply(self, action) -> "HandState":
        """The state after ``action`` (an ``Action`` or its text). Raises ``IllegalActionError``
        (``NotationError`` for text that is no action) and leaves this state as it was if the
        action is not legal now."""
        t, deal, phase, to_act, hands, trick, turn, done, passed, setup, setting, played, log, _ = self
        if phase is not PLAY:
            legal = _LEGAL[phase](self)
            if action not in legal:
                if action.__class__ is not Action:
                    action = self.parse_action(action)
                if action not in legal:
                    raise IllegalActionError(self._illegal(action))
            d = _draft(self, (log, to_act, action))
            _APPLY[phase](d, action)
            return d.freeze()
        # a card is played: the follow-suit rule (play.playable) inlined, as in legal_actions
        hand = hands[turn]
        if trick:
            follow = hand & setting.follow[trick[0][1].id]
            if follow:
                hand = follow | (hand & setting.joker_free)
        if action.__class__ is not Action:
            action = self.parse_action(action)
        bit = action.bit
        if not bit & hand or action is not (_PLAY_TABLE if to_act == turn else _CALL_TABLE)[action.cid]:
            raise IllegalActionError(self._illegal(action))
        masks = list(hands)
        masks[turn] ^= bit
        masks = tuple(masks)
        trick += ((turn, action.arg),)
        log = (log, to_act, action)
        if len(trick) < setting.active:
            turn = setting.next[turn]
            to_act = turn if turn != setting.jambone else caller(setting, turn, trick, t.n)
            return _new(HandState, (t, deal, PLAY, to_act, masks, trick, turn, done, passed, setup, setting,
                                    played | bit, log, False))
        # the trick is complete: its winner takes it and leads (Ranking.trick_winner, inlined)
        led = trick[0][1].id
        power = setting.led_power[led]
        best = -1
        for seat, card in trick:
            if power[card.id] > best:
                winner, best = seat, power[card.id]
        done += (_new(Trick, (trick, _SUITS[setting.eff_suit[led]], winner)),)
        if len(done) == t.hand_size:
            return _new(HandState, (t, deal, DONE, None, masks, (), None, done, passed, setup, setting,
                                    played | bit, log, True))
        to_act = winner if winner != setting.jambone else caller(setting, winner, (), t.n)
        return _new(HandState, (t, deal, PLAY, to_act, masks, (), winner, done, passed, setup, setting,
                                played | bit, log, False))

    def _illegal(self, action) -> str:
        from .explain import illegal_message

        return illegal_message(self, action)

    def parse_action(self, text) -> Action:
        """Read an action's text; the accept words of round 1 are synonyms of each other, and
        ``play`` names a Jambone card for the seat that calls it."""
        action = Action.parse(text)
        if action in A.ACCEPTS and self.phase is Phase.ROUND1:
            for legal in self.legal_actions():
                if legal in A.ACCEPTS:
                    return legal
        if action.kind == "play" and self.phase is PLAY and self.to_act != self.turn:
            return A.CALL[action.arg.id]
        return action

    def playable_mask(self) -> int:
        """In play, the cards the seat whose turn it is may play (the follow-suit rule,
        ``play.playable``), as a bit mask; 0 outside play."""
        setting = self.play_setting
        if self.phase is not PLAY:
            return 0
        trick = self.trick
        return playable(self.hand_masks[self.turn], trick[0][1].id if trick else None, setting.rule)

    def undo(self) -> "HandState":
        """The state before the last action, equal to the one it came from (replayed from the
        deal: a hand has a few dozen actions, so this is cheap). The start undoes to itself."""
        if self[12] is None:
            return self
        return HandState.replay(self.deal, self.history[:-1])

    def result(self):
        """The hand's result: tricks per seat and side, points, and an explanation in words."""
        if not self.is_over:
            raise NotOverError(f"the hand is not over: {self.describe_seat(self.to_act)} is to act in the "
                               f"{self.phase}; play on until is_over before asking for the result")
        from ..outcome import hand_result

        return hand_result(self)

    def view(self, seat: int):
        """What ``seat`` can see: its own hand and what lies on the table (see ``SeatView``)."""
        from .view import SeatView

        return SeatView(self, seat)

    # ---- what happened so far -----------------------------------------------------------

    @property
    def steps(self) -> tuple:
        """``(seat, action)`` for every action since the deal, in order."""
        out, log = [], self[12]
        while log is not None:
            log, seat, action = log
            out.append((seat, action))
        return tuple(reversed(out))

    @property
    def history(self) -> tuple:
        """Every action taken since the deal, in order."""
        return tuple(action for _, action in self.steps)

    @property
    def last_action(self) -> Action | None:
        log = self[12]
        return None if log is None else log[2]

    # ---- the public facts, in the words of the game ---------------------------------------

    @property
    def rules(self):
        return self.deal.rules

    @property
    def players(self) -> int:
        return self.tables.n

    @property
    def dealer(self) -> int:
        return self.deal.dealer

    @property
    def upcard(self) -> Card | None:
        return self.deal.upcard

    @property
    def passed_out(self) -> bool:
        return self.setup.passed_out

    @property
    def trump(self) -> Suit | None:
        """The trump suit, ``Suit.NO_TRUMP``, or None before it is fixed."""
        trump = self.setup.trump
        return None if trump is None else _SUITS[trump]

    @property
    def maker(self) -> int | None:
        return self.setup.maker

    @property
    def alone(self) -> bool:
        return self.setup.alone

    @property
    def pat(self) -> bool:
        return self.setup.pat

    @property
    def lone_defender(self) -> int | None:
        return self.setup.lone_defender

    @property
    def jambone(self) -> bool:
        return self.setup.jambone

    @property
    def jamboree(self) -> int | None:
        """The seat that announced a Jamboree, if any."""
        return self.setup.jamboree

    @property
    def bid(self) -> int | None:
        return self.setup.bid

    @property
    def partners(self) -> tuple:
        """Seven-handed: the maker's three partners."""
        return self.setup.partners

    @property
    def makers_mask(self) -> int:
        """The makers' seats, one bit each, once trump (and, seven-handed, the partners) is fixed."""
        return self.setup.side

    @property
    def sitting_mask(self) -> int:
        """Seats that sit out, one bit each."""
        return self.setup.sitting

    @property
    def exchanges(self) -> tuple:
        """``(lone seat, card given, partner, best card)`` for each partner's-best exchange."""
        return tuple((a, CARDS[g], b, CARDS[c]) for a, g, b, c in self.setup.exchanges)

    @property
    def pending_gift(self) -> Card | None:
        """The card a lone player has passed face down, before his partner's best comes back."""
        gift = self.setup.gift
        return None if gift < 0 else CARDS[gift]

    @property
    def upcard_lying(self) -> bool:
        """The turn-up still lies face up on the pack (round 1, or until the dealer takes it)."""
        return self.setup.up_state == UP_LYING

    def hand(self, seat: int) -> tuple[Card, ...]:
        """The cards a seat holds now."""
        return cards_of(self.hand_masks[seat])

    @property
    def hands(self) -> tuple:
        return tuple(cards_of(m) for m in self.hand_masks)

    def sits_out(self, seat: int) -> bool:
        return bool(self.setup.sitting >> seat & 1)

    @property
    def active_seats(self) -> tuple:
        return tuple(s for s in range(self.players) if not self.setup.sitting >> s & 1)

    def side_of(self, seat: int) -> str:
        """``makers`` or ``defenders`` once trump is fixed."""
        return "makers" if self.setup.side >> seat & 1 else "defenders"

    @property
    def tricks_won(self) -> tuple:
        """Tricks taken by each seat so far."""
        won = [0] * self.players
        for trick in self.tricks:
            won[trick.winner] += 1
        return tuple(won)

    @property
    def dead_cards(self) -> tuple:
        """Cards out of play: the undealt rest, discards, a turn-up left dead."""
        return cards_of(self.setup.dead)

    def describe_seat(self, seat: int) -> str:
        return f"{seat_name(seat, self.players)} ({role(seat, self.dealer, self.players)})"

    # ---- equality, hashing and display --------------------------------------------------

    def _key(self) -> tuple:
        return self[1:10]  # the deal, the phase, who acts, hands, tricks, passes and the setup

    def __eq__(self, other) -> bool:
        return isinstance(other, HandState) and self[1:10] == other[1:10]

    def __ne__(self, other) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return hash(self[1:10])

    def __reduce__(self):
        return (HandState.replay, (self.deal, tuple(map(str, self.history))))

    def __repr__(self) -> str:
        actions = ", ".join(map(str, self.history))
        return f"HandState.replay({str(self.deal)!r}, {actions!r}{_rules_argument(self.deal)})"

    def __str__(self) -> str:
        from ..render import state_text

        return state_text(self)

    def _repr_html_(self) -> str:
        from ..render import state_html

        return state_html(self)


def _rules_argument(deal: Deal) -> str:
    """Nothing for a preset's own rules (the deal's line names them), else ``rules=...``."""
    from .. import rules as _rules

    name = deal.rules.name
    if name in _rules.names() and _rules.load(name) == deal.rules:
        return ""
    return f", rules={deal.rules!r}"


def _as_deal(deal) -> Deal:
    if isinstance(deal, str):
        return Deal.parse(deal)
    if isinstance(deal, Deal):
        return deal
    raise DealError(f"HandState.start needs a Deal (from deal(rules, seed=...) or Deal.parse(text)), "
                    f"not {deal!r} of type {type(deal).__name__}")

"""The hand as a value: ``HandState``, with its ``Setup`` and completed ``Trick``s.

>>> from euchre_lessons import deal, HandState
>>> s = HandState.start(deal("standard", seed=7))
>>> s.phase, s.to_act, s.legal_actions()
(<Phase.ROUND1: 'first round'>, 1, (Action.parse('order up'), Action.parse('pass')))
>>> t = s.apply("pass")            # a new state; ``s`` is unchanged

Nothing can be assigned to a state; ``apply`` returns a new one that carries the actions so far
(``history``), and ``undo()`` replays all but the last. Its ``repr`` is a replay that can be
pasted back. The order of decisions is rule book section J: ``bidding``, then ``declaring``,
then ``play``.

A state keeps its fields in one plain tuple, ``_d``, in the order of ``values.FIELDS``, read by
the named places ``values.PHASE``, ``values.SETUP`` and so on, and a few of them as slots too
(``values.StateSlots``). ``apply`` has one path: a card played is ``play.play_card``, which
fills in the next state's slots; any other action takes the short path of ``shortcuts`` that
applies, if one does, else the long way (``_long_way``), the phase's ``apply_*`` on a ``Draft``
(the fields by name) of the next state. Either gives the next fields and legal actions, from
which ``_made`` makes the state.
"""
from __future__ import annotations

from typing import Any

from .. import actions as A
from .. import rules as _rules
from ..actions import Action
from ..cards import ALL_CARDS, CARDS, JOKER_ID, Card, Suit, cards_of
from ..deals import Deal
from ..errors import DealError, IllegalActionError, NotOverError
from ..result import hand_result
from ..table import role, seat_name
from . import bidding as B
from . import declaring as D
from . import play as P
from .explain import illegal_message
from .phases import DONE, PLAY, ROUND1, UP_LYING, UP_NONE, Phase
from .play import caller, play_card, playable
from .shortcuts import short_path
from .tables import tables_of
from .values import (
    DEAL,
    FIELDS,
    HANDS,
    LOG,
    PASSED_MASK,
    PHASE,
    PLAY_SETTING,
    SETUP,
    SETUP_INDEX,
    TABLES,
    TO_ACT,
    TRICK,
    TRICKS,
    TURN,
    UNPLAYED,
    Setup,
    StateSlots,
    Trick,
)
from .view import view_of

_SUITS = tuple(Suit)
_tuple = tuple.__new__
_TRUMP, _UP_STATE = SETUP_INDEX.trump, SETUP_INDEX.up_state
# A blank setup for each place of the turn-up, but its last field, ``dead`` (the undealt cards).
_BLANK_BUT_DEAD = tuple(tuple(Setup(up_state=up))[:-1] for up in range(4))

_LEGAL = {
    Phase.ROUND1: B.legal_round1, Phase.ROUND2: B.legal_round2, Phase.BLIND: B.legal_blind,
    Phase.AUCTION: B.legal_auction, Phase.WIDOW: B.legal_widow, Phase.TRUMP: B.legal_trump,
    Phase.PARTNERS: B.legal_partners, Phase.ALONE: D.legal_alone, Phase.TAKE_OVER: D.legal_take_over,
    Phase.GIVE: D.legal_give, Phase.BEST: D.legal_best, Phase.JAMBONE: D.legal_jambone,
    Phase.DEFEND: D.legal_defend, Phase.DISCARD: D.legal_dealer_discard, Phase.JAMBOREE: D.legal_jamboree,
    Phase.PLAY: lambda d: P.legal_plays(d._hands[d.turn] & d._unplayed, d.trick, d.play_setting,
                                        d.to_act != d.turn, d.tables.few_hands),
    Phase.DONE: lambda d: (),
}
_APPLY = {
    Phase.ROUND1: B.apply_round1, Phase.ROUND2: B.apply_round2, Phase.BLIND: B.apply_blind,
    Phase.AUCTION: B.apply_auction, Phase.WIDOW: B.apply_discard, Phase.TRUMP: B.apply_trump,
    Phase.PARTNERS: B.apply_partner, Phase.ALONE: D.apply_alone, Phase.TAKE_OVER: D.apply_take_over,
    Phase.GIVE: D.apply_give, Phase.BEST: D.apply_best, Phase.JAMBONE: D.apply_jambone,
    Phase.DEFEND: D.apply_defend, Phase.DISCARD: B.apply_discard, Phase.JAMBOREE: D.apply_jamboree,
}


def _field(i: int, doc: str) -> property:
    return property(lambda self: self._d[i], doc=doc)


def _from_setup(name: str, doc: str) -> property:
    i = Setup._fields.index(name)
    return property(lambda self: self._d[SETUP][i], doc=doc)  # the setup as kept, a plain tuple


class HandState(StateSlots):
    """One hand, from the deal to the score. A value: ``apply`` returns a new state, and
    nothing can be assigned to a state.

    Build one with ``HandState.start(deal)`` or ``HandState.replay(deal, actions)``. Its fields
    are below; ``is_over`` says whether the hand is over.
    """

    # Its slots are those of ``values.StateSlots`` (``_d``, the fields; ``_legal``; ``is_over``;
    # ``phase`` and ``to_act``, read by the players at every step): it adds none.
    __slots__ = ()

    def __init__(self, *args, **kwargs):
        raise TypeError("make a HandState with HandState.start(deal) or HandState.replay(deal, actions)")

    def __setattr__(self, name, value):
        raise AttributeError(f"a HandState cannot be changed ({name!r}): apply an action to get the next state")

    def __delattr__(self, name):
        raise AttributeError(f"a HandState cannot be changed ({name!r}): apply an action to get the next state")

    tables = _field(TABLES, "The rule set's derived tables (``hand.tables``): what the phases read.")
    deal = _field(DEAL, "The ``Deal`` this hand was dealt from.")
    turn = _field(TURN, "In play, the seat whose card is next (differs from ``to_act`` when a card is called).")
    trick = _field(TRICK, "The trick in progress: ``(seat, card)`` pairs in the order played.")
    passed_mask = _field(PASSED_MASK, "The seats that have passed in the bidding so far, one bit each.")

    @property
    def setup(self) -> Setup:
        """What the hand fixed before play: a ``Setup``."""
        try:
            return self._setup
        except AttributeError:  # the steps keep it as a plain tuple: made a Setup when asked
            made = _tuple(Setup, self._d[SETUP])
            object.__setattr__(self, "_setup", made)
            return made
    play_setting = _field(PLAY_SETTING, "In play, the ``play.PlaySetting`` (follow masks, seating); None before.")

    @property
    def tricks(self) -> tuple:
        """The completed tricks, ``Trick`` values in order."""
        try:
            return self._tricks
        except AttributeError:  # play keeps each trick as its cards and winner; the Trick is made when asked
            setting, kept = self._d[PLAY_SETTING], self._d[TRICKS]
            made = tuple([_tuple(Trick, (plays, _SUITS[setting.eff_suit[plays[0][1].id]], winner))
                          for plays, winner in kept]) if kept else ()
            object.__setattr__(self, "_tricks", made)
            return made

    @classmethod
    def start(cls, deal: Deal | str) -> HandState:
        """The state before the first decision of a dealt hand (a ``Deal`` or its one-line text)."""
        if deal.__class__ is not Deal:
            deal = _as_deal(deal)
        rules = deal.rules
        t = tables_of(rules)
        dealer = deal.dealer
        first = (dealer + 1) % t.n
        if t.auction:
            phase, to_act, up, legal = Phase.AUCTION, first, UP_NONE, B.AUCTION_OPENING
        # a hand bid on a turn-up has one: only an auction deal (above) has none
        elif deal.upcard.id == JOKER_ID and rules.joker_turnup_rule == "dealer_names_blind":  # type: ignore[union-attr]
            phase, to_act, up, legal = Phase.BLIND, dealer, UP_LYING, A.MAKE[:4]
        else:
            phase, to_act, up = ROUND1, first, UP_LYING
            legal = t.round1[dealer][first]
        # the fields, in the order of FIELDS: no turn, trick or tricks yet, no passes, no play setting
        return _made((t, deal, phase, to_act, None, (), (), 0, _BLANK_BUT_DEAD[up] + (deal.rest_mask,), None,
                      deal.masks, ALL_CARDS, None), legal)

    @classmethod
    def replay(cls, deal: Deal | str, actions=(), rules=None) -> HandState:
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

    # ---- legal actions and apply ------------------------------------------------------------

    def legal_actions(self) -> tuple:
        """The actions the seat to act may take now, in a fixed order (empty when the hand is over)."""
        return self._legal

    def apply(self, action) -> HandState:
        """The state after ``action`` (an ``Action`` or its text). Raises ``IllegalActionError``
        (``NotationError`` for text that is no action) and leaves this state as it was if the
        action is not legal now."""
        legal = self._legal
        if action not in legal:  # actions are interned: an Action from ``legal`` is found at once
            if action.__class__ is not Action:
                action = self.parse_action(action)
            if action not in legal:
                raise IllegalActionError(self._illegal(action))
        if self.phase is PLAY:  # a card played, the commonest step: play fills in the next state's slots
            n: Any = play_card(self._d, action)
            n.__class__ = HandState  # the slots filled in become a state ("How a state is made", below)
            return n
        # a short path of ``shortcuts`` where one applies, else the long way, the phase's own step
        short = short_path(self, action)
        data, legal = short(self, action) if short is not None else _long_way(self, action)
        return _made(data, legal)

    def _illegal(self, action) -> str:
        return illegal_message(self, action)

    def parse_choice(self, action):
        """What a person means by ``action`` here: an ``Action`` as it is, else its text as
        ``parse_action`` reads it, a card alone in play being that card played ("JH")."""
        if isinstance(action, str) and self.phase is PLAY and len(action.split()) == 1:
            action = "play " + action
        return self.parse_action(action) if isinstance(action, (str, Action)) else action

    def parse_action(self, text) -> Action:
        """Read an action's text; the accept words of round 1 are synonyms of each other, and
        ``play`` names a Jambone card for the seat that calls it."""
        action = Action.parse(text)
        if action in A.ACCEPTS and self.phase is Phase.ROUND1:
            for legal in self._legal:
                if legal in A.ACCEPTS:
                    return legal
        if action.kind == "play" and self.phase is PLAY and self.to_act != self.turn:
            return A.CALL[action.arg.id]
        return action

    @property
    def hand_masks(self) -> tuple:
        """Each seat's cards now, as bit masks (bit ``card.id``)."""
        hands, unplayed = self._d[HANDS], self._d[UNPLAYED]
        return hands if unplayed == ALL_CARDS else tuple(h & unplayed for h in hands)

    def hand_mask(self, seat: int) -> int:
        """The cards ``seat`` holds now, as a bit mask."""
        return self._d[HANDS][seat] & self._d[UNPLAYED]

    @property
    def played_mask(self) -> int:
        """Every card played so far (the completed tricks and the trick in progress), as a mask."""
        return self._d[UNPLAYED] ^ ALL_CARDS

    def playable_mask(self) -> int:
        """In play, the cards the seat whose turn it is may play (the follow-suit rule,
        ``play.playable``), as a bit mask; 0 outside play."""
        if self.phase is not PLAY:
            return 0
        data = self._d
        trick = data[TRICK]
        return playable(data[HANDS][data[TURN]] & data[UNPLAYED], trick[0][1].id if trick else None,
                        data[TABLES].follow_rules[data[SETUP][_TRUMP]])

    def undo(self) -> HandState:
        """The state before the last action, equal to the one it came from (replayed from the
        deal: a hand has a few dozen actions, so this is cheap). The start undoes to itself."""
        data = self._d
        if data[LOG] is None and not data[TRICK] and not data[TRICKS]:
            return self
        return HandState.replay(self.deal, self.history[:-1])

    def result(self):
        """The hand's result: tricks per seat and side, points, and an explanation in words."""
        if not self.is_over:
            raise NotOverError(f"the hand is not over: {self.describe_seat(self.to_act)} is to act in the "
                               f"{self.phase}; play on until is_over before asking for the result")

        return hand_result(self)

    # What ``seat`` can see: its own hand and what lies on the table (a ``SeatView``).
    view = view_of

    # ---- what happened so far -----------------------------------------------------------

    @property
    def steps(self) -> tuple:
        """``(seat, action)`` for every action since the deal, in order."""
        data = self._d
        out, log = [], data[LOG]
        while log is not None:  # the actions before play, newest first
            log, seat, action = log
            out.append((seat, action))
        out.reverse()
        setting, n = data[PLAY_SETTING], data[TABLES].n
        if setting is not None:  # the cards played, from the tricks (play adds nothing to the log)
            for plays in [trick[0] for trick in data[TRICKS]] + [data[TRICK]]:
                out += (_card_step(setting, plays, i, n) for i in range(len(plays)))
        return tuple(out)

    @property
    def history(self) -> tuple:
        """Every action taken since the deal, in order."""
        return tuple(action for _, action in self.steps)

    @property
    def last_action(self) -> Action | None:
        data = self._d
        trick, tricks = data[TRICK], data[TRICKS]
        if trick or tricks:
            plays = trick or tricks[-1][0]
            return _card_step(data[PLAY_SETTING], plays, len(plays) - 1, data[TABLES].n)[1]
        log = data[LOG]
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
    def trump(self) -> Suit | None:
        """The trump suit, ``Suit.NO_TRUMP``, or None before it is fixed."""
        trump = self._d[SETUP][_TRUMP]
        return None if trump is None else _SUITS[trump]

    passed_out = _from_setup("passed_out", "Everyone passed: the hand is over unplayed.")
    maker = _from_setup("maker", "The seat that made trump (after a take-over, the partner who took it).")
    alone = _from_setup("alone", "The maker plays alone.")
    pat = _from_setup("pat", "The lone maker plays pat: without exchange or discard.")
    lone_defender = _from_setup("lone_defender", "The seat that defends alone, if any.")
    jambone = _from_setup("jambone", "The lone maker plays a Jambone: his hand face up, his cards called.")
    jamboree = _from_setup("jamboree", "The seat that announced a Jamboree, if any.")
    bid = _from_setup("bid", "Seven-handed: the winning bid.")
    partners = _from_setup("partners", "Seven-handed: the maker's three partners.")
    makers_mask = _from_setup("side", "The makers' seats, one bit each, once trump (and, seven-handed, the partners) is fixed.")
    sitting_mask = _from_setup("sitting", "Seats that sit out, one bit each.")

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
        return self._d[SETUP][_UP_STATE] == UP_LYING

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
    def winning_seat(self) -> int | None:
        """The seat whose card is winning the trick in progress (None with no card on the table)."""
        trick = self.trick
        if not trick:
            return None
        return self.tables.rankings[self._d[SETUP][_TRUMP]].trick_winner(tuple((s, c.id) for s, c in trick))

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
        data = self._d  # all but the tables, the play setting and the log
        return data[DEAL:PLAY_SETTING] + data[HANDS:LOG]

    def __eq__(self, other) -> bool:
        return isinstance(other, HandState) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __reduce__(self):
        return (HandState.replay, (self.deal, tuple(map(str, self.history))))

    def __repr__(self) -> str:
        actions = ", ".join(map(str, self.history))
        return f"HandState.replay({str(self.deal)!r}, {actions!r}{_rules_argument(self.deal)})"

    def __str__(self) -> str:
        from ..render import state_text  # deferred: circle (render loads hand.state through hand)

        return state_text(self)

    def _repr_html_(self) -> str:
        from ..render import state_html  # deferred: circle (render loads hand.state through hand)

        return state_html(self)


# ---- the long way, and how a state is made ------------------------------------------------------

def _long_way(s: HandState, action) -> tuple[tuple, tuple]:
    """The next fields and legal actions after ``action`` (legal) outside play, the long way:
    the phase's ``apply_*`` on a ``Draft`` of the next state, whose legal actions are then the
    next phase's ``legal_*``."""
    data = s._d
    d = _draft(data, (data[LOG], data[TO_ACT], action))
    _APPLY[data[PHASE]](d, action)
    return _fields(d), _LEGAL[d.phase](d)


class Draft:
    """The next state while one action is applied the long way, changeable: the fields of
    ``HandState`` (``FIELDS``) and of its ``Setup``, by name. The phase's function sets them;
    ``_draft`` makes the draft of a state's fields, and ``_fields`` packs it again."""

    __slots__ = FIELDS + Setup._fields


def _draft(data: tuple, log) -> Any:
    """A draft of the state whose fields are ``data``, its log ``log``. The two unpackings are
    in the orders of ``FIELDS`` and of ``Setup``'s fields (``tests/test_state_fields.py``). (Typed
    Any, as the phases' functions read and set a draft's fields by name, unchecked.)"""
    d: Any = Draft()
    (d.tables, d.deal, d.phase, d.to_act, d.turn, d.trick, d.tricks, d.passed_mask, d.setup, d.play_setting,
     d._hands, d._unplayed, d._log) = data
    (d.trump, d.maker, d.round1, d.passed_out, d.alone, d.pat, d.maker_exchange, d.take_over_asked, d.sitting,
     d.up_state, d.up_holder, d.gift, d.exchanges, d.lone_defender, d.defender_exchange, d.offers, d.jambone,
     d.jamboree, d.discards_left, d.bid, d.partners, d.side, d.dead) = d.setup
    d._log = log
    return d


def _fields(d: Any) -> tuple:
    """A draft's fields, in the order of ``FIELDS``, its setup a plain tuple again."""
    d.setup = (d.trump, d.maker, d.round1, d.passed_out, d.alone, d.pat, d.maker_exchange, d.take_over_asked, d.sitting,
               d.up_state, d.up_holder, d.gift, d.exchanges, d.lone_defender, d.defender_exchange, d.offers, d.jambone,
               d.jamboree, d.discards_left, d.bid, d.partners, d.side, d.dead)
    return (d.tables, d.deal, d.phase, d.to_act, d.turn, d.trick, d.tricks, d.passed_mask, d.setup, d.play_setting,
            d._hands, d._unplayed, d._log)


def _freeze(d: Any) -> HandState:
    """The state a draft stands for."""
    return _made(_fields(d), _LEGAL[d.phase](d))


# How a state is made. A HandState refuses every assignment, so something must get past its
# ``__setattr__``. The fastest plain way measured: fill in a ``values.StateSlots`` (a HandState's
# slots, which assigns as any slotted object does), then set its class to ``HandState``.
# Setting the slots through their descriptors (``StateSlots._d.__set__``) on an
# ``object.__new__(HandState)`` is plain too, but took about three times as long, and
# ``object.__setattr__`` four to five times (``bench/hand_state.py --choices`` prints all three).
# Every state is made so: by ``_made``, or, for a card played, by ``play.play_card`` filling in
# the slots and ``apply`` setting their class.

def _made(data: tuple, legal: tuple) -> HandState:
    """The state whose fields are ``data`` (in the order of ``FIELDS``) and whose legal actions
    are ``legal``."""
    n: Any = StateSlots()
    n._d, n._legal = data, legal
    n.phase = phase = data[PHASE]
    n.to_act = data[TO_ACT]
    n.is_over = phase is DONE
    n.__class__ = HandState
    return n


def _card_step(setting, plays: tuple, i: int, n: int) -> tuple:
    """``(seat, action)`` of the card ``plays[i]``: played by its holder, or called for a
    Jambone hand by the opponent who names it."""
    seat, card = plays[i]
    if seat == setting.jambone:
        return caller(setting, seat, plays[:i], n), A.CALL[card.id]
    return seat, A.PLAY[card.id]


def _rules_argument(deal: Deal) -> str:
    """Nothing for a preset's own rules (the deal's line names them), else ``rules=...``."""
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

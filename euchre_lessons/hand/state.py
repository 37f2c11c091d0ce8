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

A state keeps every field by name, in slots (``values.StateSlots``): the phase, the seat to act,
whether the hand is over and the legal actions, read at every step; the turn, the trick, the
tricks taken and the cards not yet played, which change in play; and ``Fixed``, what the hand
fixes before play (the tables, the deal, the fields of its ``Setup``, the hands as play begins),
one object shared by every state of its play. ``apply`` has one entry per phase: a card played
(``play.play_card``, written out in ``apply``); before play each phase's entry (``steps.STEPS``)
takes its short path (``shortcuts``) where one applies, else the long way, the phase's
``apply_*`` on a ``Draft``.

Where speed bends the plain way (this is the one place that says why). Random play through the
public API must keep up with OpenSpiel's C++ euchre driven from Python, and ``modern_railroad``'s
(33 cards, seven each, more steps before play) must reach 0.65 of ``standard``'s hands per second
(``bench/random_play.py`` prints both ratios, by CPU time over interleaved slices; on a 2-core
machine, standard about 33,000 hands a CPU second, modern_railroad 22,000: 0.67, where it was
0.63 to 0.64 before the last two choices below); ``bench/hand_state.py --choices`` times each
choice below against its plain twin, and a test holds each equal to its twin:

- A state is made by filling in a ``values.StateSlots`` and setting its class to ``HandState``
  (what a hand fixes likewise, a ``values.FixedSlots`` made a ``Fixed``): a state refuses every
  assignment, and this gets past its ``__setattr__`` in about 160 ns, where its slots' descriptors
  took 550 ns and ``object.__setattr__`` 830. Twin: ``object.__setattr__`` on each slot
  (``tests/test_state_fields.py``). A seat's view (``view.view_of``) is made the same way, in
  about 110 ns, where ``SeatView(state, seat)``, its twin, took 200 (``tests/test_frozen.py``).
- A card played, the commonest step, is written out in ``apply``; its twin is
  ``play.play_card`` (``tests/test_state_fields.py``, every legal card of every state of play).
  The two time alike alone, but random play went 1 to 3% faster with it written out.
- The commonest steps before play take short paths (``shortcuts``), copies of what the phases do:
  a round-1 acceptance in about 560 ns, where the long way took 990; in random play of
  ``modern_railroad``, a Jambone, defending alone, a lone defender's gift and the last pass on
  defending alone in 2,300 to 3,800 ns, where the long way took 4,900 to 7,100 (random play 2 to
  3% faster). Twin: the long way (``tests/test_short_paths.py``, every action of every state
  before play).
- What a hand fixes is copied by ``values.copy_fixed``, written out field by field: 250 ns,
  where a loop over the names took 1,550. Twin: that loop (``tests/test_state_fields.py`` holds
  the copy to every field by name). A draft and a ``Fixed`` are one class of slots, so every
  copy is between the same two classes: copies between classes that vary took a third longer
  (the seven-handed auction, all long way, was 12% slower before they were).
- Legal plays (and a Jambone hand's calls) are remembered by mask (``play.PLAY_CACHE``) only
  where the sets are few: every set that follows suit, and a seat's cards once few are left
  (``Tables.few_from``: three, of the packs up to 33 cards). Remembering every hand of five of
  the 24-card pack (55,454 sets), every dealer's hand with the turn-up and every Jambone hand
  cost more than it saved: a set seen once is searched for, stored and kept in memory for
  nothing. Without them random play of every preset went 4 to 8% faster (medians of
  interleaved slices in one process). A hand's other plays are joined from each suit's
  remembered part (``actions.play_actions``): 290 ns for four to seven cards. Twin: the actions
  of the cards one by one (``tests/test_follow_rule.py``, ``tests/test_card_actions.py``).
- A deal, made for every hand, is the one piece of generated code in the engine: for each rule
  set and dealer ``deals._dealer`` writes the shuffle out as straight-line code (``exec``), one
  random draw sorted as floats and each seat's cards summed by name, 11 to 14 times as fast as
  its twin ``deals.deal_plainly``, which the tests hold equal to it (``bench/deals.py`` prints
  both). The hand's own steps are plain, named code.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from operator import attrgetter
from typing import TYPE_CHECKING, Any, NoReturn

from .. import actions as A
from .. import rules as _rules
from ..actions import Action
from ..cards import ALL_CARDS, CARDS, JOKER_ID, Card, Suit, cards_of
from ..deals import Deal
from ..errors import DealError, IllegalActionError, NotOverError
from ..result import hand_result
from ..table import role, seat_name
from . import bidding as B
from .explain import illegal_message
from .phases import DONE, PLAY, ROUND1, UP_LYING, UP_NONE, Phase
from .play import PLAY_CACHE, PLAYED, cache_actions, caller, legal_call, legal_plays, playable
from .steps import STEPS
from .tables import tables_of
from .values import FIXED_FIELDS, Fixed, FixedSlots, Setup, StateSlots, Trick, blank_fixed, copy_fixed
from .view import view_of

if TYPE_CHECKING:
    from ..result import HandResult
    from ..rules import RuleSet
    from .play import PlaySetting
    from .values import Log

_SUITS = tuple(Suit)
_put = object.__setattr__  # a state's caches, set once when first asked


def _fixed(name: str, doc: str) -> property:
    """A field of what the hand fixed (``Fixed``), read by its name (``attrgetter``: a property
    over a lambda took twice as long)."""
    return property(attrgetter("_fixed." + name), doc=doc)


class HandState(StateSlots):
    """One hand, from the deal to the score. A value: ``apply`` returns a new state, and
    nothing can be assigned to a state.

    Build one with ``HandState.start(deal)`` or ``HandState.replay(deal, actions)``. Its fields
    are below; ``is_over`` says whether the hand is over.
    """

    # Its slots are those of ``values.StateSlots``, each a field by name: it adds none.
    __slots__ = ()

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        raise TypeError("make a HandState with HandState.start(deal) or HandState.replay(deal, actions)")

    def __setattr__(self, name: str, value: Any) -> NoReturn:
        raise AttributeError(f"a HandState cannot be changed ({name!r}): apply an action to get the next state")

    def __delattr__(self, name: str) -> NoReturn:
        raise AttributeError(f"a HandState cannot be changed ({name!r}): apply an action to get the next state")

    tables = _fixed("tables", "The rule set's derived tables (``hand.tables``): what the phases read.")
    deal = _fixed("deal", "The ``Deal`` this hand was dealt from.")
    play_setting = _fixed("play_setting", "In play, the ``play.PlaySetting`` (follow masks, seating); None before.")

    @property
    def passed_mask(self) -> int:
        """The seats that have passed in the bidding so far, one bit each."""
        passed = self._fixed.passed_mask  # the hand's once play starts; before, the state's own
        return self._passed if passed is None else passed

    @property
    def setup(self) -> Setup:
        """What the hand fixed before play: a ``Setup``."""
        try:
            return self._setup_made
        except AttributeError:  # made when first asked, from the fields by name
            made = self._fixed.setup
            _put(self, "_setup_made", made)
            return made

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """The completed tricks, ``Trick`` values in order."""
        try:
            return self._tricks_made
        except AttributeError:  # play keeps each trick as its cards and winner; the Trick is made when asked
            setting: PlaySetting  # (an annotation only: nothing is done at run time)
            setting, kept = self._fixed.play_setting, self._tricks  # type: ignore[assignment]  # a trick taken: in play
            made = tuple([Trick(plays=plays, led=_SUITS[setting.eff_suit[plays[0][1].id]], winner=winner)
                          for plays, winner in kept]) if kept else ()
            _put(self, "_tricks_made", made)
            return made

    @property
    def _d(self) -> dict[str, Any]:
        """Every field of the state by name, what the hand fixed included (for tests and
        debugging: two states with equal fields and legal actions are the same state)."""
        fields = {name: getattr(self._fixed, name) for name in FIXED_FIELDS}
        fields.update(phase=self.phase, to_act=self.to_act, turn=self.turn, trick=self.trick,
                      tricks=self._tricks, unplayed=self._unplayed, passed_mask=self.passed_mask,
                      log=self._before_play_log())
        return fields

    def _before_play_log(self) -> Log:
        """The actions before play, newest first, as nested ``(log, seat, action)`` triples."""
        f = self._fixed
        return self._log if f.play_setting is None else f.log

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
        n: Any = StateSlots()
        n.phase, n.to_act, n.is_over = phase, to_act, False
        n._legal, n._fixed = legal, blank_fixed(t, deal, up)
        n.turn, n.trick = None, ()
        n._tricks, n._unplayed = (), ALL_CARDS
        n._passed, n._log = 0, None
        n.__class__ = HandState
        return n

    @classmethod
    def replay(cls, deal: Deal | str, actions: Iterable[Action | str] | str = (),
               rules: RuleSet | str | None = None) -> HandState:
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

    def legal_actions(self) -> tuple[Action, ...]:
        """The actions the seat to act may take now, in a fixed order (empty when the hand is over)."""
        return self._legal

    def apply(self, action: Action | str) -> HandState:
        """The state after ``action`` (an ``Action`` or its text). Raises ``IllegalActionError``
        (``NotationError`` for text that is no action) and leaves this state as it was if the
        action is not legal now."""
        legal = self._legal
        if action not in legal:  # actions are interned: an Action from ``legal`` is found at once
            if action.__class__ is not Action:
                action = self.parse_action(action)
            if action not in legal:
                raise IllegalActionError(self._illegal(action))
        n: Any
        if self.phase is not PLAY:  # before play: the phase's own entry, its short path first
            n = STEPS[self.phase](self, action)
            n.__class__ = HandState  # the slots filled in become a state (the module's docstring says why)
            return n
        # A card played, the commonest step: ``play.play_card`` written out (the module's docstring
        # says why).
        f = self._fixed
        setting: PlaySetting  # (an annotation only: nothing is done at run time)
        setting, hands = f.play_setting, f.hands  # type: ignore[assignment]  # in play: the hand's setting
        turn = self.turn
        trick = self.trick + PLAYED[turn][action.cid]
        unplayed = self._unplayed - action.bit
        leader, led = trick[0]
        nxt = setting.next[turn]
        n = StateSlots()
        n._fixed = f
        if nxt != leader:  # the trick goes on
            turn = nxt
            tricks = self._tricks
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
            tricks = self._tricks + ((trick, turn),)
            hand = hands[turn] & unplayed
            if not hand:  # the winner has no card left, nor has anyone: the hand is over
                n.phase, n.to_act, n.is_over = DONE, None, True
                n._legal, n.turn, n.trick = (), None, ()
                n._tricks, n._unplayed = tricks, unplayed
                n.__class__ = HandState
                return n
            trick, follow = (), 0
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
        n.phase, n.to_act, n.is_over = PLAY, to_act, False
        n._legal, n.turn, n.trick = legal, turn, trick
        n._tricks, n._unplayed = tricks, unplayed
        n.__class__ = HandState
        return n

    def _illegal(self, action: Action) -> str:
        return illegal_message(self, action)

    def parse_choice(self, action: Action | str) -> Action:
        """What a person means by ``action`` here: an ``Action`` as it is, else its text as
        ``parse_action`` reads it, a card alone in play being that card played ("JH")."""
        if isinstance(action, str) and self.phase is PLAY and len(action.split()) == 1:
            action = "play " + action
        return self.parse_action(action) if isinstance(action, (str, Action)) else action

    def parse_action(self, text: Action | str) -> Action:
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
    def hand_masks(self) -> tuple[int, ...]:
        """Each seat's cards now, as bit masks (bit ``card.id``)."""
        hands, unplayed = self._fixed.hands, self._unplayed
        return hands if unplayed == ALL_CARDS else tuple(h & unplayed for h in hands)

    def hand_mask(self, seat: int) -> int:
        """The cards ``seat`` holds now, as a bit mask."""
        return self._fixed.hands[seat] & self._unplayed

    @property
    def played_mask(self) -> int:
        """Every card played so far (the completed tricks and the trick in progress), as a mask."""
        return self._unplayed ^ ALL_CARDS

    def playable_mask(self) -> int:
        """In play, the cards the seat whose turn it is may play (the follow-suit rule,
        ``play.playable``), as a bit mask; 0 outside play."""
        if self.phase is not PLAY:
            return 0
        f, trick = self._fixed, self.trick
        return playable(f.hands[self.turn] & self._unplayed, trick[0][1].id if trick else None,
                        f.tables.follow_rules[f.trump])  # type: ignore[index]  # in play: trump is made

    def undo(self) -> HandState:
        """The state before the last action, equal to the one it came from (replayed from the
        deal: a hand has a few dozen actions, so this is cheap). The start undoes to itself."""
        if self._fixed.play_setting is None and self._log is None:  # in play, someone has made trump
            return self
        return HandState.replay(self.deal, self.history[:-1])

    def result(self) -> HandResult:
        """The hand's result: tricks per seat and side, points, and an explanation in words."""
        if not self.is_over:
            raise NotOverError(f"the hand is not over: {self.describe_seat(self.to_act)} is to act in the "
                               f"{self.phase}; play on until is_over before asking for the result")

        return hand_result(self)

    # What ``seat`` can see: its own hand and what lies on the table (a ``SeatView``).
    view = view_of

    # ---- what happened so far -----------------------------------------------------------

    @property
    def steps(self) -> tuple[tuple[int, Action], ...]:
        """``(seat, action)`` for every action since the deal, in order."""
        f = self._fixed
        out, log = [], self._before_play_log()
        while log is not None:  # the actions before play, newest first
            log, seat, action = log
            out.append((seat, action))
        out.reverse()
        setting, n = f.play_setting, f.tables.n
        if setting is not None:  # the cards played, from the tricks (play adds nothing to the log)
            for plays in [trick[0] for trick in self._tricks] + [self.trick]:
                out += (_card_step(setting, plays, i, n) for i in range(len(plays)))
        return tuple(out)

    @property
    def history(self) -> tuple[Action, ...]:
        """Every action taken since the deal, in order."""
        return tuple(action for _, action in self.steps)

    @property
    def last_action(self) -> Action | None:
        f, trick, tricks = self._fixed, self.trick, self._tricks
        if trick or tricks:
            plays = trick or tricks[-1][0]
            return _card_step(f.play_setting, plays, len(plays) - 1, f.tables.n)[1]  # type: ignore[arg-type]  # in play
        log = self._before_play_log()
        return None if log is None else log[2]

    # ---- the public facts, in the words of the game ---------------------------------------

    @property
    def rules(self) -> RuleSet:
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
        trump = self._fixed.trump
        return None if trump is None else _SUITS[trump]

    passed_out = _fixed("passed_out", "Everyone passed: the hand is over unplayed.")
    maker = _fixed("maker", "The seat that made trump (after a take-over, the partner who took it).")
    alone = _fixed("alone", "The maker plays alone.")
    pat = _fixed("pat", "The lone maker plays pat: without exchange or discard.")
    lone_defender = _fixed("lone_defender", "The seat that defends alone, if any.")
    jambone = _fixed("jambone", "The lone maker plays a Jambone: his hand face up, his cards called.")
    jamboree = _fixed("jamboree", "The seat that announced a Jamboree, if any.")
    bid = _fixed("bid", "Seven-handed: the winning bid.")
    partners = _fixed("partners", "Seven-handed: the maker's three partners.")
    makers_mask = _fixed("side", "The makers' seats, one bit each, once trump (and, seven-handed, the partners) is fixed.")
    sitting_mask = _fixed("sitting", "Seats that sit out, one bit each.")

    @property
    def exchanges(self) -> tuple[tuple[int, Card, int, Card], ...]:
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
        return self._fixed.up_state == UP_LYING

    def hand(self, seat: int) -> tuple[Card, ...]:
        """The cards a seat holds now."""
        return cards_of(self.hand_masks[seat])

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        return tuple(cards_of(m) for m in self.hand_masks)

    def sits_out(self, seat: int) -> bool:
        return bool(self._fixed.sitting >> seat & 1)

    @property
    def active_seats(self) -> tuple[int, ...]:
        sitting = self._fixed.sitting
        return tuple(s for s in range(self.players) if not sitting >> s & 1)

    def side_of(self, seat: int) -> str:
        """``makers`` or ``defenders`` once trump is fixed."""
        return "makers" if self._fixed.side >> seat & 1 else "defenders"

    @property
    def winning_seat(self) -> int | None:
        """The seat whose card is winning the trick in progress (None with no card on the table)."""
        trick = self.trick
        if not trick:
            return None
        return self.tables.rankings[self._fixed.trump].trick_winner(tuple((s, c.id) for s, c in trick))

    @property
    def tricks_won(self) -> tuple[int, ...]:
        """Tricks taken by each seat so far."""
        won = [0] * self.players
        for trick in self.tricks:
            won[trick.winner] += 1
        return tuple(won)

    @property
    def dead_cards(self) -> tuple[Card, ...]:
        """Cards out of play: the undealt rest, discards, a turn-up left dead."""
        return cards_of(self._fixed.dead)

    def describe_seat(self, seat: int) -> str:
        return f"{seat_name(seat, self.players)} ({role(seat, self.dealer, self.players)})"

    # ---- equality, hashing and display --------------------------------------------------

    def _key(self) -> tuple[Any, ...]:
        f = self._fixed  # all but the tables, the play setting and the log
        return (f.deal, self.phase, self.to_act, self.turn, self.trick, self._tricks, self.passed_mask, self.setup,
                f.hands, self._unplayed)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, HandState) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __reduce__(self) -> tuple[Callable[[Deal, tuple[str, ...]], HandState], tuple[Deal, tuple[str, ...]]]:
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


# ---- a state laid out otherwise -------------------------------------------------------------------

def with_hands(s: HandState, hands: Sequence[int]) -> HandState:
    """The state ``s`` (in play) with each seat's cards now ``hands`` (a mask per seat): the
    same hand so far, the cards not yet played laid otherwise, each seat keeping the cards it
    has played (``teaching.proof``)."""
    f: Any = copy_fixed(s._fixed, FixedSlots())
    began, played = f.hands, s._unplayed ^ ALL_CARDS
    f.hands = tuple(hands[x] | (began[x] & played) for x in range(len(began)))
    f.__class__ = Fixed
    n: Any = StateSlots()
    n.phase, n.to_act, n.is_over = s.phase, s.to_act, s.is_over
    n._fixed, n.turn, n.trick = f, s.turn, s.trick
    n._tricks, n._unplayed = s._tricks, s._unplayed
    n._legal = () if s.is_over else legal_plays(f.hands[s.turn] & s._unplayed, s.trick, f.play_setting,
                                                 s.to_act != s.turn, len(s._tricks) >= f.tables.few_from)
    n.__class__ = HandState
    return n


def _card_step(setting: PlaySetting, plays: tuple[tuple[int, Card], ...], i: int, n: int) -> tuple[int, Action]:
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


def _as_deal(deal: object) -> Deal:
    if isinstance(deal, str):
        return Deal.parse(deal)
    if isinstance(deal, Deal):
        return deal
    raise DealError(f"HandState.start needs a Deal (from deal(rules, seed=...) or Deal.parse(text)), "
                    f"not {deal!r} of type {type(deal).__name__}")

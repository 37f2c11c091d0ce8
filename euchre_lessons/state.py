"""The hand as a state machine: ``HandState``.

>>> from euchre_lessons import deal, HandState
>>> s = HandState.start(deal("standard", seed=7))
>>> s.phase, s.to_act, s.legal_actions()
(<Phase.ROUND1: 'first round'>, 1, (Action.parse('order up'), Action.parse('pass')))
>>> t = s.apply("pass")            # a new state; ``s`` is unchanged

A state is immutable and cheap to copy: ``apply`` returns a new one that carries the actions
so far (``history``), and ``undo()`` replays all but the last. The order of decisions follows
RULES.md section J, one phase per step (``phases.py`` and ``steps.py``).
"""
from __future__ import annotations

from math import comb

from . import actions as A
from . import phases as P
from . import steps as S
from .actions import Action
from .cards import CARDS, JOKER_ID, Card, Suit, cards_of
from .deals import Deal
from .errors import IllegalActionError
from .phases import Phase
from .ranking import ranking
from .table import partner, role, seat_name, team_of


class Tables:
    """Tables that depend on the rules only, built once per rule set."""

    __slots__ = ("rules", "n", "partner", "team", "team_mask", "hand_size", "top_trumps", "tiebreak", "plan", "lone", "rankings", "round1",
                 "few_hands")

    def __init__(self, rules):
        n = rules.players
        self.rules, self.n = rules, n
        self.partner = tuple(partner(s, n) for s in range(n))
        self.team = tuple(team_of(s, n) for s in range(n))
        self.team_mask = tuple(sum(1 << s for s in range(n) if self.team[s] == t) for t in range(rules.teams))
        self.hand_size = rules.hand_size
        pack = rules.pack_mask
        self.top_trumps = tuple(sum(1 << i for i in ranking(t, rules.trump_order).top_trumps(pack)) for t in range(4))
        self.tiebreak = tuple(rules.suit_tiebreak.index(Suit(x).word) for x in range(4))
        self.plan = S.plan(rules, n)
        self.rankings = tuple(ranking(t, rules.trump_order) for t in range(5))
        self.lone: dict = {}  # the ways to go alone, by who asks (steps.legal_alone)
        self.round1 = tuple(P.round1_choices(self.partner, dealer) for dealer in range(n))
        # Few enough possible hands (of up to hand_size cards) that their legal plays are
        # worth remembering: true of the 24- and 25-card packs with five cards.
        self.few_hands = sum(comb(len(rules.cards), k) for k in range(rules.hand_size + 1)) <= 100_000


_TABLES: dict = {}


class Context:
    """What stays fixed through a hand: the rules, the deal and tables derived from them."""

    __slots__ = ("rules", "deal", "n", "dealer", "partner", "team", "team_mask", "hand_size",
                 "top_trumps", "tiebreak", "rest_mask", "plan", "lone", "rankings", "round1",
                 "few_hands")

    def __init__(self, deal: Deal):
        rules = deal.rules
        t = _TABLES.get(id(rules))
        if t is None or t.rules is not rules:
            t = _TABLES[id(rules)] = Tables(rules)
        self.rules, self.deal, self.n, self.dealer = rules, deal, t.n, deal.dealer
        self.partner, self.team, self.team_mask, self.hand_size = t.partner, t.team, t.team_mask, t.hand_size
        self.top_trumps, self.tiebreak, self.plan, self.lone = t.top_trumps, t.tiebreak, t.plan, t.lone
        self.rankings, self.round1, self.few_hands = t.rankings, t.round1[deal.dealer], t.few_hands
        self.rest_mask = deal.rest_mask


_LEGAL = {
    Phase.ROUND1: P.legal_round1, Phase.ROUND2: P.legal_round2, Phase.BLIND: P.legal_blind,
    Phase.AUCTION: P.legal_auction, Phase.WIDOW: P.legal_widow, Phase.TRUMP: P.legal_trump,
    Phase.PARTNERS: P.legal_partners, Phase.ALONE: S.legal_alone, Phase.TAKE_OVER: S.legal_take_over,
    Phase.GIVE: S.legal_give, Phase.BEST: S.legal_best, Phase.JAMBONE: S.legal_jambone,
    Phase.DEFEND: S.legal_defend, Phase.DISCARD: S.legal_dealer_discard, Phase.JAMBOREE: S.legal_jamboree,
    Phase.DONE: lambda s: (),
}
_APPLY = {
    Phase.ROUND1: P.apply_round1, Phase.ROUND2: P.apply_round2, Phase.BLIND: P.apply_blind,
    Phase.AUCTION: P.apply_auction, Phase.WIDOW: P.apply_discard, Phase.TRUMP: P.apply_trump,
    Phase.PARTNERS: P.apply_partner, Phase.ALONE: S.apply_alone, Phase.TAKE_OVER: S.apply_take_over,
    Phase.GIVE: S.apply_give, Phase.BEST: S.apply_best, Phase.JAMBONE: S.apply_jambone,
    Phase.DEFEND: S.apply_defend, Phase.DISCARD: P.apply_discard, Phase.JAMBOREE: S.apply_jamboree,
}

_new = object.__new__
_PLAY, _DONE, _PASS = Phase.PLAY, Phase.DONE, A.PASS
_PLAY_CACHE = S.PLAY_CACHE
_play_actions = A.play_actions
_LIGHT_PASS = (P.ROUND1, P.ROUND2, P.AUCTION)
_SETUP = ("trump", "rank", "maker", "round1", "passed_out", "alone", "pat", "maker_exchange",
          "take_over_asked", "sitting", "up_state", "up_holder", "gift", "exchanges", "lone_defender",
          "defender_exchange", "offers", "jambone", "jamboree", "discards_left", "dead", "bid", "partners",
          "side", "next", "nactive", "follow", "joker_extra")
_FIELDS = ("_ctx", "_phase", "_to_act", "_hands", "_trick", "_turn", "_tricks", "_passed", "_b")


class Setup:
    """Everything a hand fixes before play: trump, maker, who is alone or sits out, exchanges.

    Play only reads it, so a state in play shares its parent's; the steps before play work on
    their own copy (``HandState.apply`` makes it), which keeps ``apply`` cheap.
    """

    __slots__ = _SETUP

    def key(self) -> tuple:
        return tuple(getattr(self, f) for f in _SETUP if f not in ("rank", "follow"))


class HandState:
    """One hand, from the deal to the score. Immutable: ``apply`` returns a new state."""

    __slots__ = _FIELDS + ("_log", "_legal", "is_over")

    @classmethod
    def start(cls, deal: Deal) -> "HandState":
        """The state before the first decision of a dealt hand."""
        ctx = Context(deal)
        s = object.__new__(cls)
        s._ctx, s._hands, s._passed = ctx, deal.masks, 0
        s._to_act = s._turn = s._log = s._legal = None
        s.is_over = False
        s._trick = s._tricks = ()
        s._b = b = _copy_setup(_BLANK_SETUP)
        b.dead = ctx.rest_mask
        b.up_state = P.UP_NONE if deal.upcard is None else P.UP_LYING
        first = (deal.dealer + 1) % ctx.n
        rules = deal.rules
        if rules.bidding == "auction":
            s._phase, s._to_act = P.AUCTION, first
        elif deal.upcard.id == JOKER_ID and rules.joker_turnup_rule == "dealer_names_blind":
            s._phase, s._to_act = P.BLIND, deal.dealer
        else:
            s._phase, s._to_act = P.ROUND1, first
        return s

    # ---- the public surface ------------------------------------------------------------

    def legal_actions(self) -> tuple:
        """The actions the seat to act may take now, in a fixed order (empty when the hand is over)."""
        legal = self._legal
        if legal is None:
            if self._phase is _PLAY:  # the hot path, inlined: follow suit if you can (S.playable)
                hand = self._hands[self._turn]
                trick = self._trick
                remember = self._ctx.few_hands
                if trick:
                    b = self._b
                    follow = hand & b.follow[trick[0][1]]
                    if follow:  # the cards that follow suit: few such sets, so remembered
                        hand = follow | (hand & b.joker_extra)
                        remember = True
                if self._to_act != self._turn:
                    legal = S.legal_call(hand)
                elif remember:
                    legal = _PLAY_CACHE.get(hand)
                    if legal is None:
                        legal = S.cache_actions(_PLAY_CACHE, A.PLAY, hand)
                else:  # too many possible hands to remember: joined from suits
                    legal = _play_actions(hand)
            else:
                legal = _LEGAL[self._phase](self)
            self._legal = legal
        return legal

    def apply(self, action) -> "HandState":
        """The state after ``action`` (an ``Action`` or its text). Raises ``IllegalActionError``
        and leaves this state as it was if the action is not legal now."""
        legal = self._legal if self._legal is not None else self.legal_actions()
        if action not in legal:  # actions are interned: an Action from ``legal`` is found at once
            if action.__class__ is not Action:
                action = self.parse_action(action)
            if action not in legal:
                from .explain import illegal_message

                raise IllegalActionError(illegal_message(self, action))
        phase = self._phase
        new = _new(HandState)
        new._ctx = self._ctx
        new._passed = self._passed
        new._legal = None
        new._log = (self._log, self._to_act, action)
        if phase is _PLAY:  # the hot path, inlined: a card joins the trick
            b = new._b = self._b
            seat = self._turn
            hands = list(self._hands)
            hands[seat] ^= action.bit
            new._hands = tuple(hands)
            trick = self._trick + ((seat, action.cid),)
            if len(trick) < b.nactive:
                new._phase = _PLAY
                new.is_over = False
                new._trick = trick
                new._tricks = self._tricks
                new._turn = turn = b.next[seat]
                new._to_act = S.caller(new, turn) if b.jambone else turn
            else:  # the trick is complete: its winner takes it and leads
                winner = b.rank.trick_winner(trick)
                new._tricks = tricks = self._tricks + ((trick, winner),)
                new._trick = ()
                if len(tricks) == self._ctx.hand_size:
                    new._phase, new._to_act, new._turn, new.is_over = _DONE, None, None, True
                else:
                    new._phase, new._turn, new.is_over = _PLAY, winner, False
                    new._to_act = S.caller(new, winner) if b.jambone else winner
            return new
        new._phase = phase
        new._hands = self._hands
        new._trick = self._trick
        new._turn = self._turn
        new._tricks = self._tricks
        new._to_act = self._to_act
        if action is _PASS and phase in _LIGHT_PASS and self._to_act != self._ctx.dealer:
            new._b = self._b  # a pass before the dealer's changes nothing fixed before play
        else:
            new._b = _copy_setup(self._b)
        _APPLY[phase](new, action)
        new.is_over = new._phase is _DONE
        return new

    def parse_action(self, text) -> Action:
        """Read an action's text; the accept words of round 1 are synonyms of each other."""
        action = Action.parse(text)
        if action in A.ACCEPTS and self._phase is P.ROUND1:
            for legal in self.legal_actions():
                if legal in A.ACCEPTS:
                    return legal
        if action.kind == "play" and self._phase is _PLAY and self._to_act != self._turn:
            return A.CALL[action.arg.id]
        return action

    def undo(self) -> "HandState":
        """The state before the last action, equal to the one it came from (replayed from the
        deal: a hand has a few dozen actions, so this is cheap). The start undoes to itself."""
        if self._log is None:
            return self
        state = HandState.start(self._ctx.deal)
        for action in self.history[:-1]:
            state = state.apply(action)
        return state

    @property
    def steps(self) -> tuple:
        """``(seat, action)`` for every action since the deal, in order."""
        out, log = [], self._log
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
        return None if self._log is None else self._log[2]

    @property
    def rules(self):
        return self._ctx.rules

    @property
    def deal(self) -> Deal:
        return self._ctx.deal

    @property
    def players(self) -> int:
        return self._ctx.n

    @property
    def dealer(self) -> int:
        return self._ctx.dealer

    @property
    def phase(self) -> Phase:
        return self._phase

    @property
    def to_act(self) -> int | None:
        """The seat that must act now (a Jambone caller acts for the Jambone player)."""
        return self._to_act

    @property
    def turn(self) -> int | None:
        """In play, the seat whose card is next (differs from ``to_act`` when a card is called)."""
        return self._turn

    @property
    def passed_out(self) -> bool:
        return self._b.passed_out

    @property
    def trump(self) -> Suit | None:
        """The trump suit, ``Suit.NO_TRUMP``, or None before it is fixed."""
        return None if self._b.trump is None else Suit(self._b.trump)

    @property
    def maker(self) -> int | None:
        return self._b.maker

    @property
    def alone(self) -> bool:
        return self._b.alone

    @property
    def pat(self) -> bool:
        return self._b.pat

    @property
    def lone_defender(self) -> int | None:
        return self._b.lone_defender

    @property
    def jambone(self) -> bool:
        return self._b.jambone

    @property
    def jamboree(self) -> int | None:
        """The seat that announced a Jamboree, if any."""
        return self._b.jamboree

    @property
    def bid(self) -> int | None:
        return self._b.bid

    @property
    def partners(self) -> tuple:
        """Seven-handed: the maker's three partners."""
        return self._b.partners

    @property
    def exchanges(self) -> tuple:
        """``(lone seat, card given, partner, best card)`` for each partner's-best exchange."""
        return tuple((a, CARDS[g], b, CARDS[c]) for a, g, b, c in self._b.exchanges)

    @property
    def pending_gift(self) -> Card | None:
        """The card a lone player has passed face down, before his partner's best comes back."""
        return None if self._b.gift < 0 else CARDS[self._b.gift]

    @property
    def upcard(self) -> Card | None:
        return self._ctx.deal.upcard

    @property
    def upcard_lying(self) -> bool:
        """The turn-up still lies face up on the pack (round 1, or until the dealer takes it)."""
        return self._b.up_state == P.UP_LYING

    def hand(self, seat: int) -> tuple[Card, ...]:
        """The cards a seat holds now."""
        return cards_of(self._hands[seat])

    @property
    def hands(self) -> tuple:
        return tuple(cards_of(m) for m in self._hands)

    def sits_out(self, seat: int) -> bool:
        return bool(self._b.sitting >> seat & 1)

    @property
    def active_seats(self) -> tuple:
        return tuple(s for s in range(self._ctx.n) if not self._b.sitting >> s & 1)

    def side_of(self, seat: int) -> str:
        """``makers`` or ``defenders`` once trump is fixed."""
        return "makers" if self._b.side >> seat & 1 else "defenders"

    @property
    def trick(self) -> tuple:
        """The trick in progress: ``(seat, card)`` pairs in the order played."""
        return tuple((s, CARDS[c]) for s, c in self._trick)

    @property
    def tricks(self) -> tuple:
        """Completed tricks: ``((seat, card), ...), winner``."""
        return tuple((tuple((s, CARDS[c]) for s, c in t), w) for t, w in self._tricks)

    @property
    def tricks_won(self) -> tuple:
        """Tricks taken by each seat so far."""
        won = [0] * self._ctx.n
        for _, winner in self._tricks:
            won[winner] += 1
        return tuple(won)

    @property
    def dead_cards(self) -> tuple:
        """Cards out of play: the undealt rest, discards, a turn-up left dead."""
        return cards_of(self._b.dead)

    def result(self):
        """The hand's result: tricks per seat and side, points, and an explanation in words."""
        from .outcome import hand_result

        return hand_result(self)

    def view(self, seat: int):
        """What ``seat`` can see: its own hand and what lies on the table (see ``SeatView``)."""
        from .view import SeatView

        return SeatView.of(self, seat)

    def describe_seat(self, seat: int) -> str:
        return f"{seat_name(seat, self._ctx.n)} ({role(seat, self._ctx.dealer, self._ctx.n)})"

    # ---- equality, hashing and display --------------------------------------------------

    def _key(self):
        return (self._ctx.deal, self._phase, self._to_act, self._hands, self._trick, self._turn, self._tricks,
                self._passed, self._b.key())

    def __eq__(self, other) -> bool:
        return isinstance(other, HandState) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return f"<HandState {self._ctx.rules.name} {self._phase.value}, to act {self._to_act}, after {len(self.history)} actions>"

    def __str__(self) -> str:
        from .render import state_text

        return state_text(self)

    def _repr_html_(self) -> str:
        from .render import state_html

        return state_html(self)


def _make_copier(cls, names):
    body = "\n".join(f"    n.{f} = s.{f}" for f in names)
    src = f"def copy(s):\n    n = _new(cls)\n{body}\n    return n\n"
    scope = {"_new": object.__new__, "cls": cls}
    exec(src, scope)  # a straight-line copy of every field: the hot path of every apply
    return scope["copy"]


_copy_setup = _make_copier(Setup, _SETUP)


def _blank_setup() -> Setup:
    """The setup of a hand before anyone acts: nothing fixed, nobody alone or sitting out."""
    b = object.__new__(Setup)
    for name in _SETUP:
        setattr(b, name, None)
    for name in ("round1", "passed_out", "alone", "pat", "maker_exchange", "take_over_asked",
                 "defender_exchange", "jambone"):
        setattr(b, name, False)
    for name in ("sitting", "discards_left", "side", "nactive", "joker_extra", "dead"):
        setattr(b, name, 0)
    for name in ("follow", "exchanges", "offers", "partners", "next"):
        setattr(b, name, ())
    b.gift = -1
    return b


_BLANK_SETUP = _blank_setup()

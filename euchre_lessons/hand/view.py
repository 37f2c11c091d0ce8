"""What one seat can see: ``SeatView``.

A seat sees its own hand, the turn-up (everyone saw it turned), every public announcement,
every card played, and a Jambone hand once it lies face up. It does not see other hands, the
card a lone player passes face down (unless it gave it), or the dead cards. Bots and widgets
decide from this view only. A view is a thin window on a state: making one costs nothing.

Fast players read the same facts as bit masks (bit ``card.id`` per card) and small ints:
``hand_mask``, ``played_mask``, ``exposed_mask``, ``playable_mask``, ``sitting_mask``,
``side_mask``, ``trump_id``, ``trick_ids``, or all of play's at once as ``play_facts``
(a ``PlayFacts``). A view reads the state's public surface; these fast readers read the
state's fields by name as it keeps them (``values.StateSlots``, and what the hand fixed, ``values.Fixed``).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from ..cards import ALL_CARDS
from ..frozen import Frozen
from .bidding import proposed_trump
from .phases import UP_DEAD, Phase

if TYPE_CHECKING:
    from .state import HandState

_PLAY = Phase.PLAY
_tuple = tuple.__new__


class PlayFacts(NamedTuple):
    """What a seat knows in play, as bit masks and small ints, in one call (for fast players).

    ``trick`` is the trick in progress as ``(seat, card id)`` pairs; ``playable`` is 0 unless
    this seat is to act; ``hand`` is the seat's own, or for a Jambone
    caller the Jambone hand lying face up; ``side`` the makers' seats; ``upcard_dead`` the
    turn-up was turned down or left out of play."""

    rules: object
    trump: int
    turn: int
    trick: tuple
    playable: int
    hand: int
    played: int
    exposed: int
    sitting: int
    side: int
    upcard_dead: bool

HIDDEN_KINDS = ("give", "discard")


class ViewSlots:
    """What a ``SeatView`` keeps, set as any slotted object's: a view while ``view_of`` makes
    it. ``SeatView`` is this class with no slot added, refusing every assignment."""

    __slots__ = ("_state", "seat")
    _state: HandState  # the state seen
    seat: int


class SeatView(ViewSlots, Frozen):
    """The state as ``seat`` sees it. A value: it cannot be changed (a view of another seat or
    state is another view). Two views are equal only when they are the same view.

    ``state.view(seat)`` makes the same view as ``SeatView(state, seat)``, faster (``view_of``)."""

    __slots__ = ()
    _instead = "make the view of another seat or state with state.view(seat)"

    def __init__(self, state: HandState, seat: int) -> None:
        _set_state(self, state)
        _set_seat(self, seat)

    @classmethod
    def of(cls, state: HandState, seat: int) -> SeatView:
        return cls(state, seat)

    # public facts, read straight from the state
    rules = property(lambda self: self._state.rules)
    players = property(lambda self: self._state.players)
    dealer = property(lambda self: self._state.dealer)
    phase = property(lambda self: self._state.phase)
    to_act = property(lambda self: self._state.to_act)
    turn = property(lambda self: self._state.turn)
    upcard = property(lambda self: self._state.upcard)
    upcard_lying = property(lambda self: self._state.upcard_lying)
    trump = property(lambda self: self._state.trump)
    maker = property(lambda self: self._state.maker)
    alone = property(lambda self: self._state.alone)
    pat = property(lambda self: self._state.pat)
    lone_defender = property(lambda self: self._state.lone_defender)
    jambone = property(lambda self: self._state.jambone)
    jamboree = property(lambda self: self._state.jamboree)
    bid = property(lambda self: self._state.bid)
    partners = property(lambda self: self._state.partners)
    trick = property(lambda self: self._state.trick)
    tricks = property(lambda self: self._state.tricks)
    tricks_won = property(lambda self: self._state.tricks_won)
    is_over = property(lambda self: self._state.is_over)

    @property
    def proposed_trump(self) -> int | None:
        """The trump a first-round acceptance makes (``bidding.proposed_trump``): the turn-up's
        suit, or what a turned-up Joker stands for (0-3 a suit, 4 no trump); None in a game with
        no turn-up."""
        s = self._state
        return None if s.upcard is None else proposed_trump(s)

    @property
    def hand(self) -> tuple:
        """This seat's cards (none while the dealer names trump blind, rule book K14)."""
        s = self._state
        if s.phase is Phase.BLIND and self.seat == s.dealer:
            return ()
        unseen = {gift for _, gift, partner, _ in s.exchanges if partner == self.seat}
        return tuple(c for c in s.hand(self.seat) if c not in unseen)

    @property
    def hand_mask(self) -> int:
        """This seat's cards as a bit mask (bit ``card.id``), hidden cards left out as in ``hand``."""
        s, seat = self._state, self.seat
        if s.phase is Phase.BLIND and seat == s.dealer:
            return 0
        mask = s.hand_mask(seat)
        for _, gift, partner, _ in s._fixed.exchanges:
            if partner == seat:
                mask &= ~(1 << gift)
        return mask

    def sits_out(self, seat: int) -> bool:
        return self._state.sits_out(seat)

    @property
    def sitting_out(self) -> tuple:
        return tuple(x for x in range(self.players) if self._state.sits_out(x))

    @property
    def exposed(self) -> tuple:
        """The Jambone hand, face up from the first lead."""
        s = self._state
        if s.jambone and s.phase in (Phase.PLAY, Phase.DONE):
            return s.hand(s.maker)
        return ()

    @property
    def gave(self) -> tuple:
        """Cards this seat passed face down in an exchange (as lone player or partner)."""
        out = []
        for lone, gift, partner, best in self._state.exchanges:
            if lone == self.seat:
                out.append(gift)
            if partner == self.seat:
                out.append(best)
        return tuple(out)

    @property
    def received(self) -> tuple:
        """Partner's best cards this seat received as a lone player (a partner never looks at
        the card he is given: rule book K11)."""
        return tuple(best for lone, _, _, best in self._state.exchanges if lone == self.seat)

    @property
    def played(self) -> tuple:
        """Every card played so far, in order."""
        cards = [c for trick in self._state.tricks for c in trick.cards]
        return tuple(cards + [c for _, c in self._state.trick])

    @property
    def public_history(self) -> tuple:
        """``(seat, action text)`` for every action, with face-down cards of others hidden."""
        return tuple((actor, str(a) if a.kind not in HIDDEN_KINDS or actor == self.seat else f"{a.kind} ?")
                     for actor, a in self._state.steps)

    # ---- cheap accessors for computer players: bit masks and small ints, all public facts ----

    @property
    def trump_id(self) -> int | None:
        """The trump as an int (0-3 a suit, 4 no trump), or None before it is fixed."""
        return self._state._fixed.trump

    @property
    def trick_ids(self) -> tuple:
        """The trick in progress as ``(seat, card id)`` pairs."""
        return tuple((seat, card.id) for seat, card in self._state.trick)

    @property
    def tricks_played(self) -> int:
        return len(self._state.tricks)

    @property
    def played_mask(self) -> int:
        """Every card played so far (completed tricks and the trick in progress)."""
        return self._state.played_mask

    @property
    def play_facts(self) -> PlayFacts:
        """In play, everything a fast player reads, in one call (see ``PlayFacts``)."""
        s, seat = self._state, self.seat
        f, turn, unplayed = s._fixed, s.turn, s._unplayed  # the state's own fields, by name
        hands, maker = f.hands, f.maker
        exposed = hands[maker] & unplayed if f.jambone and s.phase is _PLAY else 0  # type: ignore[index]  # a Jambone's maker
        playable = s.playable_mask() if s.to_act == seat else 0
        if turn == seat:
            hand = self.hand_mask if f.exchanges else hands[seat] & unplayed
        else:
            hand = exposed if turn == maker else 0
        return _tuple(PlayFacts, (f.deal.rules, f.trump, turn, tuple([(x, card.id) for x, card in s.trick]),
                                  playable, hand, unplayed ^ ALL_CARDS, exposed, f.sitting, f.side,
                                  f.up_state == UP_DEAD))

    @property
    def sitting_mask(self) -> int:
        """Seats that sit out, one bit per seat."""
        return self._state._fixed.sitting

    @property
    def side_mask(self) -> int:
        """The makers' seats, one bit per seat, once trump (and, seven-handed, the partners) is fixed."""
        return self._state._fixed.side

    @property
    def passed_mask(self) -> int:
        """Seats that have passed in the bidding so far, one bit per seat."""
        return self._state.passed_mask

    @property
    def upcard_dead(self) -> bool:
        """The turn-up was turned down or left out of play (everyone saw it go)."""
        return self._state._fixed.up_state == UP_DEAD

    @property
    def exposed_mask(self) -> int:
        """The Jambone hand lying face up, as a bit mask (0 when there is none)."""
        s = self._state
        f = s._fixed
        maker = f.maker
        if f.jambone and maker is not None and s.phase is _PLAY:
            return s.hand_mask(maker)
        return 0

    @property
    def playable_mask(self) -> int:
        """When this seat is to play or call a card: the cards it may name, as a bit mask
        (a Jambone caller's are the Jambone player's legal cards, which lie face up)."""
        s = self._state
        if s.phase is not _PLAY or s.to_act != self.seat:
            return 0
        return s.playable_mask()

    def legal_actions(self) -> tuple:
        s = self._state
        return s.legal_actions() if s.to_act == self.seat else ()

    def __repr__(self) -> str:
        return f"<SeatView seat {self.seat}: {' '.join(map(str, self.hand))}, {self.phase}>"


_set_state, _set_seat = (ViewSlots.__dict__[name].__set__ for name in ViewSlots.__slots__)


def view_of(state: HandState, seat: int) -> SeatView:
    """What ``seat`` can see of ``state``: ``HandState.view``, made at every decision of every
    player. It fills in a ``ViewSlots`` and sets its class to ``SeatView``, as a state is made
    (``hand.state``'s docstring says why); its plain twin is ``SeatView(state, seat)``."""
    view: Any = ViewSlots()
    view._state, view.seat = state, seat
    view.__class__ = SeatView
    return view

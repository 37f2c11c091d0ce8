"""What one seat can see: ``SeatView``.

A seat sees its own hand, the turn-up (everyone saw it turned), every public announcement,
every card played, and a Jambone hand once it lies face up. It does not see other hands, the
card a lone player passes face down (unless it gave it), or the dead cards. Bots and widgets
decide from this view only. A view is a thin window on a state: making one costs nothing.
"""
from __future__ import annotations

from .phases import Phase

HIDDEN_KINDS = ("give", "discard")


class SeatView:
    """The state as ``seat`` sees it."""

    __slots__ = ("_state", "seat")

    def __init__(self, state, seat: int):
        self._state, self.seat = state, seat

    @classmethod
    def of(cls, state, seat: int) -> "SeatView":
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
    def hand(self) -> tuple:
        """This seat's cards (none while the dealer names trump blind, RULES.md K14)."""
        s = self._state
        if s.phase is Phase.BLIND and self.seat == s.dealer:
            return ()
        unseen = {gift for _, gift, partner, _ in s.exchanges if partner == self.seat}
        return tuple(c for c in s.hand(self.seat) if c not in unseen)

    @property
    def hand_mask(self) -> int:
        return sum(c.bit for c in self.hand)

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
        the card he is given: RULES.md K11)."""
        return tuple(best for lone, _, _, best in self._state.exchanges if lone == self.seat)

    @property
    def played(self) -> tuple:
        """Every card played so far, in order."""
        cards = [c for t, _ in self._state.tricks for _, c in t]
        return tuple(cards + [c for _, c in self._state.trick])

    @property
    def public_history(self) -> tuple:
        """``(seat, action text)`` for every action, with face-down cards of others hidden."""
        steps, s = [], self._state
        while s._parent is not None:
            steps.append((s._parent._to_act, s._action))
            s = s._parent
        return tuple((actor, str(a) if a.kind not in HIDDEN_KINDS or actor == self.seat else f"{a.kind} ?")
                     for actor, a in reversed(steps))

    def legal_actions(self) -> tuple:
        s = self._state
        return s.legal_actions() if s.to_act == self.seat else ()

    def __repr__(self) -> str:
        return f"<SeatView seat {self.seat}: {' '.join(map(str, self.hand))}, {self.phase}>"

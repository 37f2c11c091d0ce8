"""What one seat can see: ``SeatView``.

A seat sees its own hand, the turn-up (everyone saw it turned), every public announcement,
every card played, and a Jambone hand once it lies face up. It does not see other hands, the
card a lone player passes face down (unless it gave it), or the dead cards. Bots and widgets
decide from this view only.
"""
from __future__ import annotations

from dataclasses import dataclass

from .phases import Phase

HIDDEN_KINDS = ("give", "discard")


@dataclass(frozen=True, slots=True)
class SeatView:
    seat: int
    rules: object
    dealer: int
    phase: Phase
    to_act: int | None
    turn: int | None
    hand: tuple
    upcard: object
    upcard_lying: bool
    trump: object
    maker: int | None
    alone: bool
    pat: bool
    lone_defender: int | None
    jambone: bool
    jamboree: int | None
    bid: int | None
    partners: tuple
    sitting_out: tuple
    trick: tuple
    tricks: tuple
    tricks_won: tuple
    exposed: tuple
    gave: tuple
    received: tuple
    public_history: tuple
    legal: tuple

    @classmethod
    def of(cls, state, seat: int) -> "SeatView":
        hide_own = state.phase is Phase.BLIND and seat == state.dealer
        exposed = ()
        if state.jambone and state.phase in (Phase.PLAY, Phase.DONE):
            exposed = state.hand(state.maker)
        gave = tuple(card for giver, card, _, _ in state.exchanges if giver == seat)
        received = tuple(best for giver, _, _, best in state.exchanges if giver == seat)
        history, s = [], state
        steps = []
        while s._parent is not None:
            steps.append((s._parent._to_act, s._action))
            s = s._parent
        for actor, action in reversed(steps):
            shown = action if action.kind not in HIDDEN_KINDS or actor == seat else f"{action.kind} ?"
            history.append((actor, str(shown)))
        return cls(
            seat, state.rules, state.dealer, state.phase, state.to_act, state.turn,
            () if hide_own else state.hand(seat), state.upcard, state.upcard_lying, state.trump,
            state.maker, state.alone, state.pat, state.lone_defender, state.jambone, state.jamboree,
            state.bid, state.partners, tuple(x for x in range(state.players) if state.sits_out(x)),
            state.trick, state.tricks, state.tricks_won, exposed, gave, received, tuple(history),
            state.legal_actions() if state.to_act == seat else (),
        )

    def legal_actions(self) -> tuple:
        return self.legal

    @property
    def played(self) -> tuple:
        """Every card played so far, in order."""
        cards = [c for t, _ in self.tricks for _, c in t]
        return tuple(cards + [c for _, c in self.trick])

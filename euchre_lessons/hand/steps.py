"""The steps of a hand before play: one entry per phase (``STEPS``), each taking its short path
(``shortcuts``) where one applies, else the long way: the phase's ``apply_*`` (``bidding``,
``declaring``) on a ``Draft`` of the next state, which ``freeze`` makes the next state's slots.

Every entry takes a state and a legal action and returns the next state's slots, filled in
(``values.StateSlots``); ``HandState.apply`` makes them a state. A card played is play's own entry,
``play.play_card``.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..cards import ALL_CARDS
from . import bidding as B
from . import declaring as D
from . import play as P
from . import shortcuts
from .phases import DONE, Phase
from .values import Fixed, FixedSlots, StateSlots, copy_fixed

if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import TypeAlias

    from ..actions import Action
    from .shortcuts import Chooser
    from .state import HandState

    # a phase's entry: a state and a legal action to the next state's slots, filled in
    Step: TypeAlias = Callable[[HandState, Action], StateSlots]

_LEGAL: dict[Phase, Callable[[Draft], tuple[Action, ...]]] = {
    Phase.ROUND1: B.legal_round1, Phase.ROUND2: B.legal_round2, Phase.BLIND: B.legal_blind,
    Phase.AUCTION: B.legal_auction, Phase.WIDOW: B.legal_widow, Phase.TRUMP: B.legal_trump,
    Phase.PARTNERS: B.legal_partners, Phase.ALONE: D.legal_alone, Phase.TAKE_OVER: D.legal_take_over,
    Phase.GIVE: D.legal_give, Phase.BEST: D.legal_best, Phase.JAMBONE: D.legal_jambone,
    Phase.DEFEND: D.legal_defend, Phase.DISCARD: D.legal_dealer_discard, Phase.JAMBOREE: D.legal_jamboree,
    Phase.PLAY: lambda d: P.legal_plays(d.hands[d.turn], (), d.play_setting,  # type: ignore[arg-type]  # play began
                                        d.to_act != d.turn, not d.tables.few_from),
    Phase.DONE: lambda d: (),
}
APPLY = {
    Phase.ROUND1: B.apply_round1, Phase.ROUND2: B.apply_round2, Phase.BLIND: B.apply_blind,
    Phase.AUCTION: B.apply_auction, Phase.WIDOW: B.apply_discard, Phase.TRUMP: B.apply_trump,
    Phase.PARTNERS: B.apply_partner, Phase.ALONE: D.apply_alone, Phase.TAKE_OVER: D.apply_take_over,
    Phase.GIVE: D.apply_give, Phase.BEST: D.apply_best, Phase.JAMBONE: D.apply_jambone,
    Phase.DEFEND: D.apply_defend, Phase.DISCARD: B.apply_discard, Phase.JAMBOREE: D.apply_jamboree,
}


# The next state while one action is applied the long way, changeable, every field by name:
# what the hand fixes (``values.FIXED_FIELDS``), and the phase, the seat to act, the turn and the
# trick (``values.DRAFT_ONLY``). The phase's ``apply_*`` sets them; ``freeze`` makes the next state
# of it, the draft itself becoming what the hand fixed.
Draft = FixedSlots


def draft(s: HandState, action: Action) -> Draft:
    """A draft of the state ``s`` (before play) with ``action`` added to its log."""
    d = copy_fixed(s._fixed, FixedSlots())
    d.phase, d.to_act = s.phase, s.to_act
    d.turn, d.trick = None, ()
    d.passed_mask, d.log = s._passed, (s._log, s.to_act, action)
    return d


def freeze(d: Draft) -> StateSlots:
    """The slots of the state a draft stands for, filled in, its legal actions the phase's
    ``legal_*`` (play starts with no trick taken and every card unplayed); the draft, its own
    slots unset, is what the hand fixed."""
    n: Any = StateSlots()
    phase = n.phase = d.phase
    n.to_act, n.is_over = d.to_act, phase is DONE
    n.turn, n.trick = d.turn, d.trick
    n._tricks, n._unplayed = (), ALL_CARDS
    n._legal = _LEGAL[phase](d)
    if d.play_setting is None:  # before play (or over before it): the passes and the log are the state's
        n._passed, n._log = d.passed_mask, d.log
        d.passed_mask = d.log = None
    del d.phase, d.to_act, d.turn, d.trick
    d.__class__ = Fixed
    n._fixed = d
    return n


def long_way(s: HandState, action: Action) -> StateSlots:
    """``action`` (legal, before play) applied the long way: the phase's ``apply_*`` on a draft."""
    d = draft(s, action)
    APPLY[s.phase](d, action)
    return freeze(d)


def _entry(choose: Chooser) -> Step:
    """The entry of a phase whose short paths ``choose`` picks (None: the long way)."""
    def step(s: HandState, action: Action) -> StateSlots:
        path = choose(s, action)
        return long_way(s, action) if path is None else path(s, action)

    step.__name__ = step.__qualname__ = f"step_{choose.__name__.strip('_')}"
    return step


def _no_short_path(s: HandState, action: Action) -> None:
    return None


# The entry of each phase before play: its short paths first (``shortcuts.CHOOSE``), else the
# long way.
STEPS = {phase: _entry(shortcuts.CHOOSE.get(phase, _no_short_path)) for phase in APPLY}

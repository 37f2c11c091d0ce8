"""The proof behind a position: ``prove(position)`` -> ``Proved``, or ``PositionError``.

* ``face up`` (card play only): the actual layout solved with every hand shown. Exact.
* ``what you can see``: every legal choice valued over the layouts that fit what the seat has
  seen: all of them, solved (exact), where there are few enough, else ``layouts`` of them drawn
  at random with a fixed seed (the position's id); a decision before play is valued by playing
  each drawn deal out (``valuing.worlds``), with its standard error.

A position is proved when some legal choice is not accepted, every accepted answer is as good
as the best (exactly equal when exact; not behind by more than two standard errors when sampled)
and every other choice is behind the best accepted answer by at least ``margin`` on average (in
``unit``), and, when sampled, by more than two standard errors. Anything else is refused, naming
the choice that breaks it and its numbers.

``validate(position)`` is what the kit's set is held to (the tests, and ``python -m
euchre_lessons.delivery.find --check``): a position worth practising (``trivial`` says why one is
not), proved, and, unless it says its proof is exact (``face up``, or ``layouts = 0``: every
layout solved), proved again over the layouts of two further seeds (``FRESH``).
"""
from __future__ import annotations

from typing import Any, NamedTuple

from ..errors import SolverError
from ..hand.phases import Phase
from ..ranking import ranking
from ..stats import standard_error
from ..valuing import MAX_SOLVED, card_values, playout_values
from ..words import action_words
from .positions import Position, PositionError

_EPS = 1e-9
DEFAULT_LAYOUTS = 120
FRESH = (1, 2)  # the further seeds a sampled proof must hold on


class Gap(NamedTuple):
    """How far a choice is behind the best accepted answer: mean and standard error, in the unit."""

    action: object
    behind: float
    se: float


class Proved(NamedTuple):
    """A position's proof: the ``values`` of every choice, how they were found (``method``, over
    ``layouts``), and each other choice's ``gaps`` behind the best answer."""

    position: Position
    values: Any  # teaching's ``Values`` (teaching sits above practice)
    method: str
    layouts: int
    gaps: tuple

    def gap(self, action) -> Gap | None:
        return next((g for g in self.gaps if g.action == action), None)

    def how(self) -> str:
        if self.method == "double dummy":
            return "with every hand face up, solved exactly"
        if self.method == "exact":
            return f"over all {self.layouts:,} layouts of the cards you could not see, each solved exactly"
        kind = "deals" if self.method == "playouts" else "layouts"
        rest = "each played out" if self.method == "playouts" else "each solved"
        bids = self.values.bids_read()
        return f"over {self.layouts:,} {kind} of the cards you could not see, drawn at random{bids}, {rest}"

    def __str__(self) -> str:
        p = self.position
        best = " or ".join(f"“{action_words(a)}”" for a in p.answers)
        unit = p.unit
        parts = []
        for g in sorted(self.gaps, key=lambda g: g.behind):
            err = "" if g.se <= _EPS else f" (± {2 * g.se:.2f})"
            parts.append(f"“{action_words(g.action)}” {g.behind:.2f} {unit} behind{err}")
        return f"Proved {self.how()}: {best} is best; " + ("; ".join(parts) or "no other choice") + "."


def _values(position, seed=None):
    state, seat = position.state, position.seat
    n = position.layouts or DEFAULT_LAYOUTS
    key = position.id if seed is None else f"{position.id}#{seed}"
    if position.proof == "face up":
        if state.phase is not Phase.PLAY:
            raise PositionError(f"{position.source}: position {position.id!r}: a face-up proof is for card play; "
                                f"this decision is in the {state.phase}: use proof = 'what you can see'")
        return card_values(state, seat, n, seed=key, show_all=True)
    if state.phase is Phase.PLAY:
        cards_left = sum(state.hand_mask(s).bit_count() for s in state.active_seats)
        if cards_left <= MAX_SOLVED:
            try:
                return card_values(state, seat, n, seed=key)
            except SolverError:
                pass
    return playout_values(state, seat, n, seed=key)


def prove(position, seed=None) -> Proved:
    """The proof of ``position``'s answers, or ``PositionError`` saying which choice breaks it;
    ``seed`` (one of ``FRESH``) draws other layouts than the position's own."""
    where = f"{position.source}: position {position.id!r}"
    legal = position.state.legal_actions()
    if all(a in position.answers for a in legal):
        raise PositionError(f"{where}: every legal choice ({', '.join(map(str, legal))}) is accepted: nothing to "
                            "practise; choose another position")
    v = _values(position, seed)
    k = 0 if position.unit == "tricks" else 1
    exact = v.exact
    unvalued = [a for a, rows in v.per_layout.items() if not rows]
    if unvalued:
        raise PositionError(f"{where}: no layout drawn valued {', '.join(map(str, unvalued))}: the proof cannot "
                            "compare every choice")

    def behind(a, b) -> Gap:
        """How far ``a`` is behind ``b``, paired layout by layout."""
        d = [y[k] - x[k] for x, y in zip(v.per_layout[a], v.per_layout[b])]
        return Gap(a, sum(d) / len(d), 0.0 if exact else standard_error(d))

    best = v.best.action
    for a in position.answers:
        g = behind(a, best)
        if g.behind > (2 * g.se if not exact else 0) + _EPS:
            raise PositionError(f"{where}: answer {a} is not best: {g.behind:.2f} {position.unit} behind {best} "
                                f"({'exactly' if exact else f'± {2 * g.se:.2f}'}) {_how(v)}")
    top = max(position.answers, key=lambda a: v.of(a).points if k else v.of(a).tricks)
    gaps = []
    for a in v.per_layout:
        if a in position.answers:
            continue
        g = behind(a, top)
        short = g.behind < position.margin - _EPS or (not exact and g.behind <= 2 * g.se + _EPS)
        if short:
            raise PositionError(f"{where}: {a} is not worse by the margin: {g.behind:.2f} {position.unit} behind "
                                f"{top} ({'exactly' if exact else f'± {2 * g.se:.2f}'}), the margin is "
                                f"{position.margin:g} {_how(v)}; accept it as an answer or choose another position")
        gaps.append(g)
    return Proved(position, v, v.method, v.layouts, tuple(gaps))


def _how(v) -> str:
    return f"(over {v.layouts:,} {'deals' if v.method == 'playouts' else 'layouts'}, {v.method})"


def trivial(state) -> str | None:
    """Why the decision at ``state`` is not worth practising, in words (None if it is): a
    defend-alone question to a seat that holds no trump, or a Jambone's card called when the
    Jambone is already lost (the defenders have taken a trick)."""
    seat = state.to_act
    if state.phase is Phase.DEFEND:
        mask = state.hand_mask(seat)
        if not any(mask >> i & 1 for i in ranking(state.trump, state.rules.trump_order).trump_ids):
            return "a defend-alone question to a seat that holds no trump: pass is plain"
    if state.phase is Phase.PLAY and state.jambone and any(
            n for s, n in enumerate(state.tricks_won) if state.side_of(s) == "defenders"):
        return "the Jambone is already lost (the defenders have taken a trick): no card called can change that"
    return None


def exact_said(position) -> bool:
    """Whether ``position`` says its proof is exact: ``face up``, or ``layouts = 0`` (every layout)."""
    return position.proof == "face up" or position.layouts == 0


def validate(position, seeds=FRESH) -> tuple:
    """``position`` held to what the kit's set is held to: worth practising (``trivial``), proved,
    and proved again with each of ``seeds`` unless it says its proof is exact (and it is).
    Returns the ``Proved`` of each seed (its own first); ``PositionError`` says what fails."""
    where = f"{position.source}: position {position.id!r}"
    why = trivial(position.state)
    if why:
        raise PositionError(f"{where}: not worth practising: {why}; choose another position")
    first = prove(position)
    if exact_said(position):
        if first.method not in ("exact", "double dummy"):
            raise PositionError(f"{where}: layouts = 0 says every layout is solved, but the proof drew "
                                f"{first.layouts:,} {_how(first.values)}: give the layouts to draw")
        return (first,)
    return (first,) + tuple(prove(position, seed) for seed in seeds)


__all__ = ["Proved", "Gap", "prove", "validate", "trivial", "exact_said", "DEFAULT_LAYOUTS", "FRESH"]

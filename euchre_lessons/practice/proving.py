"""The proof behind a position: ``prove(position)`` -> ``Proved``, or ``PositionError``.

* ``face up`` (card play only): the actual layout solved with every hand shown. Exact.
* ``what you can see``: every legal choice valued over the layouts that fit what the seat has
  seen: all of them, solved (exact), where there are few enough, else ``layouts`` of them drawn
  at random with a fixed seed (the position's id); a decision before play is valued by playing
  each drawn deal out (``teaching.worlds``), with its standard error.

A position is proved when every accepted answer is as good as the best (exactly equal when
exact; not behind by more than two standard errors when sampled) and every other choice is
behind the best accepted answer by at least ``margin`` on average (in ``unit``), and, when
sampled, by more than two standard errors. Anything else is refused, naming the choice that
breaks it and its numbers.
"""
from __future__ import annotations

from typing import NamedTuple

from ..errors import SolverError
from ..hand.phases import Phase
from ..stats import standard_error
from ..words import action_words
from .positions import PositionError

_EPS = 1e-9
DEFAULT_LAYOUTS = 120


class Gap(NamedTuple):
    """How far a choice is behind the best accepted answer: mean and standard error, in the unit."""

    action: object
    behind: float
    se: float


class Proved(NamedTuple):
    """A position's proof: the ``values`` of every choice, how they were found (``method``, over
    ``layouts``), and each other choice's ``gaps`` behind the best answer."""

    position: object
    values: object
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


def _values(position):
    from ..teaching.hints import MAX_SOLVED  # deferred: circle (teaching loads practice.proving through practice)
    from ..teaching.knowing import card_values  # deferred: circle (teaching loads practice.proving through practice)
    from ..teaching.worlds import playout_values  # deferred: circle (teaching loads practice.proving through practice)

    state, seat = position.state, position.seat
    n = position.layouts or DEFAULT_LAYOUTS
    if position.proof == "face up":
        if state.phase is not Phase.PLAY:
            raise PositionError(f"{position.source}: position {position.id!r}: a face-up proof is for card play; "
                                f"this decision is in the {state.phase}: use proof = 'what you can see'")
        return card_values(state, seat, n, seed=position.id, show_all=True)
    if state.phase is Phase.PLAY:
        cards_left = sum(state.hand_mask(s).bit_count() for s in state.active_seats)
        if cards_left <= MAX_SOLVED:
            try:
                return card_values(state, seat, n, seed=position.id)
            except SolverError:
                pass
    return playout_values(state, seat, n, seed=position.id)


def prove(position) -> Proved:
    """The proof of ``position``'s answers, or ``PositionError`` saying which choice breaks it."""
    where = f"{position.source}: position {position.id!r}"
    v = _values(position)
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


__all__ = ["Proved", "Gap", "prove", "DEFAULT_LAYOUTS"]

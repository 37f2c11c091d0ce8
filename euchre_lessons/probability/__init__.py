"""Exact and simulated chances of events about a hand or a deal.

>>> from euchre_lessons import probability
>>> from euchre_lessons.events import holds_joker, right_bower
>>> probability.exact("modern_railroad", holds_joker)
Exact(7, 33, event='holds the Joker', rules='modern_railroad', favourable=906192, total=4272048, method='count')
>>> print(probability.exact("modern_railroad", right_bower("hearts"), known="JK JD AH 9H 7C AS KS TH"))
7/25 (28.00%)

The map:

* ``exact(rules, event, known=, hand_size=, given=)`` -> ``Exact``: a ``Fraction`` that also
  shows its percentage and remembers how it was counted. The definition is the code: the
  number of hands (or deals) with the event over the number of all of them, every hand of
  ``hand_size`` cards drawn from the cards not seen. ``known`` removes cards you have seen (your
  hand, the upcard), so conditional questions ("my partner holds the right bower, given what I
  see") are one call; ``given=`` conditions on another event: P(event | given).
* ``estimate(rules, event, n=, seed=)`` -> ``Estimate``: the same question answered by dealing
  ``n`` random deals; an estimate, its standard error, a confidence interval and ``n``.
* ``convergence(rules, event, n=, seed=)`` -> DataFrame of the running estimate against the exact
  value (``figures.convergence_figure`` draws it).

How the counting is done (``probability.counting``): events built from the counting words of
``events`` (holds, trumps_at_least, both_bowers, jamboree ...) are counted combinatorially, as
sums of products of binomials over groups of cards, which is instant even for the 4,272,048
seven-card hands of the 33-card pack; ``method="enumerate"`` lists every hand with numpy instead
(well under a second for that pack; ``bench/probability.py`` times it), and functions of the
cards are called hand by hand. ``Exact.method`` says which path answered.

Deal events (``events.seat``, ``dealer``, ``upcard_is`` ...) about the upcard and at most one
seat are answered exactly by conditioning on the upcard: P = sum over each possible upcard u of
P(u) x P(the seat's event | u). Several seats at once need ``estimate``.

The modules: ``event`` (the ``Event`` value behind ``events``), ``counting`` (how ``exact``
counts), ``montecarlo`` (the dealer behind ``estimate``).
"""
from __future__ import annotations

import math
from fractions import Fraction
from math import comb
from typing import TYPE_CHECKING

from .. import rules as _rules
from ..cards import format_cards, mask_of, parse_cards
from ..errors import ArgumentError, DealError
from ..frozen import Frozen, fill
from ..stats import proportion_error
from .counting import NotExactError, count_hands, deal_plan, given_upcard, on_hands, upcard_groups
from .events import Event
from .events import event as _function_event
from .events import parse as _parse_event

if TYPE_CHECKING:  # numpy is imported where it is used: exact counting needs none
    import numpy as np

# numpy (the Monte Carlo dealer in ``montecarlo``, counting by enumeration) is imported when an
# estimate or an enumeration is asked for: the events and exact counting work without it.


def percent(p) -> str:
    """A probability as a percentage: two decimals from 1%, else three significant figures."""
    x = float(p) * 100
    if x == 0 or x >= 1:
        return f"{x:.2f}%"
    digits = 2 - math.floor(math.log10(x))
    return f"{x:.{digits}f}%"


class Exact(Fraction):
    """An exact probability: a ``Fraction`` that shows itself as fraction and percentage.

    ``favourable`` of ``total`` equally likely hands (or deals) have the event; ``method`` is the
    counting path (``count``, ``enumerate`` or ``python``). Arithmetic gives plain Fractions.
    """

    event: str
    rules: str
    method: str
    known: str
    favourable: int
    total: int

    def __new__(cls, numerator, denominator=1, *, event: str = "", rules: str = "", favourable=None,
                total=None, method: str = "", known: str = ""):
        self = super().__new__(cls, numerator, denominator)
        self.event, self.rules, self.method, self.known = event, rules, method, known
        self.favourable = self.numerator if favourable is None else favourable
        self.total = self.denominator if total is None else total
        return self

    @property
    def fraction(self) -> Fraction:
        return Fraction(self.numerator, self.denominator)

    @property
    def percent(self) -> str:
        return percent(self)

    @property
    def one_in(self) -> float:
        """1 / p: "about 1 in N" (infinite for an impossible event)."""
        return math.inf if self == 0 else float(1 / Fraction(self))

    def __str__(self) -> str:
        text = f"{Fraction(self.numerator, self.denominator)} ({percent(self)}"
        if 0 < self < Fraction(1, 100):
            text += f", about 1 in {self.one_in:,.0f}"
        return text + ")"

    def __repr__(self) -> str:
        extra = f", known={self.known!r}" if self.known else ""
        return (f"Exact({self.numerator}, {self.denominator}, event={self.event!r}, rules={self.rules!r}, "
                f"favourable={self.favourable}, total={self.total}, method={self.method!r}{extra})")

    def _repr_html_(self) -> str:
        known = f" given the known cards {self.known}" if self.known else ""
        return (f"<p><b>P({self.event})</b> in {self.rules}{known} = <b>{self.numerator}/{self.denominator}</b>"
                f" = {percent(self)} <small>({self.favourable:,} of {self.total:,} equally likely cases; "
                f"method: {self.method})</small></p>")

    def __reduce__(self):
        return (_rebuild, (self.numerator, self.denominator, self.event, self.rules, self.favourable,
                           self.total, self.method, self.known))


def _rebuild(num, den, event, rules, favourable, total, method, known):
    return Exact(num, den, event=event, rules=rules, favourable=favourable, total=total, method=method, known=known)


def _as_event(e) -> Event:
    """An event, a function of the hand's cards, or an event's code form as text (read by
    ``events.parse``, which refuses anything else with ``NotationError`` quoting it)."""
    if isinstance(e, Event):
        return e
    if isinstance(e, str):
        return _parse_event(e)
    if callable(e):
        return _function_event(getattr(e, "__name__", "a test of the hand"), e)
    raise TypeError(f"{e!r} is not an event: use the words of euchre_lessons.events (holds_joker, ...) "
                    "or a function of the hand's cards")


def _unseen(rs, known) -> tuple[int, str]:
    """The pack minus the known cards, checked: every known card in the pack, none twice."""
    if known is None:
        return rs.pack_mask, ""
    cards = parse_cards(known)
    problems = [f"{c} is not in the {len(rs.cards)}-card pack of {rs.name}" for c in cards if c not in rs.cards]
    twice = sorted({str(c) for c in cards if cards.count(c) > 1})
    if twice:
        problems.append(f"known cards given twice: {' '.join(twice)}")
    if problems:
        raise DealError("known= " + "; ".join(problems))
    return rs.pack_mask & ~mask_of(cards), format_cards(cards)


def _hand_size(rs, hand_size, available: int, e: Event) -> int:
    k = rs.hand_size if hand_size is None else hand_size
    if isinstance(k, bool) or not isinstance(k, int) or not 0 <= k <= available:
        raise DealError(f"hand_size={hand_size!r} for '{e.name}': a hand takes 0 to {available} of the "
                        f"{available} cards left unseen")
    return k


def _count(e: Event, rs, unseen: int, k: int, method: str) -> tuple[int, int, str]:
    """(favourable, total, method) for a hand or deal event over the unseen cards."""
    if e.scope == "hand":
        fav, used = count_hands(e, rs, unseen, k, method)
        return fav, comb(unseen.bit_count(), k), used
    deal_plan(e, rs.players)
    if rs.bidding != "turn_up":
        fav, used = count_hands(given_upcard(e, 0), rs, unseen, k, method)
        return fav, comb(unseen.bit_count(), k), used
    rest = unseen.bit_count() - 1
    fav, used = 0, method
    for up, cards in upcard_groups(e, rs, unseen):
        f, used = count_hands(given_upcard(e, up), rs, unseen & ~up, k, method)
        fav += cards * f
    return fav, unseen.bit_count() * comb(rest, k), used


def exact(rules, event, known=None, hand_size=None, given=None, method: str = "auto") -> Exact:
    """The exact chance of ``event``, as a Fraction shown with its percentage.

    A hand event is asked of one hand of ``hand_size`` cards (default: the rules' hand) drawn
    from the pack minus ``known``; a deal event of a random upcard (if the rules turn one up)
    and one seat's hand, drawn from the same cards. ``given`` (an event of the same kind)
    conditions: the answer is P(event and given) / P(given). ``method``: ``auto`` (count when the
    event is built from counts, else list hands), ``count``, ``enumerate`` (numpy, every hand)
    or ``python`` (a function per hand); see ``probability.counting``.
    """
    rs = _rules.load(rules)
    e = _as_event(event)
    unseen, known_text = _unseen(rs, known)
    turn_up = e.scope == "deal" and rs.bidding == "turn_up"
    k = _hand_size(rs, hand_size, unseen.bit_count() - turn_up, e)
    if given is None:
        fav, total, used = _count(e, rs, unseen, k, method)
        name = e.name
    else:
        g = _as_event(given)
        fav, _, used = _count(e & g, rs, unseen, k, method)
        total, _, _ = _count(g, rs, unseen, k, method)
        if total == 0:
            raise NotExactError(f"the condition '{g.name}' never holds in {rs.name}, so nothing can be given it")
        name = f"{e.name}, given that it {g.name}" if g.name.startswith("holds") else f"{e.name}, given {g.name}"
    return Exact(fav, total, event=name, rules=rs.name, favourable=fav, total=total, method=used,
                 known=known_text)


# ---- simulation ------------------------------------------------------------------------------

_Z = {0.9: 1.6448536269514722, 0.95: 1.959963984540054, 0.99: 2.5758293035489004}


class Estimate(Frozen):
    """A chance estimated from random deals: ``hits`` of ``n`` deals had the event.

    ``estimate`` is hits / n, ``se`` its standard error sqrt(p(1 - p) / n), ``ci`` a Wilson
    interval at ``confidence`` (90, 95 or 99%). With ``given=``, ``n`` counts only the deals where
    the condition held, out of ``deals`` dealt.
    """

    __slots__ = ("hits", "n", "deals", "event", "rules", "seed", "confidence")
    hits: int
    n: int
    deals: int
    event: str
    rules: str
    seed: object
    confidence: float

    def __init__(self, hits: int, n: int, *, deals: int | None = None, event: str = "", rules: str = "",
                 seed=None, confidence: float = 0.95):
        if confidence not in _Z:
            raise ArgumentError(f"confidence={confidence!r}: use 0.9, 0.95 or 0.99")
        fill(self, hits=int(hits), n=int(n), deals=int(n if deals is None else deals), event=event, rules=rules,
             seed=seed, confidence=confidence)

    @property
    def estimate(self) -> float:
        return self.hits / self.n if self.n else math.nan

    @property
    def se(self) -> float:
        p = self.estimate
        return proportion_error(p, self.n, none=math.nan)

    @property
    def ci(self) -> tuple[float, float]:
        """The Wilson score interval: sensible even when no deal (or every deal) had the event."""
        if not self.n:
            return (math.nan, math.nan)
        z, n, p = _Z[self.confidence], self.n, self.estimate
        centre = (p + z * z / (2 * n)) / (1 + z * z / n)
        half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
        lo = 0.0 if self.hits == 0 else max(0.0, centre - half)
        hi = 1.0 if self.hits == self.n else min(1.0, centre + half)
        return (lo, hi)

    def standard_errors_from(self, p) -> float:
        """How many standard errors (of a true chance ``p`` over ``n`` deals) the estimate is off."""
        p = float(p)
        sd = proportion_error(p, self.n)
        if sd == 0:
            return 0.0 if self.estimate == p else math.inf
        return abs(self.estimate - p) / sd

    def agrees_with(self, p, within: float = 4.0) -> bool:
        """True if the estimate lies within ``within`` standard errors of the chance ``p``."""
        return self.standard_errors_from(p) <= within

    def __float__(self) -> float:
        return self.estimate

    def __str__(self) -> str:
        lo, hi = self.ci
        return (f"{self.estimate:.4g} ± {self.se:.2g} (standard error; {self.confidence:.0%} interval "
                f"{lo:.4g} to {hi:.4g}; {self.hits:,} of {self.n:,} deals)")

    def __repr__(self) -> str:
        deals = f", deals={self.deals}" if self.deals != self.n else ""
        return (f"Estimate({self.hits}, {self.n}{deals}, event={self.event!r}, rules={self.rules!r}, "
                f"seed={self.seed!r}, confidence={self.confidence})")

    def _repr_html_(self) -> str:
        lo, hi = self.ci
        return (f"<p><b>P({self.event})</b> in {self.rules} &asymp; <b>{self.estimate:.4g}</b> "
                f"± {self.se:.2g} <small>({self.confidence:.0%} interval {lo:.4g} to {hi:.4g}; "
                f"{self.hits:,} of {self.n:,} deals, seed {self.seed!r})</small></p>")


def outcomes(rules, event, n: int, seed=None, known=None, hand_size=None, dealer: int = 0) -> np.ndarray:
    """For ``n`` random deals, whether ``event`` held in each (a bool array), seeded.

    A hand event is tested on one hand drawn from the unseen cards; a deal event on whole deals
    (or, with ``known`` cards or another ``hand_size``, on the turn-up and one hand drawn from the
    unseen cards)."""
    from .montecarlo import generator  # deferred: start-up (probability.montecarlo loads numpy)

    rs = _rules.load(rules)
    return _outcomes(rs, [_as_event(event)], n, generator(seed), known, hand_size, dealer)[0]


def _outcomes(rs, events: list, n: int, rng, known, hand_size, dealer: int = 0) -> list:
    """Like ``outcomes`` for several events (of one scope) on the same deals."""
    import numpy as np  # deferred: start-up (numpy)

    from .montecarlo import (  # deferred: start-up (probability.montecarlo loads numpy)
        deal_batches,
        hand_batches,
        on_deals,
        partial_batches,
    )

    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise ArgumentError(f"n={n!r}: give a whole number of deals, 1 or more")
    unseen, _ = _unseen(rs, known)
    first = events[0]
    if first.scope == "hand":
        k = _hand_size(rs, hand_size, unseen.bit_count(), first)
        batches = [[on_hands(e, hands, rs) for e in events] for hands in hand_batches(n, rng, unseen, k)]
    elif known is None and hand_size is None:
        batches = [[on_deals(e, b) for e in events] for b in deal_batches(rs, n, rng, dealer)]
    else:
        for e in events:
            deal_plan(e, rs.players)
        turn_up = rs.bidding == "turn_up"
        k = _hand_size(rs, hand_size, unseen.bit_count() - turn_up, first)
        batches = [[on_deals(e, b) for e in events] for b in partial_batches(rs, n, rng, unseen, k, turn_up)]
    return [np.concatenate([b[i] for b in batches]) for i in range(len(events))]


def estimate(rules, event, n: int = 100_000, seed=None, known=None, hand_size=None, given=None,
             confidence: float = 0.95) -> Estimate:
    """The chance of ``event`` estimated from ``n`` random deals (seeded: same seed, same answer).

    The same questions as ``exact`` (same ``known``, ``hand_size`` and ``given``), answered by
    dealing instead of counting. With ``given``, only the deals where it holds are counted."""
    from .montecarlo import generator  # deferred: start-up (probability.montecarlo loads numpy)

    rs = _rules.load(rules)
    e = _as_event(event)
    rng = generator(seed)
    if given is None:
        (hit,) = _outcomes(rs, [e], n, rng, known, hand_size)
        return Estimate(int(hit.sum()), n, event=e.name, rules=rs.name, seed=seed, confidence=confidence)
    g = _as_event(given)
    if g.scope != e.scope:
        raise TypeError(f"'{e.name}' and the condition '{g.name}' must both be about one hand, or both about the deal")
    hit, cond = _outcomes(rs, [e, g], n, rng, known, hand_size)
    return Estimate(int((hit & cond).sum()), int(cond.sum()), deals=n, event=f"{e.name}, given {g.name}",
                    rules=rs.name, seed=seed, confidence=confidence)


def convergence(rules, event, n: int = 20_000, seed=None, known=None, hand_size=None, points: int = 60):
    """The running estimate after 1, 2 ... n deals, at ``points`` deal counts spaced evenly on a
    log scale, with its standard error, a 95% Wilson interval and the exact value (NaN if the
    event has no exact answer). A DataFrame; ``attrs`` hold the event and rules names."""
    import numpy as np  # deferred: start-up (numpy)
    import pandas as pd  # deferred: start-up (pandas)

    rs = _rules.load(rules)
    e = _as_event(event)
    hits = np.cumsum(outcomes(rs, e, n, seed, known, hand_size))
    try:
        p = float(exact(rs, e, known=known, hand_size=hand_size))
    except NotExactError:
        p = math.nan
    marks = np.unique(np.geomspace(10, n, points).astype(int)) if n > 10 else np.arange(1, n + 1)
    rows = []
    for m in marks:
        est = Estimate(int(hits[m - 1]), int(m), event=e.name, rules=rs.name, seed=seed)
        lo, hi = est.ci
        rows.append({"deals": int(m), "estimate": est.estimate, "se": est.se, "lower": lo, "upper": hi, "exact": p})
    df = pd.DataFrame(rows)
    df.attrs.update(event=e.name, rules=rs.name, seed=seed)
    return df


__all__ = ["exact", "estimate", "outcomes", "convergence", "Exact", "Estimate", "percent", "NotExactError"]

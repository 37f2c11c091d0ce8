"""The searching bidder: ``ExpertPlayer``, and why it chose: ``Reason``.

Every decision before play (order up, assist, take up, name trump, go alone, partner's best,
defend alone, the exchanges and discards, Jambone, Jamboree, the seven-handed bids) is chosen
by search. The player deals the cards it has not seen ``worlds`` times in ways that fit what
its seat has seen (``layouts``), tries each legal action in every world, lets the hand go on
to the first lead (the other seats' later decisions by the rule-of-thumb player, its own by
the same quick rule), and scores the result for its side: its points less the other sides'
(the average of the others where there are more than two). Each action is scored on the same
worlds, so their differences are not blurred by the luck of the deal.

The worlds also read the bids (``infer``, on by default): a world is kept first where every
choice the other seats have made so far is the one the rule-of-thumb player would have made
with the cards that world gives them (a pass says something about a hand), and topped up
with worlds that fit the cards seen only where too few agree. In ``hoyle_railroad`` this moved
the margin over the rule of thumb from +0.246 to +0.262 points a hand on the same 2,000 deals.

How a world is scored once play begins (``evaluation``):

* ``solver``: the double-dummy value of the first lead (``solver``), read off the points
  table. Exact for the world, but both sides see every card, which flatters the side that
  knows its own hand best.
* ``playout``: the rule-of-thumb players play the hand out. Cheaper and closer to how the
  hand is really played at this table; used where the solver is too slow or does not apply
  (seven-trick and six-player hands, and hands with three sides in play).
* ``auto`` (the default) is ``playout`` in every rule set: in paired matches against the
  rule of thumb (``bench/expert_speed.py --match``, 300 deals, seats swapped) it scored
  +0.088 points a hand in ``standard`` against +0.050 with the solver, and +0.313 against
  +0.257 in ``hoyle_railroad``, at less than half the time. The differences are within the
  sampling error, but both lean the same way as the flattery of double-dummy values predicts.
  On the same worlds the two choose the same action at 88% of the decisions of 30 hands
  (``--agreement``), the values of an action 0.25-0.28 points apart on average. In the
  seven-trick game (``modern_railroad``, scores about eight times larger) they choose alike at
  84% of 92 decisions of 12 hands, the play-out's value 0.33 points below the solver's on
  average (1.15 apart, either way): the flattery of double dummy, measured. Six-player hands
  with three sides in play have no double-dummy value at all, so there the play-out is the
  only evaluation.

Cards are played by ``SearchPlayer`` (sampled layouts solved double-dummy). The player keeps
its last decision's reasons in ``last_reason``: the action, the mean points of each legal
action and the number of worlds. An action no world valued is never chosen.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import NamedTuple

from ..errors import ScoringError, SolverError
from ..game import points_of
from ..hand.phases import Phase
from ..hand.state import HandState
from ..solver import Position, check_sides, points_table
from ..stats import standard_error
from ..table import team_of
from .layouts import Layouts
from .layouts import worlds as _worlds
from .rule_of_thumb import RuleOfThumbPlayer
from .search import SearchPlayer

EVALUATIONS = ("auto", "solver", "playout")
_PLAY, _DONE = Phase.PLAY, Phase.DONE


class Drawn(NamedTuple):
    """The worlds a decision is valued on, and how many of them (the first ones) also fit the
    other seats' bids so far (``fit_bids``; None where no bid was read: the bids are not
    read, or no other seat has yet had a choice)."""

    worlds: list
    fit_bids: int | None


@dataclass(frozen=True)
class Reason:
    """Why the player chose ``action``: the mean points for its side of each legal action
    (``values``, best first, as ``(action, mean, standard error)``) over ``worlds`` deals of
    the other hands, how they were scored (``evaluation``), and the standard error of the
    chosen action's margin over the next best (``margin_se``, from the paired worlds), and how
    many of the worlds also fit the other seats' bids (``fit_bids``, as in ``Drawn``)."""

    phase: Phase
    action: object
    values: tuple
    worlds: int
    evaluation: str
    margin_se: float = 0.0
    fit_bids: int | None = None

    def margin(self) -> float:
        """Points the chosen action makes over the next best (0 with one action)."""
        return self.values[0][1] - self.values[1][1] if len(self.values) > 1 else 0.0

    def __str__(self) -> str:
        parts = ", ".join(f"{a} {m:+.2f}" for a, m, _ in self.values)
        return f"{self.action} ({self.phase}): {parts} over {self.worlds} worlds ({self.evaluation})"


def _side_points(final, seat: int) -> float:
    """``seat``'s side's points in a finished hand less the other sides' average."""
    points = points_of(final)[4]
    n = final.players
    mine = team_of(seat, n)
    if not final.rules.partnerships:  # seven-handed: a score per seat
        others = [points[s] for s in range(n) if s != seat]
    else:
        others = [p for t, p in enumerate(points) if t != mine]
    return points[mine] - sum(others) / len(others)


class ExpertPlayer:
    """Bids by searching ``worlds`` layouts per decision and plays cards by ``SearchPlayer``.

    ``evaluation`` is ``auto``, ``solver`` or ``playout`` (see the module); ``card_samples``
    layouts are solved per card played (0: the rule-of-thumb player plays the cards);
    ``infer`` keeps first the worlds in which the bids seen are the ones the other seats
    would have made (see the module; ``False``: every world that fits the cards seen). Seeded
    by ``seed`` or ``new_hand``: a hand replays identically.
    """

    def __init__(self, seed=None, worlds: int | None = None, evaluation: str = "auto", card_samples: int = 20,
                 max_cards: int = 28, infer: bool = True):
        self.seed = seed
        self.rng = random.Random(seed)
        self.evaluation = evaluation
        self.worlds = worlds
        self.thumb = RuleOfThumbPlayer(seed)
        self.cards = SearchPlayer(seed, samples=card_samples, fallback=self.thumb, max_cards=max_cards,
                                  big_samples=max(1, card_samples // 3)) if card_samples else None
        self.card_samples = card_samples
        self.infer = infer
        self.last_reason: Reason | None = None

    def new_hand(self, seed) -> None:
        self.rng.seed(seed)
        self.thumb.new_hand(seed)
        if self.cards is not None:
            self.cards.new_hand(seed)

    def choose(self, view):
        legal = view.legal_actions()
        if len(legal) == 1:
            return legal[0]
        if view.phase is _PLAY:
            return self.cards.choose(view) if self.cards is not None else self.thumb.choose(view)
        return self.bid(view, legal)

    # ---- bidding by search ---------------------------------------------------------------------

    def plan(self, rules) -> tuple:
        """``(evaluation, worlds)`` for a rule set: play-outs on 48 worlds unless told
        otherwise (the solver on 32: a seven-card solve costs ten times a five-card one)."""
        how = self.evaluation if self.evaluation != "auto" else "playout"
        count = self.worlds if self.worlds is not None else (32 if how == "solver" else 48)
        return how, count

    def bid(self, view, legal) -> object:
        """The legal action with the best mean points over the sampled worlds."""
        how, count = self.plan(view.rules)
        seat = view.seat
        found, fit_bids = self.worlds_for(view, count)
        totals: dict = {a: [] for a in legal}
        for world in found:
            for a in legal:
                totals[a].append(self.score(world.apply(a), seat, how))
        rows = []
        for a in legal:
            xs = totals[a]
            if not xs:
                continue  # an action no world valued is never chosen
            rows.append((a, sum(xs) / len(xs), standard_error(xs)))
        if not rows:  # no world fits (never seen in testing): the rule of thumb decides
            action = self.thumb.choose(view)
            self.last_reason = Reason(view.phase, action, (), 0, "rule of thumb")
            return action
        rows.sort(key=lambda r: -r[1])  # stable: ties keep the order of the legal actions
        margin_se = 0.0
        if len(rows) > 1 and len(found) > 1:
            margin_se = standard_error([x - y for x, y in zip(totals[rows[0][0]], totals[rows[1][0]])])
        self.last_reason = Reason(view.phase, rows[0][0], tuple(rows), len(found), how, margin_se, fit_bids)
        return rows[0][0]

    def worlds_for(self, view, count: int) -> Drawn:
        """The ``count`` worlds this player values a decision on (``Drawn``), from its own
        seeded generator: the hint draws the same ones (``valuing.worlds``)."""
        if not self.infer:
            return Drawn(_worlds(view, count, self.rng, Layouts(view)), None)
        return self._inferred(view, count)

    def _inferred(self, view, count: int) -> Drawn:
        """Worlds in which the other seats' bids so far are the ones the rule-of-thumb player
        would have made with the cards that world gives them (a pass says something about a
        hand); drawn up to four times as many as asked for, and topped up with worlds that fit
        the view only, where too few agree."""
        layouts = Layouts(view)
        agree: list = []
        other: list = []
        read = False
        for _ in range(4 * count):
            w = layouts.world(self.rng)
            if w is None:
                continue
            agrees, checked = _bids_read(w, view.seat, self.thumb)
            read = read or checked > 0
            (agree if agrees else other).append(w)
            if len(agree) >= count:
                break
        return Drawn(agree + other[:max(0, count - len(agree))], len(agree) if read else None)

    def finish(self, state):
        """``state`` played to its end by the rule-of-thumb player: the play-out by which
        ``score`` values a world (``score(s, seat, "playout")`` is ``seat``'s side's points of
        ``finish(s)``, the same calls in the same order). For a reader that wants the whole
        finished hand (tricks as well as points), as the hints do."""
        thumb = self.thumb
        while not state.is_over:
            state = state.apply(thumb.choose(state.view(state.to_act)))
        return state

    def score(self, state, seat: int, how: str) -> float:
        """``seat``'s side's points (less the others') from ``state``: the decisions before
        play by the rule of thumb, then the solver or a play-out."""
        thumb = self.thumb
        while state.phase is not _PLAY and not state.is_over:
            state = state.apply(thumb.choose(state.view(state.to_act)))
        if state.is_over:
            return _side_points(state, seat)
        if how == "solver":
            try:
                return _solved_points(state, seat)
            except (SolverError, ScoringError):  # three sides in play, or a Jamboree shown (the points
                pass  # table covers trick counts a Jamboree cannot end with): played out instead
        while not state.is_over:
            state = state.apply(thumb.choose(state.view(state.to_act)))
        return _side_points(state, seat)

    def __repr__(self) -> str:
        return (f"ExpertPlayer(worlds={self.worlds}, evaluation={self.evaluation!r}, "
                f"card_samples={self.card_samples}, infer={self.infer})")


def _bids_agree(world, seat: int, thumb) -> bool:
    """Whether every decision with a choice that another seat made before play in ``world`` is
    the rule-of-thumb player's choice there."""
    return _bids_read(world, seat, thumb)[0]


def _bids_read(world, seat: int, thumb) -> tuple:
    """``(agree, checked)``: whether the other seats' decisions with a choice before play in
    ``world`` are all the rule-of-thumb player's, and how many were checked (up to the first
    that is not)."""
    state = HandState.start(world.deal)
    checked = 0
    for action in world.history:
        s = state.to_act
        if s != seat and state.phase is not _PLAY and len(state.legal_actions()) > 1:
            checked += 1
            if thumb.choose(state.view(s)) != action:
                return False, checked
        state = state.apply(action)
    return True, checked


def _solved_points(state, seat: int) -> float:
    """The double-dummy points of a state at the first lead for ``seat``'s side, less the
    other sides' average (``SolverError`` for a hand with three sides in play).

    Only the points matter, not the tricks: the search asks "can the makers reach the next
    trick count that changes the score?" by null-window tests, halving the breakpoints of the
    points table, which is cheaper than finding the exact trick count."""
    check_sides(state)
    table = _table(state)
    pos = Position.of_state(state)
    counts = sorted(table)
    breaks = [m for prev, m in zip(counts, counts[1:]) if table[m][:2] != table[prev][:2]]
    lo, hi = 0, len(breaks)  # the answer is counts[0] or one of breaks[:hi]; breaks[:lo] are reached
    while lo < hi:
        mid = (lo + hi) // 2
        if _reach(pos, breaks[mid] - pos.won):
            lo = mid + 1
        else:
            hi = mid
    tricks = breaks[lo - 1] if lo else counts[0]
    return _points_for(state, seat, table[tricks])


def _reach(pos, need: int) -> bool:
    """Can the makers take at least ``need`` of the tricks still to play, with perfect play?"""
    after, H, counts, trick, turn, index = (pos.search.after_card, pos.hands, pos.counts, pos.trick, pos.turn,
                                            pos.index)
    maximise = pos.maximising
    for group in pos.classes(pos.playable):
        v = after(H, counts, trick, turn, index[group[0]], need - 1, need)
        if maximise and v >= need:
            return True
        if not maximise and v < need:
            return False
    return not maximise


def _points_for(state, seat: int, row) -> float:
    makers, defenders = row[0], row[1]
    n, rules = state.players, state.rules
    side = state.makers_mask
    if not rules.partnerships:
        mine = makers if side >> seat & 1 else defenders[0]
        others = [makers if side >> s & 1 else defenders[0] for s in range(n) if s != seat]
        return mine - sum(others) / len(others)
    maker_team = team_of(state.maker, n)
    points = [0] * rules.teams
    points[maker_team] = makers
    for t, p in zip([t for t in range(rules.teams) if t != maker_team], defenders):
        points[t] = p
    mine = team_of(seat, n)
    others = [p for t, p in enumerate(points) if t != mine]
    return points[mine] - sum(others) / len(others)


_TABLES: dict = {}


def _table(state) -> dict:
    """The points table at the first lead, remembered per rule set and public setup (a run
    meets only a few dozen)."""
    s = state.setup
    key = (state.rules, state.maker, s.alone, s.pat, s.lone_defender, s.jambone, s.jamboree, s.bid, s.side,
           s.sitting)
    found = _TABLES.get(key)
    if found is None:
        if len(_TABLES) > 4096:
            _TABLES.clear()
        found = _TABLES[key] = points_table(state)
    return found


__all__ = ["ExpertPlayer", "Reason", "Drawn", "EVALUATIONS"]


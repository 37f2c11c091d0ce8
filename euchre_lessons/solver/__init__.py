"""Double-dummy analysis: what perfect play gives with every card visible.

>>> from euchre_lessons import solver, deal, players, HandState
>>> from euchre_lessons.game import play_hand
>>> state = HandState.replay(deal("standard", seed=7), "order up, with partner, discard KH")
>>> sol = solver.solve(state)          # a state in the play phase, at any point of the hand
>>> sol.tricks, sol.best, sol.points   # the makers' tricks, the best cards, each side's points
(3, (Card('TC'), Card('JC'), Card('KD'), Card('TS'), Card('JS')), {'makers': 1, 'defenders': 0})
>>> finished_state = play_hand(deal("standard", seed=7), players.make("random", seed=1))
>>> print(solver.analyse(finished_state))     # every card of a played hand against perfect play
With perfect play from the first card the makers take 3 of 5 tricks (points difference +1). They took 4.
Trick 3: South (defender) played QD; best was QD AD 9H. The makers' perfect-play result went from 3 to 4 tricks
(points difference +1 to +1): it cost 1 trick.
In all the defenders' mistakes cost them 1 trick and 0 points.

What is solved. Both sides see every card and play perfectly: the makers to take as many tricks
as they can, the defenders to hold them to as few. ``Solution.tricks`` is the makers' tricks at
the end of the hand (those already won included) and ``Solution.cards`` gives, for each legal
card of the seat to act, the same figure if that card is played now. In a Jambone the seat to
act for the exposed hand is the opponent who names its card, and he names it for the defenders.

Points. What the solver optimises is the makers' points minus the points of their opponents
(``net``). Under every rule set it covers, that difference never falls when the makers take one
more trick (march, per-trick and all-or-nothing Jambone tables alike, the defenders' per-trick
points included: they fall as the makers' tricks rise), so perfect play for points and perfect
play for tricks reach the same result, and the points are read off the trick count through
``scoring.score``. They do not always pick the same cards: a card that costs the makers their
fourth trick of five costs no points in the standard game. ``Solution.best`` lists the cards
that are best for points, ``Solution.best_for_tricks`` those best for tricks (a subset), and
``analyse`` reports what each card played cost in both.

Which hands. Every two-sided hand: four players with partners, lone hands (three players), lone
against lone (two), the no-trump Joker hand, Jambone, and Seven-Handed Euchre (the maker and his
three partners against the other three, who all score alike). Seven hands of seven cards are a
big search: positions with up to about 35 cards left solve in a second or so, but the first lead
can take minutes, so with more than four players ``solve`` gives up with ``SolverError`` after
``BIG_TABLE_LIMIT`` positions unless told otherwise (``max_positions``). A six-player hand in which both
defending teams play is refused with ``SolverError``: those teams score separately and compete
with each other, so "perfect play" for the defenders is not one thing. A six-player lone hand
against a lone defender is two-sided and is solved.

How (``solver.search``): alpha-beta on the makers' tricks over bit masks, a transposition table
at trick boundaries keyed by the cards left (numbered by rank among the cards still in play) and
the leader, move ordering, equivalent-card pruning and quick-trick bounds.

The modules: ``search`` (alpha-beta on integers), ``points`` (points from tricks, two-sided hands),
``analysis`` (a played hand against perfect play: ``analyse``).
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast

from ..cards import CARDS, Card, ids_of
from ..errors import SolverError
from ..hand.phases import Phase
from ..hand.play import follow_rule, playable
from ..hand.state import HandState
from ..ranking import ranking
from ..scoring import HandScore
from ..table import seat_name
from .points import check_sides, makers_mask, outcome_for, points_table
from .search import OutOfBudget, Search

if TYPE_CHECKING:
    from pathlib import Path

    from pandas import DataFrame

    from ..rules import RuleSet

NO_TRUMP = 4
_T = TypeVar("_T")
BIG_TABLE_LIMIT = 1_000_000  # positions searched before giving up, with more than four players


@dataclass(frozen=True)
class CardValue:
    """What one legal card is worth with perfect play afterwards."""

    card: Card
    tricks: int
    makers_points: int
    defenders_points: tuple
    net: int

    def __str__(self) -> str:
        return f"{self.card}: {self.tricks} tricks, net {self.net:+d}"


@dataclass(frozen=True)
class Solution:
    """The double-dummy result of a state in play.

    ``tricks`` the makers' tricks at the end of the hand with perfect play (``tricks_won`` of
    them already taken); ``cards`` the value of each legal card of the seat to act, in the order
    of ``legal_actions``; ``score`` the hand's ``HandScore`` with perfect play, and ``points``
    the makers' and each defending team's points from it; ``net`` the makers' points minus the
    opponents'. ``best`` are the cards that keep the best ``net`` for the side whose card it is
    (a card that gives up a trick worth no points is among them); ``best_for_tricks`` the cards
    that keep the best trick count (always among ``best``). ``points_by_tricks`` maps each
    reachable makers' trick count to ``(makers' points, defenders' points, net)``.
    """

    rules: str
    players: int
    to_act: int
    turn: int
    side: str
    tricks: int
    tricks_won: int
    hand_tricks: int
    cards: tuple
    score: HandScore
    makers_points: int
    defenders_points: tuple
    net: int
    best: tuple
    best_for_tricks: tuple
    points_by_tricks: dict = field(repr=False, compare=False, default_factory=dict)

    @property
    def points(self) -> dict:
        """Points with perfect play: ``{"makers": ..., "defenders": ...}`` (the defenders'
        figure is their total, per team in ``defenders_points``)."""
        return {"makers": self.makers_points, "defenders": sum(self.defenders_points)}

    def value_of(self, card: Card | str) -> CardValue:
        card = Card.parse(card)
        for v in self.cards:
            if v.card is card:
                return v
        raise SolverError(f"{card} is not a legal card here: the legal cards are "
                          + " ".join(str(v.card) for v in self.cards))

    def table(self) -> DataFrame:
        """One row per legal card: tricks, points and whether it is best."""
        import pandas as pd  # deferred: start-up (pandas)

        rows = [{"card": str(v.card), "makers' tricks": v.tricks, "makers' points": v.makers_points,
                 "defenders' points": sum(v.defenders_points), "net": v.net, "best": v.card in self.best}
                for v in self.cards]
        return pd.DataFrame(rows)

    def __str__(self) -> str:
        who = seat_name(self.to_act, self.players)
        best = " ".join(map(str, self.best))
        cards = ", ".join(f"{v.card} {v.tricks}" for v in self.cards)
        defenders = " and ".join(map(str, self.defenders_points))
        return (f"With perfect play the makers take {self.tricks} of {self.hand_tricks} tricks "
                f"({self.tricks_won} already won): {self.makers_points} point{'' if self.makers_points == 1 else 's'} "
                f"to the makers, {defenders} to the "
                f"defenders ({self.score.table}). {who} ({self.side[:-1]}) to play; best: {best}. "
                f"Makers' tricks after each card: {cards}.")

    def _repr_html_(self) -> str:
        return f"<p>{self}</p>" + self.table().to_html(index=False)


# ---- from a state to the search's numbers -------------------------------------------------

_SEARCHES: dict = {}
# Positions kept over every seating's table together (about 170 bytes each): past this, all the
# tables are emptied before the next solve, so a long run (a strength bench, a simulation with
# searching players, a pupil's hints) holds a bounded amount of memory however many seatings it
# meets. Little is found again from one hint to the next, and a big table slows every full
# collection of the garbage collector: 200,000 kept a review after a run of hints at 187 ms at
# the 95th percentile, where 1,500,000 let it reach 299 (bench/teaching.py). One solve may still
# fill its own table to ``search.MAX_TABLE``.
TABLES_HELD = 200_000


def _search_for(key: tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[bool, ...], bool]) -> Search:
    found = _SEARCHES.get(key)
    if found is None:
        if len(_SEARCHES) > 16:
            _SEARCHES.clear()
        found = _SEARCHES[key] = Search(*key)
    if positions_held() > TABLES_HELD:
        for s in _SEARCHES.values():
            s.clear()
    return found


def positions_held() -> int:
    """Positions kept in the solver's tables now (bounded by ``TABLES_HELD``)."""
    return sum(len(s.table) + len(s.ends) for s in _SEARCHES.values())


class Frame:
    """What stays the same while the unseen cards are laid out one way and another: the rules,
    the seats in play, the makers' seats, the trump, the trick on the table as ``(seat, card
    id)`` pairs, whose turn it is, the makers' tricks so far and how many tricks are done.
    ``position(hands)`` lays one layout into it; what the layouts share is worked out once."""

    __slots__ = ("ranked", "segment_of", "segments", "trick", "trick_mask", "lead", "turn", "search", "active",
                 "maker", "won", "left", "rank", "rule", "players")

    def __init__(self, rules: RuleSet, active: tuple[int, ...], side: int, jambone_maker: int | None, trump: int,
                 trick: tuple[tuple[int, int], ...], turn: int, won: int, done: int) -> None:
        n = rules.players
        rank = ranking(trump, rules.trump_order)
        order = [x for x in range(4) if x != trump] + [trump]
        segment = {suit: k for k, suit in enumerate(order)}
        eff, power = rank.eff_suit, rank.power
        self.ranked = tuple(sorted((c.id for c in CARDS), key=lambda i: (segment[eff[i]], power[i])))
        self.segment_of = tuple(segment[eff[c.id]] for c in CARDS)
        self.segments = len(order)
        nxt = [0] * n
        for i, s in enumerate(active):
            nxt[s] = active[(i + 1) % len(active)]
        maker = tuple(side >> s & 1 for s in range(n))
        chooser = tuple(bool(maker[s]) and s != jambone_maker for s in range(n))
        self.rule = follow_rule(rules, trump)
        self.search = _search_for((tuple(nxt), tuple(active), maker, chooser, self.rule.joker_free != 0))
        self.active, self.rank, self.maker, self.players = tuple(active), rank, maker, n
        self.trick, self.turn = tuple(trick), turn
        self.trick_mask = sum(1 << c for _, c in trick)
        self.lead = trick[0][1] if trick else None
        self.won, self.left = won, rules.hand_size - done

    def position(self, hands: tuple[int, ...] | list[int]) -> Position:
        """The layout ``hands`` (one card mask per seat) in the search's numbers."""
        active = self.active
        in_play = self.trick_mask
        for s in active:
            in_play |= hands[s]
        ids = tuple(c for c in self.ranked if in_play >> c & 1)
        index = {cid: k for k, cid in enumerate(ids)}
        counts = [0] * self.segments
        segment_of = self.segment_of
        for cid in ids:
            counts[segment_of[cid]] += 1
        packed = [0] * self.players
        for s in active:
            m = 0
            for cid in ids_of(hands[s]):
                m |= 1 << index[cid]
            packed[s] = m
        return Position(self, ids, index, tuple(packed), tuple(counts),
                        playable(hands[self.turn], self.lead, self.rule))


class Position:
    """A hand in play translated into the search's compressed numbers (see solver.search):
    one layout of the cards (``hands``, one mask per seat) laid into a ``Frame``. Built from a
    state (``Position.of_state``) or from a layout a player imagines (``Frame.position``)."""

    __slots__ = ("ids", "index", "hands", "counts", "trick", "turn", "search", "active", "maker",
                 "won", "left", "playable", "rank", "joker_extra")

    def __init__(self, frame: Frame, ids: tuple[int, ...], index: dict[int, int], hands: tuple[int, ...],
                 counts: tuple[int, ...], playable: int) -> None:
        self.ids, self.index, self.hands, self.counts, self.playable = ids, index, hands, counts, playable
        self.trick = tuple((s, index[c]) for s, c in frame.trick)
        self.turn, self.maker, self.search, self.active, self.rank = (frame.turn, frame.maker, frame.search,
                                                                      frame.active, frame.rank)
        self.won, self.left, self.joker_extra = frame.won, frame.left, frame.rule.joker_free

    @classmethod
    def laid(cls, rules: RuleSet, active: tuple[int, ...], side: int, jambone_maker: int | None, trump: int,
             hands: tuple[int, ...] | list[int], trick: tuple[tuple[int, int], ...], turn: int, won: int,
             done: int) -> Position:
        """One layout in its own frame (see ``Frame`` for the arguments)."""
        return Frame(rules, active, side, jambone_maker, trump, trick, turn, won, done).position(hands)

    @classmethod
    def of_state(cls, state: HandState) -> Position:
        check(state)
        setup = state.setup
        won = sum(1 for trick in state.tricks if setup.side >> trick.winner & 1)
        trick = tuple((seat, card.id) for seat, card in state.trick)
        trump = cast(int, setup.trump)  # check has seen the hand in play: trump is made
        return cls.laid(state.rules, state.active_seats, setup.side, setup.maker if setup.jambone else None, trump,
                        state.hand_masks, trick, state.turn, won, len(state.tricks))

    @property
    def maximising(self) -> bool:
        """True when the card now is chosen by the makers."""
        return self.search.chooser_max[self.turn]

    def card_value(self, card_id: int, guess: int | None = None, lo: int = 0, hi: int | None = None) -> int:
        """The makers' tricks in the rest of the hand (the current trick included) if the seat
        whose turn it is plays ``card_id`` (a card id), with perfect play afterwards.

        Found by null-window tests ("at least g?") from ``guess``: each test prunes far more
        than one search with the whole window, and the table keeps what they learn. With
        ``lo``/``hi`` the answer is only exact inside that range: a value at or below ``lo``
        (at or above ``hi``) means "no more" ("no less") than that."""
        after, H, counts, trick, turn, index = (self.search.after_card, self.hands, self.counts, self.trick,
                                                self.turn, self.index[card_id])
        hi = self.left if hi is None else hi
        g = (lo + hi) // 2 if guess is None else min(max(guess, lo), hi)
        while lo < hi:
            beta = g + 1 if g == lo else g
            v = after(H, counts, trick, turn, index, beta - 1, beta)
            if v >= beta:
                lo = g = v
            else:
                hi = g = v
        return lo

    def classes(self, mask: int) -> list:
        """The cards of ``mask`` (one seat's) in runs of equivalent cards: adjacent in rank in
        one suit among the cards still in play. Each run is listed lowest first."""
        starts = off = 0
        for c in self.counts:
            if c:
                starts |= 1 << off
            off += c
        groups: list = []
        prev = -2
        for k in sorted(self.index[cid] for cid in ids_of(mask)):
            if k == prev + 1 and not starts >> k & 1:
                groups[-1].append(self.ids[k])
            else:
                groups.append([self.ids[k]])
            prev = k
        return groups

    def values(self) -> dict:
        """The makers' final tricks for every playable card (card id -> tricks)."""
        out: dict = {}
        guess = None
        for group in self.classes(self.playable):
            guess = self.card_value(group[0], guess)
            for cid in group:
                out[cid] = self.won + guess
        return out


def check(state: object) -> None:
    """Raise ``SolverError`` unless ``state`` is a two-sided hand in the play phase."""
    if not isinstance(state, HandState):
        raise SolverError(f"the solver needs a HandState in the play phase (from HandState.start or "
                          f"HandState.replay, played to the first lead), not {state!r} of type "
                          f"{type(state).__name__}")
    phase = state.phase
    if phase is not Phase.PLAY:
        where = "over" if phase is Phase.DONE else f"in the {phase} phase"
        raise SolverError(f"the solver needs a hand in the play phase; this hand ({state.rules.name}) is {where}")
    check_sides(state)


# ---- the public functions ------------------------------------------------------------------

def _budgeted(pos: Position, limit: int | Literal["auto"] | None, work: Callable[[], _T]) -> _T:
    """Run ``work()`` within a budget of searched positions (see ``solve``)."""
    if limit == "auto":
        limit = BIG_TABLE_LIMIT if len(pos.active) > 4 else None
    pos.search.budget(limit)
    try:
        return work()
    except OutOfBudget:
        cards = sum(pos.hands[s].bit_count() for s in pos.active) + len(pos.trick)
        raise SolverError(
            f"gave up after searching {limit:,} positions (max_positions): {len(pos.active)} players with {cards} "
            "cards still to play is too big to solve in reasonable time here. Solve a later point of the hand, "
            "or pass max_positions=None to search without a limit.") from None
    finally:
        pos.search.budget(None)


def solve(state: HandState, max_positions: int | Literal["auto"] | None = "auto") -> Solution:
    """The double-dummy solution of a state in the play phase (see the module's docstring).

    ``max_positions`` bounds the work: the number of trick-boundary positions searched before
    giving up with ``SolverError``. The default ("auto") sets no limit with four players or fewer
    and ``BIG_TABLE_LIMIT`` (about half a minute) with more: the start of a seven-handed hand
    can take far longer. None means no limit."""
    pos = Position.of_state(state)
    table = points_table(state)
    values = _budgeted(pos, max_positions, pos.values)
    maximise = pos.maximising
    cards = tuple(CardValue(CARDS[c], values[c], *table[values[c]][:3])
                  for c in (a.cid for a in state.legal_actions()))
    sign = 1 if maximise else -1
    top = max(sign * v.net for v in cards)
    best = tuple(v.card for v in cards if sign * v.net == top)
    top_t = max(sign * v.tricks for v in cards)
    best_t = tuple(v.card for v in cards if sign * v.tricks == top_t)
    tricks = sign * top_t
    mp, dp, net, hs = table[tricks]
    return Solution(state.rules.name, state.players, state.to_act, state.turn, "makers" if maximise else "defenders",
                    tricks, pos.won, state.rules.hand_size, cards, hs, mp, dp, net, best, best_t,
                    {m: row[:3] for m, row in table.items()})


def value(state: HandState, max_positions: int | Literal["auto"] | None = "auto") -> int:
    """Only the makers' final tricks with perfect play (a state in play): cheaper than ``solve``."""
    pos = Position.of_state(state)
    maximise = pos.maximising

    def work() -> int:
        best = None
        for group in pos.classes(pos.playable):
            if best is None:
                best = pos.card_value(group[0])
            elif maximise:
                best = max(best, pos.card_value(group[0], best + 1, lo=best))
            else:
                best = min(best, pos.card_value(group[0], best - 1, hi=best))
        return cast(int, best)  # the seat to act in play holds a playable card

    return pos.won + _budgeted(pos, max_positions, work)


def analyse(record: HandState | dict[str, Any] | str | Path) -> Any:  # an Analysis (solver.analysis imports this module)
    """Every card of a played hand against perfect play: an ``Analysis`` (see solver.analysis)."""
    from .analysis import analyse as _analyse  # deferred: circle (solver.analysis imports solver at load)

    return _analyse(record)


__all__ = ["solve", "value", "analyse", "Solution", "CardValue", "SolverError", "Position", "Frame", "points_table",
           "outcome_for", "makers_mask", "check", "BIG_TABLE_LIMIT"]

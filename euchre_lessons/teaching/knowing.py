"""What a card is worth to a seat that sees only its own cards: ``card_values``.

The unseen cards are laid out to the other seats in every way that fits what the seat knows
(its hand, every card played, the voids shown, the turn-up's place, an exposed Jambone hand:
``players.search.Knowledge``, without the searching player's guess about the maker's trumps).
Each layout is solved double-dummy. When the layouts are few (``EXACT_LIMIT`` or fewer) all of
them are solved and the means are exact; otherwise ``samples`` layouts are drawn uniformly,
seeded, and each mean carries its standard error. With ``show_all`` the actual layout alone is
solved: the double-dummy value a teacher shows with every hand face up.
"""
from __future__ import annotations

import math
import random
from html import escape
from itertools import combinations
from typing import NamedTuple

from ..cards import ids_of
from ..errors import SolverError
from ..hand.phases import Phase
from ..hand.view import SeatView

EXACT_LIMIT = 60      # this many layouts or fewer are all solved
SAMPLES = 24          # layouts solved otherwise
_TRIES = 400          # uniform draws per layout before the constrained draw is used


class ActionValue(NamedTuple):
    """A legal action's worth to the seat's side: its mean ``tricks`` (the side's tricks at the
    end of the hand) and mean ``points`` (the side's points less the other side's, or with more
    than two sides less the others' average), each with a standard error (0 when exact)."""

    action: object
    tricks: float
    points: float
    tricks_se: float
    points_se: float

    @property
    def card(self):
        return self.action.card


class Values(NamedTuple):
    """Every legal action's ``ActionValue``, best first, over ``layouts`` layouts of the unseen
    cards: ``method`` is ``exact`` (all the layouts there are, each solved), ``sampled`` (a
    sample, each solved), ``double dummy`` (the actual layout, solved) or ``playouts`` (a
    sample, each played out by the rule-of-thumb players: bidding, and hands too big to solve)."""

    seat: int
    values: tuple
    layouts: int
    method: str
    per_layout: dict = {}
    hands: tuple = ()

    @property
    def exact(self) -> bool:
        return self.method in ("exact", "double dummy")

    @property
    def double_dummy(self) -> bool:
        return self.method == "double dummy"

    def loss(self, action, against=None) -> tuple:
        """How much worse ``action`` is than ``against`` (default: the best), paired layout by
        layout: ``(tricks, points, tricks' standard error, points' standard error)``."""
        against = self.best.action if against is None else against
        a, b = self.per_layout[action], self.per_layout[against]
        dt = [y[0] - x[0] for x, y in zip(a, b)]
        dp = [y[1] - x[1] for x, y in zip(a, b)]
        if not dt:
            return 0.0, 0.0, 0.0, 0.0
        return _mean(dt), _mean(dp), 0.0 if self.exact else _se(dt), 0.0 if self.exact else _se(dp)

    @property
    def best(self) -> ActionValue:
        return self.values[0]

    def of(self, action) -> ActionValue:
        for v in self.values:
            if v.action is action:
                return v
        raise KeyError(action)

    def how(self) -> str:
        if self.double_dummy:
            return "with every hand face up (double dummy)"
        if self.method == "exact":
            return f"over all {self.layouts} layouts of the unseen cards that fit what this seat has seen"
        play = ", each played out by the rule-of-thumb players" if self.method == "playouts" else ""
        return f"over {self.layouts} sampled layouts of the unseen cards that fit what this seat has seen{play}"

    def __str__(self) -> str:
        rows = [f"{'action':>22} {'tricks':>12} {'points':>12}"]
        for v in self.values:
            t = f"{v.tricks:.2f}" + ("" if self.exact else f" ± {v.tricks_se:.2f}")
            p = f"{v.points:+.2f}" + ("" if self.exact else f" ± {v.points_se:.2f}")
            rows.append(f"{str(v.action):>22} {t:>12} {p:>12}")
        return f"Values {self.how()}:\n" + "\n".join(rows)

    def _repr_html_(self) -> str:
        exact = self.exact
        rows = "".join(f"<tr><td>{escape(str(v.action))}</td><td>{v.tricks:.2f}"
                       + ("" if exact else f" ± {v.tricks_se:.2f}") + f"</td><td>{v.points:+.2f}"
                       + ("" if exact else f" ± {v.points_se:.2f}") + "</td></tr>" for v in self.values)
        return (f"<p>Values {escape(self.how())}.</p><table><tr><th>action</th><th>your side's tricks</th>"
                f"<th>your side's points</th></tr>{rows}</table>")


def _knowledge(view):
    from ..players.search import Knowledge

    k = Knowledge(view)
    k.maker_min = None  # a guess, not knowledge: the layouts must fit what was seen, nothing more
    return k


def layouts(view, samples: int = SAMPLES, seed=0) -> tuple[list, bool]:
    """Layouts (each seat's cards as masks) of the unseen cards that fit what ``view`` knows,
    and whether they are all of them."""
    k = _knowledge(view)
    every = _every_layout(k, EXACT_LIMIT)
    if every is not None:
        return every, True
    rng = random.Random(seed)
    return [_draw(k, rng) for _ in range(samples)], False


def _every_layout(k, limit: int):
    seats = sorted(k.need, key=lambda s: k.allowed[s].bit_count())
    bound = 1
    for s in seats:
        bound *= math.comb(k.allowed[s].bit_count(), k.need[s])
        if bound > 50 * limit:
            return None
    out: list = []

    def place(i: int, left: int, acc: dict) -> bool:
        if i == len(seats):
            out.append(_hands(k, acc))
            return len(out) <= limit
        s = seats[i]
        for combo in combinations(ids_of(left & k.allowed[s]), k.need[s]):
            m = sum(1 << c for c in combo)
            acc[s] = m
            if not place(i + 1, left & ~m, acc):
                return False
        return True

    return out if place(0, k.unseen, {}) else None


def _hands(k, acc: dict) -> tuple:
    hands = dict(k.fixed)
    for s, m in acc.items():
        hands[s] = m | k.forced.get(s, 0)
    return tuple(hands.get(s, 0) for s in range(k.n))


def _draw(k, rng) -> tuple:
    """One layout, uniform over those that fit (by rejection), else from the constrained draw."""
    pool = ids_of(k.unseen)
    seats = sorted(k.need)
    for _ in range(_TRIES):
        rng.shuffle(pool)
        acc, at, ok = {}, 0, True
        for s in seats:
            m = sum(1 << c for c in pool[at:at + k.need[s]])
            at += k.need[s]
            if m & ~k.allowed[s]:
                ok = False
                break
            acc[s] = m
        if ok:
            return _hands(k, acc)
    return k.layout(rng)


def card_values(state, seat: int | None = None, samples: int = SAMPLES, seed=0, show_all: bool = False) -> Values:
    """The worth of each legal card of ``seat`` (default: the seat to act) in a state in play,
    each layout solved double-dummy (``SolverError`` for a hand the solver does not cover)."""
    seat = state.to_act if seat is None else seat
    if state.phase is not Phase.PLAY or state.to_act != seat:
        raise SolverError(f"card values are for the seat to act in play; here {state.phase} and seat "
                          f"{state.to_act} to act")
    view = SeatView(state, seat)
    k = _knowledge(view)
    if show_all:
        hands, method = [state.hand_masks], "double dummy"
    else:
        hands, every = layouts(view, samples, seed)
        method = "exact" if every else "sampled"
    exact = method != "sampled"
    legal = state.legal_actions()
    maker = bool(k.side >> seat & 1)
    size = state.rules.hand_size
    sums = {a: [] for a in legal}
    for layout in hands:
        values = k.position(layout).values()
        for a in legal:
            tricks = values[a.cid]
            net = k.table[tricks][2]
            sums[a].append((tricks if maker else size - tricks, net if maker else -net))
    out = []
    for a in legal:
        t = [x for x, _ in sums[a]]
        p = [y for _, y in sums[a]]
        out.append(ActionValue(a, _mean(t), _mean(p), 0.0 if exact else _se(t), 0.0 if exact else _se(p)))
    out.sort(key=lambda v: (-v.points, -v.tricks, k.rank.power[v.action.cid]))  # the lowest of equals first
    return Values(seat, tuple(out), len(hands), method, {a: tuple(v) for a, v in sums.items()}, tuple(hands))


def perfect_line(state, seat: int, hands: tuple, first) -> tuple:
    """The rest of the hand on the layout ``hands`` (one mask per seat) after ``seat`` plays
    ``first`` (an Action), every later card chosen by perfect play: ``((seat, card id), ...)``
    and the makers' tricks at the end."""
    k = _knowledge(SeatView(state, seat))
    from ..solver import Position

    rank, size, side, active = k.rank, state.rules.hand_size, k.side, k.active
    hands, trick, turn, won, done = list(hands), list(k.trick), k.turn, k.won, k.done
    card, plays = first.cid, []
    while True:
        plays.append((turn, card))
        hands[turn] &= ~(1 << card)
        trick.append((turn, card))
        if len(trick) == len(active):
            turn = rank.trick_winner(tuple(trick))
            won += side >> turn & 1
            done += 1
            trick = []
            if done == size:
                return tuple(plays), won
        else:
            turn = active[(active.index(turn) + 1) % len(active)]
        pos = Position(k.rules, active, side, k.jambone_maker, k.trump, tuple(hands), tuple(trick), turn, won, done)
        values = pos.values()
        pick = max if pos.maximising else min
        best = pick(values.values())
        card = min((c for c, v in values.items() if v == best), key=lambda c: rank.power[c])


def _mean(xs) -> float:
    return sum(xs) / len(xs)


def _se(xs) -> float:
    n = len(xs)
    if n < 2:
        return 0.0
    m = _mean(xs)
    return math.sqrt(sum((x - m) ** 2 for x in xs) / (n - 1) / n)


__all__ = ["card_values", "layouts", "ActionValue", "Values", "EXACT_LIMIT", "SAMPLES"]

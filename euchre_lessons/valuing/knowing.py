"""What a card is worth to a seat that sees only its own cards: ``card_values``.

The unseen cards are laid out to the other seats (and to the cards out of play) in every way
that fits what the seat knows (its hand, every card played, the voids shown, the turn-up's
place, an exposed Jambone hand: ``players.search.Knowledge``, read from ``hand.inference``,
without the searching player's guess about the maker's trumps). ``Layouts`` counts those layouts exactly and draws them
uniformly, each layout as likely as any other, as a fair deal makes them.

Each layout is solved double-dummy. When the layouts are few (``EXACT_LIMIT`` or fewer) all of
them are solved and the means are exact. Otherwise ``samples`` layouts are drawn, seeded, and
each mean carries its standard error; when the best card and the next best that is not surely
worth the same are then within two standard errors of each other, more layouts are drawn, or
all of them solved when they are few enough, up to a budget in layouts set by the cards still in
play (``budget``), before the values are given. Drawing stops sooner when the two are shown to
be within ``NEGLIGIBLE`` points of each other, two standard errors and all, or to have come out
the same in every layout drawn (``Values.near``): more layouts would hardly ever make either the
better by anything that matters, and the hint says they are too close to call, as it would
after the budget. With ``show_all`` the actual layout alone is solved: the double-dummy
value a teacher shows with every hand face up.
"""
from __future__ import annotations

import math
import random
from html import escape
from itertools import combinations
from typing import NamedTuple

from ..actions import Action
from ..cards import ids_of
from ..errors import SolverError
from ..hand.phases import Phase
from ..hand.view import SeatView
from ..players.search import Knowledge
from ..solver import Position
from ..stats import standard_error
from ..words import action_words

EXACT_LIMIT = 60      # this many layouts or fewer are all solved at once
SAMPLES = 24          # layouts drawn first otherwise
Z = 2                 # standard errors within which two values are too close to call
NEGLIGIBLE = 0.02     # points (or tricks, at the same points) too few to be worth telling two cards apart by
_EPS = 1e-9


def budget(cards_in_play: int, choices: int = 1) -> int:
    """The most layouts a hint solves when the best two cards are close, by the cards still in
    play and the ``choices`` to value (legal cards not surely worth the same: each is one search
    a layout): about 60 ms of CPU in all, so that a hint in a five-trick hand answers within 80 ms
    at the 95th percentile (bench/teaching.py). One choice of one layout takes about 0.03 ms to
    solve with 8 cards in play, 0.05 with 12, 0.13 with 16, 0.35 with 20 and 3 with 28; never
    fewer than ``SAMPLES`` layouts are drawn, so a hint with more than 20 cards in play may take
    longer (a seven-trick hand's first tricks: about 0.2 s at the 95th percentile)."""
    for cards, searches in ((8, 2000), (12, 1200), (16, 460), (20, 170), (24, 60)):
        if cards_in_play <= cards:
            return max(SAMPLES, searches // max(choices, 1))
    return SAMPLES


class ActionValue(NamedTuple):
    """A legal action's worth to the seat's side: its mean ``tricks`` (the side's tricks at the
    end of the hand) and mean ``points`` (the side's points less the other side's, or with more
    than two sides less the others' average), each with a standard error (0 when exact)."""

    action: Action
    tricks: float
    points: float
    tricks_se: float
    points_se: float

    @property
    def card(self):
        return self.action.card


class Values(NamedTuple):
    """Every legal action's ``ActionValue``, best first, over ``layouts`` layouts of the unseen
    cards: ``method`` is ``exact`` (all the layouts there are, each solved), ``sampled`` (layouts
    drawn at random, each solved), ``double dummy`` (the actual layout, solved) or ``playouts``
    (deals drawn at random, each played out by the rule-of-thumb players: bidding, and hands too
    big to solve). ``total`` is how many layouts fit what the seat has seen (0 when not counted);
    ``equals`` the groups of actions worth the same in every layout (cards with nothing still
    out between them); ``fit_bids`` how many of the deals played out also fit the other seats'
    bids so far (None where no bid was read)."""

    seat: int
    values: tuple
    layouts: int
    method: str
    per_layout: dict = {}
    hands: tuple = ()
    total: int = 0
    equals: tuple = ()
    fit_bids: int | None = None

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
        return (_mean(dt), _mean(dp), 0.0 if self.exact else standard_error(dt),
                0.0 if self.exact else standard_error(dp))

    @property
    def best(self) -> ActionValue:
        return self.values[0]

    def of(self, action) -> ActionValue:
        for v in self.values:
            if v.action is action:
                return v
        raise KeyError(action)

    def same_as_best(self) -> tuple:
        """The other actions worth exactly what the best is worth in every layout there is."""
        best = self.best.action
        for group in self.equals:
            if best in group:
                return tuple(a for a in group if a is not best)
        return ()

    @property
    def rival(self) -> ActionValue | None:
        """The best of the actions not surely worth the same as the best (None if there is none)."""
        same = self.same_as_best()
        return next((v for v in self.values[1:] if v.action not in same), None)

    def margin(self) -> tuple:
        """How far the best is ahead of the rival, paired layout by layout: ``(tricks, points,
        tricks' standard error, points' standard error)`` (zeros without a rival)."""
        rival = self.rival
        return (0.0, 0.0, 0.0, 0.0) if rival is None or not self.per_layout else self.loss(rival.action)

    @property
    def settled(self) -> bool:
        """Whether the best is ahead of the rival by more than ``Z`` standard errors (when exact:
        by anything), in points, or in tricks where every layout gives the same points."""
        if self.rival is None:
            return True
        dt, dp, se_t, se_p = self.margin()
        if dp > Z * se_p + _EPS:
            return True
        return abs(dp) <= _EPS and se_p <= _EPS and dt > Z * se_t + _EPS

    @property
    def near(self) -> bool:
        """Whether the best is ahead of the rival by ``NEGLIGIBLE`` or less even at two standard
        errors above its mean lead: in points, or in tricks where every layout gives the same
        points (so no more layouts are worth drawing to tell them apart). Two that came out the
        same in every layout drawn are near too: where none of n layouts parts them, the share
        that would is below 3 in n (at 95 % confidence), and the hint says they came out the same
        without claiming they are equal."""
        if self.rival is None:
            return False
        dt, dp, se_t, se_p = self.margin()
        if dp + Z * se_p > NEGLIGIBLE + _EPS:
            return False
        return abs(dp) > _EPS or se_p > _EPS or abs(dt) + Z * se_t <= NEGLIGIBLE + _EPS

    @property
    def tie(self) -> bool:
        """Whether the best and the rival are worth the same over every layout there is."""
        if self.rival is None or not self.exact:
            return False
        dt, dp, _, _ = self.margin()
        return abs(dp) <= _EPS and abs(dt) <= _EPS

    def how(self) -> str:
        if self.double_dummy:
            return "with every hand face up (double dummy)"
        if self.method == "exact":
            return f"over all {self.layouts:,} layouts of the unseen cards that fit what this seat has seen"
        if self.method == "playouts":
            return (f"over {self.layouts:,} deals of the unseen cards drawn at random to fit what this seat has "
                    f"seen{self.bids_read()}, each played out by the rule-of-thumb players")
        of = f" from the {self.total:,}" if self.total else ""
        return f"over {self.layouts:,} layouts drawn at random{of} that fit what this seat has seen"

    def bids_read(self) -> str:
        """`` (24 of them deals on which ... did)``: how many of the deals also fit the bids
        seen, in words, with its leading space ("" where no bid was read)."""
        if self.fit_bids is None:
            return ""
        many = "all" if self.fit_bids == self.layouts else f"{self.fit_bids:,}"
        return (f" ({many} of them deals on which the rule-of-thumb players would have bid just as the other "
                "players did)")

    def _rows(self) -> list:
        out = []
        for v in self.values:
            t = f"{v.tricks:.2f}" + ("" if self.exact else f" ± {Z * v.tricks_se:.2f}")
            p = f"{v.points:+.2f}" + ("" if self.exact else f" ± {Z * v.points_se:.2f}")
            out.append((action_words(v.action), t, p))
        return out

    def _heads(self) -> tuple:
        return ("choice", "your side's tricks", "your side's points ahead (+) or behind (-)")

    def __str__(self) -> str:
        err = "" if self.exact else " (± two standard errors)"
        rows = [f"{self._heads()[0]:<22} {'tricks':>14} {'points':>14}"]
        rows += [f"{a:<22} {t:>14} {p:>14}" for a, t, p in self._rows()]
        return f"Values {self.how()}{err}:\n" + "\n".join(rows)

    def _repr_html_(self) -> str:
        err = "" if self.exact else " (± two standard errors)"
        head = "".join(f"<th>{escape(h)}</th>" for h in self._heads())
        rows = "".join(f"<tr><td>{escape(a)}</td><td>{t}</td><td>{p}</td></tr>" for a, t, p in self._rows())
        return f"<p>Values {escape(self.how())}{err}.</p><table><tr>{head}</tr>{rows}</table>"


def _knowledge(view, scored: bool = True):
    k = Knowledge(view, scored)
    k.maker_min = None  # a guess, not knowledge: the layouts must fit what was seen, nothing more
    return k


class Layouts:
    """Every layout of the unseen cards that fits ``k`` (a ``Knowledge``), counted exactly and
    drawn uniformly. The cards are grouped by the seats that may hold them (a void rules a seat
    out), the cards out of play being one more "seat" that may hold any; the count is a sum over
    how many cards of each group each seat gets, and a draw picks those numbers with the
    probability of their share of the count, then shuffles each group."""

    def __init__(self, k):
        self.k = k
        self.seats = sorted(k.need)
        rest = k.unseen.bit_count() - sum(k.need.values())
        self.needs = tuple(k.need[s] for s in self.seats) + (rest,)
        groups: dict = {}
        for c in ids_of(k.unseen):
            key = tuple(j for j, s in enumerate(self.seats) if k.allowed[s] >> c & 1) + (len(self.seats),)
            groups.setdefault(key, []).append(c)
        self.groups = sorted(groups.items())
        self._memo: dict = {}
        self._drawn: dict = {}
        self.total = self._count(0, self.needs) if rest >= 0 else 0

    def _splits(self, n: int, seats: tuple, needs: tuple):
        """Each way to share ``n`` cards among ``seats`` within ``needs``: (numbers, needs after, ways)."""
        def go(j, left, after, shares, ways):
            if j == len(seats) - 1:
                s = seats[j]
                if left <= after[s]:
                    after = after[:s] + (after[s] - left,) + after[s + 1:]
                    yield shares + (left,), after, ways
                return
            s = seats[j]
            for d in range(min(left, after[s]) + 1):
                yield from go(j + 1, left - d, after[:s] + (after[s] - d,) + after[s + 1:], shares + (d,),
                              ways * math.comb(left, d))

        return go(0, n, needs, (), 1)

    def _count(self, i: int, needs: tuple) -> int:
        if i == len(self.groups):
            return 0 if any(needs) else 1
        key = (i, needs)
        found = self._memo.get(key)
        if found is None:
            seats, cards = self.groups[i]
            found = sum(ways * self._count(i + 1, after) for _, after, ways in self._splits(len(cards), seats, needs))
            self._memo[key] = found
        return found

    def _options(self, i: int, needs: tuple) -> tuple:
        """The splits of group ``i`` among its seats within ``needs``, each with its share of the
        count, and their sum: listed once per group and needs, however many layouts are drawn."""
        key = (i, needs)
        found = self._drawn.get(key)
        if found is None:
            seats, cards = self.groups[i]
            options = [(shares, after, ways * self._count(i + 1, after))
                       for shares, after, ways in self._splits(len(cards), seats, needs)]
            found = self._drawn[key] = (options, sum(w for _, _, w in options))
        return found

    def draw(self, rng) -> tuple:
        """One layout, each of the ``total`` as likely."""
        needs, acc = self.needs, dict.fromkeys(self.seats, 0)
        for i, (seats, cards) in enumerate(self.groups):
            options, total = self._options(i, needs)
            r = rng.randrange(total)
            for shares, after, w in options:  # noqa: B007 (the draw is the pair the loop stops at)
                if r < w:
                    break
                r -= w
            pool = list(cards)
            rng.shuffle(pool)
            at = 0
            for j, d in zip(seats, shares):
                if j < len(self.seats):
                    acc[self.seats[j]] |= sum(1 << c for c in pool[at:at + d])
                at += d
            needs = after
        return _hands(self.k, acc)

    def every(self) -> list:
        """All the layouts, in a fixed order."""
        return _every_layout(self.k, self.total, bounded=False)


def layouts(view, samples: int = SAMPLES, seed=0) -> tuple[list, bool]:
    """Layouts (each seat's cards as masks) of the unseen cards that fit what ``view`` knows,
    and whether they are all of them: all when there are ``EXACT_LIMIT`` or fewer, else
    ``samples`` drawn uniformly (seeded)."""
    space = Layouts(_knowledge(view))
    if space.total <= EXACT_LIMIT:
        return space.every(), True
    rng = random.Random(seed)
    return [space.draw(rng) for _ in range(samples)], False


def _every_layout(k, limit: int, bounded: bool = True):
    seats = sorted(k.need, key=lambda s: k.allowed[s].bit_count())
    bound = 1
    for s in seats:
        bound *= math.comb(k.allowed[s].bit_count(), k.need[s])
        if bounded and bound > 50 * limit:
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
    """The layout as a hand per seat: the seats in play only (a partner sitting out is laid
    out to weigh the layouts rightly, and then put aside)."""
    hands = dict(k.fixed)
    for s, m in acc.items():
        hands[s] = m | k.forced.get(s, 0)
    return tuple(hands.get(s, 0) if s in k.active else 0 for s in range(k.n))


def card_values(state, seat: int | None = None, samples: int = SAMPLES, seed=0, show_all: bool = False,
                most: int | None = None) -> Values:
    """The worth of each legal card of ``seat`` (default: the seat to act) in a state in play,
    each layout solved double-dummy (``SolverError`` for a hand the solver does not cover).
    ``most`` bounds the layouts solved when the best two are close (default ``budget``; give
    ``samples`` to draw no more than the first ``samples``)."""
    seat = state.to_act if seat is None else seat
    if state.phase is not Phase.PLAY or state.to_act != seat:
        raise SolverError(f"card values are for the seat to act in play; here {state.phase} and seat "
                          f"{state.to_act} to act")
    view = SeatView(state, seat)
    k = _knowledge(view)
    legal = state.legal_actions()
    by_card = {a.cid: a for a in legal}
    groups = k.sure_groups(list(by_card))
    equals = tuple(tuple(by_card[c] for c in g) for g in groups if len(g) > 1)
    solved: dict = {}
    if show_all:
        return _tabulate(k, seat, legal, [state.hand_masks], "double dummy", 0, equals, solved)
    space = Layouts(k)
    if space.total <= EXACT_LIMIT:
        return _tabulate(k, seat, legal, space.every(), "exact", space.total, equals, solved)
    most = budget(k.cards_in_play, len(groups)) if most is None else most
    rng = random.Random(seed)
    hands = [space.draw(rng) for _ in range(min(samples, max(most, 1)))]
    v = _tabulate(k, seat, legal, hands, "sampled", space.total, equals, solved)
    while not v.settled and not v.near and len(hands) < most:
        if space.total <= most + most // 4:  # as cheap as drawing the rest: solve them all
            return _tabulate(k, seat, legal, space.every(), "exact", space.total, equals, solved)
        hands += [space.draw(rng) for _ in range(min(len(hands), most - len(hands)))]
        v = _tabulate(k, seat, legal, hands, "sampled", space.total, equals, solved)
    return v


def _tabulate(k, seat: int, legal, hands, method: str, total: int, equals: tuple, solved: dict) -> Values:
    exact = method != "sampled"
    maker = bool(k.side >> seat & 1)
    size = k.rules.hand_size
    sums: dict[Action, list[tuple[int, int]]] = {a: [] for a in legal}
    for layout in hands:
        values = solved.get(layout)
        if values is None:
            values = solved[layout] = k.position(layout).values()
        for a in legal:
            tricks = values[a.cid]
            net = k.table[tricks][2]
            sums[a].append((tricks if maker else size - tricks, net if maker else -net))
    out = []
    for a in legal:
        t = [x for x, _ in sums[a]]
        p = [y for _, y in sums[a]]
        out.append(ActionValue(a, _mean(t), _mean(p), 0.0 if exact else standard_error(t),
                               0.0 if exact else standard_error(p)))
    out.sort(key=lambda v: (-v.points, -v.tricks, k.rank.power[v.action.cid]))  # the lowest of equals first
    return Values(seat, tuple(out), len(hands), method, {a: tuple(v) for a, v in sums.items()}, tuple(hands),
                  total, equals)


def perfect_line(state, seat: int, hands: tuple[int, ...] | list[int], first) -> tuple:
    """The rest of the hand on the layout ``hands`` (one mask per seat) after ``seat`` plays
    ``first`` (an Action), every later card chosen by perfect play: ``((seat, card id), ...)``
    and the makers' tricks at the end."""
    k = _knowledge(SeatView(state, seat))

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
        pos = Position.laid(k.rules, active, side, k.jambone_maker, k.trump, tuple(hands), tuple(trick), turn, won, done)
        values = pos.values()
        pick = max if pos.maximising else min
        best = pick(values.values())
        card = min((c for c, v in values.items() if v == best), key=lambda c: rank.power[c])


def _mean(xs) -> float:
    return sum(xs) / len(xs)


__all__ = ["card_values", "layouts", "Layouts", "budget", "ActionValue", "Values", "EXACT_LIMIT", "SAMPLES", "NEGLIGIBLE"]

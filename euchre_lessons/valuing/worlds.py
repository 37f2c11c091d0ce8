"""Whole hands that fit what one seat has seen, and actions valued by playing them out.

``worlds(state, seat)`` are the worlds of ``players.layouts``, built from the seat's view
alone (``SeatView``, never the state's own fields): the cards the seat has not seen dealt to
the other seats and the rest of the pack, the hand so far replayed on each deal with the
others' face-down cards (gifts, discards) chosen again from the new hands, each world checked
to look to the seat exactly like the real hand, with the same legal actions. A deal that cannot
be replayed so is dealt again.

``playout_values`` values each legal action the way the searching bidder (``players.expert``)
does: every action tried in every world, the hand then played to its end by the rule-of-thumb
player (``ExpertPlayer.finish``, the expert's own play-out), on the worlds the expert draws
(``ExpertPlayer.worlds_for``: those that also fit the other seats' bids so far first) from the
same seeded generator. So a hint and an expert seeded alike, over as many worlds, choose the same
action (tests/test_worlds.py). An action that no world valued is never ranked: it is left out
of the values and named in what they say (``unvalued``).
"""
from __future__ import annotations

import random

from ..actions import Action
from ..game import points_of
from ..hand.view import SeatView
from ..players.expert import ExpertPlayer
from ..players.layouts import Layouts
from ..players.layouts import worlds as _layout_worlds
from ..players.seating import Bots
from ..stats import standard_error
from ..table import team_of
from ..words import action_words
from .knowing import ActionValue, Values, _mean

SAMPLES = 30


def _key(seed) -> str:
    """The seed of the worlds' generator for a hint seeded ``seed``."""
    return f"{seed}:worlds"


def evaluator(seed=0) -> ExpertPlayer:
    """The searching bidder whose play-outs value the hint's worlds: seeded, as an expert
    reseeded for a hand (``new_hand``) with the worlds' seed, so the two draw the same worlds
    and play them out alike."""
    judge = ExpertPlayer(seed, card_samples=0)
    judge.new_hand(_key(seed))
    return judge


def worlds(state, seat: int | None = None, count: int = SAMPLES, seed=0) -> list:
    """Up to ``count`` states at the same point of the hand, each on a deal that fits what
    ``seat`` (default: the seat to act) has seen, built from its view alone; seeded."""
    seat = state.to_act if seat is None else seat
    view = SeatView(state, seat)
    return _layout_worlds(view, count, random.Random(_key(seed)), Layouts(view))


def side_points(final, seat: int) -> tuple:
    """``(tricks, points)`` of ``seat``'s side in a finished hand: its tricks, and its points
    less the other sides' average."""
    _, _, _, tricks, points = points_of(final)
    n = final.players
    mine = team_of(seat, n)
    if not final.rules.partnerships:  # seven-handed: the maker's side or the defenders
        side = final.setup.side
        mine_side = side >> seat & 1
        won = sum(final.tricks_won[s] for s in range(n) if (side >> s & 1) == mine_side)
        others = [points[s] for s in range(n) if s != seat]
        return won, points[seat] - sum(others) / len(others)
    others = [p for t, p in enumerate(points) if t != mine]
    return tricks[mine], points[mine] - sum(others) / len(others)


class PlayoutValues(Values):
    """``Values`` from play-outs, which name the legal actions no world valued (``unvalued``:
    those whose rows in ``per_layout`` are empty). Such an action is not among ``values``, so
    it is never the best nor the rival."""

    __slots__ = ()

    @property
    def unvalued(self) -> tuple:
        return tuple(a for a, rows in self.per_layout.items() if not rows)

    def how(self) -> str:
        text = Values.how(self)
        missing = self.unvalued
        if missing:
            names = " and ".join(f"'{action_words(a)}'" for a in missing)
            text += (f"; no deal drawn valued {names}, so {'it is' if len(missing) == 1 else 'they are'} "
                     "not compared")
        return text


def values_of(seat: int, legal, per: dict, found, fit_bids: int | None = None) -> PlayoutValues:
    """The values of ``legal`` from ``per`` (each action's ``(tricks, points)`` world by world):
    best first by points, then tricks; an action without a row is left out (``unvalued``).
    ``fit_bids``: how many of the worlds ``found`` also fit the bids seen (``Drawn``)."""
    out = []
    for a in legal:
        rows = per.get(a, ())
        if not rows:
            continue
        t, p = [x for x, _ in rows], [y for _, y in rows]
        out.append(ActionValue(a, _mean(t), _mean(p), standard_error(t), standard_error(p)))
    out.sort(key=lambda v: (-v.points, -v.tricks))  # stable: ties keep the order of the legal actions
    return PlayoutValues(seat, tuple(out), len(found), "playouts", {a: tuple(per.get(a, ())) for a in legal},
                         tuple(found), fit_bids=fit_bids)


def playout_values(state, seat: int | None = None, samples: int = SAMPLES, seed=0) -> PlayoutValues:
    """Each legal action of ``seat`` tried in ``samples`` worlds that fit what it has seen (those
    that also fit the other seats' bids first), the hand then played out as the searching bidder
    plays it out (``evaluator``)."""
    seat = state.to_act if seat is None else seat
    view = SeatView(state, seat)
    legal = state.legal_actions() if state.to_act == seat else ()
    judge = evaluator(seed)
    found, fit_bids = judge.worlds_for(view, samples)
    per: dict[Action, list[tuple[int, float]]] = {a: [] for a in legal}
    for world in found:  # worlds outer, actions inner: the expert's order, so its play-outs come out alike
        for a in legal:
            per[a].append(side_points(judge.finish(world.apply(a)), seat))
    return values_of(seat, legal, per, found, fit_bids)


def playout(state, action, seed=0, bots: Bots | None = None):
    """The finished hand after ``action`` in ``state``, played out by the rule-of-thumb players
    (``bots``, made from ``seed`` if not given: they are reseeded at every decision, so one set
    serves many play-outs)."""
    after = state.apply(action)
    bots = bots if bots is not None else Bots(state.rules, "rule_of_thumb", seed, hand=1)
    return (bots.play_on(after) or [after])[-1]

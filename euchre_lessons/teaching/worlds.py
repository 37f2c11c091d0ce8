"""Whole hands that fit what one seat has seen, and actions valued by playing them out.

``worlds(state, seat)`` deals the cards the seat has not seen to the other seats (and the
rest of the pack) and replays the hand so far on each such deal: the same public actions, the
seat's own actions, and the others' face-down cards (gifts, discards) chosen again from the
new hands, so every world looks to the seat exactly like the real one. Cards a seat has
played were in its hand; a seat that did not follow a suit held none of it afterwards; partner's
best that the seat received came from that partner. A world that cannot be replayed so is
dealt again.

``playout_values`` tries each legal action in every world and lets the rule-of-thumb players
finish the hand: the expected points of each bid, or of each card where the hand is too big or
has too many sides to solve.
"""
from __future__ import annotations

import random

from ..cards import ids_of
from ..deals import Deal
from ..errors import EuchreError
from ..game import points_of
from ..hand.phases import Phase
from ..hand.play import follow_rule, void_shown
from ..hand.state import HandState
from ..hand.view import HIDDEN_KINDS
from ..table import team_of
from .knowing import ActionValue, Values, _mean, _se
from .seats import Bots

SAMPLES = 30
_TRIES = 40  # deals tried per world before giving up on it


def _knowns(state, seat: int) -> tuple:
    """For each seat: cards it surely held when dealt; and cards it cannot hold unplayed."""
    n, d = state.players, state.deal
    must = [0] * n
    banned = [0] * n
    must[seat] = d.masks[seat]
    up = d.upcard.bit if d.upcard is not None else 0
    trump = state.setup.trump
    rule = follow_rule(state.rules, trump) if state.phase in (Phase.PLAY, Phase.DONE) else None
    for trick in [t.plays for t in state.tricks] + [state.trick]:
        if not trick:
            continue
        led = trick[0][1].id
        for s, card in trick:
            if s != seat and card.bit != up:
                must[s] |= card.bit
            if rule is not None:
                banned[s] |= void_shown(card.id, led, rule)
    for lone, _, partner, best in state.exchanges:
        if lone == seat:
            must[partner] |= best.bit
    for s in range(n):
        banned[s] &= ~must[s]
    return must, banned


def _deal_one(state, seat: int, must, banned, rng):
    rs, d, n = state.rules, state.deal, state.players
    size = rs.hand_size
    up = d.upcard
    taken = sum(must) | (up.bit if up is not None else 0)
    known_rest = d.rest_mask if state.setup.bid is not None and state.maker == seat and state.phase is not Phase.AUCTION else 0
    pool = ids_of(rs.pack_mask & ~taken & ~known_rest)
    need = {s: size - must[s].bit_count() for s in range(n) if s != seat}
    if any(v < 0 for v in need.values()):
        return None
    for _ in range(_TRIES):
        rng.shuffle(pool)
        hands, at, ok = list(must), 0, True
        for s in sorted(need):
            m = sum(1 << c for c in pool[at:at + need[s]])
            at += need[s]
            if m & banned[s]:
                ok = False
                break
            hands[s] |= m
        if ok:
            rest = sum(1 << c for c in pool[at:]) | known_rest
            return Deal(rs, d.dealer, tuple(hands), up, rest)
    return None


def _replay(state, seat: int, deal: Deal, must, bots: Bots):
    world = HandState.start(deal)
    for actor, action in state.steps:
        if actor != seat and action.kind in HIDDEN_KINDS and not must[actor] >> action.cid & 1:
            choice = bots.choose(world)
            if must[actor] >> choice.cid & 1:  # keep the cards it is seen to play later
                free = [a for a in world.legal_actions() if not must[actor] >> a.cid & 1]
                choice = free[0] if free else choice
            action = choice
        world = world.apply(action)
    return world


def worlds(state, seat: int | None = None, count: int = SAMPLES, seed=0) -> list:
    """Up to ``count`` states at the same point of the hand, each on a deal that fits what
    ``seat`` (default: the seat to act) has seen; seeded."""
    seat = state.to_act if seat is None else seat
    rng = random.Random(f"{seed}:worlds")
    must, banned = _knowns(state, seat)
    bots = Bots(state.rules, "rule_of_thumb", seed)
    out = []
    for _ in range(count * 3):
        deal = _deal_one(state, seat, must, banned, rng)
        if deal is None:
            continue
        try:
            world = _replay(state, seat, deal, must, bots)
        except EuchreError:
            continue
        out.append(world)
        if len(out) == count:
            break
    return out


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


def playout_values(state, seat: int | None = None, samples: int = SAMPLES, seed=0) -> Values:
    """Each legal action of ``seat`` tried in ``samples`` worlds that fit what it has seen, the
    hand then played out by the rule-of-thumb players."""
    seat = state.to_act if seat is None else seat
    legal = state.legal_actions()
    found = worlds(state, seat, samples, seed)
    per = {a: [] for a in legal}
    bots = Bots(state.rules, "rule_of_thumb", seed, hand=1)
    for world in found:
        for a in world.legal_actions():
            if a in per:
                per[a].append(side_points(playout(world, a, seed, bots), seat))
    out = []
    for a in legal:
        rows = per[a] or [(0, 0.0)]
        t, p = [x for x, _ in rows], [y for _, y in rows]
        out.append(ActionValue(a, _mean(t), _mean(p), _se(t), _se(p)))
    out.sort(key=lambda v: (-v.points, -v.tricks))
    return Values(seat, tuple(out), len(found), "playouts", {a: tuple(v) for a, v in per.items()}, tuple(found))


def playout(state, action, seed=0, bots: Bots | None = None):
    """The finished hand after ``action`` in ``state``, played out by the rule-of-thumb players
    (``bots``, made from ``seed`` if not given: they are reseeded at every decision, so one set
    serves many play-outs)."""
    after = state.apply(action)
    bots = bots if bots is not None else Bots(state.rules, "rule_of_thumb", seed, hand=1)
    return (bots.play_on(after) or [after])[-1]

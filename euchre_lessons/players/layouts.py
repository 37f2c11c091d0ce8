"""Whole hands that fit one seat's view: ``Layouts`` and ``worlds``.

A seat deciding before play does not know the other hands. ``worlds(view, count, rng)``
deals the cards it has not seen to the other seats (and the rest of the pack) many times and
replays the hand so far on each deal, so each world is a ``HandState`` at the same decision
that looks to the seat exactly like the real hand: the same hand, the same turn-up, the same
public actions, the same legal actions. It reads the facts of the seat's view from
``hand.inference.Inference``, as every other drawer of layouts does.

What every world respects:

* the seat's own hand as dealt: what it holds now, with the cards it has played, discarded and
  given back in, the partner's best it received and the turn-up taken out (the turn-up is
  never in a dealt hand: the state machine moves it), and in the seven-handed game the widow
  it took;
* the turn-up, and the counts of cards each seat was dealt;
* the cards every seat has played (in its hand as dealt) and the voids they showed (barred from
  the hand as dealt of a seat that laid no card down unseen; another may have laid that suit down);
* partner's best: a card the seat received came from that partner and was that partner's best
  card under the rule (``partner_best_policy``), so the partner held no better one;
* a Jambone hand lying face up was the Jambone player's;
* the face-down actions of the other seats (a lone player's gift, the dealer's discard, the
  widow's discards) are chosen again in each world from the new hands, by the rule-of-thumb
  player where its choice fits the cards the seat is later seen to play, else by a fitting
  card at random.

A deal that cannot be replayed so (the world's view would differ from the real one) is dealt
again, for a bounded number of tries; ``Layouts.rejected`` counts them. Before play none is
rejected in 300 hands of any preset (tests/test_layouts.py). In play, two cases are met only
by dealing again: the seven-handed partners (fixed by who holds the top trumps) and a Jambone
hand that took partner's best (which of its cards came from the partner is not known); the
card player (``search.Knowledge``) deals play-phase layouts its own, cheaper way.
"""
from __future__ import annotations

import random

from ..cards import ids_of
from ..deals import Deal
from ..errors import EuchreError
from ..hand.inference import Inference
from ..hand.phases import Phase
from ..hand.state import HandState
from ..hand.view import SeatView
from .rule_of_thumb import RuleOfThumbPlayer

TRIES = 20  # deals tried per world asked for, before giving up on it


class Layouts:
    """What one seat's view fixes about the deal, and deals and worlds that fit it."""

    def __init__(self, view: SeatView):
        facts = Inference(view)
        rules, n, me = view.rules, view.players, view.seat
        self.view, self.rules, self.n, self.me, self.facts = view, rules, n, me, facts
        self.phase = view.phase
        self.legal = tuple(view.legal_actions())
        self.up = facts.up
        up_bit = facts.up_bit
        self.steps = facts.steps
        must = [0] * n  # cards each seat surely had as dealt
        # cards each seat cannot have had as dealt: the voids it showed, unless it laid cards
        # down unseen (a discard, a gift), which may have been of that suit; and what follows
        hid = {seat for seat, action in self.steps if action is None}
        banned = [0 if seat in hid else facts.voids[seat] for seat in range(n)]
        mine = facts.dealt
        self.widow = None
        size = rules.hand_size
        if view.bid is not None and view.maker == me and rules.seven_widow == "maker_takes" \
                and self.phase is not Phase.AUCTION:
            # I took the widow: any split of what I held then into my hand and the widow replays alike
            discards = 0
            for seat, action in self.steps:
                if seat == me and action is not None and action.kind == "discard":
                    discards |= action.bit
            extra = mine.bit_count() - size
            widow = 0
            for cid in ids_of(discards) + [c for c in ids_of(mine) if not discards >> c & 1]:
                if widow.bit_count() == extra:
                    break
                widow |= 1 << cid
            self.widow = widow
            mine &= ~widow
        self.blind = self.phase is Phase.BLIND and me == view.dealer  # the dealer names trump unseen
        if not self.blind:
            must[me] = mine
        for seat in range(n):
            if seat != me:
                must[seat] |= facts.played_by[seat] & ~up_bit
        # a Jambone hand lying face up (its partner's best aside, which came from the partner)
        if facts.exposed and view.maker != me:
            must[view.maker] |= facts.exposed & ~up_bit
        # partner's best received: from that partner, who held no better card under the rule
        for partner, best in facts.exchanges:
            if partner is not None and best.bit != up_bit:
                must[partner] |= best.bit
        for partner, lacks in facts.partner_lacks().items():
            banned[partner] |= lacks
        for seat in range(n):
            banned[seat] &= ~must[seat]
        self.must, self.banned = must, banned
        self.size = size
        self.pool_mask = rules.pack_mask & ~sum(must) & ~up_bit & ~(self.widow or 0)
        self.rejected = 0
        self.thumb: RuleOfThumbPlayer | None = None  # the table-mate the replays choose with, made once needed

    def deal(self, rng: random.Random) -> Deal | None:
        """One deal of the unseen cards that fits the view's fixed facts, or None."""
        n, size, must, banned = self.n, self.size, self.must, self.banned
        pool = ids_of(self.pool_mask)
        rng.shuffle(pool)
        hands = list(must)
        need = [size - must[s].bit_count() for s in range(n)]
        if any(x < 0 for x in need):
            return None
        # the most constrained seats first: each takes the first fitting cards of the shuffled pool
        order = sorted(range(n), key=lambda s: (-banned[s].bit_count(), s))
        left = pool
        for s in order:
            if not need[s]:
                continue
            take: list[int] = []
            keep: list[int] = []
            for c in left:
                if len(take) < need[s] and not banned[s] >> c & 1:
                    take.append(c)
                else:
                    keep.append(c)
            if len(take) < need[s]:
                return None
            for c in take:
                hands[s] |= 1 << c
            left = keep
        rest = sum(1 << c for c in left) | (self.widow or 0)
        return Deal(self.rules, self.view.dealer, tuple(hands), self.up, rest)

    def replay(self, deal: Deal, rng: random.Random) -> HandState | None:
        """The hand so far replayed on ``deal``: the public actions as they were, the other
        seats' face-down cards chosen again; None if the deal cannot give the same view."""
        me = self.me
        world = HandState.start(deal)
        try:
            for seat, action in self.steps:
                if action is None:
                    action = self._hidden(world, seat, rng)
                    if action is None:
                        return None
                world = world.apply(action)
        except EuchreError:
            return None
        if world.to_act != me or world.phase is not self.phase:
            return None
        seen = world.view(me)
        if seen.hand_mask != self.view.hand_mask or tuple(seen.legal_actions()) != self.legal:
            return None
        if self.view.partners != world.partners or self.view.sitting_mask != world.sitting_mask:
            return None
        return world

    def _hidden(self, world: HandState, seat: int, rng: random.Random):
        """A face-down action of another seat in ``world``: one that keeps the cards it is later
        seen to hold; partner's best that this seat received is that card."""
        legal = world.legal_actions()
        if world.phase is Phase.BEST:
            for partner, best in self.facts.exchanges:
                if partner == seat and self.me == world.tables.partner[seat]:
                    want = [a for a in legal if a.cid == best.id]
                    return want[0] if want else None
        keep = self.must[seat]
        if self.thumb is None:
            self.thumb = RuleOfThumbPlayer(0)
        self.thumb.new_hand(rng.random())
        choice = self.thumb.choose(world.view(seat))
        if not keep & choice.bit:
            return choice
        free = [a for a in legal if not keep & a.bit]
        return rng.choice(free) if free else None

    def world(self, rng: random.Random, tries: int = TRIES) -> HandState | None:
        """One world that fits the view, or None after ``tries`` deals that did not."""
        for _ in range(tries):
            deal = self.deal(rng)
            if deal is not None:
                found = self.replay(deal, rng)
                if found is not None:
                    return found
            self.rejected += 1
        return None


def worlds(view: SeatView, count: int = 32, rng=None, layouts: Layouts | None = None) -> list:
    """Up to ``count`` worlds (``HandState``s at this seat's decision) that fit ``view``;
    ``rng`` a ``random.Random`` or a seed."""
    rng = rng if isinstance(rng, random.Random) else random.Random(rng)
    layouts = layouts if layouts is not None else Layouts(view)
    out = []
    for _ in range(count):
        w = layouts.world(rng)
        if w is not None:
            out.append(w)
    return out


__all__ = ["Layouts", "worlds"]

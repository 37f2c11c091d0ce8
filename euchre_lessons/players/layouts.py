"""Whole hands that fit one seat's view: ``Layouts`` and ``worlds``.

A seat deciding before play does not know the other hands. ``worlds(view, count, rng)``
deals the cards it has not seen to the other seats (and the rest of the pack) many times and
replays the hand so far on each deal, so each world is a ``HandState`` at the same decision
that looks to the seat exactly like the real hand: the same hand, the same turn-up, the same
public actions, the same legal actions. It reads only the view's public surface
(``SeatView``), never a state's own fields.

What every world respects:

* the seat's own hand as dealt: what it holds now, with the cards it has played, discarded and
  given back in, the partner's best it received and the turn-up taken out (the turn-up is
  never in a dealt hand: the state machine moves it), and in the seven-handed game the widow
  it took;
* the turn-up, and the counts of cards each seat was dealt;
* the cards every seat has played (in its hand as dealt) and the voids they showed;
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

from ..actions import Action
from ..cards import ids_of
from ..deals import Deal
from ..errors import EuchreError
from ..hand.phases import Phase
from ..hand.play import follow_rule, void_shown
from ..hand.state import HandState
from ..hand.tables import tables_of
from ..hand.view import SeatView
from ..table import partner as partner_of
from .rule_of_thumb import RuleOfThumbPlayer

TRIES = 20  # deals tried per world asked for, before giving up on it


def _mask(cards) -> int:
    m = 0
    for c in cards:
        m |= c.bit
    return m


class Layouts:
    """What one seat's view fixes about the deal, and deals and worlds that fit it."""

    def __init__(self, view: SeatView):
        rules, n, me = view.rules, view.players, view.seat
        self.view, self.rules, self.n, self.me = view, rules, n, me
        self.phase = view.phase
        self.legal = tuple(view.legal_actions())
        tables = tables_of(rules)
        up = view.upcard
        self.up = up
        up_bit = up.bit if up is not None else 0
        history = view.public_history
        self.steps = tuple((seat, None if text.endswith("?") else Action.parse(text)) for seat, text in history)
        must = [0] * n  # cards each seat surely had as dealt
        banned = [0] * n  # cards each seat cannot have had as dealt
        # the cards played, and the voids they showed
        trump = view.trump_id
        rule = follow_rule(rules, trump) if trump is not None and self.phase in (Phase.PLAY, Phase.DONE) else None
        played_by = [0] * n
        tricks = [t.plays for t in view.tricks] + [view.trick]
        for trick in tricks:
            if not trick:
                continue
            led = trick[0][1].id
            for seat, card in trick:
                played_by[seat] |= card.bit
                if rule is not None:
                    banned[seat] |= void_shown(card.id, led, rule)
        # my own hand as dealt
        mine_now = view.hand_mask | played_by[me] | _mask(view.gave)
        for seat, action in self.steps:
            if seat == me and action is not None and action.kind in ("discard", "give"):
                mine_now |= action.bit
        received = _mask(view.received)
        mine = mine_now & ~received & ~up_bit
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
                must[seat] |= played_by[seat] & ~up_bit
        # a Jambone hand lying face up (its partner's best aside, which came from the partner)
        exposed = view.exposed_mask
        if exposed and view.maker != me:
            must[view.maker] |= exposed & ~up_bit
        # partner's best received: from that partner, and its best card under the rule
        for _lone, _, partner, best in _my_exchanges(view):
            if best.bit != up_bit:
                must[partner] |= best.bit
            if rules.partner_best_policy != "partner_chooses":
                banned[partner] |= _better_than(tables, trump, best.id, rules.pack_mask)
        for seat in range(n):
            banned[seat] &= ~must[seat]
        self.must, self.banned = must, banned
        self.size = size
        self.pool_mask = rules.pack_mask & ~sum(must) & ~up_bit & ~(self.widow or 0)
        self.rejected = 0
        self.thumb = None

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
            take, keep = [], []
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
        if self.thumb is None:
            self.thumb = RuleOfThumbPlayer(0)
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
            for lone, _, partner, best in _my_exchanges(self.view):
                if partner == seat and lone == world.tables.partner[seat]:
                    want = [a for a in legal if a.cid == best.id]
                    return want[0] if want else None
        keep = self.must[seat]
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


def _my_exchanges(view) -> tuple:
    """``(lone, gift, partner, best)`` of the exchanges in which this seat received partner's
    best, read from its view: the partner is the one its side names (the seat's partner)."""
    me = view.seat
    return tuple((me, None, partner_of(me, view.players), best) for best in view.received)


def _better_than(tables, trump, best: int, pack: int) -> int:
    """The cards a partner cannot have held if ``best`` was his best card under the fixed
    rule (B-1, K12): the higher trumps, or, for a plain card, every trump and higher plain card."""
    if trump is None:
        return 0
    rank = tables.rankings[trump]
    trumps = sum(1 << c for c in ids_of(pack) if rank.eff_suit[c] == trump)
    if trumps >> best & 1:
        return sum(1 << c for c in ids_of(trumps) if rank.power[c] > rank.power[best])
    order = tables.plain_order
    return trumps | sum(1 << c for c in ids_of(pack & ~trumps) if order[c] > order[best])


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

"""A player that searches: ``SearchPlayer``.

At each card it plays (or, as a Jambone caller, names) it deals the cards it has not seen to
the other seats many times, each time in a way that fits everything its seat knows, solves
every layout double-dummy (``solver``) and plays the card that does best on average for its
side: the makers' points minus the opponents' (``solver``'s ``net``), ties broken by tricks.

What its seat knows (read from ``hand.inference.Inference``), and so every layout respects:

* its own hand, every card played, and the Jambone hand lying face up;
* how many cards each seat still holds;
* the voids shown: a seat that did not follow the suit led holds none of it (at no trump with
  ``joker_no_trump_play = any_time`` the Joker shows nothing);
* the turn-up: dead when turned down or left out of play, in the dealer's hand when he took it
  up (unless the rules let him discard it), and its own discards and exchange gifts.

One guess on top: another seat that made trump held at least two trumps (three alone) when it
did, so layouts that give it fewer are drawn again (for a while: if none fits, any layout does).

Everything else, bidding, discards, going alone, is decided by a fallback player: the
rule-of-thumb player by default.
"""
from __future__ import annotations

import random

from ..cards import ids_of
from ..errors import ScoringError
from ..hand.inference import Inference
from ..hand.phases import Phase
from ..ranking import ranking
from ..solver import Frame, Position, SolverError, makers_mask, points_table
from .rule_of_thumb import RuleOfThumbPlayer


def _default_fallback(seed):
    return RuleOfThumbPlayer(seed)


class SearchPlayer:
    """Plays cards by sampling layouts and solving each; other decisions go to ``fallback``.

    ``samples`` layouts are solved per decision. While more than ``max_cards`` cards are still
    to be played (the start of a seven-handed hand, 49 cards), solving that many layouts per
    card would take minutes, so the fallback plays until the hand is smaller; with more than
    ``big_cards`` still to play (the first tricks of a seven-card hand) it solves
    ``big_samples`` layouts instead, as each costs ten times more. Randomness comes from
    ``seed`` (or ``new_hand``).
    """

    def __init__(self, seed=None, samples: int = 20, fallback=None, max_cards: int = 28, big_samples=None,
                 big_cards: int = 20):
        self.rng = random.Random(seed)
        self.samples = int(samples)
        self.max_cards = int(max_cards)
        self.big_samples = self.samples if big_samples is None else int(big_samples)
        self.big_cards = int(big_cards)
        self.fallback = fallback if fallback is not None else _default_fallback(seed)

    def new_hand(self, seed) -> None:
        self.rng.seed(seed)
        if hasattr(self.fallback, "new_hand"):
            self.fallback.new_hand(seed)

    def choose(self, view):
        legal = view.legal_actions()
        if len(legal) == 1:
            return legal[0]
        if view.phase is not Phase.PLAY:
            return self.fallback.choose(view)
        try:
            knowledge = Knowledge(view)
        except (SolverError, ScoringError):  # a hand the solver does not cover: three sides in play, or
            return self.fallback.choose(view)  # a Jamboree shown, whose side cannot take fewer than five
        if knowledge.cards_in_play > self.max_cards:
            return self.fallback.choose(view)  # too big to solve many times per card
        samples = self.big_samples if knowledge.cards_in_play > self.big_cards else self.samples
        return knowledge.best_action(legal, samples, self.rng)

    def __repr__(self) -> str:
        return f"SearchPlayer(samples={self.samples})"


class Knowledge:
    """What one seat knows in the play phase, and layouts of the unseen cards that fit it.
    ``scored=False`` leaves out the points table (``table`` None): what the seat knows of the
    cards, for a hand the solver does not score (three sides in play)."""

    def __init__(self, view, scored: bool = True):
        facts = Inference(view)
        rules, n, me = view.rules, view.players, view.seat
        self.view, self.rules, self.n, self.me, self.facts = view, rules, n, me, facts
        self.table = points_table(view) if scored else None
        self.side = makers_mask(view)
        self.trump = int(view.trump)
        self.rank = ranking(self.trump, rules.trump_order)
        self.active = tuple(s for s in range(n) if not view.sits_out(s))
        self.jambone_maker = facts.jambone_maker
        eff = self.rank.eff_suit
        count, voids = facts.counts, facts.voids
        mine, exposed = facts.hand, facts.exposed
        unseen = facts.unseen
        self.forced = {}
        up = facts.up
        if up is not None and unseen >> up.id & 1:
            where = facts.upcard_place()
            if where == "dead":
                unseen &= ~up.bit
            elif where is not None and where in self.active and not voids[where] >> up.id & 1:
                self.forced[where] = up.bit
                unseen &= ~up.bit
        # The maker's trumps when he made it: he made it for a reason, so layouts give him at
        # least two (three alone), counting those he has played, when some layout can.
        self.maker_min = None
        maker = view.maker
        if maker != me and maker in self.active and maker != self.jambone_maker:
            shown = sum(1 for c in ids_of(facts.played_by[maker]) if eff[c] == self.trump)
            need_trumps = (3 if view.alone else 2) - shown
            if need_trumps > 0:
                self.maker_min = (maker, self.rank.suit_mask[self.trump], need_trumps)
        size = rules.hand_size
        self.fixed = {me: mine}
        if self.jambone_maker is not None:
            self.fixed[self.jambone_maker] = exposed
        self.cards_in_play = sum(size - count[s] for s in self.active) + len(view.trick)
        self.need = {s: size - count[s] - (self.forced.get(s, 0) != 0) for s in self.active if s not in self.fixed}
        self.allowed = {s: unseen & ~voids[s] for s in self.need}
        # A partner who gave this seat his best sits out with the rest of his hand, which held no
        # better card, and the card this seat gave him: his cards are laid out apart from the
        # rest of the cards out of play. (Not where he dealt and the turn-up went into play: his
        # hand's size is then not known.)
        for partner, lacks in facts.partner_lacks().items():
            if partner not in self.active and (partner != view.dealer or facts.upcard_place() == "dead"):
                self.need[partner] = size - 1
                self.allowed[partner] = unseen & ~lacks
                if facts.gave:  # the card this seat gave back, which went to him
                    self.forced[partner] = facts.gave
        self.unseen = unseen
        self.trick = tuple((s, c.id) for s, c in view.trick)
        self.turn = view.turn
        self.won = sum(view.tricks_won[s] for s in range(n) if self.side >> s & 1)
        self.done = len(view.tricks)
        self._frame: Frame | None = None

    def layout(self, rng, tries: int = 50):
        """One deal of the unseen cards to the other seats that fits what this seat knows."""
        pool = [i for i in range(53) if self.unseen >> i & 1]
        for attempt in range(tries):
            hands = dict(self.fixed)
            left = set(pool)
            seats = sorted(self.need, key=lambda s: (self.allowed[s].bit_count() - self.need[s], rng.random()))
            ok = True
            for s in seats:
                avail = [c for c in pool if c in left and self.allowed[s] >> c & 1]
                if len(avail) < self.need[s]:
                    ok = False
                    break
                pick = rng.sample(avail, self.need[s])
                left.difference_update(pick)
                hands[s] = sum(1 << c for c in pick) | self.forced.get(s, 0)
            if ok and self.maker_min is not None and attempt < tries // 2:
                maker, trumps, least = self.maker_min
                ok = (hands[maker] & trumps).bit_count() >= least
            if ok:
                return tuple(hands.get(s, 0) for s in range(self.n))
        raise SolverError(f"no layout of the unseen cards fits what seat {self.me} knows after {tries} tries")

    def position(self, hands) -> Position:
        """The layout ``hands`` (one card mask per seat) as the solver's ``Position``."""
        if self._frame is None:
            self._frame = Frame(self.rules, self.active, self.side, self.jambone_maker, self.trump, self.trick,
                                self.turn, self.won, self.done)
        return self._frame.position(hands)

    def best_action(self, legal, samples: int, rng):
        by_card = {a.arg.id: a for a in legal}
        groups = self.sure_groups(list(by_card))
        if len(groups) == 1:
            return by_card[groups[0][0]]
        maximise = bool(self.side >> self.turn & 1) and self.turn != self.jambone_maker
        sign = 1 if maximise else -1
        table = self.table
        if table is None:
            raise SolverError("a card is chosen by points, and this search was made without them (scored=False)")
        total = {g[0]: [0, 0] for g in groups}
        for _ in range(samples):
            pos = self.position(self.layout(rng))
            values = pos.values()
            for g in groups:
                tricks = values[g[0]]
                total[g[0]][0] += table[tricks][2]
                total[g[0]][1] += tricks
        best = max(total, key=lambda c: (sign * total[c][0], sign * total[c][1], -self.rank.power[c]))
        return by_card[best]

    def sure_groups(self, cards: list) -> list:
        """The cards in runs that are equivalent whatever the unseen layout: adjacent in power
        in one suit with nothing between them that is still in play or unseen."""
        eff, power = self.rank.eff_suit, self.rank.power
        live = self.unseen | sum(self.fixed.values()) | sum(m for s, m in self.forced.items() if s in self.active)
        for _, c in self.trick:
            live |= 1 << c
        groups: list = []
        for c in sorted(cards, key=lambda i: (eff[i], power[i])):
            if groups:
                p = groups[-1][-1]
                between = [i for i in range(53) if live >> i & 1 and eff[i] == eff[c] and power[p] < power[i] < power[c]]
                if eff[p] == eff[c] and not between:
                    groups[-1].append(c)
                    continue
            groups.append([c])
        return groups


__all__ = ["SearchPlayer", "Knowledge"]

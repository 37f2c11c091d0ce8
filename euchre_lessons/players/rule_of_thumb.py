"""The rule-of-thumb player: ``RuleOfThumbPlayer``.

A sensible table-mate for every preset: it counts trump strength to order up, make and go
alone, chooses discards, partner's best and lone-hand gifts, decides alone against, Jambone,
Jamboree, the seven-handed bid and partners, calls a Jambone player's cards to beat him, and
plays by the usual maxims (lead trumps when strong, never trump a partner's winner, discard
from short suits).

Trumps come first where the cards go round only a few times each and a lone hand or a lone
defence is on offer (the four-handed Railroad games): it goes alone only with at least one
trump fewer than the tricks it needs (the master trump counted twice), so the Joker and six
high plain cards stay with partner; it defends alone on trumps, not aces (modern: three, or
two with strength beside them; Foster: two, or one sure to win); and in the modern game three
trumps make trump for the dealer (the turn-up counted) and in the second round. These were
measured by playing out each choice on layouts that fit the seat's view and by a paired match
against the older rules (``bench/thumb_mend.py``).

This module holds its decisions phase by phase. It works on bit masks (bit ``card.id`` per
card) and tables built once per rule set and trump (``thumb_tables``: strength, discards,
partner's best), and plays its cards by ``thumb_play.play``, so a decision costs a few
microseconds.
"""
from __future__ import annotations

import random

from .. import actions as A
from ..hand.declaring import best_card
from ..hand.phases import Phase
from ..hand.tables import tables_of
from .thumb_play import play
from .thumb_tables import (
    EXCHANGE_GAIN,
    after_discard,
    best_suit,
    rules_info,
    strength,
    sure_sweep,
    sure_trumps,
    unseen,
    worst_card,
)


class RuleOfThumbPlayer:
    """Plays by rules of thumb from its seat's view; cheap enough for 100,000-hand runs.

    ``boldness`` shifts the bidding thresholds (in tricks): above 0 it orders up, makes and
    bids more readily, below 0 less; ``lone_boldness`` does the same for going alone and
    defending alone. Randomness (used only where the view gives nothing
    to go on, such as a blind trump) comes from ``seed`` or the last ``new_hand`` seed.
    """

    _rng: random.Random | None

    def __init__(self, seed=None, boldness: float = 0.0, lone_boldness: float = 0.0):
        self._seed, self._rng = seed, None
        self.boldness, self.lone_boldness = float(boldness), float(lone_boldness)

    def new_hand(self, seed) -> None:
        self._seed, self._rng = seed, None  # the generator is built only if it is needed

    @property
    def rng(self) -> random.Random:
        if self._rng is None:
            self._rng = random.Random(self._seed)
        return self._rng

    def choose(self, view):
        legal = view.legal_actions()
        if len(legal) == 1:
            return legal[0]
        if view.phase is _PLAY:
            return self._card(view, legal)
        return self._decide(view, legal)

    def _card(self, view, legal):
        """The card to play (a choice of two or more): the maxims of ``thumb_play``."""
        return play(view, legal)

    def _decide(self, view, legal):
        """Any other decision (a choice of two or more), by its phase's rule."""
        return _DECIDE[view.phase](self, view, legal)

    def __repr__(self) -> str:
        knobs = [f"{k}={v}" for k, v in (("boldness", self.boldness), ("lone_boldness", self.lone_boldness)) if v]
        return f"RuleOfThumbPlayer({', '.join(knobs)})"

    # ---- making trump ----------------------------------------------------------------------

    def _round1(self, v, legal):
        info = rules_info(v.rules)
        T = info.trump(v.proposed_trump)
        seat, dealer, up = v.seat, v.dealer, v.upcard.id
        hand = v.hand_mask
        if seat == dealer:
            held = after_discard(T, hand | 1 << up, 1 << up, info)
            if info.take_up_trumps and (held & T.trump_mask).bit_count() >= info.take_up_trumps:
                return legal[0]  # modern: three trumps with the turn-up are worth taking up
            est = strength(T, held)
        else:
            est = strength(T, hand)
            gain = T.value[up] * 0.8
            est += gain if info.team[seat] == info.team[dealer] else -gain
        if est + info.support >= info.need + info.margin - self.boldness:
            return legal[0]
        return A.PASS

    def _round2(self, v, legal):
        info = rules_info(v.rules)
        makes = {int(a.arg): a for a in legal if a is not A.PASS}
        trump, est = best_suit(info, v.hand_mask, makes)
        if A.PASS not in legal or est + info.support >= info.need + info.margin - self.boldness:
            return makes[trump]
        if info.take_up_trumps and trump < 4 and \
                (v.hand_mask & info.trump(trump).trump_mask).bit_count() >= info.take_up_trumps:
            return makes[trump]  # modern: three trumps make it
        return A.PASS

    def _blind(self, v, legal):
        return self.rng.choice(legal)  # the dealer sees nothing of his hand (K14)

    # ---- alone, take-over, exchanges, Jambone, alone against, discards ---------------------
    # (each starts with the same three lines, rule facts, trump tables and hand, written out:
    # a shared helper's extra call cost about 1% of a whole hand's time, measured)

    def _alone(self, v, legal):
        info = rules_info(v.rules)
        T = info.trump(v.trump_id)
        hand = v.hand_mask
        lying = v.upcard_lying and v.seat == v.dealer
        if A.ALONE_PAT in legal and sure_sweep(T, hand, unseen(v, info, hand), ordered=True):
            return A.ALONE_PAT
        held = after_discard(T, hand | 1 << v.upcard.id, 1 << v.upcard.id, info) if lying else hand
        exchange = A.ALONE in legal and info.rules.partners_best != "none"
        est = strength(T, held) + (EXCHANGE_GAIN if exchange else 0.0)
        # enough trumps to draw the others' (the master trump counts twice): with fewer, the
        # plain aces are trumped, however many there are
        trumps = (held & T.trump_mask).bit_count() + (sure_trumps(T, held, unseen(v, info, held)) > 0)
        if trumps >= info.lone_trumps and est >= info.lone_threshold - self.lone_boldness:
            return A.ALONE if A.ALONE in legal else next(a for a in legal if a is A.ALONE_NO_EXCHANGE)
        return legal[-1] if v.phase is Phase.TAKE_OVER else A.WITH_PARTNER

    def _give(self, v, legal):
        """A lone player's gift (his worst card), or under ``partner_chooses`` the partner's
        best, as the fixed policy gives it (``declaring.best_card``: the highest trump, else the
        highest card by rank, ties to the later suit of ``suit_tiebreak``)."""
        hand = v.hand_mask
        if v.phase is Phase.BEST:
            return A.GIVE[best_card(tables_of(v.rules), v.trump_id, hand)]
        info = rules_info(v.rules)
        T = info.trump(v.trump_id)
        return A.GIVE[worst_card(T, hand, hand, unseen(v, info, hand))]

    def _discard(self, v, legal):
        info = rules_info(v.rules)
        hand = v.hand_mask
        allowed = 0
        for a in legal:
            allowed |= a.arg.bit
        trump = v.trump_id
        if trump is None:  # the seven-handed widow: trump is named after the discards
            trump = best_suit(info, hand, range(4))[0]
        T = info.trump(trump)
        return A.DISCARD[worst_card(T, allowed, hand, unseen(v, info, hand))]

    def _jambone(self, v, legal):
        info = rules_info(v.rules)
        T = info.trump(v.trump_id)
        hand = v.hand_mask
        out = unseen(v, info, hand)
        if info.fixed:  # Foster: 3 or 4 tricks score as a lone hand, and no one may defend alone
            good = sure_trumps(T, hand, out) >= info.need
        else:  # modern: anything short of every trick gives the opponents 28
            good = sure_sweep(T, hand, out, ordered=False)
        return A.JAMBONE if good else A.PASS

    def _defend(self, v, legal):
        info = rules_info(v.rules)
        T = info.trump(v.trump_id)
        hand = v.hand_mask
        trumps = (hand & T.trump_mask).bit_count()
        if info.fixed:  # Foster: two trumps, or one sure to win, oppose alone (measured by play-out)
            good = trumps >= 2 or sure_trumps(T, hand, unseen(v, info, hand)) >= 1
        else:  # modern: enough trumps, or one fewer with strength beside them; never fewer
            strong = strength(T, hand) + EXCHANGE_GAIN >= info.defend_threshold - self.lone_boldness
            need = info.defend_trumps
            good = (trumps >= need or (strong and trumps == need - 1)) if need else strong
        return legal[0] if good else A.PASS

    def _jamboree(self, v, legal):
        return A.JAMBOREE

    # ---- seven-handed: the bid, the trump, the partners ------------------------------------

    def _auction(self, v, legal):
        info = rules_info(v.rules)
        est = best_suit(info, v.hand_mask, range(4))[1] + info.support
        for a in reversed(legal):
            if a is not A.PASS and a.arg <= est - info.margin + self.boldness:
                return a
        return A.PASS

    def _trump(self, v, legal):
        info = rules_info(v.rules)
        return A.MAKE[best_suit(info, v.hand_mask, range(4))[0]]

    def _partners(self, v, legal):
        """Bidders first (the higher bid first: they hold strength), then seats at random."""
        bids = {}
        for seat, text in v.public_history:
            if text.startswith("bid "):
                bids[seat] = int(text[4:])
        choices = {a.arg: a for a in legal}
        bidders = sorted((s for s in bids if s in choices), key=lambda s: -bids[s])
        if bidders:
            return choices[bidders[0]]
        return self.rng.choice(legal)


_PLAY = Phase.PLAY
_DECIDE = {
    Phase.ROUND1: RuleOfThumbPlayer._round1, Phase.ROUND2: RuleOfThumbPlayer._round2,
    Phase.BLIND: RuleOfThumbPlayer._blind, Phase.AUCTION: RuleOfThumbPlayer._auction,
    Phase.WIDOW: RuleOfThumbPlayer._discard, Phase.TRUMP: RuleOfThumbPlayer._trump,
    Phase.PARTNERS: RuleOfThumbPlayer._partners, Phase.ALONE: RuleOfThumbPlayer._alone,
    Phase.TAKE_OVER: RuleOfThumbPlayer._alone, Phase.GIVE: RuleOfThumbPlayer._give,
    Phase.BEST: RuleOfThumbPlayer._give, Phase.JAMBONE: RuleOfThumbPlayer._jambone,
    Phase.DEFEND: RuleOfThumbPlayer._defend, Phase.DISCARD: RuleOfThumbPlayer._discard,
    Phase.JAMBOREE: RuleOfThumbPlayer._jamboree,
}

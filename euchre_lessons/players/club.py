"""The club player: ``ClubPlayer``, the rule-of-thumb player with two habits of club players.

It bids and plays as ``RuleOfThumbPlayer`` does (counting its trumps to bid, leading trumps
when its side made them, never trumping its partner's winner), and besides:

* **it calls next**: in the second round, the player at the dealer's left, first to speak
  after the dealer turned the card down, counts the other suit of that card's colour
  ("next": its two bowers are the jacks of that colour) as worth a third of a trick more
  than the rule of thumb counts it, so it makes next on a hand a little short of the rule's
  count. The dealer turned that colour down and his partner did not order it up, so neither
  is likely to hold its bowers.
* **it returns its partner's lead**: a defender on lead who holds the plain suit his partner
  (or, in the seven-handed game, a fellow defender) led first leads it back, the top card if
  no unseen card of the suit beats it, else the lowest, unless the rule of thumb would lead a
  trump it holds, with the opponents' trumps all gone.

Measured against the rule-of-thumb player by duplicate play (the same deals, seats swapped;
``bench/strength.py``, stored in ``data/strength``), over 6,000 deals a preset the habits are
worth a little: +0.005 ± 0.004 points a hand in ``standard``, +0.009 ± 0.006 in
``hoyle_railroad``, +0.007 ± 0.012 in ``modern_railroad`` (its scores run about eight times
larger). A third habit, second hand low, was tried and dropped: it cost points in the modern
game (-0.029 ± 0.015 over 5,000 deals).
"""
from __future__ import annotations

from .. import actions as A
from ..cards import Suit
from ..hand.phases import Phase
from .rule_of_thumb import RuleOfThumbPlayer
from .thumb_tables import rules_info, strength

_ROUND2 = Phase.ROUND2
NEXT_BONUS = 0.35  # tricks added to the next suit's count by the player at the dealer's left


class ClubPlayer(RuleOfThumbPlayer):
    """The rule-of-thumb player that calls next and returns its partner's lead (see the module).
    ``next_bonus`` is the tricks calling next adds (0: it does not call next)."""

    def __init__(self, seed=None, boldness: float = 0.0, lone_boldness: float = 0.0, next_bonus: float = NEXT_BONUS):
        super().__init__(seed, boldness, lone_boldness)
        self.next_bonus = float(next_bonus)

    def _card(self, view, legal):
        chosen = super()._card(view, legal)
        return self._return_lead(view, chosen) or chosen

    def _decide(self, view, legal):
        if view.phase is _ROUND2 and self.next_bonus:
            return self._call_next(view, legal) or super()._decide(view, legal)
        return super()._decide(view, legal)

    def __repr__(self) -> str:
        return f"ClubPlayer(next_bonus={self.next_bonus})"

    def _return_lead(self, v, chosen):
        """Its partner's first plain suit led back, on its own lead as a defender (None: no)."""
        if v.trick or v.turn != v.seat:
            return None
        rules, trump_id, _, _, playable, hand, played, exposed, _, side, up_dead = v.play_facts
        seat = v.seat
        if side >> seat & 1:
            return None  # the makers lead their own way (trumps first)
        info = rules_info(rules)
        T = info.trump(trump_id)
        out = info.pack & ~hand & ~played & ~exposed
        if up_dead:
            out &= ~v.upcard.bit
        if T.eff[chosen.arg.id] == T.trump and not out & T.trump_mask:
            return None  # the last trumps, drawn: the rule of thumb's lead stands
        fellows = (info.allies[seat] if info.allies else info.everyone & ~side) & ~(1 << seat)
        for trick in v.tricks:
            lead_seat, card = trick.plays[0]
            if not fellows >> lead_seat & 1:
                continue
            suit = T.eff[card.id]
            mine = playable & T.suit_mask[suit]
            if suit == T.trump or not mine:
                return None
            top = mine.bit_length() - 1
            master = (out & T.suit_mask[suit]).bit_length() <= top
            return A.PLAY[top if master else (mine & -mine).bit_length() - 1]
        return None

    def _call_next(self, v, legal):
        """Next made by the player at the dealer's left when its count, with the bonus, makes
        it (None: the rule of thumb decides)."""
        if v.upcard is None:
            return None
        turned = v.proposed_trump
        info = rules_info(v.rules)
        if turned is None or turned > 3 or v.seat != (v.dealer + 1) % info.n:
            return None
        nxt = int(Suit(turned).same_colour)
        makes = {int(a.arg): a for a in legal if a is not A.PASS}
        if nxt not in makes:
            return None
        hand = v.hand_mask
        counts = {t: strength(info.trump(t), hand) + (self.next_bonus if t == nxt else 0.0) for t in makes}
        best = max(counts, key=lambda t: (counts[t], t == nxt))
        if counts[best] + info.support >= info.need + info.margin - self.boldness:
            return makes[best]
        return None


__all__ = ["ClubPlayer", "NEXT_BONUS"]

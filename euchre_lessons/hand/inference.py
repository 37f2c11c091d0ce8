"""What one seat can infer from its view alone: ``Inference``.

Everything that draws layouts of the cards a seat has not seen (the search player's
``Knowledge``, the worlds of ``players.layouts`` that the expert, hints and proofs replay, the
hints' and reviews' exact ``Layouts`` in ``valuing.knowing``) reads these facts from here, so
they all believe the same world. It reads only the view's public surface (``SeatView``: its
properties and ``legal_actions``), never a state's own fields.

What a seat infers:

* its own hand now, and as dealt: with the cards it played, laid down (the dealer's discard, a
  widow's discards) and gave (a lone player's gift, partner's best given), without partner's
  best it received and the turn-up (never in a dealt hand: the dealer takes it up);
* every card played, by whom, and how many each seat has played;
* the voids shown: a seat that did not follow the suit led holds none of it now (``void_shown``);
* the cards it laid down or gave: known to it only (the dealer alone knows his discard);
* partner's best received: that partner held it, and under the fixed rule
  (``partner_best_policy``) held no better card (``partner_lacks``);
* a Jambone hand lying face up is the Jambone player's;
* where the turn-up is as far as the table knows (``upcard_place``): out of play, in the
  dealer's hand, or not known;
* ``unseen``: the cards of the pack this seat has not seen.

``tests/test_inference.py`` holds, for every preset, that the real deal always fits these
facts, and that every layout the three drawers give fits the view.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from ..actions import Action
from ..cards import ids_of
from ..table import partner as partner_of
from .phases import Phase
from .play import follow_rule, void_shown
from .tables import tables_of

if TYPE_CHECKING:
    from ..cards import Card
    from ..rules import RuleSet
    from .view import SeatView

ACCEPTS = ("order up", "assist", "take up")  # the bids that take the turn-up into play


def mask_of(cards: Iterable[Card]) -> int:
    """The bit mask of ``cards`` (``Card`` values)."""
    m = 0
    for c in cards:
        m |= c.bit
    return m


class Inference:
    """The facts ``view`` fixes about the deal, each a bit mask of card ids (``cards.Card.bit``),
    per seat where it is a list."""

    def __init__(self, view: SeatView) -> None:
        rules, n, me = view.rules, view.players, view.seat
        self.view, self.rules, self.n, self.me = view, rules, n, me
        self.phase = phase = view.phase
        self.up = up = view.upcard
        self.up_bit = up.bit if up is not None else 0
        self.trump = trump = view.trump_id
        history = view.public_history
        self.history = history
        self.steps = tuple((seat, None if text.endswith("?") else Action.parse(text)) for seat, text in history)
        in_play = trump is not None and phase in (Phase.PLAY, Phase.DONE)
        rule = follow_rule(rules, trump) if in_play else None  # type: ignore[arg-type]  # in play: trump is made
        played_by, counts, voids = [0] * n, [0] * n, [0] * n
        self.tricks = tricks = tuple(t.plays for t in view.tricks) + (tuple(view.trick),)
        for trick in tricks:
            if not trick:
                continue
            led = trick[0][1].id
            for seat, card in trick:
                played_by[seat] |= card.bit
                counts[seat] += 1
                if rule is not None:
                    voids[seat] |= void_shown(card.id, led, rule)
        self.played_by, self.counts, self.voids = played_by, counts, voids
        self.played = sum(played_by)
        self.hand = view.hand_mask
        self.exposed = view.exposed_mask
        self.jambone_maker = view.maker if view.jambone else None
        laid = 0  # my discards and gifts, face down: seen by me alone
        for seat, action in self.steps:
            if seat == me and action is not None and action.kind in ("discard", "give"):
                laid |= action.bit
        self.gave = mask_of(view.gave)
        self.laid_down = laid | self.gave
        self.received = mask_of(view.received)
        self.unseen = rules.pack_mask & ~self.hand & ~self.played & ~self.exposed & ~self.laid_down
        self.exchanges = tuple((partner_of(me, n), best) for best in view.received)

    # ---- my own hand as dealt -----------------------------------------------------------------

    @property
    def held(self) -> int:
        """Every card this seat has held in its hand: now, played, laid down and given."""
        return self.hand | self.played_by[self.me] | self.laid_down

    @property
    def dealt(self) -> int:
        """This seat's hand as dealt (a seven-handed maker's widow still in it): what it has held,
        without partner's best received and the turn-up."""
        return self.held & ~self.received & ~self.up_bit

    # ---- partner's best ---------------------------------------------------------------------

    def partner_lacks(self) -> dict[int, int]:
        """``{partner: cards}``: the cards a partner who gave this seat his best cannot have held
        as dealt, under the fixed rule (B-1, K12): the higher trumps, or, for a plain card, every
        trump and higher plain card (nothing when the partner chooses: ``partner_chooses``)."""
        out: dict[int, int] = {}
        if self.rules.partner_best_policy == "partner_chooses":
            return out
        for partner, best in self.exchanges:
            # a lone player who received his partner's best has a partner
            out[partner] = out.get(partner, 0) | better_than(self.rules, self.trump, best.id)  # type: ignore[index, arg-type]
        return out

    # ---- the turn-up ------------------------------------------------------------------------

    def upcard_place(self) -> str | int | None:
        """Where the turn-up is, as far as everyone knows: ``"dead"`` (turned down or left out of
        play), the dealer's seat (taken up, and he may not discard it), or None (not known)."""
        history = self.history
        if not any(text in ACCEPTS for _, text in history):
            return "dead"
        view, dealer = self.view, self.view.dealer
        if any(seat == dealer and text.startswith("discard") for seat, text in history):
            return None if self.rules.dealer_may_discard_upcard else dealer
        if view.sits_out(dealer) and self.rules.dealer_partner_loner_turnup == "dealer_may_pass_it":
            return None
        return "dead"

    # ---- a layout against the facts ---------------------------------------------------------

    def misfits(self, hands: Sequence[int]) -> list[str]:
        """What is wrong with ``hands`` (one mask per seat: the cards each seat in play holds now)
        as a layout of the deal in play seen from this seat, in words for a test ([] when it
        fits): its own hand, the Jambone hand, the counts, the voids and the cards it has seen."""
        me, n, size = self.me, self.n, self.rules.hand_size
        wrong = []
        if hands[me] != self.hand:
            wrong.append(f"seat {me}'s own hand differs")
        if self.jambone_maker is not None and self.jambone_maker != me and hands[self.jambone_maker] != self.exposed:
            wrong.append("the Jambone hand lying face up differs")
        seen = self.played | self.laid_down | self.hand
        taken = 0
        for s in range(n):
            if self.view.sits_out(s):  # its cards are out of play: a layout says nothing of them
                continue
            if hands[s].bit_count() != size - self.counts[s]:
                wrong.append(f"seat {s} holds {hands[s].bit_count()} cards, not {size - self.counts[s]}")
            if hands[s] & self.voids[s]:
                wrong.append(f"seat {s} holds a card of a suit it showed void in")
            if s != me and hands[s] & seen:
                wrong.append(f"seat {s} holds a card seat {me} has seen elsewhere")
            if taken & hands[s]:
                wrong.append(f"seat {s} holds a card another seat holds")
            taken |= hands[s]
        place = self.upcard_place() if self.up is not None else None
        if place == "dead" and taken & self.up_bit and not self.hand & self.up_bit:
            wrong.append("a seat holds the turn-up, which is out of play")
        return wrong


def better_than(rules: RuleSet, trump: int | None, best: int) -> int:
    """The cards a partner cannot have held if ``best`` was his best card under the fixed rule
    (B-1, K12): the higher trumps, or, for a plain card, every trump and higher plain card."""
    if trump is None:
        return 0
    pack = rules.pack_mask
    tables = tables_of(rules)
    rank = tables.rankings[trump]
    trumps = sum(1 << c for c in ids_of(pack) if rank.eff_suit[c] == trump)
    if trumps >> best & 1:
        return sum(1 << c for c in ids_of(trumps) if rank.power[c] > rank.power[best])
    order = tables.plain_order
    return trumps | sum(1 << c for c in ids_of(pack & ~trumps) if order[c] > order[best])


__all__ = ["Inference", "better_than", "mask_of", "ACCEPTS"]

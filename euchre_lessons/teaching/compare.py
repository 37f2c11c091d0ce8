"""One deal under two rule systems: ``RuleComparison``.

>>> c = RuleComparison("hoyle_railroad", "modern_railroad", seed=4)
>>> c.left, c.right          # the two timelines, played by the same players
>>> c.divergence()           # the first decision at which they part, and the knobs that part them
>>> RuleComparison.summary("hoyle_railroad", "modern_railroad", hands=500, seed=1)

When the packs differ the smaller pack's deal is kept inside the larger one (``nested_deal``):
every seat keeps its cards, the turn-up stays, and each seat's extra cards (the modern game
deals seven where Foster's deals five) come from the rest of the larger pack, seeded. So
"your hand under Foster's rules, and the same hand with the extra cards of the modern game" is
one deal.
"""
from __future__ import annotations

import math
import random
from html import escape
from typing import NamedTuple

from .. import rules as _rules
from ..cards import ids_of
from ..deals import Deal, deal
from ..errors import RuleSetError
from ..hand.phases import Phase
from ..table import in_turn_from
from .timeline import Timeline

# The knobs that can change what happens at each phase; the pack's knobs change every hand.
_PACK = ("pack", "joker", "deal_packets", "kitty")
_SCORING = ("scoring", "make_points", "march_points", "euchre_points", "lone_make_points", "lone_march_points",
            "lone_euchre_points", "railroad_lone_euchre_4_scope", "game_target", "lone_against_scoring",
            "jambone_points", "jamboree_scoring", "maker_threshold_6p", "defender_scoring_6p")
_PHASE_KNOBS = {
    Phase.ROUND1: ("bidding", "joker_turnup_rule", "joker_turnup_suit", "dealer_may_discard_upcard"),
    Phase.ROUND2: ("round2_may_name_turned_suit", "stick_the_dealer", "joker_turnup_rule"),
    Phase.BLIND: ("joker_turnup_rule",),
    Phase.ALONE: ("lone_eligibility", "partners_best", "pat_hand_rule", "pat_hand_three_four"),
    Phase.TAKE_OVER: ("lone_eligibility", "partners_best", "pat_hand_rule"),
    Phase.GIVE: ("partners_best", "partner_best_policy", "dealer_partner_loner_turnup"),
    Phase.BEST: ("partners_best", "partner_best_policy"),
    Phase.JAMBONE: ("jambone", "jambone_requires_alone", "jambone_card_chooser", "jambone_euchre_penalty"),
    Phase.DEFEND: ("lone_against", "lone_against_priority", "lone_against_6p"),
    Phase.DISCARD: ("dealer_may_discard_upcard", "dealer_partner_loner_turnup"),
    Phase.JAMBOREE: ("jamboree", "jamboree_requires_maker", "jamboree_scoring"),
    Phase.PLAY: ("trump_order", "joker_no_trump_play", "jambone_card_chooser"),
    Phase.DONE: _SCORING,
}
_STEP_KNOBS = {phase: knobs + _PACK for phase, knobs in _PHASE_KNOBS.items()}


def nested_deal(inner: Deal, rules, seed=0) -> Deal:
    """``inner`` carried into the pack of ``rules``: each seat keeps its cards that the pack
    holds and is topped up from the rest of the pack (seeded), the turn-up kept if it can be."""
    rs = _rules.load(rules)
    n = rs.players
    if inner.players != n:
        raise RuleSetError(f"{inner.rules.name} seats {inner.players} and {rs.name} seats {n}: one deal can be "
                           "carried from one rule set to another only at a table of the same size")
    pack, size = rs.pack_mask, rs.hand_size
    rng = random.Random(f"{seed}:nested:{rs.name}")
    hands = [m & pack for m in inner.masks]
    for s in range(n):
        while hands[s].bit_count() > size:  # a smaller hand: drop cards at random
            hands[s] &= ~(1 << rng.choice(ids_of(hands[s])))
    held = sum(hands)
    up = None
    if rs.bidding == "turn_up":
        up = inner.upcard if inner.upcard is not None and pack >> inner.upcard.id & 1 else None
    rest = ids_of(pack & ~held & ~(up.bit if up is not None else 0))
    rng.shuffle(rest)
    if rs.bidding == "turn_up" and up is None:
        from ..cards import CARDS

        up = CARDS[rest.pop()]
    for s in in_turn_from((inner.dealer + 1) % n, n):
        while hands[s].bit_count() < size:
            hands[s] |= 1 << rest.pop()
    return Deal(rs, inner.dealer, tuple(hands), up, sum(1 << c for c in rest))


def _proposals(left, right) -> str | None:
    """In round 1, what accepting the turn-up makes under each rule set, when they differ."""
    if left.phase is not Phase.ROUND1 or right.phase is not Phase.ROUND1:
        return None
    from ..cards import Suit
    from ..hand.bidding import proposed_trump
    from .narrate import card_words

    a, b = proposed_trump(left), proposed_trump(right)
    if a == b:
        return None
    words = [f"{'a no-trump hand' if t == int(Suit.NO_TRUMP) else Suit(t).word + ' trump'} under {s.rules.name}"
             for t, s in ((a, left), (b, right))]
    return f"{card_words(left.upcard)} makes " + " and ".join(words)


class Divergence(NamedTuple):
    """Where two hands of one deal part: ``step`` (the first step at which they differ), the
    two ``Step``s there (None where a hand is over), ``why`` in words, and the ``knobs`` that
    differ between the rule sets and bear on it."""

    step: int
    left: object
    right: object
    why: str
    knobs: tuple

    def __str__(self) -> str:
        knobs = f" Knobs that bear on it: {', '.join(self.knobs)}." if self.knobs else ""
        return f"Step {self.step}: {self.why}{knobs}"

    def _repr_html_(self) -> str:
        return f"<p>{escape(str(self))}</p>"


class RuleComparison:
    """One deal under rule sets ``a`` and ``b``, both hands played by the same ``players``."""

    __slots__ = ("a", "b", "seed", "players", "left", "right")

    def __init__(self, a, b, seed=0, players="rule_of_thumb", dealer: int | None = None):
        ra, rb = _rules.load(a), _rules.load(b)
        if ra.players != rb.players:
            raise RuleSetError(f"{ra.name} seats {ra.players} and {rb.name} seats {rb.players}: compare rule sets "
                               "for a table of the same size")
        n = ra.players
        if dealer is None:
            dealer = seed % n if isinstance(seed, int) else 0
        small, big = (ra, rb) if ra.pack_mask.bit_count() <= rb.pack_mask.bit_count() else (rb, ra)
        first = deal(small, seed=seed, dealer=dealer)
        second = nested_deal(first, big, seed)
        deal_a, deal_b = (first, second) if small is ra else (second, first)
        for name, value in (("a", ra), ("b", rb), ("seed", seed), ("players", players),
                            ("left", Timeline(deal_a, players, seed)), ("right", Timeline(deal_b, players, seed))):
            object.__setattr__(self, name, value)

    def __setattr__(self, name, value):
        raise AttributeError("a RuleComparison cannot be changed")

    # ---- stepping both hands together ----------------------------------------------------

    @property
    def cursor(self) -> int:
        return max(self.left.cursor, self.right.cursor)

    def __len__(self) -> int:
        return max(len(self.left), len(self.right))

    def goto(self, i: int) -> "RuleComparison":
        """Both hands at state ``i`` (a hand that ended sooner stays at its end)."""
        n = len(self)
        if not isinstance(i, int) or isinstance(i, bool) or not -n <= i < n:
            raise IndexError(f"step {i!r} is not in these hands: their states are numbered 0 to {n - 1}")
        i %= n
        out = object.__new__(RuleComparison)
        for name in ("a", "b", "seed", "players"):
            object.__setattr__(out, name, getattr(self, name))
        object.__setattr__(out, "left", self.left.goto(min(i, len(self.left) - 1)))
        object.__setattr__(out, "right", self.right.goto(min(i, len(self.right) - 1)))
        return out

    def forward(self) -> "RuleComparison":
        return self.goto(min(self.cursor + 1, len(self) - 1))

    def back(self) -> "RuleComparison":
        return self.goto(max(self.cursor - 1, 0))

    def knobs(self) -> tuple:
        """The knobs on which the two rule sets differ."""
        return tuple(k for k in _rules.knob_names() if getattr(self.a, k) != getattr(self.b, k))

    def aligned(self) -> tuple:
        """``(step number, left step, right step)`` for every step of the longer hand (None
        where the other hand has already ended)."""
        ls, rs = self.left.steps, self.right.steps
        return tuple((i + 1, ls[i] if i < len(ls) else None, rs[i] if i < len(rs) else None)
                     for i in range(max(len(ls), len(rs))))

    def divergence(self) -> Divergence | None:
        """The first step at which the two hands differ, and why; None if they never do."""
        la, ra = self.left.states, self.right.states
        hands_differ = [s for s in range(la[0].players) if la[0].deal.masks[s] != ra[0].deal.masks[s]]
        for i, (_, left, right) in enumerate(self.aligned()):
            before_l, before_r = la[i], ra[i]
            if left is not None and right is not None and str(left.action) == str(right.action) \
                    and left.before.phase is right.before.phase:
                continue
            phases = {step.before.phase for step in (left, right) if step is not None}
            near = set().union(*(_STEP_KNOBS.get(p, ()) for p in phases))
            knobs = tuple(k for k in self.knobs() if k in near)
            why = self._why(before_l, before_r, left, right, hands_differ)
            if not knobs:  # nothing at this step: what the players weigh (points, the pack), or all
                knobs = tuple(k for k in self.knobs() if k in _SCORING + _PACK) or self.knobs()
            return Divergence(i + 1, left, right, why, knobs)
        return None

    def _why(self, before_l, before_r, left, right, hands_differ) -> str:
        na, nb = self.a.name, self.b.name
        if left is None or right is None:
            over, on = (na, nb) if left is None else (nb, na)
            step = right if left is None else left
            return f"the hand under {over} is over, and under {on} it goes on: {step.sentence}"
        if left.before.phase is not right.before.phase:
            return (f"under {na} the hand moves to the {left.before.phase} ({left.sentence}), under {nb} to the "
                    f"{right.before.phase} ({right.sentence})")
        legal_l = {str(x) for x in before_l.legal_actions()}
        legal_r = {str(x) for x in before_r.legal_actions()}
        if legal_l != legal_r:
            only_l, only_r = sorted(legal_l - legal_r), sorted(legal_r - legal_l)
            parts = []
            if only_l:
                parts.append(f"only {na} allows {', '.join(only_l)}")
            if only_r:
                parts.append(f"only {nb} allows {', '.join(only_r)}")
            cards = " (and the packs give the seat different cards)" if left.seat in hands_differ else ""
            return f"the choices differ{cards} ({'; '.join(parts)}). {na}: {left.sentence} {nb}: {right.sentence}"
        seat = left.seat
        proposed = _proposals(before_l, before_r)
        if proposed is not None:
            return (f"the same words propose different trumps: accepting {proposed}, so the seat chooses "
                    f"differently. {na}: {left.sentence} {nb}: {right.sentence}")
        if seat in hands_differ or before_l.hand_mask(seat) != before_r.hand_mask(seat):
            return (f"the same seat holds different cards (the packs differ), and chooses differently. "
                    f"{na}: {left.sentence} {nb}: {right.sentence}")
        differ = set(self.knobs())
        if differ & set(_PACK):
            reason = "the rest of the pack differs, so what the seat reckons may be out differs"
        elif differ & set(_SCORING):
            reason = "what each choice scores differs"
        else:
            reason = "the rules around it differ"
        return (f"the same seat with the same cards and the same choices decides differently: {reason}. "
                f"{na}: {left.sentence} {nb}: {right.sentence}")

    def scores(self) -> tuple:
        """Each hand's points by team: ``(left points, right points)``."""
        return tuple(t.final.result().points_by_team if t.final.is_over else None for t in (self.left, self.right))

    # ---- display ---------------------------------------------------------------------------

    def __repr__(self) -> str:
        return f"RuleComparison({self.a.name!r}, {self.b.name!r}, seed={self.seed!r})"

    def __str__(self) -> str:
        d = self.divergence()
        lines = [f"{self.a.name}: {self.left.final.result().explanation}",
                 f"{self.b.name}: {self.right.final.result().explanation}",
                 str(d) if d is not None else "The two hands never part."]
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        from ..render import state_html

        d = self.divergence()
        cells = "".join(f'<td style="vertical-align:top;padding:0.5em"><b>{escape(t.final.rules.name)}</b>'
                        f"{state_html(t.final)}</td>" for t in (self.left, self.right))
        return (f"<table><tr>{cells}</tr></table>"
                + f"<p>{escape(str(d) if d is not None else 'The two hands never part.')}</p>")

    # ---- many deals --------------------------------------------------------------------------

    @staticmethod
    def summary(a, b, hands: int = 200, seed=0, players="rule_of_thumb") -> "Summary":
        """``hands`` seeded deals, each under both rule sets (nested packs): how points per hand,
        lone hands, euchres and marches differ, with 95% confidence intervals."""
        from ..simulate.rows import hand_row, HAND_COLUMNS, frame

        if isinstance(hands, bool) or not isinstance(hands, int) or hands < 2:
            raise ValueError(f"hands={hands!r}: a summary needs a whole number of deals, 2 or more")
        rows = []
        for i in range(hands):
            c = RuleComparison(a, b, seed=f"{seed}:{i}", players=players, dealer=i % _rules.load(a).players)
            rows.append(hand_row(c.left.final, i))
            rows.append(hand_row(c.right.final, i))
        na, nb = _rules.load(a).name, _rules.load(b).name
        return Summary(na, nb, frame(rows, HAND_COLUMNS, [na, nb]))


_MEASURES = (
    ("maker points per hand", lambda r: r["maker_points"]),
    ("defender points per hand", lambda r: r["defender_points"]),
    ("lone hands", lambda r: float(bool(r["alone"]))),
    ("euchres", lambda r: float(str(r["outcome"]).endswith("euchred"))),
    ("marches", lambda r: float(str(r["outcome"]).endswith("march"))),
)


class Summary(NamedTuple):
    """Many deals under two rule sets: ``hands`` holds one simulator row per deal and rule set."""

    a: str
    b: str
    hands: object

    @property
    def table(self):
        """Per measure: the mean under each rule set, the paired difference b - a and its 95%
        confidence interval."""
        import pandas as pd

        df = self.hands
        left = df[df["rules"] == self.a].reset_index(drop=True)
        right = df[df["rules"] == self.b].reset_index(drop=True)
        if self.a == self.b:
            left, right = df.iloc[0::2].reset_index(drop=True), df.iloc[1::2].reset_index(drop=True)
        out = []
        for name, f in _MEASURES:
            xa = [f(r) for _, r in left.iterrows()]
            xb = [f(r) for _, r in right.iterrows()]
            d = [y - x for x, y in zip(xa, xb)]
            n = len(d)
            mean = sum(d) / n
            sd = math.sqrt(sum((x - mean) ** 2 for x in d) / (n - 1)) if n > 1 else 0.0
            half = 1.96 * sd / math.sqrt(n)
            out.append({"measure": name, self.a: sum(xa) / n, self.b: sum(xb) / n, "difference": mean,
                        "ci low": mean - half, "ci high": mean + half, "deals": n})
        return pd.DataFrame(out)

    def __str__(self) -> str:
        return f"{self.a} against {self.b} over {len(self.hands) // 2} deals:\n" + self.table.to_string(index=False)

    def _repr_html_(self) -> str:
        return (f"<p>{escape(self.a)} against {escape(self.b)} over {len(self.hands) // 2} deals "
                "(difference = second minus first, with a 95% confidence interval)</p>"
                + self.table.to_html(index=False, float_format=lambda x: f"{x:.3f}"))


__all__ = ["RuleComparison", "Divergence", "Summary", "nested_deal"]

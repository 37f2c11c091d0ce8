"""One deal under two rule systems: ``RuleComparison``.

>>> c = RuleComparison("hoyle_railroad", "modern_railroad", seed=4)
>>> c.left, c.right          # the two timelines, played by the same players
(<Timeline hoyle_railroad: state 0 of 24, first round>, <Timeline modern_railroad: state 0 of 32, first round>)
>>> print(c.divergence())    # the first decision at which they part, and the knobs that part them
Step 12: the two hands part at West's turn in the play of the cards.
hoyle_railroad: West follows with the 10♠; South wins the trick with the Joker, the highest trump (makers 2, defenders 0).
modern_railroad: West follows with the 7♠; South wins the trick with the Joker, the highest trump (makers 2, defenders 0).
On offer: Only modern_railroad offers “play the 7♠”.
The knobs: Changed alone, the dealing (2 then 3 cards in hoyle_railroad, 2, 3 then 2 cards in modern_railroad), set
together with the pack (24 cards in hoyle_railroad, 32 cards in modern_railroad), which hoyle_railroad needs for it,
changes the choices on offer here.
>>> print(RuleComparison.summary("hoyle_railroad", "modern_railroad", hands=500, seed=1))
hoyle_railroad against modern_railroad over 500 deals (difference = second minus first, with a 95% confidence
interval; ratio = second divided by first, blank where the first is 0).
                 measure           unit  hoyle_railroad  modern_railroad  difference  ci low  ci high  ratio  deals
   maker points per hand  points a hand           1.508            6.872       5.364   4.938    5.790  4.557    500
defender points per hand  points a hand           0.532            2.060       1.528   1.163    1.893  3.872    500
              lone hands share of deals           0.688            0.650      -0.038  -0.090    0.014  0.945    500
                 euchres share of deals           0.160            0.230       0.070   0.029    0.111  1.438    500
                 marches share of deals           0.270            0.094      -0.176  -0.215   -0.137  0.348    500

When the packs differ the smaller pack's deal is kept inside the larger one (``nested_deal``):
every seat keeps its cards, the turn-up stays, and each seat's extra cards (the modern game
deals seven where Foster's deals five) come from the rest of the larger pack, seeded. So
"your hand under Foster's rules, and the same hand with the extra cards of the modern game" is
one deal.
"""
from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cached_property
from html import escape
from typing import TYPE_CHECKING, Any, NamedTuple

from .. import rules as _rules
from ..cards import CARDS, cards_of, ids_of
from ..deals import Deal, deal
from ..errors import ArgumentError, RuleSetError
from ..frozen import Frozen, fill
from ..render import PLAIN, state_html
from ..simulate.rows import HAND_COLUMNS, frame, hand_row
from ..stats import standard_error
from ..table import in_turn_from
from ..words import capital, cards_words, listed
from .divergence import Divergence, find
from .knob_words import knob_table
from .timeline import Timeline

if TYPE_CHECKING:
    from pandas import DataFrame


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
        up = CARDS[rest.pop()]
    for s in in_turn_from((inner.dealer + 1) % n, n):
        while hands[s].bit_count() < size:
            hands[s] |= 1 << rest.pop()
    return Deal(rs, inner.dealer, tuple(hands), up, sum(1 << c for c in rest))


class RuleComparison(Frozen):
    """One deal under rule sets ``a`` and ``b``, both hands played by the same ``players``."""

    __slots__ = ("a", "b", "seed", "players", "left", "right", "_found")
    _instead = "step both hands with goto, forward or back, or compare anew"
    a: _rules.RuleSet
    b: _rules.RuleSet
    seed: object
    players: object  # what plays both hands: a player's name, a player, or one per seat (``seats.Bots``)
    left: Timeline  # the hand under ``a``
    right: Timeline  # the hand under ``b``
    _found: Divergence  # made when first asked

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
        fill(self, a=ra, b=rb, seed=seed, players=players, left=Timeline(deal_a, players, seed),
             right=Timeline(deal_b, players, seed))

    # ---- stepping both hands together ----------------------------------------------------

    @property
    def cursor(self) -> int:
        return max(self.left.cursor, self.right.cursor)

    def __len__(self) -> int:
        return max(len(self.left), len(self.right))

    def goto(self, i: int) -> RuleComparison:
        """Both hands at state ``i`` (a hand that ended sooner stays at its end)."""
        n = len(self)
        if not isinstance(i, int) or isinstance(i, bool) or not -n <= i < n:
            raise IndexError(f"step {i!r} is not in these hands: their states are numbered 0 to {n - 1}")
        i %= n
        out = object.__new__(RuleComparison)
        fill(out, a=self.a, b=self.b, seed=self.seed, players=self.players,
             left=self.left.goto(min(i, len(self.left) - 1)), right=self.right.goto(min(i, len(self.right) - 1)))
        if hasattr(self, "_found"):  # the same two hands part where they did
            fill(out, _found=self._found)
        return out

    def forward(self) -> RuleComparison:
        return self.goto(min(self.cursor + 1, len(self) - 1))

    def back(self) -> RuleComparison:
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

    def divergence(self) -> Divergence:
        """The first step at which the two hands part, and what parts them (see ``divergence``:
        each knob named is one that, changed alone, changes that step); hands that never part
        give a ``Divergence`` whose ``step`` is None and whose sentence says so."""
        try:
            return self._found
        except AttributeError:
            found = find(self)
            fill(self, _found=found)
            return found

    def deal_under(self, rules) -> Deal:
        """This comparison's deal under ``rules`` (another rule set for the same table): the left
        or right deal where its pack and hand size are the same; else their hands and turn-up where
        the hand size is the same and the pack holds them; else the left deal carried into this
        pack (``nested_deal``: every seat keeps the cards of its hand that the pack holds)."""
        rs = _rules.load(rules)
        deals = (self.left.states[0].deal, self.right.states[0].deal)
        for d in deals:
            if d.rules.pack_mask == rs.pack_mask and d.rules.hand_size == rs.hand_size:
                return Deal(rs, d.dealer, d.masks, d.upcard, d.rest_mask)
        pack = rs.pack_mask
        for d in deals:  # the same hands and turn-up, in a pack that holds them
            held = sum(d.masks) | (d.upcard.bit if d.upcard is not None else 0)
            if d.rules.hand_size == rs.hand_size and held & ~pack == 0:
                return Deal(rs, d.dealer, d.masks, d.upcard, pack & ~held)
        return nested_deal(deals[0], rs, self.seed)

    def scores(self) -> tuple:
        """Each hand's points by team: ``(left points, right points)``."""
        return tuple(t.final.result().points_by_team if t.final.is_over else None for t in (self.left, self.right))

    # ---- display ---------------------------------------------------------------------------

    def __repr__(self) -> str:
        return f"RuleComparison({self.a.name!r}, {self.b.name!r}, seed={self.seed!r})"

    def __str__(self) -> str:
        lines = [f"{self.a.name}: {self.left.final.result().explanation}",
                 f"{self.b.name}: {self.right.final.result().explanation}",
                 str(self.divergence())]
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        cells = "".join(f'<td style="vertical-align:top;padding:0.5em"><b>{escape(t.final.rules.name)}</b>'
                        f"{state_html(t.final)}</td>" for t in (self.left, self.right))
        return f"<table><tr>{cells}</tr></table>" + self.divergence()._repr_html_()

    def panel(self, look=PLAIN) -> Panel:
        """What the side-by-side widget shows at the cursor, as HTML it only lays out."""
        knobs = self.knobs()
        if knobs:
            head = (f"<p><b>{len(knobs)} knob{'s' if len(knobs) != 1 else ''} differ</b> between "
                    f"{escape(self.a.name)} and {escape(self.b.name)}:</p>")
            table = head + knob_table(self.a, self.b, knobs)
        else:
            table = "<p>The two rule sets are the same.</p>"
        d, i = self.divergence(), self.cursor
        at = d.step == i
        if d.step is None:
            where = escape(d.sentence) + d.parts_html()
        elif at:
            where = f"<b>Here the two hands part</b> {escape(d.head)}{d.parts_html()}"
        else:
            where = f"The two hands part at step {d.step}" + (" (ahead)." if i < d.step else " (behind).")
        frame = "3px solid #c62828" if at else "1px solid #90a4ae"
        status = (f'<div role="status" style="border:{frame};padding:0.4em;border-radius:0.4em">'
                  f"<b>Step {i} of {len(self) - 1}.</b> {where}</div>")
        # Side by side where the page is wide enough for both tables, else one under the other:
        # a table cut off at the page's edge (seven-card hands on a projector) hid a seat.
        side = "flex:1 1 0;min-width:min-content;padding:0.4em"
        cells = "".join(f'<div class="el-side" style="{side};border:{frame if at else "none"}">'
                        f"<h4 style='margin:0.2em 0'>{escape(t.state.rules.name)}</h4><p>{escape(t.sentence)}</p>"
                        f"{state_html(t.state, look=look)}</div>" for t in (self.left, self.right))
        tables = f'<div style="display:flex;flex-wrap:wrap;gap:0.5em;align-items:flex-start">{cells}</div>'
        return Panel(table, status, tables, d.step is not None)

    # ---- many deals --------------------------------------------------------------------------

    @staticmethod
    def summary(a, b, hands: int = 200, seed=0, players="rule_of_thumb", executor=None, first: int = 0) -> Summary:
        """``hands`` seeded deals, each under both rule sets (nested packs): how points per hand,
        lone hands, euchres and marches differ, with 95% confidence intervals. ``executor`` (a
        ``concurrent.futures`` pool) spreads the deals over processes, with the same rows.
        ``first``: the number of the first deal, so a long summary can be made in parts
        (``Summary.joined``) with the same deals as in one go."""
        if isinstance(hands, bool) or not isinstance(hands, int) or hands < 1 or (hands < 2 and not first):
            raise ArgumentError(f"hands={hands!r}: a summary needs a whole number of deals, 2 or more")
        end = first + hands
        spans = [(a, b, range(k, min(end, k + 10)), seed, players) for k in range(first, end, 10)]
        parts = map(_summary_rows, spans) if executor is None else executor.map(_summary_rows, spans)
        rows = [row for part in parts for row in part]
        ra, rb = _rules.load(a), _rules.load(b)
        return Summary(ra.name, rb.name, frame(rows, HAND_COLUMNS, [ra.name, rb.name]), same_deals_words(ra, rb))


def same_deals_words(ra, rb) -> str:
    """What a summary says when the two games deal every deal alike: the same hand size, and one
    pack inside the other, so the bigger pack's extra cards are never dealt (``nested_deal`` keeps
    every hand and the turn-up); or, where each pack lacks a card of the other, that only the deals
    holding such a card differ. Empty when the hand sizes differ, or the packs are the same."""
    if ra.players != rb.players or ra.hand_size != rb.hand_size or ra.pack_mask == rb.pack_mask:
        return ""
    small, big = (ra, rb) if ra.pack_mask.bit_count() <= rb.pack_mask.bit_count() else (rb, ra)

    def named(mask) -> str:
        cards = cards_of(mask)
        return f"({cards_words(cards)})" if len(cards) <= 2 else f"(its {len(cards)} extra cards)"
    extra, lacking = big.pack_mask & ~small.pack_mask, small.pack_mask & ~big.pack_mask
    if lacking:  # the one card or two the bigger pack lacks are replaced: those deals differ
        return (f"Both games deal {small.hand_size} cards to each seat, so a deal is the same under both unless it "
                f"holds a card of {small.name}'s pack that {big.name}'s lacks {named(lacking)}: under {big.name} "
                f"another card takes its place. The cards of {big.name}'s pack that {small.name}'s lacks "
                f"{named(extra)} are dealt only in its place.")
    return (f"Both games deal {small.hand_size} cards to each seat, so every deal is the same under both: the cards "
            f"of {big.name}'s pack that {small.name}'s lacks {named(extra)} are never dealt. The figures measure the "
            "other rules on the same hands, never the bigger pack.")


def _summary_rows(job) -> list:
    """The simulator rows of deals ``indices`` under both rule sets (one chunk of ``summary``)."""
    a, b, indices, seed, players = job
    rows = []
    for i in indices:
        c = RuleComparison(a, b, seed=f"{seed}:{i}", players=players, dealer=i % _rules.load(a).players)
        rows.append(hand_row(c.left.final, i))
        rows.append(hand_row(c.right.final, i))
    return rows


class Panel(NamedTuple):
    """The side-by-side widget's view of a comparison at its cursor: ``knobs`` (the knobs that
    differ, as a table), ``where`` (the step, and where the hands part, framed when here),
    ``tables`` (both tables with their sentences) and ``parts`` (whether the hands part at all)."""

    knobs: str
    where: str
    tables: str
    parts: bool


# Each measure of a deal, for all the deals of one rule set at once (columns of simulator rows).
_MEASURES: tuple[tuple[str, Callable[[DataFrame], Any]], ...] = (
    ("maker points per hand", lambda rows: rows["maker_points"]),
    ("defender points per hand", lambda rows: rows["defender_points"]),
    ("lone hands", lambda rows: rows["alone"].astype(bool)),
    ("euchres", lambda rows: rows["outcome"].astype(str).str.endswith("euchred", na=False)),
    ("marches", lambda rows: rows["outcome"].astype(str).str.endswith("march", na=False)),
)


_POINTS = ("maker points per hand", "defender points per hand")  # the rest are shares of the deals


@dataclass(frozen=True, eq=False)
class Summary:
    """Many deals under two rule sets: ``hands`` holds one simulator row per deal and rule set.
    A value: its ``table`` is worked out once, when first asked for (compared by identity, as its
    rows are a DataFrame)."""

    a: str
    b: str
    hands: DataFrame
    note: str = ""  # said above the table: the deals are the same under both (``same_deals_words``)

    @classmethod
    def joined(cls, parts: Iterable[Summary]) -> Summary:
        """One summary of the deals of ``parts`` (summaries of the same two rule sets)."""
        import pandas as pd  # deferred: start-up (pandas)

        parts = list(parts)
        return cls(parts[0].a, parts[0].b, pd.concat([p.hands for p in parts], ignore_index=True), parts[0].note)

    @property
    def deals(self) -> int:
        return len(self.hands) // 2

    @property
    def table(self) -> DataFrame:
        """Per measure: the mean under each rule set, the paired difference b - a and its 95%
        confidence interval (a copy: the summary keeps its own)."""
        return self._table.copy()

    @cached_property
    def _table(self) -> DataFrame:
        import pandas as pd  # deferred: start-up (pandas)

        df = self.hands
        if self.a == self.b:  # one rule set against itself: the rows alternate
            left, right = df.iloc[0::2].reset_index(drop=True), df.iloc[1::2].reset_index(drop=True)
        else:
            left = df[df["rules"] == self.a].reset_index(drop=True)
            right = df[df["rules"] == self.b].reset_index(drop=True)
        out = []
        for name, measure in _MEASURES:
            xa = measure(left).to_numpy(dtype=float)
            xb = measure(right).to_numpy(dtype=float)
            d = xb - xa
            n = len(d)
            mean, half = float(d.mean()), 1.96 * standard_error(d)
            ma, mb = float(xa.mean()), float(xb.mean())
            out.append({"measure": name, "unit": "points a hand" if name in _POINTS else "share of deals",
                        self.a: ma, self.b: mb, "difference": mean, "ci low": mean - half, "ci high": mean + half,
                        "ratio": mb / ma if ma else float("nan"), "deals": n})
        return pd.DataFrame(out)

    @cached_property
    def alike(self) -> tuple:
        """The measures that were the same under both rule sets in every deal (no difference to
        measure: the text shows no interval for them, and says so)."""
        df = self.hands
        if self.a == self.b:
            left, right = df.iloc[0::2].reset_index(drop=True), df.iloc[1::2].reset_index(drop=True)
        else:
            left = df[df["rules"] == self.a].reset_index(drop=True)
            right = df[df["rules"] == self.b].reset_index(drop=True)
        return tuple(name for name, measure in _MEASURES
                     if (measure(left).to_numpy(dtype=float) == measure(right).to_numpy(dtype=float)).all())

    @property
    def words(self) -> str:
        """What is said above the table: what it shows, the deals alike, the measures alike."""
        said = [f"{self.a} against {self.b} over {self.deals:,} deals ({_READING})."]
        if self.note:
            said.append(self.note)
        if self.alike and len(self.alike) == len(_MEASURES):
            said.append(f"Every measure was the same under both in each of the {self.deals:,} deals: the two games "
                        "played these deals alike, so there is no difference to measure and no interval is shown.")
        elif self.alike:
            said.append(capital(f"{listed(self.alike)} {'was' if len(self.alike) == 1 else 'were'} the same under both "
                                f"in each of the {self.deals:,} deals: no interval is shown for "
                                f"{'it' if len(self.alike) == 1 else 'them'}."))
        return " ".join(said)

    def _shown(self) -> DataFrame:
        """The table as the text shows it: no interval for a measure alike in every deal."""
        t = self._table.copy()
        same = t["measure"].isin(self.alike)
        t.loc[same, ["ci low", "ci high"]] = float("nan")
        return t

    def __str__(self) -> str:
        return self.words + "\n" + self._shown().to_string(index=False, float_format=_three_places, na_rep="")

    def _repr_html_(self) -> str:
        return (f"<p>{escape(self.words)}</p>"
                + self._shown().to_html(index=False, float_format=_three_places, na_rep=""))


_READING = ("difference = second minus first, with a 95% confidence interval; ratio = second divided by first, "
            "blank where the first is 0")


def _three_places(x: float) -> str:
    return f"{x:.3f}"


__all__ = ["RuleComparison", "Divergence", "Panel", "Summary", "nested_deal"]

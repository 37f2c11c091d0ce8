"""The rule-of-thumb arithmetic: what a hand is worth with a given trump, worked on bit masks.

* ``TrumpTables`` - one trump under one rule set: each card's power and effective suit, the
  suits as masks, the trumps from the top, the plain aces and kings, each trump's worth.
* ``RulesInfo`` / ``rules_info(rules)`` - a rule set's sizes, bidding thresholds and teams,
  with its ``TrumpTables`` built once and kept.
* ``strength`` (expected tricks), ``best_suit``, ``sure_trumps``, ``sure_sweep`` - the bidding
  estimates; ``unseen`` - the cards a seat has not seen.
* ``worst_card`` (the card to throw away), ``after_discard``. (Partner's best is the engine's
  ``hand.declaring.best_card``, which the player gives when it is asked for it.)

Expected tricks are estimated card by card: a trump by its place among the pack's trumps, a
plain ace or a guarded king by a fixed share, plus bonuses for trump length and voids. The
thresholds were tuned in self-play. ``players.RuleOfThumbPlayer`` decides with these, and
``thumb_play`` plays its cards.

A set of cards is an ``int`` with bit ``card.id`` set per card. The functions here and in
``thumb_play`` walk a mask's cards in place, lowest first::

    while m:
        low = m & -m              # the lowest card left
        c = low.bit_length() - 1  # its id
        m ^= low

A helper yielding the ids (a list, a generator, even one remembered per mask) costs 2-4% of a
whole hand's time, measured, and these run at nearly every decision; so the walk is written out.
"""
from __future__ import annotations

from ..ranking import ranking
from ..table import team_of

TRUMP_VALUES = (1.0, 0.85, 0.72, 0.6, 0.5, 0.45, 0.4, 0.38, 0.36, 0.34, 0.32, 0.3)
EXCHANGE_GAIN = 0.45  # what a partner's best, in place of the lone player's worst card, adds


class TrumpTables:
    """Facts about one trump under one rule set, as tuples indexed by card id and masks."""

    __slots__ = ("trump", "rank", "power", "eff", "suit_mask", "trump_mask", "value", "top", "plain")

    def __init__(self, rules, trump: int):
        rank = ranking(trump, rules.trump_order)
        pack = rules.pack_mask
        self.trump, self.rank, self.power, self.eff = trump, rank, rank.power, rank.eff_suit
        self.suit_mask = tuple(m & pack for m in rank.suit_mask)
        self.trump_mask = self.suit_mask[trump]
        self.top = tuple(c for c in rank.trump_ids if pack >> c & 1)
        value = [0.0] * 53
        for i, c in enumerate(self.top):
            value[c] = TRUMP_VALUES[min(i, len(TRUMP_VALUES) - 1)]
        self.value = tuple(value)
        # each plain suit: its mask, its ace bit and its king bit (the pack's two highest)
        plain = []
        for s in range(4):
            m = self.suit_mask[s]
            if s != trump and m:
                ace = 1 << (m.bit_length() - 1)
                rest = m ^ ace
                plain.append((m, ace, 1 << (rest.bit_length() - 1) if rest else 0))
        self.plain = tuple(plain)


class RulesInfo:
    """What the player needs to know of a rule set: sizes, thresholds, teams, trump tables."""

    __slots__ = ("rules", "n", "size", "need", "support", "margin", "lone_threshold", "fixed", "team",
                 "pack", "allies", "everyone", "defend_threshold", "lone_trumps", "defend_trumps", "take_up_trumps", "_trumps")

    def __init__(self, rules):
        self.rules, self.n, self.size = rules, rules.players, rules.hand_size
        self.pack = rules.pack_mask
        self.fixed = rules.scoring == "fixed"
        six_literal = rules.players == 6 and rules.maker_threshold_6p == "literal_4"
        self.need = 4 if six_literal and rules.scoring == "per_trick" else self.size // 2 + 1
        if rules.scoring == "auction":  # a side of four: the maker's share plus three partners'
            self.support = 0.5 + 3 * 0.8 * self.size / self.n
        else:
            self.support = 0.8 * self.size / self.n
        # the Railroad game at four (partner's best, lone hands and lone defences): its thresholds
        # and trump counts were measured by play-out and a paired match against the older rules
        # (bench/thumb_mend.py); the others were tuned in self-play, a team shifted from them
        # winning fewer games against the rest
        exchange = rules.partners_best != "none"
        four = self.n == 4
        self.margin = 0.35 if self.fixed else 0.25 if self.n != 6 else -0.15
        if self.fixed and exchange and four:
            self.margin = 0.6  # Foster: an opponent's lone hand or lone defence punishes a thin make
        # going alone: the fixed tables pay double for a lone march; the modern game doubles
        # every trick, so a lone hand pays as soon as it is likely to make
        if rules.scoring == "per_trick":
            self.lone_threshold = self.need - 0.5 if four else self.need
        else:
            self.lone_threshold = self.size - 1.75 if exchange and four else self.size - 1.5
        # a lone hand needs trumps: at four players, at least one fewer than the tricks it must
        # take, the master trump counted twice (with fewer, the plain aces are trumped)
        self.lone_trumps = self.need - 1 if four else 0
        # defending alone (modern): the lone defender's tricks are tripled when the maker fails;
        # at four players, as many trumps as a lone hand, or one fewer with strength beside them
        self.defend_threshold = 2.2
        self.defend_trumps = self.need - 1 if four else 0
        # the modern game at four: three trumps (the turn-up counted for the dealer) make trump
        self.take_up_trumps = self.need - 1 if four and rules.scoring == "per_trick" else 0
        self.team = tuple(team_of(s, self.n) for s in range(self.n))
        self.everyone = (1 << self.n) - 1
        self.allies = tuple(sum(1 << x for x in range(self.n) if self.team[x] == self.team[s]) for s in range(self.n)) \
            if rules.partnerships else ()
        self._trumps: list[TrumpTables | None] = [None] * 5

    def trump(self, t: int) -> TrumpTables:
        found = self._trumps[t]
        if found is None:
            found = self._trumps[t] = TrumpTables(self.rules, t)
        return found


def rules_info(rules) -> RulesInfo:
    """The ``RulesInfo`` of a rule set (shared by equal rule sets)."""
    return rules.derived("thumb", RulesInfo)


def strength(T: TrumpTables, hand: int) -> float:
    """Expected tricks of a hand with trump ``T`` on its own (no partner counted)."""
    value = T.value
    trumps = hand & T.trump_mask
    n = trumps.bit_count()
    v = 0.3 * (n - 2) if n > 2 else 0.0
    m = trumps
    while m:
        low = m & -m
        v += value[low.bit_length() - 1]
        m ^= low
    for suit, ace, king in T.plain:
        h = hand & suit
        if not h:
            if n:
                v += 0.25
            continue
        if h & ace:
            v += 0.8 if h.bit_count() <= 3 else 0.55
            if h & king:
                v += 0.4
        elif h & king and h != king:
            v += 0.25
    return v


def best_suit(info_: RulesInfo, hand: int, suits) -> tuple:
    """The suit with the greatest ``strength`` (the first of equals), and that strength."""
    best, best_est = None, -1.0
    for t in suits:
        est = strength(info_.trump(t), hand)
        if est > best_est:
            best, best_est = t, est
    return best, best_est


def unseen(v, info_: RulesInfo, hand: int) -> int:
    """Cards of the pack this seat has not seen: not in its hand, not played, not a dead turn-up,
    not a Jambone hand lying face up."""
    out = info_.pack & ~hand & ~v.played_mask & ~v.exposed_mask
    if v.upcard_dead:
        out &= ~v.upcard.bit
    return out


def sure_trumps(T: TrumpTables, hand: int, unseen_: int) -> int:
    """How many of the hand's trumps beat every trump it has not seen (its top sequence)."""
    sure = 0
    for c in T.top:
        if hand >> c & 1:
            sure += 1
        elif unseen_ >> c & 1:
            break
    return sure


def sure_sweep(T: TrumpTables, hand: int, unseen_: int, ordered: bool) -> bool:
    """Every trick is certain. ``ordered``: the holder chooses his own order (he can draw
    trumps first); otherwise opponents name his cards (a Jambone), so every card must win
    whenever it is played."""
    trumps = hand & T.trump_mask
    sure = sure_trumps(T, hand, unseen_)
    out_trumps = (unseen_ & T.trump_mask).bit_count()
    if ordered:
        if sure < out_trumps:
            return False
    elif sure < trumps.bit_count() or (out_trumps and hand & ~T.trump_mask):
        return False
    for suit, _, _ in T.plain:  # each plain suit held must be the top of what is left of it
        h = hand & suit
        if h and (unseen_ & suit).bit_length() > (h & -h).bit_length():
            return False
    return True


def worst_card(T: TrumpTables, allowed: int, hand: int, unseen_: int) -> int:
    """The card to throw away: a plain card before a trump, a non-master before a master, from
    the shortest suit (to make a void), the lowest; a trump only when nothing else is allowed."""
    power, eff, suit_mask, trump = T.power, T.eff, T.suit_mask, T.trump
    best, best_key = -1, 1 << 30
    m = allowed
    while m:
        low = m & -m
        c = low.bit_length() - 1
        m ^= low
        s = eff[c]
        if s == trump:
            key = 100000 + power[c]
        else:
            same = suit_mask[s]
            master = (unseen_ & same).bit_length() <= c
            key = master * 10000 + (hand & same).bit_count() * 100 + power[c]
        if key < best_key:
            best, best_key = c, key
    return best


def after_discard(T: TrumpTables, hand: int, keep: int, info_: RulesInfo) -> int:
    """A hand after the dealer takes the turn-up (``keep``) in and discards his worst card."""
    allowed = hand if info_.rules.dealer_may_discard_upcard else hand & ~keep
    return hand & ~(1 << worst_card(T, allowed, hand, info_.pack & ~hand))

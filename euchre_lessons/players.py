"""Computer players. A player is anything with ``choose(view) -> Action``.

It is given only its seat's ``SeatView`` (its own hand and what lies on the table) and
returns one of ``view.legal_actions()``. A player may also have ``new_hand(seed)``: the
simulator calls it before every hand with a seed derived from the run's seed and the hand's
number, so a run gives the same result however it is split into chunks.

* ``RandomPlayer`` - a uniformly random legal action.
* ``RuleOfThumbPlayer`` - a sensible table-mate for every preset: it counts trump strength to
  order up, make and go alone, chooses discards, partner's best and lone-hand gifts, decides
  alone against, Jambone, Jamboree, the seven-handed bid and partners, calls a Jambone
  player's cards to beat him, and plays by the usual maxims (lead trumps when strong, never
  trump a partner's winner, discard from short suits).

The rule-of-thumb player works on bit masks (bit ``card.id`` per card) and tables built once
per rule set and trump, so a decision costs a few microseconds.
"""
from __future__ import annotations

import random

from . import actions as A
from .cards import JOKER_ID, Suit
from .phases import Phase
from .ranking import ranking
from .table import team_of


class RandomPlayer:
    """Chooses uniformly among the legal actions, from its own seeded generator."""

    def __init__(self, seed=None):
        self.rng = random.Random(seed)

    def new_hand(self, seed) -> None:
        self.rng.seed(seed)

    def choose(self, view):
        return self.rng.choice(view.legal_actions())

    def __repr__(self) -> str:
        return "RandomPlayer()"


class RuleOfThumbPlayer:
    """Plays by rules of thumb from its seat's view; cheap enough for 100,000-hand runs.

    ``boldness`` shifts the bidding thresholds (in tricks): above 0 it orders up, makes and
    bids more readily, below 0 less; ``lone_boldness`` does the same for going alone and
    defending alone. Randomness (used only where the view gives nothing
    to go on, such as a blind trump) comes from ``seed`` or the last ``new_hand`` seed.
    """

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
        phase = view.phase
        if phase is _PLAY:
            return play(view, legal)
        return _DECIDE[phase](self, view, legal)

    def __repr__(self) -> str:
        knobs = [f"{k}={v}" for k, v in (("boldness", self.boldness), ("lone_boldness", self.lone_boldness)) if v]
        return f"RuleOfThumbPlayer({', '.join(knobs)})"

    # ---- making trump ----------------------------------------------------------------------

    def _round1(self, v, legal):
        info = rules_info(v.rules)
        T = info.trump(proposed_trump(v))
        seat, dealer, up = v.seat, v.dealer, v.upcard.id
        hand = v.hand_mask
        if seat == dealer:
            est = strength(T, after_discard(T, hand | 1 << up, 1 << up, info))
        else:
            est = strength(T, hand)
            gain = T.value[up] * 0.8
            est += gain if info.team[seat] == info.team[dealer] else -gain
        if est + info.support >= info.need + info.margin - self.boldness:
            return legal[0]
        return A.PASS

    def _round2(self, v, legal):
        info = rules_info(v.rules)
        hand = v.hand_mask
        best, best_est = None, -1.0
        for a in legal:
            if a is not A.PASS:
                est = strength(info.trump(int(a.arg)), hand)
                if est > best_est:
                    best, best_est = a, est
        if A.PASS not in legal or best_est + info.support >= info.need + info.margin - self.boldness:
            return best
        return A.PASS

    def _blind(self, v, legal):
        return self.rng.choice(legal)  # the dealer sees nothing of his hand (K14)

    # ---- alone, take-over, exchanges, Jambone, alone against, discards ---------------------

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
        if est >= info.lone_threshold - self.lone_boldness:
            return A.ALONE if A.ALONE in legal else next(a for a in legal if a is A.ALONE_NO_EXCHANGE)
        return legal[-1] if v.phase is Phase.TAKE_OVER else A.WITH_PARTNER

    def _give(self, v, legal):
        """A lone player's gift (his worst card), or under ``partner_chooses`` the partner's
        best: his highest trump, else his highest card."""
        info = rules_info(v.rules)
        T = info.trump(v.trump_id)
        hand = v.hand_mask
        if v.phase is Phase.BEST:
            return A.GIVE[best_card(T, hand)]
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
        if info.fixed:  # Foster: the Joker or a guarded right bower should always oppose alone
            out = unseen(v, info, hand)
            sure = sure_trumps(T, hand, out)
            good = sure >= 2 or (sure >= 1 and (hand & T.trump_mask).bit_count() >= 2)
        else:
            good = strength(T, hand) + EXCHANGE_GAIN >= info.defend_threshold - self.lone_boldness
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

PLAYERS = {"random": RandomPlayer, "rule_of_thumb": RuleOfThumbPlayer}


def make(kind: str, seed=None):
    """A player by name: ``random`` or ``rule_of_thumb``."""
    try:
        return PLAYERS[kind](seed)
    except KeyError:
        raise ValueError(f"no player named {kind!r}: players are {', '.join(PLAYERS)}") from None


# ---- the rule-of-thumb arithmetic ----------------------------------------------------------
# Expected tricks are estimated card by card: a trump by its place among the pack's trumps,
# a plain ace or a guarded king by a fixed share, plus bonuses for trump length and voids.

TRUMP_VALUES = (1.0, 0.85, 0.72, 0.6, 0.5, 0.45, 0.4, 0.38, 0.36, 0.34, 0.32, 0.3)
EXCHANGE_GAIN = 0.45  # what a partner's best, in place of the lone player's worst card, adds


class TrumpTables:
    """Facts about one trump under one rule set, as tuples indexed by card id and masks."""

    __slots__ = ("trump", "power", "eff", "suit_mask", "trump_mask", "value", "top", "plain")

    def __init__(self, rules, trump: int):
        rank = ranking(trump, rules.trump_order)
        pack = rules.pack_mask
        self.trump, self.power, self.eff = trump, rank.power, rank.eff_suit
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
                 "pack", "allies", "everyone", "defend_threshold", "_trumps")

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
        self.margin = 0.35 if self.fixed else 0.25 if self.n != 6 else -0.15  # measured in self-play
        # going alone: the fixed tables pay double for a lone march; the modern game doubles
        # every trick, so a lone hand pays as soon as it is likely to make (all thresholds were
        # tuned in self-play: a team shifted from them won fewer games against the rest)
        if rules.scoring == "per_trick":
            self.lone_threshold = self.need - 0.5 if self.n == 4 else self.need
        else:
            self.lone_threshold = self.size - 1.5
        # defending alone (modern): the lone defender's tricks are tripled when the maker fails
        self.defend_threshold = 2.2
        self.team = tuple(team_of(s, self.n) for s in range(self.n))
        self.everyone = (1 << self.n) - 1
        self.allies = tuple(sum(1 << x for x in range(self.n) if self.team[x] == self.team[s]) for s in range(self.n)) \
            if rules.partnerships else ()
        self._trumps = [None] * 5

    def trump(self, t: int) -> TrumpTables:
        found = self._trumps[t]
        if found is None:
            found = self._trumps[t] = TrumpTables(self.rules, t)
        return found


_INFO: dict = {}


def rules_info(rules) -> RulesInfo:
    found = _INFO.get(id(rules))
    if found is None or found.rules is not rules:
        found = _INFO[id(rules)] = RulesInfo(rules)
    return found


def proposed_trump(v) -> int:
    """The trump a round-1 acceptance would make (a Joker turn-up stands for a suit or no trump)."""
    up = v.upcard
    if up.id != JOKER_ID:
        return int(up.suit)
    rules = v.rules
    return 4 if rules.joker_turnup_rule == "no_trump_hand" else int(Suit.parse(rules.joker_turnup_suit))


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
    """The suit with the greatest ``strength``, and that strength."""
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


def best_card(T: TrumpTables, hand: int) -> int:
    """Partner's best by the book: the highest trump, else the highest card (an ace first)."""
    power, trump, eff = T.power, T.trump, T.eff
    best, best_key = -1, -1
    m = hand
    while m:
        low = m & -m
        c = low.bit_length() - 1
        m ^= low
        key = power[c] + (1000 if eff[c] == trump else 0)
        if key > best_key:
            best, best_key = c, key
    return best


def after_discard(T: TrumpTables, hand: int, keep: int, info_: RulesInfo) -> int:
    """A hand after the dealer takes the turn-up (``keep``) in and discards his worst card."""
    allowed = hand if info_.rules.dealer_may_discard_upcard else hand & ~keep
    return hand & ~(1 << worst_card(T, allowed, hand, info_.pack & ~hand))


def play(v, legal):
    """The card to play (or, for a Jambone caller, to name)."""
    rules, trump_id, turn, trick, playable, hand, played, exposed, sitting, side, up_dead = v.play_facts
    info_ = _INFO.get(id(rules))
    if info_ is None or info_.rules is not rules:
        info_ = rules_info(rules)
    T = info_.trump(trump_id)
    power, eff, trump, suit_mask = T.power, T.eff, T.trump, T.suit_mask
    seat = v.seat
    calling = turn != seat
    out = info_.pack & ~hand & ~played & ~exposed
    if up_dead:
        out &= ~v.upcard.bit
    # who is with whom: a partnership's team, or (seven-handed) the makers' side
    allies = info_.allies[turn] if info_.allies else side if side >> turn & 1 else info_.everyone & ~side
    table = A.CALL if calling else A.PLAY
    if not trick:
        if calling:
            return table[_call_lead(T, playable, out, v.hand_mask)]
        return table[_lead(T, playable, out, side >> seat & 1, v.maker == seat)]
    lead_seat, lead_card = trick[0]
    led = eff[lead_card]
    best_key, best_seat, best_card_ = -1, -1, -1
    for x, c in trick:
        s = eff[c]
        key = power[c] if s == trump or s == led else 0
        if key > best_key:
            best_key, best_seat, best_card_ = key, x, c
    # is an opponent of the player still to play after him in this trick?
    after = False
    n = info_.n
    x = turn + 1 if turn + 1 < n else 0
    while x != lead_seat:
        if not (sitting | allies) >> x & 1:
            after = True
            break
        x = x + 1 if x + 1 < n else 0
    trump_mask = T.trump_mask
    following = playable & suit_mask[led]
    # the cards that would win the trick now
    if led != trump and eff[best_card_] == led:  # a plain suit led and not yet trumped
        winners = (following & ~((2 << best_card_) - 1)) | (playable & trump_mask)
    elif following and led != trump:  # trumped, and we must follow the plain suit led
        winners = 0
    else:
        winners = _split(T, playable, led, best_key)
    if calling:  # make the Jambone player waste his best card that cannot win, else win low
        losers = playable & ~winners
        if losers:
            return table[_extreme(power, losers, high=True)]
        return table[_extreme(power, winners, high=not after)]
    if allies >> best_seat & 1:
        # partner is winning: never trump his trick; secure it with a sure winner if he may be beaten
        if after and following and led != trump and winners and not out & trump_mask:
            safe = following & ~((1 << ((out & suit_mask[led]).bit_length())) - 1)
            if safe and not _is_safe(T, trick, best_seat, out):
                return table[(safe & -safe).bit_length() - 1]
        return table[_low(T, playable, following, led, hand, out)]
    if not winners:
        return table[_low(T, playable, following, led, hand, out)]
    if led != trump and following:
        # following a plain suit: a sure winner if opponents are to come, else the lowest winner
        if after:
            safe = winners & ~((1 << ((out & suit_mask[led]).bit_length())) - 1)
            if safe and not out & trump_mask:
                winners = safe
        return table[(winners & -winners).bit_length() - 1]
    return table[_extreme(power, winners, high=False)]


def _low(T: TrumpTables, playable: int, following: int, led: int, hand: int, out: int) -> int:
    """The card to throw when not winning: the lowest of a plain suit followed, else ``worst_card``."""
    if following and led != T.trump:
        return (following & -following).bit_length() - 1
    return worst_card(T, playable, hand, out)


def _split(T: TrumpTables, playable: int, led: int, best_key: int) -> int:
    """The playable cards that would win the trick now (a trump led, or trumped)."""
    power, eff, trump = T.power, T.eff, T.trump
    winners = 0
    m = playable
    while m:
        low = m & -m
        c = low.bit_length() - 1
        m ^= low
        s = eff[c]
        if (power[c] if s == trump or s == led else 0) > best_key:
            winners |= low
    return winners


def _top_power(T: TrumpTables, mask: int) -> int:
    power, top = T.power, -1
    while mask:
        low = mask & -mask
        p = power[low.bit_length() - 1]
        if p > top:
            top = p
        mask ^= low
    return top


def _extreme(power, mask: int, high: bool) -> int:
    best, best_p = -1, -1 if high else 1 << 20
    while mask:
        low = mask & -mask
        c = low.bit_length() - 1
        mask ^= low
        p = power[c]
        if (p > best_p) if high else (p < best_p):
            best, best_p = c, p
    return best


def _is_safe(T: TrumpTables, trick, seat: int, out: int) -> bool:
    """The card ``seat`` played to this trick beats every unseen card of its suit."""
    c = next(card for x, card in trick if x == seat)
    s = T.eff[c]
    if s == T.trump:
        return T.power[c] > _top_power(T, out & T.trump_mask)
    return (out & T.suit_mask[s]).bit_length() <= c and s == T.eff[trick[0][1]]


def _lead(T: TrumpTables, playable: int, out: int, maker_side: int, is_maker: bool) -> int:
    """Lead trumps when strong (on the makers' side), else a master card, else low from a short suit."""
    power, trump_mask = T.power, T.trump_mask
    mine = playable & trump_mask
    out_trumps = out & trump_mask
    if mine and maker_side and out_trumps:
        top = _extreme(power, mine, high=True)
        if power[top] > _top_power(T, out_trumps) or mine.bit_count() >= 2 or not is_maker:
            return top
    best, best_out = -1, -1
    for suit, _, _ in T.plain:
        h = playable & suit
        if h:
            c = h.bit_length() - 1
            rest = out & suit
            if rest.bit_length() <= c and rest.bit_count() > best_out:
                best, best_out = c, rest.bit_count()
    if best >= 0 and (best_out >= 2 or not out_trumps):
        return best
    if mine and not out_trumps:
        return _extreme(power, mine, high=True)
    plain = playable & ~trump_mask
    if plain:  # low from the shortest suit, to reach partner or make a void
        short, short_n = 0, 99
        for suit, _, _ in T.plain:
            h = plain & suit
            if h and h.bit_count() < short_n:
                short, short_n = h, h.bit_count()
        return (short & -short).bit_length() - 1
    if best >= 0:
        return best
    return _extreme(power, mine, high=power[_extreme(power, mine, high=True)] > _top_power(T, out_trumps))


def _call_lead(T: TrumpTables, playable: int, out: int, own: int) -> int:
    """A Jambone caller names the lead most likely to lose: a plain card the caller can beat
    in suit or ruff, then one an unseen card beats, then a master, a trump last."""
    power, eff, trump = T.power, T.eff, T.trump
    own_trumps = own & T.trump_mask
    best, best_key = -1, 1 << 30
    m = playable
    while m:
        low = m & -m
        c = low.bit_length() - 1
        m ^= low
        s = eff[c]
        if s == trump:
            beaten_own = _top_power(T, own_trumps) > power[c]
            beaten_out = _top_power(T, out & T.trump_mask) > power[c]
            rank = 4 if beaten_own else 5 if beaten_out else 6
        else:
            suit = T.suit_mask[s]
            if (own & suit).bit_length() - 1 > c:
                rank = 0
            elif not own & suit and own_trumps:
                rank = 1
            elif (out & suit).bit_length() - 1 > c:
                rank = 2
            else:
                rank = 3
        key = rank * 1000 + power[c]
        if key < best_key:
            best, best_key = c, key
    return best

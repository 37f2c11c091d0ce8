"""Tables that depend on a rule set only, built once and shared by equal rule sets."""
from __future__ import annotations

from math import comb
from typing import TYPE_CHECKING

from .. import actions as A
from ..cards import CARDS, Suit
from ..ranking import ranking
from ..table import partner, team_of
from . import bidding, declaring, play
from .phases import (
    STEP_ALONE,
    STEP_DEFENDER_EXCHANGE,
    STEP_DISCARD,
    STEP_EXCHANGE,
    STEP_JAMBONE,
    STEP_JAMBOREE,
    STEP_OFFERS,
    STEP_PLAY,
)

if TYPE_CHECKING:
    from ..actions import Action
    from ..rules import RuleSet


class Tables:
    """What every hand under one rule set reads: seats, teams, trump rankings and follow
    rules, the steps of J that can occur, and the fixed choices of some phases."""

    __slots__ = ("rules", "n", "partner", "team", "team_mask", "side_of", "hand_size", "top_trumps",
                 "plain_order", "best_order", "offers", "plan", "plan_from", "proposed", "rankings", "follow_rules",
                 "round1", "alone_choices",
                 "take_over_choices", "defend_choices", "few_from", "asks_alone", "short_alone", "short_discard",
                 "short_exchange", "short_give", "short_offers", "short_defence", "jamboree_step", "auction",
                 "_seating", "_settings")

    def __init__(self, rules: RuleSet) -> None:
        n = rules.players
        self.rules, self.n = rules, n
        self.partner = tuple(partner(s, n) for s in range(n))
        self.team = tuple(team_of(s, n) for s in range(n))
        self.team_mask = tuple(sum(1 << s for s in range(n) if self.team[s] == t) for t in range(rules.teams))
        self.side_of = tuple(self.team_mask[self.team[s]] for s in range(n))  # a seat's team, as seat bits
        # The trump each card proposes when it is turned up (``bidding.proposed_trump``), by card id.
        self.proposed = tuple(bidding._proposed(rules, card) for card in CARDS)
        self.hand_size = rules.hand_size
        self.auction = rules.bidding == "auction"
        pack = rules.pack_mask
        self.rankings = tuple(ranking(t, rules.trump_order) for t in range(5))
        self.follow_rules = tuple(play.follow_rule(rules, t) for t in range(5))
        self.top_trumps = tuple(sum(1 << i for i in self.rankings[t].top_trumps(pack)) for t in range(4))
        tiebreak = tuple(rules.suit_tiebreak.index(Suit(x).word) for x in range(4))
        # Partner's best among plain cards (``declaring.best_card``): by rank, ties to the later
        # suit of ``suit_tiebreak``, as one number per card id (the Joker is always a trump).
        self.plain_order = tuple(i % 13 * 4 + tiebreak[i // 13] for i in range(52)) + (-1,)
        # Partner's best in order, for each trump: the trumps by power, then the plain cards.
        self.best_order = tuple(
            self.rankings[t].trump_ids + tuple(sorted((i for i in range(53) if i not in self.rankings[t].trump_ids),
                                                      key=lambda i: -self.plain_order[i]))
            for t in range(5))
        # The opponents offered to defend alone, in turn (``declaring.offer_order``), by maker and dealer.
        self.offers = tuple(tuple(declaring.offers_of(rules, self.team, maker, dealer) for dealer in range(n))
                            for maker in range(n))
        self.plan = declaring.plan(rules, n)
        # The stops of the plan from each step of J on (``declaring.goto``), by step.
        self.plan_from = tuple(tuple(stop for at, stop in self.plan if at >= step) for step in range(STEP_PLAY + 1))
        # Whether the maker is asked at once whether he goes alone, as trump is made (J step 4).
        self.asks_alone = bool(self.plan) and self.plan[0][0] == STEP_ALONE
        self.round1 = tuple(bidding.round1_choices(self.partner, dealer) for dealer in range(n))
        self.alone_choices = tuple((A.WITH_PARTNER,) + tuple(declaring.lone_options(rules, k)) for k in (False, True))
        # Where the short paths of going alone and of the dealer's discard apply (``shortcuts``);
        # where a Jamboree's step follows, they ask ``shortcuts.no_jamboree`` too.
        self.jamboree_step = any(at == STEP_JAMBOREE for at, _ in self.plan)
        self.short_alone = short_alone(self)
        self.short_discard = short_discard(self)
        self.short_exchange = short_exchange(self)
        self.short_give = short_give(self)
        self.short_offers = short_offers(self)
        self.short_defence = short_defence(self)
        self.take_over_choices = tuple(tuple(declaring.lone_options(rules, k)) + (A.PASS,) for k in (False, True))
        self.defend_choices = declaring.defend_choices(rules)
        # The tricks after which a seat's possible hands are few enough that their legal plays
        # are worth remembering by mask (``few_from``).
        self.few_from = few_from(len(rules.cards), rules.hand_size)
        self._seating: dict[tuple[int, int], play.Seating] = {}
        self._settings: dict[tuple[int, int, int, int], play.PlaySetting] = {}

    def seating(self, dealer: int, sitting: int) -> play.Seating:
        """Who plays, for a dealer and the seats sitting out (remembered: few such pairs)."""
        key = (dealer, sitting)
        found = self._seating.get(key)
        if found is None:
            found = self._seating[key] = play.seating(self.n, dealer, sitting)
        return found


    def play_setting(self, trump: int, dealer: int, sitting: int, jambone: int) -> play.PlaySetting:
        """The ``PlaySetting`` of a hand (remembered: few trumps, dealers and seatings)."""
        key = (trump, dealer, sitting, jambone)
        found = self._settings.get(key)
        if found is None:
            found = self._settings[key] = play.play_setting(self, trump, dealer, sitting, jambone)
        return found


# The most possible sets of a seat's cards for which its legal plays are remembered by mask.
# Remembering every hand of the 24-card pack's five cards (55,454 sets) made random play of
# every preset slower, not faster: a set seen once costs the search, the storing and the room
# it takes (``hand.state``'s docstring gives the figures).
FEW_HANDS = 10_000


def few_from(cards: int, hand_size: int) -> int:
    """The fewest tricks after which a seat's cards, from a pack of ``cards`` (every seat
    holding ``hand_size`` as play begins and one fewer a trick), are one of at most
    ``FEW_HANDS`` possible sets: three cards left of the 24- to 33-card packs (after 2 tricks
    of five cards, 4 of seven), two of the 53-card pack (after 5 of seven)."""
    return next(done for done in range(hand_size + 1)
                if sum(comb(cards, k) for k in range(hand_size - done + 1)) <= FEW_HANDS)


# ---- where the short paths apply (``shortcuts``) ---------------------------------------------------

# Steps of J that cannot occur when the maker plays with his partner (they need a lone player).
_NEED_A_LONE_PLAYER = {STEP_EXCHANGE, STEP_OFFERS, STEP_DEFENDER_EXCHANGE}


def _steps(tables: Tables) -> set[int]:
    """The steps of J that can occur under these tables (``Tables.plan``)."""
    return {at for at, _ in tables.plan}


def short_alone(tables: Tables) -> frozenset[Action]:
    """The actions of the going-alone step that ``shortcuts.decide_alone`` may take under these
    tables: all of them when only the dealer's discard can follow, "with partner" when the steps
    that could follow it need a lone player, else none (a Jamboree's step aside:
    ``shortcuts.no_jamboree``)."""
    steps = {at for at in _steps(tables) if at > STEP_ALONE} - {STEP_JAMBOREE}
    if not tables.asks_alone or not steps <= {STEP_DISCARD} | _NEED_A_LONE_PLAYER | {STEP_JAMBONE}:
        return frozenset()
    if STEP_JAMBONE in steps and not tables.rules.jambone_requires_alone:
        return frozenset()
    if steps <= {STEP_DISCARD}:
        return frozenset(tables.alone_choices[0] + tables.alone_choices[1])
    return frozenset({A.WITH_PARTNER})


def short_discard(tables: Tables) -> bool:
    """Whether play follows the dealer's discard at once, or after a Jamboree's step only."""
    steps = [at for at, _ in tables.plan]
    return STEP_DISCARD in steps and set(steps[steps.index(STEP_DISCARD) + 1:]) <= {STEP_JAMBOREE}


def short_exchange(tables: Tables) -> bool:
    """Whether going alone with the exchange is followed at once by the exchange: wherever there
    is partner's best (its step is in the plan), as a lone maker who exchanges is never taken
    over (``declaring._stop_take_over``)."""
    return STEP_EXCHANGE in _steps(tables)


def short_offers(tables: Tables) -> bool:
    """Whether a lone maker's pass on the Jambone is followed at once by the offers to defend
    alone (J steps 7 and 8)."""
    return {STEP_JAMBONE, STEP_OFFERS} <= _steps(tables)


def short_give(tables: Tables) -> bool:
    """Whether the lone maker's gift is followed by his partner's best, fixed by the policy, and
    then the offer of a Jambone (which a lone maker always has, J step 7)."""
    return STEP_JAMBONE in _steps(tables) and tables.rules.partner_best_policy != "partner_chooses"


def short_defence(tables: Tables) -> bool:
    """Whether defending alone (with partner's best) is followed at once by the exchange, whose
    gift is followed by partner's best, fixed by the policy (J steps 8 and 9)."""
    return STEP_DEFENDER_EXCHANGE in _steps(tables) and tables.rules.partner_best_policy != "partner_chooses"


def tables_of(rules: RuleSet) -> Tables:
    """The ``Tables`` of a rule set (shared with every equal rule set)."""
    return rules.derived("hand", Tables)

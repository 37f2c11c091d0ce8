"""Random-play invariants for every preset (and a few knob variants).

For each rule set, seeded random legal play over many hands, checking at every step:

* no card is lost or doubled: the hands, the dead cards, the cards played, the turn-up while
  it lies and a card passed face down (``pending_gift``) make up the pack, each card once;
* every play follows suit when able: the legal plays are exactly the cards of the suit led
  (by effective suit: the left bower is a trump, the Joker is the best trump, and at no trump
  a trump suit of one card that may be played only when void, rule book A1, D-16), else the
  whole hand;
* ``apply`` never changes its input (a snapshot of every public property, before and after);
* every hand that is not passed out, or ended by a Foster Jamboree, plays every trick, each
  by every active seat (K10);
* points stay within the bounds the rule book allows for the rule set.

Each rule set is played once (the first test to need it plays it) and each invariant is a
test of its own, so one broken invariant does not hide another.
"""
from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field

import pytest

from euchre_lessons import HandState, Phase, Suit, deal, rules

HANDS = 1000          # per preset
VARIANT_HANDS = 200   # per knob variant
SHOWN = 5             # violations quoted in a failure message

PRESETS = rules.names()

# Knob variants that reach steps no preset reaches (a partner choosing his best, so a card
# lies face down between two steps; the wild Joker at no trump; the take-over; a blind Joker
# turn-up; six players with no lone defender).
VARIANTS = {
    "railroad_full+partner_chooses": ("hoyle_railroad_full", {"partner_best_policy": "partner_chooses"}),
    "railroad+take-over+blind": ("hoyle_railroad", {"lone_eligibility": "maker_or_partner",
                                                    "joker_turnup_rule": "dealer_names_blind"}),
    "standard+take-over+stick": ("standard", {"lone_eligibility": "maker_or_partner", "stick_the_dealer": True,
                                              "dealer_may_discard_upcard": True}),
    "modern+any_time+chooses": ("modern_railroad", {"joker_no_trump_play": "any_time",
                                                    "partner_best_policy": "partner_chooses",
                                                    "dealer_partner_loner_turnup": "dealer_may_pass_it"}),
    "modern_6p+disabled": ("modern_railroad_6p", {"lone_against_6p": "disabled"}),
    "seven+holders": ("hoyle_seven_handed", {"seven_partners": "holders_of_best_trumps", "seven_widow": "unused"}),
    "seven+once_per_side": ("hoyle_seven_handed", {"seven_bid_scoring": "once_per_side"}),
}
RULE_SETS = PRESETS + list(VARIANTS)

PUBLIC = ("phase", "to_act", "turn", "is_over", "passed_out", "trump", "maker", "alone", "pat", "lone_defender",
          "jambone", "jamboree", "bid", "partners", "exchanges", "pending_gift", "upcard", "upcard_lying", "hands",
          "trick", "tricks", "tricks_won", "dead_cards", "active_seats", "last_action")


def rule_set(name: str):
    if name in VARIANTS:
        preset, knobs = VARIANTS[name]
        return rules.load(preset).replace(**knobs)
    return rules.load(name)


# ---- the rule book's view of suits and points ---------------------------------------------------

def effective_suit(card, trump: Suit) -> Suit:
    """A1: the left bower belongs to the trump suit; the Joker is the best trump (at no trump,
    D-16, a trump suit of one card)."""
    if card.is_joker:
        return trump
    if trump is not Suit.NO_TRUMP and card.rank == 11 and card.suit == trump.same_colour:
        return trump
    return card.suit


def legal_plays(state: HandState) -> set:
    """The cards the seat whose turn it is may play, by the rule book."""
    hand = set(state.hand(state.turn))
    if not state.trick:
        return hand
    trump = state.trump
    led = effective_suit(state.trick[0][1], trump)
    follow = {c for c in hand if effective_suit(c, trump) == led}
    if not follow:
        return hand
    if trump is Suit.NO_TRUMP and state.rules.joker_no_trump_play == "any_time":
        follow |= {c for c in hand if c.is_joker}
    return follow


def point_bounds(rs) -> tuple:
    """(makers' possible points, defenders' possible points, per team and hand), from the
    rule book, for the fixed and per-trick tables. None for the seven-handed game."""
    if rs.scoring == "fixed":
        makers = {0, rs.make_points, rs.march_points, rs.lone_make_points, rs.lone_march_points}
        defenders = {0, rs.euchre_points, rs.lone_euchre_points}
        if rs.lone_against:                                   # B6: euchred by a lone defender
            defenders.add(4)
        if rs.railroad_lone_euchre_4_scope == "any_lone_hand":
            defenders.add(4)
        if rs.pat_hand_rule:                                  # B-O3: 5 / defenders 1 / defenders 3
            makers.add(5)
            defenders |= {1, 3}
            if rs.pat_hand_three_four == "both_score_1":
                makers.add(1)
        if rs.jambone:                                        # B-O4: 8 / 1 / "loses two"
            makers |= {8, 1}
            if rs.jambone_euchre_penalty in ("makers_minus_2", "both"):
                makers.add(-2)
            if rs.jambone_euchre_penalty in ("defenders_plus_2", "both"):
                defenders.add(2)
        if rs.jamboree:                                       # B-O5: 16 and nothing else
            makers.add(16)
        return makers, defenders
    if rs.scoring == "per_trick":
        # D11: 1 per trick, a loner 2 per trick, a lone defender's 3 per trick, Jambone 28,
        # the Jamboree's 16 on top (D12): 44 at most (28 + 16), never below 0.
        tricks = rs.hand_size
        most = max(28, 4 * tricks) + 16
        return set(range(0, most + 1)), set(range(0, most + 1))
    return None


# ---- one seeded run per rule set ----------------------------------------------------------------

@dataclass
class Report:
    hands: int = 0
    steps: int = 0
    played_out: int = 0
    passed_out: int = 0
    violations: dict = field(default_factory=lambda: {k: [] for k in
                                                      ("raised", "cards", "follow", "apply", "tricks", "points")})

    def add(self, kind: str, where: str, what: str) -> None:
        self.violations[kind].append(f"{where}: {what}")


def snapshot(state: HandState) -> dict:
    """Every public property, the actions so far, the legal actions and the hash."""
    snap = {name: getattr(state, name) for name in PUBLIC}
    snap["history"], snap["legal"], snap["hash"] = state.history, state.legal_actions(), hash(state)
    return snap


def where(state: HandState) -> str:
    return f"[{state.deal}] after [{', '.join(map(str, state.history))}]"


def check_cards(state: HandState, snap: dict, pack: frozenset, report: Report) -> None:
    """``snap`` is the state's snapshot: its hands, dead cards, tricks, turn-up and gift."""
    held = [c for hand in snap["hands"] for c in hand]
    held += snap["dead_cards"]
    held += [c for trick in snap["tricks"] for c in trick.cards]
    held += [c for _, c in snap["trick"]]
    if snap["upcard_lying"]:
        held.append(snap["upcard"])
    if snap["pending_gift"] is not None:
        held.append(snap["pending_gift"])
    if len(held) != len(pack) or set(held) != pack:
        counted = Counter(held)
        lost = sorted(str(c) for c in pack if c not in counted)
        doubled = sorted(str(c) for c, k in counted.items() if k > 1 or c not in pack)
        report.add("cards", where(state), f"lost {lost}, doubled or foreign {doubled}")


def check_play_step(state: HandState, report: Report) -> None:
    expected = legal_plays(state)
    legal = state.legal_actions()
    kinds = {a.kind for a in legal}
    offered = {a.card for a in legal}
    want_kind = "play" if state.to_act == state.turn else "call"
    if offered != expected or kinds != {want_kind}:
        report.add("follow", where(state),
                   f"seat {state.turn} may play {sorted(map(str, expected))} ({want_kind}), "
                   f"engine offers {[str(a) for a in legal]}")


def check_end(state: HandState, rs, report: Report) -> None:
    n_tricks = rs.hand_size
    foster_jamboree = state.jamboree is not None and rs.jamboree_scoring == "ends_hand_16"
    if state.passed_out or foster_jamboree:
        if state.tricks or any(state.tricks_won):
            report.add("tricks", where(state), "a hand with no play has tricks")
        return
    report.played_out += 1
    active = len(state.active_seats)
    if len(state.tricks) != n_tricks or sum(state.tricks_won) != n_tricks:
        report.add("tricks", where(state), f"{len(state.tricks)} tricks played of {n_tricks}")
    if any(len(trick.plays) != active for trick in state.tricks):
        report.add("tricks", where(state), f"a trick without every one of the {active} active seats")
    if any(state.hand(s) for s in state.active_seats):
        report.add("tricks", where(state), "an active seat still holds cards")


def check_points(state: HandState, rs, report: Report) -> None:
    result = state.result()
    points = result.points_by_team
    if state.passed_out:
        if any(points):
            report.add("points", where(state), f"a passed-out hand scores {points}")
        return
    if rs.scoring == "auction":
        bid = state.bid
        side = {state.maker, *state.partners}
        makers = {points[s] for s in side}
        others = {points[s] for s in range(rs.players) if s not in side}
        if rs.seven_bid_scoring == "once_per_side":  # the bid once for the side, shared out (C-1)
            winners = [points[s] for s in range(rs.players) if (s in side) == (makers != {0})]
            fair = sum(winners) == bid and max(winners) - min(winners) <= 1 and sum(points) == bid
            if not (4 <= bid <= 7 and len(side) == 4 and fair and (makers == {0} or others == {0})):
                report.add("points", where(state), f"bid {bid}, makers {sorted(side)}, points {points}")
            return
        if not (4 <= bid <= 7 and len(side) == 4 and (makers, others) in (({bid}, {0}), ({0}, {bid}))):
            report.add("points", where(state), f"bid {bid}, makers {sorted(side)}, points {points}")
        return
    makers_ok, defenders_ok = point_bounds(rs)
    maker_team = result.maker_team
    for team, p in enumerate(points):
        ok = makers_ok if team == maker_team else defenders_ok
        if p not in ok:
            role = "makers" if team == maker_team else "defenders"
            report.add("points", where(state), f"{role} (team {team}) score {p}, outside {min(ok)}..{max(ok)}")


def play(name: str, hands: int) -> Report:
    rs = rule_set(name)
    pack = frozenset(rs.cards)
    rng = random.Random(f"invariants {name}")
    report = Report()
    for k in range(hands):
        state = HandState.start(deal(rs, rng=rng, dealer=k % rs.players))
        report.hands += 1
        try:
            while True:
                before = snapshot(state)
                check_cards(state, before, pack, report)
                if state.is_over:
                    break
                if state.phase is Phase.PLAY:
                    check_play_step(state, report)
                action = rng.choice(state.legal_actions())
                after = state.apply(action)
                report.steps += 1
                if snapshot(state) != before:
                    report.add("apply", where(state), f"applying {action} changed the state it was applied to")
                state = after
            check_end(state, rs, report)
            report.passed_out += state.passed_out
            check_points(state, rs, report)
        except Exception as exc:  # an engine crash is a finding, not the end of the run
            report.add("raised", where(state), f"{type(exc).__name__}: {exc}")
    return report


_REPORTS: dict = {}


def report_for(name: str) -> Report:
    if name not in _REPORTS:
        _REPORTS[name] = play(name, VARIANT_HANDS if name in VARIANTS else HANDS)
    return _REPORTS[name]


def assert_none(name: str, kind: str) -> None:
    report = report_for(name)
    found = report.violations[kind]
    shown = "\n".join(found[:SHOWN])
    assert not found, f"{name}: {len(found)} violation(s) in {report.hands} hands / {report.steps} steps:\n{shown}"


# ---- the tests ---------------------------------------------------------------------------------

@pytest.mark.parametrize("name", RULE_SETS)
def test_random_play_never_raises(name):
    report = report_for(name)
    assert report.hands == (VARIANT_HANDS if name in VARIANTS else HANDS)
    assert_none(name, "raised")


@pytest.mark.parametrize("name", RULE_SETS)
def test_no_card_lost_or_doubled(name):
    assert_none(name, "cards")


@pytest.mark.parametrize("name", RULE_SETS)
def test_every_play_follows_suit_when_able(name):
    assert_none(name, "follow")


@pytest.mark.parametrize("name", RULE_SETS)
def test_apply_never_changes_its_input(name):
    assert_none(name, "apply")


@pytest.mark.parametrize("name", RULE_SETS)
def test_every_hand_plays_every_trick(name):
    report = report_for(name)
    assert report.played_out > 0
    assert_none(name, "tricks")


@pytest.mark.parametrize("name", RULE_SETS)
def test_points_within_the_rule_books_bounds(name):
    assert_none(name, "points")


@pytest.mark.parametrize("preset, makers, defenders", [
    ("standard", {0, 1, 2, 4}, {0, 2}),
    ("hoyle_ordinary", {0, 1, 2, 4}, {0, 2}),
    ("hoyle_railroad", {0, 1, 2, 4}, {0, 2, 4}),
    ("hoyle_railroad_full", {0, 1, 2, 4, 5, 8, 16}, {0, 1, 2, 3, 4}),
])
def test_fixed_point_bounds_are_the_rule_books(preset, makers, defenders):
    """The bounds used above, written out for the Hoyle presets (A7, B6, B-O3 to B-O5)."""
    assert point_bounds(rules.load(preset)) == (makers, defenders)


@pytest.mark.parametrize("preset", ["modern_railroad", "modern_railroad_6p"])
def test_per_trick_bounds_are_0_to_44(preset):
    makers, defenders = point_bounds(rules.load(preset))
    assert (min(makers), max(makers)) == (0, 44) and (min(defenders), max(defenders)) == (0, 44)

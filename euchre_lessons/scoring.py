"""Pure scoring: what a hand is worth, and what it does to a game.

``score(rules, outcome)`` turns an ``Outcome`` (the makers' tricks, whether the maker was alone,
and so on) into a ``HandScore`` (both values live in ``outcome`` and are importable from here).
The outcome is first checked against the rules (``outcome.check``): one that cannot happen under
them raises ``ScoringError``. The table that applies is chosen in the order of rule book K15: a
Foster Jamboree, the Jambone table, the pat-hand table, a lone maker against a lone defender, a
lone maker, a partnership; a modern Jamboree bonus is then added.

``add_hand(rules, before, points)`` applies a hand's points to a game score: targets, laps,
slams and ties at the target (B-O1, B-O2, K23, K24); ``check_score`` checks a score's shape.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, cast

from . import rules as _rules
from .errors import ScoringError
from .outcome import HandScore, Outcome, check, is_whole

# Fixed tables that no knob changes (Foster: B-O3, B-O4; B5, B6).
PAT_MARCH, PAT_MADE_DEFENDERS, PAT_EUCHRE = 5, 1, 3
JAMBONE_MARCH, JAMBONE_MADE, JAMBONE_EUCHRE = 8, 1, 2
LONE_DEFENDER_EUCHRE = 4
JAMBOREE_POINTS = 16


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def score(rules: _rules.RuleSet | str, outcome: Outcome) -> HandScore:
    """The points a hand is worth under ``rules`` (a RuleSet or preset name).

    An outcome that cannot happen under the rules (more tricks than the hand has, a pat hand
    without the agreement, a bid outside the seven-handed game ...) raises ``ScoringError``;
    ``Outcome.tricks`` left out means the rules' hand size."""
    return _score(_rules.load(rules), outcome)


def _score(rs: _rules.RuleSet, outcome: Outcome) -> HandScore:
    o = check(rs, outcome)
    d = o.defenders
    zero = (0,) * len(d)
    if o.passed_out:
        return HandScore(0, zero, "passed out", "All passed: no points, and the deal passes to the left.")
    if o.jamboree == "defenders" and rs.jamboree_requires_maker:
        o = replace(o, jamboree=None)  # void: a Jamboree counts only for the maker (B-O5)
    if o.jamboree and rs.jamboree_scoring == "ends_hand_16":
        if o.jamboree == "makers":
            return HandScore(JAMBOREE_POINTS, zero, "Jamboree", "The maker showed a Jamboree: 16 points, and the hand ends.")
        return HandScore(0, _one(zero, o.jamboree_defender, JAMBOREE_POINTS), "Jamboree",
                         "A defender showed a Jamboree: 16 points, and the hand ends.")
    if rs.scoring == "auction":
        return _auction(rs, o, zero)
    result = _fixed(rs, o, d, zero) if rs.scoring == "fixed" else _per_trick(rs, o, d, zero)
    if o.jamboree:
        makers, defenders, table, why = result.makers, result.defenders_by_team, result.table, result.explanation
        if o.jamboree == "makers":
            makers += JAMBOREE_POINTS
        else:
            defenders = _one(defenders, o.jamboree_defender, defenders[o.jamboree_defender] + JAMBOREE_POINTS)
        holder = "makers" if o.jamboree == "makers" else "defenders"
        result = HandScore(makers, defenders, table + " + Jamboree", f"{why} Plus 16 for the {holder}' Jamboree.")
    return result


def _one(base: tuple, index: int, value: int) -> tuple:
    return base[:index] + (value,) + base[index + 1:]


def _each(d: tuple, value: int) -> tuple:
    return (value,) * len(d)


def _fixed(rs: _rules.RuleSet, o: Outcome, d: tuple, zero: tuple) -> HandScore:
    t, m = cast(int, o.tricks), o.maker_tricks  # outcome.check has filled in the hand size
    need = t // 2 + 1
    march, made = m == t, m >= need
    took = f"took {m} of {t} tricks"
    if o.jambone:
        if march:
            return HandScore(JAMBONE_MARCH, zero, "Jambone", f"The Jambone {took}: 8 points.")
        if made:
            return HandScore(JAMBONE_MADE, zero, "Jambone", f"The Jambone {took}, not all: 1 point.")
        penalty = rs.jambone_euchre_penalty
        makers = -JAMBONE_EUCHRE if penalty in ("makers_minus_2", "both") else 0
        defenders = _each(d, JAMBONE_EUCHRE) if penalty in ("defenders_plus_2", "both") else zero
        words = {"defenders_plus_2": "the defenders score 2", "makers_minus_2": "the makers lose 2",
                 "both": "the defenders score 2 and the makers lose 2"}[penalty]
        return HandScore(makers, defenders, "Jambone", f"The Jambone {took}: euchred, {words}.")
    if o.pat:
        if march:
            return HandScore(PAT_MARCH, zero, "pat hand", f"The pat hand {took}: 5 points.")
        if made:
            both = rs.pat_hand_three_four == "both_score_1"
            return HandScore(1 if both else 0, _each(d, PAT_MADE_DEFENDERS), "pat hand",
                             f"The pat hand {took}, not all: the defenders score 1"
                             + (" and the maker 1." if both else "."))
        return HandScore(0, _each(d, PAT_EUCHRE), "pat hand", f"The pat hand {took}: euchred, the defenders score 3.")
    if o.alone:
        table = "lone against lone" if o.defended_alone else "lone hand"
        against = " against a lone defender" if o.defended_alone else ""
        if march:
            return HandScore(rs.lone_march_points, zero, table, f"The lone maker {took}{against}: "
                             f"a lone march, {_plural(rs.lone_march_points, 'point')}.")
        if made:
            return HandScore(rs.lone_make_points, zero, table, f"The lone maker {took}{against}: "
                             f"made it, {_plural(rs.lone_make_points, 'point')}.")
        if o.defended_alone or rs.railroad_lone_euchre_4_scope == "any_lone_hand":
            pts = LONE_DEFENDER_EUCHRE
            how = "by a lone defender" if o.defended_alone else "(any lone hand euchred counts 4)"
        else:
            pts, how = rs.lone_euchre_points, ""
        return HandScore(0, _each(d, pts), table,
                         f"The lone maker {took}: euchred{' ' + how if how else ''}, the defenders score {pts}.")
    if march:
        return HandScore(rs.march_points, zero, "partnership", f"The makers {took}: a march, {rs.march_points} points.")
    if made:
        return HandScore(rs.make_points, zero, "partnership",
                         f"The makers {took}: made it, {_plural(rs.make_points, 'point')}.")
    return HandScore(0, _each(d, rs.euchre_points), "partnership",
                     f"The makers {took}: euchred, the defenders score {rs.euchre_points}.")


def _per_trick(rs: _rules.RuleSet, o: Outcome, d: tuple, zero: tuple) -> HandScore:
    t, m = cast(int, o.tricks), o.maker_tricks  # outcome.check has filled in the hand size
    six = len(d) > 1
    need = 4 if six and rs.maker_threshold_6p == "literal_4" else t // 2 + 1
    made = m >= need
    took = f"took {m} of {t} tricks (needing {need})"
    if o.jambone:
        pts = 28 if rs.jambone_points == "28" else 4 * t
        if m == t:
            return HandScore(pts, zero, "Jambone", f"The Jambone took every trick: {pts} points.")
        rule = rs.jambone_fail_recipient_6p if six else "all_defending_teams"
        if rule == "teams_that_took_a_trick":
            defenders = tuple(pts if x > 0 else 0 for x in d)
        elif rule == "split":
            defenders = _each(d, pts // len(d))
        else:
            defenders = _each(d, pts)
        return HandScore(0, defenders, "Jambone", f"The Jambone {took.split(' (')[0]}, not all: {pts} to the opponents.")

    def own_or_combined(factor: int) -> tuple:
        if six and rs.defender_scoring_6p == "combined":
            return _each(d, factor * sum(d))
        return tuple(factor * x for x in d)

    if o.alone and o.defended_alone:
        if made:
            factor = 3 if rs.lone_against_scoring == "both_triple" else 2
            return HandScore(factor * m, zero, "lone against lone",
                             f"The lone maker {took} against a lone defender: {factor} x {m} = {factor * m}.")
        x = d[o.lone_defender_team]
        return HandScore(0, _one(zero, o.lone_defender_team, 3 * x), "lone against lone",
                         f"The lone maker {took}: the lone defender took {x}, tripled: {3 * x}.")
    if o.alone:
        if made:
            return HandScore(2 * m, zero, "lone hand", f"The lone maker {took}: 2 x {m} = {2 * m}.")
        defenders = own_or_combined(2)
        return HandScore(0, defenders, "lone hand",
                         f"The lone maker {took}: the defenders score 2 per trick: {_list(defenders)}.")
    if made:
        return HandScore(m, zero, "partnership", f"The makers {took}: 1 per trick, {m}.")
    defenders = own_or_combined(1)
    return HandScore(0, defenders, "partnership",
                     f"The makers {took}: euchred, the defenders score 1 per trick: {_list(defenders)}.")


def _list(points: tuple) -> str:
    return " and ".join(map(str, points))


def _auction(rs: _rules.RuleSet, o: Outcome, zero: tuple) -> HandScore:
    b, m = cast(int, o.bid), o.maker_tricks  # outcome.check refuses an auction hand without a bid
    if rs.seven_bid_scoring == "once_per_side":  # Foster's Auction Euchre: "they count 3 only" (C-1)
        if m >= b:
            return HandScore(b, zero, "auction, once per side", f"The maker's side bid {b} and took {m}: "
                             f"the side scores {b}, once, shared out among its four players.")
        return HandScore(0, (b,), "auction, once per side", f"The maker's side bid {b} but took {m}: "
                         f"the three opponents score {b}, once, shared out among them.")
    if m >= b:
        return HandScore(b, zero, "auction", f"The maker's side bid {b} and took {m}: each of the four scores {b}.")
    return HandScore(0, (b,), "auction", f"The maker's side bid {b} but took {m}: each of the three opponents scores {b}.")


def seat_points(rules: _rules.RuleSet | str, hand_score: HandScore, maker: int, side: int) -> tuple:
    """Seven-handed: each seat's points from a hand scored ``hand_score``, where ``maker`` is the
    maker's seat and ``side`` the seats of his side (one bit each).

    Under ``seven_bid_scoring = each_player`` every seat of the maker's side scores
    ``hand_score.makers`` and every other seat ``hand_score.defenders_by_team[0]``. Under
    ``once_per_side`` each side's points are counted once and shared out in whole points, as
    evenly as they go: the odd points go first to the maker, then to the seats in turn from his
    left (rule book C-1). A bid of 5 made gives the maker 2 and each partner 1.

    >>> from euchre_lessons import rules
    >>> rs = rules.load("hoyle_seven_handed").replace(seven_bid_scoring="once_per_side")
    >>> seat_points(rs, score(rs, Outcome(5, bid=5)), maker=0, side=0b1111)
    (2, 1, 1, 1, 0, 0, 0)
    """
    rs = _rules.load(rules)
    n = rs.players
    made, defended = hand_score.makers, hand_score.defenders_by_team[0]
    if rs.seven_bid_scoring == "each_player":
        return tuple(made if side >> s & 1 else defended for s in range(n))
    points = [0] * n
    order = [(maker + i) % n for i in range(n)]
    for total, seats in ((made, [s for s in order if side >> s & 1]),
                         (defended, [s for s in order if not side >> s & 1])):
        share, odd = divmod(total, len(seats))
        for i, s in enumerate(seats):
            points[s] = share + (i < odd)
    return tuple(points)


# ---- games ---------------------------------------------------------------------------------

def check_score(rules: _rules.RuleSet | str, given: Any, what: str = "score") -> tuple:
    """``given`` (a game score, or a hand's points) as a tuple of whole numbers, one per team (or,
    seven-handed, per player) of ``rules``; else ``ScoringError`` naming it and what is needed."""
    return _check_score(_rules.load(rules), given, what)


def _check_score(rs: _rules.RuleSet, given: Any, what: str = "score") -> tuple:
    teams = rs.teams
    unit = "team" if rs.partnerships else "player"
    example = ", ".join(["0"] * teams)
    try:
        values = tuple(given)
    except TypeError:
        values = None
    if values is None or not all(is_whole(v) for v in values):
        raise ScoringError(f"{what}={given!r} under {rs.name}: give one whole number per {unit}, "
                           f"such as ({example})")
    if len(values) != teams:
        raise ScoringError(f"{what}={given!r} under {rs.name}: {len(values)} "
                           f"{'entry' if len(values) == 1 else 'entries'}, but {rs.name} scores {teams} "
                           f"{unit}s ({rs.players} players): give {teams}, such as ({example})")
    return values


@dataclass(frozen=True, slots=True)
class GameUpdate:
    """A hand's points applied to a game score.

    ``after`` is the score of the game now in progress (carried points included);
    ``games_won`` the games credited to each team by this hand (a slam counts two);
    ``games_completed`` how many games ended; ``winners`` the team that won each of them.
    """

    before: tuple
    points: tuple
    after: tuple
    games_won: tuple
    games_completed: int
    winners: tuple
    slams: int
    carried: tuple

    @property
    def carried_total(self) -> int:
        return sum(self.carried)


def add_hand(rules: _rules.RuleSet | str, before: object, points: object, makers: int | None = None) -> GameUpdate:
    """Apply a hand's points (one entry per team) to the game score ``before``.

    ``makers`` is the makers' team (it matters only under ``tie_at_target = makers_win_ties``).
    A score or points with the wrong number of teams, or entries that are not whole numbers,
    raise ``ScoringError``."""
    return _add_hand(_rules.load(rules), before, points, makers)


def _add_hand(rs: _rules.RuleSet, before: object, points: object, makers: int | None = None) -> GameUpdate:
    if rs.scoring == "auction":
        raise ScoringError(f"add_hand({rs.name!r}, ...): the seven-handed game is a sitting of "
                           f"{rs.seven_deals} deals, not a race to a target (rule book K31): add up each "
                           "player's points instead")
    before, points = _check_score(rs, before, "before"), _check_score(rs, points, "points")
    teams = len(before)
    if makers is not None and (not is_whole(makers) or not 0 <= makers < teams):
        raise ScoringError(f"makers={makers!r} under {rs.name}: give the makers' team, 0 to {teams - 1} "
                           "(or None)")
    total = [b + p for b, p in zip(before, points)]
    target = rs.game_target
    credited, winners, slams = [0] * teams, [], 0
    while True:
        reached = [t for t in range(teams) if total[t] >= target]
        if not reached:
            break
        best = max(total[t] for t in reached)
        top = [t for t in reached if total[t] == best]
        if len(top) > 1:
            if rs.tie_at_target == "makers_win_ties" and makers in top:
                top = [makers]
            else:
                break
        winner = top[0]
        slam = rs.slams and all(total[o] <= 0 for o in range(teams) if o != winner)
        credited[winner] += 2 if slam else 1
        slams += slam
        winners.append(winner)
        excess = total[winner] - target if rs.laps else 0
        if rs.laps and rs.lap_overflow == "cap":
            excess = min(excess, target - 1)
        total = [0] * teams
        total[winner] = excess
        if not rs.laps or rs.lap_overflow == "cap":
            break
    carried = tuple(total) if winners else (0,) * teams
    return GameUpdate(before, points, tuple(total), tuple(credited), len(winners), tuple(winners), slams, carried)

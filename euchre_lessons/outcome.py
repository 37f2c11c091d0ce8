"""What happened in a hand, as scoring needs it.

* ``Outcome`` - the scoring summary of a hand: the makers' tricks, alone or not, pat, Jambone,
  Jamboree, a lone defender, the seven-handed bid. ``check(rules, outcome)`` refuses with
  ``ScoringError`` an outcome that cannot happen under the rules, and fills in the hand size.
* ``HandScore`` - what ``scoring.score`` makes of an outcome: points to each side, and why.

A finished ``HandState``'s outcome and result (``outcome_of``, ``hand_result``) are in ``result``.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields, replace
from numbers import Integral
from typing import NoReturn

from .errors import ScoringError
from .rules import RuleSet


@dataclass(frozen=True, slots=True)
class Outcome:
    """What happened in a hand, as scoring needs it.

    ``maker_tricks`` are the tricks of the maker's side; ``tricks`` the tricks in the hand (by
    default ``None``: the rules' hand size, filled in by ``scoring.score``); ``defender_tricks``
    those of each defending team (one entry with four or seven players, two with six; by
    default the rest of the tricks). ``jamboree`` is ``"makers"`` or ``"defenders"`` (with six
    players, ``jamboree_defender`` says which defending team). Seven-handed hands give ``bid``.
    The repr shows only what differs from the defaults: ``Outcome(5, alone=True)``.
    """

    maker_tricks: int
    alone: bool = False
    tricks: int | None = None
    defender_tricks: tuple | None = None
    defended_alone: bool = False
    lone_defender_team: int = 0
    pat: bool = False
    jambone: bool = False
    jamboree: str | None = None
    jamboree_defender: int = 0
    passed_out: bool = False
    bid: int | None = None

    @property
    def defenders(self) -> tuple:
        """Tricks of each defending team (by default the rest of the hand's tricks)."""
        if self.defender_tricks is not None:
            return tuple(self.defender_tricks)
        if self.tricks is None:
            raise ScoringError(f"{self!r}.defenders depends on the hand size: give tricks= or "
                               "defender_tricks=, or score it under a rule set (scoring.score)")
        return (self.tricks - self.maker_tricks,)

    def __repr__(self) -> str:
        shown = [repr(self.maker_tricks)]
        for f in fields(self)[1:]:
            value = getattr(self, f.name)
            if value != f.default or type(value) is not type(f.default):
                shown.append(f"{f.name}={value!r}")
        return f"Outcome({', '.join(shown)})"


def is_whole(x: object) -> bool:
    return isinstance(x, Integral) and not isinstance(x, bool)


def check(rules: RuleSet, outcome: object) -> Outcome:
    """``outcome`` with ``tricks`` filled in from ``rules`` (a loaded RuleSet), after checking that
    it can happen under them. Raises ``ScoringError`` naming the outcome and what is wrong."""
    rs, o = rules, outcome
    if not isinstance(o, Outcome):
        raise ScoringError(f"{o!r} is not an Outcome: give one such as Outcome(3) (the makers took 3 tricks) "
                           "or Outcome(5, alone=True)")
    size, name = rs.hand_size, rs.name

    def refuse(why: str) -> NoReturn:
        raise ScoringError(f"{o!r} under {name}: {why}")

    for flag in ("alone", "defended_alone", "pat", "jambone", "passed_out"):
        value = getattr(o, flag)
        if not isinstance(value, bool):
            refuse(f"{flag}={value!r} must be True or False")
    m = o.maker_tricks
    if not is_whole(m) or not 0 <= m <= size:
        refuse(f"maker_tricks={m!r} cannot happen: a hand of {name} has {size} tricks, "
               f"so the makers take 0 to {size}")
    if o.tricks is not None and (not is_whole(o.tricks) or o.tricks != size):
        refuse(f"tricks={o.tricks!r}, but a hand of {name} has {size} tricks ({rs.players} players with "
               f"{size} cards each): leave tricks out, or give tricks={size}")
    defending = rs.teams - 1 if rs.partnerships else 1
    teams = "team" if defending == 1 else "teams"
    d = o.defender_tricks
    if d is not None:
        if not isinstance(d, (tuple, list)) or not all(is_whole(x) and 0 <= x <= size for x in d):
            refuse(f"defender_tricks={d!r} must be a tuple of trick counts, one per defending team, "
                   f"each 0 to {size}")
        if len(d) != defending:
            refuse(f"defender_tricks={d!r} has {len(d)} entries, but {name} has {defending} defending "
                   f"{teams}: give {defending}")
    elif defending != 1:
        refuse(f"{name} has {defending} defending teams: give defender_tricks=(b, c), "
               "the tricks of each, in turn after the makers")
    if o.passed_out:
        others = [f.name for f in fields(o)
                  if f.name not in ("maker_tricks", "tricks", "defender_tricks", "passed_out")
                  and getattr(o, f.name) != f.default]
        if m or others or (d is not None and any(d)):
            extra = f" ({', '.join(others)} given)" if others else ""
            refuse(f"a passed-out hand has no maker and no tricks{extra}: give Outcome(0, passed_out=True)")
        return o if o.tricks is not None else replace(o, tricks=size)
    _check_jamboree(rs, o, refuse, defending)
    if d is not None:
        total = m + sum(d)
        # A Foster Jamboree ends the hand before the first lead (B-12): no tricks are played.
        unplayed = total == 0 and o.jamboree is not None and rs.jamboree_scoring == "ends_hand_16"
        if total != size and not unplayed:
            refuse(f"the makers' {m} tricks and the defenders' {' + '.join(map(str, d))} make {total}, "
                   f"but a hand of {name} has {size}")
    _check_lone(rs, o, refuse, defending)
    _check_bid(rs, o, refuse)
    return o if o.tricks is not None else replace(o, tricks=size)


def _check_jamboree(rs: RuleSet, o: Outcome, refuse: Callable[[str], NoReturn], defending: int) -> None:
    if o.jamboree not in (None, "makers", "defenders"):
        refuse(f"jamboree={o.jamboree!r}: give 'makers', 'defenders' or None")
    if o.jamboree is not None and not rs.jamboree:
        refuse("there is no Jamboree in this game (jamboree = false; rule book B-O5, D12): drop jamboree=")
    j = o.jamboree_defender
    if not is_whole(j) or not 0 <= j < defending:
        refuse(f"jamboree_defender={j!r}: the defending teams are numbered 0 to {defending - 1}")
    if j and o.jamboree != "defenders":
        refuse(f"jamboree_defender={j!r} names a defending team, but no defender showed a Jamboree "
               "(give jamboree='defenders')")
    if o.jamboree is not None and rs.jamboree_scoring == "bonus_16_added":
        # The hand is played out, and the five highest trumps each win their trick (rule book D-26).
        held = o.maker_tricks if o.jamboree == "makers" else _defender_tricks(o, rs, j)
        if held is not None and held < 5:
            side = "makers" if o.jamboree == "makers" else "defending team"
            refuse(f"the {side} showed a Jamboree, whose five highest trumps take five tricks, but took {held}: "
                   "a side with a Jamboree takes at least 5 tricks")


def _defender_tricks(o: Outcome, rs: RuleSet, team: int) -> int | None:
    """The tricks of defending team ``team``, if the outcome says them."""
    if o.defender_tricks is not None:
        d = tuple(o.defender_tricks)
        return d[team] if team < len(d) else None
    size = o.tricks if o.tricks is not None else rs.hand_size
    return size - o.maker_tricks if team == 0 else None


def _check_lone(rs: RuleSet, o: Outcome, refuse: Callable[[str], NoReturn], defending: int) -> None:
    if o.alone and not rs.partnerships:
        refuse("the seven-handed game has no lone hands (rule book C): drop alone=True")
    if o.pat and not rs.pat_hand_rule:
        refuse("there are no pat hands in this game (pat_hand_rule = false; rule book B-O3, K17): "
               "a lone hand without exchange is an ordinary lone hand, so drop pat=True")
    if o.pat and not o.alone:
        refuse("a pat hand is a lone hand (rule book B-O3): give alone=True too")
    if o.jambone and not rs.jambone:
        refuse("there is no Jambone in this game (jambone = false; rule book B-O4, D8): drop jambone=True")
    if o.jambone and not o.alone and rs.jambone_requires_alone:
        refuse("only a lone maker may announce Jambone (jambone_requires_alone = true; rule book D-12, K19): "
               "give alone=True too")
    t = o.lone_defender_team
    if not is_whole(t) or not 0 <= t < defending:
        refuse(f"lone_defender_team={t!r}: the defending teams are numbered 0 to {defending - 1}")
    if not o.defended_alone:
        if t:
            refuse(f"lone_defender_team={t!r} names a lone defender's team, but nobody defended alone "
                   "(give defended_alone=True)")
        return
    if not rs.lone_against:
        refuse("nobody may defend alone in this game (lone_against = false; rule book B5, D7): "
               "drop defended_alone=True")
    if rs.players == 6 and rs.lone_against_6p == "disabled":
        refuse("nobody may defend alone in this six-player game (lone_against_6p = disabled; rule book D-11): "
               "drop defended_alone=True")
    if not o.alone:
        refuse("a lone defender plays only against a lone maker (rule book B5): give alone=True too, "
               "or drop defended_alone=True")
    if o.pat:
        refuse("nobody may defend alone against a pat hand (rule book B-O3)")
    if o.jambone:
        refuse("nobody may defend alone against a Jambone (rule book B-O4, K19)")


def _check_bid(rs: RuleSet, o: Outcome, refuse: Callable[[str], NoReturn]) -> None:
    b = o.bid
    if rs.scoring == "auction":
        if b is None:
            refuse("the seven-handed game scores the bid: give bid= the tricks bid, 4 to 7 (rule book C)")
        if not is_whole(b) or not 4 <= b <= 7:
            refuse(f"bid={b!r}: a bid is 4, 5, 6 or 7 tricks (rule book C)")
    elif b is not None:
        refuse(f"bid={b!r}, but {rs.name} has no auction (bidding = {rs.bidding}; the bid belongs to the "
               "seven-handed game, rule book C): drop bid=")


# ---- what a hand is worth, and a finished hand -------------------------------------------

@dataclass(frozen=True, slots=True)
class HandScore:
    """Points to the makers and to each defending team, which table gave them, and why.

    In the seven-handed game the figures are per player under ``seven_bid_scoring =
    each_player``: each maker's partner scores ``makers`` too, and each opponent
    ``defenders_by_team[0]``. Under ``once_per_side`` they are each side's points, counted once
    and shared out among its seats (``scoring.seat_points``).
    """

    makers: int
    defenders_by_team: tuple
    table: str
    explanation: str

    @property
    def defenders(self) -> int:
        return sum(self.defenders_by_team)

    def __str__(self) -> str:
        return self.explanation

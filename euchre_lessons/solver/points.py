"""Points from tricks, and which hands are two-sided: the solver's scoring side.

``points_table(facts)`` maps each makers' trick count still reachable to the points each side
scores under the hand's rules (through ``scoring.score``); ``facts`` is a HandState or a
SeatView, and only public facts are read (the maker, alone, the lone defender, Jambone,
Jamboree, the bid, the tricks won so far), so a player can use it from its own view.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..errors import SolverError
from ..scoring import HandScore, Outcome, score
from ..table import team_name, team_of

if TYPE_CHECKING:
    from ..hand.state import HandState
    from ..hand.view import SeatView


def makers_mask(facts: HandState | SeatView) -> int:
    """The makers' seats (one bit each) from public facts: the maker's team, or seven-handed
    the maker and his partners. ``facts`` is a HandState or a SeatView."""
    n, maker = facts.players, facts.maker
    if facts.rules.partnerships:
        t = team_of(maker, n)
        return sum(1 << s for s in range(n) if team_of(s, n) == t)
    return sum(1 << s for s in (maker, *facts.partners))


def check_sides(facts: HandState | SeatView) -> None:
    """Raise ``SolverError`` for a six-player hand in which two defending teams play."""
    rules, n = facts.rules, facts.players
    if rules.partnerships and rules.teams > 2:
        maker_team = team_of(facts.maker, n)
        teams = sorted({team_of(s, n) for s in range(n) if not facts.sits_out(s) and team_of(s, n) != maker_team})
        if len(teams) > 1:
            names = " and ".join(team_name(t, n) for t in teams)
            raise SolverError(
                f"{rules.name}: this hand has three sides in play - the makers and two defending teams "
                f"({names}) that score separately and compete with each other, so there is no single perfect "
                "play for the defenders to solve for. The solver covers two-sided hands only (in six-player "
                "games: a lone hand against a lone defender).")


def outcome_for(facts: HandState | SeatView, maker_tricks: int) -> Outcome:
    """The scoring summary if the makers end the hand with ``maker_tricks`` (the defenders with
    the rest), from public facts of a two-sided hand in play (a HandState or a SeatView)."""
    rules, n = facts.rules, facts.players
    t = rules.hand_size
    side = makers_mask(facts)
    if rules.partnerships:
        maker_team = team_of(facts.maker, n)
        defending: list[int | None] = [x for x in range(rules.teams) if x != maker_team]
        playing = [team_of(s, n) for s in range(n) if not facts.sits_out(s) and not side >> s & 1]
        won = facts.tricks_won
        d = [sum(won[s] for s in range(n) if team_of(s, n) == x) for x in defending]
        d[defending.index(playing[0])] += (t - maker_tricks) - sum(d)
        lone = facts.lone_defender
        lone_team = defending.index(team_of(lone, n)) if lone is not None else 0
    else:
        defending, d, lone, lone_team = [None], [t - maker_tricks], None, 0
    jamboree, jamboree_defender = None, 0
    if facts.jamboree is not None:
        holder = facts.jamboree
        if side >> holder & 1:
            jamboree = "makers"
        else:
            jamboree = "defenders"
            jamboree_defender = defending.index(team_of(holder, n)) if rules.partnerships else 0
    return Outcome(maker_tricks, alone=facts.alone, tricks=t, defender_tricks=tuple(d),
                   defended_alone=lone is not None, lone_defender_team=lone_team, pat=facts.pat,
                   jambone=facts.jambone, jamboree=jamboree, jamboree_defender=jamboree_defender, bid=facts.bid)


def points_table(facts: HandState | SeatView) -> dict[int, tuple[int, tuple[int, ...], int, HandScore]]:
    """For each makers' trick count still reachable: ``(makers' points, defenders' points by
    team, net, HandScore)`` under the hand's rules, from public facts (HandState or SeatView)."""
    check_sides(facts)
    n = facts.players
    side = makers_mask(facts)
    won = sum(facts.tricks_won[s] for s in range(n) if side >> s & 1)
    left = facts.rules.hand_size - sum(facts.tricks_won)
    out = {}
    for m in range(won, won + left + 1):
        hs = score(facts.rules, outcome_for(facts, m))
        out[m] = (hs.makers, hs.defenders_by_team, hs.makers - sum(hs.defenders_by_team), hs)
    nets = [out[m][2] for m in sorted(out)]
    if any(a > b for a, b in zip(nets, nets[1:])):
        raise SolverError(f"{facts.rules.name}: the points do not rise with the makers' tricks here ({nets}); "
                          "the solver's points would not follow from its trick counts")
    return out

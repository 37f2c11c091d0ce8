"""A finished hand's decisions of one seat, graded: ``review(state, seat)`` -> ``Review``.

Each decision is judged as the hint judges it, from what the seat could know then (``hints.
values``): a choice whose expected points, or tricks, fall short of the best choice's by more
than two standard errors is a **mistake**, and the shortfall is its cost; each mistake has its
``why`` in words (``mistakes``). Beside it stands the cost on the actual layout, against the best
choice there: double-dummy for a card (of equal points, the card that takes most tricks), a
play-out by the rule-of-thumb players for a bid. Bids are valued as the searching bidder
(``players.expert``) values its own: the hint's worlds (``worlds.playout_values``) each played
out by the expert's play-out: the evaluation the expert itself plays by, which in its paired
matches scored no less than double-dummy values (the difference within the sampling error), at
less than half the time.
A choice that was right by what could be known (or not shown to be worse, and said so) but cost
on the actual layout is **unlucky**, not a mistake.

For the costliest mistake the review gives a **proof** (``proof``): one layout that fits
everything the seat had seen at that moment, drawn as the table lay, on which the choice made
loses tricks or points that the best choice wins, with both lines of play trick by trick.

Actions read in words ("play the 7♠") in the report and in the table's ``chose`` and ``best``
columns; ``chose_code`` and ``best_code`` keep the codes for programs.
"""
from __future__ import annotations

from html import escape
from typing import NamedTuple, cast

from ..actions import Action
from ..errors import NotOverError, SolverError
from ..hand.phases import Phase
from ..hand.state import HandState
from ..players.seating import Bots
from ..solver import solve
from ..table import seat_name
from ..valuing import MAX_SOLVED
from ..valuing.worlds import evaluator, playout, side_points
from ..words import action_words, capital
from .hints import values
from .mistakes import lines_on_the_cards, why
from .proof import Proof, prove

# ``chose`` and ``best`` are the actions in words ("play the 7♠"), for the learner; the last two
# columns hold their codes ("play 7S"), for a program that reads the table.
COLUMNS = ("decision", "step", "phase", "trick", "chose", "best", "verdict", "why", "expected_points_lost",
           "points_se", "expected_tricks_lost", "tricks_se", "actual_points_lost", "actual_tricks_lost", "method",
           "actual_method", "actual_best", "chose_code", "best_code")
_EPS = 1e-9


class Review(NamedTuple):
    """The graded decisions of ``seat`` in a hand: ``rows`` (one dict per decision, keys
    ``COLUMNS``), the ``proof`` of the costliest mistake (None without a mistake), and for each
    mistake ``(step, state before it, action chosen, Values)`` in ``judged`` (what a retry of the
    mistakes is graded against: the review's own numbers)."""

    seat: int
    players: int
    rows: tuple
    proof: Proof | None
    judged: tuple = ()

    @property
    def table(self):
        import pandas as pd  # deferred: start-up (pandas)

        return pd.DataFrame(list(self.rows), columns=list(COLUMNS))

    @property
    def mistakes(self) -> tuple:
        return tuple(r for r in self.rows if r["verdict"] == "mistake")

    def report(self) -> str:
        who = capital(seat_name(self.seat, self.players))  # "Seat 0" opens the sentence at seven seats
        if not self.rows:
            return f"{who} had no decision to make in this hand."
        lines = [f"{who} made {len(self.rows)} decision{'s' if len(self.rows) != 1 else ''}; "
                 f"{len(self.mistakes)} {'was a mistake' if len(self.mistakes) == 1 else 'were mistakes'}."]
        for r in self.rows:
            if r["verdict"] == "mistake":
                lines.append(f"Step {r['step']} ({r['phase']}): “{r['chose']}” was a mistake; the best was “{r['best']}”. "
                             f"It {_cost(r['expected_points_lost'], r['expected_tricks_lost'])} on average over "
                             f"what you could know ({r['method']})"
                             + _actual(r, self.players) + ".")
                lines.append(f"Why: {r['why']}")
            elif r["verdict"] == "unlucky":
                lines.append(f"Step {r['step']} ({r['phase']}): “{r['chose']}” was {_not_worse(r)}, "
                             f"but unlucky" + _actual(r, self.players) + ".")
        if self.proof is not None:
            lines.append(str(self.proof))
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.report()

    def _repr_html_(self) -> str:
        lines = self.report().splitlines()
        if self.proof is not None:  # the proof is drawn below the table, not told in lines
            lines = lines[:len(lines) - len(str(self.proof).splitlines())]
        paragraphs = "".join(f"<p>{escape(line)}</p>" for line in lines)
        head = "".join(f"<th>{escape(c)}</th>" for c in ("step", "phase", "chose", "best", "verdict", "cost", "actual cost"))
        body = "".join(
            f"<tr><td>{r['step']}</td><td>{escape(r['phase'])}</td><td>{escape(r['chose'])}</td>"
            f"<td>{escape(r['best'])}</td><td>{escape(r['verdict'])}</td>"
            f"<td>{escape(cost_cell(r))}</td>"
            f"<td>{escape(_amount(r['actual_points_lost'], 'point'))}</td></tr>"
            for r in self.rows)
        proof = self.proof._repr_html_() if self.proof is not None else ""
        return paragraphs + f"<table><tr>{head}</tr>{body}</table>" + proof


def _actual(r, players: int = 4) -> str:
    """The cost on the actual cards, and what it is measured against: the best card there (of equal
    points, the one that loses fewest tricks), or the choice whose play-out did best, in the side's
    points less the other side's."""
    cost = _cost(r["actual_points_lost"], r["actual_tricks_lost"])
    against = "" if cost == "cost nothing" else f", against “{r['actual_best']}”,"
    if r["actual_method"] == "double dummy":
        return f"; with every hand face up{against} it {cost}"
    others = "the others' average" if players == 7 else "the other side's" if players == 4 else "the other sides' average"
    unit = "" if abs(r["actual_points_lost"]) <= _EPS else f" (in your side's points less {others})"
    return f"; played out once on the actual cards{against} it {cost}{unit}"


def _not_worse(r) -> str:
    """What the review can say of a choice that is not a mistake: right by what the seat could
    know when nothing was lost, else not shown to be worse, with the gap and its error."""
    lost_p, lost_t = r["expected_points_lost"], r["expected_tricks_lost"]
    if lost_p <= _EPS and lost_t <= _EPS:
        return "right by what you could know"
    return f"not shown to be worse by what you could know (behind “{r['best']}” by {cost_cell(r)})"


def cost_cell(r) -> str:
    """The expected cost of a row in words, with two standard errors when sampled: the points, and
    the tricks beside them when they count (never ``0.00 ± 0.00`` for a choice that lost)."""
    exact = r["points_se"] <= _EPS and r["tricks_se"] <= _EPS
    behind: list[str] = []
    ahead: list[str] = []
    for x, se, word in ((r["expected_points_lost"], r["points_se"], "point"),
                        (r["expected_tricks_lost"], r["tricks_se"], "trick")):
        if abs(x) > _EPS or se > _EPS:
            (ahead if x < -_EPS else behind).append(_amount(abs(x), word) + ("" if exact else f" ± {_fine(2 * se, x)}"))
    text = " and ".join(behind) or "nothing"
    return text + (f", ahead by {' and '.join(ahead)}" if ahead else "")


def _fine(x: float, beside: float) -> str:
    """``x`` in as many decimals (2 to 4) as tell it from ``beside``, and never a bare 0.00 for
    a number that is not 0."""
    for places in (2, 3, 4):
        a, b = f"{abs(x):.{places}f}", f"{abs(beside):.{places}f}"
        if a != b and (float(a) or not x):
            return a
    return a


def _cost(points: float, tricks: float) -> str:
    """What a choice cost, after "it": ``cost 0.43 points and 0.35 tricks``. A cost below zero is
    said as what it is, a gain: ``cost 0.43 points, though it took 0.51 tricks more``, ``gained
    1 point``; nothing lost is ``cost nothing``."""
    no_points, no_tricks = abs(points) < 1e-9, abs(tricks) < 1e-9  # what _amount writes as 0
    if no_points and no_tricks:
        return "cost nothing"
    if no_points:
        return (f"cost {_amount(tricks, 'trick')}, but no point" if tricks > 0 else
                f"took {_amount(-tricks, 'trick')} more, but no point more")
    said = f"cost {_amount(points, 'point')}" if points > 0 else f"gained {_amount(-points, 'point')}"
    if no_tricks:
        return said
    if (tricks > 0) == (points > 0):
        return f"{said} and {_amount(abs(tricks), 'trick')}"
    return f"{said}, though it took {_amount(-tricks, 'trick')} more" if tricks < 0 else \
        f"{said}, though it won {_amount(tricks, 'trick')} fewer"


def _amount(x: float, word: str) -> str:
    text = f"{x:.0f}" if abs(x - round(x)) < 1e-9 else f"{x:.2f}"
    if text in ("0.00", "-0.00"):  # a cost that is not nothing is never written 0.00
        text = f"{x:.2g}"
    return f"{text} {word}" + ("" if text == "1" else "s")


def _actual_loss(before, seat: int, chose, seed) -> tuple:
    """``(points, tricks, how, best)`` that ``chose`` lost on the actual layout against ``best``,
    the best action there (of equal points, the one that takes most tricks), ``how`` being
    ``double dummy`` (a card, solved) or ``playout`` (the rule-of-thumb players)."""
    if before.phase is Phase.PLAY:
        try:
            sol = solve(before)
        except SolverError:
            sol = None
        if sol is not None:
            maker = bool(before.setup.side >> seat & 1)
            sign = 1 if maker else -1
            top = max(sol.cards, key=lambda v: (sign * v.net, sign * v.tricks))
            mine = sol.value_of(chose.card)
            best = next(a for a in before.legal_actions() if a.card == top.card)
            return sign * (top.net - mine.net), sign * (top.tricks - mine.tricks), "double dummy", best
    if before.phase is Phase.PLAY:  # a card in a hand too big to solve: the rule-of-thumb players
        bots = Bots(before.rules, "rule_of_thumb", seed, hand=1)
        results = {a: side_points(playout(before, a, seed, bots), seat) for a in before.legal_actions()}
    else:  # a bid: played out as the grade's worlds were, by the searching bidder's play-out
        judge = evaluator(seed)
        results = {a: side_points(judge.finish(before.apply(a)), seat) for a in before.legal_actions()}
    best = max(results, key=lambda a: (results[a][1], results[a][0]))
    top = results[best]
    return top[1] - results[chose][1], top[0] - results[chose][0], "playout", best


def _beyond(lost: float, se: float) -> bool:
    return lost > 2 * se + _EPS


def falls_short(v, action) -> bool:
    """Whether ``action`` falls short of the best in ``v`` by more than two standard errors, in
    points or in tricks (the line between a mistake and an acceptable choice; the hint, too,
    weighs tricks where the points do not part the choices)."""
    lost_t, lost_p, se_t, se_p = v.loss(action)
    return _beyond(lost_p, se_p) or _beyond(lost_t, se_t)


def review(state, seat: int, seed=0) -> Review:
    """Grade every decision ``seat`` made in the finished hand ``state``."""
    if not state.is_over:
        raise NotOverError("the hand is not over: play it to the end before the review")

    states = [HandState.start(state.deal)]
    for action in state.history:
        states.append(states[-1].apply(action))
    rows: list[dict[str, object]] = []
    judged = []
    for i, before in enumerate(states[:-1]):
        if before.to_act != seat or len(before.legal_actions()) < 2:
            continue
        chose = cast(Action, states[i + 1].last_action)  # the action taken from ``before``
        v = values(before, seat, False, seed)
        if not v.values:
            continue  # no deal drawn fitted what the seat had seen: nothing to grade it against
        best = v.best.action
        lost_t, lost_p, se_t, se_p = v.loss(chose)
        mistake = falls_short(v, chose)
        actual_p, actual_t, how, actual_best = _actual_loss(before, seat, chose, seed)
        verdict = "mistake" if mistake else ("unlucky" if actual_p > _EPS or actual_t > _EPS else "good")
        rows.append({"decision": len(rows) + 1, "step": i + 1, "phase": str(before.phase),
                     "trick": len(before.tricks) + 1 if before.phase is Phase.PLAY else None,
                     "chose": action_words(chose), "best": action_words(best), "verdict": verdict, "why": "",
                     "expected_points_lost": lost_p, "points_se": se_p, "expected_tricks_lost": lost_t,
                     "tricks_se": se_t, "actual_points_lost": actual_p, "actual_tricks_lost": actual_t,
                     "method": v.method, "actual_method": how, "actual_best": action_words(actual_best),
                     "chose_code": str(chose), "best_code": str(best)})
        if mistake:
            judged.append((lost_p, lost_t, i, before, chose, v))
    proof = None
    for _, _, i, before, chose, v in sorted(judged, key=lambda j: (-j[0], -j[1], j[2])):
        proof = prove(i + 1, before, seat, chose, v, seed)  # the costliest mistake that a layout proves
        if proof is not None:
            break
    for _, _, i, before, chose, v in judged:
        row = next(r for r in rows if r["step"] == i + 1)
        row["why"] = _why(before, seat, chose, v, proof if proof is not None and proof.step == i + 1 else None, seed)
    kept = tuple((i + 1, before, chose, v) for _, _, i, before, chose, v in judged)
    return Review(seat, state.players, tuple(rows), proof, kept)


def _why(before, seat: int, chose, v, proof, seed) -> str:
    """The row's why (``mistakes.why``): with the proof's lines when this mistake has the proof,
    else the two lines played out on the actual cards when the best comes out ahead there."""
    if proof is not None:
        return why(before, seat, chose, v, (proof.chose_line, proof.best_line), "On the proof's layout")
    size = before.rules.hand_size
    cards = sum(before.hand_mask(s).bit_count() for s in before.active_seats) if before.phase is Phase.PLAY else \
        len(before.active_seats) * size
    if cards > MAX_SOLVED:  # a hand too big to solve at once: the lines would take seconds
        return why(before, seat, chose, v)
    lines = lines_on_the_cards(before, seat, chose, v.best.action, seed)
    return why(before, seat, chose, v, lines, "Played out on the actual cards")

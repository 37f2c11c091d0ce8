"""The proof of a mistake, after Bridge Master: ``prove(...)`` -> ``Proof``.

A mistake is judged over every layout of the unseen cards that fits what the seat had seen; the
proof shows one of them: the real deal's when its cards prove the point, else one the seat could
not rule out, and it says which. It is drawn as the table lay at the decision (``laid_out``: the
seat's own hand, every card played, the trick in progress, the other hands as this layout has
them), and on it both lines are played to the end, the choice made and the best one, trick by
trick, each trick's winner named, the bowers by the trump of that line. It says plainly what the
layout shows: "one layout you could not rule out, where the A♦ loses a trick that the 9♠ wins",
with the tricks and points of both lines.

How a line is played (``line``): the action, then the rest of the bidding and declaring by the
rule-of-thumb players, then every card by perfect play (every hand face up: ``solver``). Where
perfect play finds several cards equal, the line plays the natural one (``natural_card``): the
lowest card that wins the trick for the side whose card it is (its partner may be winning it
already), else the lowest card. A hand the solver does not cover is played out by the
rule-of-thumb players, and the line says so.

Checked, not assumed: a proof is made only when, on its layout, the best choice does at least as
well as the choice made in points and strictly better in points, or in tricks at equal points;
its sentence states the lines' own results.
"""
from __future__ import annotations

from html import escape
from typing import NamedTuple

from ..actions import Action
from ..cards import CARDS, Suit, ids_of
from ..errors import ArgumentError, SolverError
from ..hand.phases import Phase
from ..hand.state import HandState, with_hands
from ..hand.view import SeatView
from ..players.seating import Bots
from ..render import state_html, tricks_html
from ..solver import Position
from ..table import seat_name, team_name, team_of
from ..valuing.worlds import side_points
from ..words import action_words, card_words, listed

_EPS = 1e-9
TRIES = 8   # layouts of a sample tried, the most telling first, before a bid's proof gives up


class LineTrick(NamedTuple):
    """One trick of a line: its ``number`` in the hand, the ``plays`` (``(seat, Card)`` in the
    order played, the leader first), the ``winner`` (the engine's), and ``on_table``: how many
    of its cards lay on the table at the decision (only the first trick of a line has any)."""

    number: int
    plays: tuple
    winner: int
    on_table: int = 0

    @property
    def leader(self) -> int:
        return self.plays[0][0]

    def words(self, players: int, trump=None) -> str:
        """The trick in a line of text; with ``trump``, the bowers are named as such."""
        cards = []
        for i, (s, c) in enumerate(self.plays):
            marks = [w for w in (_bower(c, trump), "led" if i == 0 else "") if w]
            cards.append(f"{seat_name(s, players)} {_short(c)}" + (f" ({', '.join(marks)})" if marks else ""))
        won = dict(self.plays)[self.winner]
        if self.on_table:
            head = "on the table " + ", ".join(cards[:self.on_table]) + "; then " + ", ".join(cards[self.on_table:])
        else:
            head = ", ".join(cards)
        return (f"Trick {self.number}: {head}. Won by {seat_name(self.winner, players)}, with {card_words(won)}"
                + (f", the {_bower(won, trump)}." if _bower(won, trump) else "."))


class Line(NamedTuple):
    """One line of play on the proof's layout: the ``action`` chosen at the decision, the
    ``bidding`` after it (``(seat, Action)`` before the first card), the ``tricks`` from the
    decision on (``LineTrick``), the ``final`` state, ``how`` the cards were chosen (``perfect
    play`` or ``the rule-of-thumb players``), and the seat's side's ``tricks`` and ``points``
    (its points less the other sides' average) at the end."""

    action: Action
    bidding: tuple
    tricks: tuple
    final: HandState
    how: str
    side_tricks: int
    side_points: float


class Proof(NamedTuple):
    """A layout that fits what the seat had seen, on which ``chose`` does worse than ``best``.

    ``state`` is the table at the decision on that layout (a ``HandState``; its unseen cards
    are laid as the proof supposes, so it is a picture of the layout, not of the real deal),
    ``hands`` each seat's cards then as masks, ``layout`` the other hands in words, ``claim``
    the sentence the lines prove, ``chose_line`` and ``best_line`` the two ``Line``s; ``real``
    whether the layout is the real deal's (else one the seat could not rule out)."""

    step: int
    seat: int
    chose: Action
    best: Action
    layout: str
    chose_line: Line
    best_line: Line
    claim: str
    state: HandState
    hands: tuple = ()
    real: bool = False

    @property
    def chose_result(self) -> str:
        return self.chose_line.final.result().explanation

    @property
    def best_result(self) -> str:
        return self.best_line.final.result().explanation

    def _head(self) -> str:
        trick = f", trick {len(self.state.tricks) + 1}" if self.state.phase is Phase.PLAY else ""
        return f"Proof for step {self.step}{trick}: {self.claim}"

    def _table_words(self) -> str:
        state, n = self.state, self.state.players
        mine = " ".join(_short(CARDS[i]) for i in ids_of(state.hand_mask(self.seat)))
        how = "The cards as they really lay at your decision" if self.real else \
            "One way the cards could lie at your decision, which you could not rule out"
        words = f"{how}: {seat_name(self.seat, n)} (you) {mine}; {self.layout}"
        if state.phase is Phase.PLAY and state.trick:
            words += "; on the table " + ", ".join(f"{seat_name(s, n)} {_short(c)}" for s, c in state.trick)
        elif state.phase is not Phase.PLAY and state.upcard is not None:
            words += f"; the turn-up {_short(state.upcard)}"
        return words + "."

    def _line_head(self, line: Line, which: str) -> str:
        how = "then the cards by perfect play, every hand face up" if line.how == "perfect play" else \
            "then the cards by the rule-of-thumb players"
        if len(line.bidding) > 1:
            how = "the rest of the bidding by the rule-of-thumb players, " + how
        return f"With {_naming(line.action)} ({which}), {how}:"

    def __str__(self) -> str:
        n = self.state.players
        out = [self._head(), self._table_words()]
        for line, which in ((self.chose_line, "your choice"), (self.best_line, "the best")):
            out.append(self._line_head(line, which))
            if line.bidding:
                out.append("  " + _bidding_words(line, self.state))
            out += ["  " + t.words(n, line.final.trump) for t in line.tricks]  # the trump of this line
            out.append("  " + line.final.result().explanation)
        return "\n".join(out)

    def _repr_html_(self) -> str:
        n, seat = self.state.players, self.seat
        others = frozenset(s for s in range(n) if s != seat)
        parts = [f"<p><b>{escape(self._head())}</b></p>",
                 f"<p>{escape(self._table_words())}</p>",
                 state_html(self.state, seat, shown=others)]
        for line, which in ((self.chose_line, "your choice"), (self.best_line, "the best")):
            parts.append(f"<p>{escape(self._line_head(line, which))}</p>")
            if line.bidding:
                parts.append(f"<p>{escape(_bidding_words(line, self.state))}</p>")
            first = len(self.state.tricks) + 1 if self.state.phase is Phase.PLAY else None
            rows = []
            for t in line.tricks:
                notes = {s: "on the table" for s, _ in t.plays[:t.on_table]}
                if t.number == first:
                    notes[self.state.turn] = which
                rows.append((f"trick {t.number}", t.plays, t.winner, notes))
            parts.append(tricks_html(rows, n, line.final.trump, self.state.active_seats))
            parts.append(f"<p>{escape(line.final.result().explanation)}</p>")
        return "".join(parts)


def _bidding_words(line: Line, before) -> str:
    """The actions before the first card, each with its seat, and every exchange of partner's
    best with both its cards (the proof lays every card face up)."""
    n = before.players
    words = "; ".join(f"{seat_name(s, n)}: {action_words(a)}" for s, a in line.bidding) + "."
    for lone, gift, partner, best in line.final.exchanges[len(before.exchanges):]:
        words += (f" {seat_name(lone, n)} gives {seat_name(partner, n)} {card_words(gift)}, and "
                  f"{seat_name(partner, n)} gives back {card_words(best)}.")
    return words


def _bower(card, trump) -> str:
    """``right bower`` or ``left bower`` for a jack that is one, else nothing."""
    if trump is None or card.is_joker or card.rank != 11 or trump is Suit.NO_TRUMP:
        return ""
    if card.suit == trump:
        return "right bower"
    return "left bower" if card.suit == trump.same_colour else ""


def _short(card) -> str:
    return card_words(card).removeprefix("the ")


def _naming(action) -> str:
    """An action as the subject of a sentence: ``the A♦`` for a card played, else in quotes."""
    if action.kind in ("play", "call"):
        return card_words(action.card)
    return f"“{action_words(action)}”"


# ---- the layout at the decision ----------------------------------------------------------------

def laid_out(before, hands):
    """The state ``before`` (in play) with each seat's cards now as ``hands`` (one mask per
    seat): the same hand so far, the unseen cards laid otherwise (``hand.state.with_hands``), its
    hands as play began changed: each seat keeps the cards it has played."""
    if before.phase is not Phase.PLAY:
        raise ArgumentError(f"a layout is laid out in play; this state is in the {before.phase}")
    return with_hands(before, hands)


VIEW = ("hand", "played", "trick", "tricks", "exposed", "public_history", "gave", "received", "tricks_won")


def fits(before, seat: int, state) -> bool:
    """``state`` looks to ``seat`` exactly as ``before`` does: its hand, every card played, the
    trick on the table, a hand lying face up, every public action, the cards it passed and got."""
    mine, real = SeatView(state, seat), SeatView(before, seat)
    return all(getattr(mine, name) == getattr(real, name) for name in VIEW)


# ---- a line of play ----------------------------------------------------------------------------

def natural_card(state, cards) -> int:
    """Of ``cards`` (card ids the seat whose turn it is may play in ``state``), the natural one:
    the lowest that wins the trick so far for the side choosing it, else the lowest."""
    seat = state.turn
    setup = state.setup
    rank = state.tables.rankings[setup.trump]
    chooser = seat
    if setup.jambone and seat == setup.maker:
        chooser = state.to_act  # a Jambone hand's card is called by an opponent
    side = setup.side >> chooser & 1
    trick = tuple((s, c.id) for s, c in state.trick)

    def wins(c: int) -> bool:
        return (setup.side >> rank.trick_winner(trick + ((seat, c),)) & 1) == side

    winning = [c for c in cards if wins(c)]
    return min(winning or cards, key=lambda c: (rank.power[c], c))


def perfect_cards(state) -> list:
    """The card ids that are best in ``state`` (in play) with every hand face up."""
    pos = Position.of_state(state)
    values = pos.values()
    top = (max if pos.maximising else min)(values.values())
    return [c for c, v in values.items() if v == top]


def line(state, action, seat: int, seed=0) -> Line:
    """The hand from ``state`` after ``action`` to its end (see the module docstring), told
    from ``seat``'s side."""
    start_tricks, on_table = len(state.tricks), len(state.trick) if state.phase is Phase.PLAY else 0
    start_steps = len(state.history)
    now = state.apply(action)
    bots = Bots(state.rules, "rule_of_thumb", seed, hand=1)
    while not now.is_over and now.phase is not Phase.PLAY:
        now = now.apply(bots.choose(now))
    how = "perfect play"
    while not now.is_over:
        try:
            card = natural_card(now, perfect_cards(now))
        except SolverError:
            how = "the rule-of-thumb players"
            now = (bots.play_on(now) or [now])[-1]
            break
        now = now.apply(next(a for a in now.legal_actions() if a.cid == card))
    bidding = tuple((s, a) for s, a in now.steps[start_steps:] if a.kind not in ("play", "call"))
    tricks = tuple(LineTrick(i + 1, t.plays, t.winner, on_table if i == start_tricks else 0)
                   for i, t in enumerate(now.tricks) if i >= start_tricks)
    won, points = side_points(now, seat)
    return Line(action, bidding, tricks, now, how, won, points)


# ---- the proof ---------------------------------------------------------------------------------

def better(b: Line, a: Line) -> bool:
    """``b`` beats ``a`` for the seat: more points, or as many points and more tricks."""
    return b.side_points > a.side_points + _EPS or (abs(b.side_points - a.side_points) <= _EPS
                                                     and b.side_tricks > a.side_tricks)


def prove(step: int, before, seat: int, chose, v, seed=0) -> Proof | None:
    """The proof that ``chose`` was a mistake at ``before``, from its values ``v``: the layout
    among those valued on which ``chose`` falls furthest behind the best, checked by playing both
    lines on it (the next most telling ones tried when a sample's line does not bear it out)."""
    best = v.best.action
    lines = line(before, chose, seat, seed), line(before, best, seat, seed)
    if better(lines[1], lines[0]):  # the real cards prove it: shown before any layout supposed
        return Proof(step, seat, chose, best, layout_words(before, seat), lines[0], lines[1],
                     claim(before, seat, *lines, real=True), before, before.hand_masks, real=True)
    a, b = v.per_layout[chose], v.per_layout[best]
    # the layouts by what the best choice gains on each, the earliest first among equals
    gaps = sorted(range(len(a)), key=lambda k: (b[k][1] - a[k][1], b[k][0] - a[k][0], -k), reverse=True)
    for k in gaps[:TRIES]:
        if b[k][1] - a[k][1] <= _EPS and b[k][0] - a[k][0] <= _EPS:
            break
        layout = v.hands[k]
        state = layout if v.method == "playouts" else laid_out(before, layout)
        if not fits(before, seat, state):
            continue  # a world the seat could rule out (its partner's best came out otherwise)
        lines = line(state, chose, seat, seed), line(state, best, seat, seed)
        if better(lines[1], lines[0]):
            return Proof(step, seat, chose, best, layout_words(state, seat), lines[0], lines[1],
                         claim(state, seat, *lines), state, state.hand_masks)
    return None


def layout_words(state, seat: int) -> str:
    """The other hands of ``state`` in words: ``East K♣ 10♦; South ...``."""
    n = state.players
    parts = []
    for s in state.active_seats:
        if s != seat:
            cards = " ".join(_short(CARDS[i]) for i in ids_of(state.hand_mask(s)))
            parts.append(f"{seat_name(s, n)} {cards or 'no cards'}")
    return "; ".join(parts)


def claim(state, seat: int, a: Line, b: Line, real: bool = False) -> str:
    """What the two lines prove, in words, with their tricks and points; ``real`` when played on
    the real deal's cards, else on a layout the seat could not rule out."""
    size = state.rules.hand_size
    dt = b.side_tricks - a.side_tricks
    what = (f"loses {_count(dt, 'trick')} that {_naming(b.action)} wins" if dt > 0 else
            f"scores less than {_naming(b.action)}, for the same tricks")
    where = "on the cards as they really lay" if real else "one layout you could not rule out from what you had seen"
    return (f"{where}, where {_naming(a.action)} {what}. "
            f"With {_naming(a.action)} your side takes {a.side_tricks} of {size} tricks and "
            f"{_score_words(a.final, seat)}; with {_naming(b.action)} it takes {b.side_tricks} and "
            f"{_score_words(b.final, seat)}.")


def _count(k: int, word: str) -> str:
    return ("a " + word) if k == 1 else f"{k} {word}s"


def _score_words(final, seat: int) -> str:
    n = final.players
    points = final.result().points_by_team
    mine = team_of(seat, n)
    others = [t for t in range(len(points)) if t != mine]
    def pts(p):
        return f"{p} point" + ("" if p == 1 else "s")

    if len(others) == 1:
        return f"scores {pts(points[mine])} to the other side's {points[others[0]]}"
    # three sides or more, as a sentence reads: "scores 0 points, while team B scores 6 and team C 0"
    rest = [f"{team_name(t, n)} {points[t]}" for t in others]
    rest[0] = f"{team_name(others[0], n)} scores {points[others[0]]}"
    return f"scores {pts(points[mine])}, while {listed(rest)}"


__all__ = ["Proof", "Line", "LineTrick", "prove", "line", "laid_out", "natural_card", "perfect_cards", "claim"]

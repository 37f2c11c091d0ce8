"""Hands written as trick rows, and golden transcripts: for ``test_modern``, ``test_modern_6p``
and ``test_seven_handed``.

A row is one trick in seat order, ``--`` for a seat that sits out (``"AC KC -- QC"``). ``build``
deals each seat the column of its cards; ``play_rows`` plays the rows from whoever leads and checks
follow-suit and the winner of every trick against ``referee``. ``step`` checks who is asked and
the legal actions (as a set) before it answers.
"""
from __future__ import annotations

import os
from pathlib import Path

from referee import may_play, trick_winner

from euchre_lessons import Deal, HandState

GOLDEN = Path(__file__).resolve().parent / "golden_modern"


def legal(s) -> set:
    return {str(a) for a in s.legal_actions()}


def step(s, seat, options, action):
    """Assert who is asked and what he may choose, then take ``action``."""
    assert s.to_act == seat, (s.phase, s.to_act, seat)
    if options is not None:
        assert legal(s) == set(options), (s.phase, seat)
    return s.apply(action)


def asked(s) -> list:
    """``(phase, seat)`` of every step taken so far, in order."""
    out = []
    while s.undo() is not s:
        s = s.undo()
        out.append((s.phase, s.to_act))
    return out[::-1]


# ---- hands written as rows ------------------------------------------------------------------

def suit_rows(groups, winners, seats, n):
    """Tricks of one suit each: the first card of a group goes to its winner, the rest to the
    other active seats in seat order. Returns rows of ``n`` seats (``--`` for inactive seats)."""
    rows = []
    for group, w in zip(groups, winners):
        cs = group.split()
        row = ["--"] * n
        row[w] = cs[0]
        for seat, card in zip([x for x in seats if x != w], cs[1:]):
            row[seat] = card
        rows.append(" ".join(row))
    return rows


def column(rows, seat) -> list:
    return [r.split()[seat] for r in rows if r.split()[seat] != "--"]


def build(rows, up, rs, dealer=0, add=None, drop=None):
    """A deal whose hands are the columns of ``rows``, less ``drop`` and plus ``add`` per seat."""
    add, drop = add or {}, drop or {}
    hands = []
    for seat in range(rs.players):
        hand = [c for c in column(rows, seat) if c not in drop.get(seat, "").split()]
        hands.append(" ".join(hand + add.get(seat, "").split()))
    return Deal.from_hands(rs, hands, upcard=up, dealer=dealer)


def play_rows(s, rows):
    """Play the tricks of ``rows`` from whoever leads, checking follow-suit and the winner.
    A Jambone player's cards are called: by his left opponent when he leads, his right when he
    follows (seat +1 and seat -1: J3, and J4 step 12 with six, where seat -1 is seat +5)."""
    n = s.players
    trump = s.trump.letter
    for row in rows:
        cards_ = row.split()
        active = [x for x in range(n) if cards_[x] != "--"]
        assert sorted(s.active_seats) == active, row
        assert not s.trick
        leader = s.turn
        for k in range(n):
            seat = (leader + k) % n
            if cards_[seat] == "--":
                continue
            assert s.turn == seat, (row, s.turn, seat)
            card = cards_[seat]
            expected = may_play([str(c) for c in s.hand(seat)], [str(c) for _, c in s.trick], trump,
                                s.rules.joker_no_trump_play == "any_time")
            if s.jambone and seat == s.maker:
                caller = (seat + 1) % n if not s.trick else (seat - 1) % n
                assert s.to_act == caller, (row, s.to_act, caller)
                assert legal(s) == {f"call {c}" for c in expected}
                s = s.apply(f"call {card}")
            else:
                assert s.to_act == seat
                assert legal(s) == {f"play {c}" for c in expected}, (row, seat)
                s = s.apply(f"play {card}")
        plays, _, won = s.tricks[-1]
        assert won == trick_winner([(x, str(c)) for x, c in plays], trump), row
    return s


# ---- golden playthroughs in tests/golden_modern ----------------------------------------------

def team_summary(s, result) -> str:
    return f"tricks by seat {result.tricks_by_seat}; points by team {result.points_by_team}"


def transcript(state, summary=team_summary) -> str:
    """The hand step by step: who is asked, in which phase, what is legal, what he chose; then
    the line ``summary(final state, result)`` and the explanation of the result."""
    s = HandState.start(state.deal)
    lines = [str(state.deal)]
    for action in state.history:
        lines.append(f"{s.describe_seat(s.to_act)} | {s.phase} | {', '.join(map(str, s.legal_actions()))} "
                     f"-> {action}")
        before = len(s.tricks)
        s = s.apply(action)
        if len(s.tricks) > before:
            plays, _, won = s.tricks[-1]
            lines.append(f"  trick {len(s.tricks)}: {' '.join(str(c) for _, c in plays)} won by "
                         f"{s.describe_seat(won)}")
    result = s.result()
    lines.append(summary(s, result))
    lines.append(result.explanation)
    return "\n".join(lines) + "\n"


def check_golden(name: str, state, summary=team_summary) -> None:
    """Compare the transcript with ``golden_modern/<name>.txt``; with the environment variable
    ``EUCHRE_LESSONS_WRITE_GOLDEN`` set, write it there first."""
    path = GOLDEN / f"{name}.txt"
    text = transcript(state, summary)
    if os.environ.get("EUCHRE_LESSONS_WRITE_GOLDEN"):
        path.write_text(text, encoding="utf-8")
    assert path.read_text(encoding="utf-8") == text

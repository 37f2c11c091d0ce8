"""rule book section H, column B (Foster's Railroad), as played hands.

Each row is a deal built with ``Deal.from_hands``, the decisions that lead to play, and every card
played, one trick per ``|``; the score must be the one the rule book gives. Seats: the dealer D is
seat 0, E = 1, P = 2, Q = 3; points are (North-South, East-West). A ``jambone?`` in the set-up
declines the Jambone where the agreement offers it (``hoyle_railroad_full``) and is skipped where
it does not.
"""
from __future__ import annotations

from dataclasses import dataclass

import pytest

from euchre_lessons import Deal, HandState, Phase, rules, scoring

BOTH = ("hoyle_railroad", "hoyle_railroad_full")
FULL = ("hoyle_railroad_full",)


@dataclass(frozen=True)
class Row:
    number: str
    presets: tuple
    hands: tuple
    up: str
    setup: str        # decisions before play, separated by commas
    line: str         # the cards played, trick by trick
    points: tuple     # (North-South, East-West)
    table: str        # the K15 table; * marks rows whose table has its own test below


PARTNERSHIP = ("9C TC QC KD 9S", "JH AH 9D KS AS", "JK TH AC QD TS", "JD QH KC AD QS")
STRONG_EW = ("9C TC 9D TD 9S", "JK JH JD AH AS", "TH QH QC QD TS", "AC AD KS KC KD")
LONE = ("9C TC 9D TD KD", "JK JH AH KC 9S", "JD TH QC QD TS", "AC AD AS KS QS")
LONE_SETUP = "order up, alone, give 9S, jambone?, pass, pass, discard 9C"
STRONG_D = ("JK JH AH KH AS", "JD TH AC KD QS", "9C TC 9D TD 9S", "QC KC AD TS KS")
VS_LONE = "pass, pass, pass, take up, alone no exchange, jambone?, defend alone no exchange"
TWO_FOR_D = ("JK AC AS 9D 9S", "JH JD AH KH QS", "TC QC TD QD TS", "JC KC AD TH KS")
NONE_FOR_D = ("9C TC QC 9S AS", "JK JH AH KH KD", "TH JD QD TD TS", "JC KC AD QS KS")
PAT = ("9C TC QC KC AC", "JK JH AH KH AS", "JD TH 9D TD QD", "KD AD 9S TS QS")
WEAK_E = ("JH JD TC QC KC", "JK TH 9S 9C 9D", "AC AD AS KD KS", "QH TS QS TD QD")
JAMBONE = ("TH TC JC 9D TD", "AC KC QC AD KD", "JK JH AH 9C 9S", "TS QS KS AS JD")
JAMBOREE = ("9C TC QC KC AC", "JK JH JD AH KH", "9D TD QD KD AD", "QH TH QS AS JS")
DEFENDER_JAMBOREE = ("9C TC QC KC AC", "QH TH 9S TS QS", "JK JH JD AH KH", "9D TD QD KD AD")

ROWS = [
    Row("1", BOTH, PARTNERSHIP, "KH", "order up, with partner, discard 9C",
        "9D QD AD KD | KC TC JH AC | KS TS QS 9S | AS TH QH KH | QC AH JK JD", (0, 1), "partnership"),
    Row("2", BOTH, STRONG_EW, "9H", "order up, with partner, discard 9C",
        "JD TH KC 9H | JH QH AC TC | AH QC KD 9D | AS TS KS 9S | JK QD AD TD", (0, 2), "partnership"),
    Row("3", BOTH, PARTNERSHIP, "KH", "order up, with partner, discard 9C",
        "JH JK JD KH | AC KC TC 9D | TS QS 9S KS | AS TH AD QC | QD QH KD AH", (2, 0), "partnership"),
    Row("4", BOTH, STRONG_EW, "9H", "pass, assist, with partner, discard 9C",
        "JD TH KC 9H | JH QH AC TC | AH QC KD 9D | AS TS KS 9S | JK QD AD TD", (0, 2), "partnership"),
    Row("5", BOTH, LONE, "9H", LONE_SETUP,
        "KC QC TC | JH TH 9H | AH JD 9D | QD TD AS | TS KD JK", (0, 1), "lone hand"),
    Row("6", BOTH, LONE, "9H", LONE_SETUP,
        "KC QC TC | JH JD 9H | AH TH 9D | AS TS TD | JK QD KD", (0, 4), "lone hand"),
    Row("7", BOTH, LONE, "9H", LONE_SETUP,
        "JH TH 9H | AH JD TC | QD 9D KC | QC TD AS | TS KD JK", (2, 0), "lone hand"),
    Row("8", BOTH, STRONG_D, "9H", VS_LONE + ", discard AS",
        "AC 9H | JH JD | KH TH | AH KD | JK QS", (4, 0), "lone hand*"),
    Row("9", BOTH, STRONG_D, "9H", VS_LONE + ", discard AS",
        "AC JH | 9H TH | JD KH | KD AH | JK QS", (1, 0), "lone hand*"),
    Row("10", BOTH, TWO_FOR_D, "9H", VS_LONE + ", discard 9D",
        "JD 9H | JH JK | AC KH | AH 9S | QS AS", (0, 4), "lone against lone"),
    Row("11", BOTH, NONE_FOR_D, "9H", VS_LONE + ", discard 9C",
        "KD TC | JH 9H | KH QC | AH 9S | JK AS", (0, 4), "lone against lone"),
    Row("12", FULL, PAT, "9H", "order up, alone pat, pass, discard 9C",
        "JH JD 9H | KH TH TC | AH 9D QC | AS TD KC | JK QD AC", (0, 5), "pat hand"),
    Row("13", FULL, PAT, "9H", "order up, alone pat, pass, discard 9C",
        "JH JD 9H | AS TH TC | 9D QC KH | AH TD KC | JK QD AC", (1, 0), "pat hand"),
    Row("14", FULL, WEAK_E, "AH", "order up, alone pat, pass, discard TC",
        "9C AC QC | KD JD 9D | KC TH AD | 9S KS JH | AH JK AS", (3, 0), "pat hand"),
    Row("15", FULL, JAMBONE, "9H", "pass, assist, alone, give 9S, jambone",
        "KD TH TS | JH JD QC | AH QS KC | JK KS AC | 9C AS AD", (8, 0), "Jambone"),
    Row("15 pat", FULL, STRONG_D, "9H", "pass, pass, pass, take up, alone pat, jambone",
        "AC QC JH | KH TH KC | AS QS TS | JK JD AD | AH KD KS", (8, 0), "Jambone"),
    Row("16", FULL, JAMBONE, "9H", "pass, assist, alone, give 9S, jambone",
        "QC 9C JD | TS KC TH | JH QS AC | AH KS KD | JK AS AD", (1, 0), "Jambone"),
    Row("17", FULL, WEAK_E, "AH", "order up, alone, give 9D, jambone, discard TC",
        "9C AC QC | KD KC TH | QH AD JD | JH JK KS | 9S AS AH", (2, 0), "Jambone"),
    Row("18", FULL, JAMBOREE, "9H", "order up, with partner, discard 9C, jamboree", "", (0, 16), "Jamboree"),
    Row("19", FULL, JAMBOREE, "9H", "order up, alone pat, jambone, discard 9C, jamboree", "", (0, 16), "Jamboree"),
    Row("20-21", BOTH, DEFENDER_JAMBOREE, "9H", "order up, with partner, discard 9C",
        "TH JD 9D 9H | JH TD TC QH | KH QD QC 9S | AH KD KC TS | JK AD AC QS", (2, 0), "partnership"),
]


def setup(state, text: str):
    for action in (a.strip() for a in text.split(",")):
        if action == "jambone?":
            if state.phase is Phase.JAMBONE:
                state = state.apply("pass")
            continue
        state = state.apply(action)
    return state


def play_line(state, line: str):
    """Play every card of ``line``; each ``|`` must close a trick."""
    for trick in (t for t in line.split("|") if t.strip()):
        for card in trick.split():
            assert state.phase is Phase.PLAY
            state = state.apply(f"play {card}")      # a Jambone caller's "play" is read as his call
        assert state.trick == (), f"the trick {trick!r} is not complete"
    return state


def played(row: Row, preset: str, **knobs):
    r = rules.load(preset).replace(**knobs) if knobs else preset
    s = setup(HandState.start(Deal.from_hands(r, list(row.hands), upcard=row.up)), row.setup)
    assert s.phase is (Phase.DONE if not row.line else Phase.PLAY)
    s = play_line(s, row.line)
    assert s.is_over
    return s


CASES = [pytest.param(row, preset, id=f"row {row.number}-{preset}") for row in ROWS for preset in row.presets]


@pytest.mark.parametrize("row, preset", CASES)
def test_section_h_column_b(row, preset):
    s = played(row, preset)
    result = s.result()
    assert result.points_by_team == row.points, result.explanation
    if not row.table.endswith("*"):
        assert result.score.table == row.table
    if row.table == "Jamboree":
        assert s.tricks == ()                           # no play: the 16 and nothing else


def row(number: str) -> Row:
    return next(r for r in ROWS if r.number == number)


@pytest.mark.parametrize("number", ["8", "9"])
def test_k15_a_lone_hand_made_against_a_lone_defender_is_scored_by_the_lone_against_lone_table(number):
    # K15: "... the pat table; lone maker against a lone defender; lone maker; ..." - the first
    # that applies is the lone-against-lone table, whether the maker is euchred or not (B6: the
    # values are the same as a lone hand's, "opposed or not").
    result = played(row(number), "hoyle_railroad").result()
    assert result.outcome.defended_alone
    assert result.score.table == "lone against lone", result.explanation


@pytest.mark.parametrize("preset", BOTH)
@pytest.mark.parametrize("knobs, points", [({}, (2, 0)),
                                           ({"railroad_lone_euchre_4_scope": "any_lone_hand"}, (4, 0)),
                                           ({"lone_euchre_points": 4}, (4, 0))])
def test_row_7_a_lone_hand_euchred_without_a_lone_defender(preset, knobs, points):
    assert played(row("7"), preset, **knobs).result().points_by_team == points


@pytest.mark.parametrize("three_four, points", [("adversaries_1_only", (1, 0)), ("both_score_1", (1, 1))])
def test_row_13_a_pat_hand_that_takes_four(three_four, points):
    assert played(row("13"), "hoyle_railroad_full", pat_hand_three_four=three_four).result().points_by_team == points


@pytest.mark.parametrize("penalty, points", [("defenders_plus_2", (2, 0)), ("makers_minus_2", (0, -2)),
                                             ("both", (2, -2))])
def test_row_17_a_euchred_jambone_loses_two(penalty, points):
    assert played(row("17"), "hoyle_railroad_full", jambone_euchre_penalty=penalty).result().points_by_team == points


@pytest.mark.parametrize("number, points", [("14", (3, 0)), ("17", (2, 0)), ("10", (0, 4))])
def test_the_broad_four_point_euchre_never_changes_pat_or_jambone(number, points):
    s = played(row(number), "hoyle_railroad_full", railroad_lone_euchre_4_scope="any_lone_hand")
    assert s.result().points_by_team == points


@pytest.mark.parametrize("number, before, points, completed, games_won, after", [
    ("6", (1, 3), (0, 4), 1, (0, 1), (0, 2)),       # row 22: 3-1, lone march: game won, 2 carried
    ("6", (0, 3), (0, 4), 1, (0, 2), (0, 2)),       # row 23: 3-0, lone march: a slam, 2 carried
    ("15", (4, 0), (8, 0), 2, (4, 0), (2, 0)),      # row 24: 4-0, Jambone 8: two slams, 2 carried
])
def test_rows_22_to_24_a_played_hand_applied_to_the_game(number, before, points, completed, games_won, after):
    result = played(row(number), "hoyle_railroad_full").result()
    assert result.points_by_team == points
    update = scoring.add_hand("hoyle_railroad_full", before, points, makers=result.maker_team)
    assert (update.games_completed, update.games_won, update.after) == (completed, games_won, after)

"""Bad input, tried as a new user would: every case is refused with the right kind of error, the
message quotes the input as it was written, and nothing it touched has changed.

One table, ``CASES``: each row calls the API (or the command line) with one bad input. A row
names the error kind it expects (``CLI`` for the command line: exit status 2 and one line on
stderr), the text the message must quote, and the values it touches (``env``): hand states,
rule sets, deals, outcomes and files, compared before and after (a state with ``==`` against
its replay and by ``repr``, a rule set by its knobs and ``repr``, a file by its bytes).
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from euchre_lessons import (
    Card,
    ConstraintError,
    Deal,
    DealError,
    EuchreError,
    HandState,
    IllegalActionError,
    NotationError,
    NotExactError,
    Outcome,
    PlaySession,
    RuleSet,
    RuleSetError,
    ScoringError,
    SolverError,
    deal,
    events,
    game,
    players,
    probability,
    record,
    rules,
    scoring,
    simulate,
    solver,
)
from euchre_lessons.constrained import deal_where
from euchre_lessons.delivery import commands
from euchre_lessons.errors import ArgumentError, NotOverError, PlayerError
from euchre_lessons.events import both_bowers, holds, holds_all, holds_joker, right_bower, seat
from euchre_lessons.players import RandomPlayer
from euchre_lessons.teaching import RuleComparison

CLI = "the command line"
LEVELS_NAMED = "players are random, rule_of_thumb; levels are beginner, club, expert"

# Dealer North (0); East (1) is eldest, South (2) the dealer's partner, West (3); 9H turned up.
HEARTS_LED = Deal.from_hands(
    "standard", ["9C TC QC KC AC", "AH KH QH TH 9S", "JD 9D TD QS KS", "JH AD KD AS TS"], upcard="9H", dealer=0)
GOOD_DEAL = str(HEARTS_LED)


def drive(d, *actions) -> HandState:
    s = HandState.start(d)
    for action in actions:
        s = s.apply(action)
    return s


STICK = rules.load("standard").replace(stick_the_dealer=True)
START = HandState.start(HEARTS_LED)
FOLLOW = drive(HEARTS_LED, "order up", "with partner", "discard 9C", "play AH")     # South must follow hearts
DISCARD = drive(HEARTS_LED, "order up", "with partner")                              # North discards
ROUND2 = drive(HEARTS_LED, "pass", "pass", "pass", "pass")                           # hearts turned down
STUCK = drive(deal(STICK, seed=1), *["pass"] * 7)                                    # the dealer is stuck
SEVEN_CARDS = "9C TC JC QC KC AC 9D"


def deal_text(hands: list, up: str = "AS", rest: str = "9S TS JS") -> str:
    return f"standard | dealer 0 | {' / '.join(hands)} | up {up} | rest {rest}"


FINE_HANDS = ["9C TC JC QC KC", "9D TD JD QD KD", "9H TH JH QH KH", "AC AD AH QS KS"]


@dataclass
class Bad:
    """One bad input. ``call(env)`` makes the call (for ``CLI``: returns the arguments);
    ``env(tmp_path)`` builds the values the call touches."""

    id: str
    call: Callable
    kind: object
    quoted: str
    env: Callable = field(default=lambda tmp: {})
    marks: tuple = ()


def toml_file(text: str, name: str = "house.toml"):
    def build(tmp: Path) -> dict:
        path = tmp / name
        path.write_text(text, encoding="utf-8")
        return {"file": path, "standard": rules.load("standard")}
    return build


def _written(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


def with_state(s: HandState, **more):
    return lambda tmp: {"state": s, **more}


def rule_set(name: str):
    return lambda tmp: {"rules": rules.load(name)}


def _randoms() -> list:
    return [RandomPlayer(s) for s in range(4)]


def outcome_under(name: str, outcome: Outcome) -> Bad:
    return Bad(f"score {outcome!r} under {name}", lambda env: scoring.score(env["rules"], env["outcome"]),
               ScoringError, repr(outcome), lambda tmp: {"rules": rules.load(name), "outcome": outcome})


CASES = [
    # ---- malformed cards and actions: NotationError ----------------------------------------
    Bad("card ZZ", lambda env: Card.parse("ZZ"), NotationError, "'ZZ'"),
    Bad("card 1X", lambda env: Card.parse("1X"), NotationError, "'1X'"),
    Bad("card empty", lambda env: Card.parse(""), NotationError, "''"),
    Bad("card a number", lambda env: Card.parse(42), NotationError, "42"),
    Bad("action dance", lambda env: env["state"].apply("dance"), NotationError, "'dance'", with_state(START)),
    Bad("action play ZZ", lambda env: env["state"].apply("play ZZ"), NotationError, "'ZZ'", with_state(FOLLOW)),
    Bad("action make purple", lambda env: env["state"].apply("make purple"), NotationError, "'purple'",
        with_state(ROUND2)),

    # ---- illegal actions: IllegalActionError -----------------------------------------------
    Bad("not following suit", lambda env: env["state"].apply("play QS"), IllegalActionError, "QS",
        with_state(FOLLOW)),
    Bad("discarding the turn-up", lambda env: env["state"].apply("discard 9H"), IllegalActionError, "9H",
        with_state(DISCARD)),
    Bad("naming the turned-down suit", lambda env: env["state"].apply("make hearts"), IllegalActionError, "hearts",
        with_state(ROUND2)),
    Bad("the stuck dealer passes", lambda env: env["state"].apply("pass"), IllegalActionError, "pass",
        with_state(STUCK, rules=STICK)),
    Bad("a card in the first round", lambda env: env["state"].apply("play AH"), IllegalActionError, "AH",
        with_state(START)),
    Bad("a bid without an auction", lambda env: env["state"].apply("bid 5"), IllegalActionError, "bid 5",
        with_state(START)),

    # ---- deals: NotationError for junk, DealError for cards that cannot be dealt ------------
    Bad("deal junk", lambda env: Deal.parse("junk"), NotationError, "'junk'"),
    Bad("deal a card twice", lambda env: Deal.parse(deal_text(["9C 9C TC JC QC"] + FINE_HANDS[1:], rest="9S TS JS KC")),
        DealError, "9C is dealt twice"),
    Bad("deal a short hand", lambda env: Deal.parse(deal_text(["9C TC JC QC"] + FINE_HANDS[1:], rest="9S TS JS KC")),
        DealError, "9C TC JC QC"),
    Bad("deal a card not in the pack",
        lambda env: Deal.parse(deal_text(["2C TC JC QC KC"] + FINE_HANDS[1:], rest="9S TS JS 9C")), DealError, "2C"),
    Bad("deal three hands", lambda env: Deal.from_hands("standard", FINE_HANDS[:3], upcard="AS"), DealError, "3"),
    Bad("deal to seat 4", lambda env: deal("standard", seed=1, dealer=4), DealError, "4"),
    # text is read as a deal's line, so junk text is malformed notation
    Bad("start from text", lambda env: HandState.start("not a deal"), NotationError, "'not a deal'"),
    Bad("start from a number", lambda env: HandState.start(42), DealError, "42"),
    Bad("result before the end", lambda env: env["state"].result(), NotOverError, "first round", with_state(START)),

    # ---- rule files and knobs: RuleSetError ------------------------------------------------
    Bad("rule file unknown key", lambda env: rules.load(env["file"]), RuleSetError, "'stick_the_dealr'",
        toml_file('extends = "standard"\nstick_the_dealr = true\n')),
    Bad("rule file wrong value", lambda env: rules.load(env["file"]), RuleSetError, "laps = 3",
        toml_file('extends = "standard"\nlaps = 3\n', "laps.toml")),
    Bad("rule file invalid TOML", lambda env: rules.load(env["file"]), RuleSetError, "broken.toml",
        toml_file('extends = "standard"\ngame_target = \n', "broken.toml")),
    Bad("preset nope", lambda env: rules.load("nope"), RuleSetError, "'nope'"),
    Bad("five players", lambda env: env["rules"].replace(players=5), RuleSetError, "players = 5", rule_set("standard")),
    Bad("seven players on a turn-up", lambda env: env["rules"].replace(players=7), RuleSetError, "players = 7",
        rule_set("standard")),
    Bad("pat hands without laps", lambda env: env["rules"].replace(pat_hand_rule=True), RuleSetError,
        "pat_hand_rule = true", rule_set("standard")),
    Bad("game to 0", lambda env: env["rules"].replace(game_target=0), RuleSetError, "game_target = 0",
        rule_set("standard")),
    Bad("a trump order not allowed", lambda env: env["rules"].replace(trump_order="sideways"), RuleSetError,
        "sideways", rule_set("modern_railroad")),
    Bad("an unknown knob", lambda env: env["rules"].replace(stick_the_dealr=True), RuleSetError, "'stick_the_dealr'",
        rule_set("standard")),

    # ---- constraints: ConstraintError ------------------------------------------------------
    Bad("right bower in two seats",
        lambda env: deal_where(env["rules"], seat(0, right_bower("hearts")) & seat(1, right_bower("hearts")), seed=1),
        ConstraintError, "seat 0 holds the right bower in hearts and seat 1 holds the right bower in hearts",
        rule_set("standard")),
    Bad("six cards in a five-card hand",
        lambda env: deal_where(env["rules"], seat(2, holds_all("9H TH JH QH KH AH")), seed=1), ConstraintError,
        "holds all of 9H TH JH QH KH AH", rule_set("standard")),
    Bad("a card not in the pack", lambda env: deal_where(env["rules"], seat(0, holds("2H")), seed=1),
        ConstraintError, "2H", rule_set("standard")),
    Bad("the Joker in a pack without one", lambda env: deal_where(env["rules"], holds_joker, seat=1, seed=1),
        ConstraintError, "holds the Joker", rule_set("standard")),
    Bad("bowers both ways", lambda env: deal_where(env["rules"], seat(0, both_bowers("hearts"))
                                                   & seat(3, both_bowers("diamonds")), seed=1),
        ConstraintError, "two places", rule_set("modern_railroad")),
    Bad("no tries", lambda env: deal_where(env["rules"], seat(0, holds("JH")), seed=1, max_tries=0),
        ConstraintError, "max_tries=0", rule_set("standard")),
    Bad("a hand event without a seat", lambda env: deal_where(env["rules"], holds("JH"), seed=1),
        ConstraintError, "holds JH", rule_set("standard")),

    # ---- scoring: ScoringError, quoting the outcome ----------------------------------------
    outcome_under("standard", Outcome(6)),
    outcome_under("modern_railroad", Outcome(8)),
    outcome_under("standard", Outcome(-1)),
    outcome_under("standard", Outcome(3, tricks=7)),
    outcome_under("standard", Outcome(3, defender_tricks=(1,))),
    outcome_under("standard", Outcome(3, defender_tricks=(1, 1))),
    outcome_under("modern_railroad_6p", Outcome(3)),
    outcome_under("hoyle_railroad", Outcome(5, alone=True, pat=True)),
    outcome_under("hoyle_railroad", Outcome(5, alone=True, jambone=True)),
    outcome_under("hoyle_railroad", Outcome(0, jamboree="makers")),
    outcome_under("standard", Outcome(2, alone=True, defended_alone=True)),
    outcome_under("modern_railroad", Outcome(7, jambone=True)),
    outcome_under("hoyle_railroad_full", Outcome(5, pat=True)),
    outcome_under("hoyle_railroad", Outcome(3, defended_alone=True)),
    outcome_under("hoyle_railroad_full", Outcome(2, alone=True, defended_alone=True, pat=True)),
    outcome_under("hoyle_seven_handed", Outcome(5, tricks=7)),
    outcome_under("hoyle_seven_handed", Outcome(5, bid=8)),
    outcome_under("hoyle_seven_handed", Outcome(4, alone=True, bid=4)),
    outcome_under("standard", Outcome(3, bid=4)),
    outcome_under("modern_railroad", Outcome(5, jamboree="everyone")),
    outcome_under("modern_railroad", Outcome(3, jamboree="makers")),
    outcome_under("modern_railroad", Outcome(4, jamboree="defenders")),
    Bad("add_hand with three teams' points", lambda env: scoring.add_hand(env["rules"], (0, 0), (1, 0, 0)),
        ScoringError, "(1, 0, 0)", rule_set("standard")),
    Bad("add_hand with a score in words", lambda env: scoring.add_hand(env["rules"], "ten-nil", (1, 0)),
        ScoringError, "'ten-nil'", rule_set("standard")),
    Bad("add_hand six players, two teams", lambda env: scoring.add_hand(env["rules"], (0, 0, 0), (2, 0)),
        ScoringError, "(2, 0)", rule_set("modern_railroad_6p")),
    Bad("add_hand seven-handed", lambda env: scoring.add_hand(env["rules"], (0,) * 7, (4,) * 7),
        ScoringError, "hoyle_seven_handed", rule_set("hoyle_seven_handed")),
    Bad("a game for three players", lambda env: game.play_game(env["rules"], [RandomPlayer(s) for s in range(3)]),
        PlayerError, "3 players", rule_set("standard")),
    Bad("a game from a bad score", lambda env: game.play_game(env["rules"], [RandomPlayer(s) for s in range(4)],
                                                              start_score=(1, 2, 3)),
        ScoringError, "(1, 2, 3)", rule_set("standard")),

    # ---- the computer's level ---------------------------------------------------------------
    Bad("make an unknown level", lambda env: players.make("bogus"), PlayerError, "'bogus': " + LEVELS_NAMED),
    Bad("make the expert with a budget below zero", lambda env: players.make("expert", 1, worlds=-1), PlayerError,
        "worlds=-1: give a whole number of worlds, 1 or more"),
    Bad("make the expert with no worlds", lambda env: players.make("expert", 1, worlds=0), PlayerError, "worlds=0"),
    Bad("a play session at an unknown level", lambda env: PlaySession("standard", players="bogus"), PlayerError,
        "'bogus': " + LEVELS_NAMED),
    Bad("a play session moved to an unknown level", lambda env: env["session"].with_players("bogus"), PlayerError,
        "'bogus': " + LEVELS_NAMED, lambda tmp: {"session": PlaySession("standard", seed=2)}),
    Bad("a play session, one bogus level per team", lambda env: PlaySession("standard", players=("expert", "bogus")),
        PlayerError, "'bogus': " + LEVELS_NAMED),

    # ---- probability and the solver --------------------------------------------------------
    Bad("exact of a misspelt event", lambda env: probability.exact("standard", events.parse("holds_jokr")),
        NotationError, "'holds_jokr'"),
    Bad("exact of a card that is not one", lambda env: probability.exact("standard", events.holds("ZZ")),
        NotationError, "'ZZ'"),
    Bad("exact of two seats", lambda env: probability.exact("standard", seat(0, holds("JH")) & seat(1, holds("JD"))),
        NotExactError, "seat 0 holds JH (jack of hearts) and seat 1 holds JD (jack of diamonds)"),
    Bad("solve before play", lambda env: solver.solve(env["state"]), SolverError, "first round", with_state(START)),
    Bad("solve a word", lambda env: solver.solve("x"), SolverError, "'x' of type str"),
    Bad("solve a number", lambda env: solver.solve(42), SolverError, "42 of type int"),
    Bad("solver value of a deal", lambda env: solver.value(env["deal"]), SolverError, "of type Deal",
        lambda tmp: {"deal": HEARTS_LED}),
    # an event given as text is read by events.parse: a misspelt one is malformed notation
    Bad("exact of a misspelt event in words", lambda env: probability.exact("standard", "holds_jokr"),
        NotationError, "'holds_jokr'"),
    Bad("exact of an event in plain English", lambda env: probability.exact("hoyle_railroad", "holds the Joker"),
        NotationError, "'holds the Joker'"),
    Bad("estimate of a misspelt event in words", lambda env: probability.estimate("standard", "holds_jokr", n=10),
        NotationError, "'holds_jokr'"),
    Bad("estimate given a misspelt condition",
        lambda env: probability.estimate("standard", "holds_joker", n=10, given="void_in(\"purple\")"),
        NotationError, "'purple'"),

    # ---- the command line: exit status 2, one line on stderr -------------------------------
    Bad("cli simulate --hands 0", lambda env: ["simulate", "--hands", "0"], CLI, "'0'"),
    Bad("cli simulate --hands many", lambda env: ["simulate", "--hands", "many"], CLI, "'many'"),
    Bad("cli simulate --workers 0", lambda env: ["simulate", "--workers", "0", "--hands", "5"], CLI, "'0'"),
    Bad("cli rules file does not exist", lambda env: ["deal", "--rules", "./nope.toml"], CLI, "'./nope.toml'"),
    Bad("cli unknown preset", lambda env: ["deal", "--rules", "nope"], CLI, "'nope'"),
    Bad("cli negative seed", lambda env: ["deal", "--seed", "-3"], CLI, "'-3'"),
    Bad("cli seed not a number", lambda env: ["deal", "--seed", "seven"], CLI, "'seven'"),
    Bad("cli unknown option", lambda env: ["deal", "--frobnicate"], CLI, "--frobnicate"),
    Bad("cli unknown command", lambda env: ["shuffle"], CLI, "'shuffle'"),
    Bad("cli unknown players", lambda env: ["simulate", "--players", "genius", "--hands", "5"], CLI, "'genius'"),
    Bad("cli deal players", lambda env: ["deal", "--players", "genius"], CLI, "'genius'"),
    Bad("cli deal at an unknown level", lambda env: ["deal", "--players", "bogus"], CLI,
        "'bogus' (choose from 'rule_of_thumb', 'random', 'beginner', 'club', 'expert')"),
    Bad("cli simulate at an unknown level", lambda env: ["simulate", "--players", "expert,bogus", "--hands", "5"], CLI,
        "'bogus' is not a player; give a player (rule_of_thumb, random) or a level (beginner, club, expert)"),
    Bad("cli app at an unknown level", lambda env: ["app", "play", "--level", "bogus", "--no-browser"], CLI,
        "--level 'bogus': no such level; give beginner, club, expert"),
    Bad("cli app level for an app without computer players",
        lambda env: ["app", "scores", "--level", "expert", "--no-browser"], CLI, "app scores takes no --level"),
    Bad("cli dealer off the table", lambda env: ["deal", "--dealer", "9"], CLI, "9"),
    Bad("cli diff unknown preset", lambda env: ["rules", "--diff", "standard", "standrad"], CLI, "'standrad'"),
    Bad("cli rule file with an unknown key", lambda env: ["rules", str(env["file"])], CLI, "'stick_the_dealr'",
        toml_file('extends = "standard"\nstick_the_dealr = true\n')),
    Bad("cli rule file, two problems", lambda env: ["simulate", "--rules", str(env["file"]), "--hands", "5"], CLI,
        "laps = 3", toml_file('extends = "standard"\nlaps = 3\ngame_target = 0\n', "two.toml")),
    Bad("cli csv into a missing folder",
        lambda env: ["simulate", "--hands", "5", "--csv", str(env["file"])], CLI, "missing",
        lambda tmp: {"file": tmp / "missing" / "hands.csv"}),

    # ---- arguments, records and ids (ArgumentError, NotationError, DealError) --------------------
    Bad("simulate a negative count", lambda env: simulate.hands("standard", -1), ArgumentError, "n = -1"),
    Bad("estimate no deals", lambda env: probability.estimate("modern_railroad", holds_joker, n=0), ArgumentError,
        "n=0"),
    Bad("summary one deal", lambda env: RuleComparison.summary("standard", "standard", hands=1), ArgumentError,
        "hands=1"),
    Bad("card id out of range", lambda env: Card.from_id(999), NotationError, "999"),
    Bad("hands not a list", lambda env: Deal.from_hands("standard", None), DealError, "None"),
    Bad("record file missing", lambda env: record.read(env["file"]), NotationError, "missing.json",
        lambda tmp: {"file": tmp / "missing.json"}),
    Bad("record actions null", lambda env: record.from_json('{"format": "euchre-lessons hand record 1", '
                                                            '"rules": "standard", "deal": "x", "actions": null}'),
        NotationError, "actions is null"),
    Bad("record knobs a list", lambda env: record.from_json('{"format": "euchre-lessons hand record 1", '
                                                            '"rules": "standard", "deal": "x", "actions": [], '
                                                            '"knobs": [1]}'),
        NotationError, "knobs is [1]"),
    Bad("record saving nothing", lambda env: record.save(None, env["file"]), NotationError, "NoneType",
        lambda tmp: {"file": tmp / "never.json"}),
    Bad("cli app no pupils", lambda env: ["app", "play", "--max-pupils", "0", "--no-browser"], CLI, "--max-pupils 0"),
    Bad("cli app short token", lambda env: ["app", "play", "--token", "abc", "--no-browser"], CLI, "--token 'abc'"),
    Bad("cli app unknown seat", lambda env: ["app", "play", "--seat", "Middle", "--no-browser"], CLI,
        "--seat 'Middle'"),
    Bad("rule file without extends", lambda env: rules.load(env["file"]), RuleSetError, "no 'extends'",
        toml_file("game_target = 9\n", "plain.toml")),
    Bad("game target past the limit", lambda env: rules.load("standard").replace(game_target=2 ** 63 - 1), RuleSetError,
        "game_target = 9223372036854775807"),
    Bad("start score past the target", lambda env: game.play_game("standard", _randoms(), seed=1, start_score=(10, 3)),
        ScoringError, "start_score=(10, 3)"),
    Bad("start score below zero", lambda env: game.play_game("standard", _randoms(), seed=1, start_score=(-1, 0)),
        ScoringError, "start_score=(-1, 0)"),
    Bad("hand limit zero", lambda env: game.play_game("standard", _randoms(), seed=1, hand_limit=0), ScoringError,
        "hand_limit=0"),
    Bad("event text too long", lambda env: events.parse("~" * 100_000 + "holds_joker"), NotationError,
        "100,011 characters"),
    Bad("event nested too deep", lambda env: events.parse(" & ".join(["holds_joker"] * 140)), NotationError,
        "nested 141 deep"),
    Bad("cli app cull-idle nan", lambda env: ["app", "play", "--cull-idle", "nan", "--no-browser"], CLI,
        "--cull-idle nan"),
    Bad("cli app cull-idle inf", lambda env: ["app", "play", "--cull-idle", "inf", "--no-browser"], CLI,
        "--cull-idle inf"),
    Bad("cli simulate a million workers", lambda env: ["simulate", "--workers", "1000000", "--hands", "5"], CLI,
        "--workers 1000000"),
    Bad("cli simulate csv empty", lambda env: ["simulate", "--hands", "5", "--csv", ""], CLI, "--csv ''"),
    Bad("cli simulate csv a folder", lambda env: ["simulate", "--hands", "5", "--csv", str(env["folder"])], CLI,
        "is a folder", lambda tmp: {"folder": tmp}),
    Bad("cli simulate csv unwritable", lambda env: ["simulate", "--hands", "5", "--csv", "/proc/hands.csv"], CLI,
        "'/proc/hands.csv'"),
    Bad("cli handout empty", lambda env: ["handout", "", "--no-pdf", "--out", str(env["out"])], CLI, "''",
        lambda tmp: {"out": tmp / "never"}),
    Bad("cli handout a pattern", lambda env: ["handout", "**", "--no-pdf", "--out", str(env["out"])], CLI, "'**'",
        lambda tmp: {"out": tmp / "never"}),
    Bad("cli handout not a notebook", lambda env: ["handout", "/etc/passwd", "--no-pdf"], CLI, "'/etc/passwd'"),
    Bad("cli handout missing notebook", lambda env: ["handout", "missing.ipynb", "--no-pdf"], CLI,
        "'missing.ipynb'"),
    Bad("cli handout a broken notebook", lambda env: ["handout", str(env["file"]), "--no-pdf", "--out", str(env["out"])],
        CLI, "not a notebook", lambda tmp: {"file": _written(tmp / "broken.ipynb", "not json"), "out": tmp / "never"}),
    Bad("cli handout out onto a file", lambda env: ["handout", "05", "--no-pdf", "--out", str(env["file"])], CLI,
        "is a file, not a folder", lambda tmp: {"file": _written(tmp / "notes.txt", "keep me")}),
    Bad("cli handout out where no folder can be", lambda env: ["handout", "05", "--no-pdf", "--out", "/proc/handouts"],
        CLI, "'/proc/handouts'"),
]


# ---- the check ------------------------------------------------------------------------------

def replay(s: HandState) -> HandState:
    """The state rebuilt from its deal and history: a copy made independently of ``s``."""
    return drive(s.deal, *s.history)


def snapshot(env: dict) -> dict:
    """Everything a case could have changed, in a form compared with ``==``."""
    out = {}
    for key, value in env.items():
        if isinstance(value, HandState):
            out[key] = ("state", repr(value), str(value), tuple(map(str, value.legal_actions())))
        elif isinstance(value, RuleSet):
            out[key] = ("rules", value.name, value.values(), repr(value))
        elif isinstance(value, Path) and value.is_dir():
            out[key] = ("folder", sorted(p.name for p in value.iterdir()))
        elif isinstance(value, Path):
            out[key] = ("file", value.read_bytes() if value.exists() else None)
        else:
            out[key] = ("value", repr(value), str(value))
    return out


def test_the_table_is_large_and_its_ids_distinct():
    assert len(CASES) >= 40
    assert len({c.id for c in CASES}) == len(CASES)
    assert sum(c.kind is CLI for c in CASES) >= 10


@pytest.mark.parametrize("case", [pytest.param(c, id=c.id, marks=c.marks) for c in CASES])
def test_bad_input_is_refused_naming_it_and_changes_nothing(case, tmp_path, capsys):
    env = case.env(tmp_path)
    before = snapshot(env)
    copies = {k: replay(v) for k, v in env.items() if isinstance(v, HandState)}
    if case.kind is CLI:
        code = commands.main(case.call(env))
        out, err = capsys.readouterr()
        assert code == 2
        assert out == ""
        lines = err.splitlines()
        assert len(lines) == 1, err
        assert lines[0].startswith("euchre-lessons: error: ")
        assert "Traceback" not in err
        message = lines[0]
    else:
        with pytest.raises(EuchreError) as caught:
            case.call(env)
        assert type(caught.value) is case.kind, (type(caught.value).__name__, str(caught.value))
        assert isinstance(caught.value, ValueError)
        message = str(caught.value)
    assert case.quoted in message, message
    assert snapshot(env) == before
    for key, copy in copies.items():
        assert env[key] == copy and repr(env[key]) == repr(copy)


def test_a_missing_rule_file_is_not_called_an_unknown_preset(capsys):
    assert commands.main(["deal", "--rules", "./nope.toml"]) == 2
    err = capsys.readouterr().err
    assert "no such file" in err and "no rule set named" not in err


def test_modern_railroad_outcome_3_is_three_of_seven():
    """``Outcome.tricks`` left out is the rules' hand size: three of seven is a euchre."""
    s = scoring.score("modern_railroad", Outcome(3))
    assert (s.makers, s.defenders_by_team) == (0, (4,))
    assert "3 of 7" in s.explanation
    assert scoring.score("standard", Outcome(3)).makers == 1


def test_an_outcome_reprs_as_written():
    assert repr(Outcome(3)) == "Outcome(3)"
    assert repr(Outcome(5, alone=True, tricks=7)) == "Outcome(5, alone=True, tricks=7)"
    assert eval(repr(Outcome(2, alone=True, defender_tricks=(3,)))) == Outcome(2, alone=True, defender_tricks=(3,))


def test_an_event_given_as_text_is_read_as_its_code_form():
    """What a student types (``exact("hoyle_railroad", "holds_joker")``) means the event of that
    code form, for ``exact`` and ``estimate`` alike, and for the condition ``given`` too."""
    assert probability.exact("hoyle_railroad", "holds_joker") == probability.exact("hoyle_railroad", holds_joker)
    text = 'seat(0, holds_joker) & upcard_suit("hearts")'
    assert probability.exact("hoyle_railroad", text) == probability.exact("hoyle_railroad", events.parse(text))
    given = probability.exact("hoyle_railroad", "both_bowers(\"hearts\")", given="right_bower(\"hearts\")")
    assert given == probability.exact("hoyle_railroad", both_bowers("hearts"), given=right_bower("hearts"))
    a = probability.estimate("hoyle_railroad", "holds_joker", n=500, seed=3)
    b = probability.estimate("hoyle_railroad", holds_joker, n=500, seed=3)
    assert (a.hits, a.n, a.event) == (b.hits, b.n, b.event) == (a.hits, 500, "holds the Joker")


@pytest.mark.parametrize("thing", ["x", 42, None, 3.5, ("play", "JH")])
def test_the_solver_names_what_it_was_given_and_what_it_needs(thing):
    for call in (solver.solve, solver.value, solver.check):
        with pytest.raises(SolverError) as caught:
            call(thing)
        message = str(caught.value)
        assert type(thing).__name__ in message and "HandState" in message and "play" in message, message

"""The command line: ``euchre-lessons deal``, ``rules`` and ``simulate``; bad arguments get one
line on stderr and exit status 2 (more cases in test_bad_input.py)."""
from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time

import pytest

from euchre_lessons import HandState, Phase, deal, players, rules
from euchre_lessons.delivery.commands import main

PRESETS = rules.names()
ACTION_LINE = re.compile(
    r"^(?P<phase>" + "|".join(re.escape(p.value) for p in Phase) + r")\s+(?P<who>.+?): (?P<action>\S.*)$")


def run(capsys, *argv) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def replay(preset, seed, out) -> HandState:
    """Apply the walk-through's actions, line by line, to the deal the same seed gives."""
    s = HandState.start(deal(preset, seed=seed, dealer=0))
    for line in out.splitlines():
        match = ACTION_LINE.match(line)
        if match:
            assert match["phase"] == s.phase.value, line
            s = s.apply(match["action"])
    return s


@pytest.mark.parametrize("preset", PRESETS)
def test_deal_prints_a_walk_through_that_ends_with_the_result(capsys, preset):
    code, out, err = run(capsys, "deal", "--rules", preset, "--seed", "7")
    assert code == 0 and err == ""
    lines = out.rstrip("\n").splitlines()
    assert preset in lines[0] and "seed 7" in lines[0]
    s = replay(preset, 7, out)
    assert s.is_over
    assert lines[-1] == str(s.result())
    assert out.count(", won by ") == (0 if s.passed_out else len(s.tricks))


def test_deal_is_the_same_for_the_same_seed(capsys):
    first = run(capsys, "deal", "--rules", "standard", "--seed", "7")
    again = run(capsys, "deal", "--rules", "standard", "--seed", "7")
    other = run(capsys, "deal", "--rules", "standard", "--seed", "8")
    assert first == again
    assert first[1] != other[1]


def test_deal_shows_the_hands_dealt(capsys):
    _, out, _ = run(capsys, "deal", "--rules", "standard", "--seed", "7")
    d = deal("standard", seed=7, dealer=0)
    for hand in d.hands:
        assert " ".join(map(str, hand)) in out
    assert str(d.upcard) in out


def test_rules_lists_the_presets(capsys):
    code, out, err = run(capsys, "rules")
    assert code == 0 and err == ""
    listed = [line.split()[0] for line in out.splitlines() if line.strip()]
    assert listed == PRESETS
    assert rules.load("modern_railroad").description in out


def test_rules_name_shows_every_knob(capsys):
    code, out, _ = run(capsys, "rules", "hoyle_seven_handed")
    assert code == 0
    for knob in rules.knob_names():
        assert re.search(rf"^\s*{knob}\s", out, re.MULTILINE), knob


def test_rules_diff_shows_the_differing_knobs(capsys):
    code, out, err = run(capsys, "rules", "--diff", "standard", "hoyle_ordinary")
    assert code == 0 and err == ""
    header, *rows = [line.split() for line in out.splitlines() if line.strip()]
    assert header[:3] == ["knob", "standard", "hoyle_ordinary"]
    knobs = {row[0]: row[1:3] for row in rows}
    assert knobs["pack"] == ["24", "32"]
    assert knobs["game_target"] == ["10", "5"]
    assert set(knobs) == set(rules.diff("standard", "hoyle_ordinary")["knob"])
    assert "lone_euchre_points" not in knobs


@pytest.mark.parametrize("argv", [
    ["deal", "--rules", "standrad", "--seed", "7"],
    ["rules", "standrad"],
    ["rules", "--diff", "standrad", "hoyle_ordinary"],
])
def test_an_unknown_preset_exits_2_with_a_clear_message(capsys, argv):
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert out == ""
    assert "'standrad'" in err
    assert "'standard'" in err                       # the nearest preset
    assert "Traceback" not in err


@pytest.mark.parametrize("name", ["a" * 300, "a" * 300 + ".toml", "rules/" + "b" * 300 + ".toml"])
@pytest.mark.parametrize("command", [["deal", "--rules"], ["app", "play", "--rules"]])
def test_a_rule_name_too_long_for_a_file_is_one_line_and_exit_2(capsys, name, command):
    """A name the file system cannot hold is refused as any unknown rule set is, not as an OSError."""
    code, out, err = run(capsys, *command, name)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "Traceback" not in err
    assert any(words in err for words in ("no rule set named", "no such file", "cannot name a file here (file name too long)"))


def test_the_console_script_runs(capsys):
    _, expected, _ = run(capsys, "deal", "--rules", "standard", "--seed", "7")
    done = subprocess.run([sys.executable, "-m", "euchre_lessons", "deal", "--rules", "standard", "--seed", "7"],
                          capture_output=True, text=True, encoding="utf-8", check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout == expected


def test_the_console_script_exits_2_on_an_unknown_preset():
    done = subprocess.run([sys.executable, "-m", "euchre_lessons", "rules", "--diff", "standard", "nonesuch"],
                          capture_output=True, text=True, encoding="utf-8", check=False)
    assert done.returncode == 2
    assert "'nonesuch'" in done.stderr
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize("kind", ["rule_of_thumb", "random"])
def test_deal_is_played_by_the_named_players_from_their_own_views(capsys, kind):
    argv = ["deal", "--rules", "modern_railroad", "--seed", "3"] + (["--players", kind] if kind == "random" else [])
    code, out, err = run(capsys, *argv)
    assert code == 0 and err == ""
    words = "the rule-of-thumb players" if kind == "rule_of_thumb" else "random legal play"
    assert out.splitlines()[0].endswith(f"seed 3, played by {words}")
    # Each action is the one that seat's player chooses from its own view.
    bots = [players.make(kind, seed=f"3:{seat}") for seat in range(4)]
    s = HandState.start(deal("modern_railroad", seed=3, dealer=0))
    for line in out.splitlines():
        match = ACTION_LINE.match(line)
        if match:
            assert match["action"] == str(bots[s.to_act].choose(s.view(s.to_act))), line
            s = s.apply(match["action"])
    assert s.is_over


def test_the_rule_of_thumb_players_only_order_up_a_suit_they_can_use(capsys):
    """Random play orders up clubs without a club; the default players do not."""
    for seed in range(12):
        _, out, _ = run(capsys, "deal", "--rules", "standard", "--seed", str(seed))
        s = HandState.start(deal("standard", seed=seed, dealer=0))
        for line in out.splitlines():
            match = ACTION_LINE.match(line)
            if not match:
                continue
            if match["action"] == "order up":
                suit = s.deal.upcard.suit
                held = [c for c in s.hands[s.to_act] if c.suit is suit or (c.rank == 11 and c.suit.same_colour is suit)]
                assert held or s.to_act == s.dealer, (seed, line)
            s = s.apply(match["action"])


def test_rules_from_a_file(capsys, tmp_path):
    path = tmp_path / "house.toml"
    path.write_text('extends = "standard"\nstick_the_dealer = true\n', encoding="utf-8")
    code, out, err = run(capsys, "rules", str(path))
    assert code == 0 and err == ""
    assert re.search(r"^\s*stick_the_dealer\s+true\s", out, re.MULTILINE)
    code, out, _ = run(capsys, "deal", "--rules", str(path), "--seed", "2")
    assert code == 0 and "(house), seed 2" in out.splitlines()[0]


@pytest.mark.parametrize("argv, quoted", [
    (["simulate", "--hands", "0"], "'0'"),
    (["deal", "--rules", "./nope.toml"], "'./nope.toml'"),
    (["deal", "--seed", "-1"], "'-1'"),
    (["deal", "--frobnicate"], "--frobnicate"),
])
def test_the_console_script_answers_a_bad_argument_with_one_line(argv, quoted):
    done = subprocess.run([sys.executable, "-m", "euchre_lessons", *argv],
                          capture_output=True, text=True, encoding="utf-8", check=False)
    assert done.returncode == 2
    assert done.stdout == ""
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("euchre-lessons: error: ") and quoted in lines[0], lines
    assert "no such file" in lines[0] or "nope" not in quoted


def test_every_player_and_level_has_words_on_the_command_line():
    from euchre_lessons.delivery.arguments import PLAYER_WORDS

    assert set(PLAYER_WORDS) == set(players.PLAYERS) | set(players.LEVELS)


@pytest.mark.parametrize("level", ["beginner", "club", "expert"])
def test_deal_is_played_at_a_level_and_the_expert_says_why_under_each_searched_bid(capsys, level):
    from euchre_lessons.hand.view import SeatView
    from euchre_lessons.teaching.why import explain

    code, out, err = run(capsys, "deal", "--rules", "standard", "--seed", "3", "--players", level)
    assert code == 0 and err == ""
    assert out.splitlines()[0].endswith(f"seed 3, played by {level}-level players" +
                                        (" (the rule of thumb with two club habits)" if level == "club" else ""))
    bots = [players.make(level, seed=f"3:{seat}") for seat in range(4)]
    s = HandState.start(deal("standard", seed=3, dealer=0))
    lines = out.splitlines()
    reasons = 0
    for i, line in enumerate(lines):
        match = ACTION_LINE.match(line)
        if match:
            view = SeatView(s, s.to_act)
            bot = bots[s.to_act]
            assert match["action"] == str(bot.choose(view)), line
            searched = level == "expert" and s.phase is not Phase.PLAY and len(s.legal_actions()) > 1
            if searched:
                assert lines[i + 1].strip() == explain(bot.last_reason, view)
                reasons += 1
            else:
                assert "I chose to" not in lines[i + 1]
            s = s.apply(match["action"])
    assert s.is_over and (reasons >= 3 if level == "expert" else reasons == 0)


def test_simulate_takes_levels_one_per_team(capsys):
    code, out, err = run(capsys, "simulate", "--hands", "4", "--players", "expert,beginner", "--no-progress")
    assert code == 0 and err == "" and "players expert,beginner" in out and "maker points" in out


@pytest.mark.parametrize("workers", [1, 2])
def test_ctrl_c_stops_a_simulation_in_one_line(workers):
    """Ctrl-C (SIGINT to the terminal's whole process group, the workers too) ends the run with
    one line and the shell's status for an interrupt, not a traceback from each process."""
    run = subprocess.Popen([sys.executable, "-m", "euchre_lessons", "simulate", "--hands", "500000",
                            "--workers", str(workers), "--no-progress"], stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, text=True, start_new_session=True)
    time.sleep(4)  # started and playing: the run takes minutes
    assert run.poll() is None
    os.killpg(run.pid, signal.SIGINT)
    out, err = run.communicate(timeout=120)
    assert run.returncode == 130, err
    assert err.strip() == "euchre-lessons: stopped (Ctrl-C)", err
    assert "Traceback" not in out + err

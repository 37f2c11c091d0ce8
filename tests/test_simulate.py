"""simulate: many hands and games as DataFrames, the same for the same seed however they are
run (one process, chunks, a process pool, a Dask cluster); rows that replay; the CLI command.
"""
from __future__ import annotations

import io
import logging
import subprocess
import sys
import types
from concurrent.futures import ProcessPoolExecutor

import pandas as pd
import pytest

from euchre_lessons import rules, simulate
from euchre_lessons.delivery.commands import main
from euchre_lessons.errors import RuleSetError
from euchre_lessons.players import RandomPlayer, RuleOfThumbPlayer
from euchre_lessons.simulate.progress import KERNEL_SHELLS, NoBar, TextBar, in_notebook, is_kernel_shell, progress_bar

PRESETS = rules.names()


@pytest.fixture(scope="module")
def standard_hands():
    return simulate.hands("standard", 400, seed=3, progress=False)


# ---- rows -----------------------------------------------------------------------------------------

def test_one_row_per_hand_with_the_documented_columns(standard_hands):
    df = standard_hands
    assert list(df.columns) == list(simulate.HAND_COLUMNS)
    assert len(df) == 400 and list(df["hand"]) == list(range(400))
    assert list(df["dealer"]) == [i % 4 for i in range(400)]
    assert set(df["outcome"]) <= set(simulate.OUTCOMES)
    assert str(df["maker"].dtype) == "Int64" and df["alone"].dtype == bool
    played = df[~df["passed_out"]]
    assert (played["maker_tricks"] + played["defender_tricks"] == 5).all()
    assert (played["team_points"].map(sum) == played["maker_points"] + played["defender_points"]).all()


@pytest.mark.parametrize("preset", PRESETS)
def test_every_row_replays_to_its_result(preset):
    df = simulate.hands(preset, 120, players="rule_of_thumb", seed=4, progress=False)
    mixed = simulate.hands(preset, 60, players="random", seed=4, progress=False)
    for _, row in pd.concat([df, mixed]).iterrows():
        state = simulate.replay(row)
        result = state.result()
        assert str(state.deal) == row["deal"]
        assert result.points_by_team == row["team_points"]
        assert result.tricks_by_team == row["team_tricks"]
        assert (row["maker_points"], row["defender_points"]) == (
            (result.score.makers, result.score.defenders) if not state.passed_out else (0, 0))
        assert state.maker == (None if pd.isna(row["maker"]) else row["maker"])
        assert bool(row["alone"]) == state.alone and bool(row["jambone"]) == state.jambone


@pytest.mark.parametrize("preset", PRESETS)
def test_outcome_words_agree_with_the_tricks(preset):
    rs = rules.load(preset)
    df = simulate.hands(preset, 300, seed=6, progress=False)
    played = df[~df["passed_out"] & ~df["jamboree"]]
    need = played["bid"].fillna(simulate.need_of(rs)).astype(int)
    march = played["maker_tricks"] == rs.hand_size
    made = played["maker_tricks"] >= need
    words = played["outcome"]
    assert (words.str.endswith("march") == march).all()
    assert (words.str.endswith("euchred") | made).all()
    assert (words.str.startswith("lone") == (played["alone"] & ~played["jambone"])).all()


def test_a_changed_rule_set_replays_from_its_knobs():
    stick = rules.load("standard").replace(stick_the_dealer=True, name="stick")
    df = simulate.hands(stick, 50, seed=1, progress=False)
    assert set(df["rules"]) == {"stick"} and set(df["base_rules"]) == {"standard"}
    assert '"stick_the_dealer": true' in df["knobs"].iloc[0]
    state = simulate.replay(df.iloc[7])
    assert state.rules.stick_the_dealer and state.rules.name == "stick"
    assert not df["passed_out"].any()  # the dealer can never pass in round 2


# ---- the same seed, the same frame -------------------------------------------------------------

def test_the_same_seed_gives_the_same_frame_and_another_seed_another(standard_hands):
    again = simulate.hands("standard", 400, seed=3, progress=False)
    pd.testing.assert_frame_equal(standard_hands, again)
    other = simulate.hands("standard", 400, seed=4, progress=False)
    assert not other["deal"].equals(standard_hands["deal"])


def test_chunks_do_not_change_the_result(standard_hands):
    pd.testing.assert_frame_equal(standard_hands, simulate.hands("standard", 400, seed=3, chunk=7, progress=False))
    first = simulate.hands("standard", 150, seed=3, progress=False)
    pd.testing.assert_frame_equal(first, standard_hands.iloc[:150])


def test_player_objects_are_reseeded_every_hand():
    players = [RuleOfThumbPlayer(), RandomPlayer(), RuleOfThumbPlayer(), RandomPlayer()]
    a = simulate.hands("hoyle_railroad", 120, players=players, seed=9, chunk=13, progress=False)
    b = simulate.hands("hoyle_railroad", 120, players=("rule_of_thumb", "random"), seed=9, progress=False)
    pd.testing.assert_frame_equal(a, b)


def test_a_process_pool_gives_the_one_process_result(standard_hands):
    with ProcessPoolExecutor(2) as pool:
        hands = simulate.hands("standard", 400, seed=3, executor=pool, chunk=50, progress=False)
        games = simulate.games("hoyle_railroad_full", 40, players=("rule_of_thumb", "random"), seed=5,
                               executor=pool, chunk=6, progress=False)
    pd.testing.assert_frame_equal(hands, standard_hands)
    pd.testing.assert_frame_equal(games, simulate.games("hoyle_railroad_full", 40, players=("rule_of_thumb", "random"),
                                                        seed=5, progress=False))


def test_a_dask_cluster_gives_the_one_process_result(standard_hands):
    from dask.distributed import Client, LocalCluster

    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None,
                      silence_logs=logging.ERROR) as cluster, Client(cluster) as client:
        by_client = simulate.hands("standard", 400, seed=3, executor=client, chunk=100, progress=False)
        by_executor = simulate.compare(["standard", "modern_railroad"], 100, seed=3,
                                       executor=client.get_executor(pure=False), chunk=30, progress=False)
    pd.testing.assert_frame_equal(by_client, standard_hands)
    pd.testing.assert_frame_equal(by_executor, simulate.compare(["standard", "modern_railroad"], 100, seed=3,
                                                                progress=False))


# ---- comparisons and games ------------------------------------------------------------------------

def test_a_comparison_deals_the_same_cards_to_every_rule_set():
    stick = rules.load("standard").replace(stick_the_dealer=True, name="stick the dealer")
    df = simulate.compare(["standard", stick, "hoyle_ordinary"], 60, seed=2, progress=False)
    assert list(df["rules"].cat.categories) == ["standard", "stick the dealer", "hoyle_ordinary"]
    a = df[df["rules"] == "standard"]["deal"].str.partition(" | ")[2].reset_index(drop=True)
    b = df[df["rules"] == "stick the dealer"]["deal"].str.partition(" | ")[2].reset_index(drop=True)
    assert a.equals(b)


@pytest.mark.parametrize("preset", PRESETS)
def test_games_end_at_the_target_and_the_score_race_adds_up(preset):
    rs = rules.load(preset)
    games = simulate.games(preset, 6, seed=1, progress=False)
    assert list(games.columns) == list(simulate.GAME_COLUMNS)
    assert list(games["first_dealer"]) == [g % rs.players for g in range(6)]
    for _, row in games.iterrows():
        one = simulate.game(preset, row["game"], seed=1)
        assert len(one) == row["hands"]
        assert one["score"].iloc[-1] == row["final_score"]
        running = (0,) * rs.teams
        for points, after in zip(one["team_points"], one["score"]):
            running = tuple(a + b for a, b in zip(running, points))
            assert after == running
        if rs.scoring == "auction":
            assert row["hands"] == rs.seven_deals
            assert row["final_score"][row["winner"]] == max(row["final_score"])
        else:
            assert row["final_score"][row["winner"]] >= rs.game_target


def test_win_rates_share_ties_and_name_the_fair_share():
    games = simulate.games("standard", 30, players=("rule_of_thumb", "random"), seed=3, progress=False)
    table = simulate.win_rates(games).set_index("players")
    assert table.loc["rule_of_thumb", "won"] + table.loc["random", "won"] == 30
    assert table.loc["rule_of_thumb", "fair share"] == 0.5
    seven = simulate.games("hoyle_seven_handed", 10, players="random", seed=3, progress=False)
    assert simulate.win_rates(seven)["win rate"].iloc[0] == pytest.approx(1.0)


def test_summary_has_a_row_per_rule_set(standard_hands):
    table = simulate.summary(simulate.compare(["standard", "hoyle_railroad"], 200, seed=1, progress=False))
    assert list(table["rules"]) == ["standard", "hoyle_railroad"]
    assert (table["hands"] == 200).all()
    assert ((table["made"] + table["euchred"]).round(9) == 1).all()


# ---- bad input ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("kwargs, words", [
    ({"n": -1}, "-1"),
    ({"n": 2.5}, "2.5"),
    ({"players": ("rule_of_thumb", "random", "random")}, "one player per seat (4)"),
    ({"players": "genius"}, "'genius'"),
    ({"players": [object()] * 4}, "choose(view)"),
    ({"chunk": 0}, "chunk = 0"),
])
def test_bad_arguments_name_what_is_wrong(kwargs, words):
    args = {"rules": "standard", "n": 10, "progress": False} | kwargs
    with pytest.raises(ValueError) as err:
        simulate.hands(**args)
    assert words in str(err.value)


def test_an_unknown_rule_set_and_an_unknown_kind():
    with pytest.raises(RuleSetError, match="'standerd'"):
        simulate.hands("standerd", 10)
    with pytest.raises(ValueError, match="'rounds'"):
        simulate.compare(["standard"], 10, kind="rounds")


# ---- progress ------------------------------------------------------------------------------------------

def test_the_text_bar_redraws_one_line():
    out = io.StringIO()
    with TextBar(1000, "standard", stream=out, interval=0) as bar:
        bar.update(400)
        bar.update(600)
    text = out.getvalue()
    assert text.count("\r") >= 3 and text.endswith("\n")
    assert "standard" in text and "1,000/1,000" in text and "#" * 30 in text


def test_long_runs_show_a_bar_short_ones_do_not(capsys):
    simulate.hands("standard", 30, seed=1, progress=True)
    err = capsys.readouterr().err
    assert "standard: hands" in err and "30/30" in err
    simulate.hands("standard", 30, seed=1)
    assert capsys.readouterr().err == ""
    assert not in_notebook()
    assert isinstance(progress_bar(10, show=None, stream=io.StringIO()), NoBar)


# ---- the command line ------------------------------------------------------------------------------------

def test_the_simulate_command_prints_a_summary_and_writes_the_rows(tmp_path, capsys):
    path = tmp_path / "hands.csv"
    code = main(["simulate", "--rules", "standard", "--rules", "hoyle_railroad", "--hands", "150", "--seed", "2",
                 "--csv", str(path), "--no-progress"])
    out = capsys.readouterr().out
    assert code == 0
    assert "standard" in out and "hoyle_railroad" in out and "euchred" in out and "150 hands" in out
    rows = pd.read_csv(path)
    assert len(rows) == 300 and list(rows.columns) == list(simulate.HAND_COLUMNS)
    again = simulate.compare(["standard", "hoyle_railroad"], 150, seed=2, progress=False)
    assert list(rows["deal"]) == list(again["deal"])
    pooled = tmp_path / "pooled.csv"
    assert main(["simulate", "--rules", "standard", "--rules", "hoyle_railroad", "--hands", "150", "--seed", "2",
                 "--csv", str(pooled), "--workers", "2", "--no-progress"]) == 0
    assert pooled.read_text() == path.read_text()


def test_the_simulate_command_refuses_bad_input(capsys):
    assert main(["simulate", "--hands", "-5", "--no-progress"]) == 2
    assert "-5" in capsys.readouterr().err
    assert main(["simulate", "--rules", "nonesuch", "--hands", "5"]) == 2
    assert "'nonesuch'" in capsys.readouterr().err


def test_the_notebook_bar_is_a_widget():
    from euchre_lessons.widgets.progress import ProgressBar as WidgetBar

    with WidgetBar(200, "standard") as bar:
        bar.update(50)
        assert bar.bar.value == 50 and bar.bar.max == 200 and "50/200" in bar.text.value
    assert bar.bar.bar_style == "success"


def _shell_class(qualified: str, *bases: type, **body) -> type:
    """A stand-in for an IPython shell class: its module and name, its bases, nothing else."""
    module, name = qualified.rsplit(".", 1)
    return type(name, bases, {"__module__": module, **body})


_BASE = _shell_class("IPython.core.interactiveshell.InteractiveShell")
_IPYKERNEL = _shell_class("ipykernel.zmqshell.ZMQInteractiveShell", _BASE)
_WITH_COMMS = types.SimpleNamespace(comm_manager=object())

# The shell each front end's kernel runs (JupyterLab, the classic notebook and Voila all run
# ipykernel's; Colab's extends it; JupyterLite's Pyodide kernel has its own, pyodide_kernel 0.8.6),
# and shells where no widget can be shown.
SHELLS = {
    "JupyterLab, classic notebook, Voila": (_IPYKERNEL, True),
    "Colab": (_shell_class("google.colab._shell.Shell", _IPYKERNEL), True),
    "JupyterLite": (_shell_class("pyodide_kernel.interpreter.Interpreter", _BASE), True),
    "another kernel with comms": (_shell_class("somekernel.shell.Shell", _BASE, kernel=_WITH_COMMS), True),
    "terminal IPython": (_shell_class("IPython.terminal.interactiveshell.TerminalInteractiveShell", _BASE), False),
    "IPython embedded, no kernel": (_BASE, False),
}


def _fake_ipython(monkeypatch, shell) -> None:
    import IPython.display  # noqa: F401  (the widget bar's display is the real one)

    monkeypatch.setitem(sys.modules, "IPython", types.SimpleNamespace(get_ipython=lambda: shell))


@pytest.mark.parametrize("front_end", SHELLS)
def test_a_notebook_is_told_by_its_kernels_shell(monkeypatch, front_end):
    cls, notebook = SHELLS[front_end]
    assert is_kernel_shell(cls()) is notebook
    _fake_ipython(monkeypatch, cls())
    assert in_notebook() is notebook


def test_no_shell_is_no_notebook(monkeypatch):
    _fake_ipython(monkeypatch, None)
    assert not in_notebook()
    monkeypatch.delitem(sys.modules, "IPython")
    assert not in_notebook()


def test_ipykernels_shell_is_known_by_its_own_name():
    from ipykernel.zmqshell import ZMQInteractiveShell

    assert f"{ZMQInteractiveShell.__module__}.{ZMQInteractiveShell.__qualname__}" in KERNEL_SHELLS


def test_in_jupyterlite_and_colab_a_long_run_shows_the_widget_bar(monkeypatch, capsys):
    from euchre_lessons.widgets.progress import ProgressBar as WidgetBar

    for front_end in ("JupyterLite", "Colab"):
        _fake_ipython(monkeypatch, SHELLS[front_end][0]())
        bar = progress_bar(200, "standard: hands", show=None)
        assert isinstance(bar, WidgetBar), front_end
    _fake_ipython(monkeypatch, SHELLS["terminal IPython"][0]())
    assert isinstance(progress_bar(200, show=None, stream=io.StringIO()), NoBar)
    assert isinstance(progress_bar(200, show=True), TextBar)
    capsys.readouterr()


def test_any_object_with_update_and_close_is_a_progress_bar():
    class Tally:
        def __init__(self):
            self.done, self.closed = 0, False

        def update(self, k=1):
            self.done += k

        def close(self):
            self.closed = True

    bar = Tally()
    df = simulate.hands("standard", 90, seed=2, chunk=30, progress=bar)
    assert bar.done == len(df) == 90 and bar.closed


def test_the_engine_has_no_widget_bar_and_the_widget_layer_has_one():
    import euchre_lessons.simulate.progress as engine_bar

    assert not hasattr(engine_bar, "WidgetBar")
    text = open(engine_bar.__file__, encoding="utf-8").read()
    assert "import ipywidgets" not in text and "widgets" not in "".join(
        line for line in text.splitlines() if line.lstrip().startswith(("import ", "from ")))
    from euchre_lessons.widgets.progress import ProgressBar  # the notebook's bar lives with the widgets

    assert hasattr(ProgressBar, "update") and hasattr(ProgressBar, "close")
    assert engine_bar.notebook_bar is ProgressBar  # registered when the widgets load


def test_a_notebook_without_a_registered_bar_gets_the_text_line(monkeypatch, capsys):
    import euchre_lessons.simulate.progress as engine_bar

    monkeypatch.setattr(engine_bar, "notebook_bar", None)
    _fake_ipython(monkeypatch, SHELLS["JupyterLite"][0]())
    assert isinstance(progress_bar(200, "standard: hands", show=None), TextBar)
    made = []
    monkeypatch.setattr(engine_bar, "notebook_bar", lambda total, label: made.append((total, label)) or NoBar())
    assert isinstance(progress_bar(200, "standard: hands", show=None), NoBar) and made == [(200, "standard: hands")]
    capsys.readouterr()


def test_the_widget_bar_is_registered_when_the_widgets_are_imported():
    code = ("import sys, euchre_lessons.simulate.progress as p; print(p.notebook_bar); "
            "import euchre_lessons.widgets; print('ipywidgets' in sys.modules); "
            "print(type(p.notebook_bar(3, 'hands')).__name__)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.splitlines()
    # registered at import, the widgets loaded when a bar is made (outside a kernel the bar prints itself first)
    assert out[:2] == ["None", "False"] and out[-1] == "ProgressBar"


def test_a_full_disk_leaves_no_half_csv(tmp_path, monkeypatch, capsys):
    from euchre_lessons import files

    def full(*args):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(files.os, "replace", full)
    path = tmp_path / "hands.csv"
    assert main(["simulate", "--rules", "standard", "--hands", "20", "--csv", str(path), "--no-progress"]) == 2
    assert "No space left on device" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []  # no half file, and no hidden part of one

"""App mode (``euchre-lessons app NAME``, ``euchre-lessons lab``): argument errors, a port in use,
the command lines built, and the widgets the app notebooks build. Nothing here starts a server
(the browser tests in tests/browser/ do)."""
from __future__ import annotations

import json
import socket
import sys
from html import escape

import pytest

from euchre_lessons import widgets
from euchre_lessons.delivery import app
from euchre_lessons.delivery.commands import main


@pytest.fixture
def no_server(monkeypatch):
    """Record what would be served instead of serving it."""
    served = []
    monkeypatch.setattr(app, "serve", lambda cmd, url, what, browser, env=None, notes=(): served.append(
        {"cmd": cmd, "url": url, "browser": browser, "env": env, "notes": list(notes)}) or 0)
    return served


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.mark.parametrize("argv, words", [
    (["app"], "the following arguments are required"),
    (["app", "poker"], "invalid choice: 'poker'"),
    (["app", "play", "--port", "eighty"], "invalid int value"),
    (["app", "play", "--port", "70000"], "give a port from 1 to 65535"),
    (["app", "play", "--pool", "-1"], "--pool -1"),
    (["app", "play", "--pool", "5", "--max-pupils", "3"], "--pool 5: keep at most 3 kernels ready"),
    (["app", "play", "--cull-idle", "-5"], "--cull-idle -5"),
    (["app", "play", "--seed", "-3"], "is not a seed"),
    (["app", "play", "--rules", "no_such_preset"], "no_such_preset"),
    (["app", "play", "--rules", "missing/file.toml"], "no such file"),
    (["app", "play", "--rules", "standard", "--rules", "hoyle_railroad"], "takes --rules 1 time, not 2"),
    (["app", "compare", "--rules", "standard"], "takes --rules 2 times, not 1"),
    (["app", "scores", "--rules", "standard"], "app scores takes no --rules"),
    (["app", "stepper", "--ip", "192.0.2.123"], "no such address"),
    (["app", "practice", "--rules", "standard"], "app practice takes no --rules"),
    (["app", "play", "--level", "bogus"], "--level 'bogus': no such level; give beginner, club, expert"),
    (["app", "lab", "--level", "Expert"], "--level 'Expert': no such level"),
    (["app", "compare", "--level", "expert"], "app compare takes no --level"),
    (["lab", "--notebooks", "no/such/folder"], "no lessons folder"),
    (["app", "play", "--max-pupils", "0"], "--max-pupils 0: give the number of pages served at once, 1 or more"),
    (["app", "play", "--token", "abc"], "--token 'abc': give 8 to 128 letters"),
    (["app", "play", "--token", "has space in it"], "--token 'has space in it'"),
    (["app", "play", "--seat", "Northeast"], "--seat 'Northeast': no such seat at this table; give one of North, "
                                             "East, South, West"),
    (["app", "play", "--seat", "NE", "--rules", "standard"], "--seat 'NE': no such seat"),
    (["app", "compare", "--seat", "North"], "app compare takes no --seat"),
    (["app", "play", "--allow-host", "evil.example/x"], "--allow-host 'evil.example/x': give a host name"),
])
def test_bad_arguments_get_one_line_and_status_2(capsys, no_server, argv, words):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "" and not no_server
    assert err.startswith("euchre-lessons: error: ") and err.count("\n") == 1, err
    assert words in err, err


@pytest.mark.parametrize("command", [["app", "stepper"], ["lab"]])
def test_a_port_in_use_is_one_clear_line_and_status_2(capsys, no_server, command):
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        code, out, err = run(capsys, *command, "--port", str(port), "--no-browser", "--allow-root"
                             if command == ["lab"] else "--no-browser")
    assert code == 2 and out == "" and not no_server
    assert err == (f"euchre-lessons: error: port {port} on 127.0.0.1 is already in use: "
                   "stop what runs there or choose another with --port\n")


def test_the_voila_command_line(capsys, no_server, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    port = free_port()
    assert main(["app", "play", "--port", str(port), "--no-browser", "--seed", "4"]) == 0
    (served,) = no_server
    cmd = served["cmd"]
    assert cmd[:4] == [sys.executable, "-m", "euchre_lessons.delivery.classroom", str(app.APP_DIR / "play.ipynb")]
    assert "--no-browser" in cmd and f"--port={port}" in cmd and "--Voila.ip=127.0.0.1" in cmd
    assert "--Voila.port_retries=0" in cmd            # never another port than the one checked
    assert f"--VoilaExecutor.iopub_timeout={app.IOPUB_TIMEOUT}" in cmd  # a busy kernel's widget still shows
    assert "--KernelManager.transport=ipc" in cmd  # a class's kernels starting at once never meet on a port
    # with the lite extra installed beside it, the browser kernel's page extension is never loaded
    assert "--VoilaConfiguration.extension_denylist=@jupyterlite/pyodide-kernel-extension" in cmd
    assert not any(a.startswith("--preheat_kernel") for a in cmd)
    # a kernel with no linked page is freed after 5 minutes (a page loading under a class's load is not culled)
    assert "--MappingKernelManager.cull_idle_timeout=300" in cmd and "--MappingKernelManager.cull_interval=10" in cmd
    assert "--show_tracebacks=False" in cmd and not any(a.startswith("--Voila.token") for a in cmd)  # loopback
    assert f"--ClassroomVoila.max_pupils={app.default_max_pupils()}" in cmd
    assert served["url"] == f"http://127.0.0.1:{port}/" and served["browser"] is False and served["notes"] == []
    assert json.loads(served["env"][app.ENV]) == {"rules": [], "seed": 4, "folder": str(tmp_path), "level": None,
                                                  "seat": 0, "palette": "standard", "large": False}


def test_a_class_gets_a_preheated_pool_and_its_own_culling(no_server):
    assert main(["app", "stepper", "--port", str(free_port()), "--pool", "8", "--cull-idle", "20"]) == 0
    cmd = no_server[0]["cmd"]
    assert "--preheat_kernel=True" in cmd and "--pool_size=8" in cmd
    assert f"--VoilaKernelManager.fill_delay={app.REFILL_DELAY}" in cmd  # the class opens before the pool refills
    assert "--MappingKernelManager.cull_idle_timeout=1200" in cmd
    assert no_server[0]["browser"] is True
    assert not any("cull" in a for a in app.voila_command("stepper", cull_idle=0))


def test_only_localhost_unless_asked(no_server):
    main(["app", "scores", "--port", str(free_port()), "--ip", "0.0.0.0"])
    assert "--Voila.ip=0.0.0.0" in no_server[0]["cmd"]
    main(["app", "scores", "--port", str(free_port())])
    assert "--Voila.ip=127.0.0.1" in no_server[1]["cmd"]


def test_off_loopback_the_page_needs_a_token_and_the_room_is_told(no_server):
    port = free_port()
    main(["app", "play", "--port", str(port), "--ip", "0.0.0.0", "--no-browser"])
    served = no_server[0]
    (token,) = [a.split("=", 1)[1] for a in served["cmd"] if a.startswith("--Voila.token=")]
    assert len(token) >= 12 and served["url"] == f"http://127.0.0.1:{port}/?token={token}"
    notes = "\n".join(served["notes"])
    assert "Anyone on this network who has the whole address" in notes and f"?token={token}" in notes
    assert ("A page closed, crashed or cut off frees its kernel within a minute; a kernel whose page never linked "
            "is freed after 5 minutes (--cull-idle).") in notes  # the teacher is told the cull as it is
    main(["app", "play", "--port", str(free_port()), "--ip", "0.0.0.0", "--token", "our-class-7"])
    assert "--Voila.token=our-class-7" in no_server[1]["cmd"] and no_server[1]["url"].endswith("/?token=our-class-7")
    main(["app", "play", "--port", str(free_port()), "--token", "our-class-7"])  # asked for on loopback too
    assert "--Voila.token=our-class-7" in no_server[2]["cmd"]
    other = app.check_token(None, "0.0.0.0")
    assert other != token  # made up afresh each time
    main(["app", "play", "--port", str(free_port()), "--ip", "0.0.0.0", "--cull-idle", "0", "--no-browser"])
    assert "Every kernel is kept until the server stops, a closed page's too (--cull-idle 0)." in no_server[3]["notes"][-1]


def test_hosts_pupils_debug_and_the_seat_reach_the_server(no_server, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    main(["app", "play", "--port", str(free_port()), "--allow-host", "Class.School.Example", "--max-pupils", "30",
          "--debug", "--seat", "west", "--rules", "hoyle_railroad"])
    cmd, env = no_server[0]["cmd"], json.loads(no_server[0]["env"][app.ENV])
    assert "--ClassroomVoila.allowed_hosts=class.school.example" in cmd
    assert "--ClassroomVoila.max_pupils=30" in cmd and "--show_tracebacks=True" in cmd
    assert env["seat"] == 3 and env["seed"] is None
    main(["app", "play", "--port", str(free_port()), "--seat", "SW", "--rules", "modern_railroad_6p"])
    assert json.loads(no_server[1]["env"][app.ENV])["seat"] == 4


def test_each_play_page_deals_its_own_deal_unless_a_seed_is_given(tmp_path):
    seeds = {app.widget("play", app.Settings(folder=str(tmp_path))).model.seed for _ in range(6)}
    assert len(seeds) > 1
    fixed = {app.widget("play", app.Settings(seed=7, folder=str(tmp_path))).model.seed for _ in range(3)}
    assert fixed == {7}
    table = app.widget("play", app.Settings(seed=7, folder=str(tmp_path), seat=2))
    assert table.model.human == 2


def test_rule_files_reach_the_kernel_as_absolute_paths(no_server, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "mine.toml").write_text(_standard_toml(), encoding="utf-8")
    main(["app", "stepper", "--port", str(free_port()), "--rules", "./mine.toml"])
    settings = json.loads(no_server[0]["env"][app.ENV])
    assert settings["rules"] == [str(tmp_path / "mine.toml")]


def _standard_toml() -> str:
    from pathlib import Path

    return (Path(app.__file__).resolve().parents[2] / "data" / "rules" / "standard.toml").read_text()


def test_the_lab_command_line(no_server, monkeypatch):
    monkeypatch.setattr(app.os, "geteuid", lambda: 1000)
    port = free_port()
    assert main(["lab", "--port", str(port), "--no-browser"]) == 0
    cmd, url = no_server[0]["cmd"], no_server[0]["url"]
    assert cmd[:3] == [sys.executable, "-m", "jupyterlab"]
    assert f"--ServerApp.root_dir={app.LESSONS}" in cmd and "--ServerApp.ip=127.0.0.1" in cmd
    assert "--allow-root" not in cmd
    token = next(a.split("=", 1)[1] for a in cmd if a.startswith("--IdentityProvider.token="))
    assert len(token) == 32 and url == f"http://127.0.0.1:{port}/lab/tree/00_start_here.ipynb?token={token}"
    assert "--ServerApp.log_level=WARN" in cmd  # JupyterLab's own address (the Launcher's) is not printed


def test_the_lab_as_root_needs_allow_root(capsys, no_server, monkeypatch):
    monkeypatch.setattr(app.os, "geteuid", lambda: 0)
    code, _, err = run(capsys, "lab", "--port", str(free_port()))
    assert code == 2 and "--allow-root" in err and not no_server
    assert main(["lab", "--port", str(free_port()), "--allow-root"]) == 0
    assert "--allow-root" in no_server[0]["cmd"]


def test_the_shipped_notebooks_are_the_written_ones(tmp_path):
    for path in app.write_notebooks(tmp_path):
        shipped = app.APP_DIR / path.name
        assert shipped.read_text(encoding="utf-8") == path.read_text(encoding="utf-8"), (
            f"{shipped} is stale: python -m euchre_lessons.delivery.app --write")
    assert sorted(p.stem for p in app.APP_DIR.glob("*.ipynb")) == sorted(app.APPS)
    for name in app.APPS:
        code = [c for c in json.loads(app.notebook(name).read_text())["cells"] if c["cell_type"] == "code"]
        assert len(code) == 1 and f'widget("{name}")' in "".join(code[0]["source"])


@pytest.mark.parametrize("name, kind", [("stepper", widgets.DealStepper), ("play", widgets.PlayTable),
                                        ("compare", widgets.RulesSideBySide), ("scores", widgets.ScoreExplorer),
                                        ("lab", widgets.SimulationLab), ("practice", widgets.PracticeDesk)])
def test_each_app_builds_its_widget(name, kind, tmp_path):
    built = app.widget(name, app.Settings(folder=str(tmp_path)))
    assert isinstance(built, kind)


def test_the_settings_reach_the_widget_through_the_environment(tmp_path):
    env = {app.ENV: app.Settings(["hoyle_railroad"], 5, str(tmp_path)).to_env()}
    table = app.widget("play", app.Settings.from_env(env))
    assert table.model.rules.name == "hoyle_railroad" and table.model.seed == 5 and table.folder == tmp_path
    assert app.Settings.from_env({}) == app.Settings()
    c = app.widget("compare", app.Settings(["standard", "modern_railroad"], 2))
    assert (c.model.a.name, c.model.b.name) == ("standard", "modern_railroad")


@pytest.mark.parametrize("name", app.LEVELED)
def test_the_level_reaches_the_kernel_in_the_environment_json(no_server, tmp_path, monkeypatch, name):
    monkeypatch.chdir(tmp_path)
    assert main(["app", name, "--port", str(free_port()), "--no-browser", "--level", "expert", "--seed", "2"]) == 0
    settings = json.loads(no_server[0]["env"][app.ENV])
    assert settings == {"rules": [], "seed": 2, "folder": str(tmp_path), "level": "expert", "seat": 0,
                        "palette": "standard", "large": False}


def test_the_level_builds_the_play_table_and_the_lab_at_that_level(tmp_path):
    env = {app.ENV: app.Settings(["standard"], 5, str(tmp_path), "expert").to_env()}
    table = app.widget("play", app.Settings.from_env(env))
    assert table.model.players == "expert" and table.level_box.value == "expert"
    lab = app.widget("lab", app.Settings.from_env(env))
    assert (lab.mine_box.value, lab.others_box.value) == ("expert", "expert")
    plain = app.widget("play", app.Settings(folder=str(tmp_path)))
    assert plain.model.players == "rule_of_thumb" and plain.level_box.value == "rule_of_thumb"  # the default stays
    assert app.Settings.from_env({app.ENV: app.Settings(level="beginner").to_env()}).level == "beginner"


def test_the_practice_page_starts_a_students_queue_in_the_apps_folder(tmp_path):
    desk = app.widget("practice", app.Settings(folder=str(tmp_path)))
    labels = [label for label, _ in desk.source.options]
    assert labels[0] == "Due today in my review queue" and any(x.startswith("Lesson 03: ") for x in labels)
    desk.name.value = "../etc"
    desk.start()
    assert escape("pupil's name '../etc'") in desk.message.value and desk.box.children == ()
    desk.name.value = "ana"
    desk.start()  # nothing due yet in a new queue
    assert "Nothing due" in desk.table.count.value
    desk.source.value = "03"
    desk.start()
    table = desk.table
    assert "Position 1 of" in table.view.value
    first = table.model.current
    wrong = next(c for c in table.actions.children if not first.check(c.description and
                                                                       panels_action(table, c)))
    wrong.click()  # a miss at the first try goes into ana's queue, in the app's folder
    saved = json.loads((tmp_path / "ana.euchre-queue.json").read_text())
    assert [i["entry"]["id"] for i in saved["items"]] == [first.id]


def panels_action(table, button):
    """The action text a practice button plays."""
    from euchre_lessons.teaching import panels

    return next(c.action for c in panels.asked_choices(table.model) if c.label == button.description)


def test_a_port_just_left_by_pupils_pages_is_free_at_once():
    """A server that closed its pupils' connections leaves its port in TIME_WAIT for a minute or
    two; the server binds it again at once (SO_REUSEADDR), and so must the check before it."""
    server = socket.socket()
    server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    server.bind(("127.0.0.1", 0))
    server.listen()
    port = server.getsockname()[1]
    client = socket.create_connection(("127.0.0.1", port))
    conn, _ = server.accept()
    conn.close()  # the server's side closes first: its port waits in TIME_WAIT
    client.recv(1)
    client.close()
    server.close()
    app.check_port("127.0.0.1", port)  # no AppError: the port is free to serve again
    busy = socket.socket()
    busy.bind(("127.0.0.1", 0))
    busy.listen()
    try:
        with pytest.raises(app.AppError, match="already in use"):
            app.check_port("127.0.0.1", busy.getsockname()[1])
    finally:
        busy.close()


def test_a_class_server_says_how_many_pupils_this_computer_holds():
    import os

    note = app.capacity_note()
    cores = os.cpu_count()
    most = min(app.default_max_pupils(), app.PUPILS_A_CORE * cores)
    assert f"can hold about {most} pupils" in note and f"holds {app.default_max_pupils()} pages" in note
    assert f"its {cores} processor core" in note


def test_the_servers_command_line_gives_lists_item_by_item():
    """traitlets 5 warns (DeprecationWarning, at every start) of a list given as JSON."""
    cmd = app.voila_command("play", hosts=["a.example", "b.example"])
    assert not any("=[" in a for a in cmd)
    assert "--ClassroomVoila.allowed_hosts=a.example" in cmd and "--ClassroomVoila.allowed_hosts=b.example" in cmd


@pytest.mark.parametrize("name", list(app.APPS))
def test_a_page_for_a_projector_and_colour_blind_eyes(no_server, name, tmp_path):
    """``--large`` and ``--palette colour-blind`` reach every app's widget through the page's settings."""
    assert main(["app", name, "--port", str(free_port()), "--large", "--palette", "colour-blind"]) == 0
    settings = app.Settings.from_env(no_server[0]["env"])
    assert (settings.palette, settings.large) == ("colour-blind", True)
    built = app.widget(name, app.Settings(folder=str(tmp_path), palette="colour-blind", large=True))
    look = getattr(built, "look", None)
    if isinstance(look, dict):  # the practice page hands its look to the table it starts
        assert look == {"palette": "colour-blind", "large": True}
    elif look is not None:
        assert (look.palette, look.large) == ("colour-blind", True)
    else:  # the teacher's page: its buttons
        assert built.refresh_b.style.font_size == "20px"
    assert main(["app", name, "--port", str(free_port()), "--palette", "grey"]) == 2

"""Every lesson run top to bottom in JupyterLab, in a real browser: each lesson opened from a copy
of the notebooks folder (JupyterLab saves what it opens), its stored outputs cleared, all cells
run in a fresh kernel; then no cell shows an error, every widget the notebook shows is rendered
live, every plotly chart is drawn, and the console is clean. In lesson 02 the stepper's Next
also changes its table. The server is the one ``euchre-lessons lab`` starts, with nothing that
reaches the internet (news, update checks)."""
from __future__ import annotations

import json
import os
import secrets
import shutil
import subprocess
import time
import urllib.request
from pathlib import Path

import pytest

from euchre_lessons.delivery.app import lab_command

from .conftest import NOTES, ROOT, SHOTS, Console, free_port, screenshot, stop

LESSONS = sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
WIDGET = "application/vnd.jupyter.widget-view+json"
PLOTLY = "application/vnd.plotly.v1+json"
IDLE = ".jp-Notebook-ExecutionIndicator[data-status='idle']"
# Every code cell has run (a number in its prompt) and none is running or queued ([*]).
# The outputs of cells (not those inside an Output widget) that hold a rendered widget.
VIEWS = """() => [...document.querySelectorAll('.jp-OutputArea-output')]
    .filter(o => !o.parentElement.closest('.jupyter-widgets') && o.querySelector('.jupyter-widgets'))
    .map(o => o.textContent.slice(0, 60))"""
ALL_RAN = """n => { const p = [...document.querySelectorAll('.jp-CodeCell .jp-InputPrompt')].map(e => e.textContent);
    return p.length == n && p.every(t => /^\\[\\d+\\]:$/.test(t.trim())); }"""
RUN_TIMEOUT = 180_000


def expected(path: Path) -> dict:
    """What the committed lesson shows: its code cells, widget outputs and plotly charts."""
    cells = [c for c in json.loads(path.read_text(encoding="utf-8"))["cells"] if c["cell_type"] == "code"]
    data = [o.get("data", {}) for c in cells for o in c.get("outputs", [])]
    return {"cells": len(cells), "widgets": sum(WIDGET in d for d in data), "charts": sum(PLOTLY in d for d in data)}


def api(base: str, token: str, path: str, method: str = "GET", body: dict | None = None):
    req = urllib.request.Request(f"{base}{path}", method=method, headers={"Authorization": f"token {token}"},
                                 data=None if body is None else json.dumps(body).encode())
    with urllib.request.urlopen(req, timeout=10) as r:
        body = r.read()
    return json.loads(body) if body else None


@pytest.fixture(scope="module")
def lab(tmp_path_factory):
    """JupyterLab on a copy of the lessons; yields (base URL, token)."""
    tmp = tmp_path_factory.mktemp("lab")
    folder = tmp / "notebooks"
    shutil.copytree(ROOT / "notebooks", folder, ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    settings = tmp / "settings" / "@jupyterlab" / "apputils-extension"
    settings.mkdir(parents=True)
    (settings / "notification.jupyterlab-settings").write_text('{"fetchNews": "false", "checkForUpdates": false}')
    port, token = free_port(), secrets.token_hex(16)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])),
           "JUPYTERLAB_SETTINGS_DIR": str(tmp / "settings"), "JUPYTERLAB_WORKSPACES_DIR": str(tmp / "workspaces"),
           "JUPYTER_CONFIG_DIR": str(tmp / "config")}
    cmd = lab_command(port, "127.0.0.1", token, folder, allow_root=hasattr(os, "geteuid") and os.geteuid() == 0)
    cmd += ["--LabApp.news_url=None", "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate"]
    log = tmp / "lab.log"
    base = f"http://127.0.0.1:{port}"
    with open(log, "wb") as out:
        proc = subprocess.Popen(cmd, cwd=tmp, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
        try:
            deadline = time.monotonic() + 90
            while True:
                if proc.poll() is not None:
                    pytest.fail(f"JupyterLab exited with {proc.returncode}:\n{log.read_text()}")
                try:
                    api(base, token, "/api/status")
                    break
                except OSError:
                    if time.monotonic() > deadline:
                        pytest.fail(f"JupyterLab did not answer in 90 s:\n{log.read_text()}")
                    time.sleep(0.3)
            yield base, token
        finally:
            print(log.read_text(errors="replace")[-3000:])  # shown if a lesson failed
            stop(proc, 30)


def menu(page, top: str, command: str) -> None:
    """Menu ``top``, item ``command``; DialogShown if a dialog stands over the menu bar."""
    from playwright.sync_api import TimeoutError as Timeout
    try:
        page.locator(".lm-MenuBar-itemLabel", has_text=top).first.click()
        page.locator(f"li[data-command='{command}']").click()
    except Timeout as e:
        raise dialog_in_the_way(page, e) from e


def run_all(page, sync_api, tries: int = 3) -> None:
    """Run > Run All Cells, until a cell starts: a Run All chosen while the new kernel is
    still connecting is dropped without a word (every prompt stays [ ])."""
    for _ in range(tries):
        menu(page, "Run", "runmenu:run-all")
        try:
            page.wait_for_function("() => [...document.querySelectorAll('.jp-CodeCell .jp-InputPrompt')]"
                                   ".some(e => /\\[[*\\d]/.test(e.textContent))", timeout=15_000)
            return
        except sync_api.TimeoutError:
            page.keyboard.press("Escape")
    pytest.fail(f"Run All ran no cell, {tries} times")


def open_in_lab(browser, lab, workspace: str, name: str, height: int):
    """A new page on notebook ``name`` in a JupyterLab workspace of its own, reset (only this
    notebook open), once its kernel is idle; returns (page, console)."""
    base, token = lab
    page = browser.new_page(viewport={"width": 1200, "height": height})
    page.set_default_timeout(60_000)
    console = Console(page)
    page.goto(f"{base}/lab/workspaces/{workspace}/tree/{name}?reset&token={token}", timeout=120_000)
    # The page can show an idle kernel before the server has one for it: wait for both.
    deadline = time.monotonic() + 120
    while not any(s["path"].endswith(name) and s["kernel"]["execution_state"] == "idle"
                  for s in api(base, token, "/api/sessions")):
        if time.monotonic() > deadline:
            pytest.fail(f"no idle kernel for {name} on the server in 120 s: {api(base, token, '/api/sessions')}")
        time.sleep(0.1)
    page.wait_for_selector(IDLE, timeout=120_000)
    return page, console


DIALOG = """() => { const d = document.querySelector('.jp-Dialog');
    return d ? d.innerText.replace(/\\s+/g, ' ').trim().slice(0, 300) : null; }"""


class DialogShown(Exception):
    """A JupyterLab dialog stood in the way of the run; its words are the message."""


def dialog_in_the_way(page, error: Exception) -> Exception:
    """``error``, or DialogShown with the dialog's words if a JupyterLab dialog is open."""
    words = page.evaluate(DIALOG)
    return DialogShown(words) if words else error


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem[:2])
def test_a_lesson_runs_in_jupyterlab(lab, browser, sync_api, path):
    """A lesson cleared and run all in a fresh page. A dialog the lesson did not ask for (a kernel
    slow to start on a loaded machine, a lost connection) gets one more run in a new page, noted
    with its words; the same dialog a second time fails the test with them."""
    for attempt in (1, 2):
        try:
            run_a_lesson(lab, browser, sync_api, path, workspace=f"{path.stem[:2]}-{attempt}")
            return
        except DialogShown as shown:
            NOTES.append(f"JupyterLab, {path.stem}: run {attempt} stopped by a dialog: {shown}")
            print(NOTES[-1])
            if attempt == 2:
                pytest.fail(f"a dialog stopped the run twice: {shown}")


def run_a_lesson(lab, browser, sync_api, path: Path, workspace: str) -> None:
    base, token = lab
    want = expected(path)
    t0 = time.perf_counter()
    page, console = open_in_lab(browser, lab, workspace, path.name, height=1000)
    try:
        menu(page, "Edit", "editmenu:clear-all")
        page.wait_for_function("() => !document.querySelector('.jp-OutputArea-output')")
        run_all(page, sync_api)
        try:
            page.wait_for_function(ALL_RAN, arg=want["cells"], timeout=RUN_TIMEOUT)
        except sync_api.TimeoutError as e:
            prompts = page.evaluate("[...document.querySelectorAll('.jp-CodeCell .jp-InputPrompt')]"
                                    ".map(e => e.textContent.trim()).join(' ')")
            status = page.evaluate("document.querySelector('.jp-Notebook-ExecutionIndicator').dataset.status")
            raise dialog_in_the_way(page, AssertionError(
                f"not every cell ran in {RUN_TIMEOUT // 1000} s (kernel {status}): {prompts}")) from e
        page.wait_for_selector(IDLE, timeout=RUN_TIMEOUT)
        expect = sync_api.expect
        page.wait_for_function(f"() => ({VIEWS})().length >= {want['widgets']}")
        assert len(page.evaluate(VIEWS)) == want["widgets"], page.evaluate(VIEWS)
        page.wait_for_function("() => ![...document.querySelectorAll('.jp-OutputArea-output')]"
                               ".some(o => /Loading widget|Error displaying widget/.test(o.textContent))")
        if want["charts"]:
            page.wait_for_function(f"() => document.querySelectorAll('.js-plotly-plot').length >= {want['charts']}")
        errors = page.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']")
        assert errors.count() == 0, "a cell wrote to stderr:\n" + "\n---\n".join(errors.all_inner_texts())[:4000]
        NOTES.append(f"JupyterLab, {path.stem}: opened, cleared and run in {time.perf_counter() - t0:.1f} s")
        print(NOTES[-1])
        if path.stem.startswith("02"):
            the_stepper_steps(page, expect)
        screenshot(page, SHOTS / f"lab-{path.stem}.png", most=20_000)
        page.wait_for_timeout(200)
        errors = console.take()
        assert not errors, "console errors:\n" + "\n".join(errors)
    except DialogShown:
        screenshot(page, SHOTS / f"lab-{path.stem}-dialog.png")
        raise
    finally:
        page.close()
        for session in api(base, token, "/api/sessions"):  # this lesson's kernel, shut down
            api(base, token, f"/api/sessions/{session['id']}", "DELETE")


def the_stepper_steps(page, expect) -> None:
    """The DealStepper of lesson 02: Next moves it on a step and changes its table."""
    stepper = page.locator(".jp-OutputArea-output .widget-vbox").filter(
        has=page.get_by_role("button", name="Next", exact=True)).first
    sentence, table = stepper.locator("p[aria-live]").first, stepper.locator(".el-state").first
    step, before = int(sentence.inner_text().split()[1]), table.inner_text()
    stepper.get_by_role("button", name="Next", exact=True).click()
    expect(sentence).to_contain_text(f"Step {step + 1} of")
    assert table.inner_text() != before


# A long run's bar in a kernel (a short run, its bar asked for): ipywidgets' bar, counted to the end.
RUN_WITH_BAR = """import euchre_lessons.widgets  # registers the widget bar, as every lesson's first cells do
from euchre_lessons import simulate
from euchre_lessons.simulate.progress import in_notebook

rows = simulate.hands("standard", 200, seed=1, progress=True)
print("in a notebook:", in_notebook(), "-", len(rows), "hands")"""


def test_a_simulation_shows_the_widget_bar(lab, browser, sync_api):
    """A simulation with its progress bar in a JupyterLab kernel shows the widget bar, not text."""
    base, token = lab
    cell = {"cell_type": "code", "id": "run", "execution_count": None, "metadata": {}, "outputs": [], "source": RUN_WITH_BAR}
    nb = {"cells": [cell], "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3"}},
          "nbformat": 4, "nbformat_minor": 5}
    api(base, token, "/api/contents/progress_bar.ipynb", "PUT", {"type": "notebook", "format": "json", "content": nb})
    t0 = time.perf_counter()
    page, console = open_in_lab(browser, lab, "bar", "progress_bar.ipynb", height=800)
    try:
        run_all(page, sync_api)
        output = page.locator(".jp-OutputArea-output")
        sync_api.expect(output.filter(has_text="in a notebook: True - 200 hands")).to_have_count(1, timeout=RUN_TIMEOUT)
        bar = page.locator(".widget-hprogress .progress-bar-success")  # ipywidgets' bar, closed when done
        sync_api.expect(output.locator(".widget-hprogress")).to_have_count(1)
        sync_api.expect(output.filter(has=bar)).to_contain_text("200/200")
        errors = page.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']")
        assert errors.count() == 0, "the text bar (stderr) was drawn too:\n" + "\n".join(errors.all_inner_texts())
        NOTES.append(f"JupyterLab, a simulation's widget bar: shown in {time.perf_counter() - t0:.1f} s")
        screenshot(page, SHOTS / "lab-progress-bar.png")
        errors = console.take()
        assert not errors, "console errors:\n" + "\n".join(errors)
    finally:
        page.close()
        for session in api(base, token, "/api/sessions"):
            api(base, token, f"/api/sessions/{session['id']}", "DELETE")

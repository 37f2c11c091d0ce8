"""The lessons in the browser, offline: ``euchre-lessons lite build --offline`` writes the site,
``euchre-lessons lite serve`` serves it on 127.0.0.1, and Debian's Chromium opens the start page,
runs it in the Pyodide kernel and clicks: the deal stepper steps, a card is played at the play
table and a bot answers, and a figure is drawn; lessons 00, 01, 02 and 04 (those that need no
pandas) run to their last cell with nothing written to stderr, and ``/`` opens the start page.
No request may leave this computer.

The lessons' Pyodide packages (pandas, numpy and theirs) are fetched at build time from a
stand-in index on 127.0.0.1 (``tests/pyodide_standins.py``: this machine cannot reach Pyodide's
CDN, and PyPI has no pandas or numpy for Pyodide 314), so the site holds them and a lesson's
``await needs("pandas")`` loads them from the site; their modules are stand-ins, so no lesson
that computes with pandas is run here.

The build tools live in their own environment (the ``lite`` extra is kept apart from the test
environment, which has Voila): ``.lite-cache/venv``, made on the first run with the kit and its
``lite`` extra, and ``.lite-cache/downloads`` for Pyodide's core (``npm pack``) and the wheels;
both are kept for the next run (``.lite-cache/`` is ignored by git). A missing npm or Chromium fails this test; it never skips.
Printed: the build's time and size, and the time from opening the page to the first widget
answering a click (a cold Pyodide start).
"""
from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import time
import tomllib
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from pyodide_standins import served as index_served
from pyodide_standins import wheel

from euchre_lessons.delivery.lite import bundle

from .conftest import LOAD_TIMEOUT, ROOT, SHOTS, Console, free_port, stop

CACHE = ROOT / ".lite-cache"
VENV = CACHE / "venv"
LOCAL = re.compile(r"^(https?|wss?)://(127\.0\.0\.1|localhost)(:\d+)?/|^(data|blob):")
START = "notebooks/index.html?path=start_here_in_the_browser.ipynb"
KERNEL_TIMEOUT = 180_000  # a cold Pyodide start on a busy machine
SEEN: dict = {}  # what the page fixture measured and recorded
BUTTONS = "el => [...el.querySelectorAll('button')].map(b => [b.textContent.trim(), !b.disabled])"


def _bin(name: str) -> Path:
    return VENV / ("Scripts" if os.name == "nt" else "bin") / name


def lite_tools() -> Path:
    """``.lite-cache/venv``: the ``lite`` extra, the kit's dependencies as the browser has them
    (not pandas and numpy, which the build does not use) and the kit itself; remade when
    pyproject.toml changes."""
    stamp = VENV / "euchre-lessons.pyproject.sha256"
    want = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()
    if stamp.is_file() and stamp.read_text() == want and _bin("euchre-lessons").is_file():
        return VENV
    shutil.rmtree(VENV, ignore_errors=True)
    with open(ROOT / "pyproject.toml", "rb") as f:
        project = tomllib.load(f)["project"]
    browser = {"sys_platform": "emscripten"}
    wanted = project["optional-dependencies"]["lite"] + [
        r for r in project["dependencies"] if Requirement(r).marker is None or Requirement(r).marker.evaluate(browser)]
    pip = [str(_bin("python")), "-m", "pip", "install", "--quiet", "--disable-pip-version-check"]
    # hatchling builds the editable kit here, with editables, instead of in a build environment of its own
    steps = [[sys.executable, "-m", "venv", str(VENV)], pip + wanted + ["editables"],
             pip + ["--no-deps", "--no-build-isolation", "-e", str(ROOT)]]
    for cmd in steps:
        done = subprocess.run(cmd, capture_output=True, text=True)
        if done.returncode:
            pytest.fail(f"could not make the site's build environment: {' '.join(cmd)}\n{done.stdout}{done.stderr}")
    stamp.write_text(want)
    return VENV


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    if shutil.which("npm") is None:
        pytest.fail("npm is not installed: the offline site takes Pyodide's core from the npm package pyodide "
                    "(Debian: apt-get install npm); this test does not skip")
    t0 = time.perf_counter()
    lite_tools()
    tools = time.perf_counter() - t0
    folder = tmp_path_factory.mktemp("lite") / "site"
    kept = CACHE / "downloads" / "lite"
    core = bundle.pyodide_core(kept)  # npm pack, once
    (kept / "wheels").mkdir(exist_ok=True)
    cache = tmp_path_factory.mktemp("lite-cache") / "lite"  # what is fetched from the stand-in index stays here
    cache.mkdir()
    for name in ("wheels", f"pyodide-{bundle.PYODIDE_VERSION}.tgz", f"pyodide-{bundle.PYODIDE_VERSION}"):
        (cache / name).symlink_to(kept / name)
    lock = json.loads((core / "pyodide-lock.json").read_text(encoding="utf-8"))
    index = tmp_path_factory.mktemp("pyodide-index")
    for name in bundle.closure(lock, ["pandas", "numpy"]) - bundle.start_up_closure(lock):
        wheel(index, lock["packages"][name])
    env = {**os.environ, "EUCHRE_LESSONS_CACHE": str(cache.parent)}
    t0 = time.perf_counter()
    with index_served(index) as (url, asked):
        done = subprocess.run([str(_bin("euchre-lessons")), "lite", "build", str(folder), "--offline",
                               "--pyodide-index", url], capture_output=True, text=True, env=env)
    if done.returncode:
        pytest.fail(f"euchre-lessons lite build failed ({done.returncode}):\n{done.stdout}{done.stderr}")
    SEEN.update(build_said=done.stdout, index_asked=sorted(set(asked)), stand_ins=sorted(p.name for p in index.iterdir()))
    facts = json.loads((folder / "euchre-lessons-site.json").read_text())
    print(f"\nbuild environment ready in {tools:.0f} s; site built in {time.perf_counter() - t0:.0f} s: "
          f"{facts['size_mb']:.0f} MB, Pyodide's core {facts['pyodide_core_mb']:.0f} MB of it "
          f"(static/pyodide with the start-up wheels: {_mb(folder / 'static' / 'pyodide'):.0f} MB)")
    return folder


def _mb(folder: Path) -> float:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file()) / 1e6


@pytest.fixture(scope="module")
def served(site):
    """``euchre-lessons lite serve`` on a free port; yields the URL it prints."""
    port = free_port()
    proc = subprocess.Popen([str(_bin("euchre-lessons")), "lite", "serve", str(site), "--port", str(port)],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, start_new_session=True)
    try:
        first = proc.stdout.readline().strip()
        assert re.search(rf"http://127\.0\.0\.1:{port}/\S*$", first), first
        yield f"http://127.0.0.1:{port}/"
    finally:
        stop(proc, 10)


class Requests:
    """Every request of the browser context: local ones pass, any other is aborted and kept."""

    def __init__(self, context):
        self.local: list[str] = []
        self.outside: list[str] = []
        context.route("**/*", self._route)
        context.on("request", self._seen)

    def _route(self, route):
        if LOCAL.match(route.request.url):
            route.continue_()
        else:
            self.outside.append(route.request.url)
            route.abort("internetdisconnected")

    def _seen(self, request):
        (self.local if LOCAL.match(request.url) else self.outside).append(request.url)


@pytest.fixture(scope="module")
def app_page(browser, served):
    """The start page, all of its cells run; yields (page, console) once the play table shows.
    Records in ``SEEN``: the requests, the stepper's text before its first step, and
    ``first_answer``, the seconds from opening the page to that step shown."""
    context = browser.new_context(viewport={"width": 1200, "height": 1400})
    requests = Requests(context)
    page = context.new_page()
    page.set_default_timeout(30_000)
    console = Console(page)
    t0 = time.perf_counter()
    page.goto(served + START, timeout=LOAD_TIMEOUT)
    page.locator(".jp-CodeCell").nth(2).wait_for(timeout=LOAD_TIMEOUT)  # the notebook is open
    page.get_by_role("menuitem", name="Run", exact=True).click()
    page.get_by_role("menuitem", name=re.compile(r"^Run All Cells")).first.click()
    stepper = output_with(page, "Next")
    try:
        stepper.get_by_role("button", name="Next", exact=True).wait_for(timeout=KERNEL_TIMEOUT)
    except Exception:
        page.screenshot(path=SHOTS / "test_lite_site-start.png", full_page=True)
        errors = page.locator(".jp-OutputArea-output[data-mime-type*='stderr'], .jp-RenderedText").all_inner_texts()
        pytest.fail("the start page's widgets did not show; its outputs:\n" + "\n".join(errors)[-3000:]
                    + "\nconsole:\n" + "\n".join(console.take()))
    shown = time.perf_counter() - t0
    before = stepper.inner_text()
    stepper.get_by_role("button", name="Next", exact=True).click()
    stepper.get_by_text("Step 1 of", exact=False).wait_for()
    SEEN.update(first_answer=time.perf_counter() - t0, stepper_before=before, requests=requests)
    output_with(page, "Hint").get_by_role("button", name="Hint", exact=True).wait_for(timeout=KERNEL_TIMEOUT)
    print(f"\nopening the page to the first widget shown: {shown:.1f} s; to its first answer (Next): "
          f"{SEEN['first_answer']:.1f} s")
    yield page, console
    context.close()


def output_with(page, button: str):
    """The cell output holding the widget with a button named ``button``."""
    return page.locator(".jp-OutputArea-output").filter(has=page.get_by_role("button", name=button, exact=True))


def test_a_step_forward_changes_the_table(app_page, sync_api):
    page, _ = app_page
    stepper = output_with(page, "Next")
    sync_api.expect(stepper.get_by_text("Step 1 of", exact=False)).to_be_visible()
    assert stepper.inner_text() != SEEN["stepper_before"]


def said(table) -> list[str]:
    return table.locator("ul[aria-live] li").all_inner_texts()


def legal(table) -> list[str]:
    tools = {"Undo", "New deal", "Next hand", "Review my play", "Try again", "Save record", "Open in the stepper"}
    return [name for name, on in table.evaluate(BUTTONS)
            if on and not name.startswith("Hint") and name not in tools and not name.endswith("(not allowed)")]


def test_a_legal_card_is_played_and_a_bot_answers(app_page, sync_api):
    page, _ = app_page
    table = output_with(page, "Hint")
    sync_api.expect(table.get_by_text("you are North", exact=False)).to_be_visible()
    for _ in range(6):  # the bidding, and North's discard, until North has a card to play
        choices = legal(table)
        if choices and choices[0].startswith("play "):
            break
        table.get_by_role("button", name=choices[0], exact=True).click()
        table.get_by_role("button", name=choices[0], exact=True).wait_for(state="detached")
    card = legal(table)[0]
    assert card.startswith("play "), legal(table)
    heard = said(table)  # what the bots said since North's last decision
    table.get_by_role("button", name=card, exact=True).click()
    table.get_by_role("button", name=card, exact=True).wait_for(state="detached")
    page.wait_for_function("([el, before]) => [...el.querySelectorAll('ul[aria-live] li')]"
                           ".map(li => li.textContent).join('\\n') != before",
                           arg=[table.element_handle(), "\n".join(heard)])
    answers = said(table)
    assert any(" plays " in line or " leads " in line for line in answers), answers
    assert card not in legal(table)


def test_a_figure_is_drawn(app_page, sync_api):
    page, _ = app_page
    figure = page.locator(".js-plotly-plot").last  # the output area itself, drawn by plotly
    sync_api.expect(figure).to_contain_text("Points when the makers take 3 tricks", timeout=60_000)
    assert figure.locator(".point path").count() >= 5  # a bar for each preset


def test_no_request_left_this_computer(app_page):
    requests = SEEN["requests"]
    assert not requests.outside, "requests that left localhost:\n" + "\n".join(sorted(set(requests.outside)))
    for served_here in ("static/pyodide/pyodide.asm.wasm", "pypi/euchre_lessons-"):
        assert any(served_here in url for url in requests.local), served_here
    assert not any("pandas" in url or "numpy" in url for url in requests.local)  # the start page loads neither


def test_practice_keeps_the_queue_in_the_browsers_own_storage(app_page, sync_api):
    """With nothing installed: a position missed at the first try is written to the student's queue
    file, which lives in the browser's storage and shows in the site's file list."""
    from euchre_lessons.practice import positions
    from euchre_lessons.teaching import panels
    from euchre_lessons.teaching.practising import Practice

    page, console = app_page
    expect = sync_api.expect
    lesson = positions("03")
    wrong = next(c.label for c in panels.asked_choices(Practice.of(lesson))
                 if not lesson[0].check(c.action))
    desk = output_with(page, "Start")
    desk.get_by_label("Your name").fill("ana")
    desk.get_by_label("Practise").select_option(value=f"Lesson 03: {len(lesson)} positions")
    desk.get_by_role("button", name="Start", exact=True).click()
    expect(desk.get_by_text(f"Position 1 of {len(lesson)}", exact=False)).to_be_visible(timeout=60_000)
    desk.get_by_role("button", name=wrong, exact=True).click()
    expect(desk.get_by_text("Not yet:", exact=False)).to_be_visible(timeout=30_000)
    # the site's file list, opened in another tab of the same browser, reads the browser's storage
    served = page.url.split("notebooks/")[0]
    tree = page.context.new_page()
    try:
        listing = tree.locator(".jp-DirListing-item", has_text="ana.euchre-queue.json")
        for _ in range(10):  # the kernel's file reaches the storage within moments
            tree.goto(served + "tree/index.html", timeout=LOAD_TIMEOUT)
            tree.locator(".jp-DirListing-item").first.wait_for(timeout=60_000)
            if listing.count():
                break
            tree.wait_for_timeout(1000)
        tree.screenshot(path=SHOTS / "test_lite_site-practice.png", full_page=True)
        expect(listing).to_have_count(1)
    finally:
        tree.close()
    handing = output_with(page, "Save my work for the teacher")  # the pupil's work, as one file to hand in
    handing.get_by_label("Your name").fill("ana")
    handing.get_by_role("button", name="Save my work for the teacher", exact=True).click()
    expect(handing.get_by_role("link", name="Download ana.euchre-work.json")).to_be_visible(timeout=30_000)
    assert not [m for m in console.take() if "error" in m.lower()]


# A simulation with its bar asked for, run in a cell added to the start page. Offline the browser
# has no pandas (Pyodide's own index has it), so the rows' table is not made: the bar is drawn first.
RUN_WITH_BAR = """import euchre_lessons.widgets  # registers the widget bar, as every lesson's first cells do
from euchre_lessons import simulate
from euchre_lessons.simulate.progress import in_notebook

try:
    simulate.hands("standard", 40, seed=1, progress=True)
except ImportError as missing:
    print("no", missing.name)
print("in a notebook:", in_notebook())"""


def test_a_simulation_shows_the_widget_bar(app_page, sync_api):
    """The Pyodide kernel's shell counts as a notebook's: a simulation's bar is the widget bar."""
    page, _ = app_page
    expect = sync_api.expect
    cells = page.locator(".jp-CodeCell")
    count = cells.count()
    cells.last.locator(".jp-InputPrompt").click()  # the last cell chosen, in command mode
    page.keyboard.press("b")  # a new cell below it
    expect(cells).to_have_count(count + 1)
    page.keyboard.press("Enter")
    page.keyboard.insert_text(RUN_WITH_BAR)
    page.keyboard.press("Shift+Enter")
    output = cells.nth(count).locator(".jp-OutputArea-output")
    expect(output.filter(has_text="in a notebook: True")).to_have_count(1, timeout=60_000)
    expect(output.locator(".widget-hprogress")).to_have_count(1)  # ipywidgets' bar, closed when done
    expect(output.filter(has=page.locator(".widget-hprogress .progress-bar-success"))).to_contain_text("40/40")
    assert output.locator("[data-mime-type='application/vnd.jupyter.stderr']").count() == 0


# ---- the lessons' packages held by the site, lesson 00, and / ------------------------------------

# Where the kernel looks for what it loads: its settings, the wheel indexes and Pyodide's lock.
KERNEL_SOURCES = ("jupyter-lite.json", "pypi/all.json", "extensions/@jupyterlite/pyodide-kernel-extension/static/pypi/all.json",
                  "static/pyodide/pyodide-lock.json")
OUTSIDE = re.compile(r"(?:https?|wss?)://(?!127\.0\.0\.1[:/]|localhost[:/])[^\s\"'<>)]+")


def test_the_site_holds_the_lessons_packages_and_the_kernel_is_sent_nowhere_else(site):
    facts = json.loads((site / "euchre-lessons-site.json").read_text())
    assert facts["bundled"] == ["numpy", "pandas"] and facts["online_lessons"] == {}
    assert "every lesson runs without the internet" in SEEN["build_said"]
    assert SEEN["index_asked"] == ["/" + name for name in SEEN["stand_ins"]]  # each fetched once
    lock = json.loads((site / "static" / "pyodide" / "pyodide-lock.json").read_text())
    for name in ("pandas", "numpy", "python-dateutil", "pytz", "six", "micropip", "ipython"):
        entry = lock["packages"][name]
        held = site / "static" / "pyodide" / entry["file_name"]
        assert held.is_file() and hashlib.sha256(held.read_bytes()).hexdigest() == entry["sha256"], name
    assert "scipy" not in lock["packages"]  # what no lesson needs is not listed, so never fetched
    outside = {path: OUTSIDE.findall((site / path).read_text(encoding="utf-8")) for path in KERNEL_SOURCES}
    assert not any(outside.values()), outside
    pyodide_url = json.loads((site / "jupyter-lite.json").read_text())["jupyter-config-data"][
        "litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]["pyodideUrl"]
    assert pyodide_url == "./static/pyodide/pyodide.mjs"


def run_all(page) -> None:
    page.get_by_role("menuitem", name="Run", exact=True).click()
    page.get_by_role("menuitem", name=re.compile(r"^Run All Cells")).first.click()


# Every code cell has run (a number in its prompt) and none is running or queued ([*]).
ALL_RAN = """n => { const p = [...document.querySelectorAll('.jp-CodeCell .jp-InputPrompt')].map(e => e.textContent);
    return p.length == n && p.every(t => /^\\[\\d+\\]:$/.test(t.trim())); }"""
LESSON_TIMEOUT = 300_000  # Pyodide's start and a lesson's cells, on a busy machine
# The lessons that need nothing but the kit and Pyodide's core (no pandas, no numpy).
WITHOUT_PANDAS = ("00_start_here", "01_cards_and_trumps", "02_a_deal_step_by_step", "04_alone_against_jambone_jamboree")


def run_lesson(browser, served, site, name: str):
    """Lesson ``name`` of the site opened in a browser context of its own and all its cells run,
    none writing to stderr; returns (context, page, requests)."""
    cells = sum(c["cell_type"] == "code" for c in json.loads((site / "files" / f"{name}.ipynb").read_text())["cells"])
    context = browser.new_context(viewport={"width": 1200, "height": 1400})
    requests = Requests(context)
    page = context.new_page()
    page.set_default_timeout(30_000)
    page.goto(f"{served}notebooks/index.html?path={name}.ipynb", timeout=LOAD_TIMEOUT)
    page.locator(".jp-CodeCell").nth(2).wait_for(timeout=LOAD_TIMEOUT)
    run_all(page)
    try:
        page.wait_for_function(ALL_RAN, arg=cells, timeout=LESSON_TIMEOUT)
    except Exception:
        page.screenshot(path=SHOTS / f"test_lite_site-{name}.png", full_page=True)
        outputs = page.locator(".jp-OutputArea-output").all_inner_texts()
        context.close()
        pytest.fail(f"{name} did not run to its end; its outputs:\n" + "\n".join(outputs)[-3000:])
    errors = page.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']")
    assert errors.count() == 0, f"{name}: a cell wrote to stderr:\n" + "\n---\n".join(errors.all_inner_texts())[:4000]
    return context, page, requests


@pytest.fixture(scope="module")
def lesson_00(browser, served, site):
    """Lesson 00 in the site, all of its cells run (to its table of presets); yields (page, requests)."""
    context, page, requests = run_lesson(browser, served, site, "00_start_here")
    yield page, requests
    context.close()


def test_lesson_00_runs_to_its_end_and_nothing_leaves_this_computer(lesson_00, sync_api):
    page, requests = lesson_00
    sync_api.expect(page.locator(".jp-OutputArea-output").filter(has_text="standard             Standard Euchre")
                    ).to_have_count(1)
    assert not requests.outside, "requests that left localhost:\n" + "\n".join(sorted(set(requests.outside)))
    assert not any("pandas" in url or "numpy" in url for url in requests.local)  # lesson 00 loads neither


@pytest.mark.parametrize("name", WITHOUT_PANDAS[1:], ids=lambda n: n[:2])
def test_a_lesson_without_pandas_runs_and_nothing_leaves_this_computer(browser, served, site, name):
    context, _, requests = run_lesson(browser, served, site, name)
    context.close()
    assert not requests.outside, "requests that left localhost:\n" + "\n".join(sorted(set(requests.outside)))
    assert not any("pandas" in url or "numpy" in url for url in requests.local)


LOAD_PANDAS = """from euchre_lessons.delivery.lite import needs

await needs("pandas", "numpy")
import dateutil, numpy, pandas, pytz
print(pandas.STAND_IN, "|", numpy.STAND_IN, "|", dateutil.STAND_IN, "|", pytz.STAND_IN)"""


def test_a_lesson_loads_pandas_from_the_site(lesson_00, sync_api):
    """What the set-up cell of a lesson using pandas awaits: pandas and what it depends on, from
    the site's own files (stand-ins here), with no request leaving this computer."""
    page, requests = lesson_00
    cells = page.locator(".jp-CodeCell")
    count = cells.count()
    cells.last.locator(".jp-InputPrompt").click()
    page.keyboard.press("b")
    sync_api.expect(cells).to_have_count(count + 1)
    page.keyboard.press("Enter")
    page.keyboard.insert_text(LOAD_PANDAS)
    page.keyboard.press("Shift+Enter")
    output = cells.nth(count).locator(".jp-OutputArea-output")
    sync_api.expect(output).to_contain_text("pandas 3.0.2 | numpy 2.4.6 | python-dateutil 2.9.0.post0",
                                            timeout=KERNEL_TIMEOUT)
    assert not requests.outside, "requests that left localhost:\n" + "\n".join(sorted(set(requests.outside)))
    assert any("static/pyodide/pandas-3.0.2-" in url for url in requests.local)


def test_the_sites_address_opens_the_start_page(browser, served, sync_api):
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    requests = Requests(context)
    try:
        page = context.new_page()
        page.goto(served, timeout=LOAD_TIMEOUT)
        page.wait_for_url(re.compile(r"/lab/index\.html\?path=start_here_in_the_browser\.ipynb$"), timeout=LOAD_TIMEOUT)
        sync_api.expect(page.get_by_role("heading", name="Start here, in the browser")).to_be_visible(
            timeout=LOAD_TIMEOUT)
        sync_api.expect(page.locator(".jp-Launcher")).to_have_count(0)
        assert not requests.outside, "\n".join(sorted(set(requests.outside)))
    finally:
        context.close()

"""Browser tests of app mode: each app served by ``euchre-lessons app NAME`` (one server per test
module), driven in Debian's Chromium through playwright (never ``playwright install``).

A missing browser or playwright fails these tests with a message saying what to install; it
never skips them. Every test ends with a screenshot of the whole page in ``tests/browser/screenshots/`` and fails
on any console error but the resources a machine without internet cannot fetch. Click-to-result
medians are printed at the end of the run ("click to result").
"""
from __future__ import annotations

import os
import re
import signal
import socket
import statistics
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SHOTS = Path(__file__).with_name("screenshots")
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
# What cannot be fetched offline: CDN style sheets, web fonts, icons.
OFFLINE = re.compile(r"net::ERR_NAME_NOT_RESOLVED|net::ERR_INTERNET_DISCONNECTED|\.woff2?\b|\.ttf\b|fontawesome"
                     r"|font-awesome|favicon|\bicons?\b", re.IGNORECASE)
LOAD_TIMEOUT = 120_000
NOTES: list[str] = []  # other measurements, printed at the end of the run
_TIMED: list[tuple[str, list[float]]] = []  # click-to-result times, one entry a record() call


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_listening(proc, port, log: Path, timeout=60.0) -> None:
    """A TCP probe, not a GET: every GET of an app page starts a kernel."""
    deadline = time.monotonic() + timeout
    while True:
        if proc.poll() is not None:
            pytest.fail(f"euchre-lessons app exited with {proc.returncode}:\n{log.read_text()}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return
        except OSError:
            if time.monotonic() > deadline:
                pytest.fail(f"the app is not listening after {timeout:g}s:\n{log.read_text()}")
            time.sleep(0.2)


def printed_address(log: Path, port: int, timeout: float = 20.0) -> str:
    """The page's address as the command prints it, once the server listens (token and all)."""
    deadline = time.monotonic() + timeout
    while True:
        found = re.search(rf"\(Ctrl\+C stops it\): (http://127\.0\.0\.1:{port}/\S*)", log.read_text())
        if found:
            return found.group(1)
        if time.monotonic() > deadline:
            pytest.fail(f"no address printed {timeout:g}s after the server listened:\n{log.read_text()}")
        time.sleep(0.1)


def stop(proc, timeout: float) -> None:
    """Terminate a server started in its own session; kill its whole group if it lingers."""
    proc.terminate()
    try:
        proc.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()


@contextmanager
def running_app(name: str, workdir: Path, *extra: str):
    """``euchre-lessons app NAME --no-browser --port P`` in ``workdir``; yields the page's URL."""
    port = free_port()
    log = workdir / "app.log"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
    with open(log, "wb") as out:
        proc = subprocess.Popen([sys.executable, "-m", "euchre_lessons", "app", name, "--no-browser",
                                 "--port", str(port), *extra],
                                cwd=workdir, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
        try:
            wait_listening(proc, port, log)
            yield printed_address(log, port)
        finally:
            stop(proc, 20)  # the command stops its server when terminated


@pytest.fixture(scope="session")
def sync_api():
    try:
        from playwright import sync_api
    except ImportError:
        pytest.fail('playwright is not installed: pip install -e ".[test]" (and never run playwright install)')
    return sync_api


# Package-scoped: playwright's sync API keeps an asyncio loop running in this thread while it
# is open, which later tests that call asyncio.run() (tests/test_widgets.py) must not meet.
@pytest.fixture(scope="package")
def browser(sync_api):
    if not os.path.exists(CHROMIUM):
        pytest.fail(f"no Chromium at {CHROMIUM}: install Debian's (apt-get install chromium) or set $CHROMIUM "
                    "to a Chromium executable; the browser tests do not skip")
    SHOTS.mkdir(exist_ok=True)
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield b
        finally:
            b.close()


class Console:
    """The page's console errors and uncaught exceptions, but what offline machines cannot fetch."""

    def __init__(self, page):
        self.errors: list[str] = []
        page.on("console", self._message)
        page.on("pageerror", lambda exc: self.errors.append(f"uncaught: {exc}"))

    def _message(self, msg) -> None:
        if msg.type != "error":
            return
        where = (msg.location or {}).get("url", "")
        if OFFLINE.search(msg.text) or OFFLINE.search(where):
            return
        self.errors.append(f"{msg.text} ({where})" if where else msg.text)

    def take(self) -> list[str]:
        errors, self.errors = self.errors, []
        return errors


def open_app(browser, url: str, ready: str, role: str = "button"):
    """A new page on the app, once the control (``role``) named ``ready`` shows; returns (page, console)."""
    page = browser.new_page(viewport={"width": 1100, "height": 1400})
    page.set_default_timeout(30_000)
    console = Console(page)
    page.goto(url, timeout=LOAD_TIMEOUT)
    page.get_by_role(role, name=ready, exact=True).wait_for(timeout=LOAD_TIMEOUT)
    return page, console


def app_page_fixture(name: str, ready: str, role: str = "button", *extra: str):
    """A module's ``app_page`` fixture: one server of app ``name`` (given ``extra`` arguments) and
    one page on it, ready once the control named ``ready`` shows; yields (page, console)."""
    @pytest.fixture(scope="module")
    def app_page(browser, tmp_path_factory):
        with running_app(name, tmp_path_factory.mktemp(name), *extra) as url:
            page, console = open_app(browser, url, ready, role)
            yield page, console
            page.close()

    return app_page


# How much taller than the viewport the page's content is: Voila and JupyterLab scroll inside
# their own elements, so the document itself is never taller than the window.
# Each scrolling element is scrolled back to its top first.
OVERFLOW = """() => Math.max(0, ...[document.scrollingElement, ...document.querySelectorAll('body *')]
    .filter(e => e && (e === document.scrollingElement || /auto|scroll/.test(getComputedStyle(e).overflowY)))
    .map(e => { e.scrollTop = 0; return e.scrollHeight - e.clientHeight; }))"""


def screenshot(page, path: Path, most: int = 12_000) -> None:
    """The whole page (up to ``most`` pixels tall): the viewport grown to the content, then put back."""
    size = page.viewport_size
    extra = page.evaluate(OVERFLOW)
    if extra > 0:
        page.set_viewport_size({"width": size["width"], "height": min(size["height"] + extra, most)})
        page.wait_for_timeout(300)  # a redraw at the new size (plotly charts relayout)
    try:
        page.screenshot(path=path, full_page=True)
    finally:
        if extra > 0:
            page.set_viewport_size(size)


@pytest.fixture(autouse=True)
def _screenshot_and_console(request):
    """After each browser test: a screenshot of its page, and no console errors."""
    yield
    if "app_page" not in request.fixturenames:
        return
    page, console = request.getfixturevalue("app_page")
    name = re.sub(r"[^\w.-]+", "_", request.node.name)
    try:
        screenshot(page, SHOTS / f"{request.module.__name__.rsplit('.', 1)[-1]}-{name}.png")
    except Exception as exc:  # a screenshot that fails must not hide the test's own result
        print(f"no screenshot: {exc}")
    errors = console.take()
    assert not errors, "console errors:\n" + "\n".join(errors)


def record(what: str, seconds: list[float]) -> float:
    """Keep click-to-result times for the summary; returns and prints their median."""
    _TIMED.append((what, list(seconds)))
    median = statistics.median(seconds)
    print(f"{what}: median {median * 1000:.0f} ms over {len(seconds)} clicks")
    return median


_SENT = {"notes": 0, "timings": 0}  # how many of NOTES and _TIMED earlier reports carried


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """Each test's new measurements ride on its report (``user_properties``), so the summary at
    the end of the run (the root ``conftest.py``) prints them, from whichever process ran it."""
    outcome = yield
    report = outcome.get_result()
    report.user_properties = [*report.user_properties, *(("browser-note", n) for n in NOTES[_SENT["notes"]:]),
                              *(("browser-timing", [w, s]) for w, s in _TIMED[_SENT["timings"]:])]
    _SENT.update(notes=len(NOTES), timings=len(_TIMED))

"""Click to result in a real browser: the deal stepper's Next and the play table's cards.

Serves each app with ``euchre-lessons app NAME --no-browser`` on a free port, opens it in
Debian's Chromium (``$CHROMIUM``, default /usr/bin/chromium; never ``playwright install``),
and times each click until the page shows its result (the next step's sentence; the card
gone from the hand), with ``time.perf_counter``. Prints the median and the 95th percentile.
The product asks for a median under 300 ms; this script prints, it does not judge.

    python bench/browser_clicks.py [--clicks 30]
"""
from __future__ import annotations

import argparse
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
TOOLS = {"Undo", "New deal", "Next hand", "Review my play", "Save record", "Open in the stepper"}


@contextmanager
def app(name: str):
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    with tempfile.TemporaryDirectory() as folder:
        proc = subprocess.Popen([sys.executable, "-m", "euchre_lessons.cli", "app", name, "--no-browser",
                                 "--port", str(port)], cwd=folder, env=env,
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            deadline = time.monotonic() + 60
            while True:  # a TCP probe: a GET of the page would start a kernel
                try:
                    socket.create_connection(("127.0.0.1", port), timeout=1).close()
                    break
                except OSError:
                    if proc.poll() is not None or time.monotonic() > deadline:
                        sys.exit(f"the {name} app did not start")
                    time.sleep(0.2)
            yield f"http://127.0.0.1:{port}/"
        finally:
            proc.terminate()
            proc.wait(timeout=30)


def report(what: str, seconds: list[float]) -> None:
    ms = sorted(s * 1000 for s in seconds)
    p95 = ms[min(len(ms) - 1, round(0.95 * (len(ms) - 1)))]
    print(f"{what:<22} median {statistics.median(ms):6.0f} ms   95th percentile {p95:6.0f} ms   "
          f"({len(ms)} clicks)")


def stepper(browser, clicks: int) -> list[float]:
    with app("stepper") as url:
        page = browser.new_page()
        page.goto(url, timeout=120_000)
        nxt, first = page.get_by_role("button", name="Next", exact=True), page.get_by_role("button", name="First")
        nxt.wait_for(timeout=120_000)
        times, step = [], 0
        while len(times) < clicks:
            if nxt.is_disabled():
                first.click()
                step = 0
                page.wait_for_function("() => document.body.innerText.includes('Step 0 of')")
            step += 1
            t0 = time.perf_counter()
            nxt.click()
            page.wait_for_function("s => [...document.querySelectorAll('p[aria-live]')]"
                                   ".some(p => p.textContent.startsWith(`Step ${s} of`))", arg=step)
            times.append(time.perf_counter() - t0)
        return times


def play(browser, clicks: int) -> list[float]:
    buttons = "[...document.querySelectorAll('button')].filter(b => !b.disabled).map(b => b.textContent.trim())"
    with app("play") as url:
        page = browser.new_page()
        page.goto(url, timeout=120_000)
        page.get_by_role("button", name="New deal").wait_for(timeout=120_000)
        times = []
        while len(times) < clicks:
            legal = [n for n in page.evaluate(buttons)
                     if n not in TOOLS and not n.startswith("Hint") and not n.endswith("(not allowed)")]
            if not legal:
                page.get_by_role("button", name="New deal").click()
                page.get_by_role("button", name="Review my play").wait_for()
                page.wait_for_function("() => document.querySelector('button[title^=\"grade\"]').disabled")
                continue
            name = legal[0]
            t0 = time.perf_counter()
            page.get_by_role("button", name=name, exact=True).click()
            page.wait_for_function("n => ![...document.querySelectorAll('button')].some(b => b.textContent.trim() == n)",
                                   arg=name)
            if name.startswith("play "):
                times.append(time.perf_counter() - t0)
        return times


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--clicks", type=int, default=30)
    args = ap.parse_args()
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            report("stepper Next", stepper(browser, args.clicks))
            report("play table card", play(browser, args.clicks))
        finally:
            browser.close()


if __name__ == "__main__":
    main()

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
import statistics
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path

from app_server import app_server  # bench/ is on the path of a script run from it
from playwright.sync_api import sync_playwright

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
TOOLS = {"Undo", "New deal", "Next hand", "Review my play", "Try again", "Save record", "Open in the stepper"}


@contextmanager
def app(name: str):
    with tempfile.TemporaryDirectory() as folder, app_server(name, Path(folder)) as (url, _, _):
        yield url


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

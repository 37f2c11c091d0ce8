"""A class on one server: N pupils play the play table at once, then step through their hand.

Serves ``euchre-lessons app play --no-browser`` on a free port (one server, one kernel a
page) and opens N pages at once in one Debian Chromium (``$CHROMIUM``, default
/usr/bin/chromium; never ``playwright install``), each in a browser context of its own. Once
every page is open the whole class plays at once: each pupil plays the first legal choice until
the hand is over (bids, discards and cards alike, at most ``--clicks``), then opens the hand in
the stepper and presses Next ``--steps`` times. Each click is timed to its result (the action's
button gone and the next choices shown, or the hand over; the next step's sentence). The play
table is the one app that does both: the stepper it opens is the deal stepper.

Prints the time to open every page, the click-to-result median and 95th percentile over all
pupils, the memory of the kernels per pupil and of the server (RSS, from /proc), and any
console or server error. ``--json`` prints the same as one JSON line (what the test reads).

    python bench/class_load.py [--pupils 30] [--clicks 12] [--steps 10] [--json]
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

from app_server import app_server, memory  # bench/ is on the path of a script run from it
from playwright.async_api import async_playwright

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
OFFLINE = re.compile(r"net::ERR_NAME_NOT_RESOLVED|net::ERR_INTERNET_DISCONNECTED|\.woff2?\b|\.ttf\b|fontawesome"
                     r"|font-awesome|favicon|\bicons?\b", re.IGNORECASE)
TOOLS = {"Hint", "Undo", "New deal", "Next hand", "Review my play", "Try again", "Save record", "Open in the stepper",
         "Show me", "Next mistake", "Resume"}  # Resume: the connection watch's, hidden until the link is lost
# The enabled buttons of the table's choices (bids, discards, cards that may be played).
CHOICES = ("tools => [...document.querySelectorAll('button')].filter(b => !b.disabled)"
           ".map(b => b.textContent.trim()).filter(n => !n.startsWith('Hint') && !n.endsWith('(not allowed)')"
           " && !tools.includes(n))")
# A click's result: its button gone, and the next choices shown or the hand over.
ANSWERED = ("([n, tools]) => { const on = [...document.querySelectorAll('button')].filter(b => !b.disabled)"
            ".map(b => b.textContent.trim()); return !on.includes(n) && (on.includes('Open in the stepper') || "
            f"({CHOICES})(tools).length > 0); }}")
STEP = "s => [...document.querySelectorAll('p[aria-live]')].some(p => p.textContent.startsWith(`Step ${s} of`))"
# ms: thirty kernels and thirty pages starting on two cores, beside the rest of the test run on the
# other process (the last page opened after 196 s so; the room as it is: bench/class_protocol.py)
OPEN_TIMEOUT = 600_000
CLICK_TIMEOUT = 60_000
POLL = 50  # ms between two looks for a result: thirty pages looking every frame would load the cores


# ---- one pupil ------------------------------------------------------------------------------------

async def pupil(browser, url: str, clicks: int, steps: int, seated) -> dict:
    """One pupil's page: open it, wait until the whole class is seated, then play and step."""
    context = await browser.new_context(viewport={"width": 900, "height": 700})
    page = await context.new_page()
    page.set_default_timeout(CLICK_TIMEOUT)
    errors: list[str] = []

    def console(msg):
        where = (msg.location or {}).get("url", "")
        if msg.type == "error" and not (OFFLINE.search(msg.text) or OFFLINE.search(where)):
            errors.append(msg.text)

    page.on("console", console)
    page.on("pageerror", lambda exc: errors.append(f"uncaught: {exc}"))
    t0 = time.perf_counter()
    out = {"plays": [], "steps": [], "errors": errors, "unanswered": []}
    try:
        await page.goto(url, timeout=OPEN_TIMEOUT)
        await page.get_by_role("button", name="Hint", exact=True).wait_for(timeout=OPEN_TIMEOUT)
        await page.wait_for_function(ANSWERED, arg=["", sorted(TOOLS)], polling=POLL)
        out["open"] = time.perf_counter() - t0
    except Exception as exc:
        shown = await page.evaluate("document.body ? document.body.innerText.slice(0, 300) : ''")
        out["unanswered"].append(f"the page did not open: {type(exc).__name__}: {exc}".splitlines()[0]
                                 + f"; it shows {shown!r}")
    await seated()
    if "open" not in out:
        return out | {"page": page, "context": context}
    try:
        for _ in range(clicks):
            choices = await page.evaluate(CHOICES, sorted(TOOLS))
            if not choices:
                break
            name = choices[0]
            t = time.perf_counter()
            await page.get_by_role("button", name=name, exact=True).click()
            try:
                await page.wait_for_function(ANSWERED, arg=[name, sorted(TOOLS)], polling=POLL)
                out["plays"].append(time.perf_counter() - t)
            except Exception as exc:
                out["unanswered"].append(f"{name}: {exc}".splitlines()[0])
        opener = page.get_by_role("button", name="Open in the stepper", exact=True)
        if await opener.is_enabled():
            await opener.click()
            nxt = page.get_by_role("button", name="Next", exact=True)
            await nxt.wait_for()
            for step in range(1, steps + 1):
                t = time.perf_counter()
                await nxt.click()
                try:
                    await page.wait_for_function(STEP, arg=step, polling=POLL)
                    out["steps"].append(time.perf_counter() - t)
                except Exception as exc:
                    out["unanswered"].append(f"Next to step {step}: {exc}".splitlines()[0])
        else:
            out["unanswered"].append(f"the hand was not over after {clicks} clicks")
    except Exception as exc:
        out["unanswered"].append(f"{type(exc).__name__}: {exc}".splitlines()[0])
    out["page"], out["context"] = page, context
    return out


async def classroom(url: str, proc, pupils: int, clicks: int, steps: int) -> dict:
    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            t0 = time.perf_counter()
            seated = asyncio.Barrier(pupils)
            results = await asyncio.gather(*(pupil(browser, url, clicks, steps, seated.wait) for _ in range(pupils)))
            wall = time.perf_counter() - t0
            server, kernels, count = memory(proc.pid)  # every page still open, every kernel alive
            for r in results:
                await r.pop("context").close()
                r.pop("page")
        finally:
            await browser.close()
    opened = [r["open"] for r in results if "open" in r]
    return {"pupils": pupils, "opened": len(opened), "open_all_s": max(opened, default=float("nan")),
            "wall_s": wall, "plays": [t for r in results for t in r["plays"]],
            "steps": [t for r in results for t in r["steps"]],
            "unanswered": [u for r in results for u in r["unanswered"]],
            "console_errors": [e for r in results for e in r["errors"]],
            "kernels": count, "kernel_rss_per_pupil": kernels / pupils, "server_rss": server}


def percentiles(seconds: list[float]) -> tuple[float, float]:
    """Median and 95th percentile, in ms."""
    if not seconds:
        return float("nan"), float("nan")
    ms = sorted(s * 1000 for s in seconds)
    return statistics.median(ms), ms[min(len(ms) - 1, round(0.95 * (len(ms) - 1)))]


def run(pupils: int = 30, clicks: int = 12, steps: int = 10) -> dict:
    """A class of ``pupils`` on one play server; the numbers, and the server's log errors."""
    if not os.path.exists(CHROMIUM):
        sys.exit(f"no Chromium at {CHROMIUM}: install Debian's (apt-get install chromium) or set $CHROMIUM")
    with tempfile.TemporaryDirectory() as folder, app_server("play", Path(folder)) as (url, proc, log):
        result = asyncio.run(classroom(url, proc, pupils, clicks, steps))
        text = log.read_text(errors="replace")
    result["server_errors"] = server_errors(text)
    return result


def server_errors(text: str) -> list[str]:
    """Each error the server logged, with its traceback: the line that says so, the indented
    lines after it, and the exception's own line."""
    lines, errors, i = text.splitlines(), [], 0
    while i < len(lines):
        if re.search(r"Traceback|\[E |ERROR", lines[i]):
            j = i + 1
            while j < len(lines) and (lines[j].startswith((" ", "\t")) or lines[j].startswith("Traceback")):
                j += 1
            errors.append("\n".join(lines[i:j + 1]))
            i = j + 1
        else:
            i += 1
    return errors


def show(r: dict) -> None:
    mb = 1024 * 1024
    print(f"{r['pupils']} pupils on one play server: {r['opened']} pages open, the last after {r['open_all_s']:.1f} s; "
          f"everything done in {r['wall_s']:.1f} s")
    for what, key in (("play table click", "plays"), ("stepper Next", "steps"), ("every click", None)):
        seconds = r[key] if key else r["plays"] + r["steps"]
        median, p95 = percentiles(seconds)
        print(f"{what:<18} median {median:6.0f} ms   95th percentile {p95:6.0f} ms   ({len(seconds)} clicks)")
    print(f"memory: kernels {r['kernel_rss_per_pupil'] / mb:.0f} MB per pupil ({r['kernels']} kernel processes), "
          f"server {r['server_rss'] / mb:.0f} MB")
    for what in ("unanswered", "console_errors", "server_errors"):
        for line in r[what][:10]:
            print(f"{what.replace('_', ' ')}: {line}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pupils", type=int, default=30)
    ap.add_argument("--clicks", type=int, default=12, help="at most this many play-table clicks a pupil")
    ap.add_argument("--steps", type=int, default=10, help="stepper Next clicks a pupil")
    ap.add_argument("--json", action="store_true", help="also print the results as one JSON line")
    args = ap.parse_args()
    r = run(args.pupils, args.clicks, args.steps)
    show(r)
    if args.json:
        print(json.dumps(r))


if __name__ == "__main__":
    main()

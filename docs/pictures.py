"""The README's pictures: the deal stepper and the play table, as a reader first meets them.

    python docs/pictures.py            # writes docs/images/stepper.png and docs/images/play.png

Each app is served on this computer (``euchre-lessons app NAME``, a fixed deal), opened in
Debian's Chromium (``$CHROMIUM``, by default /usr/bin/chromium; never ``playwright install``),
stepped to the middle of the hand and photographed. Run it again after a change to what the
pages show.
"""
from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
IMAGES = Path(__file__).with_name("images")
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
SIZE = {"width": 1000, "height": 960}
# The play table's own buttons, beside the choices of the hand (bids, discards, cards).
TOOLS = ("Hint", "Undo", "New deal", "Next hand", "Review my play", "Try again", "Save record", "Open in the stepper",
         "Show me", "Next mistake", "Resume")
BUTTONS = "[...document.querySelectorAll('button')].filter(b => !b.disabled).map(b => b.textContent.trim())"


@contextmanager
def served(name: str, *extra: str):
    """The app ``name`` on a free port; yields the address it prints."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    with tempfile.TemporaryDirectory() as folder:
        log = Path(folder) / "app.log"
        with open(log, "wb") as out:
            proc = subprocess.Popen([sys.executable, "-m", "euchre_lessons", "app", name, "--no-browser",
                                     "--port", str(port), *extra], cwd=folder, stdout=out, stderr=subprocess.STDOUT,
                                    start_new_session=True)
            try:
                deadline = time.monotonic() + 120
                while not (found := re.search(rf"(http://127\.0\.0\.1:{port}/\S*)", log.read_text())):
                    if proc.poll() is not None or time.monotonic() > deadline:
                        raise SystemExit(f"app {name} did not start:\n{log.read_text()}")
                    time.sleep(0.2)
                yield found.group(1)
            finally:
                os.killpg(proc.pid, signal.SIGTERM)
                proc.wait(timeout=30)


def click(page, name: str) -> None:
    page.get_by_role("button", name=name, exact=True).click()


def stepper(browser) -> None:
    with served("stepper", "--seed", "7") as url:
        page = browser.new_page(viewport=SIZE)
        page.goto(url, timeout=120_000)
        page.get_by_role("button", name="Next", exact=True).wait_for(timeout=120_000)
        for step in range(1, 9):
            click(page, "Next")
            page.get_by_text(f"Step {step} of", exact=False).wait_for()
        page.screenshot(path=IMAGES / "stepper.png")


def play(browser) -> None:
    with served("play", "--seed", "3") as url:
        page = browser.new_page(viewport=SIZE)
        page.goto(url, timeout=120_000)
        page.get_by_role("button", name="Hint", exact=True).wait_for(timeout=120_000)
        for _ in range(4):  # the bidding and the first cards: each time the first legal choice
            page.get_by_text("to act: you", exact=True).wait_for()
            names = [n for n in page.evaluate(BUTTONS) if n not in TOOLS and not n.endswith("(not allowed)")]
            click(page, names[0])
            page.wait_for_function("n => ![...document.querySelectorAll('button')].some(b => b.textContent.trim() == n)",
                                   arg=names[0])
        page.get_by_text("to act: you", exact=True).wait_for()
        page.wait_for_timeout(500)
        page.screenshot(path=IMAGES / "play.png")


def main() -> None:
    from playwright.sync_api import sync_playwright

    IMAGES.mkdir(exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--headless", "--no-sandbox", "--disable-gpu"])
        try:
            stepper(browser)
            play(browser)
        finally:
            browser.close()
    print(f"wrote {IMAGES / 'stepper.png'} and {IMAGES / 'play.png'}")


if __name__ == "__main__":
    main()

"""A page whose kernel dies mid-hand says so in words and resumes the game at the same decision:
the play app served on its own, two moves made, the page's kernel killed, the alert read, Resume
pressed, and the reloaded page checked for the same hand at the same decision."""
from __future__ import annotations

import os
import signal
import time
from pathlib import Path

from euchre_lessons.delivery.app import ENV

from .conftest import SHOTS, open_app, running_app, screenshot
from .test_play_app import gone, legal

LOST = "This page has lost its connection to the computer running the game"


def _kernels() -> set[int]:
    """The process ids of the running app kernels: ipykernels started with the app's settings in
    their environment (a notebook's kernel run by another test is not one)."""
    found = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                line = (entry / "cmdline").read_bytes().replace(b"\0", b" ")
                if b"ipykernel" in line and ENV.encode() + b"=" in (entry / "environ").read_bytes():
                    found.add(int(entry.name))
            except OSError:
                continue
    return found


def test_a_page_whose_kernel_dies_says_so_and_resumes_at_the_same_decision(browser, sync_api, tmp_path):
    before = _kernels()
    # The default cull (5 minutes for a kernel never linked): the closed page's kernel must go
    # within the minute all the same (classroom.ClassroomKernels: a page linked, then gone).
    with running_app("play", tmp_path, "--seed", "3") as url:
        page, console = open_app(browser, url, "Hint")
        try:
            for _ in range(2):
                move = legal(page)[0]
                page.get_by_role("button", name=move, exact=True).click()
                gone(page, move)
            table = page.locator(".widget-html").filter(has_text="you are North").first.inner_text()
            choices = legal(page)
            assert choices and list((tmp_path / ".euchre-lessons-pages").glob("*.json"))  # kept after each move
            mine = _kernels() - before
            assert len(mine) == 1, mine
            os.kill(mine.pop(), signal.SIGKILL)
            alert = page.get_by_role("alert").filter(has_text=LOST)
            t0 = time.monotonic()
            sync_api.expect(alert).to_be_visible(timeout=30_000)
            print(f"kernel killed: the page said so after {time.monotonic() - t0:.1f} s")
            screenshot(page, SHOTS / "resume-lost.png")
            print(alert.evaluate("a => a.outerHTML"))
            page.get_by_role("button", name="Resume", exact=True).click()
            page.get_by_role("button", name="Hint", exact=True).wait_for(timeout=120_000)
            sync_api.expect(page.get_by_text("Resumed your game where you left off", exact=False)).to_be_visible()
            again = page.locator(".widget-html").filter(has_text="you are North").first.inner_text()
            assert legal(page) == choices and again == table
            sync_api.expect(page.get_by_role("alert").filter(has_text=LOST)).to_be_hidden()
            screenshot(page, SHOTS / "resume-resumed.png")
            errors = console.take()
            assert not [e for e in errors if "WebSocket" not in e and "Kernel" not in e], errors
            page.close(run_before_unload=True)  # the pupil closes the tab: its kernel is freed
            t0 = time.monotonic()
            while _kernels() - before and time.monotonic() - t0 < 60:
                time.sleep(0.5)
            assert not _kernels() - before, "a closed page's kernel still runs after a minute"
            print(f"page closed: its kernel was gone after {time.monotonic() - t0:.1f} s")
        finally:
            if not page.is_closed():
                page.close()

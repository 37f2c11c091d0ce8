"""A class of thirty on one play server: thirty pages open at once, each plays its hand and steps
through it in the stepper; every click is answered, no page logs an error and the server none.

The work is ``bench/class_load.py`` (which prints the numbers, also with more clicks), run in a
process of its own: it drives Chromium with playwright's async API, which must not meet the
sync API that the other browser tests keep open in this process.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from .conftest import CHROMIUM, NOTES, ROOT

PUPILS, STEPS = 30, 2


def test_thirty_pupils_play_and_step_at_once():
    if not os.path.exists(CHROMIUM):
        pytest.fail(f"no Chromium at {CHROMIUM}: install Debian's (apt-get install chromium) or set $CHROMIUM; "
                    "the browser tests do not skip")
    bench = ROOT / "bench" / "class_load.py"
    try:
        done = subprocess.run([sys.executable, str(bench), "--pupils", str(PUPILS), "--steps", str(STEPS), "--json"],
                              capture_output=True, text=True, timeout=900, env={**os.environ, "CHROMIUM": CHROMIUM})
    except subprocess.TimeoutExpired as exc:
        pytest.fail(f"the class did not finish in 900 s:\n{exc.stdout or ''}{exc.stderr or ''}")
    shown = [line for line in done.stdout.splitlines() if not line.startswith("{")]
    print("\n".join(shown))
    NOTES.extend(shown)
    assert done.returncode == 0, f"{bench.name} failed ({done.returncode}):\n{done.stdout}\n{done.stderr}"
    r = json.loads(done.stdout.strip().splitlines()[-1])
    assert r["opened"] == PUPILS, r["unanswered"]
    assert not r["unanswered"], "clicks without their result:\n" + "\n".join(r["unanswered"])
    assert len(r["steps"]) == PUPILS * STEPS and len(r["plays"]) >= PUPILS
    assert not r["console_errors"], "console errors:\n" + "\n".join(r["console_errors"])
    assert not r["server_errors"], "the server logged errors:\n" + "\n".join(r["server_errors"])
    assert r["kernels"] >= PUPILS


"""The browser site's cold start: from opening a lesson to its first widget shown.

Builds the offline site (``euchre-lessons lite build DIR --offline``, with the build tools of
``--tools``, by default the browser tests' ``.lite-cache/venv``) or reuses one built before,
serves it with ``euchre-lessons lite serve`` on a free port, and for each run starts Debian's
Chromium (``$CHROMIUM``, default /usr/bin/chromium; never ``playwright install``) afresh, with
a new profile and so an empty cache; any request that would leave 127.0.0.1 is aborted, as
offline. It opens the lesson, runs all its cells, and times with ``time.perf_counter`` from
opening the page to the first widget shown, and to the first chart drawn (when the lesson
draws one); it also says when the browser asked for plotly's wheel, if it did. Prints every
run and the medians.

Most of a cold start is Pyodide's own (the page, the kernel's boot), which varies by seconds
on a busy machine. ``--inside`` times the kit's part inside the kernel instead, in a fresh
browser too: the start page's own cells (its set-up, the stepper, the figure) run as one cell
between ``time.perf_counter`` calls, once the kernel is up.

``--source DIR`` builds the site from another checkout of the kit (say a worktree of the last
commit, for the figure before a change): its code is put first on the build's path.

    python bench/site_cold_start.py [--site DIR] [--source CHECKOUT] [--lesson NOTEBOOK] [--runs 3] [--inside]
"""
from __future__ import annotations

import argparse
import json
import os
import re
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
LOCAL = re.compile(r"^(https?|wss?)://(127\.0\.0\.1|localhost)(:\d+)?/|^(data|blob):")
MARK = "euchre-lessons-site.json"
START = "start_here_in_the_browser.ipynb"
DRAWS = re.compile(r"figures\.|ScoreExplorer\(|SimulationLab\(")  # a lesson whose cells draw a chart at once
TIMEOUT = 300_000  # ms, for each step: a cold Pyodide start on two busy cores has taken 100 s


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def tools_python(tools: Path) -> str:
    python = tools / "bin" / "python"
    return str(python) if python.is_file() else sys.executable


def build(folder: Path, python: str, source: Path | None) -> None:
    env = {**os.environ, "EUCHRE_LESSONS_CACHE": os.environ.get("EUCHRE_LESSONS_CACHE",
                                                                str(ROOT / ".lite-cache" / "downloads"))}
    if source is not None:
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(source), env.get("PYTHONPATH")]))
    t0 = time.perf_counter()
    done = subprocess.run([python, "-m", "euchre_lessons", "lite", "build", str(folder), "--offline"],
                          capture_output=True, text=True, env=env, cwd=source or ROOT)
    if done.returncode:
        sys.exit(f"the build failed:\n{done.stdout}{done.stderr}")
    print(f"built {folder} in {time.perf_counter() - t0:.0f} s")


def serve(folder: Path) -> tuple[subprocess.Popen, str]:
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "euchre_lessons", "lite", "serve", str(folder), "--port", str(port)],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, start_new_session=True)
    first = proc.stdout.readline().strip()
    if f"127.0.0.1:{port}/" not in first:
        proc.kill()
        sys.exit(f"the site is not served: {first}")
    return proc, f"http://127.0.0.1:{port}/"


def one_run(p, url: str, lesson: str, draws: bool) -> dict:
    """One cold start in a browser of its own: seconds to the first widget, to the first chart
    and to the request of plotly's wheel (None where there was none); a run that shows no widget
    says why (``failed``: the page's last outputs)."""
    browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
    try:
        context = browser.new_context(viewport={"width": 1200, "height": 1400})
        seen: dict = {"outside": []}
        t0 = time.perf_counter()

        def route(r):
            if LOCAL.match(r.request.url):
                r.continue_()
            else:
                seen["outside"].append(r.request.url)
                r.abort("internetdisconnected")

        def request(req):
            if "/pypi/plotly-" in req.url and "plotly" not in seen:
                seen["plotly"] = time.perf_counter() - t0

        context.route("**/*", route)
        context.on("request", request)
        page = context.new_page()
        page.goto(f"{url}notebooks/index.html?path={lesson}", timeout=TIMEOUT)
        first = page.locator(".jp-CodeCell").first
        first.wait_for(timeout=TIMEOUT)
        page.get_by_role("menuitem", name="Run", exact=True).click()
        page.get_by_role("menuitem", name=re.compile(r"^Run All Cells")).first.click()
        run = {"widget": None, "chart": None, "outside": seen["outside"]}
        try:
            page.locator(".jp-OutputArea-output .jupyter-widgets").first.wait_for(timeout=TIMEOUT)
            run["widget"] = time.perf_counter() - t0
            if draws:
                page.locator(".js-plotly-plot").first.wait_for(timeout=TIMEOUT)
                run["chart"] = time.perf_counter() - t0
        except PlaywrightTimeout:
            said = page.locator(".jp-OutputArea-output").all_inner_texts()
            run["failed"] = " | ".join(t.strip() for t in said if t.strip())[-600:] or "no output"
        run["plotly"] = seen.get("plotly")
        return run
    finally:
        browser.close()


def inside_cell(folder: Path) -> str:
    """The start page's set-up, stepper and figure cells as one cell, timed step by step."""
    nb = json.loads((folder / "files" / START).read_text(encoding="utf-8"))
    cells = {c["id"]: "".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code"}
    steps = [("the set-up", cells["install"]), ("the stepper", cells["stepper"]), ("the figure", cells["figure"])]
    code = ["import time as _time", "_times = [_time.perf_counter()]"]
    for _, source in steps:
        code += [source, "_times.append(_time.perf_counter())"]
    names = ", ".join(repr(n) for n, _ in steps)
    code.append(f"print('INSIDE', *[f'{{n}} {{b - a:.2f}} s' for n, a, b in zip(({names}), _times, _times[1:])], sep=' | ')")
    return "\n".join(code) + "\n"


def inside_run(p, url: str, code: str) -> str:
    """The start page's cells timed inside a fresh browser's kernel (``inside_cell``)."""
    browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
    try:
        context = browser.new_context(viewport={"width": 1200, "height": 1400})
        context.route("**/*", lambda r: r.continue_() if LOCAL.match(r.request.url) else r.abort("internetdisconnected"))
        page = context.new_page()
        page.goto(f"{url}notebooks/index.html?path={START}", timeout=TIMEOUT)
        cell = page.locator(".jp-CodeCell").first
        cell.locator(".cm-content").click()
        page.keyboard.press("Control+a")
        page.keyboard.insert_text(code)
        page.keyboard.press("Shift+Enter")
        out = cell.locator(".jp-OutputArea-output").filter(has_text="INSIDE")
        try:
            out.wait_for(timeout=TIMEOUT)
        except PlaywrightTimeout:
            return "no answer: " + " | ".join(cell.locator(".jp-OutputArea-output").all_inner_texts())[-600:]
        return out.inner_text().strip().removeprefix("INSIDE | ")
    finally:
        browser.close()


def seconds(x) -> str:
    return "-" if x is None else f"{x:.1f} s"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--site", help="a site built before (reused), or where to build one (default: a temporary folder)")
    ap.add_argument("--source", help="the checkout of the kit to build from (default: this one)")
    ap.add_argument("--tools", default=str(ROOT / ".lite-cache" / "venv"),
                    help="the environment with the build tools, the lite extra (default .lite-cache/venv)")
    ap.add_argument("--lesson", default=START, help="the notebook of the site to open")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--inside", action="store_true",
                    help="time the start page's set-up, stepper and figure inside the kernel instead")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="euchre-cold-") as tmp:
        folder = Path(args.site) if args.site else Path(tmp) / "site"
        if (folder / MARK).is_file():
            print(f"reusing the site in {folder}")
        else:
            build(folder, tools_python(Path(args.tools)), Path(args.source).resolve() if args.source else None)
        facts = json.loads((folder / MARK).read_text(encoding="utf-8"))
        draws = bool(DRAWS.search((folder / "files" / args.lesson).read_text(encoding="utf-8")))
        wheels = sorted(p.name for p in (folder / "pypi").glob("*.whl"))
        print(f"site: {facts['size_mb']:.0f} MB, Pyodide {facts['pyodide']}; pypi/: {', '.join(wheels)}")
        proc, url = serve(folder)
        runs = []
        try:
            with sync_playwright() as p:
                if args.inside:
                    code = inside_cell(folder)
                    for i in range(args.runs):
                        print(f"run {i + 1}, inside the kernel: {inside_run(p, url, code)}", flush=True)
                    return
                for i in range(args.runs):
                    run = one_run(p, url, args.lesson, draws)
                    runs.append(run)
                    if "failed" in run:
                        print(f"run {i + 1}: no widget within {TIMEOUT / 1000:.0f} s; the page said: {run['failed']}",
                              flush=True)
                        continue
                    print(f"run {i + 1}: first widget {seconds(run['widget'])}, "
                          f"first chart {seconds(run['chart'])}, plotly's wheel asked for at {seconds(run['plotly'])}"
                          + (f"; {len(run['outside'])} requests outside aborted" if run["outside"] else ""), flush=True)
        finally:
            os.killpg(proc.pid, signal.SIGTERM)
            proc.wait()
    done = [r for r in runs if "failed" not in r]
    if not done:
        sys.exit(f"{args.lesson}: no run showed a widget")
    widgets = [r["widget"] for r in done]
    charts = [r["chart"] for r in done if r["chart"] is not None]
    print(f"{args.lesson}, cold (fresh profile, offline): first widget median {statistics.median(widgets):.1f} s "
          f"(min {min(widgets):.1f}, max {max(widgets):.1f}, {len(done)} runs"
          + (f", {len(runs) - len(done)} without a widget" if len(done) < len(runs) else "") + ")"
          + (f"; first chart median {statistics.median(charts):.1f} s" if charts else ""))


if __name__ == "__main__":
    main()

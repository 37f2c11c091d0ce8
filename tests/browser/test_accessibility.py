"""An axe-core scan (WCAG 2.0, 2.1 and 2.2, levels A and AA) of every app page once it is ready
and again after a click that shows more: no violation but the known ipywidgets defects of
``known_defects.py``, and none at all on the kit's own cards, tables and buttons.

axe-core comes from npm (``axe-core@4.14.1``) into ``.cache/axe/`` at the repository's root,
which git ignores; a machine without npm fails here with a message, it does not skip.
"""
from __future__ import annotations

import json
import shutil
import subprocess

import pytest

from .conftest import NOTES, ROOT, SHOTS, open_app, running_app, screenshot
from .known_defects import KNOWN

AXE_VERSION = "4.14.1"
AXE_DIR = ROOT / ".cache" / "axe"
AXE = AXE_DIR / "node_modules" / "axe-core" / "axe.min.js"
TAGS = ["wcag2a", "wcag2aa", "wcag21aa", "wcag22aa"]
# Each violation's nodes: the rule, where, why, whether the element is the kit's own (a class
# el-*, or a Button widget), and which known defect (its index in KNOWN) covers it, if any.
SCAN = """async ([tags, known]) => {
    const kit = el => { for (let e = el; e; e = e.parentElement)
        if ([...e.classList].some(c => c.startsWith('el-')) || e.matches('.widget-button')) return true;
        return false; };
    const r = await axe.run(document, {runOnly: tags, resultTypes: ['violations']});
    return r.violations.flatMap(v => v.nodes.map(n => {
        const el = n.target.length == 1 ? document.querySelector(n.target[0]) : null;
        return {rule: v.id, target: n.target.join(' >>> '), html: n.html.slice(0, 160), help: v.help,
                summary: n.failureSummary, kit: !!el && kit(el),
                known: el ? known.findIndex(([rule, sel]) => rule == v.id && el.closest(sel)) : -1};
    }));
}"""


@pytest.fixture(scope="session")
def axe_script():
    """axe.min.js from npm, installed once into the cache folder."""
    package = AXE.parent / "package.json"
    if not (package.is_file() and json.loads(package.read_text())["version"] == AXE_VERSION):
        npm = shutil.which("npm")
        if npm is None:
            pytest.fail(f"npm is not on PATH: install Node.js and npm (apt-get install npm) to fetch axe-core@"
                        f"{AXE_VERSION}; the accessibility scans do not skip")
        done = subprocess.run([npm, "install", "--prefix", str(AXE_DIR), f"axe-core@{AXE_VERSION}", "--no-audit",
                               "--no-fund", "--no-save", "--no-package-lock"], capture_output=True, text=True)
        if done.returncode != 0 or not AXE.is_file():
            pytest.fail(f"npm install axe-core@{AXE_VERSION} failed ({done.returncode}):\n{done.stdout}{done.stderr}")
    return AXE


def scan(page, axe_script) -> list[dict]:
    if not page.evaluate("typeof axe != 'undefined'"):
        page.add_script_tag(path=str(axe_script))
    return page.evaluate(SCAN, [TAGS, [[d.rule, d.selector] for d in KNOWN]])


def report(nodes: list[dict]) -> str:
    return "\n".join(f"{n['rule']}: {n['target']}\n    {n['help']}\n    {n['html']}\n    "
                     + n["summary"].replace("\n", "\n    ") for n in nodes)


def more_of_play(page, expect):
    page.get_by_role("button", name="Hint", exact=True).click()
    expect(page.get_by_role("button", name="Hint (level 2)", exact=True)).to_be_visible()
    return "a hint shown"


def more_of_stepper(page, expect):
    page.get_by_role("button", name="Last", exact=True).click()
    expect(page.get_by_text("The hand is over.").first).to_be_visible()  # told once, in the step's sentence
    return "the hand's end"


def more_of_compare(page, expect):
    page.get_by_role("button", name="Go to where they part", exact=True).click()
    expect(page.get_by_text("Here the two hands part", exact=False)).to_be_visible()
    return "the divergence shown"


def more_of_scores(page, expect):
    page.get_by_role("checkbox", name="six players").check()
    expect(page.get_by_role("combobox", name="Second defending team's tricks")).to_be_visible()
    return "six players"


def more_of_lab(page, expect):
    page.get_by_label("Hands per rule set").select_option("200")
    page.get_by_role("button", name="Run", exact=True).click()
    expect(page.get_by_text("Played 200 hands", exact=False)).to_be_visible(timeout=60_000)
    expect(page.locator(".js-plotly-plot")).to_have_count(2, timeout=30_000)
    return "a run's figures"


def more_of_practice(page, expect):
    page.get_by_label("Your name").fill("ana")
    page.get_by_label("Practise").select_option(index=1)
    page.get_by_role("button", name="Start", exact=True).click()
    expect(page.get_by_text("Position 1 of", exact=False)).to_be_visible(timeout=30_000)
    return "a position shown"


PAGES = {  # app: (the control showing it is ready, its role, a click that shows more)
    "stepper": ("Next", "button", more_of_stepper),
    "play": ("Hint", "button", more_of_play),
    "compare": ("Go to where they part", "button", more_of_compare),
    "scores": ("Makers' tricks", "combobox", more_of_scores),
    "lab": ("Run", "button", more_of_lab),
    "practice": ("Start", "button", more_of_practice),
}


@pytest.mark.parametrize("name", PAGES)
def test_an_app_page_passes_axe(name, browser, sync_api, axe_script, tmp_path):
    ready, role, more = PAGES[name]
    found = {}
    with running_app(name, tmp_path, *(["--seed", "0"] if name == "play" else [])) as url:  # one deal each run
        page, console = open_app(browser, url, ready, role)
        try:
            found["ready"] = scan(page, axe_script)
            found[more(page, sync_api.expect)] = scan(page, axe_script)
            screenshot(page, SHOTS / f"axe-{name}.png")
            errors = console.take()
        finally:
            page.close()
    assert not errors, "console errors:\n" + "\n".join(errors)
    for when, nodes in found.items():
        used = sorted({KNOWN[n["known"]].rule for n in nodes if n["known"] >= 0 and not n["kit"]})
        NOTES.append(f"axe, {name} ({when}): {len(nodes)} violating elements; known ipywidgets defects: "
                     f"{', '.join(used) or 'none'}")
        print(NOTES[-1])
        kit = [n for n in nodes if n["kit"]]
        assert not kit, f"{name}, {when}: the kit's own elements fail axe:\n{report(kit)}"
        other = [n for n in nodes if n["known"] < 0]
        assert not other, f"{name}, {when}: axe violations:\n{report(other)}"


def test_the_scan_finds_what_it_should(browser, axe_script):
    """Buttons with no name: Play's is a known defect, a Button widget's (the kit's) never is."""
    page = browser.new_page()
    try:
        page.set_content('<html lang="en"><head><title>a check</title></head><body><main>'
                         '<div class="widget-play"><button></button></div><button class="widget-button"></button>'
                         '</main></body></html>')
        nodes = scan(page, axe_script)
    finally:
        page.close()
    found = sorted((n["rule"], n["kit"], n["known"]) for n in nodes if n["rule"] == "button-name")
    assert found == [("button-name", False, 0), ("button-name", True, -1)], nodes

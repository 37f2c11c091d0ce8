"""The deal stepper as an app: Next and Back change the table, and every part of the page shows
the same step however fast the clicks come; Next's click-to-result time."""
from __future__ import annotations

import time

from .conftest import app_page_fixture, record

STEP = "[...document.querySelectorAll('p[aria-live]')].some(p => p.textContent.startsWith('Step {} of'))"


app_page = app_page_fixture("stepper", "Next")


def table_text(page) -> str:
    return page.evaluate("document.querySelector('.widget-vbox').innerText")


# The step's line and the legal actions, read from the one panel that holds them both.
PANEL = """() => { const p = document.querySelector('.el-step');
    return p ? [p.querySelector('p[aria-live]').textContent, p.innerText] : null; }"""


def shown_step(page) -> int:
    line, _ = page.evaluate(PANEL)
    return int(line.split()[1].rstrip("."))


def test_next_and_back_change_the_table(app_page, sync_api):
    page, _ = app_page
    expect = sync_api.expect
    expect(page.get_by_text("Step 0 of", exact=False)).to_be_visible()
    expect(page.get_by_role("button", name="Back", exact=True)).to_be_disabled()
    before = table_text(page)
    page.get_by_role("button", name="Next", exact=True).click()
    expect(page.get_by_text("Step 1 of", exact=False)).to_be_visible()
    after = table_text(page)
    assert after != before
    page.get_by_role("button", name="Back", exact=True).click()
    expect(page.get_by_text("Step 0 of", exact=False)).to_be_visible()
    assert table_text(page) == before
    line, panel = page.evaluate(PANEL)  # the step's line, the table and the legal actions: one panel
    assert line.startswith("Step 0 of") and "Legal for" in panel


def test_quick_clicks_leave_every_part_on_one_step(app_page, sync_api):
    """Next, Back, Next, Next, Next clicked without waiting: the page settles on step 3 (first
    shown after the last click, so no earlier answer can pass for it) with the table and the
    legal actions of step 3, the same text as when step 3 is reached slowly."""
    page, _ = app_page
    expect = sync_api.expect
    first = page.get_by_role("button", name="First", exact=True)
    if first.is_enabled():
        first.click()
    expect(page.get_by_text("Step 0 of", exact=False)).to_be_visible()
    for name in ("Next", "Back", "Next", "Next", "Next"):
        page.get_by_role("button", name=name, exact=True).click()
    page.wait_for_function(STEP.format(3))
    quick = page.evaluate(PANEL)[1]
    page.get_by_role("button", name="First", exact=True).click()
    page.wait_for_function(STEP.format(0))
    for step in (1, 2, 3):
        page.get_by_role("button", name="Next", exact=True).click()
        page.wait_for_function(STEP.format(step))
    assert shown_step(page) == 3 and page.evaluate(PANEL)[1] == quick
    page.get_by_role("button", name="First", exact=True).click()
    page.wait_for_function(STEP.format(0))


def test_next_click_to_result(app_page):
    page, _ = app_page
    next_b = page.get_by_role("button", name="Next", exact=True)
    times = []
    for step in range(1, 11):
        t0 = time.perf_counter()
        next_b.click()
        page.wait_for_function(STEP.format(step))
        times.append(time.perf_counter() - t0)
    record("stepper Next", times)


def told_once(text: str) -> str:
    """The hand's result, checked to be on the page once; returns it."""
    assert text.count("The hand is over.") == 1, text
    result = text.split("The hand is over.", 1)[1].strip().splitlines()[0]
    assert len(result) > 20 and text.count(result) == 1, (result, text)
    return result


def test_the_result_is_told_once(app_page, sync_api):
    page, _ = app_page
    page.get_by_role("button", name="Last", exact=True).click()
    sync_api.expect(page.get_by_role("button", name="Next", exact=True)).to_be_disabled()
    page.wait_for_function("() => document.body.innerText.includes('The hand is over.')")
    told_once(page.evaluate("document.body.innerText"))

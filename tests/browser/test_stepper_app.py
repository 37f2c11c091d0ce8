"""The deal stepper as an app: Next and Back change the table; Next's click-to-result time."""
from __future__ import annotations

import time


from .conftest import app_page_fixture, record

STEP = "[...document.querySelectorAll('p[aria-live]')].some(p => p.textContent.startsWith('Step {} of'))"


app_page = app_page_fixture("stepper", "Next")


def table_text(page) -> str:
    return page.evaluate("document.querySelector('.widget-vbox').innerText")


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

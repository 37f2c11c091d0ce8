"""The score explorer as an app: its chart updates in place when a checkbox changes."""
from __future__ import annotations

import json

import pytest

from .conftest import app_page_fixture

TITLE = "(document.querySelector('.js-plotly-plot .gtitle') || {}).textContent"
BARS = "document.querySelectorAll('.js-plotly-plot .point').length"
PATHS = "[...document.querySelectorAll('.js-plotly-plot .point path')].map(p => p.getAttribute('d'))"


opened = app_page_fixture("scores", "maker alone", role="checkbox")


@pytest.fixture(scope="module")
def app_page(opened):
    page, console = opened
    page.wait_for_function(f"{TITLE} && {BARS} > 0", timeout=60_000)
    return page, console


def test_the_chart_updates_when_a_checkbox_changes(app_page, sync_api):
    page, _ = app_page
    title = page.evaluate(TITLE)
    assert title == "Points when the makers take 3 tricks", title
    heights = page.evaluate(PATHS)
    before = json.dumps(heights, separators=(",", ":"))
    assert page.evaluate(f"JSON.stringify({PATHS})") == before  # the wait below compares like with like
    page.get_by_role("checkbox", name="maker alone").check()
    page.wait_for_function(f"{TITLE} != {title!r}")
    assert page.evaluate(TITLE) == "Points when the lone maker takes 3 tricks"
    page.wait_for_function(f"{BARS} > 0")
    # the title and the bars come in one update, but the bars are laid out a frame or more after
    # the title shows: wait for them (a timeout if they never change), then check
    page.wait_for_function(f"h => JSON.stringify({PATHS}) !== h", arg=before)
    after = page.evaluate(PATHS)
    assert after != heights, "the bars were redrawn for the new outcome"

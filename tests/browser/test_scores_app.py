"""The score explorer as an app: its chart updates in place when a checkbox changes."""
from __future__ import annotations

import pytest

from .conftest import Console, running_app

TITLE = "(document.querySelector('.js-plotly-plot .gtitle') || {}).textContent"
BARS = "document.querySelectorAll('.js-plotly-plot .point').length"


@pytest.fixture(scope="module")
def app_page(browser, tmp_path_factory, sync_api):
    with running_app("scores", tmp_path_factory.mktemp("scores")) as url:
        page = browser.new_page(viewport={"width": 1100, "height": 1400})
        page.set_default_timeout(30_000)
        console = Console(page)
        page.goto(url, timeout=120_000)
        page.get_by_role("checkbox", name="maker alone").wait_for(timeout=120_000)
        page.wait_for_function(f"{TITLE} && {BARS} > 0", timeout=60_000)
        yield page, console
        page.close()


def test_the_chart_updates_when_a_checkbox_changes(app_page, sync_api):
    page, _ = app_page
    title = page.evaluate(TITLE)
    assert "Outcome(3" in title, title
    heights = page.evaluate("[...document.querySelectorAll('.js-plotly-plot .point path')].map(p => p.getAttribute('d'))")
    page.get_by_role("checkbox", name="maker alone").check()
    page.wait_for_function(f"{TITLE} != {title!r}")
    assert "alone" in page.evaluate(TITLE)
    page.wait_for_function(f"{BARS} > 0")
    after = page.evaluate("[...document.querySelectorAll('.js-plotly-plot .point path')].map(p => p.getAttribute('d'))")
    assert after != heights, "the bars were redrawn for the new outcome"

"""The simulation lab as an app: a short run fills in the summary and the figures."""
from __future__ import annotations

from .conftest import app_page_fixture

app_page = app_page_fixture("lab", "Run")


def test_a_short_run_fills_in_the_figures(app_page, sync_api):
    page, _ = app_page
    expect = sync_api.expect
    expect(page.get_by_text("press Run", exact=False)).to_be_visible()
    page.get_by_label("Hands per rule set").select_option("200")
    page.get_by_role("button", name="Run", exact=True).click()
    expect(page.get_by_text("Played 200 hands under each of 2 rule sets.", exact=False)).to_be_visible(timeout=60_000)
    expect(page.locator(".js-plotly-plot")).to_have_count(2, timeout=30_000)

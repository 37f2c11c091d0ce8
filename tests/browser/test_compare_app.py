"""The rule comparison as an app: Next steps both hands; "Go to where they part" shows the divergence."""
from __future__ import annotations

from .conftest import app_page_fixture


app_page = app_page_fixture("compare", "Go to where they part")


def test_go_to_where_they_part(app_page, sync_api):
    page, _ = app_page
    expect = sync_api.expect
    where = page.get_by_role("status").filter(has_text="Step ")
    expect(where).to_contain_text("Step 0 of")
    expect(where).to_contain_text("The two hands part at step")
    step = int(where.inner_text().split("part at step ")[1].split()[0].rstrip("."))
    page.get_by_role("button", name="Next", exact=True).click()
    expect(where).to_contain_text("Step 1 of")
    page.get_by_role("button", name="Go to where they part", exact=True).click()
    expect(where).to_contain_text(f"Step {step} of")
    expect(where).to_contain_text("Here the two hands part.")
    assert len(where.inner_text()) > 60, where.inner_text()  # and why, in words

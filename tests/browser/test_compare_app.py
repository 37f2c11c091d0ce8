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
    expect(where).to_contain_text("Here the two hands part")
    assert len(where.inner_text()) > 60, where.inner_text()  # and why, in words
    # both tables whole on the page: side by side where they fit, else one under the other
    sides = page.locator(".el-side").evaluate_all(
        "els => els.map(e => [e.getBoundingClientRect().left, e.getBoundingClientRect().right, e.scrollWidth, e.clientWidth])")
    width = page.evaluate("window.innerWidth")
    assert len(sides) == 2 and all(left >= 0 and right <= width and scroll <= client
                                    for left, right, scroll, client in sides), (sides, width)


def test_a_knob_flipped_and_a_summary_in_parts_with_its_bar(app_page, sync_api):
    """B becomes A with the dealer stuck; 500 deals are summed with the bar filling and Stop on
    while it runs; the chart gives points and shares their own axes, the table the ratio."""
    page, _ = app_page
    expect = sync_api.expect
    page.get_by_label("or B is A with").select_option(label="stick the dealer: on")
    expect(page.get_by_label("Rules B")).to_be_disabled()
    page.get_by_label("Deals").select_option(label="500")
    page.get_by_role("button", name="Summary over many deals", exact=True).click()
    expect(page.get_by_role("button", name="Stop", exact=True)).to_be_enabled()  # the run lets Stop through
    expect(page.get_by_text("Summed over 500 deals under both rule sets.")).to_be_visible(timeout=120_000)
    expect(page.get_by_text("500/500", exact=False)).to_be_visible()
    expect(page.get_by_text("ratio = second divided by first", exact=False)).to_be_visible()
    expect(page.locator(".js-plotly-plot .subplot.xy")).to_have_count(1)
    expect(page.locator(".js-plotly-plot .subplot.x2y2")).to_have_count(1)  # shares on their own axis
    expect(page.get_by_role("button", name="Stop", exact=True)).to_be_disabled()

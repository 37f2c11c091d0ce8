"""The practice page as a student meets it: a name, a lesson's positions, an answer, the proof,
and the miss kept in his own queue file in the app's folder; all by keyboard as well."""
from __future__ import annotations

import json

import pytest

from .conftest import SHOTS, open_app, running_app, screenshot


@pytest.fixture(scope="module")
def practice(browser, tmp_path_factory):
    folder = tmp_path_factory.mktemp("practice")
    with running_app("practice", folder) as url:
        page, console = open_app(browser, url, "Start")
        yield page, console, folder
        page.close()


def test_a_student_answers_a_position_and_his_miss_is_queued(practice, sync_api):
    page, console, folder = practice
    expect = sync_api.expect
    page.get_by_label("Your name").fill("ana")
    from euchre_lessons.practice import positions

    page.get_by_label("Practise").select_option(value=f"Lesson 03: {len(positions('03'))} positions")
    page.get_by_role("button", name="Start", exact=True).click()
    expect(page.get_by_text(f"Position 1 of {len(positions('03'))}", exact=False)).to_be_visible(timeout=30_000)
    choices = page.locator(".widget-hbox button.widget-button")
    names = [n for n in choices.all_inner_texts() if n not in ("Start", "Show the proof", "Next position")]
    assert names, "the position's choices are buttons in words"
    page.get_by_role("button", name="Show the proof", exact=True).click()
    expect(page.get_by_text("Proved ", exact=False).first).to_be_visible()
    # answer by keyboard: focus the last choice and press Enter
    last = page.get_by_role("button", name=names[-1], exact=True)
    last.focus()
    page.keyboard.press("Enter")
    told = page.get_by_text("Found:", exact=False).or_(page.get_by_text("Not yet:", exact=False)).first
    expect(told).to_be_visible()
    screenshot(page, SHOTS / "practice-answered.png")
    queue = folder / "ana.euchre-queue.json"
    if "Not yet:" in page.inner_text("body"):
        items = json.loads(queue.read_text())["items"]
        assert len(items) == 1 and items[0]["missed"] == 1, "a first miss goes into ana's queue"
    else:
        assert not queue.exists() or json.loads(queue.read_text())["items"] == []
    page.get_by_role("button", name="Next position", exact=True).click()
    expect(page.get_by_text(f"Position 2 of {len(positions('03'))}", exact=False)).to_be_visible()
    assert not console.take()

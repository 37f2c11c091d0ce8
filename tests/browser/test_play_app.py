"""The play table as an app (standard, seed 0, you are North and deal): the bots answer, Hint
hints, a card that may not be played is explained and changes nothing, a legal card is played
(timed), and a whole hand is played with the keyboard alone."""
from __future__ import annotations

import time

from .conftest import app_page_fixture, record
from .test_stepper_app import told_once

TOOLS = ("Hint", "Undo", "New deal", "Next hand", "Review my play", "Try again", "Save record", "Open in the stepper",
         "Show me", "Next mistake", "Resume")  # Resume: the connection watch's, hidden until the link is lost
# The buttons of the page in document order: name and whether it is enabled.
BUTTONS = "[...document.querySelectorAll('button')].map(b => [b.textContent.trim(), !b.disabled])"


app_page = app_page_fixture("play", "Hint", "button", "--seed", "0")  # one deal for every run


def actions(page) -> list[str]:
    """The action buttons (bids, discards, cards), in order; cards not allowed included."""
    return [name for name, on in page.evaluate(BUTTONS) if on and not name.startswith("Hint") and name not in TOOLS]


def legal(page) -> list[str]:
    return [name for name in actions(page) if not name.endswith("(not allowed)")]


def said(page) -> list[str]:
    return page.evaluate("[...document.querySelectorAll('ul[aria-live] li')].map(li => li.textContent)")


def gone(page, name: str) -> None:
    """Wait until no button is named ``name`` (what an action's click ends with)."""
    page.wait_for_function("name => ![...document.querySelectorAll('button')].some(b => b.textContent.trim() == name)",
                           arg=name)


def test_the_bots_bid_and_answer(app_page, sync_api):
    page, _ = app_page
    sync_api.expect(page.get_by_text("you are North", exact=False)).to_be_visible()
    before = said(page)
    assert before, "the bots bid before North, the dealer, and say so"
    discard = legal(page)[0]
    assert discard.startswith("discard "), actions(page)
    page.get_by_role("button", name=discard, exact=True).click()
    gone(page, discard)
    page.wait_for_function("n => document.querySelectorAll('ul[aria-live] li').length > 0", arg=len(before))
    assert any(" plays " in line or " leads " in line for line in said(page)), said(page)
    assert any(name.startswith("play ") for name in actions(page)), actions(page)


def test_hint_shows_a_hint(app_page, sync_api):
    page, _ = app_page
    page.get_by_role("button", name="Hint", exact=True).click()
    sync_api.expect(page.get_by_role("button", name="Hint (level 2)", exact=True)).to_be_visible()
    hint = page.get_by_role("button", name="Hint (level 2)", exact=True).evaluate(
        "b => b.closest('.widget-vbox').innerText")
    assert "hint" in hint.lower() or "think" in hint.lower(), hint


def test_a_card_not_allowed_is_explained_and_changes_nothing(app_page, sync_api):
    page, _ = app_page
    refused = [name for name in actions(page) if name.endswith("(not allowed)")]
    assert refused, actions(page)
    table = page.locator(".widget-html").all_inner_texts()
    buttons = actions(page)
    page.get_by_role("button", name=refused[0], exact=True).click()
    sync_api.expect(page.get_by_text("Not allowed:", exact=False)).to_be_visible()
    message = page.get_by_role("status").filter(has_text="Not allowed:").inner_text()
    assert len(message) > len("Not allowed: ") + 10, message
    assert actions(page) == buttons
    after = ["" if "Not allowed:" in t else t for t in page.locator(".widget-html").all_inner_texts()]
    assert after == table  # the table, what was said and the hint as they were; only the message is new


def test_a_legal_card_click_plays_it(app_page, sync_api):
    """Every card of this hand and the next deal's, each click timed to its result."""
    page, _ = app_page
    times, hands = [], 0
    while hands < 2:
        choices = legal(page)
        if not choices:  # the hand is over
            hands += 1
            sync_api.expect(page.get_by_role("button", name="Review my play", exact=True)).to_be_enabled()
            told_once(page.evaluate("document.body.innerText"))
            if hands < 2:
                page.get_by_role("button", name="New deal", exact=True).click()
                page.wait_for_function("() => document.querySelectorAll('ul[aria-live] li').length >= 0")
                sync_api.expect(page.get_by_role("button", name="Review my play", exact=True)).to_be_disabled()
            continue
        name = choices[0]
        cards = [n for n in actions(page) if n.startswith("play ")]
        button = page.get_by_role("button", name=name, exact=True)
        t0 = time.perf_counter()
        button.click()
        gone(page, name)
        if name.startswith("play "):
            times.append(time.perf_counter() - t0)
            left = [n for n in actions(page) if n.startswith("play ")]
            assert len(left) == len(cards) - 1 or not legal(page), (name, cards, left)  # one card fewer
    assert len(times) >= 8
    record("play table card", times)


def focus(page, name: str) -> None:
    """Move the focus to the button named ``name`` with Tab and Shift+Tab only."""
    for _ in range(60):
        names = [n for n, _ in page.evaluate(BUTTONS)]
        active = page.evaluate("document.activeElement && document.activeElement.tagName == 'BUTTON' ? "
                               "document.activeElement.textContent.trim() : null")
        if active == name:
            return
        here = names.index(active) if active in names else -1
        page.keyboard.press("Shift+Tab" if here > names.index(name) else "Tab")
    raise AssertionError(f"Tab and Shift+Tab never reached {name!r}")


def test_a_whole_hand_with_the_keyboard_alone(app_page, sync_api):
    page, _ = app_page
    focus(page, "New deal")
    page.keyboard.press("Enter")
    sync_api.expect(page.get_by_role("button", name="Review my play", exact=True)).to_be_disabled()
    presses = 0
    while legal(page):
        name = legal(page)[-1 if presses % 2 else 0]   # the last choice, then the first
        focus(page, name)
        page.keyboard.press("Space" if presses % 2 else "Enter")
        gone(page, name)
        presses += 1
    assert presses >= 5
    sync_api.expect(page.get_by_role("button", name="Review my play", exact=True)).to_be_enabled()
    focus(page, "Review my play")
    page.keyboard.press("Enter")
    sync_api.expect(page.get_by_text("decision", exact=False).first).to_be_visible()

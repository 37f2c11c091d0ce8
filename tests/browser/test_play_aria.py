"""The play page's accessibility tree, as a screen reader gets it: in every preset a whole hand
is played in the browser, and at each decision the tree names no card the seat has not seen
(the same play replayed here, on the same seed, says which cards those are); the standard
page's tree at its first decision is pinned by a strict snapshot
(``golden/play_page.aria.yml``; rewrite it with ``EUCHRE_LESSONS_WRITE_ARIA=1``)."""
from __future__ import annotations

import os
from pathlib import Path

import pytest
from test_hidden_cards import named, seen_by  # tests/ is on the path: the package browser/ is in it

from euchre_lessons import rules
from euchre_lessons.teaching import PlaySession, panels

from .conftest import open_app, running_app
from .test_play_app import gone

GOLDEN = Path(__file__).with_name("golden") / "play_page.aria.yml"


def tree(page) -> str:
    return page.locator("body").aria_snapshot()


def _decisions(preset: str, seed: int) -> int:
    """How many decisions North has in the first hand of ``seed``, playing the first choice."""
    s, n = PlaySession(preset, human=0, seed=seed), 0
    while s.legal_actions():
        s, n = s.play([c for c in panels.action_choices(s) if c.allowed][0].action), n + 1
    return n


@pytest.mark.parametrize("preset", rules.names())
def test_no_hidden_card_is_named_in_the_accessibility_tree_over_a_whole_hand(preset, browser, sync_api, tmp_path):
    from euchre_lessons.cards import CARDS

    seed = next(k for k in range(2, 40) if _decisions(preset, k) >= 4)  # a hand North plays through
    session = PlaySession(preset, human=0, seed=seed)  # what the page plays, replayed here
    checked = 0
    with running_app("play", tmp_path, "--seed", str(seed), "--rules", preset) as url:
        page, _ = open_app(browser, url, "Hint")
        try:
            while True:
                text = tree(page)
                seen = seen_by(session.state, 0)
                pack = [c for c in CARDS if session.rules.pack_mask >> c.id & 1]
                hidden = [c for c in pack if c not in seen and named(c, text)]
                assert not hidden, (preset, session.state.phase, hidden, text)
                checked += 1
                choices = [c for c in panels.action_choices(session) if c.allowed]
                if not choices:
                    break
                choice = choices[0]
                page.get_by_role("button", name=choice.label, exact=True).click()
                gone(page, choice.label)
                session = session.play(choice.action)
            assert checked >= 3
        finally:
            page.close()


def test_the_play_pages_tree_at_its_first_decision_is_pinned(browser, sync_api, tmp_path):
    with running_app("play", tmp_path, "--seed", "0") as url:
        page, _ = open_app(browser, url, "Hint")
        try:
            text = tree(page)
            if os.environ.get("EUCHRE_LESSONS_WRITE_ARIA"):
                GOLDEN.parent.mkdir(exist_ok=True)
                GOLDEN.write_text(text + "\n", encoding="utf-8")
            assert GOLDEN.is_file(), f"no pinned tree at {GOLDEN}: run once with EUCHRE_LESSONS_WRITE_ARIA=1"
            sync_api.expect(page.locator("body")).to_match_aria_snapshot(GOLDEN.read_text(encoding="utf-8"))
            assert text == GOLDEN.read_text(encoding="utf-8").rstrip("\n")  # strict: nothing more, nothing less
        finally:
            page.close()


# Where the focus is, whether it is in view and whether anything lies over its middle.
FOCUS = """() => { const e = document.activeElement; if (!e || e === document.body) return null;
  const r = e.getBoundingClientRect();
  const x = r.left + r.width / 2, y = r.top + r.height / 2;
  const top = document.elementFromPoint(x, y);
  const label = e.labels && e.labels.length ? e.labels[0].textContent : '';
  return {name: (e.getAttribute('aria-label') || label || e.placeholder || e.textContent || e.tagName).trim().slice(0, 60),
          seen: r.width > 0 && r.height > 0 && y >= 0 && y <= innerHeight && x >= 0 && x <= innerWidth,
          covered: !(top && (top === e || e.contains(top) || top.contains(e)))}; }"""


def test_the_focus_is_never_hidden_under_other_content(browser, tmp_path):
    with running_app("play", tmp_path, "--seed", "0") as url:
        page, _ = open_app(browser, url, "Hint")
        try:
            visited = []
            for _ in range(40):
                page.keyboard.press("Tab")
                at = page.evaluate(FOCUS)
                if at is None:
                    continue
                assert at["seen"] and not at["covered"], at
                if visited and at["name"] == visited[0]:
                    break  # round the page once
                visited.append(at["name"])
            assert len(visited) >= 8 and "Hint" in visited, visited
        finally:
            page.close()

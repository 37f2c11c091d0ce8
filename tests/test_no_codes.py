"""Words, never codes, in everything a learner reads.

Card codes (``7S``, ``JH``, ``JK``) are the notation that parses back: files, reprs and error
messages that quote an input. A sentence, a table, a proof, a label or a page says ``the 7♠``
and ``the Joker``. This scans what the teaching layer says over seeded hands of every preset: the
narration (told to the whole table and to each seat), the result, the hint ladder, the review
with its proof, the comparison and the score table, in text and in HTML (what is seen and what a
screen reader names; ``data-`` attributes are for programs and are left out). The widgets' own
labels are scanned in ``test_widgets.py``.
"""
from __future__ import annotations

import re
from html.parser import HTMLParser
from itertools import product

import pytest

from euchre_lessons import HandState, Outcome, deal, players, rules
from euchre_lessons.teaching import RuleComparison, Timeline, hint, narrate, panels, review, score_table
from euchre_lessons.teaching.narrate import deal_sentence

PRESETS = rules.names()
CODE = re.compile(r"\b(?:[2-9TJQKA][CDHS]|JK)\b")
SPOKEN = ("aria-label", "title", "alt", "placeholder")


class _Readable(HTMLParser):
    """The text a reader sees or hears in an HTML fragment: its text and its accessible names."""

    def __init__(self):
        super().__init__()
        self.parts, self._hidden = [], 0

    def handle_starttag(self, tag, attrs):
        self._hidden += tag in ("style", "script")
        self.parts.extend(value for name, value in attrs if name in SPOKEN and value)

    def handle_endtag(self, tag):
        self._hidden -= tag in ("style", "script") and self._hidden > 0

    def handle_data(self, data):
        if not self._hidden:
            self.parts.append(data)


def readable(html: str) -> str:
    parser = _Readable()
    parser.feed(html)
    return " ".join(parser.parts)


def assert_words(what: str, text: str) -> None:
    found = CODE.findall(text)
    assert not found, f"{what} shows card codes {found}: {text[:400]!r}"


def _hand(preset: str, seed: int) -> tuple:
    s = HandState.start(deal(rules.load(preset), seed=seed))
    bots = [players.make("rule_of_thumb", seed * 10 + i) for i in range(s.players)]
    states = [s]
    while not s.is_over:
        s = s.apply(bots[s.to_act].choose(s.view(s.to_act)))
        states.append(s)
    return tuple(states)


def test_the_scan_finds_codes_and_passes_words():
    assert CODE.findall("play 7S and JK, then TH") == ["7S", "JK", "TH"]
    assert CODE.findall("the 7♠, the Joker, the 10♥, as is") == []
    assert readable('<span data-card="JH" aria-label="jack of hearts">J<br>♥</span>') == "jack of hearts J ♥"
    assert readable("<style>.JH{}</style><b>the J♥</b>") == "the J♥"


@pytest.mark.parametrize("preset", PRESETS)
def test_every_sentence_of_a_hand_names_its_cards_in_words(preset):
    for seed in range(6):
        states = _hand(preset, seed)
        assert_words(f"{preset} seed {seed}: the deal", deal_sentence(states[0]))
        for i, (before, after) in enumerate(zip(states, states[1:]), 1):
            for seat in (None, *range(before.players)):
                assert_words(f"{preset} seed {seed} step {i} told to {seat}",
                             narrate(before, after.last_action, after, seat))
        final = states[-1]
        assert_words(f"{preset} seed {seed}: the result", final.result().explanation)
        assert_words(f"{preset} seed {seed}: the drawn table", readable(final._repr_html_()))
        timeline = Timeline(final)
        assert_words(f"{preset} seed {seed}: the timeline", "\n".join(timeline.sentences()) + readable(timeline._repr_html_()))


@pytest.mark.parametrize("preset", ["standard", "hoyle_railroad", "modern_railroad"])
def test_the_hint_ladder_and_the_review_name_cards_in_words(preset):
    states = _hand(preset, 3)
    seat = next(s.to_act for s in states[:-1] if len(s.legal_actions()) > 1)
    asked = 0
    for state in states[:-1]:
        if state.to_act != seat or len(state.legal_actions()) < 2:
            continue
        for level in (1, 2, 3):
            h = hint(state, seat, level)
            assert_words(f"{preset} hint {level} at {state.phase}", str(h) + readable(h._repr_html_()))
        asked += 1
        if asked == 4:
            break
    assert asked
    r = review(states[-1], seat)
    assert_words(f"{preset} review", r.report() + readable(r._repr_html_()))
    opening = [line for line in r.report().splitlines() if line.strip() and not line.startswith(" ")]
    assert all(line[:1].isupper() for line in opening), opening  # "Seat 0 made ...", at seven seats too
    table = r.table
    for column in ("chose", "best"):
        assert_words(f"{preset} review column {column}", " ".join(map(str, table[column])))
    if r.proof is not None:
        assert_words(f"{preset} proof", str(r.proof) + readable(r.proof._repr_html_()))


@pytest.mark.parametrize("pair", [("hoyle_railroad", "modern_railroad"), ("standard", "hoyle_ordinary"),
                                  ("hoyle_railroad", "hoyle_railroad_full")])
def test_a_comparison_names_cards_in_words(pair):
    for seed in range(4):
        c = RuleComparison(*pair, seed=seed)
        assert_words(f"{pair} seed {seed}", str(c.divergence()) + str(c) + readable(c._repr_html_()))
        at = c.goto(len(c) - 1)
        assert_words(f"{pair} seed {seed} at the end", str(at) + readable(at._repr_html_()))


def test_the_score_table_names_no_codes():
    for outcome in (Outcome(5), Outcome(3), Outcome(5, alone=True)):
        t = score_table(outcome)
        assert_words(str(outcome), str(t) + readable(t._repr_html_()))


PRESET_NAMES = re.compile(r"\b(?:" + "|".join(PRESETS) + r")\b")
KNOB_CODE = re.compile(r"\b\w+=|\b(?:True|False)\b|\b[a-z]+_[a-z_]+\b")  # maker_tricks=7, jambone=True, lone_against


def test_the_score_explorer_says_why_an_outcome_cannot_happen_in_words():
    """The old words quoted the programmer's error: "maker_tricks=7 cannot happen: a hand of
    standard has 5 tricks", "there is no Jambone in this game (jambone = false; ...): drop
    jambone=True". Every choice of the explorer's boxes now reads in words, with what to change."""
    assert KNOB_CODE.search("maker_tricks=7 cannot happen") and KNOB_CODE.search("drop jambone=True")
    refusals = set()
    for tricks, six, alone, defended, pat, jambone, jamboree in product(range(8), *[(False, True)] * 6):
        outcome, players, _ = panels.outcome_of_choices(tricks, six, 0, alone, defended, pat, jambone, jamboree)
        t = score_table(outcome, players)
        shown = readable(panels.score_html(t)) + str(t)
        assert not KNOB_CODE.search(PRESET_NAMES.sub("", shown)), (outcome, shown)
        for r in t.refused:
            assert r.why != "this outcome cannot happen under these rules", (outcome, r)
            refusals.add(r.why + (": " + r.fix if r.fix else ""))
            assert r.fix in readable(panels.score_html(t))
    assert "a hand of 5 cards has only 5 tricks: choose 0 to 5 tricks" in refusals
    assert "there is no Jambone in this game: untick Jambone" in refusals
    assert "nobody may defend alone in this game: untick defended alone" in refusals

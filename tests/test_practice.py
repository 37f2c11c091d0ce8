"""Practising positions (teaching.practising) and its widget: found, not yet, the proof, the count."""
from __future__ import annotations

import datetime as dt

import pytest
from test_positions import BASE

from euchre_lessons.errors import IllegalActionError
from euchre_lessons.practice.positions import build
from euchre_lessons.practice.queue import Queue
from euchre_lessons.teaching.practising import Practice


@pytest.fixture
def two():
    first = build(BASE, "lesson.toml")
    second = build(BASE | {"id": "trump-the-ace-again"}, "lesson.toml")
    return Practice.of([first, second])


def test_a_wrong_answer_is_not_yet_with_a_hint_and_the_right_one_is_found(two):
    assert two.question() == "Position 1 of 2: East leads the ace of hearts. Which card do you play?"
    wrong = two.choose("AS")
    assert wrong.outcomes[0] == "not yet" and wrong.message.startswith("Not yet: “play the A♠” is not the best")
    assert "Think about it: You cannot follow hearts" in wrong.message
    right = wrong.choose("TC")
    assert right.outcomes[0] == "found" and right.message == (
        "Found: “play the 10♣”. The 10 of clubs trumps the ace and keeps both bowers.")
    assert right.legal_actions() == () and right.first[0] is False  # the first try counts as missed
    assert right.count() == "Found 1 of 2; 1 more to come."
    end = right.next().choose("TC").next()
    assert end.done and end.count() == "Found 2 of 2; 0 more to come." and end.message == end.count()


def test_the_proof_is_told_on_request(two):
    proved = two.prove()
    assert proved.message.startswith("Proved with every hand face up, solved exactly: “play the 10♣” is best")


def test_bad_choices_are_refused_and_change_nothing(two):
    with pytest.raises(IllegalActionError, match="play KD is not a choice in position 'trump-the-ace'"):
        two.choose("KD")
    with pytest.raises(IllegalActionError, match="answered"):
        two.choose("TC").choose("TC")
    done = two.next().next()
    with pytest.raises(IllegalActionError, match="nothing left"):
        done.choose("TC")


def test_a_queue_is_scheduled_by_the_first_answer_and_a_first_miss_is_added(tmp_path, two):
    q = Queue.open("ana", tmp_path)
    p = Practice.of(two.positions, q)
    p = p.choose("AS").choose("TC")  # missed at the first try: into the queue, whatever came after
    assert [i.id for i in p.queue.items] == ["trump-the-ace"] and p.queue.items[0].missed == 1
    p = p.next().choose("TC")  # found at once: not queued
    assert [i.id for i in p.queue.items] == ["trump-the-ace"]
    assert Queue.open("ana", tmp_path) == p.queue  # written at once
    later = dt.datetime.now(dt.UTC)
    today = Practice.today("ana", tmp_path, now=later)
    assert [x.id for x in today.positions] == ["trump-the-ace"]
    found = today.choose("TC")
    assert found.queue.items[0].found == 1 and found.queue.items[0].due > later


def test_nothing_due_says_so(tmp_path):
    p = Practice.today("nobody", tmp_path)
    assert p.done and p.count() == "Nothing due: no positions to practise today."


def test_the_widget_answers_by_its_buttons_in_words(two):
    from euchre_lessons.widgets import PracticeTable

    t = PracticeTable(two)
    labels = [b.description for b in t.actions.children]
    assert labels == ["play 10 of clubs, trump", "play jack of clubs, right bower", "play 10 of spades",
                      "play jack of spades, left bower", "play ace of spades"]
    t.actions.children[4].click()
    assert "Not yet" in t.view.value and t.model.outcomes[0] == "not yet"
    t.proof_b.click()
    assert "Proved with every hand face up" in t.view.value
    t.actions.children[0].click()
    assert t.actions.children == () and "Found 1 of 2" in t.count.value
    t.act("KD")
    assert "Not allowed" in t.message.value
    t.next_b.click()
    assert "Position 2 of 2" in t.view.value
    t.next_b.click()
    assert t.next_b.disabled and t.proof_b.disabled

"""A student's review queue (practice.queue): missed positions come back on a spaced schedule."""
from __future__ import annotations

import datetime as dt
import json

import pytest
from test_positions import BASE

from euchre_lessons.practice.positions import build
from euchre_lessons.practice.queue import Queue, QueueError

T0 = dt.datetime(2026, 12, 2, 9, 0, tzinfo=dt.UTC)


@pytest.fixture
def position():
    return build(BASE, "lesson.toml")


def test_a_missed_position_is_due_at_once_and_moves_out_as_it_is_found(tmp_path, position):
    q = Queue.open("ana", tmp_path).add(position, now=T0)
    assert [p.id for p in q.due(T0)] == ["trump-the-ace"] and q.summary(T0).endswith("1 due today.")
    q = q.answer(position, found=True, now=T0 + dt.timedelta(minutes=2))
    q = q.answer(position, found=True, now=T0 + dt.timedelta(minutes=15))
    assert q.items[0].due > T0 + dt.timedelta(days=1)  # found twice: days away
    assert q.due(T0 + dt.timedelta(hours=1)) == ()
    q = q.answer(position, found=False, now=T0 + dt.timedelta(days=3))  # missed again: back within minutes
    assert q.items[0].due < T0 + dt.timedelta(days=3, hours=1)
    assert (q.items[0].missed, q.items[0].found) == (2, 2)


def test_the_queue_is_kept_in_the_students_file_and_reads_back_the_same(tmp_path, position):
    q = Queue.open("ana", tmp_path).add(position, now=T0).answer(position, True, now=T0)
    again = Queue.open("ana", tmp_path)
    assert again == q and again.items[0].position().answers == position.answers
    assert sorted(p.name for p in tmp_path.iterdir()) == ["ana.euchre-queue.json"]  # no temporary file left
    assert Queue.open("ben", tmp_path).items == ()  # another student's queue is his own


def test_adding_a_position_twice_marks_it_missed_again(tmp_path, position):
    q = Queue.open("ana", tmp_path).add(position, now=T0).add(position, now=T0 + dt.timedelta(minutes=5))
    assert len(q) == 1 and q.items[0].missed == 2


@pytest.mark.parametrize("text, says", [
    ("{broken", "not a queue file"),
    (json.dumps({"version": 9, "items": []}), "expected {'version': 1"),
    (json.dumps({"version": 1, "items": [{"entry": {"id": "x"}, "card": {"due": "2026-12-02T09:00:00+00:00"}}]}),
     "item 0: queue: position 'x': no field 'preset'"),
    (json.dumps({"version": 1, "items": [{"entry": BASE, "card": {"due": "soon"}}]}), "its schedule cannot be read"),
])
def test_a_broken_queue_file_is_refused_and_left_as_it_is(tmp_path, text, says):
    path = tmp_path / "ana.euchre-queue.json"
    path.write_text(text)
    with pytest.raises(QueueError) as e:
        Queue.open("ana", tmp_path)
    assert says.replace("queue: ", "ana.euchre-queue.json: ") in str(e.value) or says in str(e.value)
    assert "left as it is" in str(e.value) or "expected" in str(e.value)
    assert path.read_text() == text


@pytest.mark.parametrize("name", ["", "../x", "a/b", "x" * 41, 7])
def test_a_bad_queue_name_is_refused(tmp_path, name):
    with pytest.raises(QueueError, match="queue name"):
        Queue.open(name, tmp_path)


def test_times_need_their_zone_and_unknown_positions_are_named(tmp_path, position):
    q = Queue.open("ana", tmp_path)
    with pytest.raises(QueueError, match="time zone"):
        q.add(position, now=dt.datetime(2026, 12, 2, 9))
    with pytest.raises(QueueError, match="'trump-the-ace' is not in this queue"):
        q.answer(position, True, now=T0)


def test_a_retrys_missed_mistakes_become_positions_for_the_queue(tmp_path):
    from test_retry import _lesson_hand

    r = _lesson_hand().retry().choose("JS").show()
    (p,) = r.missed()
    assert p.check("play TC") and not p.check("play JS") and p.seat == 0
    assert p.question == "You are North, to play to trick 1. Clubs are trump. Which card do you play?"
    q = Queue.open("ana", tmp_path).add(p, now=T0)
    assert q.due(T0)[0].state.history == p.state.history
    assert _lesson_hand().retry().choose("TC").missed() == ()  # found: nothing to queue


def test_the_practice_package_says_what_is_due_today(tmp_path, position):
    from euchre_lessons import practice

    assert practice.due("ana", tmp_path) == ()
    practice.Queue.open("ana", tmp_path).add(position)
    assert [p.id for p in practice.due("ana", tmp_path)] == ["trump-the-ace"]

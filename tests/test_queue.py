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


def _positions(n):
    return [build(dict(BASE, id=f"pos-{k}"), "lesson.toml") for k in range(n)]


def test_two_pages_on_one_queue_keep_every_review(tmp_path):
    """Two pages read the queue at once, then each adds and answers in turn: every change is kept,
    where each page writing back the queue it read lost the other's."""
    first, second = Queue.open("ana", tmp_path), Queue.open("ana", tmp_path)
    ps = _positions(6)
    for k, p in enumerate(ps):
        page = first if k % 2 == 0 else second
        page = page.add(p, now=T0)
        if k % 2 == 0:
            first = page
        else:
            second = page
    first.answer(ps[1], True, now=T0)   # a position the other page added
    second.answer(ps[0], False, now=T0)
    kept = {i.id: (i.missed, i.found) for i in Queue.open("ana", tmp_path).items}
    assert kept == {"pos-0": (2, 0), "pos-1": (1, 1), "pos-2": (1, 0), "pos-3": (1, 0), "pos-4": (1, 0),
                    "pos-5": (1, 0)}


def _answer_many(folder, ids, found, rounds):
    q = Queue.open("ana", folder)
    for _ in range(rounds):
        for pid in ids:
            q = q.answer(build(dict(BASE, id=pid), "lesson.toml"), found, now=T0)


def test_two_processes_answering_at_once_lose_no_answer(tmp_path):
    import multiprocessing

    ps = _positions(2)
    q = Queue.open("ana", tmp_path)
    for p in ps:
        q = q.add(p, now=T0)
    ctx = multiprocessing.get_context("spawn")
    writers = [ctx.Process(target=_answer_many, args=(tmp_path, [p.id for p in ps], found, 15)) for found in (True, False)]
    for w in writers:
        w.start()
    for w in writers:
        w.join(120)
        assert w.exitcode == 0
    kept = {i.id: (i.missed, i.found) for i in Queue.open("ana", tmp_path).items}
    assert kept == {"pos-0": (16, 15), "pos-1": (16, 15)}  # 1 missed when added, 15 of each kind after


def test_without_the_systems_lock_a_lock_file_keeps_one_writer(tmp_path, monkeypatch, position):
    from euchre_lessons import files

    monkeypatch.setattr(files, "fcntl", None)  # as on Windows, or in the browser
    first, second = Queue.open("ana", tmp_path), Queue.open("ana", tmp_path)
    first.add(position, now=T0)
    second.add(build(dict(BASE, id="other"), "lesson.toml"), now=T0)
    assert {i.id for i in Queue.open("ana", tmp_path).items} == {"trump-the-ace", "other"}
    assert sorted(p.name for p in tmp_path.iterdir()) == ["ana.euchre-queue.json"]  # the lock file is gone


def test_the_summary_says_when_the_next_position_comes_due(tmp_path, position):
    q = Queue.open("ana", tmp_path).add(position, now=T0)
    assert q.summary(T0) == "1 position in ana.euchre-queue.json; 1 due today."
    q = q.answer(position, True, now=T0 + dt.timedelta(minutes=2)).answer(position, True, now=T0 + dt.timedelta(minutes=15))
    due = q.items[0].due
    assert q.next_due(T0) == due and due.date() > T0.date()
    assert q.summary(T0).endswith(f"0 due today; the next comes due on {due.strftime('%A')} {due.day} "
                                  f"{due.strftime('%B')}.")
    assert q.next_due(due) is None and q.summary(due).endswith("1 due today.")

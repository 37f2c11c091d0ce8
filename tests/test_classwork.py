"""A class's work kept by each pupil and read by the teacher (``classwork``): the journal, the
report, the report command, and the pages that keep work under a pupil's name."""
from __future__ import annotations

import asyncio
import json
import multiprocessing
import random

import pytest

from euchre_lessons import ClassReport, HandState, deal, exercises
from euchre_lessons.classwork import Journal, PupilError, sign_out
from euchre_lessons.classwork.journal import FOLDER, decision_kind
from euchre_lessons.classwork.report import HANDED_FORMAT, ReportError
from euchre_lessons.delivery.commands import main
from euchre_lessons.practice.positions import positions
from euchre_lessons.practice.queue import Queue
from euchre_lessons.teaching import PlaySession
from euchre_lessons.widgets import PlayTable, PracticeDesk


def _badly(table: PlayTable, seed: int) -> None:
    """Play the table's hand to its end at random, as a careless pupil would."""
    rng = random.Random(seed)
    while not table.model.is_over:
        table.act(str(rng.choice(table.model.legal_actions())))


@pytest.fixture(autouse=True)
def _nobody_signed_in():
    sign_out()
    yield
    sign_out()


def test_two_pupils_work_at_the_table_gives_a_row_each_with_their_hands_and_mistakes(tmp_path, capsys):
    made = {}
    for name, seed in (("ana", 3), ("Ben K", 14)):
        t = PlayTable("standard", seed=seed, folder=tmp_path, student=name)
        hands = mistakes = 0
        for k in range(2):
            _badly(t, seed + k)
            t.show_review()
            t.show_review()  # a second look at the same review keeps nothing twice
            hands += 1
            mistakes += len(t.model.review().mistakes)
            t.try_again()
            while t.retrying is not None and not t.retrying.done:
                t._retry(lambda r: r.show().next())
            t._guard(lambda: t._new(t.model.next_hand()))
        made[name] = (hands, mistakes)
    report = ClassReport(tmp_path)
    rows = report.pupils.set_index("pupil")
    assert list(rows.index) == ["ana", "Ben K"]
    for name, (hands, mistakes) in made.items():
        assert rows.loc[name, "hands"] == hands and rows.loc[name, "mistakes"] == mistakes
        assert rows.loc[name, "decisions"] >= mistakes and rows.loc[name, "found"] == 0  # every mistake was shown
    assert sum(m for _, m in made.values()) > 0, "the seeds should give some mistakes to read"
    table = report.mistakes
    assert set(table["pupil"]) <= {"ana", "Ben K"} and len(table) == sum(m for _, m in made.values())
    assert set(table["decision"]) <= {"bid", "lead", "follow", "discard", "alone", "give", "partner's best",
                                      "defend alone", "Jambone", "Jamboree", "partners"}
    assert (table["cost"] > 0).all()
    assert len(report.hands) == 4 and report.hands["reviewed"].all()
    assert main(["report", str(tmp_path), "--csv", str(tmp_path / "class.csv")]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0].startswith("2 pupils in") and "ana: 2 hands" in out and "Ben K: 2 hands" in out
    csv = (tmp_path / "class.csv").read_text().splitlines()
    assert csv[0] == "pupil,hands,decisions,mistakes,found,due,exercises_tried,exercises_right"
    assert [line.split(",")[0] for line in csv[1:]] == ["ana", "Ben K"]


def test_a_missing_folder_is_one_line_and_exit_2(tmp_path, capsys):
    assert main(["report", str(tmp_path / "nowhere")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "no such folder" in err and "Traceback" not in err
    with pytest.raises(ReportError):
        ClassReport(tmp_path / "nowhere")


def test_a_corrupt_or_foreign_file_is_passed_over_and_named(tmp_path, capsys):
    Journal("ana", tmp_path).keep("exercise", exercise="1.1", answer="x", status="wrong", right=False)
    work = tmp_path / FOLDER
    with open(work / "ana.jsonl", "a", encoding="utf-8") as f:
        f.write('{"v": 1, "pupil": "ana", "kind": "exerc')  # a line cut short by a crash
    (work / "notes.jsonl").write_text('{"hello": "world"}\n', encoding="utf-8")
    (work / "binary.jsonl").write_bytes(b"\xff\xfe\x00garbage")
    (tmp_path / "eve.euchre-work.json").write_text("[1, 2", encoding="utf-8")
    (tmp_path / "bob.euchre-queue.json").write_text("{broken", encoding="utf-8")
    report = ClassReport(tmp_path)
    named = {name for name, _ in report.skipped}
    assert named == {"ana.jsonl", "notes.jsonl", "binary.jsonl", "eve.euchre-work.json", "bob.euchre-queue.json"}
    assert report.pupils["pupil"].tolist() == ["ana"] and report.pupils["exercises_tried"].tolist() == [1]
    assert all(str(tmp_path) not in why for _, why in report.skipped)
    assert main(["report", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "passed over: notes.jsonl" in out and "passed over: ana.jsonl: line 2 is not JSON" in out


def test_work_handed_in_from_the_browser_is_read_as_the_servers_folder_is(tmp_path):
    Journal("ana", tmp_path).keep("exercise", exercise="9.1", answer="1/5", status="correct", right=True)
    server = ClassReport(tmp_path)
    handed = tmp_path / "handed"
    handed.mkdir()
    data = {"format": HANDED_FORMAT, "pupil": "ana", "records": list(server.records)}
    (handed / "ana.euchre-work.json").write_text(json.dumps(data), encoding="utf-8")
    report = ClassReport(handed)
    assert report.pupils.to_dict("records") == server.pupils.to_dict("records")


def test_exercise_checks_are_kept_after_sign_in_and_not_before(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    exercises.check("9.1", "1/5")
    assert not (tmp_path / FOLDER).exists()  # a pupil working alone: nothing written
    exercises.sign_in("ana")
    assert "Signed in as ana" in capsys.readouterr().out
    exercises.check("9.1", "1/4")
    exercises.check("9.1", "1/5")
    exercises.check("9.2", ...)
    ex = ClassReport(tmp_path).exercises
    assert ex[["exercise", "answer", "right", "status"]].values.tolist() == [
        ["9.1", "1/4", False, "wrong"], ["9.1", "1/5", True, "correct"], ["9.2", "...", False, "not attempted"]]
    row = ClassReport(tmp_path).pupils.iloc[0]
    assert (row["exercises_tried"], row["exercises_right"]) == (1, 1)


@pytest.mark.parametrize("name", ["", "   ", "../../etc", "a" * 300, "ana/ben", None])
def test_a_name_that_cannot_name_a_journal_is_refused_in_words(tmp_path, name):
    with pytest.raises(PupilError, match="pupil's name"):
        Journal(name, tmp_path)
    t = PlayTable("standard", seed=1, folder=tmp_path, keep=True)
    t.sign_in(name if name is not None else "")
    blank = not (name or "").strip()  # nothing typed yet: nothing said
    assert ("pupil&#x27;s name" in t.message.value) != blank and t.journal is None
    assert not (tmp_path / FOLDER).exists()


def test_the_play_page_takes_a_name_and_keeps_each_hand_once(tmp_path):
    t = PlayTable("standard", seed=6, folder=tmp_path, keep=True)
    assert t.name_box in t.root.children[1].children
    t.name_box.value = "ana"
    assert "Signed in as ana" in t.message.value
    _badly(t, 6)
    t.refresh()
    t._set(t.model)  # the page drawn again: nothing kept twice
    report = ClassReport(tmp_path)
    assert report.pupils["hands"].tolist() == [1]
    record = report.of("hand")[0]["record"]
    assert PlaySession("standard", seed=6).rules.name == record["rules"]


def test_the_practice_page_keeps_each_positions_first_answer(tmp_path):
    desk = PracticeDesk(folder=tmp_path)
    desk.name.value = "ana"
    desk.source.value = "03"
    desk.start()
    table = desk.table
    first = table.model.current
    wrong = next(a for a in first.state.legal_actions() if not first.check(a))
    table.act(str(wrong))
    table.act(str(first.answers[0]))  # found on the second try: the first answer is what is kept
    kept = ClassReport(tmp_path).of("practice")
    assert [(r["position"], r["found"]) for r in kept] == [(first.id, False)]
    assert ClassReport(tmp_path).pupils["due"].tolist() == [1]  # missed: due in ana's queue


def _write_many(folder, name, count):
    j = Journal(name, folder)
    for k in range(count):
        j.keep("exercise", exercise=f"{k}", answer=str(k), status="wrong", right=False)


def test_two_processes_writing_one_journal_lose_nothing(tmp_path):
    ctx = multiprocessing.get_context("spawn")
    writers = [ctx.Process(target=_write_many, args=(tmp_path, "ana", 60)) for _ in range(2)]
    for w in writers:
        w.start()
    for w in writers:
        w.join(120)
        assert w.exitcode == 0, f"a writer ended with {w.exitcode}"
    report = ClassReport(tmp_path)
    assert len(report.of("exercise")) == 120 and report.skipped == ()


def test_a_decision_is_named_by_its_kind():
    state = HandState.start(deal("standard", seed=2))
    assert decision_kind(state) == "bid"
    while state.phase.value != "play":
        state = state.apply(state.legal_actions()[0])
    assert decision_kind(state) == "lead"
    assert decision_kind(state.apply(state.legal_actions()[0])) == "follow"


def test_a_queue_due_is_counted_for_its_pupil(tmp_path):
    p = positions("03")[0]
    Queue.open("ana", tmp_path).add(p)
    assert ClassReport(tmp_path).pupils[["pupil", "due"]].values.tolist() == [["ana", 1]]


def test_the_teachers_page_shows_the_class_and_reads_new_work_as_it_comes(tmp_path):
    from euchre_lessons.delivery import app
    from euchre_lessons.widgets import ClassBoard

    board = app.widget("class", app.Settings(folder=str(tmp_path)))
    assert isinstance(board, ClassBoard) and "0 pupils" in board.summary.value
    assert len(board.charts.children) == 3
    Journal("ana", tmp_path).keep("exercise", exercise="9.1", answer="1/5", status="correct", right=True)
    board.refresh_b.click()
    assert "1 pupil in" in board.summary.value and "ana" in board.pupils.value

    async def served():  # on a page's kernel the board looks at the folder by itself
        watching = ClassBoard(tmp_path, every=0.05)
        Journal("ben", tmp_path).keep("exercise", exercise="9.1", answer="1/4", status="wrong", right=False)
        await asyncio.sleep(0.3)
        watching.close()
        return watching.summary.value

    assert "2 pupils in" in asyncio.run(served())


def test_the_teachers_page_serves_beside_the_pupils_page():
    from euchre_lessons.delivery import app

    assert app.APPS["class"].port != app.VOILA_PORT
    assert main(["app", "class", "--rules", "standard"]) == 2


def test_a_pupil_in_the_browser_hands_in_one_file_the_report_reads(tmp_path, monkeypatch):
    from euchre_lessons.widgets import HandIn

    monkeypatch.chdir(tmp_path)
    exercises.sign_in("ana")
    exercises.check("9.1", "1/5")
    t = PlayTable("standard", seed=3)  # a lesson's table: the pupil signed in for the exercises
    assert t.student == "ana"
    _badly(t, 3)
    page = HandIn()
    assert page.name.value == "ana"
    path = page.save()
    assert path == tmp_path / "ana.euchre-work.json" and 'download="ana.euchre-work.json"' in page.message.value
    assert "Hand that file to your teacher" in page.message.value
    teacher = tmp_path / "teacher"
    teacher.mkdir()
    path.rename(teacher / path.name)
    rows = ClassReport(teacher).pupils
    assert rows[["pupil", "hands", "exercises_right"]].values.tolist() == [["ana", 1, 1]]
    assert ClassReport(tmp_path).pupils["hands"].tolist() == [1]  # kept and handed in: counted once
    bad = HandIn(name="../x")
    assert bad.save() is None and "pupil&#x27;s name" in bad.message.value


def test_a_teacher_shows_the_class_what_is_due_on_another_day(tmp_path):
    import datetime as dt

    p = positions("03")[0]
    q = Queue.open("ana", tmp_path).add(p)
    now = dt.datetime.now(dt.UTC)
    q.answer(p, True, now=now + dt.timedelta(minutes=2)).answer(p, True, now=now + dt.timedelta(minutes=15))
    desk = PracticeDesk(folder=tmp_path)
    desk.name.value = "ana"
    desk.start()
    assert desk.table.model.positions == () and "0 due today; the next comes due on" in desk.message.value
    due = Queue.open("ana", tmp_path).items[0].due
    desk.day.value = due.date()  # the date control: "tomorrow", or whenever it comes due
    desk.start()
    assert [x.id for x in desk.table.model.positions] == [p.id] and "1 due today" in desk.message.value


def test_on_the_class_pages_a_name_signs_in_with_its_code_from_the_second_time(tmp_path, capsys):
    own = PlayTable("standard", seed=1, folder=tmp_path)  # a lesson's table: no code asked
    own.sign_in("ana")
    assert own.student == "ana" and "Your code" not in own.message.value
    first = PlayTable("standard", seed=1, folder=tmp_path, keep=True)
    first.name_box.value = "ana"
    said = first.message.value
    code = said.split("Your code is ")[1][:4]
    assert first.student == "ana" and "write it down" in said
    other = PlayTable("standard", seed=2, folder=tmp_path, keep=True)  # ben types ana's name
    other.name_box.value = "ana"
    assert other.journal is None and "has signed in here before: give ana&#x27;s code" in other.message.value
    other.code_box.value = "QQQQ"
    assert other.journal is None and "not ana&#x27;s code" in other.message.value
    other.code_box.value = code.lower()  # ana herself, on another page
    assert other.student == "ana" and "Your code is" not in other.message.value
    alone = PracticeDesk(folder=tmp_path)  # a pupil on his own (a notebook, the browser site): no code asked
    alone.name.value = "ana"
    alone.start()
    assert alone.table is not None and alone.code not in alone.root.children[0].children
    desk = PracticeDesk(folder=tmp_path, codes=True)
    desk.name.value = "ana"
    desk.start()
    assert desk.table is None and "give ana&#x27;s code" in desk.message.value
    desk.code.value = code
    desk.start()
    assert desk.table is not None and desk.pupil == "ana"
    assert main(["report", str(tmp_path), "--codes"]) == 0
    assert f"code of ana: {code}" in capsys.readouterr().out


def test_on_a_hub_each_pupils_own_folder_is_read_into_one_report(tmp_path, capsys):
    homes = {name: tmp_path / name / "euchre-lessons" for name in ("ana", "ben")}
    for seed, (name, home) in enumerate(homes.items()):
        home.mkdir(parents=True)
        _badly(PlayTable("standard", seed=seed, folder=home, student=name), seed)
        Queue.open(name, home).add(positions("03")[seed])
    report = ClassReport(*homes.values())
    rows = report.pupils.set_index("pupil")
    assert list(rows.index) == ["ana", "ben"] and (rows["hands"] == 1).all() and (rows["due"] == 1).all()
    assert report.summary().startswith("2 pupils in 2 folders:")
    assert ClassReport(homes["ana"]).names == ["ana"]  # one folder: one pupil's
    (homes["ben"] / FOLDER / "ana.jsonl").write_text("not json\n")  # passed over, and named with its folder
    assert ClassReport(*homes.values()).skipped == ((str(homes["ben"] / FOLDER / "ana.jsonl"),
                                                     "line 1 is not JSON (cut short?)"),)
    (homes["ben"] / FOLDER / "ana.jsonl").unlink()
    assert main(["report", *map(str, homes.values())]) == 0
    assert "ana: 1 hand" in capsys.readouterr().out
    assert main(["report", str(homes["ana"]), str(tmp_path / "nowhere")]) == 2  # a missing one is named
    assert "nowhere" in capsys.readouterr().err

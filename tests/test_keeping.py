"""A game kept after every move and resumed by a reloaded page (``teaching.keeping``, the play
table's ``keep``, the page's ``Connection``). The whole story in a browser, the kernel killed
mid-hand, is tests/browser/test_resume_app.py."""
from __future__ import annotations

import html
import json

import pytest

from euchre_lessons.errors import NotationError
from euchre_lessons.teaching import PlaySession, keeping, panels
from euchre_lessons.widgets import PlayTable
from euchre_lessons.widgets.watch import Connection

PAGE = "0b6a2c1e-4f1d-4c55-9a51-7d0f3c2b9e11"


def _played(s, n):
    for _ in range(n):
        while s.is_over and not s.game_over:  # a hand the person sat out is over at once
            s = s.next_hand()
        if s.game_over:
            break
        s = s.play(s.legal_actions()[0])
    return s


@pytest.mark.parametrize("preset, players", [("standard", "rule_of_thumb"), ("hoyle_railroad", "beginner"),
                                             ("modern_railroad_6p", "club")])
def test_a_kept_game_resumes_at_the_same_decision_with_the_same_score(preset, players):
    s = _played(PlaySession(preset, human=1, players=players, seed=5, dealer=2), 14)
    again = keeping.resumed(json.loads(json.dumps(keeping.kept(s))))
    assert again.state == s.state and again.score == s.score and again.hand_number == s.hand_number
    assert again.legal_actions() == s.legal_actions()


def test_a_kept_game_that_does_not_replay_is_refused_by_name():
    data = keeping.kept(_played(PlaySession("standard", seed=2), 3))
    data["hands"][-1][0] = "make notrump"
    with pytest.raises(NotationError, match="kept game: does not replay"):
        keeping.resumed(data)
    with pytest.raises(NotationError, match="not a kept game"):
        keeping.resumed({"format": "something else"})
    with pytest.raises(NotationError, match="needs rules, human"):
        keeping.resumed({"format": keeping.FORMAT})


@pytest.mark.parametrize("bad", ["../../etc/passwd", "short", "a/b/c/d/e/f/g/h", "", "x" * 65, None])
def test_a_page_id_names_only_a_file_of_its_own(tmp_path, bad):
    with pytest.raises(NotationError, match="page id"):
        keeping.page_file(tmp_path, bad)


def test_the_served_table_keeps_every_move_and_a_reloaded_page_resumes(tmp_path):
    t = PlayTable("standard", seed=4, folder=tmp_path, keep=True)
    assert isinstance(t.root.children[0], Connection) and t.kept_at is None
    t.watch.page = PAGE  # what the page's script does once it is drawn
    path = keeping.page_file(tmp_path, PAGE)
    assert t.kept_at == path and path.exists()
    for _ in range(3):
        t.act(str(t.model.legal_actions()[0]))
        assert keeping.load(path).state == t.model.state  # kept after every move
    reloaded = PlayTable("standard", seed=4, folder=tmp_path, keep=True)
    assert reloaded.model.state != t.model.state  # a fresh page starts the deal...
    reloaded.watch.page = PAGE  # ...until it says which page it is
    assert reloaded.model.state == t.model.state and "Resumed your game" in reloaded.message.value
    other = PlayTable("standard", seed=4, folder=tmp_path, keep=True)
    other.watch.page = "another-page-id-0001"  # another tab: its own game
    assert other.model.state != t.model.state and "Resumed" not in other.message.value


def test_a_move_is_kept_before_the_page_is_drawn(tmp_path, monkeypatch):
    """What the page shows is already on disk when it is drawn: a kernel that dies the moment the
    new choices appear leaves them kept, and Resume finds that decision, not the one before."""
    t = PlayTable("standard", seed=4, folder=tmp_path, keep=True)
    t.watch.page = PAGE
    path = keeping.page_file(tmp_path, PAGE)
    on_disk = []
    monkeypatch.setattr(t, "refresh", lambda: on_disk.append(keeping.load(path).state == t.model.state))
    for _ in range(3):
        t.act(str(t.model.legal_actions()[0]))
    assert on_disk and all(on_disk), on_disk


def test_a_kept_file_that_is_broken_gives_a_new_game_and_says_so(tmp_path):
    path = keeping.page_file(tmp_path, PAGE)
    path.parent.mkdir()
    path.write_text("{not json", encoding="utf-8")
    t = PlayTable("standard", seed=4, folder=tmp_path, keep=True)
    t.watch.page = PAGE
    assert "could not be resumed" in t.message.value and keeping.load(path).state == t.model.state


def test_the_tables_in_the_lessons_keep_nothing(tmp_path):
    t = PlayTable("standard", seed=4, folder=tmp_path)
    t.act(str(t.model.legal_actions()[0]))
    assert not any(tmp_path.iterdir()) and not any(isinstance(c, Connection) for c in t.root.children)


def test_the_connection_answers_each_ping_and_carries_the_words():
    c = Connection()
    sent = []
    c.send = sent.append
    c._answer(c, {"ping": 1234}, [])
    c._answer(c, {"other": 1}, [])
    assert sent == [{"pong": 1234}]
    assert c.lost == panels.lost_text() and "Resume" in c.lost and c.lost_ms > c.ping_ms


def test_a_full_disk_is_said_and_the_game_goes_on(tmp_path, monkeypatch):
    t = PlayTable("standard", seed=4, folder=tmp_path, keep=True)
    t.watch.page = PAGE

    def full(*args):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(keeping, "write_whole", full)
    before = t.model.state
    t.act(str(t.model.legal_actions()[0]))
    assert t.model.state != before  # the move is made
    said = html.unescape(t.message.value)
    assert "could not be kept on the teacher's computer (its disk is full)" in said and str(tmp_path) not in said


def test_a_folder_keeps_a_bounded_number_of_pages_games(tmp_path, monkeypatch):
    """A script opening page after page cannot fill the teacher's folder: past MAX_KEPT a new page's
    game is not kept (and says so) unless an old one, untouched for days, gives its place."""
    import os
    import time

    monkeypatch.setattr(keeping, "MAX_KEPT", 3)
    pages = [f"page-id-000{k}" for k in range(5)]
    tables = []
    for page in pages:
        t = PlayTable("standard", seed=4, folder=tmp_path, keep=True)
        t.watch.page = page
        tables.append(t)
    folder = tmp_path / keeping.FOLDER
    assert len(list(folder.glob("*.json"))) == 3
    assert tables[3].kept_at is None and "already keeps 3 games" in tables[3].message.value
    tables[0].act(str(tables[0].model.legal_actions()[0]))  # a game kept goes on being kept
    assert keeping.load(keeping.page_file(tmp_path, pages[0])).state == tables[0].model.state
    old = time.time() - (keeping.STALE_DAYS + 1) * 86400
    os.utime(keeping.page_file(tmp_path, pages[1]), (old, old))
    late = PlayTable("standard", seed=4, folder=tmp_path, keep=True)
    late.watch.page = pages[4]
    assert late.kept_at is not None and not keeping.page_file(tmp_path, pages[1]).exists()
    assert len(list(folder.glob("*.json"))) == 3

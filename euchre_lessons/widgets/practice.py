"""``PracticeTable``: positions answered one at a time, with the proof on request."""
from __future__ import annotations

import datetime as _dt
from html import escape
from typing import Any

import ipywidgets as w

from ..classwork.codes import claim
from ..classwork.journal import Journal
from ..errors import EuchreError
from ..practice.queue import Queue
from ..teaching import keeping, panels
from ..teaching.practising import Practice
from .base import LessonWidget, button, close_tree, shown


class PracticeTable(LessonWidget):
    """A ``teaching.Practice`` drawn as the table: each legal choice a button in words, as at the
    play table; **Show the proof** and **Next position**; the count of found and to come.
    ``PracticeTable.today("ana")`` serves what ana's review queue has due today,
    ``PracticeTable.lesson("03")`` a lesson's positions; ``act(text)`` answers as a click does."""

    def __init__(self, practice: Practice, palette: str = "standard", large: bool = False, journal=None):
        self.journal = journal  # the pupil's work (classwork.Journal): each position's first answer is kept
        super().__init__(practice, palette, large)

    @classmethod
    def today(cls, name: str, folder=None, **look) -> PracticeTable:
        return cls(Practice.today(name, folder), **look)

    @classmethod
    def lesson(cls, lesson: str, queue=None, **look) -> PracticeTable:
        return cls(Practice.lesson(lesson, queue), **look)

    def _build(self) -> None:
        self.view = w.HTML()
        self.choices = self.choice_row(self.act)
        self.actions = self.choices.box
        self.proof_b = self.button("Show the proof", "the numbers that prove the answer")
        self.next_b = self.button("Next position", "go on to the next position")
        self.count = w.HTML()
        self.root.children = [self.view, self.actions, self.message,
                              w.HBox([self.proof_b, self.next_b], layout=w.Layout(flex_flow="row wrap")), self.count]

    def _connect(self) -> None:
        self.proof_b.on_click(lambda _: self._guard(lambda: self._set(self.model.prove())))
        self.next_b.on_click(lambda _: self._guard(lambda: self._set(self.model.next())))

    def act(self, text) -> None:
        """Answer ``text`` as a click on its button would; a choice not there is told in words."""
        def answer():
            before = self.model
            after = before.choose(text)
            self._set(after)
            if self.journal is not None and before.first[before.at] is None:  # the position's first answer
                try:
                    self.journal.practice(before.current, after.first[before.at])
                except OSError as err:
                    self._say(keeping.not_kept_text(err))

        self._guard(answer)

    def _refresh(self) -> None:
        m = self.model
        picture = m.html(self.look)
        choices = panels.asked_choices(m)
        self.view.value = picture
        self.choices.show(choices)
        self.proof_b.disabled = self.next_b.disabled = m.done
        self.count.value = f"<p>{escape(m.count())}</p>"


class PracticeDesk:
    """The practice page: a student names his review queue, chooses what to practise (what it has
    due today, or a lesson's positions, whose first misses go into his queue) and **Start**s a
    ``PracticeTable`` below. The queue's file is kept in ``folder`` (default: where he works).
    With ``codes`` (a class's page), a name signs in with its code from its second time."""

    def __init__(self, folder=None, palette: str = "standard", large: bool = False, codes: bool = False):
        self.folder = folder
        self.look: dict[str, Any] = {"palette": palette, "large": large}
        self.codes = codes  # a class's page: a name signs in with its code (classwork.codes)
        self.name = w.Text(description="Your name", placeholder="such as ana", style={"description_width": "initial"})
        self.code = w.Text(description="Your code", placeholder="from last time", layout=w.Layout(width="12em"),
                           tooltip="the code shown the first time you gave your name here",
                           style={"description_width": "initial"})
        self.source = w.Dropdown(options=panels.practice_sources(), description="Practise",
                                 style={"description_width": "initial"})
        self.day = w.DatePicker(description="As on", value=_dt.date.today(), style={"description_width": "initial"},
                                tooltip="the day to practise as on: a teacher may show the class tomorrow's")
        self.start_b = button("Start", "start practising", large=large)
        self.message = w.HTML()
        self.table: PracticeTable | None = None
        self.pupil: str | None = None  # the name signed in with its code on this page
        self.box = w.VBox()
        named = [self.name, self.code] if codes else [self.name]
        self.root = w.VBox([w.HBox([*named, self.source, self.day, self.start_b],
                                   layout=w.Layout(flex_flow="row wrap")),
                            self.message, self.box])
        self.start_b.on_click(lambda _: self.start())

    def as_on(self) -> _dt.datetime:
        """The moment practised as on: now, or midday of the day chosen in **As on**."""
        now = _dt.datetime.now(_dt.UTC)
        day = self.day.value
        if day is None or day == now.date():
            return now
        return _dt.datetime(day.year, day.month, day.day, 12, tzinfo=_dt.UTC)

    def start(self) -> None:
        try:
            journal = Journal(self.name.value, self.folder)
            made = claim(journal.pupil, self.code.value, self.folder) if self.codes and self.pupil != journal.pupil \
                else None
            queue = Queue.open(journal.pupil, self.folder)
            now = self.as_on()
            if self.source.value == "today":
                practice = Practice.of(queue.due(now), queue)
            else:
                practice = Practice.lesson(self.source.value, queue)
        except EuchreError as err:
            self.message.value = f'<div role="status"><b>Not allowed: </b>{escape(str(err))}</div>'
            return
        self.pupil = journal.pupil
        said = queue.summary(now) + (" " + keeping.signed_in_text(journal.pupil, made) if made else "")
        self.message.value = f'<p role="status">{escape(said)}</p>'
        old, self.table = self.table, PracticeTable(practice, **self.look, journal=journal)
        self.box.children = [self.table.root]
        if old is not None:
            close_tree(old.root)

    def _repr_mimebundle_(self, **kwargs):
        return shown(self, **kwargs)

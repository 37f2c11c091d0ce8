"""``ClassBoard``: the teacher's page, what the class did, read again as pupils play."""
from __future__ import annotations

import asyncio
from html import escape
from pathlib import Path

import ipywidgets as w

from .. import figures
from ..classwork import ClassReport
from ..classwork.report import work_signature
from .base import button, shown

EVERY = 10.0  # seconds between two looks at the class's folder


class ClassBoard:
    """A ``ClassReport`` of ``folder`` (default: where the class's pages keep their work) as the
    teacher's page: a sentence, the pupils' table, the latest mistakes with their why, and the
    charts (``figures.class_charts``). **Refresh** reads the folder again; a served page also
    looks every ``every`` seconds and redraws when a pupil has kept something new."""

    def __init__(self, folder=None, every: float = EVERY, large: bool = False):
        self.folder = Path(folder) if folder is not None else Path.cwd()
        self.every = every
        self.summary, self.pupils, self.latest = w.HTML(), w.HTML(), w.HTML()
        self.charts = w.VBox()
        self.refresh_b = button("Refresh", "read the class's work again", large=large)
        self.refresh_b.on_click(lambda _: self.refresh())
        self.root = w.VBox([w.HBox([self.refresh_b, self.summary], layout=w.Layout(align_items="center")),
                            self.pupils, self.latest, self.charts])
        self.seen: tuple | None = None
        self.report: ClassReport | None = None
        self.refresh()
        self._watching = self._watch() if every else None

    def refresh(self) -> None:
        """Read the folder again and redraw."""
        self.seen = work_signature(self.folder)
        self.report = report = ClassReport(self.folder)
        self.summary.value = f"<p role=\"status\">{escape(report.summary())}</p>"
        self.pupils.value = report.table_html()
        self.latest.value = report.latest_html()
        self.charts.children = [figures.live(fig) for fig in figures.class_charts(report)]

    def _watch(self):
        """Look at the folder every ``every`` seconds on the kernel's loop (where one runs)."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            try:
                loop = asyncio.get_event_loop_policy().get_event_loop()
            except RuntimeError:
                return None

        def look():
            if work_signature(self.folder) != self.seen:
                self.refresh()
            self._watching = loop.call_later(self.every, look)

        return loop.call_later(self.every, look)

    def close(self) -> None:
        if self._watching is not None:
            self._watching.cancel()

    def _repr_mimebundle_(self, **kwargs):
        return shown(self, **kwargs)

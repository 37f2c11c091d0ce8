"""``HandIn``: "Save my work for the teacher", the pupil's work as one file to hand in."""
from __future__ import annotations

import base64
import json
from html import escape
from pathlib import Path

import ipywidgets as w

from ..classwork.journal import HANDED_IN, handed_in, signed_in
from ..errors import EuchreError
from ..files import write_whole
from ..teaching import keeping
from .base import button, shown


class HandIn:
    """A name (the one signed in, if any) and **Save my work for the teacher**: the pupil's
    journal written as ``<name>.euchre-work.json`` beside the lessons and offered as a download,
    the file a pupil working in the browser site hands in (``ClassReport`` reads a folder of them)."""

    def __init__(self, name: str | None = None, folder=None, large: bool = False):
        self.folder = Path(folder) if folder is not None else Path.cwd()
        journal = signed_in()
        self.name = w.Text(value=name or (journal.pupil if journal is not None else ""), description="Your name",
                           placeholder="such as ana", style={"description_width": "initial"})
        self.save_b = button("Save my work for the teacher", "write your work as one file to hand in", large=large)
        self.save_b.on_click(lambda _: self.save())
        self.message = w.HTML()
        self.root = w.VBox([w.HBox([self.name, self.save_b], layout=w.Layout(flex_flow="row wrap")), self.message])

    def save(self) -> Path | None:
        """Write the file and show the link to download it; a bad name is said in words."""
        try:
            data = handed_in(self.name.value, self.folder)
        except EuchreError as err:
            self.message.value = f'<div role="status"><b>Not allowed: </b>{escape(str(err))}</div>'
            return None
        text = json.dumps(data, ensure_ascii=False, indent=1)
        path = self.folder / f"{data['pupil']}{HANDED_IN}"
        try:
            write_whole(path, text)
        except OSError as err:
            self.message.value = f'<div role="status">{escape(keeping.not_kept_text(err))}</div>'
            return None
        href = "data:application/json;base64," + base64.b64encode(text.encode()).decode()
        self.message.value = (f'<p role="status">{escape(keeping.handed_in_text(path.name, len(data["records"])))} '
                              f'<a download="{escape(path.name)}" href="{href}">Download {escape(path.name)}</a></p>')
        return path

    def _repr_mimebundle_(self, **kwargs):
        return shown(self, **kwargs)

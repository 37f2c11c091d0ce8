"""What every widget of the kit shares: one model value, built once, wired once, redrawn from it.

A widget holds its model (a ``Timeline``, a ``PlaySession``, a ``RuleComparison``, an
``Outcome``) as ``model`` and replaces it on every click: ``_build`` makes the controls,
``_connect`` wires each one (compute the new model, then ``_refresh``), and ``_refresh``
redraws only from the engine's renderers and figure builders. A widget shows itself in a
notebook through its root box. ``last_refresh`` is the time its last redraw took, in seconds.

A page's widgets do not grow click by click: a row of choices keeps the button of each choice
still offered and closes the rest (``ChoiceRow``; its buttons share one layout and one style, so
a new choice costs the page one model, not three), a chart is one ``FigureWidget`` redrawn in
place (``Chart``: a new one would send plotly's library again, about 5 MB), and whatever a widget
replaces it closes with its layout and style (``close_tree``).
"""
from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Iterator
from html import escape

import ipywidgets as w

from ..errors import EuchreError
from ..render import Look
from ..teaching import panels

# Controls large enough to hit on a touch screen and read on a projector (a layout of its own
# for each button: a shared one would be closed with the first button closed).
BUTTON = {"width": "auto", "min_height": "2.2em"}


def button(description: str, tooltip: str = "", style: str = "", large: bool = False, parts=None,
           **kwargs) -> w.Button:
    """A button named by its text (ipywidgets names a button by its description only);
    ``large`` for a projector. ``parts``: a (layout, style) pair shared with other buttons (a
    ``ChoiceRow``'s, already in its look), else the button gets its own."""
    layout, look = parts or button_parts(large)
    return w.Button(description=description, tooltip=tooltip or description, button_style=style,
                    layout=layout, style=look, **kwargs)


def button_parts(large: bool = False) -> tuple:
    """A button's layout and style, in the kit's look (``large`` for a projector)."""
    return w.Layout(**BUTTON), w.ButtonStyle(font_size="20px" if large else None)


def close_tree(widget) -> None:
    """Close ``widget``, what it holds (a box's children, the parts its children share) and its
    layout and style models."""
    for child in getattr(widget, "children", ()):
        close_tree(child)
    for model in getattr(widget, "shared_parts", ()):
        model.close()
    for part in ("layout", "style"):
        model = getattr(widget, part, None)
        if isinstance(model, w.Widget):
            model.close()
    widget.close()


class ChoiceRow:
    """A row of choice buttons (``panels.Choice``), each click calling ``act`` with its action's
    text, and an optional line in words after them (``show(choices, note)``).

    A button stands for one action for as long as it lives: redrawn, the row keeps the button of
    each action still offered (relabelled and restyled in place) and closes the others, so a
    card's button lives from the deal until the card is played, and a late click on a button
    whose choice has gone reaches nothing (a button relabelled to another action could play a
    card the player never saw)."""

    def __init__(self, act, large: bool = False):
        self.act = act
        self.box = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.note = w.HTML()
        self.buttons: dict[str, w.Button] = {}
        # Shared by every button of the row, and closed with the row's box (close_tree), not a button.
        self.layout, self.style = self.box.shared_parts = button_parts(large)

    def make(self, label: str, tooltip: str, style: str) -> w.Button:
        return button(label, tooltip, style, parts=(self.layout, self.style))

    def show(self, choices, note: str = "") -> None:
        old, self.buttons = self.buttons, {}
        for c in choices:
            style = "" if c.allowed else "warning"
            b = old.pop(c.action, None)
            if b is None:
                b = self.make(c.label, c.tooltip, style)
                b.on_click(lambda _, x=c.action: self.act(x))
            else:
                with b.hold_sync():  # one update for the page, not one a trait
                    b.description, b.tooltip, b.button_style = c.label, c.tooltip, style
            self.buttons[c.action] = b
        self.note.value = f"<p><b>{escape(note)}</b></p>" if note else ""
        self.box.children = list(self.buttons.values()) + ([self.note] if note else [])
        for b in old.values():
            b.close()  # its layout and style are the row's


class Chart:
    """One live chart, kept for the widget's life: ``draw(figure)`` redraws the same
    ``FigureWidget`` in place (its traces restyled when the new figure has the same kinds of
    trace, else replaced, and its layout replaced, in one batch). ``box`` shows it once drawn;
    ``clear()`` hides it."""

    def __init__(self):
        self.figure = None
        self.box = w.VBox()

    def draw(self, fig) -> None:
        if self.figure is None:
            from ..figures import live  # deferred: start-up (figures loads plotly)

            self.figure = live(fig)
        else:
            f = self.figure
            with f.batch_update():
                if [t.type for t in f.data] == [t.type for t in fig.data]:
                    for old, new in zip(f.data, fig.data):
                        old.update(new.to_plotly_json(), overwrite=True)
                else:
                    f.data = []
                    f.add_traces(list(fig.data))
                f.layout = fig.layout
        self.box.children = [self.figure]

    def clear(self) -> None:
        self.box.children = []


class LessonWidget:
    """The base of the kit's widgets (see the module docstring)."""

    def __init__(self, model, palette: str = "standard", large: bool = False):
        self.look = Look(palette, large)
        self.model = model
        self.message = w.HTML(value="")
        self.root = w.VBox()
        self.last_refresh = 0.0
        self._build()
        self._connect()
        self.refresh()

    def _build(self) -> None:
        raise NotImplementedError

    def _connect(self) -> None:
        raise NotImplementedError

    def _refresh(self) -> None:
        raise NotImplementedError

    def refresh(self) -> None:
        t0 = time.perf_counter()
        self._refresh()
        self.last_refresh = time.perf_counter() - t0

    def button(self, description: str, tooltip: str = "", style: str = "") -> w.Button:
        """A button in this widget's look."""
        return button(description, tooltip, style, large=self.look.large)

    def choice_row(self, act) -> ChoiceRow:
        """A ``ChoiceRow`` of buttons in this widget's look (a choice not allowed marked
        "warning" as well as named so), each click calling ``act`` with its action's text."""
        return ChoiceRow(act, large=self.look.large)

    def _guard(self, work) -> None:
        """Do ``work`` (a click's), telling a refusal (``EuchreError``) in words; nothing changes."""
        try:
            work()
        except EuchreError as err:
            self._say(str(err), "error")

    def _set(self, model) -> None:
        """Replace the model and redraw; what a click ends with."""
        self.model = model
        self.message.value = ""
        self.refresh()

    def _say(self, text: str, kind: str = "note") -> None:
        """A message in words under the controls (an error is also marked by its border)."""
        border = "#c62828" if kind == "error" else "#1565c0"
        label = "Not allowed: " if kind == "error" else ""
        self.message.value = (f'<div role="status" style="border-left:4px solid {border};padding:0.3em 0.6em;'
                              f'margin:0.3em 0"><b>{label}</b>{escape(text)}</div>')

    def _repr_mimebundle_(self, **kwargs):
        return shown(self, **kwargs)


def shown(widget, **kwargs) -> dict:
    """A widget's display: its root box, and in place of the box's Python repr a sentence saying
    to run the cell, for a copy that cannot draw it (a static page, a notebook without its state)."""
    bundle = widget.root._repr_mimebundle_(**kwargs)
    if isinstance(bundle, dict):
        bundle["text/plain"] = panels.run_to_see(type(widget).__name__)
    return bundle


class InParts:
    """For a widget whose work runs in parts (``_parts``, a generator: one ``yield`` a part) with
    **Stop** between them (the lab's runs, the comparison's summaries)."""

    running = stopping = False
    _parts: Callable[[], Iterator[None]]  # the widget's own
    _say: Callable[..., None]  # the widget's (``LessonWidget._say``)

    def run_parts(self, wait: bool | None = None) -> None:
        """Run ``_parts``: in a running event loop (a notebook kernel) as a task that lets the Stop
        button through between parts; otherwise, or with ``wait=True``, to the end at once."""
        if self.running:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            loop = None
        if loop is None or wait:
            for _ in self._parts():
                pass
        else:
            loop.create_task(self.run_async())

    async def run_async(self) -> None:
        for _ in self._parts():
            await asyncio.sleep(0)  # the kernel handles clicks (Stop) here

    def stop(self) -> None:
        if self.running:
            self.stopping = True
            self._say("Stopping after the part under way.")

"""``DealStepper``: step through a hand, see what each seat saw, the best cards, and other endings."""
from __future__ import annotations

import ipywidgets as w

from .. import rules as _rules
from ..rules import RuleSet
from ..table import seat_name
from ..teaching import Timeline, panels
from .base import LessonWidget


def timeline_of(source, seed=0, players="rule_of_thumb") -> Timeline:
    """A timeline from a preset (name or rule set) and seed, or from any source ``Timeline`` takes."""
    if isinstance(source, Timeline):
        return source
    if isinstance(source, RuleSet) or (isinstance(source, str) and source in _rules.names()):
        return Timeline.from_seed(source, seed, players=players)
    return Timeline(source, players=players, seed=seed)


class DealStepper(LessonWidget):
    """A hand step by step: **First**, **Back**, **Next**, **Last** or a step number; the table;
    the step in words; the legal actions with the one taken marked; one seat's view; the best
    play switch; and **Try this instead**, which plays another action and shows both endings.

    ``source`` is a preset with ``seed``, a curated deal, a hand record, a ``HandState`` or a
    ``Timeline``. ``model`` is the ``Timeline`` shown; ``played`` the hand as it was played."""

    def __init__(self, source="standard", seed=0, players="rule_of_thumb", seat: int | None = None,
                 palette: str = "standard", large: bool = False):
        t = timeline_of(source, seed, players)
        self.played = t
        self.seat = seat
        super().__init__(t, palette, large)

    # ---- controls --------------------------------------------------------------------------

    def _build(self) -> None:
        t = self.model
        n = t.state.players
        self.first_b, self.back_b = self.button("First", "go to the deal"), self.button("Back", "one step back")
        self.next_b, self.last_b = self.button("Next", "one step on"), self.button("Last", "go to the end of the hand")
        self.step_box = w.BoundedIntText(value=0, min=0, max=len(t) - 1, description="Step",
                                         layout=w.Layout(width="11em"))
        views = [("every hand", -1)] + [(f"{seat_name(s, n)}'s view", s) for s in range(n)]
        self.view_box = w.Dropdown(options=views, value=-1 if self.seat is None else self.seat,
                                   description="Hands shown", style={"description_width": "initial"})
        self.best_box = w.Checkbox(value=False, description="Best play: each legal card's perfect-play value",
                                   indent=False, layout=w.Layout(width="auto"))
        self.try_box = w.Dropdown(options=[], description="Try instead", style={"description_width": "initial"})
        self.try_b = self.button("Try this instead", "play the chosen action here and let the players finish")
        self.restore_b = self.button("Back to the hand as played", "forget the other line of play")
        self.view = w.HTML()  # the step, the table, the legal actions and the endings: one value
        nav = w.HBox([self.first_b, self.back_b, self.next_b, self.last_b, self.step_box])
        options = w.HBox([self.view_box, self.best_box])
        branch = w.HBox([self.try_box, self.try_b, self.restore_b])
        self.root.children = [nav, options, self.view, branch, self.message]

    def _connect(self) -> None:
        self.first_b.on_click(lambda _: self._set(self.model.first()))
        self.back_b.on_click(lambda _: self._set(self.model.back()))
        self.next_b.on_click(lambda _: self._set(self.model.forward()))
        self.last_b.on_click(lambda _: self._set(self.model.last()))
        self.step_box.observe(lambda ch: self._goto(ch["new"]), names="value")
        self.view_box.observe(lambda ch: self.refresh(), names="value")
        self.best_box.observe(lambda ch: self.refresh(), names="value")
        self.try_b.on_click(lambda _: self.try_instead(self.try_box.value))
        self.restore_b.on_click(lambda _: self._set(self.played.goto(min(self.model.cursor, len(self.played) - 1))))

    # ---- what a click does (also callable from a lesson) -----------------------------------------

    def forward(self):
        self.next_b.click()
        return self

    def back(self):
        self.back_b.click()
        return self

    def goto(self, i: int):
        self._goto(i)
        return self

    def _goto(self, i) -> None:
        if i != self.model.cursor:
            try:
                self._set(self.model.goto(int(i)))
            except (IndexError, TypeError) as err:
                self._say(str(err), "error")

    def try_instead(self, action) -> None:
        """Branch at the cursor: ``action`` (text or Action) instead of the one taken."""
        if action is None:
            self._say("Choose another action in the list first.", "error")
            return
        self._guard(lambda: self._set(self.model.branch(action)))

    # ---- drawing -----------------------------------------------------------------------------

    def _refresh(self) -> None:
        # Everything is computed from the model before anything is written, and the picture of
        # the state (the step, the table, the legal actions, the endings) is one HTML value
        # written last: a reader who sees "Step N" sees every part of step N.
        t = self.model
        viewer = None if self.view_box.value == -1 else self.view_box.value
        values = panels.best_play(t.state) if self.best_box.value else None
        picture = panels.step_html(t, self.played, viewer, values, self.look)
        others = panels.other_actions(t)
        self.step_box.max = len(t) - 1
        if self.step_box.value != t.cursor:
            self.step_box.value = t.cursor
        for b, off in ((self.first_b, t.at_start), (self.back_b, t.at_start), (self.next_b, t.at_end),
                       (self.last_b, t.at_end)):
            b.disabled = off
        self.try_box.options = others
        self.try_box.value = others[0][1] if others else None
        self.try_b.disabled = not others
        self.restore_b.disabled = t.states[-1] is self.played.states[-1]
        self.view.value = picture

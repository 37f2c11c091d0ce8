"""``DealStepper``: step through a hand, see what each seat saw, the best cards, and other endings."""
from __future__ import annotations

from html import escape

import ipywidgets as w

from .. import rules as _rules
from ..errors import EuchreError, SolverError
from ..hand.phases import Phase
from ..render import card_html, card_label, state_html
from ..rules import RuleSet
from ..table import seat_name
from ..teaching import Timeline, card_values
from .base import LessonWidget

SOLVABLE = 28  # cards still in play up to which the best-play switch solves at once


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
        self.sentence = w.HTML()
        self.table = w.HTML()
        self.legal = w.HTML()
        self.endings = w.HTML()
        nav = w.HBox([self.first_b, self.back_b, self.next_b, self.last_b, self.step_box])
        options = w.HBox([self.view_box, self.best_box])
        branch = w.HBox([self.try_box, self.try_b, self.restore_b])
        self.root.children = [nav, options, self.sentence, self.table, self.legal, branch, self.endings,
                              self.message]

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
        try:
            self._set(self.model.branch(action))
        except EuchreError as err:
            self._say(str(err), "error")

    # ---- drawing -----------------------------------------------------------------------------

    def _refresh(self) -> None:
        t = self.model
        s = t.state
        viewer = None if self.view_box.value == -1 else self.view_box.value
        self.step_box.max = len(t) - 1
        if self.step_box.value != t.cursor:
            self.step_box.value = t.cursor
        for b, off in ((self.first_b, t.at_start), (self.back_b, t.at_start), (self.next_b, t.at_end),
                       (self.last_b, t.at_end)):
            b.disabled = off
        self.sentence.value = (f'<p style="font-size:1.1em" aria-live="polite"><b>Step {t.cursor} of '
                               f"{len(t) - 1}.</b> {escape(t.sentence)}</p>")
        self.table.value = state_html(s, seat=viewer, look=self.look)
        self.legal.value = self._legal_html()
        others = [a for a in s.legal_actions() if a is not t.taken]
        self.try_box.options = [(str(a), str(a)) for a in others]
        self.try_box.value = str(others[0]) if others else None
        self.try_b.disabled = not others
        self.restore_b.disabled = t.states[-1] is self.played.states[-1]
        self.endings.value = self._endings_html()

    def _legal_html(self) -> str:
        t = self.model
        s = t.state
        legal = s.legal_actions()
        if not legal:
            return "<p>The hand is over.</p>"
        values = self._values() if self.best_box.value else None
        items = []
        for a in legal:
            face = card_html(a.card, small=True, trump=s.trump, look=self.look) if a.card is not None else ""
            words = escape(f"{a.kind} {card_label(a.card, s.trump)}" if a.card is not None else str(a))
            note, frame = "", "1px solid #bdbdbd"
            if values is not None and not isinstance(values, str):
                v = values.of(a)
                gap = values.best.tricks - v.tricks
                if gap == 0:
                    note, frame = " · <b>best</b>", "2px solid #2e7d32"
                else:
                    note, frame = f" · costs {gap:g} trick{'s' if gap != 1 else ''}", "2px dashed #c62828"
                note = f" · {v.tricks:g} tricks for the side" + note
            if a is t.taken:
                note += " · <b>▶ taken</b>"
                frame = "3px solid #f9a825" if "best" not in note and "costs" not in note else frame
            items.append(f'<li style="display:inline-block;margin:0.2em;padding:0.2em 0.4em;border:{frame};'
                         f'border-radius:0.4em">{face} {words}{note}</li>')
        head = f"Legal for {escape(s.describe_seat(s.to_act))}:"
        if isinstance(values, str):
            head += f" <i>{escape(values)}</i>"
        elif values is not None:
            head += " <i>values with every hand face up (double dummy)</i>"
        return f'<div><p style="margin:0.3em 0">{head}</p><ul style="padding:0;margin:0">{"".join(items)}</ul></div>'

    def _values(self):
        s = self.model.state
        if s.phase is not Phase.PLAY:
            return "(perfect-play values are for the cards, once play has begun)"
        left = sum(s.hand_mask(x).bit_count() for x in s.active_seats)
        if left > SOLVABLE:
            return f"({left} cards are still in play: step on a few tricks to solve the rest at once)"
        try:
            return card_values(s, show_all=True)
        except SolverError as err:
            return f"({err})"

    def _endings_html(self) -> str:
        t, played = self.model, self.played
        if t.states[-1] is played.states[-1] or not t.final.is_over or not played.final.is_over:
            return ""
        at = t.differs_from(played)
        other = t.states[at].last_action if at is not None else None
        return (f'<div style="border:1px solid #90a4ae;padding:0.4em;border-radius:0.4em">'
                f"<p><b>As played:</b> {escape(played.final.result().explanation)}</p>"
                f"<p><b>With {escape(str(other))} at step {at}:</b> {escape(t.final.result().explanation)}</p></div>")

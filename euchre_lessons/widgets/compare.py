"""``RulesSideBySide``: two rule systems, their differences, one deal under both, many deals summed."""
from __future__ import annotations

import ipywidgets as w

from .. import figures
from .. import rules as _rules
from ..errors import EuchreError
from ..teaching import RuleComparison, panels
from ..teaching.compare import Summary
from .base import Chart, InParts, LessonWidget
from .progress import ProgressBar

PART = 100  # deals summed between two looks at Stop and two redraws of the bar


class RulesSideBySide(InParts, LessonWidget):
    """Rule sets ``a`` and ``b`` from two dropdowns; the knobs that differ as a table; one deal
    under both (the packs nested), stepped together with **First**, **Back**, **Next**, **Last**
    and **Go to where they part**, the first divergence framed and explained; **Summary over
    many deals** (up to 10,000, in parts of ``PART`` with a progress bar and **Stop**) draws the
    differences with 95% confidence intervals, points and shares on their own axes, the ratio
    beside each difference. **B is A with** one knob changed instead of preset B (stick the
    dealer, partner's best, ...). ``model`` is the ``RuleComparison`` shown."""

    def __init__(self, a="hoyle_railroad", b="modern_railroad", seed=0, players="rule_of_thumb",
                 palette: str = "standard", large: bool = False):
        self.players = players
        self.summary: Summary | None = None
        super().__init__(RuleComparison(a, b, seed=seed, players=players), palette, large)

    def _build(self) -> None:
        presets = _rules.names()
        c = self.model
        self.a_box = w.Dropdown(options=presets, value=c.a.name if c.a.name in presets else presets[0],
                                description="Rules A", style={"description_width": "initial"})
        self.b_box = w.Dropdown(options=presets, value=c.b.name if c.b.name in presets else presets[0],
                                description="Rules B", style={"description_width": "initial"})
        self.seed_box = w.IntText(value=c.seed if isinstance(c.seed, int) else 0, description="Deal number",
                                  style={"description_width": "initial"}, layout=w.Layout(width="12em"))
        self.first_b, self.back_b = self.button("First", "both hands at the deal"), self.button("Back", "one step back")
        self.next_b, self.last_b = self.button("Next", "one step on"), self.button("Last", "both hands at their end")
        self.part_b = self.button("Go to where they part", "the first step at which the two hands differ")
        self.flip_box = w.Dropdown(options=panels.knob_flips(c.a), value=None, description="or B is A with",
                                   style={"description_width": "initial"})
        self.hands_box = w.Dropdown(options=[100, 200, 500, 1000, 2000, 5000, 10000], value=200, description="Deals",
                                    layout=w.Layout(width="11em"))
        self.summary_b = self.button("Summary over many deals", "play many seeded deals under both rule sets")
        self.stop_b = self.button("Stop", "stop the summary after the part under way")
        self.stop_b.disabled = True
        self.bar = ProgressBar(0, "deals", show=False)
        self.knobs = w.HTML()
        self.where = w.HTML()
        self.tables = w.HTML()
        self.summary_chart = Chart()
        self.summary_table = w.HTML()
        self.chart = w.VBox()
        self.root.children = [w.HBox([self.a_box, self.b_box, self.flip_box, self.seed_box],
                                     layout=w.Layout(flex_flow="row wrap")), self.knobs,
                              w.HBox([self.first_b, self.back_b, self.next_b, self.last_b, self.part_b]),
                              self.where, self.tables, self.message,
                              w.HBox([self.hands_box, self.summary_b, self.stop_b, self.bar.box],
                                     layout=w.Layout(flex_flow="row wrap", align_items="center")), self.chart]

    def _connect(self) -> None:
        for box in (self.a_box, self.b_box, self.seed_box, self.flip_box):
            box.observe(lambda ch: self.choose(), names="value")
        self.first_b.on_click(lambda _: self._set(self.model.goto(0)))
        self.back_b.on_click(lambda _: self._set(self.model.back()))
        self.next_b.on_click(lambda _: self._set(self.model.forward()))
        self.last_b.on_click(lambda _: self._set(self.model.goto(len(self.model) - 1)))
        self.part_b.on_click(lambda _: self.to_divergence())
        self.summary_b.on_click(lambda _: self.summarise())
        self.stop_b.on_click(lambda _: self.stop())

    # ---- what a click does -----------------------------------------------------------------------

    def choose(self, a=None, b=None, seed=None) -> None:
        """Compare other rule sets or another deal (as the dropdowns and the deal number do)."""
        if self.running:
            return
        a = self.a_box.value if a is None else a
        b = self.b_box.value if b is None else b
        seed = self.seed_box.value if seed is None else seed
        flip = self.flip_box.value
        try:
            if flip is not None and b == self.b_box.value:
                b = _rules.load(a).replace(**{flip[0]: flip[1]})
            model = RuleComparison(a, b, seed=seed, players=self.players)
        except EuchreError as err:
            self._say(str(err), "error")
            return
        self.b_box.disabled = flip is not None
        flips = panels.knob_flips(model.a)
        if [v for _, v in flips] != [v for _, v in self.flip_box.options]:  # A changed: its own menu
            self.flip_box.unobserve_all("value")
            self.flip_box.options = flips
            self.flip_box.value = flip if flip in [v for _, v in flips] else None
            self.flip_box.observe(lambda ch: self.choose(), names="value")
        self.summary = None
        self.chart.children = []
        self._set(model)

    def to_divergence(self) -> None:
        d = self.model.divergence()
        if d.step is None:
            self._say(str(d))
            return
        self._set(self.model.goto(d.step))

    def summarise(self, wait: bool | None = None) -> None:
        """Sum many deals, in parts (``InParts.run_parts``)."""
        self.run_parts(wait)

    def _parts(self):
        c, asked = self.model, self.hands_box.value
        self.running, self.stopping = True, False
        self.summary_b.disabled, self.stop_b.disabled = True, False
        self.bar.total, self.bar.done = asked, 0
        self.bar.bar.max, self.bar.bar.bar_style = asked, ""
        self.bar.update(0)
        parts = []
        try:
            for first in range(0, asked, PART):
                if self.stopping:
                    break
                size = min(PART, asked - first)
                parts.append(RuleComparison.summary(c.a, c.b, hands=size, seed=c.seed, players=self.players,
                                                    first=first))
                self.bar.update(size)
                yield
        finally:
            self.running = False
            self.summary_b.disabled, self.stop_b.disabled = False, True
            self.bar.close()
        self.summary = Summary.joined(parts) if parts else None
        if self.summary is None or self.summary.deals < 2:
            self.chart.children = []
        else:
            self.summary_chart.draw(figures.comparison_summary(self.summary))
            self.summary_table.value = self.summary._repr_html_()
            self.chart.children = [self.summary_chart.box, self.summary_table]
        self._say(panels.summary_words(sum(p.deals for p in parts), asked))

    # ---- drawing -------------------------------------------------------------------------------

    def _refresh(self) -> None:
        c = self.model
        shown = c.panel(self.look)
        self.knobs.value, self.where.value, self.tables.value = shown.knobs, shown.where, shown.tables
        i = c.cursor
        self.first_b.disabled = self.back_b.disabled = i == 0
        self.next_b.disabled = self.last_b.disabled = i == len(c) - 1
        self.part_b.disabled = not shown.parts

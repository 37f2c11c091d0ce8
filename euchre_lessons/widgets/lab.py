"""``SimulationLab``: many hands under chosen presets, run in parts, with figures that fill in."""
from __future__ import annotations

import ipywidgets as w

from .. import figures
from .. import rules as _rules
from ..teaching import panels
from .base import Chart, InParts, LessonWidget
from .progress import ProgressBar

PART = panels.LAB_PART  # hands per rule set between two redraws (and two looks at the Stop button); fewer
# when an expert plays (panels.lab_part)


class SimulationLab(InParts, LessonWidget):
    """Presets, the players of each side (**Computer, North's side** and **Computer, the others**:
    a level, ``beginner``, ``rule_of_thumb``, ``club`` or ``expert``, or random play) and a number of hands;
    **Run** plays them in parts of ``PART`` hands,
    the progress bar, the figures and the summary table filling in after each part; **Stop**
    ends the run after the part under way. ``model`` is the DataFrame of the hands so far
    (None before a run). ``players`` is one name for every seat or a pair (North's side, the
    others); ``rule_of_thumb`` is the rule-of-thumb player, a choice of its own."""

    def __init__(self, rules=("standard", "hoyle_railroad"), hands: int = 1000, players="rule_of_thumb", seed=1,
                 palette: str = "standard", large: bool = False):
        pair = (players, players) if isinstance(players, str) else tuple(players)
        sides = tuple(panels.level_of(p) or p for p in pair)
        self.start = (tuple([rules] if isinstance(rules, str) else rules), hands, sides, seed)
        self.sides = sides
        self.stopping = False
        self.running = False
        self.done = 0
        super().__init__(None, palette, large)

    def _build(self) -> None:
        rules, hands, (mine, others), seed = self.start
        wide = {"description_width": "initial"}
        self.rules_box = w.SelectMultiple(options=_rules.names(), value=rules, description="Rules", rows=7, style=wide)
        self.mine_box = w.Dropdown(options=panels.LAB_PLAYERS, value=mine, description="Computer, North's side",
                                   tooltip="who plays North's seat and its partners' seats", style=wide)
        self.others_box = w.Dropdown(options=panels.LAB_PLAYERS, value=others, description="Computer, the others",
                                     tooltip="who plays every other seat", style=wide)
        self.hands_box = w.Dropdown(options=sorted({200, 1000, 5000, 20000, hands}), value=hands,
                                    description="Hands per rule set", style=wide)
        self.seed_box = w.IntText(value=seed, description="Seed", layout=w.Layout(width="10em"))
        self.run_b = self.button("Run", "play the hands", style="primary")
        self.stop_b = self.button("Stop", "stop after the part under way")
        self.bar = ProgressBar(0, "hands", show=False)
        self.table = w.HTML()
        self.points_chart, self.mix_chart = Chart(), Chart()
        self.charts = w.VBox([self.points_chart.box, self.mix_chart.box])
        self.root.children = [w.HBox([self.rules_box, w.VBox([self.mine_box, self.others_box, self.hands_box, self.seed_box])]),
                              w.HBox([self.run_b, self.stop_b, self.bar.box]), self.message, self.table, self.charts]

    def _connect(self) -> None:
        self.run_b.on_click(lambda _: self.run())
        self.stop_b.on_click(lambda _: self.stop())

    # ---- running ------------------------------------------------------------------------------

    def run(self, wait: bool | None = None) -> None:
        """Start a run (``InParts.run_parts``)."""
        self.run_parts(wait)

    def _parts(self):
        rules = list(self.rules_box.value)
        if not rules:
            self._say("Choose at least one rule set.", "error")
            return
        n, seed = self.hands_box.value, self.seed_box.value
        sides = self.sides = (self.mine_box.value, self.others_box.value)
        players = sides if sides[0] != sides[1] else sides[0]
        step = panels.lab_part(sides)
        self.running, self.stopping, self.done = True, False, 0
        self.run_b.disabled, self.stop_b.disabled = True, False
        self.bar.total, self.bar.done = n * len(rules), 0
        self.bar.bar.max, self.bar.bar.bar_style = max(n * len(rules), 1), ""
        self.bar.update(0)
        self.model, parts = None, []
        try:
            for first in range(0, n, step):
                if self.stopping:
                    break
                size = min(step, n - first)
                parts.append(panels.lab_hands(rules, size, players, seed, first))
                self.done += size
                self.bar.update(size * len(rules))
                self._set(panels.lab_frame(parts, rules))
                yield
        finally:
            self.running = False
            self.run_b.disabled, self.stop_b.disabled = False, True
            self.bar.close()
            self._say(panels.run_words(self.done, n, len(rules)))

    # ---- drawing ---------------------------------------------------------------------------------

    def _refresh(self) -> None:
        df = self.model
        self.stop_b.disabled = not self.running
        table = panels.lab_html(df, self.sides)
        drawn = df is not None and len(df)
        figs = (figures.points_per_hand(df), figures.outcome_mix(df)) if drawn else ()
        self.table.value = table
        for chart, fig in zip((self.points_chart, self.mix_chart), figs):
            chart.draw(fig)
        if not drawn:
            self.points_chart.clear()
            self.mix_chart.clear()

"""``ScoreExplorer``: choose an outcome, see its points under every preset that allows it."""
from __future__ import annotations

import ipywidgets as w

from .. import figures
from ..scoring import Outcome
from ..teaching import panels
from ..teaching.scores import score_table
from .base import Chart, LessonWidget


class ScoreExplorer(LessonWidget):
    """Controls for an outcome (the makers' tricks, alone, defended alone, pat, Jambone,
    Jamboree, six players); the points under every preset that allows it as a table, the
    presets that do not with the rule that forbids it, and a chart that updates in place.
    ``model`` is the ``teaching.scores.ScoreTable`` shown."""

    def __init__(self, outcome: Outcome | None = None, players: int = 4, palette: str = "standard",
                 large: bool = False):
        outcome = outcome if outcome is not None else Outcome(3)
        super().__init__(score_table(outcome, players), palette, large)

    def _build(self) -> None:
        o = self.model.outcome
        wide = {"description_width": "initial"}
        self.tricks_box = w.Dropdown(options=list(range(8)), value=o.maker_tricks, description="Makers' tricks",
                                     style=wide, layout=w.Layout(width="12em"))
        self.alone_box = w.Checkbox(value=o.alone, description="maker alone", indent=False)
        self.defended_box = w.Checkbox(value=o.defended_alone, description="defended alone", indent=False)
        self.pat_box = w.Checkbox(value=o.pat, description="pat hand", indent=False)
        self.jambone_box = w.Checkbox(value=o.jambone, description="Jambone", indent=False)
        self.jamboree_box = w.Checkbox(value=o.jamboree == "makers", description="makers' Jamboree", indent=False)
        self.six_box = w.Checkbox(value=self.model.players == 6, description="six players", indent=False)
        self.second_box = w.Dropdown(options=[0], value=0, description="Second defending team's tricks",
                                     style=wide, layout=w.Layout(width="20em"))
        self.table = w.HTML()
        self.score_chart = Chart()
        self.score_chart.draw(figures.score_bars(self.model))
        self.chart = self.score_chart.figure  # the one FigureWidget, redrawn in place
        self.controls = (self.tricks_box, self.alone_box, self.defended_box, self.pat_box, self.jambone_box,
                         self.jamboree_box, self.six_box, self.second_box)
        self.root.children = [w.HBox([self.tricks_box, self.six_box, self.second_box]),
                              w.HBox([self.alone_box, self.defended_box, self.pat_box, self.jambone_box,
                                      self.jamboree_box], layout=w.Layout(flex_flow="row wrap")),
                              self.message, self.table, self.chart]

    def _connect(self) -> None:
        for box in self.controls:
            box.observe(lambda ch: self.choose(), names="value")

    def choose(self) -> None:
        """The outcome the controls describe, scored under every preset."""
        if getattr(self, "_choosing", False):
            return  # the second team's choices being narrowed below
        self._choosing = True
        try:
            self._choose()
        finally:
            self._choosing = False

    def _choose(self) -> None:
        outcome, players, second = panels.outcome_of_choices(
            self.tricks_box.value, self.six_box.value, self.second_box.value, self.alone_box.value,
            self.defended_box.value, self.pat_box.value, self.jambone_box.value, self.jamboree_box.value)
        self.second_box.options = second
        self.second_box.value = outcome.defender_tricks[1] if outcome.defender_tricks else 0
        self._set(score_table(outcome, players))

    def _refresh(self) -> None:
        t = self.model
        self.table.value = panels.score_html(t)
        self.score_chart.draw(figures.score_bars(t))

"""A progress bar for simulations in a notebook: anything with ``update`` and ``close`` will do.

Loading this module registers ``ProgressBar`` as the engine's notebook bar
(``simulate.progress.notebook_bar``), so a simulation run in a notebook after
``import euchre_lessons.widgets`` shows it; the engine never imports the widgets."""
from __future__ import annotations

import time

import ipywidgets as w
from IPython.display import display

from ..simulate import progress


class ProgressBar:
    """An ipywidgets ``IntProgress`` with a label: the simulator's bar in a notebook
    (``simulate.hands(..., progress=ProgressBar(n))``, or chosen by itself there), or the
    bar inside ``SimulationLab``."""

    def __init__(self, total: int, label: str = "", show: bool = True):
        self.total, self.done, self.label = max(int(total), 0), 0, label
        self.start = time.perf_counter()
        self.bar = w.IntProgress(value=0, min=0, max=max(self.total, 1), description=label[:20])
        self.text = w.Label(value=f"0/{self.total:,}")
        self.box = w.HBox([self.bar, self.text])
        if show:  # a widget that holds the bar in its own layout passes show=False
            display(self.box)

    def update(self, k: int = 1) -> None:
        self.done = min(self.done + k, self.total)
        self.bar.value = self.done
        self.text.value = f"{self.done:,}/{self.total:,}  {time.perf_counter() - self.start:.1f} s"

    def close(self) -> None:
        self.bar.bar_style = "success"

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        self.close()


progress.notebook_bar = ProgressBar

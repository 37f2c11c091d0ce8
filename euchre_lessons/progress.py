"""A tiny progress bar for long simulations, in a terminal and in a notebook.

>>> with progress_bar(100_000, "standard") as bar:
...     bar.update(1_000)
In a terminal (or wherever text goes) it redraws one line with a carriage return::

    standard  [############..................]  40,000/100,000  12.3 s
In a Jupyter kernel it shows an ipywidgets bar instead (imported only there, and only then);
without ipywidgets it falls back to the text line, which Jupyter also redraws in place.
"""
from __future__ import annotations

import sys
import time

WIDTH = 30


def in_notebook() -> bool:
    """Running in a Jupyter kernel (IPython's ZMQ shell), where widgets can be shown."""
    ipython = sys.modules.get("IPython")
    if ipython is None:
        return False
    try:
        shell = ipython.get_ipython()
    except AttributeError:
        return False
    return shell is not None and type(shell).__name__ == "ZMQInteractiveShell"


class TextBar:
    """A one-line bar redrawn with ``\\r``, at most every ``interval`` seconds."""

    def __init__(self, total: int, label: str = "", stream=None, interval: float = 0.2):
        self.total, self.label, self.done = max(int(total), 0), label, 0
        self.stream = stream if stream is not None else sys.stderr
        self.interval, self.start = interval, time.perf_counter()
        self._drawn = -1.0

    def line(self) -> str:
        frac = self.done / self.total if self.total else 1.0
        filled = int(round(WIDTH * frac))
        elapsed = time.perf_counter() - self.start
        return (f"{self.label}  [{'#' * filled}{'.' * (WIDTH - filled)}]  "
                f"{self.done:,}/{self.total:,}  {elapsed:.1f} s").lstrip()

    def update(self, k: int = 1) -> None:
        self.done = min(self.done + k, self.total)
        now = time.perf_counter()
        if now - self._drawn >= self.interval or self.done == self.total:
            self._drawn = now
            self.stream.write("\r" + self.line())
            self.stream.flush()

    def close(self) -> None:
        self.stream.write("\r" + self.line() + "\n")
        self.stream.flush()

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        self.close()


class WidgetBar:
    """An ipywidgets ``IntProgress`` with a label, for notebooks."""

    def __init__(self, total: int, label: str = ""):
        import ipywidgets as w
        from IPython.display import display

        self.total, self.done, self.label = max(int(total), 0), 0, label
        self.start = time.perf_counter()
        self.bar = w.IntProgress(value=0, min=0, max=max(self.total, 1), description=label[:20])
        self.text = w.Label(value=f"0/{self.total:,}")
        self.box = w.HBox([self.bar, self.text])
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


class NoBar:
    """Shows nothing."""

    done = 0

    def update(self, k: int = 1) -> None:
        self.done += k

    def close(self) -> None:
        pass

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        pass


def progress_bar(total: int, label: str = "", show: bool | None = True, stream=None):
    """A bar for ``total`` steps: a widget in a notebook, else text on ``stream`` (stderr).

    ``show=None`` decides by itself: a bar in a notebook or when ``stream`` is a terminal.
    """
    if show is None:
        out = stream if stream is not None else sys.stderr
        show = in_notebook() or bool(getattr(out, "isatty", lambda: False)())
    if not show:
        return NoBar()
    if stream is None and in_notebook():
        try:
            return WidgetBar(total, label)
        except ImportError:
            pass
    return TextBar(total, label, stream)

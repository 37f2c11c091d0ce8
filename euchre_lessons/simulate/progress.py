"""A tiny progress bar for long simulations, in a terminal and in a notebook.

>>> import io
>>> with progress_bar(100_000, "standard", stream=io.StringIO()) as bar:   # stderr by default
...     bar.update(40_000)
>>> bar.line()
'standard  [############..................]  40,000/100,000  ... s'

In a terminal (or wherever text goes) it redraws one line with a carriage return::

    standard  [############..................]  40,000/100,000  12.3 s

In a Jupyter kernel it shows the bar of ``notebook_bar``, a maker the widget layer registers when
it is imported (``import euchre_lessons.widgets`` sets it to ``widgets.ProgressBar``): the
engine reports progress through it and never imports the widgets. With no maker registered
(the widgets not imported, or ipywidgets absent) a notebook gets the text line, which Jupyter
redraws in place. Any object with ``update`` and ``close`` can be given as the bar.

A Jupyter kernel is told by its IPython shell (``in_notebook``): ipykernel's shell, which
JupyterLab, the classic notebook, Voila and VS Code run and Colab's shell extends, or the
Pyodide kernel's of JupyterLite; or any other shell whose kernel keeps a comm manager, the
channel widgets talk through. A terminal IPython has none of these, and plain Python no shell.
"""
from __future__ import annotations

import sys
import time
from collections.abc import Callable
from typing import Any

WIDTH = 30

# The notebook's bar: a maker called as ``notebook_bar(total, label)``, set by the widget layer
# (``euchre_lessons.widgets.progress`` registers its ``ProgressBar`` when it loads); None means
# the text line in a notebook as well.
notebook_bar: Callable[[int, str], Any] | None = None


# The IPython shells of Jupyter kernels, whose front ends show widgets, by the module and name of
# the class; a subclass counts (Colab's google.colab._shell.Shell extends ipykernel's).
KERNEL_SHELLS = frozenset({
    "ipykernel.zmqshell.ZMQInteractiveShell",  # JupyterLab, the classic notebook, Voila, VS Code, Colab
    "pyodide_kernel.interpreter.Interpreter",  # JupyterLite (its Pyodide kernel, in the browser)
})


def is_kernel_shell(shell: object) -> bool:
    """Whether an IPython ``shell`` runs in a Jupyter kernel: one of ``KERNEL_SHELLS`` or a
    subclass, or a shell whose ``kernel`` has a ``comm_manager`` (the channel widgets use)."""
    names = {f"{k.__module__}.{k.__qualname__}" for k in type(shell).__mro__}
    if names & KERNEL_SHELLS:
        return True
    return getattr(getattr(shell, "kernel", None), "comm_manager", None) is not None


def in_notebook() -> bool:
    """Running in a Jupyter kernel, where widgets can be shown: JupyterLab, the classic notebook,
    Voila, VS Code, Colab or JupyterLite (``is_kernel_shell``). IPython is never imported here:
    where nothing has imported it, there is no shell."""
    ipython = sys.modules.get("IPython")
    if ipython is None:
        return False
    try:
        shell = ipython.get_ipython()
    except AttributeError:
        return False
    return shell is not None and is_kernel_shell(shell)


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


class GivenBar:
    """A bar the caller made (anything with ``update(k)`` and ``close()``), used as a context."""

    def __init__(self, bar):
        self.bar = bar

    def update(self, k: int = 1) -> None:
        self.bar.update(k)

    def close(self) -> None:
        self.bar.close()

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
    """A bar for ``total`` steps: text on ``stream`` (stderr), or a bar object given as ``show``.

    ``show`` may be any object with ``update(k)`` and ``close()`` (the widget layer's
    ``widgets.ProgressBar`` in a notebook); True draws text, False nothing, and None decides by
    itself: in a notebook the bar ``notebook_bar`` makes (the widget bar, once the widgets are
    imported) or else text, text on a terminal.
    """
    if hasattr(show, "update") and hasattr(show, "close"):
        return GivenBar(show)
    if show is None:
        out = stream if stream is not None else sys.stderr
        show = in_notebook() or bool(getattr(out, "isatty", lambda: False)())
    if not show:
        return NoBar()
    if stream is None and notebook_bar is not None and in_notebook():
        return notebook_bar(total, label)
    return TextBar(total, label, stream)

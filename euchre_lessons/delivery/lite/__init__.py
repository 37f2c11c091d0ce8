"""The lessons in the browser: a JupyterLite site (the Pyodide kernel), with nothing installed.

    euchre-lessons lite build site --offline    # the site in ./site, Pyodide's core inside it
    euchre-lessons lite serve site              # http://127.0.0.1:8000/

* ``site`` - ``build(folder, offline=...)`` writes the static site: the kit's own wheel,
  ipywidgets, plotly and anywidget, the lessons, and with ``offline`` Pyodide's core and the
  kernel's start-up packages, so that the site starts without any outside server.
* ``serve`` - the built site on this computer (a browser runs Pyodide from ``http://``, never
  from ``file://``).
* ``notebooks`` - the site's notebooks: each lesson with a set-up cell, and the start page;
  ``command`` - the ``lite`` subcommand.
* ``needs(*packages)`` - what a lesson's set-up cell awaits in the browser: pandas and numpy
  are not installed with the kit there, but loaded when a lesson needs them, by Pyodide's lock:
  from the site itself when an offline build holds them (``bundle``), else from Pyodide's CDN
  (which needs the internet); plotly (``LATER``) is in the site's own wheels but not installed
  with the kit either: a lesson that draws installs it from there, offline, and a lesson that
  draws nothing never loads it.
* ``bundle`` - Pyodide's core and packages in an offline site, with a lock naming only its files.

``IN_BROWSER`` is true inside Pyodide.
"""
from __future__ import annotations

import importlib
import importlib.util
import sys

IN_BROWSER = sys.platform == "emscripten"
# Shipped in the site's wheels (pypi/) but installed only by the lessons that draw: plotly is
# most of what the kit's installation loaded before the first widget showed.
LATER = ("plotly",)


class LiteError(Exception):
    """A site that cannot be built or served (one line, exit status 2 on the command line)."""


def _missing(packages) -> list[str]:
    importlib.invalidate_caches()
    return [p for p in packages if importlib.util.find_spec(p) is None]


async def needs(*packages: str) -> None:
    """Make ``packages`` importable: in the browser, install those of ``LATER`` from the site's
    own wheels and load the others from Pyodide's package index; elsewhere, say how to install
    what is missing."""
    missing = _missing(packages)
    if not missing:
        return
    if not IN_BROWSER:
        raise ModuleNotFoundError(f"this lesson needs {', '.join(missing)}: pip install {' '.join(missing)}")
    here = [p for p in missing if p in LATER]
    if here:
        import piplite  # deferred: browser (the site's kernel's installer, reading the site's pypi/ only)

        await piplite.install(here)
        lost = _missing(here)
        if lost:
            raise ModuleNotFoundError(f"{', '.join(lost)} did not install from this site's wheels (pypi/): "
                                      "rebuild the site with euchre-lessons lite build")
    there = [p for p in missing if p not in LATER]
    if not there:
        return
    import pyodide_js  # deferred: browser (only in Pyodide)

    await pyodide_js.loadPackage(there)
    still = _missing(there)
    if still:
        raise ModuleNotFoundError(
            f"this lesson needs {', '.join(still)}, which this site does not hold: the browser fetches it from "
            "Pyodide's package index (cdn.jsdelivr.net): connect to the internet and run this cell again")

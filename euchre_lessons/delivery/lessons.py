"""The course's notebooks, run clean and stored with their outputs and widget state.

    python -m euchre_lessons.delivery.lessons --execute            # every lesson, top to bottom, in place
    python -m euchre_lessons.delivery.lessons --execute 05 06      # some of them

Each lesson is executed in a fresh kernel from its own folder and written back with its outputs
and its widgets' state, so it reads well before a kernel starts. One thing is left out: the
plotly library that every live chart (a ``FigureWidget``) carries in its state, about 5 MB a
chart. Such a chart is stored instead as its figure (plotly's own output type, which JupyterLab
draws without a kernel), and becomes live again when the cell runs.

The code its outputs came from is kept beside them as a digest (``source_digest``, in the
notebook's metadata), so ``stale`` tells, without running anything, a lesson whose code was
edited after it was executed.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path

from .handout import find_lesson

WIDGET_STATE = "application/vnd.jupyter.widget-state+json"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
PLOTLY = "application/vnd.plotly.v1+json"
HEAVY = 100_000  # characters of JavaScript beyond which a widget's bundle is not stored
EXECUTED = "executed_source"  # the key, in the notebook's ``euchre_lessons`` metadata, of the code's digest


def lessons(folder=None) -> list[Path]:
    """The lessons' notebooks, in order."""
    first = find_lesson("00", folder)
    return sorted(first.parent.glob("[0-9][0-9]_*.ipynb"))


def slim(nb) -> int:
    """Drop the heavy bundles from a notebook's widget state, leaving each live chart as its
    figure, and every reference to a dropped widget with it (JupyterLab refuses to restore a
    box whose child is missing); returns the number of widgets dropped."""
    state = nb.metadata.get("widgets", {}).get(WIDGET_STATE, {}).get("state", {})
    heavy = {k: m["state"] for k, m in state.items() if len(m.get("state", {}).get("_esm", "")) > HEAVY}
    for cell in nb.cells:
        for output in cell.get("outputs", ()):
            data = output.get("data", {})
            model = data.get(WIDGET_VIEW, {}).get("model_id")
            if model in heavy and "_widget_data" in heavy[model]:
                data[PLOTLY] = {"data": heavy[model]["_widget_data"], "layout": heavy[model].get("_widget_layout", {})}
    for k in heavy:
        del state[k]
    gone = {f"IPY_MODEL_{k}" for k in heavy}
    for m in state.values():
        traits = m.get("state", {})
        for name, value in traits.items():
            if isinstance(value, list) and gone.intersection(value):
                traits[name] = [v for v in value if v not in gone]
            elif isinstance(value, str) and value in gone:
                traits[name] = None
    return len(heavy)


def source_digest(nb) -> str:
    """A digest of a notebook's code cells, in order (a notebook as nbformat or plain JSON)."""
    code = ["".join(c["source"]) if isinstance(c["source"], list) else c["source"]
            for c in nb["cells"] if c["cell_type"] == "code"]
    return hashlib.sha256(json.dumps(code).encode("utf-8")).hexdigest()[:16]


def execute(path: Path, timeout: int = 600) -> Path:
    """Run one notebook top to bottom in a fresh kernel and store it, slimmed, with the digest
    of the code it ran."""
    import nbformat  # deferred: start-up (nbformat)
    from nbclient import NotebookClient  # deferred: start-up (nbclient)

    nb = nbformat.read(path, as_version=4)
    NotebookClient(nb, timeout=timeout, kernel_name="python3", resources={"metadata": {"path": str(path.parent)}},
                   store_widget_state=True).execute()
    slim(nb)
    nb.metadata.setdefault("euchre_lessons", {})[EXECUTED] = source_digest(nb)
    nbformat.write(nb, path)
    return path


def stale(path: Path, digest: bool = True) -> list[str]:
    """Why the stored lesson at ``path`` is not what ``execute`` would store from its code now,
    read without running it: a code cell not run, or not run in order top to bottom in one
    kernel; code edited since it ran (its digest differs); with ``digest``, no digest kept. Empty
    when none of these holds (outputs that the kit itself would now print otherwise are nbval's
    to find, in the full test run)."""
    nb = json.loads(Path(path).read_text(encoding="utf-8"))
    counts = [c.get("execution_count") for c in nb["cells"] if c["cell_type"] == "code"]
    why = []
    if counts != list(range(1, len(counts) + 1)):
        why.append(f"its {len(counts)} code cells were not run in order top to bottom in one kernel "
                   f"(execution counts {counts})")
    kept = nb.get("metadata", {}).get("euchre_lessons", {}).get(EXECUTED)
    if kept is not None and kept != source_digest(nb):
        why.append("its code was edited after it was executed")
    elif kept is None and digest:
        why.append("it keeps no digest of the code it ran (executed before digests were kept)")
    return why


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m euchre_lessons.delivery.lessons", description=__doc__.splitlines()[0])
    parser.add_argument("--execute", action="store_true", help="run the lessons and store them with their outputs")
    parser.add_argument("lesson", nargs="*", help="lesson numbers (default: all)")
    args = parser.parse_args(argv)
    paths = [find_lesson(x) for x in args.lesson] if args.lesson else lessons()
    if not args.execute:
        for p in paths:
            print(p)
        return 0
    for p in paths:
        execute(p)
        print(f"executed {p.name} ({p.stat().st_size // 1000:,} KB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

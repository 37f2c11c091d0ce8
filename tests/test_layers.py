"""The engine stays free of widgets and plotting: importing any engine module pulls in
neither ipywidgets nor plotly (only figures modules draw, only widgets use widgets)."""
import pkgutil
import subprocess
import sys

import euchre_lessons

DRAWING = {"figures", "probability_figures", "progress"}
ENGINE = sorted(m.name for m in pkgutil.iter_modules(euchre_lessons.__path__) if m.name not in DRAWING)


def test_engine_modules_import_no_widgets_or_plotly():
    code = (
        "import sys, importlib\n"
        f"for name in {ENGINE!r}:\n"
        "    importlib.import_module('euchre_lessons.' + name)\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('plotly', 'ipywidgets'))\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "", f"engine modules imported {out.stdout.strip()}"
    assert {"cards", "rules", "state", "scoring"} <= set(ENGINE)

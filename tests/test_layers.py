"""The shape of the package: the engine stays free of widgets and plotting, no module imports
itself round a circle, and ``import euchre_lessons`` is light."""
import ast
import pkgutil
import subprocess
import sys
from pathlib import Path

import euchre_lessons

PACKAGE = Path(euchre_lessons.__file__).parent
MODULES = sorted(m.name for m in pkgutil.walk_packages(euchre_lessons.__path__, "euchre_lessons."))
DRAWING = ("euchre_lessons.figures", "euchre_lessons.widgets")
ENGINE = [m for m in MODULES if not m.startswith(DRAWING)]


def _run(code: str) -> str:
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip()


def test_engine_modules_import_no_widgets_or_plotly():
    out = _run(
        "import sys, importlib\n"
        f"for name in {ENGINE!r}:\n"
        "    importlib.import_module(name)\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('plotly', 'ipywidgets'))\n"
        "print(','.join(bad))\n")
    assert out == "", f"engine modules imported {out}"
    assert {"euchre_lessons.cards", "euchre_lessons.rules", "euchre_lessons.hand.state",
            "euchre_lessons.scoring", "euchre_lessons.solver", "euchre_lessons.players.search"} <= set(ENGINE)


def test_only_figures_imports_plotly_and_only_widgets_import_ipywidgets():
    for name in MODULES:
        text = _source(name).read_text(encoding="utf-8")
        if "import plotly" in text:
            assert name == "euchre_lessons.figures", name
        if "import ipywidgets" in text:
            assert name.startswith("euchre_lessons.widgets"), name


def _source(module: str) -> Path:
    parts = module.split(".")[1:]
    path = PACKAGE.joinpath(*parts)
    return path / "__init__.py" if path.is_dir() else path.with_suffix(".py")


def _imports_at_load(module: str) -> set:
    """The kit's modules that ``module`` imports when it loads (imports inside functions run
    later and are left out)."""
    tree = ast.parse(_source(module).read_text(encoding="utf-8"))
    is_package = _source(module).name == "__init__.py"
    here = module.split(".") if is_package else module.split(".")[:-1]
    found = set()

    def visit(nodes):
        for node in nodes:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                continue
            if isinstance(node, ast.ImportFrom):
                base = here[:len(here) - node.level + 1] if node.level else []
                target = ".".join(base + ([node.module] if node.module else []))
                for alias in node.names:
                    sub = f"{target}.{alias.name}"
                    found.add(sub if sub in MODULES else target)
            elif isinstance(node, ast.Import):
                found.update(a.name for a in node.names)
            for field in ("body", "orelse", "handlers", "finalbody"):
                visit(getattr(node, field, []) or [])

    visit(tree.body)
    return {m for m in found if m in MODULES and m != module}


def test_no_import_cycle():
    graph = {m: _imports_at_load(m) for m in MODULES}
    assert graph["euchre_lessons.hand.state"] >= {"euchre_lessons.hand.bidding", "euchre_lessons.deals"}
    done, path = set(), []

    def walk(m):
        if m in path:
            cycle = path[path.index(m):] + [m]
            raise AssertionError("import cycle: " + " -> ".join(cycle))
        if m in done:
            return
        path.append(m)
        for n in sorted(graph[m]):
            walk(n)
        path.pop()
        done.add(m)

    for m in MODULES:
        walk(m)


def test_import_is_light_and_modules_are_attributes():
    out = _run(
        "import sys, euchre_lessons as e\n"
        "heavy = lambda: sorted({m.split('.')[0] for m in sys.modules} & {'pandas', 'numpy', 'plotly', 'ipywidgets'})\n"
        "print(heavy())\n"
        "for name in ('simulate', 'solver', 'players', 'game', 'record', 'scoring', 'hand'):\n"
        "    assert getattr(e, name).__name__ == 'euchre_lessons.' + name\n"
        "print(heavy())\n"
        "assert e.probability.exact and e.events.holds_joker\n")
    before, after = out.splitlines()
    assert before == "[]", "import euchre_lessons loaded " + before
    assert "pandas" not in after and "plotly" not in after, after

"""The shape of the package: the engine stays free of widgets and plotting, no module imports
itself round a circle, and ``import euchre_lessons`` is light.

An import inside a function is deferred on purpose, and says why in a trailing comment of one
form, ``# deferred: <reason>`` or ``# deferred: <reason> (<note>)``, with one of these reasons:

* ``start-up`` - a heavy package (pandas, numpy, plotly, ipywidgets, nbformat, nbconvert, fsrs,
  multiprocessing ...) or a big part of the kit that a light entry point (``import
  euchre_lessons``, the command line) must not load;
* ``circle`` - the imported module imports this one at load; the note names it
  (``circle (render imports cards at load)``);
* ``optional`` - a package that may be absent (IPython outside a kernel, an extra);
* ``browser`` - only in Pyodide.

Every other import sits at the top of its module. The tests below read the imports inside
functions too: each carries the comment, the engine never reaches up into the widgets or the
figures even there, and a circle they close is one marked ``circle``.
"""
import ast
import pkgutil
import re
import subprocess
import sys
from pathlib import Path

import euchre_lessons

PACKAGE = Path(euchre_lessons.__file__).parent
MODULES = sorted(m.name for m in pkgutil.walk_packages(euchre_lessons.__path__, "euchre_lessons."))
DRAWING = ("euchre_lessons.figures", "euchre_lessons.widgets")
ENGINE = [m for m in MODULES if not m.startswith(DRAWING)]
DELIVERY = ("euchre_lessons.delivery", "euchre_lessons.__main__")
REASONS = ("start-up", "circle", "optional", "browser")
DEFERRED = re.compile(r"# deferred: (?P<reason>[a-z-]+)(?: \((?P<note>[^)]*(?:\([^)]*\)[^)]*)*)\))?$")


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
    later and are left out, as are those under ``if TYPE_CHECKING``, which the type checker
    alone reads: a type hint may name a module that imports this one)."""
    tree = ast.parse(_source(module).read_text(encoding="utf-8"))
    is_package = _source(module).name == "__init__.py"
    here = module.split(".") if is_package else module.split(".")[:-1]
    found = set()

    def visit(nodes):
        for node in nodes:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                continue
            if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
                visit(node.orelse)
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
    circles = _circles(graph)
    assert not circles, "import cycle: " + "\nimport cycle: ".join(circles)


def _circles(graph: dict) -> list[str]:
    """Every circle a depth-first walk of ``graph`` (a module to the modules it imports) meets,
    as ``a -> b -> a``."""
    done, path, circles = set(), [], []

    def walk(m):
        if m in path:
            circles.append(" -> ".join(path[path.index(m):] + [m]))
            return
        if m in done:
            return
        path.append(m)
        for n in sorted(graph[m]):
            walk(n)
        path.pop()
        done.add(m)

    for m in sorted(graph):
        walk(m)
    return circles


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


def _resolve(module: str, node) -> list:
    """The modules an import statement names: kit modules by their full name, others as written."""
    is_package = _source(module).name == "__init__.py"
    here = module.split(".") if is_package else module.split(".")[:-1]
    if isinstance(node, ast.Import):
        return [a.name for a in node.names]
    base = here[:len(here) - node.level + 1] if node.level else []
    target = ".".join(base + ([node.module] if node.module else []))
    return [f"{target}.{a.name}" if f"{target}.{a.name}" in MODULES else target for a in node.names]


def _loaded_with(module: str, targets: list) -> set:
    """The kit's modules an import of ``targets`` from ``module`` loads: each target and the
    packages above it (but not those above ``module`` too, which are loaded first)."""
    found = {t for t in targets if t in MODULES and t != module}
    for t in targets:
        parts = t.split(".")
        for i in range(2, len(parts)):
            name = ".".join(parts[:i])
            if name in MODULES and name != module and not module.startswith(name + "."):
                found.add(name)
    return found


def _function_imports(module: str) -> list:
    """``(line, targets, marker)`` for each import inside a function of ``module``; ``marker`` is
    the ``# deferred:`` comment of the statement's lines, or ''."""
    path = _source(module)
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines()
    found = []

    def visit(node, inside):
        for child in ast.iter_child_nodes(node):
            if inside and isinstance(child, (ast.Import, ast.ImportFrom)):
                said = [line[line.index("# deferred:"):] for line in lines[child.lineno - 1:child.end_lineno]
                        if "# deferred:" in line]
                found.append((child.lineno, _resolve(module, child), said[0] if said else ""))
            visit(child, inside or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)))

    visit(ast.parse(text), False)
    return found


def _where(module: str, line: int) -> str:
    return f"{_source(module).relative_to(PACKAGE.parent)}:{line}"


def _runtime_imports_at_load(module: str) -> set:
    """The kit's modules ``module`` loads when it loads, packages above them included (imports
    under ``if TYPE_CHECKING`` are left out: they never run)."""
    found = set()

    def visit(nodes):
        for node in nodes:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                continue
            if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
                visit(node.orelse)
                continue
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                found.update(_loaded_with(module, _resolve(module, node)))
            for field in ("body", "orelse", "handlers", "finalbody"):
                visit(getattr(node, field, []) or [])

    visit(ast.parse(_source(module).read_text(encoding="utf-8")).body)
    return found


def test_every_import_inside_a_function_says_why():
    offenders = []
    for m in MODULES:
        for line, _, marker in _function_imports(m):
            said = DEFERRED.match(marker)
            if not said or said["reason"] not in REASONS or (said["reason"] == "circle" and not said["note"]):
                offenders.append(f"{_where(m, line)} {marker or '(no # deferred: comment)'}")
    assert not offenders, ("imports inside functions without '# deferred: <reason>' (one of "
                           f"{', '.join(REASONS)}; a circle names its module):\n" + "\n".join(offenders))


def test_the_engine_never_imports_widgets_or_figures_even_inside_a_function():
    offenders = []
    for m in ENGINE:
        if m.startswith(DELIVERY) or m in DELIVERY:
            continue
        tree = ast.parse(_source(m).read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                if any(t.startswith(DRAWING) for t in _resolve(m, node)):
                    offenders.append(f"{_where(m, node.lineno)} {ast.unparse(node)}")
    assert not offenders, "the engine reaches up into the widgets or the figures:\n" + "\n".join(offenders)


def test_imports_inside_functions_close_no_circle_but_the_marked_ones():
    """With the imports marked ``circle`` left out, the imports at load and inside functions
    together make no circle; and each one marked ``circle`` does close one."""
    graph = {m: _runtime_imports_at_load(m) for m in MODULES}
    marked = {}
    for m in MODULES:
        for line, targets, marker in _function_imports(m):
            if marker.startswith("# deferred: circle"):
                marked[(m, line)] = _loaded_with(m, targets)
            else:
                graph[m] |= _loaded_with(m, targets)
    circles = _circles(graph)
    assert not circles, "imports inside functions close these circles (move one, or mark it circle):\n" + "\n".join(circles)

    def reaches(start, goal):
        seen, todo = set(), [start]
        while todo:
            x = todo.pop()
            if x == goal:
                return True
            for y in graph[x].union(*(ts for (a, _), ts in marked.items() if a == x)):
                if y not in seen:
                    seen.add(y)
                    todo.append(y)
        return False

    stale = [f"{_where(m, line)} {m} -> {', '.join(sorted(ts))}" for (m, line), ts in sorted(marked.items())
             if not any(reaches(t, m) for t in ts)]
    assert not stale, "marked circle, but the module imported does not lead back:\n" + "\n".join(stale)


def test_the_delivery_sits_above_everything_and_nothing_reaches_up_into_it():
    """The command line, the app pages and their server, the lessons, handouts and the offline
    site live in ``euchre_lessons.delivery``; no other module imports it, at load or inside a
    function (the widgets, the teaching layer and the engine run without it)."""
    assert {"euchre_lessons.delivery.app", "euchre_lessons.delivery.classroom", "euchre_lessons.delivery.commands",
            "euchre_lessons.delivery.arguments", "euchre_lessons.delivery.lessons", "euchre_lessons.delivery.handout",
            "euchre_lessons.delivery.lite"} <= set(MODULES)
    offenders = []
    for m in MODULES:
        if m.startswith(DELIVERY):
            continue
        tree = ast.parse(_source(m).read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                if any(t.startswith("euchre_lessons.delivery") for t in _resolve(m, node)):
                    offenders.append(f"{_where(m, node.lineno)} {ast.unparse(node)}")
    assert not offenders, "these reach up into the delivery:\n" + "\n".join(offenders)


def test_the_command_lines_arguments_are_parsed_apart_from_its_commands():
    """``arguments`` builds every subcommand's parser and runs none; the commands import it,
    never the other way round, and the app and the site take nothing from the commands."""
    assert not any(t.startswith("euchre_lessons.delivery.commands") for t in
                   _runtime_imports_at_load("euchre_lessons.delivery.arguments"))
    for m in ("euchre_lessons.delivery.app", "euchre_lessons.delivery.lite.command",
              "euchre_lessons.delivery.lite.site", "euchre_lessons.delivery.lite.serve"):
        loaded = _runtime_imports_at_load(m) | {t for _, ts, _ in _function_imports(m) for t in _loaded_with(m, ts)}
        assert not {"euchre_lessons.delivery.commands", "euchre_lessons.delivery.arguments"} & loaded, m
    from euchre_lessons.delivery import arguments

    args = arguments.parser().parse_args(["app", "play", "--pool", "4"])
    assert (args.command, args.name, args.pool) == ("app", "play", 4)  # parsed, nothing served


def _unit(module: str) -> str:
    """The room a module belongs to: its package below ``euchre_lessons`` (``teaching``,
    ``hand``...), or the module itself at the top."""
    return module.split(".")[1] if module.count(".") >= 1 else module


# Between rooms, the one way up that a function may take: an engine object that displays itself
# (``_repr_html_``, ``__str__``) asks the renderer, which reads those objects at load.
SHOWS_ITSELF = {("cards", "render"), ("deals", "render"), ("hand", "render")}


def test_no_circle_between_packages_imports_in_functions_included():
    graph: dict = {}
    for m in MODULES:
        here = _unit(m)
        targets = set(_imports_at_load(m))
        for _line, names, _marker in _function_imports(m):
            targets |= {t for t in names if t in MODULES}
        for t in targets:
            if _unit(t) != here and (here, _unit(t)) not in SHOWS_ITSELF:
                graph.setdefault(here, set()).add(_unit(t))
    for room in {u for edges in graph.values() for u in edges}:
        graph.setdefault(room, set())
    assert {"teaching", "practice", "valuing", "players"} <= set(graph)
    circles = _circles(graph)
    assert not circles, "circle between packages: " + "\ncircle between packages: ".join(circles)
    assert "valuing" in graph["teaching"] and "valuing" in graph["practice"] and "teaching" not in graph["valuing"]

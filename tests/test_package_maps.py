"""Every package's docstring is its map: it names each of its modules (``name`` in double
backquotes, or ``name/`` for a folder), so a reader opening the package finds every room."""
import ast
from pathlib import Path

import pytest

import euchre_lessons

PACKAGE = Path(euchre_lessons.__file__).parent
PACKAGES = sorted(p.parent for p in PACKAGE.rglob("__init__.py") if p.parent != PACKAGE and "__pycache__" not in p.parts)


def _modules(package: Path) -> list[str]:
    return sorted(p.stem for p in package.glob("*.py") if p.stem != "__init__") + \
        sorted(p.name for p in package.iterdir() if (p / "__init__.py").is_file())


@pytest.mark.parametrize("package", PACKAGES, ids=lambda p: p.relative_to(PACKAGE).as_posix())
def test_the_packages_map_names_every_module(package):
    doc = ast.get_docstring(ast.parse((package / "__init__.py").read_text(encoding="utf-8"))) or ""
    missing = [m for m in _modules(package) if f"``{m}``" not in doc and f"``{m}/``" not in doc]
    assert not missing, f"{package.relative_to(PACKAGE)}/__init__.py does not name {missing}"


def test_the_maps_are_read():
    assert len(PACKAGES) >= 12 and any(p.name == "teaching" for p in PACKAGES)

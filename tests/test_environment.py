"""environment.yml (Binder's, and conda users') must name what a pupil needs, as pyproject.toml does.

pyproject.toml is the source of truth. environment.yml must list every runtime and
`lab` package, as a conda package or in its `pip:` list, nothing that pyproject.toml
does not know about, and nothing of the test stack (a pupil's environment, which Binder
builds, is not a developer's). Conda is not available in CI, so this is a static check
of the two files.
"""
from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[1]

# Extras of pyproject.toml that environment.yml must cover (plus the runtime deps): a pupil's.
MIRRORED_EXTRAS = ("lab",)
# The extra whose packages (those not also a pupil's) environment.yml must leave out.
TEST_EXTRA = "test"

# conda-forge package name -> PyPI name, where the two differ.
CONDA_TO_PYPI = {
    "playwright-python": "playwright",
    "python-kaleido": "kaleido",
}

# Conda entries that are the environment itself, not packages of the project.
CONDA_ONLY = {"python", "pip"}


def canonical(name: str) -> str:
    """PEP 503 normalised name: lower case, runs of -_. become one '-'."""
    return re.sub(r"[-_.]+", "-", name).lower()


def requirement_name(requirement: str) -> str:
    """Name of a PEP 508 requirement ('pandas>=3; python_version>"3"' -> 'pandas')."""
    match = re.match(r"\s*([A-Za-z0-9][A-Za-z0-9._-]*)", requirement)
    if not match:
        raise ValueError(f"not a requirement: {requirement!r}")
    return canonical(match.group(1))


def conda_spec_name(spec: str) -> str:
    """Name of a conda MatchSpec ('conda-forge::pandas >=3.1' -> 'pandas')."""
    spec = spec.split("::")[-1].strip()
    name = re.split(r"[\s=<>!~\[]", spec, maxsplit=1)[0]
    name = canonical(name)
    return CONDA_TO_PYPI.get(name, name)


def environment_names(env: dict) -> set[str]:
    """PyPI-canonical names of the packages an environment.yml mapping installs."""
    names: set[str] = set()
    for dep in env.get("dependencies") or []:
        if isinstance(dep, dict):
            for item in dep.get("pip") or []:
                if not item.lstrip().startswith("-"):  # skip "-e .", "-r file" ...
                    names.add(requirement_name(item))
        else:
            name = conda_spec_name(str(dep))
            if name not in CONDA_ONLY:
                names.add(name)
    return names


def pyproject_names(project: dict, extras: tuple[str, ...] | None) -> set[str]:
    """Runtime deps plus the given extras (all extras if None), canonicalised."""
    optional = project.get("optional-dependencies", {})
    requirements = list(project.get("dependencies", []))
    for extra in optional if extras is None else extras:
        requirements += optional[extra]
    return {requirement_name(r) for r in requirements}


def compare(env: dict, project: dict) -> tuple[set[str], set[str]]:
    """(missing from environment.yml, in environment.yml but unknown to pyproject)."""
    have = environment_names(env)
    missing = pyproject_names(project, MIRRORED_EXTRAS) - have
    unknown = have - pyproject_names(project, None)
    return missing, unknown


def stack_installed(env: dict, project: dict) -> set[str]:
    """The test stack's packages that environment.yml installs (a pupil needs none of them)."""
    stack = pyproject_names(project, (TEST_EXTRA,)) - pyproject_names(project, MIRRORED_EXTRAS)
    return environment_names(env) & stack


@pytest.fixture(scope="module")
def env() -> dict:
    return yaml.safe_load((ROOT / "environment.yml").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def project() -> dict:
    with open(ROOT / "pyproject.toml", "rb") as f:
        return tomllib.load(f)["project"]


def test_environment_yml_mirrors_pyproject(env, project):
    missing, unknown = compare(env, project)
    assert not missing, f"environment.yml lacks {sorted(missing)} (listed in pyproject.toml)"
    assert not unknown, f"environment.yml has {sorted(unknown)}, which pyproject.toml lacks"


def test_environment_yml_leaves_the_test_stack_out(env, project):
    assert not stack_installed(env, project), f"environment.yml installs the test stack: {sorted(stack_installed(env, project))}"


def test_mirrored_extras_exist(project):
    assert set(MIRRORED_EXTRAS) | {TEST_EXTRA} <= set(project["optional-dependencies"])


def test_environment_yml_installs_the_project_and_python_311(env):
    deps = env["dependencies"]
    pythons = [d for d in deps if isinstance(d, str) and conda_spec_name(d) == "python"]
    assert pythons == ["python=3.11"]
    assert "pip" in deps
    pip_lists = [d["pip"] for d in deps if isinstance(d, dict) and "pip" in d]
    assert len(pip_lists) == 1 and "-e ." in pip_lists[0]


def test_name_helpers():
    assert canonical("PyYAML") == "pyyaml"
    assert canonical("open_spiel") == canonical("Open.Spiel") == "open-spiel"
    assert requirement_name("pandas>=3.1.1") == "pandas"
    assert requirement_name("ipykernel >=7 ; python_version >= '3.11'") == "ipykernel"
    assert requirement_name("jupyterlab[extra]~=4.6") == "jupyterlab"
    assert conda_spec_name("conda-forge::pandas >=3.1") == "pandas"
    assert conda_spec_name("python=3.11") == "python"
    assert conda_spec_name("playwright-python") == "playwright"  # alias map


def test_compare_reports_missing_and_unknown_packages():
    project = {
        "dependencies": ["pandas>=3", "plotly"],
        "optional-dependencies": {
            "lab": ["jupyterlab"],
            "test": ["pytest", "PyYAML"],
            "bench": ["open-spiel"],
        },
    }
    complete = {
        "dependencies": [
            "python=3.11", "pip", "pandas", "plotly", "jupyterlab", "pytest", "pyyaml",
            {"pip": ["-e ."]},
        ]
    }
    project["optional-dependencies"]["test"].append("jupyterlab")
    assert compare(complete, project) == (set(), set())

    # A package dropped from environment.yml is reported missing, whether it was
    # a conda package or a pip one.
    no_pandas = {"dependencies": [d for d in complete["dependencies"] if d != "pandas"]}
    assert compare(no_pandas, project) == ({"pandas"}, set())
    via_pip = {
        "dependencies": ["python=3.11", "pip", "plotly", "jupyterlab", "pytest",
                         {"pip": ["pandas>=3", "PyYAML", "-e ."]}]
    }
    assert compare(via_pip, project) == (set(), set())

    # A package that pyproject.toml does not list is reported; bench extras are allowed.
    extra = {"dependencies": complete["dependencies"] + ["numba", "open_spiel"]}
    assert compare(extra, project) == (set(), {"numba"})

    # The test stack is found, whether as a conda package or a pip one; a pupil's package the test
    # extra also names (jupyterlab) is not part of it.
    assert stack_installed(complete, project) == {"pytest", "pyyaml"}
    assert stack_installed({"dependencies": ["pandas", "plotly", "jupyterlab", {"pip": ["-e ."]}]}, project) == set()

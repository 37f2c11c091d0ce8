"""What the whole run shares: which tests run one after another, and the browser tests' figures.

The suite runs on a few processes (pytest-xdist, in pyproject.toml), each test module a unit. The
browser tests and the notebooks run one after another in one of them (one unit, ``serial``):
they start servers, kernels and Chromium, a notebook's cells share one kernel in order, and
some browser tests count the kernels of this computer or measure a class of pages on its cores.
The unit tests share out the other processes.

The browser tests' measurements (click-to-result times, notes) ride on each test's report and
are printed at the end of the run here, in the process that reports, with one process or many.
"""
from __future__ import annotations

import statistics

import pytest

# The tests that run one after another in one process, by the start of their ids.
SERIAL = ("tests/browser/", "notebooks/")
_NOTES: list[str] = []
_TIMINGS: dict[str, list[float]] = {}


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config, log):
    """xdist's scheduling by module, with the browser tests and the notebooks as one unit. (Its
    own ``xdist_group`` marks do not group under pytest 9: they rename a test by a field pytest
    no longer reads.)"""
    from xdist.scheduler import LoadScopeScheduling

    class Scheduling(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            return "serial" if nodeid.startswith(SERIAL) else super()._split_scope(nodeid)

    return Scheduling(config, log)


def pytest_runtest_logreport(report):
    for key, value in report.user_properties:
        if key == "browser-note":
            _NOTES.append(value)
        elif key == "browser-timing":
            what, seconds = value
            _TIMINGS.setdefault(what, []).extend(seconds)


def pytest_terminal_summary(terminalreporter):
    if _NOTES:
        terminalreporter.section("measured (browser tests)")
        for line in _NOTES:
            terminalreporter.write_line(line)
    if not _TIMINGS:
        return
    terminalreporter.section("click to result (browser tests)")
    for what, seconds in _TIMINGS.items():
        ms = sorted(s * 1000 for s in seconds)
        p95 = ms[min(len(ms) - 1, round(0.95 * (len(ms) - 1)))]
        terminalreporter.write_line(f"{what}: median {statistics.median(ms):.0f} ms, 95th percentile {p95:.0f} ms, "
                                    f"{len(ms)} clicks (requirement: median under 300 ms)")

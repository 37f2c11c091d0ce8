"""Every stored output of the kit written again, or checked, by one command.

    python -m euchre_lessons.delivery.regenerate                  # write them all, in order
    python -m euchre_lessons.delivery.regenerate --check          # which are stale; nothing written
    python -m euchre_lessons.delivery.regenerate --only goldens knobs
    python -m euchre_lessons.delivery.regenerate --list           # the outputs, what each writes

The outputs (``OUTPUTS``), in the order they are written: what one shows may rest on one before
it (the lessons show nearly all the others), and the two that need a browser come last.

* ``knobs`` - ``docs/knobs.md``, the knob reference (``rulebook.knob_reference``);
* ``goldens`` - ``tests/golden/<preset>.txt``, one random hand a preset (``playthrough``);
* ``test-goldens`` - the transcripts the tests keep in ``tests/golden_railroad`` and
  ``tests/golden_modern`` (written by those tests, and held by them);
* ``apps`` - ``euchre_lessons/delivery/apps/<name>.ipynb``, an app page's notebook (``app``);
* ``positions`` - the words (``explanation``) of the practice positions in ``data/positions``,
  as the hint ladder words them (``delivery.find.refresh``);
* ``strength`` - ``data/strength/levels.json`` and ``levels.txt``, the levels' strength run
  (``bench/strength.py`` with ``STRENGTH``; about half an hour on two cores);
* ``claims`` - ``data/strength/summary_expert.csv`` and ``claims_expert.csv``, lesson 05's
  claims played by the expert (``bench/expert_claims.py`` with ``CLAIMS``; about an hour);
* ``lessons`` - ``notebooks/NN_*.ipynb``, each executed and stored with its outputs
  (``lessons.execute``; some minutes each);
* ``aria`` - ``tests/browser/golden/play_page.aria.yml``, the play page's accessibility tree
  (its browser test, which needs Chromium, writes it; and holds it);
* ``pictures`` - ``docs/images/stepper.png`` and ``play.png``, the README's pictures of two app
  pages (``docs/pictures.py``, which needs Chromium; no test holds them: look at them).

``--check`` reads each output beside what would be written, and writes nothing: in full for the
cheap ones (knobs, goldens, apps, positions: the positions' proofs run, a few seconds); for the
costly ones what can be told without running them again: a strength table or a claims file
made with the parameters written here (its presets, pairings, hands, seed), and a lesson whose
cells were all run in order, from the code it holds now (``lessons.stale``). The outputs that
their own tests hold, and the pictures, are named and left unchecked. ``tests/test_regenerate.py`` runs the check.
"""
from __future__ import annotations

import argparse
import csv
import itertools
import json
import os
import subprocess
import sys
from collections import Counter
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import NamedTuple

from .. import playthrough, rulebook
from ..errors import EuchreError
from ..practice.positions import folder as positions_folder
from ..simulate import hand_deal
from ..simulate import strength as strength_run
from . import app, lessons
from . import find as practice_find

ROOT = Path(__file__).resolve().parents[2]
STRENGTH_DIR = ROOT / "data" / "strength"



class StrengthRun(NamedTuple):
    """How ``bench/strength.py`` plays the run lesson 08 and the play table's Computer menu show:
    paired hands a pairing (``expert_hands`` for the expert's), paired games, minutes a preset."""

    presets: tuple[str, ...]
    hands: int
    expert_hands: int
    games: int
    time_limit: float
    seed: str


class ClaimsRun(NamedTuple):
    """How ``bench/expert_claims.py`` plays lesson 05's claims with the expert at every seat:
    nested ``deals`` for the summary, ``hands`` of each game for claim 3."""

    presets: tuple[str, ...]
    deals: int
    hands: int
    seed: int


STRENGTH = StrengthRun(("standard", "hoyle_railroad", "modern_railroad", "hoyle_ordinary", "hoyle_railroad_full",
                        "modern_railroad_6p"), hands=6000, expert_hands=400, games=0, time_limit=3.5, seed="0")
CLAIMS = ClaimsRun(("hoyle_railroad", "modern_railroad"), deals=300, hands=600, seed=1)
GOLDEN_TESTS = ("tests/test_modern.py", "tests/test_modern_6p.py", "tests/test_seven_handed.py")


class RegenerateError(EuchreError):
    """An output that cannot be written here: what it needs, and how to get it."""


class Output(NamedTuple):
    """One stored output: its ``name`` (for ``--only``), the files it is, ``write`` (writes them,
    saying what it did a line at a time, as it goes) and ``check`` (why they are stale, empty
    when not; None: not checked here, for the reason ``unchecked`` says)."""

    name: str
    files: str
    write: Callable[[], Iterable[str]]
    check: Callable[[], list[str]] | None
    unchecked: str = ""


def _rel(path: Path) -> str:
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)


def _differs(path: Path, text: str) -> list[str]:
    if not path.is_file():
        return [f"{_rel(path)} is missing"]
    return [] if path.read_text(encoding="utf-8") == text else [f"{_rel(path)} differs from what would be written"]


def _needs(path: Path, what: str) -> Path:
    if not path.exists():
        raise RegenerateError(f"{what} needs {_rel(path)}, which is in the kit's repository, not in an installed "
                              f"copy: run this from a checkout")
    return path


def _run(*args: str, env: dict | None = None, out: Path | None = None) -> Iterable[str]:
    """Run ``python args`` from the repository's root, each line of its output said as it comes
    (and kept in ``out``)."""
    yield f"python {' '.join(args)}"
    path = os.pathsep.join([str(ROOT), *filter(None, [os.environ.get("PYTHONPATH")])])  # this checkout's kit
    with open(out, "w", encoding="utf-8") if out else open(os.devnull, "w", encoding="utf-8") as keep:
        process = subprocess.Popen([sys.executable, *args], cwd=ROOT, env={**os.environ, "PYTHONPATH": path, **(env or {})},
                                   stdout=subprocess.PIPE, text=True, encoding="utf-8")
        for line in process.stdout or ():
            keep.write(line)
            yield "  " + line.rstrip("\n")
        if process.wait():
            raise RegenerateError(f"python {' '.join(args)} failed (exit status {process.returncode})")
    if out:
        yield f"its report kept in {_rel(out)}"


# ---- knobs, goldens, apps, positions: cheap, checked in full ----------------------------------

def _write_knobs() -> Iterable[str]:
    rulebook.KNOBS_MD.write_text(rulebook.knob_reference(), encoding="utf-8")
    yield f"wrote {_rel(rulebook.KNOBS_MD)}"


def _check_knobs() -> list[str]:
    return _differs(rulebook.KNOBS_MD, rulebook.knob_reference())


def _write_goldens() -> Iterable[str]:
    return (f"wrote {_rel(p)}" for p in playthrough.write())


def _check_goldens() -> list[str]:
    return [why for preset in playthrough.GOLDEN
            for why in _differs(playthrough.GOLDEN_DIR / f"{preset}.txt", playthrough.golden_text(preset))]


def _write_test_goldens() -> Iterable[str]:
    _needs(ROOT / "tests" / "test_railroad_golden.py", "test-goldens")
    yield from _run("tests/test_railroad_golden.py")
    yield from _run("-m", "pytest", "-q", "-p", "no:cacheprovider", "-n", "0", *GOLDEN_TESTS, "-k", "golden",
                    env={"EUCHRE_LESSONS_WRITE_GOLDEN": "1"})


def _app_text(name: str) -> str:
    return json.dumps(app.notebook_json(name), indent=1) + "\n"


def _write_apps() -> Iterable[str]:
    return (f"wrote {_rel(p)}" for p in app.write_notebooks())


def _check_apps() -> list[str]:
    why = [w for name in app.APPS for w in _differs(app.APP_DIR / f"{name}.ipynb", _app_text(name))]
    extra = sorted(p.name for p in app.APP_DIR.glob("*.ipynb") if p.stem not in app.APPS)
    return why + [f"{_rel(app.APP_DIR / n)} is no app's (not in app.APPS)" for n in extra]


def _position_files() -> list[Path]:
    return sorted(positions_folder().glob("*.toml"))


def _write_positions() -> Iterable[str]:
    for path in _position_files():
        done = practice_find.refresh(path)
        yield f"{_rel(path)}: " + (f"rewrote the explanations of {', '.join(done)}" if done else "nothing to rewrite")


def _check_positions() -> list[str]:
    return [f"{_rel(path)}: the explanation of {ident} is not what the hint ladder now says"
            for path in _position_files() for ident in practice_find.stale(path)]


# ---- strength and claims: costly, their parameters checked --------------------------------------

def _strength_args() -> list[str]:
    s = STRENGTH
    return ["--presets", *s.presets, "--hands", str(s.hands), "--expert-hands", str(s.expert_hands),
            "--games", str(s.games), "--time-limit", f"{s.time_limit:g}", "--seed", s.seed]


def _write_strength() -> Iterable[str]:
    bench = _needs(ROOT / "bench" / "strength.py", "strength")
    return _run(str(bench.relative_to(ROOT)), *_strength_args(), "--save", _rel(STRENGTH_DIR / "levels.json"),
                out=STRENGTH_DIR / "levels.txt")


def pairings() -> list[tuple[str, str]]:
    """The pairings ``bench/strength.py`` plays by default: every level against every weaker one
    (the stronger named first), then every level against the reference player."""
    levels = list(strength_run.LEVELS)
    return ([(hi, lo) for lo, hi in itertools.combinations(levels, 2)]
            + [(p, strength_run.REFERENCE) for p in levels if p != strength_run.REFERENCE])


def _check_strength() -> list[str]:
    path, report = STRENGTH_DIR / "levels.json", STRENGTH_DIR / "levels.txt"
    if not path.is_file():
        return [f"{_rel(path)} is missing"]
    runs, s = json.loads(path.read_text(encoding="utf-8"))["runs"], STRENGTH
    why = []
    if tuple(r["preset"] for r in runs) != s.presets:
        why.append(f"{_rel(path)} holds the presets {[r['preset'] for r in runs]}, not {list(s.presets)}")
    for r in runs:
        made = {"hands": r["hands"], "games": r["games"], "seed": r["seed"]}
        if made != {"hands": s.hands, "games": s.games, "seed": s.seed}:
            why.append(f"{_rel(path)}: {r['preset']} was played with {made}")
        if [(p["a"], p["b"]) for p in r["pairs"]] != pairings():
            why.append(f"{_rel(path)}: {r['preset']} plays the pairings {[(p['a'], p['b']) for p in r['pairs']]}, "
                       f"not those of the levels now, {pairings()}")
        for p in r["pairs"]:
            most = s.expert_hands if "expert" in (p["a"], p["b"]) else s.hands
            if not 0 < p["deals"] <= most:
                why.append(f"{_rel(path)}: {r['preset']}, {p['a']} against {p['b']}: {p['deals']} deals, not 1 to {most}")
    head = (f"{len(pairings())} pairings, {s.hands:,} paired hands ({s.expert_hands:,} with the expert) and "
            f"{s.games:,} paired games each, seed {s.seed}, at most {s.time_limit:g} minutes a preset;")
    if not report.is_file() or not report.read_text(encoding="utf-8").startswith(head):
        why.append(f"{_rel(report)} is not the report of that run (its first line is not {head!r} ...)")
    return why


def _write_claims() -> Iterable[str]:
    bench = _needs(ROOT / "bench" / "expert_claims.py", "claims")
    c = CLAIMS
    return _run(str(bench.relative_to(ROOT)), "--deals", str(c.deals), "--hands", str(c.hands),
                "--seed", str(c.seed), "--out", _rel(STRENGTH_DIR))


def _rows(path: Path) -> list[dict]:
    with open(path, encoding="utf-8", newline="") as f:
        return list(csv.DictReader(f))


def _check_claims() -> list[str]:
    c, why = CLAIMS, []
    for name, each in (("summary_expert.csv", c.deals), ("claims_expert.csv", c.hands)):
        path = STRENGTH_DIR / name
        if not path.is_file():
            why.append(f"{_rel(path)} is missing")
            continue
        rows = _rows(path)
        counts = Counter(r["rules"] for r in rows)
        if counts != dict.fromkeys(c.presets, each):
            why.append(f"{_rel(path)} holds {dict(counts)} hands, not {each} of each of {list(c.presets)}")
        if name == "claims_expert.csv":  # simulate.compare's hands: each deal follows from the seed
            wrong = [r["hand"] for r in rows if str(hand_deal(r["rules"], int(r["hand"]), c.seed)) != r["deal"]]
            if wrong:
                why.append(f"{_rel(path)}: {len(wrong)} hands were not dealt from seed {c.seed} (hand {wrong[0]} ...)")
    return why


# ---- the lessons --------------------------------------------------------------------------------

def _write_lessons() -> Iterable[str]:
    for p in lessons.lessons():
        lessons.execute(p)
        yield f"executed {p.name} ({p.stat().st_size // 1000:,} KB)"


def _check_lessons() -> list[str]:
    return [f"{_rel(p)}: {why}" for p in lessons.lessons() for why in lessons.stale(p)]


def _write_aria() -> Iterable[str]:
    test = _needs(ROOT / "tests" / "browser" / "test_play_aria.py", "aria")
    return _run("-m", "pytest", "-q", "-p", "no:cacheprovider", "-n", "0",
                f"{_rel(test)}::test_the_play_pages_tree_at_its_first_decision_is_pinned",
                env={"EUCHRE_LESSONS_WRITE_ARIA": "1"})


def _write_pictures() -> Iterable[str]:
    script = _needs(ROOT / "docs" / "pictures.py", "pictures")
    return _run(_rel(script))


OUTPUTS = (
    Output("knobs", "docs/knobs.md", _write_knobs, _check_knobs),
    Output("goldens", "tests/golden/*.txt", _write_goldens, _check_goldens),
    Output("test-goldens", "tests/golden_railroad/*.txt, tests/golden_modern/*.txt", _write_test_goldens, None,
           "held by tests/test_railroad_golden.py and the golden tests of " + ", ".join(GOLDEN_TESTS)),
    Output("apps", "euchre_lessons/delivery/apps/*.ipynb", _write_apps, _check_apps),
    Output("positions", "data/positions/*.toml (the explanations)", _write_positions, _check_positions),
    Output("strength", "data/strength/levels.json, levels.txt", _write_strength, _check_strength),
    Output("claims", "data/strength/summary_expert.csv, claims_expert.csv", _write_claims, _check_claims),
    Output("lessons", "notebooks/NN_*.ipynb (stored executed)", _write_lessons, _check_lessons),
    Output("aria", "tests/browser/golden/play_page.aria.yml", _write_aria, None, "held by tests/browser/test_play_aria.py"),
    Output("pictures", "docs/images/stepper.png, play.png", _write_pictures, None,
           "photographs of the app pages, which no test holds: look at them"),
)
NAMES = tuple(o.name for o in OUTPUTS)


def chosen(names=()) -> tuple[Output, ...]:
    """The outputs named (all of them if none), in the order they are written."""
    unknown = [n for n in names if n not in NAMES]
    if unknown:
        raise RegenerateError(f"no output {', '.join(map(repr, unknown))}: the outputs are {', '.join(NAMES)}")
    return tuple(o for o in OUTPUTS if not names or o.name in names)


def check(names=()) -> dict[str, list[str]]:
    """Why each output named is stale (an empty list: it is not), for those checked here."""
    return {o.name: o.check() for o in chosen(names) if o.check is not None}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m euchre_lessons.delivery.regenerate",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="say which outputs are stale, and write nothing")
    parser.add_argument("--only", nargs="+", default=[], metavar="NAME", help=f"these outputs only: {', '.join(NAMES)}")
    parser.add_argument("--list", action="store_true", help="list the outputs, in the order they are written")
    args = parser.parse_args(argv)
    try:
        outputs = chosen(args.only)
    except RegenerateError as e:
        parser.error(str(e))
    if args.list:
        for o in outputs:
            print(f"{o.name:<13}{o.files}")
        return 0
    if args.check:
        stale = 0
        for o in outputs:
            if o.check is None:
                print(f"{o.name}: not checked here: {o.unchecked}")
                continue
            why = o.check()
            stale += bool(why)
            print(f"{o.name}: " + ("stale" if why else "up to date") + "".join(f"\n  {w}" for w in why), flush=True)
        if stale:
            print(f"{stale} stale: python -m euchre_lessons.delivery.regenerate --only NAME writes one again")
        return 1 if stale else 0
    for o in outputs:
        print(f"{o.name}: writing {o.files}", flush=True)
        try:
            for line in o.write():
                print(f"  {line}", flush=True)
        except RegenerateError as e:
            print(f"{o.name}: {e}", file=sys.stderr)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""What a class did, read from its folder: ``ClassReport(folder)``.

>>> from fractions import Fraction
>>> from euchre_lessons import figures
>>> from euchre_lessons.classwork import Journal
>>> from euchre_lessons.exercises import verdict
>>> Journal("ana", "class-7b").exercise("9.1", Fraction(1, 5), verdict("9.1", Fraction(1, 5)))
>>> r = ClassReport("class-7b")     # the folder the class server keeps (or the handed-in files)
>>> print(r)
1 pupil in class-7b: 0 hands played, 0 mistakes, 1 exercise check.
ana: 0 hands, 0 decisions, 0 mistakes (0 found again), 0 due for practice; exercises: 1 tried, 1 right
>>> print(r.pupils.to_string())     # one row a pupil: hands, decisions, mistakes, found, due, exercises
  pupil  hands  decisions  mistakes  found  due  exercises_tried  exercises_right
0   ana      0          0         0      0    0                1                1
>>> list(r.mistakes.columns)        # one row a mistake: pupil, preset, decision, cost, why
['pupil', 'time', 'preset', 'decision', 'phase', 'chose', 'best', 'cost', 'tricks', 'why']
>>> r.exercises[["pupil", "exercise", "answer", "right"]]      # one row an exercise checked
  pupil exercise answer  right
0   ana      9.1    1/5   True
>>> r                               # in a notebook: the pupils' table
ClassReport('class-7b')
>>> [fig.layout.title.text for fig in figures.class_charts(r)]  # kinds of mistake, over time, exercises
["The class's mistakes by kind of decision", 'Mistakes a hand, pupil by pupil, over time',
 'Exercises: pupils right, of those who tried']

It reads every pupil's journal (``euchre-work/<name>.jsonl``, kept by the pages and by
``sign_in``), every file a pupil handed in from the browser site (``*.euchre-work.json``, in the
folder or in ``euchre-work/``) and the review queues beside them (``*.euchre-queue.json``: what
is due today). A file, or a line of one, that is not the kit's is passed over and named in
``skipped``; nothing in the folder is changed.
"""
from __future__ import annotations

import datetime as _dt
import json
from html import escape
from pathlib import Path

from ..errors import EuchreError
from ..practice.queue import SUFFIX as QUEUE_SUFFIX
from ..practice.queue import Queue
from .journal import FOLDER, HANDED_FORMAT, HANDED_IN, SUFFIX, VERSION, check_name

PUPIL_COLUMNS = ("pupil", "hands", "decisions", "mistakes", "found", "due", "exercises_tried", "exercises_right")
MISTAKE_COLUMNS = ("pupil", "time", "preset", "decision", "phase", "chose", "best", "cost", "tricks", "why")
EXERCISE_COLUMNS = ("pupil", "time", "exercise", "answer", "right", "status")
KINDS = ("hand", "review", "mistake", "retry", "practice", "exercise")


class ReportError(EuchreError, ValueError):
    """A folder that cannot be reported on: which, and why."""


class ClassReport:
    """Everything the pupils kept in ``folder`` (and in each folder after it: on a school's hub,
    every pupil's own): ``records`` (each a dict, oldest first) and the
    files or lines passed over, ``skipped`` (``(name, why)`` pairs). Its charts are
    ``figures.class_charts(report)``; the teacher's page (``widgets.ClassBoard``) shows both."""

    def __init__(self, folder, *more, now=None):
        self.folders = tuple(Path(f) for f in (folder, *more))
        self.folder = self.folders[0]
        for f in self.folders:
            if not f.is_dir():
                raise ReportError(f"{str(f)!r}: no such folder: give the folder the class's work is kept in")
        self.now = now or _dt.datetime.now(_dt.UTC)
        records: list[dict] = []
        skipped: list[tuple[str, str]] = []
        for where in self.folders:
            work = where / FOLDER
            for path in sorted(work.glob(f"*{SUFFIX}")) if work.is_dir() else ():
                _read_journal(path, records, skipped, self._shown(path))
            for path in sorted({*where.glob(f"*{HANDED_IN}"), *(work.glob(f"*{HANDED_IN}") if work.is_dir() else ())}):
                _read_handed_in(path, records, skipped, self._shown(path))
        # a record both kept and handed in counts once: by its id (an older one without: by all it says)
        once = {r.get("id") or json.dumps(r, sort_keys=True): r for r in records}
        self.records = tuple(sorted(once.values(), key=lambda r: r["time"]))
        self.due = self._due(skipped)
        self.skipped = tuple(skipped)

    def _due(self, skipped) -> dict:
        due: dict = {}
        for path in sorted(p for where in self.folders for p in where.glob(f"*{QUEUE_SUFFIX}")):
            name = path.name[:-len(QUEUE_SUFFIX)]
            try:
                pupil = check_name(name)
                due[pupil] = due.get(pupil, 0) + len(Queue.open(name, path.parent).due(self.now))
            except EuchreError as err:
                skipped.append((self._shown(path), str(err).replace(str(path), path.name)))
        return due

    def _shown(self, path: Path) -> str:
        """A file as a skipped entry names it: its name, or with several folders (a hub's pupils,
        each with his own ``ana.jsonl``) its whole path."""
        return path.name if len(self.folders) == 1 else str(path)

    # ---- the tables ----------------------------------------------------------------------------------

    def of(self, kind: str) -> list:
        return [r for r in self.records if r["kind"] == kind]

    @property
    def names(self) -> list:
        return sorted({r["pupil"] for r in self.records} | set(self.due), key=str.lower)

    @property
    def pupils(self):
        import pandas as pd  # deferred: start-up (pandas)

        rows = []
        for name in self.names:
            mine = [r for r in self.records if r["pupil"] == name]
            hands = [r for r in mine if r["kind"] == "hand"]
            tried = {r["exercise"] for r in mine if r["kind"] == "exercise" and r["status"] != "not attempted"}
            right = {r["exercise"] for r in mine if r["kind"] == "exercise" and r["right"]}
            rows.append({"pupil": name, "hands": len(hands), "decisions": sum(r["decisions"] for r in hands),
                         "mistakes": sum(r["kind"] == "mistake" for r in mine),
                         "found": sum(r["kind"] == "retry" and r["outcome"] == "found" for r in mine),
                         "due": self.due.get(name, 0), "exercises_tried": len(tried), "exercises_right": len(right)})
        return pd.DataFrame(rows, columns=list(PUPIL_COLUMNS))

    @property
    def mistakes(self):
        import pandas as pd  # deferred: start-up (pandas)

        return pd.DataFrame([{c: r.get(c) for c in MISTAKE_COLUMNS} for r in self.of("mistake")],
                            columns=list(MISTAKE_COLUMNS))

    @property
    def exercises(self):
        import pandas as pd  # deferred: start-up (pandas)

        return pd.DataFrame([{c: r.get(c) for c in EXERCISE_COLUMNS} for r in self.of("exercise")],
                            columns=list(EXERCISE_COLUMNS))

    @property
    def hands(self):
        """One row a hand played: the pupil, when, its preset, decisions and mistakes, and the
        hand's number in the pupil's own order (what the chart of mistakes over time runs along)."""
        import pandas as pd  # deferred: start-up (pandas)

        rows: list[dict] = []
        count: dict[str, int] = {}
        reviewed = {r["hand"]: r["mistakes"] for r in self.of("review")}  # a review says how many it found
        for r in self.of("hand"):
            count[r["pupil"]] = count.get(r["pupil"], 0) + 1
            key = r["hand"]
            rows.append({"pupil": r["pupil"], "time": r["time"], "preset": r["preset"], "hand": count[r["pupil"]],
                         "decisions": r["decisions"], "reviewed": key in reviewed, "mistakes": reviewed.get(key)})
        return pd.DataFrame(rows, columns=["pupil", "time", "preset", "hand", "decisions", "reviewed", "mistakes"])

    # ---- in words --------------------------------------------------------------------------------------

    def lines(self) -> list:
        """One line a pupil, as the report command prints them."""
        out = []
        for row in self.pupils.itertuples(index=False):
            out.append(f"{row.pupil}: {_n(row.hands, 'hand')}, {_n(row.decisions, 'decision')}, "
                       f"{_n(row.mistakes, 'mistake')} ({row.found} found again), {row.due} due for practice; "
                       f"exercises: {row.exercises_tried} tried, {row.exercises_right} right")
        return out

    def summary(self) -> str:
        n = len(self.names)
        where = self.folder.name or self.folder if len(self.folders) == 1 else _n(len(self.folders), "folder")
        text = f"{_n(n, 'pupil')} in {where}: {_n(len(self.of('hand')), 'hand')} played, " \
               f"{_n(len(self.of('mistake')), 'mistake')}, {_n(len(self.of('exercise')), 'exercise check')}."
        if self.skipped:
            text += f" {_n(len(self.skipped), 'file or line')} passed over (see skipped)."
        return text

    def __str__(self) -> str:
        lines = [self.summary(), *self.lines()]
        lines += [f"passed over: {name}: {why}" for name, why in self.skipped]
        return "\n".join(lines)

    def __repr__(self) -> str:
        return f"ClassReport({', '.join(repr(str(f)) for f in self.folders)})"

    def latest_html(self, count: int = 12) -> str:
        """The latest mistakes, newest first: who, which kind of decision, the cost and why."""
        rows = self.of("mistake")[-count:][::-1]
        if not rows:
            return "<p>No mistake kept yet.</p>"
        body = "".join(f"<tr><td>{escape(r['pupil'])}</td><td>{escape(r['preset'])}</td><td>{escape(r['decision'])}"
                       f"</td><td>{escape(str(r.get('chose', '')))}</td><td>{escape(str(r.get('best', '')))}</td>"
                       f"<td>{r['cost']:.2f}</td><td>{escape(str(r.get('why') or ''))}</td></tr>" for r in rows)
        head = "".join(f"<th>{h}</th>" for h in ("pupil", "rule set", "decision", "chose", "best", "cost (points)",
                                                   "why"))
        return f"<p>The latest mistakes, newest first:</p><table><tr>{head}</tr>{body}</table>"

    def table_html(self) -> str:
        """The pupils' table, its headings in words, and the files passed over."""
        shown = self.pupils.rename(columns=lambda c: c.replace("_", " "))
        shown = shown.rename(columns={"found": "found again", "due": "due for practice"})
        skipped = "".join(f"<li>{escape(name)}: {escape(why)}</li>" for name, why in self.skipped)
        return shown.to_html(index=False, border=0) + (f"<p>Passed over:</p><ul>{skipped}</ul>" if skipped else "")

    def _repr_html_(self) -> str:
        return f"<p>{escape(self.summary())}</p>{self.table_html()}"


def work_signature(folder) -> tuple:
    """What the class's folder holds now, cheaply (each file's name, size and time): a page reads
    the work again only when this changes."""
    folder = Path(folder)
    found = []
    for where in (folder, folder / FOLDER):
        if where.is_dir():
            for path in where.iterdir():
                if path.name.endswith((SUFFIX, HANDED_IN, QUEUE_SUFFIX)):
                    try:
                        st = path.stat()
                    except OSError:
                        continue
                    found.append((str(path), st.st_size, st.st_mtime_ns))
    return tuple(sorted(found))


def _n(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def _record(data, where: str):
    """``data`` as one of the kit's records, or the reason it is not."""
    if not isinstance(data, dict) or data.get("v") != VERSION or data.get("kind") not in KINDS:
        return None, f"{where} is not a record of the kit's"
    if not isinstance(data.get("time"), str):
        return None, f"{where} has no time"
    try:
        check_name(data.get("pupil"))
        _dt.datetime.fromisoformat(data["time"])
    except (EuchreError, ValueError) as err:
        return None, f"{where}: {err}"
    needs = {"hand": ("decisions", "hand"), "mistake": ("cost", "decision"), "retry": ("outcome",),
             "practice": ("found",), "review": ("hand", "mistakes"), "exercise": ("exercise", "right", "status")}[data["kind"]]
    missing = [k for k in needs if k not in data]
    if missing or ("decisions" in needs and not isinstance(data["decisions"], int)):
        return None, f"{where} lacks {', '.join(missing) or 'a count of decisions'}"
    return data, None


def _read_journal(path: Path, records: list, skipped: list, name: str) -> None:
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        skipped.append((name, f"cannot be read ({type(err).__name__})"))
        return
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            data = json.loads(line)
        except json.JSONDecodeError:
            skipped.append((name, f"line {number} is not JSON (cut short?)"))
            continue
        record, why = _record(data, f"line {number}")
        if record is None:
            skipped.append((name, why))
        else:
            records.append(record)


def _read_handed_in(path: Path, records: list, skipped: list, name: str) -> None:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as err:
        skipped.append((name, f"not a file of work handed in ({type(err).__name__})"))
        return
    if not isinstance(data, dict) or data.get("format") != HANDED_FORMAT or not isinstance(data.get("records"), list):
        skipped.append((name, f"not a file of work handed in (expected format {HANDED_FORMAT!r})"))
        return
    for number, item in enumerate(data["records"], 1):
        record, why = _record(item, f"record {number}")
        if record is None:
            skipped.append((name, why))
        else:
            records.append(record)


__all__ = ["ClassReport", "ReportError", "HANDED_IN", "HANDED_FORMAT"]

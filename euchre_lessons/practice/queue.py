"""A student's review queue: positions missed come back on a spaced schedule (FSRS).

>>> from euchre_lessons.practice import positions
>>> position = positions("03")[0]
>>> q = Queue.open("ana")                  # ana.euchre-queue.json in the folder he works in
>>> q = q.add(position)                    # a position he missed (a retry's, or one of the kit's)
>>> [p.id for p in q.due()]                # what is due today, oldest first
['hoyle_railroad-defend-301']
>>> q = q.answer(position, found=True)     # scheduled on: found is "good", not found "again"
>>> len(q), q.path.name
(1, 'ana.euchre-queue.json')

Each position is kept whole (its table, as a position file holds it), so the queue stands on its
own. Its schedule is an FSRS card (the ``fsrs`` package: a missed position comes back within
minutes, then days as it is found again and again); the fuzz FSRS adds to intervals is off, so a
schedule is the same on every machine. Every change writes the file at once, whole
(``files.write_whole``), so a crash never leaves half a queue; and it is made to the file as it
is then, under the folder's lock (``files.one_writer``), so two pages on one queue (a pupil's
two tabs) lose nothing: each review is applied to the latest queue, whoever wrote it. A file
that cannot be read is refused with ``QueueError`` naming it and what is wrong, and is never
overwritten: nothing the student saved is lost.
"""
from __future__ import annotations

import datetime as _dt
import hashlib
import json
import re
from pathlib import Path
from typing import Any, NamedTuple

from ..errors import EuchreError
from ..files import one_writer, write_whole
from .positions import PositionError, build

VERSION = 1
SUFFIX = ".euchre-queue.json"
_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9 _-]{0,39}$")


class QueueError(EuchreError, ValueError):
    """A queue file or name that cannot be used: which, and what is wrong."""


def _now(now=None) -> _dt.datetime:
    now = now or _dt.datetime.now(_dt.UTC)
    if now.tzinfo is None:
        raise QueueError(f"now={now!r}: give a time with its time zone (datetime.timezone.utc)")
    return now


def _scheduler():
    from fsrs import Scheduler  # deferred: start-up (fsrs)

    return Scheduler(enable_fuzzing=False)


def _card_id(position_id: str) -> int:
    return int(hashlib.sha256(position_id.encode()).hexdigest()[:12], 16)


class Item(NamedTuple):
    """One position in the queue: its ``entry`` (the position file's table), its FSRS ``card``
    (as a dict), and how often it was ``missed`` and ``found``."""

    entry: dict
    card: Any  # fsrs's ``CardDict``, as the JSON file keeps it
    missed: int = 0
    found: int = 0

    @property
    def id(self) -> str:
        return self.entry["id"]

    @property
    def due(self) -> _dt.datetime:
        return _dt.datetime.fromisoformat(self.card["due"])

    def position(self, source: str = "queue"):
        return build(self.entry, source)


class Queue(NamedTuple):
    """A student's positions to practise, kept in ``path``."""

    path: Path
    items: tuple = ()

    @classmethod
    def open(cls, name: str, folder=None) -> Queue:
        """The queue called ``name`` in ``folder`` (default: the folder one works in); empty if
        it has no file yet."""
        if not isinstance(name, str) or not _NAME.match(name):
            raise QueueError(f"queue name {name!r}: use 1 to 40 letters, digits, spaces, '-' or '_', starting "
                             "with a letter or digit (such as 'ana' or 'class-7b')")
        path = Path(folder if folder is not None else Path.cwd()) / f"{name}{SUFFIX}"
        if not path.exists():
            return cls(path)
        return cls(path, _read(path))

    def add(self, position, now=None) -> Queue:
        """``position`` missed: added (due at once), or if already there, marked missed again."""
        now = _now(now)

        def added(items: tuple) -> tuple:
            for item in items:
                if item.id == position.id:
                    return _reviewed(items, item, False, now)
            from fsrs import Card  # deferred: start-up (fsrs)

            card = Card(card_id=_card_id(position.id), due=now).to_dict()
            return items + (Item(position.entry(), card, 1, 0),)

        return self._change(added)

    def due(self, now=None, today: bool = True) -> tuple:
        """The positions due now (or by the end of today, UTC, with ``today``), soonest first."""
        now = _now(now)
        until = now.replace(hour=23, minute=59, second=59, microsecond=0) if today else now
        ready = sorted((i for i in self.items if i.due <= until), key=lambda i: (i.due, i.id))
        return tuple(i.position(str(self.path.name)) for i in ready)

    def answer(self, position, found: bool, now=None) -> Queue:
        """Schedule ``position`` on: ``found`` rates it good, else again."""
        now = _now(now)

        def answered(items: tuple) -> tuple:
            for item in items:
                if item.id == position.id:
                    return _reviewed(items, item, bool(found), now)
            raise QueueError(f"{self.path.name}: position {position.id!r} is not in this queue (add it first)")

        return self._change(answered)

    def __len__(self) -> int:
        return len(self.items)

    def next_due(self, now=None) -> _dt.datetime | None:
        """When the first position not due by the end of ``now``'s day comes due (None if none)."""
        now = _now(now)
        until = now.replace(hour=23, minute=59, second=59, microsecond=0)
        later = [i.due for i in self.items if i.due > until]
        return min(later) if later else None

    def summary(self, now=None) -> str:
        now = _now(now)
        n, due = len(self.items), len(self.due(now))
        text = f"{n} position{'s' if n != 1 else ''} in {self.path.name}; {due} due today"
        after = self.next_due(now)
        if after is not None:
            text += f"; the next comes due on {after.strftime('%A')} {after.day} {after.strftime('%B')}"
        return text + "."

    def __str__(self) -> str:
        return self.summary()

    # ---- plumbing ------------------------------------------------------------------------------

    def _change(self, change) -> Queue:
        """``change`` (items -> items) made to the queue as its file holds it now, under the
        folder's lock, and written back: another page's changes since this one was read are kept."""
        with one_writer(self.path.parent):
            items = _read(self.path) if self.path.exists() else ()
            out = Queue(self.path, change(items))
            _write(out)
        return out


def _reviewed(items: tuple, item: Item, found: bool, now) -> tuple:
    """``items`` with ``item``'s schedule moved on by one answer (good if ``found``, else again)."""
    from fsrs import Card, Rating  # deferred: start-up (fsrs)

    card, _ = _scheduler().review_card(Card.from_dict(item.card), Rating.Good if found else Rating.Again, now)
    new = item._replace(card=card.to_dict(), missed=item.missed + (not found), found=item.found + found)
    return tuple(new if i.id == item.id else i for i in items)


def _read(path: Path) -> tuple:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as e:
        raise QueueError(f"{path}: not a queue file ({e}); it is left as it is") from None
    if not isinstance(data, dict) or data.get("version") != VERSION or not isinstance(data.get("items"), list):
        raise QueueError(f"{path}: expected {{'version': {VERSION}, 'items': [...]}}; it is left as it is")
    from fsrs import Card  # deferred: start-up (fsrs)

    items = []
    for k, raw in enumerate(data["items"]):
        where = f"{path}: item {k}"
        if not isinstance(raw, dict) or not isinstance(raw.get("entry"), dict) or not isinstance(raw.get("card"), dict):
            raise QueueError(f"{where}: expected an object with 'entry' and 'card'; the file is left as it is")
        try:
            build(raw["entry"], str(path.name))
            _dt.datetime.fromisoformat(raw["card"]["due"])
            Card.from_dict(raw["card"])
        except PositionError as e:
            raise QueueError(f"{where}: {e}; the file is left as it is") from None
        except (KeyError, TypeError, ValueError) as e:
            raise QueueError(f"{where}: its schedule cannot be read ({e!r}); the file is left as it is") from None
        missed, found = raw.get("missed", 0), raw.get("found", 0)
        if not all(isinstance(x, int) and not isinstance(x, bool) and x >= 0 for x in (missed, found)):
            raise QueueError(f"{where}: missed and found are counts (whole numbers, 0 or more)")
        items.append(Item(raw["entry"], raw["card"], missed, found))
    return tuple(items)


def _write(queue: Queue) -> None:
    data = {"version": VERSION, "items": [{"entry": i.entry, "card": i.card, "missed": i.missed, "found": i.found}
                                          for i in queue.items]}
    write_whole(queue.path, json.dumps(data, indent=1, ensure_ascii=False) + "\n")


__all__ = ["Queue", "QueueError", "Item", "SUFFIX"]

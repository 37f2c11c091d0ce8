"""Practising positions, one at a time, as a value: ``Practice``.

>>> print(Practice.today("ana"))        # what ana's review queue has due today
Nothing due: no positions to practise today.
>>> p = Practice.lesson("03")           # or the kit's positions of a lesson
>>> print(p)                            # the question, the choices
Position 1 of 12: You are South: an opponent is going alone. Do you defend alone?
Your choices: defend alone, defend alone no exchange, pass.
>>> p = p.choose("defend alone")        # found, or not yet with the first rung of the hint ladder
>>> print(p)
Position 1 of 12: You are South: an opponent is going alone. Do you defend alone?
Found: “defend alone”. West plays alone. ...
>>> print(p.prove())                    # the proof, on request
Position 1 of 12: You are South: an opponent is going alone. Do you defend alone?
Proved over 120 deals of the cards you could not see, drawn at random ... “defend alone” is best; “pass” ... points
behind (± ...); “defend alone no exchange” ... points behind (± ...).
>>> p = p.next()                        # the next position; at the end: found k of n

With a queue, the first answer to each position is what it is scheduled by (found: good; not
found at the first try: again), and the queue's file is written at once. Every method returns a
new ``Practice``; an illegal choice raises ``IllegalActionError`` naming the choices, and the
``Practice`` it was tried on is unchanged.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from ..errors import IllegalActionError
from ..practice import positions, prove
from ..practice.queue import Queue
from ..render import PLAIN
from ..words import action_words
from .hints import hint
from .retry import asked_html, asked_text

if TYPE_CHECKING:
    from ..practice.queue import Queue


class Practice(NamedTuple):
    """Positions to answer in order (``positions``), the one at ``at`` being asked; ``queue`` (a
    ``practice.Queue``) is scheduled by each first answer; ``outcomes`` holds per position
    ``"found"``, ``"not yet"`` (tried, not found) or ``""`` (not tried)."""

    positions: tuple
    at: int = 0
    outcomes: tuple = ()
    message: str = ""
    queue: Queue | None = None
    first: tuple = ()  # per position: whether its first answer was found (None: not answered)

    @classmethod
    def of(cls, positions, queue=None) -> Practice:
        positions = tuple(positions)
        return cls(positions, 0, ("",) * len(positions), "", queue, (None,) * len(positions))

    @classmethod
    def today(cls, name: str, folder=None, now=None) -> Practice:
        """The positions due today in the review queue called ``name`` (``practice.Queue``)."""
        q = Queue.open(name, folder)
        return cls.of(q.due(now), q)

    @classmethod
    def lesson(cls, lesson: str, queue=None) -> Practice:
        """The kit's positions of lesson ``lesson`` (such as ``"03"``); with ``queue``, the ones
        missed at the first try go into it."""
        return cls.of(positions(lesson), queue)

    # ---- where it stands ---------------------------------------------------------------------------

    @property
    def current(self):
        return self.positions[self.at] if self.at < len(self.positions) else None

    @property
    def done(self) -> bool:
        return self.current is None

    @property
    def state(self):
        """The state at the position being asked (None when all are done)."""
        return None if self.current is None else self.current.state

    @property
    def seat(self):
        return None if self.current is None else self.current.seat

    def legal_actions(self) -> tuple:
        p = self.current
        return () if p is None or self.outcomes[self.at] == "found" else p.state.legal_actions()

    @property
    def found(self) -> int:
        return sum(o == "found" for o in self.outcomes)

    def count(self) -> str:  # type: ignore[override]  # the answers so far, in words: not tuple.count
        n = len(self.positions)
        if not n:
            return "Nothing due: no positions to practise today."
        return f"Found {self.found} of {n}; {n - self.at - (0 if self.done else 1)} more to come."

    # ---- answering ---------------------------------------------------------------------------------

    def choose(self, action) -> Practice:
        p = self.current
        if p is None:
            raise IllegalActionError(f"nothing left to answer: {self.count()}")
        if self.outcomes[self.at] == "found":
            raise IllegalActionError("this position is answered: go on with next()")
        action = p.state.parse_choice(action)
        found = p.check(action)  # IllegalActionError, naming the choices, for a choice not there
        if found:
            text = f"Found: “{action_words(action)}”. {p.explanation}"
        else:
            text = (f"Not yet: “{action_words(action)}” is not the best choice here. Think about it: "
                    f"{hint(p.state, p.seat, 1).text} Try again, or ask for the proof.")
        outcomes = self._put(self.outcomes, "found" if found else "not yet")
        first, queue = self.first, self.queue
        if first[self.at] is None:
            first = self._put(first, found)
            if queue is not None:
                queue = queue.answer(p, found) if any(i.id == p.id for i in queue.items) else \
                    (queue if found else queue.add(p))
        return self._replace(outcomes=outcomes, message=text, first=first, queue=queue)

    def prove(self) -> Practice:
        """The proof of this position's answer, in words (``practice.prove``)."""
        p = self.current
        if p is None:
            raise IllegalActionError(f"nothing left to prove: {self.count()}")
        return self._replace(message=str(prove(p)))

    def next(self) -> Practice:
        if self.current is None:
            raise IllegalActionError(f"nothing left: {self.count()}")
        at = self.at + 1
        return self._replace(at=at, message=self.count() if at >= len(self.positions) else "")

    # ---- showing itself ----------------------------------------------------------------------------

    def question(self) -> str:
        p = self.current
        if p is None:
            return self.count()
        return f"Position {self.at + 1} of {len(self.positions)}: {p.question}"

    def __str__(self) -> str:
        return asked_text(self)

    def html(self, look=PLAIN) -> str:
        return asked_html(self, look)

    def _repr_html_(self) -> str:
        return self.html()

    def __repr__(self) -> str:
        return f"<Practice {self.question()}>"

    def _put(self, values: tuple, value) -> tuple:
        return values[:self.at] + (value,) + values[self.at + 1:]


__all__ = ["Practice"]

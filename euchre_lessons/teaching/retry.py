"""Try your mistakes again: ``retry(review)`` -> ``Retry``, a loop of values.

>>> from euchre_lessons.teaching.session import PlaySession
>>> session = PlaySession("standard", human=0, seed=3).play("pass").play("play 9H")
>>> while not session.is_over:     # the rest of the hand: the first card on offer
...     session = session.play(session.legal_actions()[0])
>>> r = session.retry()            # after the hand: the review's mistakes, one at a time
>>> print(r)                       # where you are, what you played, what to do
Mistake 1 of 2, step 4 (first round): you chose “pass”. Find a better choice.
Your choices: take up, pass.
>>> r = r.choose("take up")        # "found" if within the review's margin of the best, else "not yet"
>>> print(r)
Mistake 1 of 2, step 4 (first round): you chose “pass”. Find a better choice.
Found: “take up” is the best choice by what you could know.
>>> r = r.next().show()            # on to the next mistake, and be shown the best, with its numbers
>>> print(r.next())                # at the end: what was found
Found 1 of 2. Shown 1.

Each mistake is put back as it was: the state just before the decision, seen from the seat
that made it (its own cards, what was on the table). A choice is **found** when it falls short
of the best by no more than the sampling error of the review's own numbers (the same line the
review draws between a mistake and a sound choice); the choice first made is never accepted.
Another choice is **not yet**, with the first rung of the hint ladder, and may be tried again.
Every method returns a new ``Retry``; an illegal choice raises ``IllegalActionError`` naming the
choices there are, and the ``Retry`` it was tried on is unchanged.
"""
from __future__ import annotations

import hashlib
from html import escape
from typing import NamedTuple

from ..actions import Action
from ..errors import IllegalActionError
from ..hand.phases import Phase
from ..hand.state import HandState
from ..practice.positions import build
from ..render import PLAIN, state_html
from ..valuing.knowing import Values
from ..words import action_words
from .hints import hint
from .questions import explanation, question
from .review import falls_short

FOUND, NOT_YET, SHOWN, OPEN = "found", "not yet", "shown", "open"


class Mistake(NamedTuple):
    """One mistake to try again: the ``step`` of the hand, the ``state`` before it, the action
    first ``chosen``, the review's ``values`` of every choice, how the retry stands, and the
    review's ``why``."""

    step: int
    state: HandState
    chosen: Action
    values: Values
    outcome: str = OPEN
    tries: tuple = ()
    why: str = ""  # the review's words for why it was a mistake (``mistakes.why``)


def _pts(x: float) -> str:
    return f"{x:.2f} point{'' if abs(x - 1) < 1e-9 else 's'}"


def as_good(v, action) -> str:
    """What a choice other than the best that does not fall short is told: worth the same as the
    best whatever the layout where no card still out separates them (as the hint says), or in
    every layout valued; else behind it by no more than the sampling error."""
    best = v.best.action
    _, lost, _, se = v.loss(action)
    if action in v.same_as_best() or (v.exact and abs(lost) < 0.005 and se < 0.0025):
        return (f"Found: “{action_words(action)}” is worth the same as “{action_words(best)}” whatever "
                "the layout of the cards you could not see.")
    if abs(lost) < 0.005 and se < 0.0025:
        return (f"Found: “{action_words(action)}” is worth the same as “{action_words(best)}” in each of "
                f"the {v.layouts:,} {'deals' if v.method == 'playouts' else 'layouts'} valued.")
    return (f"Found: “{action_words(action)}” is as good as the best by what you could know "
            f"(behind “{action_words(best)}” by {_pts(max(lost, 0.0))}, within the sampling error "
            f"of ± {_pts(2 * se)}).")


class Retry(NamedTuple):
    """The mistakes of one seat's hand, in order, the one at ``at`` being tried; ``message`` is
    what the last choice (or ``show``) was told."""

    seat: int
    mistakes: tuple
    at: int = 0
    message: str = ""
    seed: object = 0

    # ---- where the loop stands -------------------------------------------------------------------

    @property
    def current(self) -> Mistake | None:
        return self.mistakes[self.at] if self.at < len(self.mistakes) else None

    @property
    def done(self) -> bool:
        """Every mistake tried until found or shown, and the loop moved past the last."""
        return self.current is None

    @property
    def state(self):
        """The state at the decision being tried (None when the loop is done)."""
        return None if self.current is None else self.current.state

    def legal_actions(self) -> tuple:
        m = self.current
        return () if m is None or m.outcome in (FOUND, SHOWN) else m.state.legal_actions()

    @property
    def found(self) -> int:
        return sum(m.outcome == FOUND for m in self.mistakes)

    def summary(self) -> str:
        n = len(self.mistakes)
        if not n:
            return "No mistakes to try again: every decision was sound by what you could know."
        shown = sum(m.outcome == SHOWN for m in self.mistakes)
        return f"Found {self.found} of {n}." + (f" Shown {shown}." if shown else "")

    # ---- the student's moves ---------------------------------------------------------------------

    def choose(self, action) -> Retry:
        """Try ``action`` (an ``Action`` or its text; a card alone for a card) at this mistake."""
        m = self.current
        if m is None:
            raise IllegalActionError(f"no mistake left to try: the retry is over ({self.summary()})")
        if m.outcome in (FOUND, SHOWN):
            raise IllegalActionError(f"this mistake is settled ({m.outcome}): go on with next()")
        action = m.state.parse_choice(action)
        legal = m.state.legal_actions()
        if action not in legal:
            raise IllegalActionError(f"{action_words(action)!r} is not a choice at step {m.step}: the choices are "
                                     + ", ".join(action_words(a) for a in legal))
        v = m.values
        best = v.best.action
        if action == m.chosen:
            ok, text = False, f"Not yet: “{action_words(action)}” is what you played, and it was the mistake."
        elif not falls_short(v, action):
            ok = True
            if action == best:
                text = f"Found: “{action_words(action)}” is the best choice by what you could know."
            else:
                text = as_good(v, action)
        else:
            _, lost, _, se = v.loss(action)
            ok = False
            text = (f"Not yet: “{action_words(action)}” falls short of the best by {_pts(lost)} on average "
                    f"(± {_pts(2 * se)}).")
        if not ok:
            text += f" Think about it: {hint(m.state, self.seat, 1).text} Try again, or ask to be shown."
        changed = m._replace(outcome=FOUND if ok else NOT_YET, tries=m.tries + (action,))
        return self._replace(mistakes=self._swap(changed), message=text)

    def show(self) -> Retry:
        """Give up on this mistake: the best choice, and what it makes over the one first played."""
        m = self.current
        if m is None:
            raise IllegalActionError(f"no mistake left to show: the retry is over ({self.summary()})")
        v = m.values
        best = v.best.action
        _, lost, _, se = v.loss(m.chosen)
        text = (f"The best was “{action_words(best)}”: over {v.layouts:,} "
                f"{'deals' if v.method == 'playouts' else 'layouts'} of the cards you could not see, it makes "
                f"{_pts(lost)} more on average than “{action_words(m.chosen)}”, which you played (± {_pts(2 * se)}).")
        if m.why:
            text += f" Why: {m.why}"
        outcome = m.outcome if m.outcome == FOUND else SHOWN
        return self._replace(mistakes=self._swap(m._replace(outcome=outcome)), message=text)

    def next(self) -> Retry:
        """On to the next mistake (the one under way is left as it stands)."""
        if self.current is None:
            raise IllegalActionError(f"no mistake left: the retry is over ({self.summary()})")
        at = self.at + 1
        return self._replace(at=at, message=self.summary() if at >= len(self.mistakes) else "")

    def missed(self) -> tuple:
        """The mistakes not found (shown, or not yet found) as practice positions
        (``practice.Position``), for a student's review queue (``practice.Queue.add``)."""
        return tuple(position_of(m, self.seat) for m in self.mistakes if m.outcome != FOUND)

    # ---- showing itself ----------------------------------------------------------------------------

    def question(self) -> str:
        m = self.current
        if m is None:
            return self.summary()
        n = len(self.mistakes)
        trick = f", trick {len(m.state.tricks) + 1}" if m.state.phase is Phase.PLAY else ""
        return (f"Mistake {self.at + 1} of {n}, step {m.step} ({m.state.phase}{trick}): you chose "
                f"“{action_words(m.chosen)}”. Find a better choice.")

    def __str__(self) -> str:
        return asked_text(self)

    def _repr_html_(self) -> str:
        return self.html()

    def html(self, look=PLAIN) -> str:
        """The question, the table as the seat saw it then (in ``look``), and what was told."""
        return asked_html(self, look)

    def __repr__(self) -> str:
        return f"<Retry {self.summary() if self.done else self.question()}>"

    # ---- plumbing ----------------------------------------------------------------------------------

    def _swap(self, changed: Mistake) -> tuple:
        return self.mistakes[:self.at] + (changed,) + self.mistakes[self.at + 1:]


def asked_text(asked) -> str:
    """A decision asked again (a ``Retry``, a ``Practice``) in words: its question, what the last
    answer was told, and the choices left."""
    lines = [asked.question()]
    if asked.message and not asked.done:
        lines.append(asked.message)
    if asked.legal_actions():
        lines.append("Your choices: " + ", ".join(action_words(a) for a in asked.legal_actions()) + ".")
    return "\n".join(lines)


def asked_html(asked, look=PLAIN) -> str:
    """The same as HTML: the question, the table as ``asked.seat`` sees it, what was told."""
    table = "" if asked.state is None else state_html(asked.state, seat=asked.seat, look=look)
    message = f'<p role="status">{escape(asked.message)}</p>' if asked.message else ""
    return f"<p><strong>{escape(asked.question())}</strong></p>{table}{message}"


def position_of(m: Mistake, seat: int):
    """A mistake as a practice position: every choice the retry would accept is an answer, the
    explanation the hint's, the proof what the seat could see (the review's own layouts)."""
    state, v = m.state, m.values
    answers = [a for a in state.legal_actions() if a in v.per_layout and v.per_layout[a] and not falls_short(v, a)]
    key = hashlib.sha256(f"{state.deal}|{' '.join(map(str, state.history))}".encode()).hexdigest()[:10]
    entry = {"id": f"{state.rules.name}-mine-{key}", "preset": state.rules.name, "deal": str(state.deal),
             "actions": [str(a) for a in state.history], "seat": seat, "question": question(state),
             "answers": [str(a) for a in answers],
             "explanation": explanation(state, seat, v, m.why),
             "proof": "what you can see", "layouts": v.layouts, "margin": 0.0, "unit": "points"}
    return build(entry, "your hand")


def retry(review, seed=0) -> Retry:
    """The mistakes of ``review`` (``teaching.review``), to be tried again in order."""
    whys = {r["step"]: r["why"] for r in review.rows}
    return Retry(review.seat, tuple(Mistake(step, before, chose, v, why=whys.get(step, ""))
                                    for step, before, chose, v in review.judged), seed=seed)


__all__ = ["Retry", "Mistake", "retry", "FOUND", "NOT_YET", "SHOWN"]

"""A hand as a sequence of states with a cursor: ``Timeline``.

>>> t = Timeline.from_seed("standard", 7)        # the rule-of-thumb players play deal 7
>>> t.forward().sentence                          # what the first step did, in words
'North orders up the Q♣: clubs are trump.'
>>> print(t.last().state.result().explanation)
North made clubs. The makers took 4 of 5 tricks: made it, 1 point. Points: North-South 1, East-West 0.
>>> b = t.goto(16).branch("play AS")              # the same hand, another card at step 17
>>> b.sentence
'East has no diamonds and throws off the A♠.'
>>> print(b.last().state.result().explanation)
North made clubs. The makers took 5 of 5 tricks: a march, 2 points. Points: North-South 2, East-West 0.

State 0 is the deal; state ``i`` is the hand after step ``i``. Every move of the cursor returns
a new timeline; nothing is changed in place. ``branch`` tries another action at the cursor and
lets the timeline's players finish the hand, so two endings can be set side by side.
"""
from __future__ import annotations

from html import escape
from pathlib import Path
from typing import NamedTuple

from .. import rules as _rules
from ..actions import Action
from ..deals import Deal, deal
from ..frozen import Frozen, fill
from ..hand.state import HandState
from ..players.seating import play_on
from ..record import read
from ..render import state_html, state_text
from .narrate import deal_sentence, narrate
from .panels import result_told


class Step(NamedTuple):
    """Step ``number`` of a hand (1 is the first action): ``seat`` took ``action`` in
    ``before``, which led to ``after``. Told to one seat (``told_to``), its sentence names no
    card that seat may not see; ``None`` tells it to the whole table, every card shown."""

    number: int
    seat: int
    action: Action
    before: HandState
    after: HandState
    told_to: int | None = None

    @property
    def sentence(self) -> str:
        return narrate(self.before, self.action, self.after, self.told_to)

    def __str__(self) -> str:
        return f"{self.number}. {self.sentence}"

    def _repr_html_(self) -> str:
        return f"<p><b>{self.number}.</b> {escape(self.sentence)}</p>"


def _step(states, i: int, told_to: int | None = None) -> Step:
    return Step(i, states[i - 1].to_act, states[i].last_action, states[i - 1], states[i], told_to)


def steps_of(states, first: int = 0, told_to: int | None = None) -> tuple:
    """The steps that lead from ``states[first]`` on, numbered from the deal (state 0), told to
    ``told_to`` (``None``: to the whole table)."""
    return tuple(_step(states, i, told_to) for i in range(first + 1, len(states)))


def _states_of(source, players, seed) -> tuple:
    """The states of a hand from any source a timeline is made from."""
    if isinstance(getattr(source, "deal", None), Deal) and not isinstance(source, HandState):
        source = source.deal  # a curated deal (constrained.TeachingDeal)
    if isinstance(source, str) and not source.lstrip().startswith("{") and "|" in source:
        source = Deal.parse(source)
    if isinstance(source, Deal):
        start = HandState.start(source)
        return (start, *play_on(start, players, seed))
    if not isinstance(source, (HandState, dict, str, Path)):
        raise TypeError(f"a Timeline is made from a HandState, a Deal (or its one-line text), a curated deal, "
                        f"or a hand record (dict, JSON text or path), not {type(source).__name__}")

    final = read(source)
    states = [HandState.start(final.deal)]
    for action in final.history:
        states.append(states[-1].apply(action))
    return tuple(states)


class Timeline(Frozen):
    """A hand's states from the deal on, and a cursor on one of them (0 is the deal).

    Made from a ``HandState`` (finished or running), a ``Deal`` or a curated deal (the
    ``players`` play it out, seeded by ``seed``), or a hand record; or by ``from_seed``.
    """

    __slots__ = ("states", "cursor", "players", "seed")
    _instead = "its moves return a new timeline"
    states: tuple[HandState, ...]
    cursor: int
    players: object  # what plays the hand on: a player's name, a player, or one per seat (``seats.Bots``)
    seed: object  # the players' seed (``seats.Bots``)

    def __init__(self, source, players="rule_of_thumb", seed=0, cursor: int = 0):
        states = source.states if isinstance(source, Timeline) else _states_of(source, players, seed)
        _set(self, states, cursor, players, seed)

    @classmethod
    def from_seed(cls, rules, seed, players="rule_of_thumb", dealer: int | None = None) -> Timeline:
        """Deal ``seed`` of a rule set (the dealer rotating with the seed unless given), played
        by ``players`` (the rule-of-thumb players unless told otherwise)."""
        rs = _rules.load(rules)
        if dealer is None:
            dealer = seed % rs.players if isinstance(seed, int) else 0
        return cls(deal(rs, seed=seed, dealer=dealer), players=players, seed=seed)

    # ---- the cursor ----------------------------------------------------------------------

    def goto(self, i: int) -> Timeline:
        """The timeline at state ``i`` (0 the deal; negative counts from the end)."""
        n = len(self.states)
        if not isinstance(i, int) or isinstance(i, bool):
            raise TypeError(f"a step number is a whole number from 0 to {n - 1}, not {i!r}")
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError(f"step {i} is not in this hand: its states are numbered 0 (the deal) to {n - 1}")
        return self if i == self.cursor else _made(self.states, i, self.players, self.seed)

    def first(self) -> Timeline:
        return self.goto(0)

    def last(self) -> Timeline:
        return self.goto(len(self.states) - 1)

    def forward(self) -> Timeline:
        """One step on (the last state stays where it is)."""
        return self.goto(min(self.cursor + 1, len(self.states) - 1))

    def back(self) -> Timeline:
        """One step back (the deal stays where it is)."""
        return self.goto(max(self.cursor - 1, 0))

    def __len__(self) -> int:
        return len(self.states)

    @property
    def state(self) -> HandState:
        """The state at the cursor."""
        return self.states[self.cursor]

    @property
    def final(self) -> HandState:
        return self.states[-1]

    @property
    def at_start(self) -> bool:
        return self.cursor == 0

    @property
    def at_end(self) -> bool:
        return self.cursor == len(self.states) - 1

    # ---- the steps -----------------------------------------------------------------------

    @property
    def steps(self) -> tuple:
        """Every step of the hand, a ``Step`` each, in order."""
        return steps_of(self.states)

    def step(self, i: int | None = None) -> Step | None:
        """Step ``i`` (default: the step that led to the cursor's state); None for the deal."""
        i = self.cursor if i is None else i
        return _step(self.states, i) if i else None

    @property
    def sentence(self) -> str:
        """What the step to the cursor's state did, in one sentence (at 0, the deal)."""
        step = self.step()
        return deal_sentence(self.states[0]) if step is None else step.sentence

    @property
    def taken(self) -> Action | None:
        """The action taken from the cursor's state (None at the end of the timeline)."""
        return None if self.at_end else self.states[self.cursor + 1].last_action

    def sentences(self) -> tuple:
        """The deal's sentence, then every step's."""
        return (deal_sentence(self.states[0]),) + tuple(step.sentence for step in self.steps)

    # ---- another line of play --------------------------------------------------------------

    def branch(self, action) -> Timeline:
        """At the cursor, ``action`` instead of the one taken; the players finish the hand. The
        new timeline's cursor is on the state after ``action``. An illegal action raises
        ``IllegalActionError`` and nothing changes."""
        here = self.state
        after = here.apply(action)
        states = self.states[:self.cursor + 1] + (after, *play_on(after, self.players, self.seed))
        return _made(states, self.cursor + 1, self.players, self.seed)

    def differs_from(self, other: Timeline) -> int | None:
        """The first step at which two timelines of one deal took different actions (None if
        one is a prefix of the other)."""
        for i, (a, b) in enumerate(zip(self.states[1:], other.states[1:]), start=1):
            if a.last_action is not b.last_action:
                return i
        return None

    # ---- display -------------------------------------------------------------------------------

    def __repr__(self) -> str:
        return (f"<Timeline {self.states[0].rules.name}: state {self.cursor} of {len(self.states) - 1}, "
                f"{self.state.phase}>")

    def __str__(self) -> str:
        return f"Step {self.cursor} of {len(self.states) - 1}: {self.sentence}\n{state_text(self.state)}"

    def _repr_html_(self) -> str:
        return (f'<p><b>Step {self.cursor} of {len(self.states) - 1}.</b> {escape(self.sentence)}</p>'
                + state_html(self.state, result=not result_told([self.sentence], self.state)))

    def __eq__(self, other) -> bool:
        return isinstance(other, Timeline) and (self.states, self.cursor) == (other.states, other.cursor)

    def __hash__(self) -> int:
        return hash((self.states[-1], self.cursor))


def _set(t: Timeline, states, cursor, players, seed) -> None:
    states = tuple(states)
    if not -len(states) <= cursor < len(states):
        raise IndexError(f"step {cursor} is not in this hand: its states are numbered 0 to {len(states) - 1}")
    fill(t, states=states, cursor=cursor % len(states), players=players, seed=seed)


def _made(states, cursor, players, seed) -> Timeline:
    t = object.__new__(Timeline)
    _set(t, states, cursor, players, seed)
    return t

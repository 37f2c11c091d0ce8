"""Where two hands of one deal part, and what parts them: ``Divergence`` and ``find``.

The step is the first at which the two hands take different actions (or one hand is over, or
they stand in different phases). What parts them is found by experiment, never from a table of
which knob bears on which phase: for each knob on which the two rule sets differ, the left rule
set with that knob alone set as in the right one (``RuleSet.replace``) deals the same cards (the
packs nested as ``RuleComparison`` nests them), replays the same actions up to the step, and is
compared with the left hand there (a ``Trial``).

* A knob is named (``Divergence.knobs``) when that change alone changes, at the step, the
  choices on offer (the phase, the seat to act, the legal actions), what accepting the turn-up
  proposes, or the score of a finished hand.
* A knob that no rule set allows to change alone (``deal_packets`` needs a pack big enough for
  the cards it deals; ``pat_hand_rule`` needs laps and slams) is tried with the fewest other
  differing knobs it needs; ``Divergence.groups`` holds every unit that changes the step (one
  knob, or such a group, the knob that needs the others first).
* When the seat chose differently though both games offer what it chose, the same experiment asks
  the seat's player what it would choose: the units that alone change its choice are
  ``Divergence.sways``, told with their values, and, where they change what the hand can score,
  with what each outcome scores under each game.

Hands that never part give a ``Divergence`` too, with ``step`` None and a sentence.
"""
from __future__ import annotations

from html import escape
from itertools import combinations
from typing import NamedTuple

from ..cards import Suit, cards_of
from ..errors import EuchreError, RuleSetError
from ..hand.bidding import proposed_trump
from ..hand.phases import Phase
from ..hand.state import HandState
from ..outcome import Outcome
from ..players.seating import Bots
from ..scoring import score
from ..table import seat_name
from ..words import action_words, capital, card_words, cards_words, listed, suit_words
from .knob_words import knob_words, value_words

# What is compared at the step, in order: the choices on offer, the trump proposed, the score.
CHOICES, PROPOSAL, SCORE = "choices", "proposal", "score"

_PHASE_WORDS = {
    Phase.ROUND1: "the first round of making trump", Phase.ROUND2: "the second round of making trump",
    Phase.BLIND: "the dealer naming trump blind", Phase.AUCTION: "the auction", Phase.WIDOW: "the widow discards",
    Phase.TRUMP: "the naming of trump", Phase.PARTNERS: "the naming of partners",
    Phase.ALONE: "the choice to go alone", Phase.TAKE_OVER: "the partner's chance to take the lone hand over",
    Phase.GIVE: "the lone player's gift for partner's best", Phase.BEST: "partner's best",
    Phase.JAMBONE: "the offer of a Jambone", Phase.DEFEND: "the offer to defend alone",
    Phase.DISCARD: "the dealer's discard", Phase.JAMBOREE: "the offer of a Jamboree",
    Phase.PLAY: "the play of the cards", Phase.DONE: "the end of the hand",
}
_ALONE_PHASES = (Phase.ALONE, Phase.TAKE_OVER, Phase.JAMBONE, Phase.DEFEND)


class Trial(NamedTuple):
    """One experiment: the left rule set with ``knobs`` set as in the right one (``rules``), the
    left hand's state at the step rebuilt under them (``state``; None when the same actions
    cannot be replayed), what differs there from the left hand (``changes``: ``choices``,
    ``proposal``, ``score``) and, when asked, the seat's ``choice`` there."""

    knobs: tuple
    rules: object
    state: object
    changes: tuple
    choice: object = None


class Divergence(NamedTuple):
    """Where two hands of one deal part: ``step`` (the first step at which they differ; None when
    they never do), the two ``Step``s there (None where a hand is over), ``head`` (where they
    part, the end of the sentence "the two hands part ...", or, when they never part, a sentence
    of its own), ``parts`` (the explanation, a labelled line each: what each game
    does, what is on offer, why the seat chooses differently, what a hand scores, which knobs
    part them), ``knobs`` (the knobs named: the first of each group), ``groups`` (the units that
    alone change the step: one knob, or a knob that cannot be set alone with the fewest others it
    needs) and ``sways`` (the units that alone change the seat's choice between choices both
    games offer)."""

    step: int | None
    left: object
    right: object
    head: str
    parts: tuple = ()
    knobs: tuple = ()
    groups: tuple = ()
    sways: tuple = ()

    @property
    def why(self) -> str:
        """The whole explanation, a line for each part, without the step's number."""
        return "\n".join([self.sentence] + [f"{label}: {text}" for label, text in self.parts])

    @property
    def sentence(self) -> str:
        """Where the hands part, in one sentence (or that they never do)."""
        return self.head if self.step is None else f"the two hands part {self.head}"

    @property
    def causes(self) -> str:
        """The line that names the knobs that part the hands (or says that none does alone)."""
        return next((text for label, text in self.parts if label == KNOBS), "")

    def __str__(self) -> str:
        return self.why if self.step is None else f"Step {self.step}: {self.why}"

    def parts_html(self) -> str:
        """The labelled lines as an HTML list (the panel shows them under its own heading)."""
        items = "".join(f"<li><b>{escape(label)}:</b> {escape(text)}</li>" for label, text in self.parts)
        return f'<ul style="margin:0.3em 0;padding-left:1.2em">{items}</ul>' if items else ""

    def _repr_html_(self) -> str:
        step = "" if self.step is None else f"Step {self.step}: "
        return f"<p><b>{escape(step + self.sentence)}</b></p>{self.parts_html()}"


# The labels of the explanation's lines (the games' own lines are labelled with their names).
OFFER, SCORES, KNOBS = "On offer", "What a hand scores", "The knobs"


# ---- the experiments ---------------------------------------------------------------------------

def units(a, b, differ) -> tuple:
    """The knobs to flip, each alone where the left rule set ``a`` allows it, else with the fewest
    other differing knobs it needs (up to two); a knob that needs more is left out."""
    out: list[tuple[str, ...]] = []
    for k in differ:
        others = [j for j in differ if j != k]
        for extra in ((),) + tuple(combinations(others, 1)) + tuple(combinations(others, 2)):
            unit = (k,) + extra
            try:
                flipped(a, b, unit)
            except RuleSetError:
                continue
            if unit not in out and not any(set(u) == set(unit) for u in out):
                out.append(unit)
            break
    return tuple(out)


def flipped(a, b, knobs):
    """Rule set ``a`` with ``knobs`` set as in ``b`` (``RuleSetError`` if ``a`` cannot take them)."""
    return a.replace(**{k: getattr(b, k) for k in knobs})


def replay(deal, actions):
    """The state after ``actions`` from ``deal``, or None if one of them is not legal there."""
    try:
        state = HandState.start(deal)
        for action in actions:
            state = state.apply(action)
    except EuchreError:
        return None
    return state


def signature(state) -> tuple:
    """What the step is compared by: the choices on offer, the proposal, the score."""
    choices = (state.phase, state.to_act, frozenset(map(str, state.legal_actions())))
    proposal = proposed_trump(state) if state.phase is Phase.ROUND1 else None
    points = state.result().points_by_team if state.is_over else None
    return ((CHOICES, choices), (PROPOSAL, proposal), (SCORE, points))


def changes(state, base) -> tuple:
    """The parts of ``signature`` in which ``state`` differs from ``base``."""
    return tuple(name for (name, x), (_, y) in zip(signature(state), signature(base)) if x != y)


def trial(c, unit, i: int, ask: bool = False) -> Trial:
    """Flip ``unit`` in the left rule set of comparison ``c`` and rebuild the left hand's state
    ``i`` under it (the same deal, the same actions); ``ask`` the seat's player its choice."""
    rs = flipped(c.a, c.b, unit)
    base = c.left.states[i]
    state = replay(c.deal_under(rs), base.history)
    if state is None:
        return Trial(unit, rs, None, ())
    choice = None
    if ask and not state.is_over and state.to_act == base.to_act:
        choice = Bots(rs, c.players, c.seed).choose(state)
    return Trial(unit, rs, state, changes(state, base), choice)


# ---- finding the step and saying why -------------------------------------------------------------

def find(c) -> Divergence:
    """The first step at which the two hands of comparison ``c`` part, and what parts them."""
    for i, (number, left, right) in enumerate(c.aligned()):
        if left is not None and right is not None and str(left.action) == str(right.action) \
                and left.before.phase is right.before.phase:
            continue
        return _parted(c, i, number, left, right)
    return _never(c)


def _never(c) -> Divergence:
    na, nb = c.a.name, c.b.name
    last_l, last_r = c.left.final, c.right.final
    steps = len(c.left.steps)
    said = f"The two games play this deal the same way to the end: all {steps} steps are the same"
    if not (last_l.is_over and last_r.is_over):
        return Divergence(None, None, None, said + ".")
    el, er = last_l.result().explanation, last_r.result().explanation
    if last_l.result().points_by_team == last_r.result().points_by_team:
        return Divergence(None, None, None, f"{said}, and both score it alike.", ((na, el), (nb, er)))
    trials = [trial(c, u, len(c.left.states) - 1) for u in units(c.a, c.b, c.knobs())]
    groups = _least(tuple(t.knobs for t in trials if SCORE in t.changes))
    parts = ((na, el), (nb, er)) + _causes(c, groups, trials, "the score")
    return Divergence(None, None, None, f"{said}, but they score it differently.", parts, _heads(groups), groups)


def _parted(c, i, number, left, right) -> Divergence:
    na, nb = c.a.name, c.b.name
    before_l, before_r = c.left.states[i], c.right.states[i]
    both = left is not None and right is not None
    legal_l = {str(x): x for x in before_l.legal_actions()}
    legal_r = {str(x): x for x in before_r.legal_actions()}
    # the seat chose one of the choices both games offer, in each game
    chose = both and left.seat == right.seat and str(left.action) in legal_r and str(right.action) in legal_l
    trials = [trial(c, u, i, ask=chose) for u in units(c.a, c.b, c.knobs())]
    groups = _least(tuple(t.knobs for t in trials if t.changes))
    sways = tuple(t for t in trials if chose and t.choice is not None and str(t.choice) != str(left.action))
    parts: tuple = ()
    if not both:
        over, on = (na, nb) if left is None else (nb, na)
        ended = (before_l if left is None else before_r).result().explanation
        going = right if left is None else left
        head = f"as under {over} the hand is over, and under {on} it goes on."
        parts = ((over, ended), (on, going.sentence))
    elif left.before.phase is not right.before.phase or left.seat != right.seat:
        head = "as they move to different steps."
        parts = ((na, f"{capital(_phase(left))}: {left.sentence}"), (nb, f"{capital(_phase(right))}: {right.sentence}"))
    else:
        seat = seat_name(left.seat, before_l.players)
        head = f"at {seat}'s turn in {_phase(left)}."
        parts = ((na, left.sentence), (nb, right.sentence))
        if legal_l.keys() != legal_r.keys():
            offers = capital(_offers(na, nb, legal_l, legal_r))
            offer = f"{offers}; what {seat} chose is offered in both games." if chose else offers + "."
        elif proposed_trump(before_l) != proposed_trump(before_r) and left.before.phase is Phase.ROUND1:
            offer = (f"both games offer {seat} the same choices ({_or(legal_l.values())}), but the turn-up "
                     f"proposes different trumps: accepting {card_words(before_l.upcard)} makes "
                     f"{_trump(before_l)} under {na} and {_trump(before_r)} under {nb}.")
        else:
            offer = f"both games offer {seat} the same choices ({_or(legal_l.values())})."
        parts += ((OFFER, capital(offer)),)
        if chose:
            parts += _chosen(c, seat, left, right, before_l, before_r, sways)
    parts += _causes(c, groups, trials, "this step", by=seat_name(left.seat, before_l.players) if chose else "",
                     swayed=len(sways))
    return Divergence(number, left, right, head, parts, _heads(groups), groups, tuple(t.knobs for t in sways))


def _chosen(c, seat, left, right, before_l, before_r, sways) -> tuple:
    """Why the seat chose differently (its cards, and the knobs that alone change its choice),
    and, where such a knob changes what the hand can score, what it scores in each game."""
    na, nb = c.a.name, c.b.name
    said = []
    held_l, held_r = before_l.hand_mask(left.seat), before_r.hand_mask(left.seat)
    if held_l != held_r:
        extra = [f"under {n} also {cards_words(cards_of(m))}" for n, m in ((nb, held_r & ~held_l), (na, held_l & ~held_r))
                 if m]
        said.append(f"{seat} holds different cards ({'; '.join(extra)}).")
    for t in sways:
        held = t.state.hand_mask(left.seat)
        if held != held_l:
            deal = f": that deals {seat} the cards {seat} holds under {nb}" if held == held_r else \
                f": that deals {seat} other cards"
        elif t.rules.pack_mask != c.a.pack_mask:
            deal = f": that changes the cards {seat} may count as still out"
        else:
            deal = ""
        same = f", as {seat} does under {nb}" if str(t.choice) == str(right.action) else ""
        said.append(f"With {_as_in(c, t.knobs)}, {seat} would {_do(t.choice)} under {na}{same}{deal}.")
    if not sways:
        said.append(f"No one knob, changed alone, changes {seat}'s choice: it comes from the differences together.")
    parts = ((f"Why {seat} chooses differently", capital(" ".join(said))),)
    stakes = _stakes_words(c, left.before.phase, [t.rules for t in sways])
    return parts + ((SCORES, stakes),) if stakes else parts


def _stakes(rs, phase) -> tuple:
    """What the makers' outcomes score under ``rs`` (a march, made with the fewest tricks, euchred
    by one trick), alone in the phases of lone hands."""
    size = rs.hand_size
    need = 4 if rs.players == 6 and rs.scoring == "per_trick" and rs.maker_threshold_6p == "literal_4" else size // 2 + 1
    alone = phase in _ALONE_PHASES
    lone = "lone " if alone else ""
    try:
        march, made, short = (score(rs, Outcome(m, alone=alone)) for m in (size, need, need - 1))
    except EuchreError:
        return ()
    return ((f"a {lone}march ({size} tricks)", f"{march.makers}"),
            (f"a {lone}hand made with {need} tricks", f"{made.makers}"),
            (f"a {lone}hand euchred with {need - 1}", f"{max(short.defenders_by_team)} to the defenders"))


def _stakes_words(c, phase, changed) -> str:
    """What the outcomes score under each game, when a swaying change changes what they score."""
    here = _stakes(c.a, phase)
    if not here or all(_stakes(rs, phase) == here for rs in changed):
        return ""
    there = _stakes(c.b, phase)
    words = lambda name, table: f"under {name} " + ", ".join(f"{w} scores {p}" for w, p in table)  # noqa: E731
    return capital(f"{words(c.a.name, here)}; {words(c.b.name, there)}.")


_CHANGES = {CHOICES: "the choices on offer", PROPOSAL: "the trump proposed", SCORE: "the score"}


def _causes(c, groups, trials, where: str, by: str = "", swayed: int = 0) -> tuple:
    """The knobs line: the units that alone change the step, and what each changes there (or
    that none does; ``by``: the seat whose choice parts the hands then, ``swayed``: how many knobs
    named above change that choice). It never denies what the line on the choice asserts: it
    speaks of what is on offer, and of the choice only to send the reader to that line."""
    if not groups:
        if where != "this step":
            return ()
        if not by:
            return ((KNOBS, "No one knob, changed alone, changes the choices on offer, the trump proposed or the score "
                            "at this step."),)
        choice = ("; no one knob changed alone changes that choice" if not swayed else
                  "; the knob named above, changed alone, changes that choice" if swayed == 1 else
                  "; the knobs named above, each changed alone, change that choice")
        return ((KNOBS, "No one knob, changed alone, changes the choices on offer or the trump proposed at this "
                        f"step: the hands part by {by}'s choice{choice}."),)
    changed = {t.knobs: t.changes for t in trials}
    what = {g: listed((_CHANGES[x] for x in changed[g]), "and") for g in groups}
    here = " here" if where == "this step" else ""

    def subject(g) -> str:  # a group's clause closes with a comma before its verb
        return _unit(c, g) + ("," if len(g) > 1 else "")
    if len(groups) == 1:
        (g,) = groups
        return ((KNOBS, f"Changed alone, {subject(g)} changes {what[g]}{here}."),)
    if len(set(what.values())) == 1:
        return ((KNOBS, f"Changed alone, each of these changes {what[groups[0]]}{here}: "
                        + "; ".join(_unit(c, g) for g in groups) + "."),)
    return ((KNOBS, "Changed alone, each of these changes the step: "
                    + "; ".join(f"{subject(g)} changes {what[g]}" for g in groups) + "."),)


def _as_in(c, unit) -> str:
    """A unit set as in the right rule set, in words: ``only the scoring set as in modern_railroad
    (points for each trick, where hoyle_railroad has fixed points for each outcome)``; a group adds
    the knobs the first one needs (``, with the pack changed too (32 cards, where hoyle_railroad has
    24 cards), which it needs``)."""
    na, nb = c.a.name, c.b.name

    def values(k):
        return f"{value_words(k, getattr(c.b, k))}, where {na} has {value_words(k, getattr(c.a, k))}"
    head = f"only {knob_words(unit[0])} set as in {nb} ({values(unit[0])})"
    if len(unit) == 1:
        return head
    needs = " and ".join(f"{knob_words(k)} ({values(k)})" for k in unit[1:])
    return head + f", with {needs} changed too, which {na} needs for it"


def _unit(c, unit) -> str:
    """A unit in words with its values: ``what a turned-up Joker proposes (agreed suit in
    hoyle_railroad, no trump hand in modern_railroad)``; a group names the knobs the first one
    needs (``the dealing (2 then 3 cards in standard, ...), set together with the pack
    (24 cards in standard, 32 cards in modern_railroad), which standard needs for it``)."""
    def one(k):
        return (f"{knob_words(k)} ({value_words(k, getattr(c.a, k))} in {c.a.name}, "
                f"{value_words(k, getattr(c.b, k))} in {c.b.name})")
    if len(unit) == 1:
        return one(unit[0])
    needs = " and ".join(one(k) for k in unit[1:])
    return f"{one(unit[0])}, set together with {needs}, which {c.a.name} needs for it"


_DO = {"take up": "take up the card", "with partner": "play with a partner", "alone": "go alone",
       "alone no exchange": "go alone without an exchange", "alone pat": "go alone pat",
       "jambone": "announce a Jambone", "defend alone no exchange": "defend alone without an exchange",
       "jamboree": "show a Jamboree"}


def _do(action) -> str:
    """What a seat does, as a verb: ``go alone``, ``play the 7♠``."""
    return _DO.get(str(action), action_words(action))


def _least(groups) -> tuple:
    """The groups but those that hold a smaller group that changes the step by itself."""
    return tuple(g for g in groups if not any(set(h) < set(g) for h in groups))


def _heads(groups) -> tuple:
    """The knobs named: each group's first (a knob set alone, or the one that needs the others)."""
    return tuple(g[0] for g in groups)


def _phase(step) -> str:
    return _PHASE_WORDS.get(step.before.phase, str(step.before.phase))


def _trump(state) -> str:
    return "a no-trump hand" if proposed_trump(state) == int(Suit.NO_TRUMP) else \
        f"{suit_words(Suit(proposed_trump(state)))} trump"


def _or(actions) -> str:
    return listed((f"“{action_words(a)}”" for a in actions), "or")


def _offers(na, nb, legal_l, legal_r) -> str:
    parts = []
    for name, mine, theirs in ((na, legal_l, legal_r), (nb, legal_r, legal_l)):
        only = [a for key, a in mine.items() if key not in theirs]
        if only:
            parts.append(f"only {name} offers {_or(only)}")
    return "; ".join(parts)



__all__ = ["Divergence", "Trial", "find", "units", "trial", "flipped", "replay", "signature", "changes"]

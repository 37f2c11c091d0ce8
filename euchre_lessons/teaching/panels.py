"""What the widgets show, built from their one model value: the stepper's step, the play table's
hand, the score explorer's outcome, the lab's hands. Every sentence, judgement and threshold a
widget shows is here, as a pure function tested without a browser; a widget only lays out what
these return.

* ``step_html(timeline, played, viewer, values)`` - the stepper's whole picture of one state:
  the step in words, the table, the legal actions (with ``best_play`` values, ``legal_html``),
  and both endings after another line was tried (``endings_html``).
* ``best_play(state)`` - each legal card's perfect-play values, or why there are none yet.
* ``other_actions(timeline)`` - the actions the stepper may try instead, in words.
* ``play_html(session)``, ``action_choices(session)``, ``end_text(session)`` - the play table's
  score line, what the bots said and the table; its buttons; what it says when nobody is to act.
* ``asked_choices(asked)``, ``retry_text(retry)`` - the buttons of a mistake tried again or a
  position practised, and the count once every mistake is done.
* ``level_choices(players, rules)``, ``level_note(players, rules)``, ``reasons_html(session)`` - the
  levels the computer may play at, each with how much stronger it measured, what the chosen one
  plays like and how it compared, and (after the hand) why it bid so.
* ``outcome_of_choices(...)``, ``score_html(table)`` - the score explorer's outcome and table.
* ``lab_hands(...)``, ``lab_frame(parts, rules)``, ``lab_html(df)``, ``run_words(...)`` - the lab's
  hands in parts, joined in the presets' order, its summary table and what it says at the end;
  ``lab_part(sides)``, ``side_margin(df)`` - how many hands a part holds for the levels chosen,
  and what North's side made over the others.

The hand's result is told once: the sentence of the step that ends a hand tells it
(``narrate``), so a panel adds it only where no sentence it shows already does
(``result_told``), and the table is drawn without its own result line.
"""
from __future__ import annotations

import math
import random
from collections import Counter
from html import escape
from typing import NamedTuple

from .. import rules as _rules
from .. import simulate
from ..errors import SolverError
from ..hand.phases import Phase
from ..knobs import KNOBS
from ..players.seating import side_players
from ..practice import positions
from ..render import PLAIN, card_html, card_label, state_html
from ..scoring import Outcome
from ..stats import standard_error
from ..table import seat_name, team_name
from ..valuing.knowing import card_values
from ..valuing.worlds import playout_values
from ..words import action_words
from . import strength
from .hints import _no_world, values
from .knob_words import knob_words, value_words
from .mistakes import reason
from .seats import LEVEL_WORDS, level_of

SOLVABLE = 28  # cards still in play up to which the best-play switch solves at once
PANEL_DEALS = 30  # deals a seven-seat bid is played out on for the best-play switch (bench/teaching.py)


# ---- the words of an action on a screen --------------------------------------------------------

def action_label(action, trump=None) -> str:
    """An action as a button or a list names it: a card in words with its part in the hand
    (``play jack of hearts, right bower``), any other action as ``action_words`` says it."""
    if action.card is not None:
        return f"{action.kind} {card_label(action.card, trump)}"
    return action_words(action)


# ---- the result, told once -------------------------------------------------------------------

def result_told(sentences, state) -> bool:
    """Whether one of ``sentences`` already tells the finished hand's result (the sentence of
    the step that ends a hand does), so a panel showing them must not tell it again."""
    if not state.is_over:
        return False
    explanation = state.result().explanation
    return any(explanation in s for s in sentences)


def result_html(state) -> str:
    return f'<p><b>The hand is over.</b> {escape(state.result().explanation)}</p>'


# ---- the stepper ---------------------------------------------------------------------------------

def best_play(state):
    """Each legal action's perfect-play value (``Values``, every hand face up), or a sentence
    saying why there is none yet: while more than ``SOLVABLE`` cards are left; or, before play,
    the reason for the decision (``mistakes.reason``), from the hint's values for the seat to act
    (what that seat could see: a bid is valued by play-outs, not face up)."""
    if state.phase is not Phase.PLAY:
        if state.is_over or len(state.legal_actions()) < 2:
            return "(perfect-play values are for the cards, once play has begun)"
        # the hint's values; at seven seats a bid's 100 play-outs take most of a second, so 30
        v = values(state, state.to_act) if state.players < 7 else playout_values(state, state.to_act, PANEL_DEALS)
        return f"({reason(state, state.to_act, v) if v.values else _no_world(v)})"
    left = sum(state.hand_mask(x).bit_count() for x in state.active_seats)
    if left > SOLVABLE:
        return f"({left} cards are still in play: step on a few tricks to solve the rest at once)"
    try:
        return card_values(state, show_all=True)
    except SolverError as err:
        return f"({err})"


class Mark(NamedTuple):
    """What the legal-actions list says of one action: ``note`` after its name, ``frame`` round it."""

    note: str
    frame: str


PLAIN_FRAME, BEST_FRAME, WORSE_FRAME, TAKEN_FRAME = ("1px solid #bdbdbd", "2px solid #2e7d32", "2px dashed #c62828",
                                                     "3px solid #f9a825")


def mark(action, values, taken) -> Mark:
    """The judgement shown beside a legal action: with ``values``, the side's tricks with it and
    ``best`` or what it costs against the best; the action ``taken`` marked."""
    note, frame = "", PLAIN_FRAME
    if values is not None and not isinstance(values, str):
        v = values.of(action)
        gap = values.best.tricks - v.tricks
        if gap == 0:
            note, frame = " · <b>best</b>", BEST_FRAME
        else:
            note, frame = f" · costs {gap:g} trick{'s' if gap != 1 else ''}", WORSE_FRAME
        note = f" · {v.tricks:g} tricks for the side" + note
    if action is taken:
        note += " · <b>▶ taken</b>"
        if frame == PLAIN_FRAME:
            frame = TAKEN_FRAME
    return Mark(note, frame)


def legal_html(timeline, values=None, look=PLAIN) -> str:
    """The legal actions at the cursor, each in words, the one taken marked; with ``values``
    (``best_play``), each one's perfect-play value. Empty when the hand is over."""
    s = timeline.state
    legal = s.legal_actions()
    if not legal:
        return ""
    items = []
    for a in legal:
        face = card_html(a.card, small=True, trump=s.trump, look=look) if a.card is not None else ""
        m = mark(a, values, timeline.taken)
        items.append(f'<li style="display:inline-block;margin:0.2em;padding:0.2em 0.4em;border:{m.frame};'
                     f'border-radius:0.4em">{face} {escape(action_label(a, s.trump))}{m.note}</li>')
    head = f"Legal for {escape(s.describe_seat(s.to_act))}:"
    if isinstance(values, str):
        head += f" <i>{escape(values)}</i>"
    elif values is not None:
        head += " <i>values with every hand face up (double dummy)</i>"
    return f'<div><p style="margin:0.3em 0">{head}</p><ul style="padding:0;margin:0">{"".join(items)}</ul></div>'


def endings_html(timeline, played) -> str:
    """Both endings side by side, once another line of play has been tried and both are over."""
    t = timeline
    if t.states[-1] is played.states[-1] or not t.final.is_over or not played.final.is_over:
        return ""
    at = t.differs_from(played)
    other = t.states[at].last_action if at is not None else None
    instead = f"With {action_words(other)} at step {at}" if other is not None else "The other line"
    return (f'<div style="border:1px solid #90a4ae;padding:0.4em;border-radius:0.4em">'
            f"<p><b>As played:</b> {escape(played.final.result().explanation)}</p>"
            f"<p><b>{escape(instead)}:</b> {escape(t.final.result().explanation)}</p></div>")


def step_html(timeline, played=None, viewer=None, values=None, look=PLAIN) -> str:
    """The stepper's picture of the cursor's state, in one piece so no part can lag another: the
    step in words, the table as ``viewer`` sees it (None: every hand), the legal actions, the
    result if the step's sentence does not tell it, and both endings after a branch."""
    t = timeline
    s = t.state
    sentence = t.sentence
    parts = [f'<p style="font-size:1.1em" aria-live="polite"><b>Step {t.cursor} of {len(t) - 1}.</b> '
             f"{escape(sentence)}</p>",
             state_html(s, seat=viewer, look=look, result=False),
             legal_html(t, values, look)]
    if s.is_over and not result_told([sentence], s):
        parts.append(result_html(s))
    if played is not None:
        parts.append(endings_html(t, played))
    return '<div class="el-step">' + "".join(parts) + "</div>"


def other_actions(timeline) -> list:
    """The actions the stepper may try at the cursor instead of the one taken, as (words, text)
    pairs: the words for the list, the text ``Timeline.branch`` reads."""
    return [(action_words(a), str(a)) for a in timeline.state.legal_actions() if a is not timeline.taken]


# ---- the play table ----------------------------------------------------------------------------

def score_line(session) -> str:
    s = session
    n = s.rules.players
    names = ", ".join(f"{team_name(t, n)} {x}" for t, x in enumerate(s.score))
    game = f" · {s.winner_words()}" if s.game_over else f" · to {s.rules.game_target}"
    return (f"<p><b>Hand {s.hand_number + 1}</b> · you are <b>{seat_name(s.human, n)}</b> · "
            f"game score: {escape(names)}{escape(game)}</p>")


def said_html(session) -> str:
    """What the other seats did since the person's last decision, a sentence each."""
    said = "".join(f"<li>{escape(step.sentence)}</li>" for step in session.answers)
    return f'<ul aria-live="polite" style="margin:0.2em 0">{said}</ul>' if said else ""


def end_text(session) -> str:
    """What the play table says in place of buttons when the person has no decision: the
    result, unless a sentence shown above already tells it; or that the seat sits out."""
    s = session
    if not s.is_over:
        return "You sit out this hand." if not s.legal_actions() else ""
    if result_told([step.sentence for step in s.answers], s.state):
        return ""
    return "The hand is over. " + s.state.result().explanation


def play_html(session, look=PLAIN) -> str:
    """The play table's picture of the session, in one piece: the score line, what the others
    said, the table as the person's seat sees it (its result told once, by ``end_text`` or a
    sentence)."""
    return "".join([score_line(session), said_html(session),
                    state_html(session.state, seat=session.human, look=look, result=False)])


class Choice(NamedTuple):
    """One button of the play table: its ``label`` in words, the ``action`` text it plays, and
    whether it is ``allowed`` (a card not allowed is a button too, refused in words)."""

    label: str
    action: str
    allowed: bool

    @property
    def tooltip(self) -> str:
        return self.label if self.allowed else self.label + ": click to see why"


def pictures_ahead(session, look=PLAIN, lines: int = 4):
    """The table as the person's seat would see it along a few lines of play from now, every
    seat choosing at random (seeded, so a page prepares the same): what a page prepares its
    look from, so that the pictures of the hand to come bring no new style (``StyleSheet``)."""
    rng = random.Random(0)
    for _ in range(lines):
        state = session.state
        while not state.is_over:
            state = state.apply(rng.choice(state.legal_actions()))
            yield state_html(state, seat=session.human, look=look, result=False)


def action_choices(session) -> list:
    """The person's buttons now: in play every card of the hand (those not allowed marked so in
    words, not by colour alone); otherwise each legal action. Empty when there is no decision."""
    s = session
    state = s.state
    legal = s.legal_actions()
    if not legal:
        return []
    if state.phase is Phase.PLAY:
        verb = "call" if state.to_act != state.turn else "play"
        allowed = {a.card for a in legal}
        return [Choice(f"{verb} {card_label(c, state.trump)}" + ("" if c in allowed else " (not allowed)"),
                       f"play {c}", c in allowed) for c in state.hand(state.turn)]
    return [Choice(action_label(a, state.trump), str(a), True) for a in legal]


def asked_choices(asked) -> list:
    """The buttons of a decision asked again (a mistake retried, ``teaching.retry``, or a position
    practised, ``teaching.practising``): each legal choice in words; none once it is settled."""
    state = asked.state
    if state is None:
        return []
    return [Choice(action_label(a, state.trump), str(a), True) for a in asked.legal_actions()]


def practice_sources() -> list:
    """What a student may practise, as ``(label, value)`` pairs for a menu: his queue's positions
    due today, or the kit's positions of one lesson (with their count)."""
    counts = Counter(p.lesson for p in positions())
    out = [("Due today in my review queue", "today")]
    out += [(f"Lesson {lesson}: {n} position{'s' if n != 1 else ''}", lesson) for lesson, n in sorted(counts.items())]
    return out


def lost_text() -> str:
    """What a page says when it has lost its link to the computer serving it."""
    return ("This page has lost its connection to the computer running the game: the computer may have "
            "stopped, or the network dropped. Your game is kept after every move. Press Resume to reload "
            "the page and carry on from the same decision.")


def resumed_text(session) -> str:
    """What the play table says when a reloaded page resumed its kept game."""
    return (f"Resumed your game where you left off: hand {session.hand_number + 1}, "
            + ("the hand is over." if session.is_over else "your decision."))


def resume_failed_text(reason: str) -> str:
    return f"Your kept game could not be resumed ({reason}), so this is a new one."


def saved_text(name: str) -> str:
    """What the play table says when it saved a hand record: the file's name, never its folder
    (a pupil's page is not told where the teacher's computer keeps it)."""
    return f"Saved the hand record as {name}: your teacher can open it in the stepper."


def kept_text(n: int, queue) -> str:
    """What the play table says when a retry's missed mistakes went into a review queue."""
    if not n:
        return f"Every mistake found: nothing to keep. {queue.summary()}"
    return (f"Kept {n} mistake{'s' if n != 1 else ''} you did not find for practice, in "
            f"{queue.path.name}: {queue.summary()}")


def retry_text(retry) -> str:
    """What the retry's buttons line says: the count at the end, else nothing."""
    return retry.summary() if retry.done else ""


# ---- the computer's level ---------------------------------------------------------------------

SKIP_FLIPS = ("players", "bidding", "deal_packets", "suit_tiebreak", "game_target")  # not one deal's rule


def knob_flips(rules) -> list:
    """The compare page's "B is A with one knob changed" menu: ``(words, (knob, value))`` for each
    other value of each knob of a small choice (on or off, or a few named ways), first a blank."""
    out: list[tuple[str, tuple[str, object] | None]] = [("(B: the preset chosen)", None)]
    for k in KNOBS:
        if k.name in SKIP_FLIPS:
            continue
        now = getattr(rules, k.name)
        values = (True, False) if k.allowed is bool else k.allowed if isinstance(k.allowed, tuple) else ()
        for v in values:
            if v != now:
                out.append((f"{knob_words(k.name)}: {value_words(k.name, v)}", (k.name, v)))
    return out


def summary_words(done: int, asked: int) -> str:
    """What the compare page says when a summary ends, stopped or not."""
    if done >= asked:
        return f"Summed over {done:,} deals under both rule sets."
    return f"Stopped after {done:,} of {asked:,} deals; the summary is over those."


def _preset(rules) -> str:
    return _rules.load(rules).name


def level_choices(players, rules="standard") -> list:
    """The play table's **Computer** menu as ``(label, players)`` pairs: the players a class can
    choose, weakest first, each label saying how much more it scores a hand than the beginner
    under ``rules`` (the stored strength run, ``strength.menu_label``); and ``players`` itself first
    when it is none of them (a player object, one per seat)."""
    table, preset = strength.stored_levels(), _preset(rules)
    out = [(strength.menu_label(table, preset, name), name) for name in LEVEL_WORDS]
    return out if level_of(players) is not None else [("as set up", players)] + out


def level_note(players, rules=None) -> str:
    """What the computer at ``players`` plays like, in words; given ``rules``, also how it
    compared with the other levels in the stored strength run (``strength.level_words``)."""
    level = level_of(players)
    if level is None:
        return "The computer plays with the players this table was set up with."
    said = f"The computer plays at the {strength.MENU[level]} level: it {LEVEL_WORDS[level]}."
    if rules is None:
        return said
    measured = strength.level_words(strength.stored_levels(), _preset(rules), level)
    return f"{said} {measured}" if measured else said


def reasons_html(session) -> str:
    """After the hand, why each expert bot bid as it did (``PlaySession.bot_reasons``); nothing
    during the hand, when a reason would name cards the person cannot see, nor for bots that
    keep no reasons."""
    if not session.is_over:
        return ""
    said = session.bot_reasons()
    if not said:
        return ""
    items = "".join(f"<li>{escape(x)}</li>" for x in said)
    return (f"<p><b>Why the computer bid as it did</b> (told after the hand: each reason names the bot's own "
            f"cards)</p><ul>{items}</ul>")


# ---- the score explorer --------------------------------------------------------------------------

def outcome_of_choices(tricks: int, six: bool, second: int, alone: bool, defended: bool, pat: bool,
                       jambone: bool, jamboree: bool):
    """The outcome the score explorer's controls describe, and the second defending team's
    possible tricks: (outcome, players, choices for the second team). A pat hand and a Jambone
    are lone hands; with six players the defenders' tricks are split between two teams."""
    size = 5 if six else 7
    rest = max(size - tricks, 0)
    second = min(second if six else 0, rest)
    outcome = Outcome(tricks, alone=alone or pat or jambone, defended_alone=defended, pat=pat, jambone=jambone,
                      jamboree="makers" if jamboree else None,
                      defender_tricks=(rest - second, second) if six else None)
    return outcome, (6 if six else 4), list(range(rest + 1)) if six else [0]


def score_html(table) -> str:
    """The score explorer's table, saying so when no preset allows the outcome."""
    shown = table._repr_html_(fixes=True)  # each refusal with what to change in the explorer's boxes
    return shown if table.rows else "<p><b>No preset allows this outcome.</b></p>" + shown


# ---- the simulation lab ---------------------------------------------------------------------------
# pandas and the simulator are imported inside these functions: importing the teaching layer
# stays light for the lessons that never run the lab.

LAB_PART = 200  # hands per rule set in a part of a lab run (between two redraws and looks at Stop)
EXPERT_PART = 5  # ... when an expert plays (a hand took 0.5-1.5 s with one expert side, 7 and 6 players slowest)


def lab_part(sides) -> int:
    """Hands per rule set in a part of a run with the players ``sides`` (North's side, the others)."""
    return EXPERT_PART if "expert" in sides else LAB_PART


# what the lab's menus offer for each side, as (label, player)
LAB_PLAYERS = tuple((strength.MENU[name], name) for name in LEVEL_WORDS) + (("random", "random"),)


def lab_hands(rules, n: int, players, seed, first: int):
    """``n`` hands under each rule set, from hand ``first`` on. ``players`` is a player name or
    level for every seat, or a pair of them ``(north_side, others)``, set seat by seat for each
    rule set (``side_players``)."""
    import pandas as pd  # deferred: start-up (pandas)

    if isinstance(players, tuple):
        return pd.concat([simulate.hands(r, n, players=side_players(r, *players), seed=seed, first=first,
                                         progress=False) for r in rules], ignore_index=True)
    if first == 0:
        return simulate.compare(list(rules), n, players=players, seed=seed, progress=False)
    return pd.concat([simulate.hands(r, n, players=players, seed=seed, first=first, progress=False) for r in rules],
                     ignore_index=True)


def side_margin(df):
    """Per rule set: the points a hand North's side (North's team; seven-handed, North) scored
    less the mean of the other teams' (or players'), with its standard error and the hands."""
    import pandas as pd  # deferred: start-up (pandas)

    rows = []
    for name, part in df.groupby("rules", observed=True, sort=False):
        margins = [p[0] - sum(p[1:]) / (len(p) - 1) for p in part["team_points"]]
        n = len(margins)
        rows.append({"rules": name, "hands": n, "North's side less the others, points a hand": sum(margins) / n,
                     "standard error": standard_error(margins, below_two=math.nan)})
    return pd.DataFrame(rows)


def lab_frame(parts, rules):
    """The parts run so far as one DataFrame, the rule sets in the order chosen, each one's hands
    in order."""
    import pandas as pd  # deferred: start-up (pandas)

    df = pd.concat(parts, ignore_index=True)
    df["rules"] = pd.Categorical(df["rules"].astype(str), categories=[_rules.load(r).name for r in rules])
    return df.sort_values(["rules", "hand"], kind="stable").reset_index(drop=True)


# How to read ``simulate.summary``'s columns: they do not all share one whole.
SUMMARY_READING = ("How to read the table: <i>passed out</i> is a share of all the hands dealt. <i>Made</i> "
                   "(marches included), <i>march</i>, <i>euchred</i>, <i>alone</i>, <i>defended alone</i>, "
                   "<i>Jambone</i> and <i>Jamboree</i> are shares of the hands played, those passed out left "
                   "aside: a hand played is made, euchred or a Jamboree, so those three add up to 1. The "
                   "points are means over every hand dealt, a hand passed out scoring 0.")


def lab_html(df, sides=None) -> str:
    """The lab's summary table (or what to do before a run); with two players ``sides`` that
    differ (North's side, the others), also what North's side made over the others, with its
    standard error."""
    if df is None or not len(df):
        return "<p>Choose rule sets and press <b>Run</b>.</p>"

    table = simulate.summary(df).to_html(index=False, float_format=lambda x: f"{x:.3f}") + \
        f'<p style="font-size:0.9em">{SUMMARY_READING}</p>'
    if sides is None or sides[0] == sides[1]:
        return table
    margins = side_margin(df)
    head = margins.columns[2]
    margin = margins.to_html(index=False, formatters={head: "{:+.3f}".format, "standard error": "{:.3f}".format})
    return (table + f"<p>North's side played {escape(_player_words(sides[0]))}, the others "
            f"{escape(_player_words(sides[1]))} (the deal passing round the table):</p>" + margin)


def _player_words(name: str) -> str:
    level = level_of(name)
    return "by random legal play" if name == "random" else f"at the {strength.MENU[level] if level else name} level"


def run_words(done: int, n: int, presets: int) -> str:
    """What the lab says when a run ends: stopped part way, or every hand played."""
    if done < n:
        return f"Stopped after {done:,} of {n:,} hands per rule set."
    return f"Played {n:,} hands under each of {presets} rule set{'s' if presets > 1 else ''}."


# ---- a widget where it cannot be drawn --------------------------------------------------------------

WIDGET_NAMES = {"DealStepper": "the deal stepper", "PlayTable": "the play table", "RulesSideBySide": "the two rule "
                "systems side by side", "ScoreExplorer": "the score explorer", "SimulationLab": "the simulation lab",
                "PracticeTable": "the practice positions", "PracticeDesk": "the practice page",
                "ClassBoard": "the class's work", "HandIn": "the button that saves your work for the teacher"}


def run_to_see(kind: str) -> str:
    """What a copy of the notebook that cannot draw a widget (a static page, a viewer without the
    widget's state) shows in its place: a sentence, not the widget's Python repr."""
    return f"Run this cell to see {WIDGET_NAMES.get(kind, 'this control')}."


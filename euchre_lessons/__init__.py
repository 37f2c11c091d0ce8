"""euchre_lessons: an exact engine for Euchre and Railroad Euchre, for teaching.

The map of the package:

* ``cards`` - ``Suit``, ``Card`` (the Joker too), packs; ``ranking`` - effective suit and power
  once trump is known; ``actions`` - ``Action`` values with a text form.
* ``rules`` - ``RuleSet`` (every knob of the rule book, declared in ``knobs``), presets in
  ``data/rules/``, ``diff``; ``rulebook`` - the rule book's sections and the knob reference.
* ``table`` - seats, partners and teams for 4, 6 and 7 players.
* ``deals`` - ``deal(rules, seed=...)`` and ``Deal`` (one-line notation, ``from_hands``);
  ``constrained`` - deals built to order; ``cutting`` - cutting for seats and the first deal.
* ``hand`` - the state machine: ``HandState`` (``legal_actions()``, ``apply(action)``,
  ``result()``, ``view(seat)``), its phases (bidding, declaring, play) and ``SeatView``.
* ``scoring`` - ``score(rules, outcome)`` and ``add_hand`` (targets, laps, slams); ``outcome`` -
  ``Outcome`` and ``HandScore``; ``result`` - a finished hand's outcome, points and story.
* ``game`` - games and matches played hand after hand; ``record`` - hand records as JSON;
  ``playthrough`` - step-by-step transcripts (the golden files of the tests).
* ``players`` - computer players: random, rule of thumb, searching.
* ``simulate`` - many hands or games into DataFrames, on any executor.
* ``probability`` - events in the game's words (``events``), exact (Fraction) and Monte Carlo
  chances; ``exercises`` - answer checkers.
* ``solver`` - double-dummy analysis: the best card, and what a mistake cost.
* ``classwork`` - a pupil's work kept (``Journal``, ``sign_in``) and the teacher's
  ``ClassReport`` of a class's folder.
* ``teaching`` - ``Timeline`` (a hand stepped through), ``narrate`` (each step in words),
  ``PlaySession`` (a hand against the computer, with hints and a review), ``RuleComparison``
  (one deal under two rule sets).
* ``render`` - text and HTML pictures; ``figures`` - every plotly figure (the only plotly
  importer); ``widgets`` - the notebook controls (the only ipywidgets importer).

``simulate``, ``solver``, ``probability``, ``events`` and the other modules load when first
used (``euchre_lessons.solver`` works after ``import euchre_lessons``), so the import is quick
and pulls in neither pandas nor numpy.
"""
import importlib

from . import rules, scoring
from .actions import Action
from .cards import JOKER, Card, Suit
from .deals import Deal, deal
from .errors import (
    ArgumentError,
    ConstraintError,
    DealError,
    EuchreError,
    IllegalActionError,
    NotationError,
    NotExactError,
    RuleSetError,
    RuleSetWarning,
    ScoringError,
    SolverError,
)
from .hand import HandState, Phase, SeatView, Trick
from .rules import RuleSet
from .scoring import Outcome

_MODULES = {"actions", "cards", "classwork", "constrained", "cutting", "deals", "errors", "events", "exercises", "figures",
            "game", "hand", "knobs", "outcome", "players", "playthrough", "probability", "ranking", "record",
            "render", "result", "rulebook", "rules", "scoring", "simulate", "solver", "table", "teaching", "widgets"}
_TEACHING = {"Timeline", "narrate", "PlaySession", "RuleComparison"}


def __getattr__(name):
    """The kit's modules, and the teaching names, as attributes imported on first use."""
    if name in _MODULES:
        return importlib.import_module(f".{name}", __name__)
    if name in _TEACHING:
        return getattr(importlib.import_module(".teaching", __name__), name)
    if name == "ClassReport":
        return importlib.import_module(".classwork", __name__).ClassReport
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["Action", "Card", "Suit", "JOKER", "Deal", "deal", "HandState", "Phase", "Trick", "SeatView", "RuleSet", "Outcome",
           "rules", "scoring", "EuchreError", "ArgumentError", "NotationError", "IllegalActionError", "RuleSetError",
           "RuleSetWarning", "DealError", "ConstraintError", "NotExactError", "ScoringError", "SolverError",
           "Timeline", "narrate", "PlaySession", "RuleComparison", "ClassReport"]
__version__ = "0.1.0"

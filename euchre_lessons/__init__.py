"""euchre_lessons: an exact engine for Euchre and Railroad Euchre, for teaching.

The map of the package:

* ``cards`` - ``Suit``, ``Card`` (the Joker too), packs; ``ranking`` - effective suit and power
  once trump is known.
* ``rules`` - ``RuleSet`` (every knob of the rule book), presets in ``data/rules/``, ``diff``.
* ``deals`` - ``deal(rules, seed=...)`` and ``Deal`` (one-line notation, ``from_hands``);
  ``cutting`` - cutting for seats, partners and the first deal (``cut_ranking``).
* ``state`` - ``HandState``: ``legal_actions()``, ``apply(action)``, ``result()``, ``view(seat)``;
  ``actions`` - ``Action`` values with a text form.
* ``scoring`` - ``score(rules, outcome)`` and ``add_hand`` (targets, laps, slams).
* ``game`` - games and matches played hand after hand; ``record`` - hand records as JSON;
  ``playthrough`` - step-by-step transcripts (the golden files of the tests).
* ``players`` - computer players (random, rule of thumb; its arithmetic in ``thumb`` and
  ``thumb_play``); ``search_player`` - a player that searches sampled layouts with the solver.
* ``simulate`` - many hands or games into DataFrames, on any executor (rows: ``simulate_rows``);
  ``progress`` - its bar.
* ``events``, ``probability``, ``constrained`` - events in the game's words, exact (Fraction)
  and Monte Carlo probabilities, deals built to order; ``exercises`` - answer checkers.
* ``solver`` - double-dummy analysis: the best card, and what a mistake cost.
* ``render`` - text and HTML pictures; ``figures`` - plotly figures (the only plotly importer).
"""
from . import rules, scoring
from .actions import Action
from .cards import JOKER, Card, Suit
from .deals import Deal, deal
from .errors import (ConstraintError, DealError, EuchreError, IllegalActionError, NotationError,
                     NotExactError, RuleSetError)
from .phases import Phase
from .rules import RuleSet
from .scoring import Outcome
from .state import HandState

__all__ = ["Action", "Card", "Suit", "JOKER", "Deal", "deal", "HandState", "Phase", "RuleSet", "Outcome",
           "rules", "scoring", "EuchreError", "NotationError", "IllegalActionError", "RuleSetError",
           "DealError", "ConstraintError", "NotExactError"]
__version__ = "0.1.0"

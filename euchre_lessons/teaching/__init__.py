"""Teaching: a hand stepped through, told in words, played against the computer, hinted,
reviewed, and compared under two rule systems, as values the widgets only display.

* ``Timeline`` (``timeline``) - a hand's states with a cursor; ``branch`` tries another action.
* ``narrate(before, action, after)`` (``narrate``) - one sentence per step, in the words of the game.
* ``PlaySession`` (``session``) - a hand, and a game, against the computer: ``play``, ``undo``,
  ``hint(level)``, ``review()``, ``record()``.
* ``hint`` (``hints``) - the ladder: what to think about, the suggestion, the numbers; the numbers
  come from the package below, ``valuing`` (layouts that fit what a seat has seen, solved
  double-dummy; whole hands that fit it, played out by the rule-of-thumb players).
* ``review`` (``review``) - each decision graded against what could be known, with a proof; each
  mistake's ``why`` in words comes from ``mistakes``.
* ``RuleComparison`` (``compare``) - one deal (nested packs) under two rule sets, and ``summary``
  over many deals.
* ``score_table`` (``scores``) - one outcome's points under every preset that allows it.
* ``Bots`` (from ``players.seating``) - the computer players of a lesson, reseeded at every
  decision; ``seats`` - the levels a class can choose, in words.

And the modules the values above are built from:

* ``panels`` - what each widget shows, from its one model value (the buttons' words included);
  ``play_words`` - a card played, told as what it does; ``knob_words`` - the knobs in words.
* ``proof`` - a mistake's proof, after Bridge Master; ``retry`` - a hand's mistakes tried again;
  ``divergence`` - where two hands of one deal part.
* ``practising`` - positions answered one at a time; ``questions`` - a position's question and
  explanation in words; ``keeping`` - a page's game kept after every
  move; ``strength`` - the computer's levels as measured.
"""
from ..players.seating import Bots
from ..valuing.knowing import ActionValue, Values, card_values
from ..valuing.worlds import playout_values, worlds
from .compare import Divergence, RuleComparison, Summary, nested_deal
from .hints import Hint, hint
from .narrate import card_words, deal_sentence, narrate
from .review import Proof, Review, review
from .scores import ScoreRow, ScoreTable, score_table
from .session import PlaySession
from .timeline import Step, Timeline

__all__ = ["Timeline", "Step", "narrate", "deal_sentence", "card_words", "PlaySession", "Hint", "hint",
           "Values", "ActionValue", "card_values", "playout_values", "worlds", "Review", "Proof", "review",
           "RuleComparison", "Divergence", "Summary", "nested_deal", "Bots", "score_table", "ScoreTable", "ScoreRow"]

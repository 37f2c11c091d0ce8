"""The worth of a seat's choices, from what the seat can know: below the teaching and the
practice that show and grade them, above the players whose play it runs.

* ``knowing`` - ``card_values``: each legal card solved double-dummy over the layouts of the
  unseen cards that fit the seat's view (``Layouts``: counted exactly, drawn uniformly), with
  standard errors; ``Values`` and ``ActionValue`` hold the answer.
* ``worlds`` - ``playout_values``: each legal action tried in whole hands that fit the view
  (``worlds``) and played out by the rule-of-thumb players, as the expert bids.

``MAX_SOLVED``: the cards still in play beyond which a hand is valued by play-outs, not solved.
"""
from .knowing import ActionValue, Values, card_values
from .worlds import playout_values, worlds

MAX_SOLVED = 28  # solving more cards than this at once takes seconds, not the fraction a hint may spend

__all__ = ["ActionValue", "Values", "card_values", "playout_values", "worlds", "MAX_SOLVED"]

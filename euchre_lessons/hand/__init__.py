"""One hand as a state machine, from the deal to the score.

* ``phases`` - the vocabulary: ``Phase``, the steps of a hand in order, where the turn-up lies.
* ``bidding`` - making trump: the two rounds of a turn-up game, the blind Joker, the auction.
* ``declaring`` - what follows trump: going alone, the take-over, partner's best and the
  defenders' exchange, Jambone, alone against, the dealer's discard, Jamboree.
* ``play`` - the follow-suit rule (``playable``), who leads and who names a Jambone card.
* ``state`` - ``HandState``, the value that holds it all, every field by name; ``values`` - its
  ``Setup``, each completed ``Trick``, what a hand fixes before play (``Fixed``) and a state's
  slots; ``steps`` - the entry of each phase before play; ``shortcuts`` - their short paths;
  ``tables`` - what a rule set fixes for every hand.
* ``view`` - ``SeatView``, what one seat can see; ``explain`` - why an action is illegal;
  ``inference`` - what a seat can infer from its view (voids, partner's best, the turn-up's place).
"""
from .phases import Phase
from .state import HandState
from .values import Setup, Trick
from .view import PlayFacts, SeatView

__all__ = ["HandState", "Phase", "Setup", "Trick", "SeatView", "PlayFacts"]

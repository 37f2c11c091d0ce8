"""The kinds of error the kit raises.

Every error names the input it refused and what is allowed instead. Each kind is also a
``ValueError``, so code that already catches ``ValueError`` keeps working.
"""


class EuchreError(Exception):
    """Base of every error the kit raises on bad input."""


class NotationError(EuchreError, ValueError):
    """Text that is not a card, a deal, an action or a record in the kit's notation."""


class IllegalActionError(EuchreError, ValueError):
    """A well-formed action that the rules forbid at this point of the hand."""


class NotOverError(EuchreError, ValueError):
    """A question only a finished hand can answer (its result), asked of one still in progress."""


class RuleSetError(EuchreError, ValueError):
    """A rule set (a preset file or a set of knobs) that is malformed or inconsistent."""


class DealError(EuchreError, ValueError):
    """Cards that cannot form a deal: a card twice, a card not in the pack, wrong hand sizes."""


class ConstraintError(EuchreError, ValueError):
    """A constrained deal that could not be found within the allowed number of tries."""


class NotExactError(EuchreError, ValueError):
    """An event that ``probability.exact`` cannot answer exactly (use ``estimate``)."""


class SolverError(EuchreError, ValueError):
    """A state the solver cannot solve: not in play, or a hand that is not two-sided."""


class ScoringError(EuchreError, ValueError):
    """An outcome that cannot happen under the rules it is scored by."""


class PlayerError(EuchreError, ValueError):
    """Players that cannot play a hand: the wrong number for the table, or one without ``choose(view)``."""


class ArgumentError(EuchreError, ValueError):
    """A bad argument to one of the kit's functions (a count below its least, an unknown choice):
    the message names the argument and what is allowed."""


class RuleSetWarning(UserWarning):
    """A rule set that the rules allow but the sources advise against (a Jambone played without
    laps): issued, not raised, when such a rule set is built from a file or with changed knobs.
    The message names the knobs, the reason and what to set instead."""

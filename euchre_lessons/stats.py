"""Standard errors: one definition of each for every estimate the kit shows with its error.

``standard_error`` is that of a mean; ``proportion_error`` that of a share (a chance or a rate
counted over ``n`` deals or games), the same thing for values that are 0 or 1, written from
the share alone.

>>> standard_error([2, 4, 4, 4, 5, 5, 7, 9])   # sample standard deviation sqrt(32/7), over sqrt(8)
0.7559289460184544

The spread is the sample standard deviation (squared deviations from the mean summed, divided by
n - 1), and the standard error of the mean is that spread over the square root of n. Fewer than
two values have no spread to measure: ``below_two`` is returned then (0 by default, as for an
exact answer; a table that must show nothing was measured passes ``math.nan``, an interval that
must be unbounded ``math.inf``).

Plain Python for lists, tuples and other iterables (exactly rounded sums, ``math.fsum``), so it
runs where numpy is absent, as in the lessons in the browser; a numpy array or a pandas Series
is handed to numpy, which gives the same value to within rounding.
"""
from __future__ import annotations

import math
from collections.abc import Iterable


def standard_error(values: Iterable[float], below_two: float = 0.0) -> float:
    """The standard error of the mean of ``values``: their sample standard deviation (n - 1)
    over √n; ``below_two`` for fewer than two values."""
    if hasattr(values, "dtype"):  # a numpy array or pandas Series, so numpy is imported already
        import numpy as np  # deferred: start-up (numpy)

        array = np.asarray(values, dtype=float)
        n = array.size
        return float(array.std(ddof=1) / math.sqrt(n)) if n >= 2 else below_two
    xs = [float(x) for x in values]
    n = len(xs)
    if n < 2:
        return below_two
    mean = math.fsum(xs) / n
    return math.sqrt(math.fsum((x - mean) ** 2 for x in xs) / (n - 1) / n)


def proportion_error(share: float, n: int, none: float = 0.0) -> float:
    """The standard error of a share ``share`` measured over ``n`` trials: √(p(1 - p) / n);
    ``none`` when nothing was counted (``n`` is 0)."""
    return math.sqrt(share * (1 - share) / n) if n else none


__all__ = ["proportion_error", "standard_error"]

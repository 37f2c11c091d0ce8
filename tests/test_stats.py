"""stats.standard_error: the standard error of a mean, checked against sums done by hand, the
same for plain lists (no numpy, as in the browser) as for numpy arrays and pandas Series."""
import math
import subprocess
import sys

import numpy as np
import pandas as pd
import pytest

from euchre_lessons.stats import standard_error


def test_the_standard_error_of_a_mean_by_hand():
    # 2 4 4 4 5 5 7 9: mean 5, squared deviations 9+1+1+1+0+0+4+16 = 32, sample variance 32/7,
    # standard error sqrt(32/7 / 8) = sqrt(4/7)
    values = [2, 4, 4, 4, 5, 5, 7, 9]
    assert standard_error(values) == pytest.approx(math.sqrt(4 / 7), rel=1e-15)
    # 1 3: mean 2, squared deviations 1+1 = 2, sample variance 2/1, standard error sqrt(2/2) = 1
    assert standard_error([1, 3]) == 1.0
    assert standard_error([0.5, 0.5, 0.5]) == 0.0  # no spread
    assert standard_error(iter(values)) == standard_error(tuple(values)) == standard_error(values)


@pytest.mark.parametrize("kind", [np.array, pd.Series])
def test_numpy_and_pandas_give_the_same_value(kind):
    values = [2, 4, 4, 4, 5, 5, 7, 9]
    assert standard_error(kind(values)) == pytest.approx(standard_error(values), rel=1e-15)
    rng = np.random.default_rng(1)
    sample = rng.normal(0, 3, size=1001)
    assert standard_error(kind(sample)) == pytest.approx(standard_error(list(sample)), rel=1e-12)
    assert standard_error(kind([7.0])) == 0.0


def test_fewer_than_two_values_give_what_the_caller_asks():
    assert standard_error([]) == standard_error([3.0]) == 0.0
    assert math.isnan(standard_error([3.0], below_two=math.nan))
    assert standard_error([], below_two=math.inf) == math.inf


def test_it_needs_no_numpy():
    out = subprocess.run([sys.executable, "-c", "import sys; from euchre_lessons.stats import standard_error; "
                          "print(standard_error([1, 3]), 'numpy' in sys.modules)"],
                         capture_output=True, text=True, check=True).stdout.split()
    assert out == ["1.0", "False"]


def test_the_error_of_a_share_is_that_of_a_mean_of_zeros_and_ones_over_n():
    from euchre_lessons.stats import proportion_error

    assert proportion_error(0.25, 400) == math.sqrt(0.25 * 0.75 / 400) == pytest.approx(0.0216506350946)
    assert proportion_error(0.5, 0) == 0.0 and math.isnan(proportion_error(0.5, 0, none=math.nan))
    ones = [1] * 30 + [0] * 70  # the sample's (n - 1) spread is the share's (n) spread times sqrt(n / (n - 1))
    assert standard_error(ones) == pytest.approx(proportion_error(0.3, 100) * math.sqrt(100 / 99), rel=1e-12)

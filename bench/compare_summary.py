"""The comparison summary's table (``RuleComparison.summary(...).table``): worked out row by row,
as it was (``table_row_by_row``, kept here as the plain reference that tests/test_compare.py
holds the vectorised table to), against the vectorised table the summary works out once, and
against asking a summary for its table again (kept). Prints milliseconds, the median of
``--repeats`` runs, and the largest difference between the two tables.

    python bench/compare_summary.py [--deals 2000] [--repeats 5]
"""
from __future__ import annotations

import argparse
import math
import statistics
import time
from collections.abc import Callable

import pandas as pd

from euchre_lessons.teaching.compare import RuleComparison, Summary

# the measures as they were, one simulator row at a time
ROW_MEASURES: tuple[tuple[str, Callable[[pd.Series], float]], ...] = (
    ("maker points per hand", lambda r: r["maker_points"]),
    ("defender points per hand", lambda r: r["defender_points"]),
    ("lone hands", lambda r: float(bool(r["alone"]))),
    ("euchres", lambda r: float(str(r["outcome"]).endswith("euchred"))),
    ("marches", lambda r: float(str(r["outcome"]).endswith("march"))),
)
POINTS = ("maker points per hand", "defender points per hand")


def table_row_by_row(summary: Summary) -> pd.DataFrame:
    """The summary's table computed the plain way: each measure read row by row (``iterrows``),
    the mean and sample standard deviation summed in Python."""
    df = summary.hands
    left = df[df["rules"] == summary.a].reset_index(drop=True)
    right = df[df["rules"] == summary.b].reset_index(drop=True)
    if summary.a == summary.b:
        left, right = df.iloc[0::2].reset_index(drop=True), df.iloc[1::2].reset_index(drop=True)
    out = []
    for name, f in ROW_MEASURES:
        xa = [f(r) for _, r in left.iterrows()]
        xb = [f(r) for _, r in right.iterrows()]
        d = [y - x for x, y in zip(xa, xb)]
        n = len(d)
        mean = sum(d) / n
        sd = math.sqrt(sum((x - mean) ** 2 for x in d) / (n - 1)) if n > 1 else 0.0
        half = 1.96 * sd / math.sqrt(n)
        ma, mb = sum(xa) / n, sum(xb) / n
        out.append({"measure": name, "unit": "points a hand" if name in POINTS else "share of deals",
                    summary.a: ma, summary.b: mb, "difference": mean, "ci low": mean - half, "ci high": mean + half,
                    "ratio": mb / ma if ma else float("nan"), "deals": n})
    return pd.DataFrame(out)


def largest_difference(one: pd.DataFrame, other: pd.DataFrame) -> float:
    numbers = one.select_dtypes("number").columns
    return float((one[numbers] - other[numbers]).abs().max().max())


def median_ms(f: Callable[[], object], repeats: int) -> float:
    times = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        f()
        times.append(time.perf_counter() - t0)
    return statistics.median(times) * 1000


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=2000)
    ap.add_argument("--repeats", type=int, default=5)
    args = ap.parse_args()
    t0 = time.perf_counter()
    summary = RuleComparison.summary("hoyle_railroad", "modern_railroad", hands=args.deals, seed=1)
    print(f"{args.deals:,} deals under hoyle_railroad and modern_railroad, played in {time.perf_counter() - t0:.1f} s")
    plain = median_ms(lambda: table_row_by_row(summary), args.repeats)
    fresh = median_ms(lambda: Summary(summary.a, summary.b, summary.hands).table, args.repeats)
    summary.table  # noqa: B018  (worked out once here, then kept)
    kept = median_ms(lambda: summary.table, args.repeats)
    print(f"row by row (iterrows), as it was:    {plain:9.2f} ms")
    print(f"vectorised, the first time asked:    {fresh:9.2f} ms   ({plain / fresh:.0f}x)")
    print(f"asked again (kept; a copy returned): {kept:9.3f} ms")
    print(f"largest difference between the two tables: {largest_difference(table_row_by_row(summary), summary.table):.1e}")


if __name__ == "__main__":
    main()

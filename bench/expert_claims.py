"""Lesson 05's claims re-measured with the expert at every seat: the rows kept for the lesson.

Lesson 05 tests three things players say about Foster's game and the modern one ("more lone
hands", "more euchres", "ordering up with three trumps pays") with the rule-of-thumb players.
Where a claim is about good play, the lesson also shows it for the expert (searched bidding and
card play), whose hands are too slow to play while the lesson runs: this plays them once, seeded,
on every core, and writes the rows (``simulate.compare``'s columns) as CSV for the lesson to read:

* ``summary_expert.csv``: ``RuleComparison.summary`` of the two games, nested deals, as the
  lesson's own summary (claims 1 and 2), ``--deals`` deals;
* ``claims_expert.csv``: ``simulate.compare`` of the two games, ``--hands`` hands each (claim 3).

    python bench/expert_claims.py [--deals 300] [--hands 600] [--seed 1] [--out data/strength]

The stored files were made with the defaults (``python -m euchre_lessons.delivery.regenerate
--only claims`` makes them again).
"""
from __future__ import annotations

import argparse
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from euchre_lessons import simulate  # noqa: E402
from euchre_lessons.teaching import RuleComparison  # noqa: E402

PRESETS = ("hoyle_railroad", "modern_railroad")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=300, help="nested deals for the summary")
    parser.add_argument("--hands", type=int, default=600, help="hands of each game for claim 3")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--processes", type=int, default=min(2, os.cpu_count() or 1))
    parser.add_argument("--out", default=str(ROOT / "data" / "strength"), help="the folder written")
    args = parser.parse_args(argv)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    with ProcessPoolExecutor(args.processes) as pool:
        start = time.perf_counter()
        summary = RuleComparison.summary(*PRESETS, hands=args.deals, seed=args.seed, players="expert",
                                         executor=pool)
        summary.hands.to_csv(out / "summary_expert.csv", index=False)
        print(f"summary: {args.deals:,} nested deals under {' and '.join(PRESETS)}, expert at every seat, seed "
              f"{args.seed}: {time.perf_counter() - start:.0f} s; written to {out / 'summary_expert.csv'}", flush=True)
        print(summary, flush=True)
        start = time.perf_counter()
        rows = simulate.compare(list(PRESETS), args.hands, players="expert", seed=args.seed, executor=pool,
                                progress=False, chunk=10)
    rows.to_csv(out / "claims_expert.csv", index=False)
    print(f"{len(rows):,} rows ({args.hands:,} hands of each of {', '.join(PRESETS)}), expert at every seat, "
          f"seed {args.seed}, {args.processes} processes: {time.perf_counter() - start:.0f} s; written to "
          f"{out / 'claims_expert.csv'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

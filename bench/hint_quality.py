"""Whether the play hint's card is the best by what the seat can know, and how fast it comes.

Hands are dealt from seeds and played by the rule-of-thumb players; at each play decision with
two or more legal cards the level-2 hint is asked (cold: the values remembered are forgotten
first) and its card judged:

* where the hint solved every layout that fits the seat's knowledge (``exact``), its card must be
  the best by expected points in every decision: checked against an independent enumeration of
  the layouts (``knowing._every_layout``), each solved, the means taken here;
* where it sampled, a reference of ``--reference`` layouts drawn with another seed says which card
  is best; the hint's card is *worse beyond the error* when, paired layout by layout, it falls
  short of the reference's best by more than two standard errors. The rate must be under 2%.

It also prints the hint's time per decision (median and 95th percentile, in ms, by the wall clock
and in processor time, which a loaded machine disturbs less), and how often
it said "too close to call".

    python bench/hint_quality.py [--decisions 300] [--reference 400] [--presets standard ...] [--jobs 2]
"""
from __future__ import annotations

import argparse
import statistics
import time
from concurrent.futures import ProcessPoolExecutor

from euchre_lessons import Timeline
from euchre_lessons.hand.phases import Phase
from euchre_lessons.hand.view import SeatView
from euchre_lessons.teaching import hint
from euchre_lessons.teaching.hints import values
from euchre_lessons.valuing.knowing import _every_layout, _knowledge, _tabulate, card_values

PRESETS = ("standard", "hoyle_railroad", "modern_railroad")


def decisions(preset: str, count: int, first_seed: int = 0):
    """Play states (two or more legal cards) of seeded hands played by the rule-of-thumb players
    (``players.make("rule_of_thumb", seed)``, as ``Timeline.from_seed`` seats them)."""
    seed = first_seed
    while True:
        for state in Timeline.from_seed(preset, seed).states:
            if state.phase is Phase.PLAY and len(state.legal_actions()) > 1:
                yield seed, state
                count -= 1
                if count == 0:
                    return
        seed += 1


def judge(job) -> dict:
    preset, seed, state, reference = job
    seat = state.to_act
    values.cache_clear()
    t0, c0 = time.perf_counter(), time.process_time()
    h = hint(state, seat, 2)
    took, cpu = time.perf_counter() - t0, time.process_time() - c0
    v = values(state, seat)
    row = {"preset": preset, "seed": seed, "ms": took * 1000, "cpu": cpu * 1000, "method": v.method, "layouts": v.layouts,
           "close": "too close to call" in h.text, "worse": False, "best": True}
    if v.method == "exact":
        k = _knowledge(SeatView(state, seat))
        every = _every_layout(k, 10 ** 9, bounded=False)
        check = _tabulate(k, seat, state.legal_actions(), every, "exact", len(every), (), {})
        top = max(x.points for x in check.values)
        row["best"] = abs(check.of(h.action).points - top) < 1e-9 and len(every) == v.layouts
    elif v.method == "sampled":
        ref = card_values(state, seat, reference, seed=f"reference:{seed}", most=reference)
        dt, dp, se_t, se_p = ref.loss(h.action)
        row["worse"] = dp > 2 * se_p + 1e-9
        row["ref_method"] = ref.method
    return row


def _ms(times) -> str:
    times = sorted(times)
    p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
    return f"median {statistics.median(times):7.1f} ms   95th {p95:7.1f} ms"


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decisions", type=int, default=300, help="play decisions per preset (default 300)")
    parser.add_argument("--reference", type=int, default=400, help="layouts in the sampled reference (default 400)")
    parser.add_argument("--presets", nargs="+", default=list(PRESETS))
    parser.add_argument("--jobs", type=int, default=1, help="processes (default 1)")
    args = parser.parse_args(argv)
    print(f"{args.decisions} play decisions per preset, reference of {args.reference} layouts")
    for preset in args.presets:
        jobs = [(preset, seed, s, args.reference) for seed, s in decisions(preset, args.decisions)]
        if args.jobs > 1:
            with ProcessPoolExecutor(args.jobs) as pool:
                rows = list(pool.map(judge, jobs, chunksize=4))
        else:
            rows = [judge(j) for j in jobs]
        exact = [r for r in rows if r["method"] == "exact"]
        sampled = [r for r in rows if r["method"] == "sampled"]
        worse = sum(r["worse"] for r in sampled)
        rate = worse / len(sampled) if sampled else 0.0
        se = (rate * (1 - rate) / len(sampled)) ** 0.5 if sampled else 0.0
        print(f"{preset:<16} decisions {len(rows):4d}   exact {len(exact):4d}: hint's card best in "
              f"{sum(r['best'] for r in exact)}/{len(exact)}   sampled {len(sampled):4d}: worse beyond the error "
              f"{worse} ({100 * rate:.1f}% ± {100 * se:.1f}%)   too close to call {sum(r['close'] for r in rows)}   "
              f"other {len(rows) - len(exact) - len(sampled)}")
        print(f"{'':<16} play hint, wall {_ms([r['ms'] for r in rows])}   processor {_ms([r['cpu'] for r in rows])}")
        print(f"{'':<16} layouts solved: median "
              f"{statistics.median(r['layouts'] for r in rows):.0f}, most {max(r['layouts'] for r in rows)}")


if __name__ == "__main__":
    main()

"""The expert player's speed per decision, and a quick paired match against the rule of thumb.

    python bench/expert_speed.py                       # speed: every preset, 20 hands each
    python bench/expert_speed.py --hands 50 --presets standard modern_railroad
    python bench/expert_speed.py --match standard --pairs 400             # strength, both cores
    python bench/expert_speed.py --match hoyle_railroad --pairs 300 --evaluation playout
    python bench/expert_speed.py --agreement --hands 40   # play-outs against the solver

Speed: seat 0 (and its partner, or every other seat) is the expert, the rest the rule-of-thumb
player; every decision of an expert seat with more than one legal action is timed, on one
core (one process), in CPU time (the machine may be shared), and the median, 95th percentile
and largest time are printed per preset and per kind of decision (the phase), bids apart from cards.

Match: each seeded deal is played twice, an expert pair against a rule-of-thumb pair, then
with the seats swapped (six players: three times, the expert team in each seat), so both
sides get the same cards. Printed: the expert side's mean points a hand over the rule of
thumb's (per deal, the average over its plays), its standard error, a 95% interval, and the
number of deals. The full bench of levels is ``bench/strength.py``; this one is for tuning.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import defaultdict
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from euchre_lessons import HandState, Phase, deal, rules  # noqa: E402
from euchre_lessons.game import points_of  # noqa: E402
from euchre_lessons.hand.view import SeatView  # noqa: E402
from euchre_lessons.players import make  # noqa: E402
from euchre_lessons.players.expert import ExpertPlayer  # noqa: E402
from euchre_lessons.table import team_of  # noqa: E402


def _expert(seed, options):
    return ExpertPlayer(seed, **options)


def speed(preset: str, hands: int, options: dict) -> dict:
    """Seconds per decision of the expert seats, by kind: {kind: [seconds, ...]}."""
    rs = rules.load(preset)
    n = rs.players
    times = defaultdict(list)
    for h in range(hands):
        seats = [_expert(f"{h}:{s}", options) if team_of(s, n) == 0 else make("rule_of_thumb", f"{h}:{s}")
                 for s in range(n)]
        for s, p in enumerate(seats):
            p.new_hand(f"{h}:{s}")
        state = HandState.start(deal(rs, seed=h, dealer=h % n))
        while not state.is_over:
            seat = state.to_act
            view = SeatView(state, seat)
            if team_of(seat, n) == 0 and len(view.legal_actions()) > 1:
                t = time.process_time()
                action = seats[seat].choose(view)
                times[str(state.phase)].append(time.process_time() - t)
            else:
                action = seats[seat].choose(view)
            state = state.apply(action)
    return times


def _quantiles(xs: list) -> str:
    xs = sorted(xs)
    p95 = xs[min(len(xs) - 1, int(0.95 * len(xs)))]
    return f"{len(xs):5d} decisions  median {statistics.median(xs):.3f} s  95th {p95:.3f} s  max {xs[-1]:.3f} s"


def print_speed(preset: str, hands: int, options: dict) -> None:
    times = speed(preset, hands, options)
    rs = rules.load(preset)
    print(f"{preset} ({rs.players} players, {bin(rs.pack_mask).count('1')} cards), {hands} hands:")
    bids = [x for k, xs in times.items() if k != str(Phase.PLAY) for x in xs]
    if bids:
        print(f"  {'every bid':28s} {_quantiles(bids)}")
    for kind in sorted(times):
        print(f"  {kind:28s} {_quantiles(times[kind])}")


def _play(rs, h: int, expert_team: int, options: dict) -> float:
    """The expert team's points less the others' average in deal ``h``, seated as ``expert_team``."""
    n = rs.players
    seats = []
    for s in range(n):
        key = f"{h}:{s}:{expert_team}"
        seats.append(_expert(key, options) if team_of(s, n) == expert_team else make("rule_of_thumb", key))
        seats[-1].new_hand(key)
    state = HandState.start(deal(rs, seed=h, dealer=h % n))
    while not state.is_over:
        seat = state.to_act
        state = state.apply(seats[seat].choose(SeatView(state, seat)))
    points = points_of(state)[4]
    others = [p for t, p in enumerate(points) if t != expert_team]
    return points[expert_team] - sum(others) / len(others)


def _pair(job) -> float:
    preset, h, options = job
    rs = rules.load(preset)
    return statistics.fmean(_play(rs, h, t, options) for t in range(rs.teams))


def match(preset: str, pairs: int, options: dict, processes: int = 2, first: int = 0) -> tuple:
    """``(mean, standard error, deals)``: the expert side's points a hand over the rule of
    thumb's, each deal played with the seats swapped."""
    rs = rules.load(preset)
    if not rs.partnerships:
        raise SystemExit(f"{preset}: the paired match needs partnerships (the seven-handed game has none)")
    jobs = [(preset, h, options) for h in range(first, first + pairs)]
    with Pool(processes) as pool:
        diffs = pool.map(_pair, jobs, chunksize=4)
    mean = statistics.fmean(diffs)
    se = statistics.stdev(diffs) / len(diffs) ** 0.5
    return mean, se, len(diffs)


def agreement(preset: str, hands: int) -> None:
    """The play-out evaluation against the solver's, on the same worlds of the same decisions:
    how often they choose the same action, and the mean gap between their values."""
    rs = rules.load(preset)
    bots = [make("rule_of_thumb", s) for s in range(rs.players)]
    same = count = 0
    gaps = []
    for h in range(hands):
        state = HandState.start(deal(rs, seed=h, dealer=h % rs.players))
        while not state.is_over and state.phase is not Phase.PLAY:
            seat = state.to_act
            view = SeatView(state, seat)
            if len(view.legal_actions()) > 1:
                reasons = []
                for how in ("solver", "playout"):
                    p = ExpertPlayer(h, evaluation=how, worlds=32, card_samples=0)
                    p.choose(view)
                    reasons.append({a: m for a, m, _ in p.last_reason.values})
                    best = p.last_reason.action
                    reasons[-1]["best"] = best
                same += reasons[0]["best"] is reasons[1]["best"]
                count += 1
                gaps += [reasons[1][a] - reasons[0][a] for a in view.legal_actions()]
            state = state.apply(bots[seat].choose(view))
    mean_gap = statistics.fmean(gaps)
    abs_gap = statistics.fmean(abs(g) for g in gaps)
    print(f"{preset}: play-outs against the solver over {count} decisions of {hands} hands (32 worlds each): "
          f"same choice {same / count:.0%}; value gap per action {mean_gap:+.3f} on average, "
          f"{abs_gap:.3f} absolute (points a hand)")


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--hands", type=int, default=20, help="hands per preset for the speed figures")
    ap.add_argument("--presets", nargs="*", default=None)
    ap.add_argument("--match", default=None, help="a preset: play the paired match instead")
    ap.add_argument("--pairs", type=int, default=200)
    ap.add_argument("--first", type=int, default=0, help="the first deal's seed")
    ap.add_argument("--evaluation", default="auto", choices=("auto", "solver", "playout"))
    ap.add_argument("--worlds", type=int, default=None)
    ap.add_argument("--card-samples", type=int, default=20)
    ap.add_argument("--processes", type=int, default=2)
    ap.add_argument("--agreement", action="store_true", help="play-outs against the solver on the same worlds")
    args = ap.parse_args(argv)
    options = {"evaluation": args.evaluation, "worlds": args.worlds, "card_samples": args.card_samples}
    if args.agreement:
        for preset in args.presets or ("standard", "hoyle_railroad", "modern_railroad"):
            agreement(preset, args.hands)
        return
    if args.match:
        t = time.perf_counter()
        mean, se, count = match(args.match, args.pairs, options, args.processes, args.first)
        print(f"{args.match}: expert {options} over the rule of thumb: {mean:+.3f} points a hand "
              f"(standard error {se:.3f}, 95% interval {mean - 1.96 * se:+.3f} to {mean + 1.96 * se:+.3f}) "
              f"over {count} deals with the seats swapped, in {time.perf_counter() - t:.0f} s")
        return
    for preset in args.presets or sorted(rules.names()):
        print_speed(preset, args.hands, options)


if __name__ == "__main__":
    main()

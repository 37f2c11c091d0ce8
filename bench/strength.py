"""Strength by duplicate play: every level against every other and against the rule of thumb.

Each pairing A vs B plays the same seeded deals once per seating (four players: A's pair in
seats 0/2, then in 1/3; six players: A's pair on each of the three teams in turn, B's on the
other two), and the same seeded games to the preset's target. It prints, per preset:

* A's points a hand minus B's, with a 95% interval on the per-deal differences (the number of
  paired hands beside it), and A's share of the games with its interval;
* per player: the share of hands its side made trump, and of those the lone hands and the
  euchres; the share of its side's defences played alone; its time per decision with a
  choice (median and 95th percentile);
* whether the levels come out ordered (each level beats the one below it head to head, interval
  above zero, and its interval against the rule of thumb is clear of the next level's), and
  whether each strength bar holds (``expert`` against ``rule_of_thumb``: +0.10 a hand in
  standard, +0.25 in hoyle_railroad, +0.8 in modern_railroad, interval above zero);
* the memory the workers held (their peak resident set, and each worker's resident set after
  its first chunk and after its last, which shows whether anything grows over a run).

Players are names in ``euchre_lessons.players.PLAYERS`` (``random``, ``rule_of_thumb``, and the
levels once they are there) or ``module:factory`` (``euchre_lessons.players:SearchPlayer``).
Levels not yet in the registry are named and left out of the default line-up.

    python bench/strength.py [--presets standard hoyle_railroad modern_railroad | all]
        [--players beginner club expert] [--reference rule_of_thumb] [--pair A B ...]
        [--hands 2000] [--expert-hands N] [--games 400] [--time-limit 45] [--processes 2] [--seed 0]
        [--save FILE]

``--expert-hands N`` plays the pairings with the expert (whose every bid is a search) on ``N``
deals and the others on ``--hands``: the cheap players' small differences need many deals,
the expert's cost allows few. The stored run was made with ``--presets standard hoyle_railroad
modern_railroad hoyle_ordinary hoyle_railroad_full modern_railroad_6p --hands 6000
--expert-hands 400 --games 0 --time-limit 3.5`` on two shared cores, about half an hour (the
time limit applies to each part; ``data/strength/levels.txt`` shows the deals each reached);
``python -m euchre_lessons.delivery.regenerate --only strength`` makes it again.

The rule of thumb as it was before its mend is ``thumb_mend:thumb_before_mend`` (from git).
The reference is the rule-of-thumb player, so with the three levels every pair of the four
players the play table offers is measured. ``--save`` keeps each preset's numbers as JSON
(``simulate.strength_file``), the file lesson 08 and the play table's **Computer** menu show:
``--save data/strength/levels.json``.
"""
from __future__ import annotations

import argparse
import itertools
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(1, str(Path(__file__).resolve().parent))  # so thumb_mend:thumb_before_mend is found
from euchre_lessons import rules  # noqa: E402
from euchre_lessons.errors import EuchreError  # noqa: E402
from euchre_lessons.simulate import strength as S  # noqa: E402
from euchre_lessons.simulate import strength_file  # noqa: E402

DEFAULT_PRESETS = ("standard", "hoyle_railroad", "modern_railroad")


def _mb(n: float) -> str:
    return f"{n / 2 ** 20:,.0f} MB"


def _ms(seconds: float) -> str:
    return "-" if seconds != seconds else f"{seconds * 1000:,.2f}"


def _pct(x: float) -> str:
    return "-" if x != x else f"{100 * x:5.1f}%"


def _clock(seconds: float) -> str:
    m, s = divmod(round(seconds), 60)
    return f"{m}m{s:02d}s"


def line_up(args) -> tuple:
    """The pairings to play, and the names of levels left out (not in the registry yet)."""
    if args.pair:
        return [tuple(p) for p in args.pair], []
    known = S._registry()
    wanted = args.players if args.players is not None else list(S.LEVELS)
    missing = [p for p in wanted if ":" not in p and p not in known and args.players is None]
    levels = [p for p in wanted if p not in missing]
    pairs = [(hi, lo) for lo, hi in itertools.combinations(levels, 2)]  # the stronger named first
    pairs += [(p, args.reference) for p in levels if p != args.reference]
    return pairs, missing


def report(run: S.Run, levels: list, reference: str) -> None:
    rs = rules.load(run.rules)
    hands_played = len(S.seatings(rs))
    print(f"  {run.processes} processes, {_clock(run.seconds)}"
          + (" (stopped by the time limit)" if run.stopped else ""))
    print(f"  points a hand, A minus B, 95% interval on the per-deal differences; games to {rs.game_target} "
          f"points, A's share of each game pair")
    print(f"  {'A':<19}{'B':<19}{'paired hands':>13}{'A - B a hand':>20}{'game pairs':>12}{'A wins':>18}")
    for p in run.pairs:
        a, b = p.names
        w = p.wins()
        wins = "-" if not w.n else f"{w.mean:.3f} ± {w.half:.3f}"
        pts = str(p.points()) if p.deals else "-"
        print(f"  {a:<19}{b:<19}{len(p.deals):>13,}{pts:>20}{w.n:>12,}{wins:>18}")
    for p in run.pairs:
        for error in p.errors:
            print(f"  stopped at {error}")
    print(f"  each deal is played {hands_played} times (once per seating), so a pairing plays "
          f"{hands_played} hands per paired hand; the fair share of games is {1 / rs.teams:.3f}")
    print("  per player: made = hands its side made trump; alone, euchred = of those; defend alone = of "
          "its side's defences; time per decision with a choice, in ms")
    print(f"  {'player':<19}{'against':<19}{'made':>7}{'alone':>8}{'euchred':>9}{'def. alone':>11}"
          f"{'decisions':>11}{'median':>9}{'95th pc':>9}")
    for p in run.pairs:
        for who in (0, 1):
            r = p.rates(who)
            n, med, p95 = p.decision_times(who)
            print(f"  {p.names[who]:<19}{p.names[1 - who]:<19}{_pct(r['made']):>7}{_pct(r['alone']):>8}"
                  f"{_pct(r['euchred']):>9}{_pct(r['defend alone']):>11}{n:>11,}{_ms(med):>9}{_ms(p95):>9}")
    verdicts(run, levels, reference)
    peak = max([max(v[0], v[2]) for v in run.memory.values()] or [0])
    print(f"  memory: peak resident set of a worker {_mb(peak)}; each worker's resident set (and the solver's "
          f"positions held) after the chunks a quarter, half, three quarters and all the way through its run:")
    for _pid, samples in run.samples.items():
        marks = [samples[max(0, -(-len(samples) * q // 4) - 1)] for q in (1, 2, 3, 4)]
        print("    " + " -> ".join(f"{_mb(rss)} ({held:,})" for _, rss, held in marks))


def verdicts(run: S.Run, levels: list, reference: str) -> None:
    reference = S.label(reference)
    present = [lv for lv in levels if any(lv in p.names for p in run.pairs)]
    if len(present) < 2:
        print(f"  levels ordered: not checked (levels in this run: {', '.join(present) or 'none'})")
    else:
        steps = []
        for lo, hi in zip(present, present[1:]):
            p = run.pair(hi, lo)
            if p is None:
                steps.append(f"{hi} over {lo}: NOT played")
                continue
            steps.append(f"{hi} over {lo} {p.points()} ({'clear' if p.points().low > 0 else 'NOT clear'})")
            vs_lo, vs_hi = run.pair(lo, reference), run.pair(hi, reference)
            if vs_lo and vs_hi:
                clear = vs_hi.points().low > vs_lo.points().high
                steps.append(f"against {reference}: {hi} {vs_hi.points()} vs {lo} {vs_lo.points()} "
                             f"({'clear' if clear else 'NOT clear'})")
        ordered = all("NOT" not in s for s in steps)
        print(f"  levels ordered: {'yes' if ordered else 'NO'}: " + "; ".join(steps))
    bar = S.BARS.get(run.rules)
    if bar is None:
        print(f"  strength bar: none set for {run.rules}")
        return
    for p in run.pairs:
        if p.names != ("expert", S.label(reference)) or not p.deals:
            continue
        pts = p.points()
        holds = pts.mean >= bar and pts.low > 0
        print(f"  the bar (+{bar:.2f} a hand over {reference}, interval above zero): expert {pts}: "
              f"{'holds' if holds else 'does not hold'}")
    if not run.pair("expert", reference):
        print(f"  the bar for expert: not measured (no expert against {reference} in this run)")


def _searching(pair) -> bool:
    return any(S.label(p) == "expert" for p in pair)


def _run(name: str, pairs: list, args) -> S.Run:
    """The pairings of one preset: those with the expert on ``--expert-hands`` deals (within
    the time limit), the others on ``--hands``, as one run."""
    if args.expert_hands is None:
        return S.run(name, pairs, args.hands, args.games, seed=args.seed, processes=args.processes,
                     chunk=args.chunk, time_limit=args.time_limit * 60)
    parts = []
    for searching, hands in ((False, args.hands), (True, args.expert_hands)):
        some = [p for p in pairs if _searching(p) == searching]
        if some:
            parts.append(S.run(name, some, hands, args.games, seed=args.seed, processes=args.processes,
                               chunk=args.chunk, time_limit=args.time_limit * 60))
    by_names = {p.names: p for r in parts for p in r.pairs}
    return S.Run(parts[0].rules, [by_names[(S.label(a), S.label(b))] for a, b in pairs], args.hands, args.games,
                 stopped=any(r.stopped for r in parts), seconds=sum(r.seconds for r in parts),
                 processes=args.processes, memory={k: v for r in parts for k, v in r.memory.items()},
                 samples={k: v for r in parts for k, v in r.samples.items()})


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--presets", nargs="*", default=list(DEFAULT_PRESETS), help="preset names, or all")
    parser.add_argument("--players", nargs="*", default=None, help="levels, weakest first")
    parser.add_argument("--reference", default=S.REFERENCE)
    parser.add_argument("--pair", nargs=2, action="append", metavar=("A", "B"), help="play just these pairings")
    parser.add_argument("--hands", type=int, default=2000, help="paired hands (deals) per pairing")
    parser.add_argument("--expert-hands", type=int, default=None,
                        help="paired hands for the pairings with the expert (default: --hands)")
    parser.add_argument("--games", type=int, default=400, help="paired games per pairing")
    parser.add_argument("--time-limit", type=float, default=45.0, help="minutes per preset")
    parser.add_argument("--processes", type=int, default=min(2, os.cpu_count() or 1))
    parser.add_argument("--seed", default="0")
    parser.add_argument("--chunk", type=int, default=None, help="deals per chunk")
    parser.add_argument("--save", default=None, help="write the runs as JSON here (read by lesson 08)")
    args = parser.parse_args(argv)
    presets = rules.names() if args.presets == ["all"] else args.presets
    try:
        pairs, missing = line_up(args)
        for a, b in pairs:
            S.check_player(a), S.check_player(b)
    except EuchreError as e:
        print(f"strength: {e}", file=sys.stderr)
        return 2
    if missing:
        print(f"not in the player registry yet, left out: {', '.join(missing)}")
    if not pairs:
        print("no pairings to play: name players with --players or --pair")
        return 2
    levels = [p for p in (args.players or S.LEVELS) if p not in missing]
    expert = "" if args.expert_hands is None else f" ({args.expert_hands:,} with the expert)"
    print(f"{len(pairs)} pairings, {args.hands:,} paired hands{expert} and {args.games:,} paired games each, seed "
          f"{args.seed}, at most {args.time_limit:g} minutes a preset; {os.cpu_count()} cores, "
          f"load average {os.getloadavg()[0]:.2f}")
    saved = []
    for name in presets:
        why = S.unpaired(name)
        if why is not None:
            print(f"\n{name}: left out: {why}")
            continue
        print(f"\n{name}  (load average {os.getloadavg()[0]:.2f})")
        try:
            run = _run(name, pairs, args)
        except EuchreError as e:  # a player's failure on one deal: named, and the next preset goes on
            print(f"  stopped: {type(e).__name__}: {e}", flush=True)
            continue
        report(run, levels, args.reference)
        print(f"  load average after: {os.getloadavg()[0]:.2f}", flush=True)
        if args.save:
            saved.append(strength_file.record(run, args.seed))
            print(f"  saved to {strength_file.save(saved, args.save)}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Double-dummy solve times, and the searching player against the rule-of-thumb player.

    python bench/solver.py                 # solve times over 200 seeded deals per case
    python bench/solver.py --deals 50      # fewer deals
    python bench/solver.py --games 200     # also: SearchPlayer vs RuleOfThumbPlayer win rates

Solve times: each case builds play-phase states from seeded deals by taking, at each decision
before play, the first legal action of a fixed kind (order up / with partner, or alone for the
lone case; the dealer discards his first legal card) and times ``solver.solve`` on the first
lead, with an empty table each time (no warm-up: the first deal's time counts like any other).
The cases: a whole four-player ``standard`` deal (5 tricks), a ``standard`` lone hand (three
players), and a whole four-player ``modern_railroad`` deal (7 tricks).

Win rates: games are played in pairs on the same seed with the two kinds of player swapping
seats, so both sides get the same cards; the searching pair wins a game when its side does.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from euchre_lessons import HandState, Phase, deal, rules, solver  # noqa: E402
from euchre_lessons.solver import _SEARCHES  # noqa: E402

ACCEPT = ("order up", "assist", "take up")
PARTNER = ("with partner",)
ALONE = ("alone", "alone no exchange")


def play_state(rs, seed: int, lone: bool) -> HandState | None:
    """The first lead of a seeded deal, bidding by a fixed recipe; None if the recipe passes out."""
    d = deal(rs, seed=seed, dealer=seed % rs.players)
    s = HandState.start(d)
    while s.phase not in (Phase.PLAY, Phase.DONE):
        legal = s.legal_actions()
        words = [str(a) for a in legal]
        pick = legal[0]
        for wanted in ACCEPT + (ALONE if lone else PARTNER) + ("pass",):
            if wanted in words:
                pick = legal[words.index(wanted)]
                break
        s = s.apply(pick)
    return s if s.phase is Phase.PLAY else None


def times_for(name: str, lone: bool, count: int) -> list:
    rs = rules.load(name)
    out, seed = [], 0
    while len(out) < count:
        s = play_state(rs, seed, lone)
        seed += 1
        if s is None:
            continue
        _SEARCHES.clear()
        t = time.perf_counter()
        solver.solve(s)
        out.append(time.perf_counter() - t)
    return out


def summary(label: str, times: list) -> str:
    ms = sorted(1000 * t for t in times)
    p90 = ms[min(len(ms) - 1, int(0.9 * len(ms)))]
    return (f"{label:<34} n={len(ms):<4} median {statistics.median(ms):8.2f} ms   p90 {p90:8.2f} ms   "
            f"max {ms[-1]:8.1f} ms")


def win_rates(name: str, games: int, samples: int) -> str:
    from euchre_lessons import game, players
    from euchre_lessons.players.search import SearchPlayer

    rs = rules.load(name)
    wins, hands, points = 0, 0, 0
    t0 = time.perf_counter()
    for g in range(games):
        search = [SearchPlayer(seed=10 * g + k, samples=samples) for k in range(2)]
        thumb = [players.RuleOfThumbPlayer(seed=10 * g + 5 + k) for k in range(2)]
        side = g % 2
        seats = [search[0], thumb[0], search[1], thumb[1]] if side == 0 else [thumb[0], search[0], thumb[1], search[1]]
        record = game.play_game(rs, seats, seed=1000 + g // 2)
        wins += record.winner == side
        hands += len(record.hands)
        for state in record.hands:
            pts = state.result().points_by_team
            points += pts[side] - pts[1 - side]
    rate = wins / games
    se = (rate * (1 - rate) / games) ** 0.5
    return (f"{name:<16} SearchPlayer(samples={samples}) won {wins} of {games} games against RuleOfThumbPlayer: "
            f"{100 * rate:.1f}% (standard error {100 * se:.1f}%); points per hand {points / hands:+.3f} "
            f"over {hands} hands; {time.perf_counter() - t0:.0f} s")


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=200, help="seeded deals per case (default 200)")
    ap.add_argument("--games", type=int, default=0, help="games per preset for the win rates (default: none)")
    ap.add_argument("--samples", type=int, default=20, help="layouts the searching player solves per card")
    ap.add_argument("--skip-times", action="store_true", help="only the win rates")
    ap.add_argument("--presets", nargs="*", default=["standard", "modern_railroad"], help="presets for the win rates")
    args = ap.parse_args(argv)
    if not args.skip_times:
        for label, name, lone in (("standard, whole 4-player deal", "standard", False),
                                  ("standard, lone hand (3 players)", "standard", True),
                                  ("modern_railroad, whole 7-trick deal", "modern_railroad", False)):
            print(summary(label, times_for(name, lone, args.deals)), flush=True)
    if args.games:
        for name in args.presets:
            print(win_rates(name, args.games, args.samples), flush=True)


if __name__ == "__main__":
    main()

"""Rule-of-thumb players at speed: complete hands per second, and the two-process speed-up.

For each preset, four rule-of-thumb players play whole hands from seeded deals in one process
(``game.play_hand``: bidding, exchanges, every card), then the same through
``simulate.hands`` (which also scores each hand and builds its replayable row). Random legal
play of the same deals is timed beside them, so a busy machine shows in both columns. Last,
``simulate.hands`` runs 20,000 standard hands in one process and then chunked over a
two-process pool (same seed, same rows), and the speed-up is printed.

    python bench/bots.py [--seconds 2] [--presets standard modern_railroad] [--hands 20000]
"""
from __future__ import annotations

import argparse
import os
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from euchre_lessons import deal, rules, simulate  # noqa: E402
from euchre_lessons.game import play_hand  # noqa: E402
from euchre_lessons.players import RandomPlayer, RuleOfThumbPlayer  # noqa: E402


def hands_per_second(preset: str, make_player, seconds: float, seed: int = 0) -> tuple:
    """Whole hands played from seeded deals for about ``seconds``: hands per second of wall
    time, and per second of this process's CPU time (what an idle machine would give)."""
    rs = rules.load(preset)
    rng = random.Random(seed)
    players = [make_player(s) for s in range(rs.players)]
    n, start, cpu = 0, time.perf_counter(), time.process_time()
    deadline = start + seconds
    while True:
        for _ in range(50):
            play_hand(deal(rs, rng=rng, dealer=n % rs.players), players)
            n += 1
        now = time.perf_counter()
        if now >= deadline:
            return n / (now - start), n / (time.process_time() - cpu)


def simulate_rate(preset: str, hands: int, executor=None, chunk=None) -> tuple:
    start = time.perf_counter()
    df = simulate.hands(preset, hands, seed=1, executor=executor, chunk=chunk, progress=False)
    return hands / (time.perf_counter() - start), df


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--presets", nargs="*", default=rules.names())
    parser.add_argument("--hands", type=int, default=20_000, help="hands for the two-process comparison")
    args = parser.parse_args(argv)
    print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    print("hands per second in one process (CPU: hands per second of this process's CPU time)")
    print(f"{'preset':<22}{'rule of thumb':>15}{'(CPU)':>8}{'simulate.hands':>16}{'random play':>13}")
    for name in args.presets:
        rot, rot_cpu = hands_per_second(name, RuleOfThumbPlayer, args.seconds)
        rand, _ = hands_per_second(name, RandomPlayer, args.seconds / 2)
        sim, _ = simulate_rate(name, max(200, int(rot * args.seconds)))
        print(f"{name:<22}{rot:>15,.0f}{rot_cpu:>8,.0f}{sim:>16,.0f}{rand:>13,.0f}")
    n = args.hands
    one, df_one = simulate_rate("standard", n)
    with ProcessPoolExecutor(2) as pool:
        pool.submit(int).result()  # start the workers before the clock
        two, df_two = simulate_rate("standard", n, executor=pool, chunk=1000)
    same = "the same rows" if df_one.equals(df_two) else "DIFFERENT ROWS"
    print(f"standard, {n:,} hands through simulate.hands: one process {one:,.0f} hands/s, "
          f"two processes {two:,.0f} hands/s: speed-up {two / one:.2f}x ({same})")
    print(f"load average {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()

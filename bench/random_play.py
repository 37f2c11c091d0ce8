"""Random-play throughput: complete hands per second, one process, for each preset.

Each hand is dealt from a seeded pack, then every decision is a uniformly random legal
action until the hand is over (the result is not computed, as OpenSpiel's loop does not).
Where open-spiel is installed (the ``bench`` extra) the same workload runs in OpenSpiel's
``euchre`` driven from Python, side by side, and the ratio standard / OpenSpiel is printed for
two drivers of OpenSpiel: the plain one of OpenSpiel's own benchmark (``rng.choice`` of the
legal actions at every node, chance nodes included: the bar to meet) and one that draws chance
nodes by their probabilities in a Python loop (slower, so kinder to this engine).

Every time is CPU time of this process (``time.process_time``: OpenSpiel's C++ runs in it
too), so other work on a shared machine does not count against either engine. The presets'
rates are measured in rounds, each round giving every preset a slice of about ``--slice``
seconds in turn (the order rotated from round to round); each preset's median and quartiles
over the rounds are printed. Two engines are compared by alternating short slices of 100 hands
each in one process, after a warm-up of each, for the whole measuring time; the ratio of each
pair of slices is taken, and their median and quartiles printed.

    python bench/random_play.py [--seconds 3] [--rounds 15] [--presets standard modern_railroad]
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

# this checkout's package (a worktree's bench measures its own, not the one installed), and
# the bench folder for openspiel_baseline
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(1, str(Path(__file__).resolve().parent))
from euchre_lessons import HandState, deal, rules  # noqa: E402

SLICE = 100    # hands in one slice of an alternating comparison
WARM_UP = 1000  # hands each engine plays before a comparison is timed


def play_hands(rs, rng: random.Random, hands: int, first: int = 0) -> None:
    """Deal and play ``hands`` hands by random legal moves, the deal passing clockwise (the
    loop written as OpenSpiel's driver is, ``openspiel_baseline.play_hands``)."""
    players, choice = rs.players, rng.choice
    for n in range(first, first + hands):
        s = HandState.start(deal(rs, rng=rng, dealer=n % players))
        while not s.is_over:
            s = s.apply(choice(s.legal_actions()))


CLOCK = time.process_time  # CPU time of this process, OpenSpiel's C++ included


def hands_per_second(preset: str, seconds: float = 3.0, seed: int = 0) -> float:
    """Random legal play of whole hands for ``seconds`` of CPU time; complete hands per second."""
    rs = rules.load(preset)
    rng = random.Random(seed)
    n = 0
    start = CLOCK()
    deadline = start + seconds
    while True:
        play_hands(rs, rng, 50, n)
        n += 50
        now = CLOCK()
        if now >= deadline:
            return n / (now - start)


def preset_rates(presets, rounds: int, slice_seconds: float) -> dict:
    """Hands per CPU second of each preset in ``rounds`` rounds, each round a slice of about
    ``slice_seconds`` per preset in turn, the order rotated from round to round: by preset,
    the list of its rates."""
    runs = {name: engine(name) for name in presets}
    for run in runs.values():
        run(WARM_UP // 5)
    rates: dict = {name: [] for name in presets}
    order = list(presets)
    for r in range(rounds):
        for name in order[r % len(order):] + order[:r % len(order)]:
            run, n = runs[name], 0
            start = CLOCK()
            while True:
                run(20)
                n += 20
                took = CLOCK() - start
                if took >= slice_seconds:
                    break
            rates[name].append(n / took)
    return rates


def engine(preset: str, seed: int = 0):
    """``run(hands)`` for this engine under a preset, its own seeded random stream."""
    rs, rng, dealt = rules.load(preset), random.Random(seed), [0]

    def run(hands: int) -> None:
        play_hands(rs, rng, hands, dealt[0])
        dealt[0] += hands

    return run


def openspiel_engine(seed: int = 0, weighted: bool = False):
    """``run(hands)`` for OpenSpiel's euchre, or None when open-spiel is not installed: the
    plain driver (``rng.choice(state.legal_actions())`` everywhere, as OpenSpiel's benchmark
    does), or with ``weighted`` chance nodes drawn by an inverse-CDF loop."""
    from openspiel_baseline import load_game, play_hands, play_hands_weighted

    game = load_game()
    if game is None:
        return None
    rng = random.Random(seed)
    play = play_hands_weighted if weighted else play_hands
    return lambda hands: play(game, rng, hands)


def alternate(a, b, seconds: float) -> dict:
    """Hands/s of engines ``a`` and ``b`` (each ``run(hands)``), timed in alternating slices
    of ``SLICE`` hands for about ``seconds`` in all, the first of each pair taking turns, and
    the ratio of ``b``'s speed to ``a``'s: over all slices, and the median and quartiles of
    the ratio within each pair of slices."""
    a(WARM_UP)
    b(WARM_UP)
    clock = CLOCK
    spent = {a: 0.0, b: 0.0}
    ratios = []
    deadline = clock() + seconds
    k = 0
    while clock() < deadline or k < 10:
        took = {}
        for run in ((a, b) if k % 2 == 0 else (b, a)):
            start = clock()
            run(SLICE)
            took[run] = clock() - start
            spent[run] += took[run]
        ratios.append(took[a] / took[b])
        k += 1
    q1, median, q3 = statistics.quantiles(ratios, n=4)
    return {"a": k * SLICE / spent[a], "b": k * SLICE / spent[b], "ratio": spent[a] / spent[b],
            "median": median, "q1": q1, "q3": q3, "slices": k, "ratios": ratios}


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per preset and per comparison")
    parser.add_argument("--presets", nargs="*", default=rules.names())
    parser.add_argument("--rounds", type=int, default=15, help="rounds of the presets' rates")
    parser.add_argument("--slice", type=float, default=0.3, help="CPU seconds per preset in a round")
    args = parser.parse_args(argv)
    rates = preset_rates(args.presets, args.rounds, args.slice)
    print(f"hands per CPU second, {args.rounds} rounds of {args.slice} s a preset, the presets in turn")
    print(f"{'preset':<22}{'median':>10}{'q1':>10}{'q3':>10}")
    for name in args.presets:
        q1, median, q3 = statistics.quantiles(rates[name], n=4)
        print(f"{name:<22}{median:>10,.0f}{q1:>10,.0f}{q3:>10,.0f}")
    modern = alternate(engine("standard"), engine("modern_railroad"), args.seconds)
    print(f"\nmodern_railroad / standard, {modern['slices']} alternating slices of {SLICE} hands: "
          f"{modern['ratio']:.1%} (slices: median {modern['median']:.1%}, "
          f"quartiles {modern['q1']:.1%} to {modern['q3']:.1%}; needs at least 65%)")
    theirs = openspiel_engine()
    if theirs is None:
        print("open-spiel is not installed (pip install -e '.[bench]'): no OpenSpiel comparison")
        return
    for label, weighted, need in (("plain driver, as OpenSpiel's benchmark", False, "; needs at least 1.0"),
                                  ("inverse-CDF chance nodes", True, "")):
        versus = alternate(openspiel_engine(weighted=weighted), engine("standard"), args.seconds)
        print(f"\nstandard vs OpenSpiel's euchre driven from Python ({label}), the same workload, in one "
              f"process:\n{versus['slices']} alternating slices of {SLICE} hands each, after {WARM_UP} hands "
              "of warm-up each")
        print(f"{'standard (this engine)':<26}{versus['b']:>10,.0f} hands/s")
        print(f"{'OpenSpiel from Python':<26}{versus['a']:>10,.0f} hands/s")
        print(f"ratio standard / OpenSpiel: {versus['ratio']:.2f} over all slices "
              f"(per slice: median {versus['median']:.2f}, quartiles {versus['q1']:.2f} to {versus['q3']:.2f}{need})")


if __name__ == "__main__":
    main()

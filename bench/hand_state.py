"""The hand's state at speed: this checkout against others, and the choices behind its layout.

    python bench/hand_state.py --against /tmp/hand_head /tmp/hand_pre [--rounds 5]
    python bench/hand_state.py --choices

With ``--against``, each named checkout (a ``git worktree add /tmp/hand_head <commit>`` of a
baseline, say) and this one run the same work in fresh processes, in turns: each round runs one
process per checkout, the order rotated from round to round, so a busy machine slows them
alike. A process imports the package from its own checkout only and times, in CPU time of
that process after a warm-up:

- ``thumb``: four (or the preset's number of) rule-of-thumb players playing whole hands from
  seeded deals (``game.play_hand``), microseconds per hand, for ``standard`` and
  ``modern_railroad``;
- ``solve``: ``solver.solve`` on the first lead of seeded deals, with an empty table each time,
  the three cases of ``bench/solver.py`` (whole ``standard`` deal, ``standard`` lone hand,
  whole ``modern_railroad`` deal), the median milliseconds per deal;
- ``random``: random legal play of whole ``standard`` hands (``bench/random_play.py``),
  microseconds per hand.

It prints, per measure, each checkout's median over the rounds and its ratio to this checkout
(above 1: this checkout is faster).

``--choices`` times the ways the state could be kept and made, in this process, with the
state of this checkout: a card played by ``HandState.apply`` and by its plain twin
``play.play_card``; a round-1 acceptance by its short path and the long way; reading a field
as a slot, as a property and on the shared ``Fixed``;
making a ``HandState`` past its refusing ``__setattr__`` three ways; copying a ``Fixed`` by the
written-out ``values.copy_fixed`` and by a loop over its slots' names; making a ``SeatView`` by
``state.view`` and by its class; and a 7-card hand's legal plays joined from four remembered
suits' parts (``actions.play_actions``) and card by card.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
PRESETS = ("standard", "modern_railroad")
SOLVE_CASES = (("solve standard, whole deal", "standard", False), ("solve standard, lone hand", "standard", True),
               ("solve modern_railroad, whole deal", "modern_railroad", False))


# ---- one process: the work, timed ----------------------------------------------------------------

def work(checkout: str, hands: int, deals: int) -> dict:
    """Time the work with the package of ``checkout``; the figures by measure."""
    sys.path.insert(0, checkout)
    import random

    import euchre_lessons
    from euchre_lessons import HandState, Phase, deal, rules, solver
    from euchre_lessons.game import play_hand
    from euchre_lessons.players import RuleOfThumbPlayer
    from euchre_lessons.solver import _SEARCHES

    if not euchre_lessons.__file__.startswith(checkout):
        raise SystemExit(f"imported {euchre_lessons.__file__}, not the package of {checkout}")
    clock = time.process_time
    out = {}
    for preset in PRESETS:
        rs = rules.load(preset)
        rng = random.Random(0)
        players = [RuleOfThumbPlayer(seed) for seed in range(rs.players)]
        for k in range(hands // 5):  # warm-up: the rule set's tables, the caches of legal plays
            play_hand(deal(rs, rng=rng, dealer=k % rs.players), players)
        start = clock()
        for k in range(hands):
            play_hand(deal(rs, rng=rng, dealer=k % rs.players), players)
        out[f"thumb {preset} (us/hand)"] = (clock() - start) / hands * 1e6

    def first_lead(rs, seed: int, lone: bool):
        s = HandState.start(deal(rs, seed=seed, dealer=seed % rs.players))
        wanted = ("order up", "assist", "take up") + (("alone", "alone no exchange") if lone else ("with partner",))
        while s.phase not in (Phase.PLAY, Phase.DONE):
            legal = s.legal_actions()
            words = [str(a) for a in legal]
            pick = next((legal[words.index(w)] for w in wanted + ("pass",) if w in words), legal[0])
            s = s.apply(pick)
        return s if s.phase is Phase.PLAY else None

    for label, preset, lone in SOLVE_CASES:
        rs = rules.load(preset)
        states = [s for s in (first_lead(rs, seed, lone) for seed in range(3 * deals)) if s is not None][:deals]
        solver.solve(states[0])  # warm-up
        took = []
        for s in states:
            _SEARCHES.clear()
            start = clock()
            solver.solve(s)
            took.append(clock() - start)
        out[f"{label} (ms/deal)"] = statistics.median(took) * 1e3

    rs, rng = rules.load("standard"), random.Random(1)

    def random_hands(count: int) -> None:
        for k in range(count):
            s = HandState.start(deal(rs, rng=rng, dealer=k % 4))
            while not s.is_over:
                s = s.apply(rng.choice(s.legal_actions()))

    random_hands(hands // 2)
    start = clock()
    random_hands(4 * hands)
    out["random play standard (us/hand)"] = (clock() - start) / (4 * hands) * 1e6
    return out


def compare(checkouts: list, rounds: int, hands: int, deals: int) -> None:
    names = [str(HERE)] + [str(Path(c).resolve()) for c in checkouts]
    figures: dict = {name: [] for name in names}
    print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores; {rounds} rounds, "
          f"{hands} hands per bot preset, {deals} deals per solver case", flush=True)
    for r in range(rounds):
        order = names[r % len(names):] + names[:r % len(names)]
        for name in order:
            run = subprocess.run([sys.executable, __file__, "--work", name, "--hands", str(hands), "--deals", str(deals)],
                                 capture_output=True, text=True, check=True, cwd="/")
            figures[name].append(json.loads(run.stdout))
        print(f"round {r + 1} of {rounds} done (load average {os.getloadavg()[0]:.2f})", flush=True)
    measures = list(figures[names[0]][0])
    width = max(map(len, measures)) + 2
    print(f"\nmedians over {rounds} rounds (CPU time of each process); ratio = that checkout's time / this one's")
    print(f"{'measure':<{width}}" + "".join(f"{Path(n).name:>16}" for n in names) + "".join(
        f"{'ratio ' + Path(n).name:>22}" for n in names[1:]))
    for m in measures:
        med = [statistics.median(f[m] for f in figures[n]) for n in names]
        print(f"{m:<{width}}" + "".join(f"{v:>16.2f}" for v in med) + "".join(f"{v / med[0]:>22.3f}" for v in med[1:]))
    print("\nper round, each other checkout's time / this one's, sorted, for the spread:")
    for m in measures:
        for n in names[1:]:
            ratios = sorted(f[m] / g[m] for f, g in zip(figures[n], figures[names[0]]))
            print(f"  {m:<{width}} vs {Path(n).name}: " + " ".join(f"{x:.3f}" for x in ratios))


# ---- the choices behind the layout ---------------------------------------------------------------

def choices(number: int) -> None:
    """Print the times of the ways the state could be kept, read and made."""
    import timeit

    sys.path.insert(0, str(HERE))
    from euchre_lessons import HandState, SeatView, deal
    from euchre_lessons import actions as A
    from euchre_lessons.cards import ids_of
    from euchre_lessons.hand.values import FIXED_FIELDS, FixedSlots, StateSlots, copy_fixed

    s = HandState.start(deal("standard", seed=1))
    while s.phase is not s.phase.PLAY:
        s = s.apply(s.legal_actions()[0])
    slots = ("phase", "to_act", "is_over", "_legal", "_fixed", "turn", "trick", "_tricks", "_unplayed")
    values = tuple(getattr(s, name) for name in slots)
    setters = tuple(StateSlots.__dict__[name].__set__ for name in slots)

    def made(values):  # as every step makes a state: its slots filled in, then its class set
        n = StateSlots()
        n.phase, n.to_act, n.is_over = values[0], values[1], values[2]
        n._legal, n._fixed, n.turn = values[3], values[4], values[5]
        n.trick, n._tricks, n._unplayed = values[6], values[7], values[8]
        n.__class__ = HandState
        return n

    put_phase, put_to_act, put_over, put_legal, put_fixed, put_turn, put_trick, put_tricks, put_unplayed = setters

    def through_descriptors(values):
        n = object.__new__(HandState)
        put_phase(n, values[0])
        put_to_act(n, values[1])
        put_over(n, values[2])
        put_legal(n, values[3])
        put_fixed(n, values[4])
        put_turn(n, values[5])
        put_trick(n, values[6])
        put_tricks(n, values[7])
        put_unplayed(n, values[8])
        return n

    def through_object_setattr(values):
        n = object.__new__(HandState)
        put = object.__setattr__
        put(n, "phase", values[0])
        put(n, "to_act", values[1])
        put(n, "is_over", values[2])
        put(n, "_legal", values[3])
        put(n, "_fixed", values[4])
        put(n, "turn", values[5])
        put(n, "trick", values[6])
        put(n, "_tricks", values[7])
        put(n, "_unplayed", values[8])
        return n

    def copy_by_loop(f, n):  # copy_fixed's plain twin, a loop over the slots' names
        for name in FIXED_FIELDS:
            setattr(n, name, getattr(f, name))
        return n

    from euchre_lessons.hand import play, shortcuts, steps

    ordered = HandState.start(deal("standard", seed=1))
    while ordered.phase is ordered.phase.ROUND1 and ordered.legal_actions()[0].kind == "pass":
        ordered = ordered.apply("pass")
    accepting = ordered.legal_actions()[0]

    def the_long_way(state, action):  # a step's plain twin: a draft, the phase's apply_*, frozen
        return steps.long_way(state, action)

    def applied_plainly(state, action):  # apply, its card played by play.play_card
        if action not in state._legal:
            raise ValueError(action)
        n = play.play_card(state, action)
        n.__class__ = HandState
        return n

    names = {"s": s, "values": values, "made": made, "ordered": ordered, "accepting": accepting,
             "accept": shortcuts.accept, "long_way": the_long_way, "card": s.legal_actions()[0],
             "applied_plainly": applied_plainly, "descriptors": through_descriptors,
             "object_setattr": through_object_setattr, "f": s._fixed, "FixedSlots": FixedSlots,
             "copy_fixed": copy_fixed, "copy_by_loop": copy_by_loop, "SeatView": SeatView,
             "play_actions": A.play_actions, "PLAY": A.PLAY, "ids_of": ids_of,
             "hand": HandState.start(deal("modern_railroad", seed=1)).hand_mask(1)}
    rows = (("a card played: HandState.apply (written out)", "s.apply(card)"),
            ("a card played: apply by play.play_card (its plain twin)", "applied_plainly(s, card)"),
            ("a round-1 acceptance: its short path (shortcuts.accept)", "accept(ordered, accepting)"),
            ("a round-1 acceptance: the long way (draft, apply_*, freeze)", "long_way(ordered, accepting)"),
            ("read: a slot (HandState.phase)", "s.phase"),
            ("read: a property over the Fixed (HandState.deal)", "s.deal"),
            ("read: a field of the Fixed (s._fixed.trump)", "s._fixed.trump"),
            ("make a state: StateSlots filled in, class set", "made(values)"),
            ("make a state: descriptors' __set__", "descriptors(values)"),
            ("make a state: object.__setattr__", "object_setattr(values)"),
            ("copy a Fixed: copy_fixed, written out", "copy_fixed(f, FixedSlots())"),
            ("copy a Fixed: a loop over its slots' names", "copy_by_loop(f, FixedSlots())"),
            ("make a view: state.view(seat) (ViewSlots, class set)", "s.view(1)"),
            ("make a view: SeatView(state, seat) (descriptors)", "SeatView(s, 1)"),
            ("a 7-card hand's plays: four suits joined (actions)", "play_actions(hand)"),
            ("a 7-card hand's plays: card by card", "tuple([PLAY[i] for i in ids_of(hand)])"))
    print(f"best of 5 runs of {number:,} each, ns per operation (load average {os.getloadavg()[0]:.2f})")
    width = max(len(label) for label, _ in rows) + 2
    for label, stmt in rows:
        best = min(timeit.repeat(stmt, globals=names, number=number, repeat=5)) / number * 1e9
        print(f"{label:<{width}}{best:8.1f}")


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--against", nargs="*", default=[], help="checkouts to compare with this one")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--hands", type=int, default=1500, help="hands per preset for the bots (random play: 4x)")
    ap.add_argument("--deals", type=int, default=40, help="deals per solver case")
    ap.add_argument("--choices", action="store_true", help="time the ways to keep, read and make the state")
    ap.add_argument("--number", type=int, default=300_000, help="repetitions for --choices")
    ap.add_argument("--work", help=argparse.SUPPRESS)  # one process of a comparison: a checkout's package
    args = ap.parse_args(argv)
    if args.work:
        print(json.dumps(work(args.work, args.hands, args.deals)))
    elif args.choices:
        choices(args.number)
    else:
        compare(args.against, args.rounds, args.hands, args.deals)


if __name__ == "__main__":
    main()

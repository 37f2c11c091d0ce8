"""Where the rule-of-thumb player loses points, and a paired match of it against an older copy.

Two measurements, both seeded, both spread over every core:

``losses``: seeded hands are played by four rule-of-thumb players. At every decision before
the play with more than one legal action, each legal action is valued by
``valuing.worlds.playout_values``: worlds that fit what the seat has seen are dealt, the
action is tried in each and the hand played out by the rule-of-thumb players. The points the
player's choice falls short of the best action (its side's points less the other side's) are
totalled per decision kind, and per "chose X, Y was better" pair. The better action is
picked on half the worlds and its gain measured on the other half, so the totals are not
flattered by picking the best of noisy values: a total near zero or below it means the
player's choices of that kind are about as good as the play-outs can tell.

``match``: the rule-of-thumb player as it is now against the copy at ``--old`` (a git commit,
loaded from ``git show`` into a temporary package, so both can sit at one table). Each seeded
deal is played twice, the two pairs exchanging seats; the difference (new side's points less
the old side's) is averaged over the two, and its mean over the deals is printed with a 95%
interval, with each version's lone-hand, defend-alone and euchred rates and the whole-hand
speed of each.

    python bench/thumb_mend.py losses [--presets ...] [--hands 300] [--samples 24]
    python bench/thumb_mend.py match [--presets ...] [--hands 2000] [--old d947bf0]
"""
from __future__ import annotations

import argparse
import importlib
import math
import os
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from euchre_lessons import HandState, deal, rules  # noqa: E402
from euchre_lessons.game import points_of  # noqa: E402
from euchre_lessons.hand.phases import Phase  # noqa: E402
from euchre_lessons.hand.view import SeatView  # noqa: E402
from euchre_lessons.players import RuleOfThumbPlayer  # noqa: E402
from euchre_lessons.table import team_of  # noqa: E402

PRESETS = ("standard", "hoyle_railroad", "modern_railroad")
OLD = "d947bf0"  # the last commit before the mend
FILES = ("rule_of_thumb", "thumb_tables", "thumb_play")


# ---- the old player, from git ---------------------------------------------------------------

def old_player_class(ref: str = OLD):
    """``RuleOfThumbPlayer`` as it was at commit ``ref``: its three modules written into a
    temporary package (relative imports made absolute, its rule-set cache under its own key)."""
    name = "thumb_old_" + "".join(ch for ch in ref if ch.isalnum())
    if name in sys.modules:
        return sys.modules[name + ".rule_of_thumb"].RuleOfThumbPlayer
    folder = Path(tempfile.mkdtemp(prefix="thumb_old_"))
    pkg = folder / name
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    for f in FILES:
        text = subprocess.run(["git", "-C", str(ROOT), "show", f"{ref}:euchre_lessons/players/{f}.py"],
                              check=True, capture_output=True, text=True).stdout
        text = text.replace("from .. import", "from euchre_lessons import").replace("from ..", "from euchre_lessons.")
        text = text.replace("from .thumb", f"from {name}.thumb")
        text = text.replace('rules.derived("thumb",', f'rules.derived("{name}",')
        (pkg / f"{f}.py").write_text(text)
    sys.path.insert(0, str(folder))
    return importlib.import_module(name + ".rule_of_thumb").RuleOfThumbPlayer


def thumb_before_mend(seed=None):
    """The rule-of-thumb player as it was before the mend (commit ``OLD``): a factory the
    strength bench takes as ``thumb_mend:thumb_before_mend``."""
    return old_player_class()(seed)


# ---- losses ---------------------------------------------------------------------------------

def kind_of(state) -> str:
    """A decision's kind in the game's words."""
    phase = state.phase
    if phase is Phase.ROUND1:
        return "take up" if state.to_act == state.dealer else "order up"
    return {Phase.ROUND2: "make trump", Phase.ALONE: "go alone", Phase.TAKE_OVER: "take over",
            Phase.GIVE: "lone gift", Phase.BEST: "partner's best", Phase.DEFEND: "defend alone",
            Phase.DISCARD: "discard", Phase.JAMBONE: "Jambone", Phase.JAMBOREE: "Jamboree",
            Phase.WIDOW: "widow discard", Phase.AUCTION: "bid", Phase.TRUMP: "name trump",
            Phase.PARTNERS: "partners", Phase.BLIND: "blind trump"}.get(phase, str(phase))


def losses_of_hands(job) -> list:
    """``(kind, chosen, best, loss)`` for every pre-play choice in hands ``first..last``."""
    from euchre_lessons.players.seating import Bots
    from euchre_lessons.valuing.worlds import playout_values

    preset, first, last, samples, seed = job
    rs = rules.load(preset)
    out = []
    for i in range(first, last):
        state = HandState.start(deal(rs, seed=f"{seed}:{i}", dealer=i % rs.players))
        bots = Bots(rs, "rule_of_thumb", seed, hand=i)
        while not state.is_over:
            choice = bots.choose(state)
            if state.phase is not Phase.PLAY and len(state.legal_actions()) > 1:
                vals = playout_values(state, state.to_act, samples, seed=f"{seed}:{i}:{len(state.history)}")
                best, loss = _split_loss(vals.per_layout, choice)
                if best is not None:
                    out.append((kind_of(state), _generic(choice), _generic(best), loss))
            state = state.apply(choice)
    return out


def _split_loss(per_layout: dict, choice) -> tuple:
    """The best action by the even-numbered worlds, and what it gains over ``choice`` in the
    odd-numbered ones: the best of noisy means, judged on the worlds that chose it, would
    always look better than the choice; judged on other worlds, the gain is unbiased (and
    negative where switching would lose)."""
    rows = {a: [p for _, p in v] for a, v in per_layout.items()}
    size = min(len(v) for v in rows.values())
    if size < 2 or choice not in rows:
        return None, 0.0
    even = {a: sum(v[0:size:2]) for a, v in rows.items()}
    best = max(even, key=even.get)
    odd = range(1, size, 2)
    return best, sum(rows[best][k] - rows[choice][k] for k in odd) / len(odd)


def _generic(action) -> str:
    """An action with its card left out (discards and gifts are totalled by kind, not card)."""
    text = str(action)
    if action.kind in ("discard", "give", "play"):
        return action.kind
    return text


def losses(presets, hands: int, samples: int, seed: int, pool) -> None:
    print(f"points lost per decision kind: {hands:,} hands a preset, {samples} worlds a decision, "
          "each action played out by the rule-of-thumb players")
    for preset in presets:
        start = time.perf_counter()
        chunk = max(1, hands // 40)
        jobs = [(preset, a, min(a + chunk, hands), samples, seed) for a in range(0, hands, chunk)]
        rows = [r for part in pool.map(losses_of_hands, jobs) for r in part]
        per_kind = defaultdict(lambda: [0, 0.0, 0])  # decisions, points lost, times another was better
        pairs = defaultdict(float)
        for kind, chosen, best, loss in rows:
            k = per_kind[kind]
            k[0] += 1
            k[1] += loss
            k[2] += loss > 0
            if chosen != best:
                pairs[(kind, chosen, best)] += loss
        print(f"\n{preset} ({time.perf_counter() - start:.0f} s)")
        print(f"  {'decision':<16}{'made':>8}{'lost/hand':>11}{'lost/decision':>15}{'gained by another':>19}")
        for kind, (n, lost, worse) in sorted(per_kind.items(), key=lambda kv: -kv[1][1]):
            print(f"  {kind:<16}{n:>8,}{lost / hands:>11.3f}{lost / n:>15.3f}{worse / n:>19.0%}")
        print("  the choices that lose most (points a hand):")
        for (kind, chosen, best), lost in sorted(pairs.items(), key=lambda kv: -kv[1])[:8]:
            print(f"    {kind:<14} chose {chosen:<22} better {best:<22}{lost / hands:>7.3f}")


# ---- match ----------------------------------------------------------------------------------

def match_deals(job) -> list:
    """For each deal ``first..last``: the new side's points less the old side's, averaged over
    the two seatings, and each version's counts (made, alone, defended alone, faced a lone hand,
    euchred as maker)."""
    preset, first, last, seed, ref = job
    Old = old_player_class(ref)
    rs = rules.load(preset)
    n = rs.players
    out = []
    for i in range(first, last):
        d = deal(rs, seed=f"{seed}:{i}", dealer=i % n)
        diffs = []
        counts = {"new": [0] * 6, "old": [0] * 6}
        for new_team in (0, 1):
            players = [RuleOfThumbPlayer() if team_of(s, n) == new_team else Old() for s in range(n)]
            for s, p in enumerate(players):
                p.new_hand(f"{seed}:{i}:{s}")
            state = HandState.start(d)
            while not state.is_over:
                seat = state.to_act
                state = state.apply(players[seat].choose(SeatView(state, seat)))
            outcome, _, maker_team, tricks, points = points_of(state)
            diffs.append(points[new_team] - points[1 - new_team])
            if maker_team is None:
                continue
            maker = "new" if maker_team == new_team else "old"
            other = "old" if maker == "new" else "new"
            c = counts[maker]
            c[0] += 1
            c[1] += bool(state.alone)
            c[4] += points[maker_team] <= 0 and points[1 - maker_team] > 0
            if state.alone:
                counts[other][3] += 1
                counts[other][2] += state.lone_defender is not None
            c[5] += 1
        out.append((sum(diffs) / 2, counts["new"], counts["old"]))
    return out


def speed(players: dict, preset: str, seconds: float = 4.0) -> dict:
    """Whole hands a second in one process for each of ``players`` (name: class), timed in
    alternating slices of 50 seeded hands, so a busy machine slows each alike."""
    rs = rules.load(preset)
    tables = {name: [P() for _ in range(rs.players)] for name, P in players.items()}
    spent = dict.fromkeys(players, 0.0)
    count = 0
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline:
        deals = [deal(rs, seed=count + k, dealer=(count + k) % rs.players) for k in range(50)]
        for name, table in tables.items():
            start = time.perf_counter()
            for d in deals:
                state = HandState.start(d)
                while not state.is_over:
                    seat = state.to_act
                    state = state.apply(table[seat].choose(SeatView(state, seat)))
            spent[name] += time.perf_counter() - start
        count += 50
    return {name: count / t for name, t in spent.items()}


def _rates(c) -> str:
    made, alone, defended, faced, euchred, _ = c
    return (f"alone {alone / max(made, 1):>4.0%} of {made:>5,} made, defends alone {defended / max(faced, 1):>4.0%} "
            f"of {faced:>5,} lone hands, euchred {euchred / max(made, 1):>4.0%}")


def match(presets, hands: int, seed: int, ref: str, pool) -> None:
    print(f"the rule of thumb now against it at {ref}: each deal played twice, seats swapped; "
          "new side's points less old side's, a hand")
    for preset in presets:
        start = time.perf_counter()
        chunk = max(1, hands // 40)
        jobs = [(preset, a, min(a + chunk, hands), seed, ref) for a in range(0, hands, chunk)]
        rows = [r for part in pool.map(match_deals, jobs) for r in part]
        diffs = [r[0] for r in rows]
        m = sum(diffs) / len(diffs)
        sd = math.sqrt(sum((x - m) ** 2 for x in diffs) / (len(diffs) - 1))
        half = 1.96 * sd / math.sqrt(len(diffs))
        new = [sum(r[1][k] for r in rows) for k in range(6)]
        old = [sum(r[2][k] for r in rows) for k in range(6)]
        print(f"\n{preset}: {len(diffs):,} deals ({2 * len(diffs):,} hands), {time.perf_counter() - start:.0f} s")
        print(f"  new - old: {m:+.3f} points a hand, 95% interval {m - half:+.3f} to {m + half:+.3f}")
        print(f"  new: {_rates(new)}")
        print(f"  old: {_rates(old)}")
        fast = speed({"new": RuleOfThumbPlayer, "old": old_player_class(ref)}, preset)
        print(f"  speed, whole hands a second in one process (alternating slices): new {fast['new']:,.0f}, "
              f"old {fast['old']:,.0f} ({fast['new'] / fast['old']:.0%})")


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", choices=("losses", "match"))
    parser.add_argument("--presets", nargs="*", default=list(PRESETS))
    parser.add_argument("--hands", type=int, default=None, help="hands (losses: 300) or deals (match: 2000)")
    parser.add_argument("--samples", type=int, default=24, help="worlds a decision (losses)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--old", default=OLD, help="the git commit of the older player (match)")
    args = parser.parse_args(argv)
    print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    if args.what == "match":
        old_player_class(args.old)  # load it before the workers start
    with ProcessPoolExecutor(os.cpu_count()) as pool:
        if args.what == "losses":
            losses(args.presets, args.hands or 300, args.samples, args.seed, pool)
        else:
            match(args.presets, args.hands or 2000, args.seed, args.old, pool)
    print(f"\nload average {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()

"""Strength by duplicate play: two players on the same seeded deals, the seats swapped.

>>> from euchre_lessons.simulate import strength
>>> run = strength.run("standard", [("rule_of_thumb", "random")], hands=200, games=20, processes=1)
>>> print(run.pairs[0].points())   # A's points a hand minus B's, with its 95% interval
+1.212 ± 0.110
>>> run.pairs[0].wins().mean       # A's share of the 20 game pairs
1.0

Each deal is dealt once and played once per seating (``seatings``): with four players A's pair
sits in seats 0 and 2 and B's in 1 and 3, then the other way round. With six players (three
teams, seat ``s`` on team ``s % 3``) a deal is played three times, A's pair on team 0, then on
team 1, then on team 2, B's pairs on the other two teams; A's points are its team's, B's the
mean of its two teams'. Seven-handed has no partnerships, so there is no pair to swap: that
preset is refused (``unpaired``) rather than measured some other way.

Every seat draws its player's seed for a hand from the deal's own generator, by seat number, so
the same seat gets the same seed in every seating: a player against itself gives exactly 0 on
every deal, and a run gives the same records however it is cut into chunks or spread over
processes. A deal's difference is A's points minus B's, averaged over its seatings; the points a
hand are the mean of those differences, with a 95% interval from their spread (``interval``).

Games go to the preset's target the same way: game ``g`` is played once per seating from the
same generator of deals (the same deal at every hand number until the games part), the players
reseeded by seat at each hand. A game pair's value is the share of its seatings that A won.

* ``player_factory(spec)``, ``label(spec)`` - a player from a name in ``players.PLAYERS`` (the
  registry, read when asked, so levels added later are found) or ``"module:factory"``.
* ``seatings(rules)``, ``unpaired(rules)`` - who sits where in each play of a deal.
* ``play_deal``, ``play_game_pair`` - one deal, one game pair, as plain records.
* ``interval(values)`` - the mean and the half-width of its 95% interval.
* ``run(rules, pairings, hands, games, ...)`` - chunks of deals and games on a process pool,
  bounded by counts and a time limit; ``Run`` and ``Pair`` hold the records and summarise them.
"""
from __future__ import annotations

import importlib
import math
import os
import random
import resource
import statistics
import sys
import time
from dataclasses import dataclass, field
from typing import NamedTuple

from .. import players
from .. import rules as _rules
from ..deals import deal
from ..errors import ArgumentError, EuchreError, PlayerError, RuleSetError
from ..game import play_game, points_of
from ..hand.state import HandState
from ..stats import standard_error
from .rows import outcome_word

LEVELS = ("beginner", "club", "expert")
REFERENCE = "rule_of_thumb"
BARS = {"standard": 0.10, "hoyle_railroad": 0.25, "modern_railroad": 0.8}
Z95 = statistics.NormalDist().inv_cdf(0.975)
COUNTS = ("hands", "made", "alone", "euchred", "defended", "defended_alone")


# ---- players --------------------------------------------------------------------------------------

def _registry() -> dict:
    return {**getattr(players, "PLAYERS", {}), **getattr(players, "LEVELS", {})}


def _unknown(spec, why: str) -> PlayerError:
    names = ", ".join(_registry()) or "none"
    return PlayerError(f"player {spec!r}: {why}; players are {names}, or 'module:factory' "
                       f"(such as 'euchre_lessons.players:SearchPlayer'), a factory called with a seed")


def player_factory(spec):
    """A function ``seed -> player`` for ``spec``: a name in the registry (``players.make``), a
    ``"module:factory"`` string, or a callable. Unknown names raise ``PlayerError`` naming the
    players there are."""
    if callable(spec):
        return spec
    if not isinstance(spec, str) or not spec:
        raise _unknown(spec, "not a player name")
    if ":" in spec:
        module, _, attr = spec.partition(":")
        try:
            factory = getattr(importlib.import_module(module), attr)
        except (ImportError, AttributeError, ValueError) as e:
            raise _unknown(spec, f"no factory {attr!r} in module {module!r} ({e})") from None
        if not callable(factory):
            raise _unknown(spec, f"{module}.{attr} cannot be called")
        return factory
    if spec not in _registry():
        raise _unknown(spec, "no player of that name")

    return lambda seed: players.make(spec, seed)


def check_player(spec):
    """``spec`` if it makes a player with ``choose(view)``, else ``PlayerError``."""
    made = player_factory(spec)(0)
    if not callable(getattr(made, "choose", None)):
        raise _unknown(spec, f"it made {made!r}, which has no choose(view)")
    return spec


def label(spec) -> str:
    """A player's name in the tables: the name, the factory's name, or the callable's name."""
    if isinstance(spec, str):
        return spec.rpartition(":")[2]
    return getattr(spec, "__name__", type(spec).__name__)


class _Timed:
    """A player whose decisions with a choice (more than one legal action) are timed."""

    __slots__ = ("player", "times", "_reseed")

    def __init__(self, player, times: list):
        self.player, self.times = player, times
        self._reseed = getattr(player, "new_hand", None)

    def new_hand(self, seed) -> None:
        if self._reseed is not None:
            self._reseed(seed)

    def choose(self, view):
        if len(view.legal_actions()) == 1:
            return self.player.choose(view)
        start = time.perf_counter()
        action = self.player.choose(view)
        self.times.append(time.perf_counter() - start)
        return action


# ---- seatings -------------------------------------------------------------------------------------

def unpaired(rules) -> str | None:
    """Why ``rules`` cannot be played in pairs, or None if it can."""
    rs = _rules.load(rules)
    if not rs.partnerships:
        return (f"{rs.name} has no partnerships (each of {rs.players} players scores for himself and the sides "
                "are chosen each hand), so there is no pair of seats to swap")
    return None


def seatings(rules) -> tuple:
    """For each play of a deal, the player of each seat: 0 for A, 1 for B."""
    rs = _rules.load(rules)
    why = unpaired(rs)
    if why is not None:
        raise RuleSetError(f"rules {rs.name!r}: {why}; pick a preset with partners")
    n, teams = rs.players, rs.teams
    return tuple(tuple(0 if s % teams == t else 1 for s in range(n)) for t in range(teams))


def _team_points(points, seating, teams: int) -> tuple:
    """A's points and B's: each the mean over the teams that player holds."""
    a = [points[t] for t in range(teams) if seating[t] == 0]
    b = [points[t] for t in range(teams) if seating[t] == 1]
    return sum(a) / len(a), sum(b) / len(b)


# ---- one deal, one game pair ----------------------------------------------------------------------

class DealRecord(NamedTuple):
    """One deal played once per seating: ``points`` is (A's, B's) per seating, ``diff`` their
    differences averaged over the seatings, ``counts`` per player (A, B) the ``COUNTS``: hands
    and defences per team that player holds, hands made, alone and euchred, defended alone."""

    index: int  # type: ignore[assignment]  # the deal's number, where a tuple has its index method
    points: tuple
    diff: float
    counts: tuple


def _play(the_deal, seats) -> HandState:
    s = HandState.start(the_deal)
    while not s.is_over:
        seat = s.to_act
        s = s.apply(seats[seat].choose(s.view(seat)))
    return s


def _count(rs, state, seating, counts) -> None:
    """Count a played hand for A (0) and B (1), team by team: with six players B holds two
    teams, so its hands and defences count twice and its rates stay comparable with A's."""
    teams = rs.teams
    for t in range(teams):
        counts[seating[t]][0] += 1
    if state.passed_out:
        return
    maker_team = state.maker % teams
    made = counts[seating[maker_team]]
    made[1] += 1
    made[2] += bool(state.alone)
    made[3] += outcome_word(rs, state, points_of(state)[0].maker_tricks).endswith("euchred")
    for t in range(teams):
        if t != maker_team:
            counts[seating[t]][4] += 1
    if state.lone_defender is not None:
        counts[seating[state.lone_defender % teams]][5] += 1


def play_deal(rules, index: int, seed, players) -> DealRecord:
    """Deal number ``index`` of a run with ``seed``, played once per seating; ``players`` is
    (A's players, B's players), one player per seat each."""
    rs = _rules.load(rules)
    n, teams = rs.players, rs.teams
    rng = random.Random(f"{seed}:hand:{index}")
    the_deal = deal(rs, rng=rng, dealer=index % n)
    seeds = [rng.getrandbits(64) for _ in range(n)]
    counts = [[0] * len(COUNTS), [0] * len(COUNTS)]
    points = []
    for seating in seatings(rs):
        seats = [players[seating[s % teams]][s] for s in range(n)]
        for p, sd in zip(seats, seeds):
            p.new_hand(sd)
        state = _play(the_deal, seats)
        points.append(_team_points(points_of(state)[4], seating, teams))
        _count(rs, state, seating, counts)
    diff = sum(a - b for a, b in points) / len(points)
    return DealRecord(index, tuple(points), diff, tuple(map(tuple, counts)))


def play_game_pair(rules, index: int, seed, players) -> float:
    """Game number ``index``, played to the target once per seating: the share A won."""
    rs = _rules.load(rules)
    n, teams = rs.players, rs.teams
    won, plays = 0, seatings(rs)
    for seating in plays:
        seats = [players[seating[s % teams]][s] for s in range(n)]

        def reseed(hand, dealer, seats=seats):
            rng = random.Random(f"{seed}:game:{index}:hand:{hand}")
            for p in seats:
                p.new_hand(rng.getrandbits(64))

        record = play_game(rs, seats, rng=random.Random(f"{seed}:game:{index}"), first_dealer=index % n,
                           before_hand=reseed)
        won += record.winner is not None and seating[record.winner % teams] == 0
    return won / len(plays)


# ---- chunks (module level, so a process pool can pickle them) -------------------------------------

def _memory() -> tuple:
    """This process's id, its peak resident set and its resident set now, in bytes, the time,
    and the positions the solver's tables hold (0 if the solver is not loaded)."""
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    try:
        with open("/proc/self/statm") as f:
            now = int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except OSError:
        now = peak
    solver = sys.modules.get("euchre_lessons.solver")
    held = solver.positions_held() if solver is not None else 0
    return os.getpid(), peak, now, time.time(), held


def _chunk(job) -> tuple:
    kind, pair, rules, specs, seed, start, stop = job
    rs = _rules.load(rules)
    times: tuple[list, list] = ([], [])
    players = tuple(tuple(_Timed(player_factory(spec)(s), times[who]) for s in range(rs.players))
                    for who, spec in enumerate(specs))
    play = play_deal if kind == "hands" else play_game_pair
    records, error = [], None
    for i in range(start, stop):
        try:
            records.append(play(rs, i, seed, players))
        except EuchreError as e:  # the pairing stops here; the error says which deal or game
            error = (f"{'deal' if kind == 'hands' else 'game'} {i} of {label(specs[0])} against {label(specs[1])} "
                     f"under {rs.name}, seed {seed!r}: {type(e).__name__}: {e}")
            break
    if kind == "games":
        times = ([], [])  # decisions are timed on the hands only
    return kind, pair, start, records, times, _memory(), error


def _spans(n: int, size: int) -> list:
    return [(a, min(a + size, n)) for a in range(0, n, size)]


# ---- the summaries --------------------------------------------------------------------------------

class Interval(NamedTuple):
    """A mean and the half-width of its 95% interval (normal, from the sample's spread)."""

    mean: float
    half: float
    n: int

    @property
    def low(self) -> float:
        return self.mean - self.half

    @property
    def high(self) -> float:
        return self.mean + self.half

    def __str__(self) -> str:
        return f"{self.mean:+.3f} ± {self.half:.3f}"


def interval(values) -> Interval:
    """The mean of ``values`` and 1.96 standard errors (sample standard deviation over √n)."""
    values = list(values)
    n = len(values)
    if n == 0:
        return Interval(math.nan, math.nan, 0)
    return Interval(math.fsum(values) / n, Z95 * standard_error(values, below_two=math.inf), n)


def _share(part: int, whole: int) -> float:
    return part / whole if whole else math.nan


@dataclass
class Pair:
    """A pairing's records: ``deals`` (``DealRecord``), ``games`` (A's share of each game pair),
    and each player's decision times in seconds. ``errors``: a player's failure that stopped
    the pairing's deals or its games (each named by its deal or game), which are then cut there."""

    rules: str
    a: object
    b: object
    deals: list = field(default_factory=list)
    games: list = field(default_factory=list)
    times: tuple = ((), ())
    errors: list = field(default_factory=list)

    @property
    def names(self) -> tuple:
        return label(self.a), label(self.b)

    def points(self) -> Interval:
        """A's points a hand minus B's, over the paired deals."""
        return interval(d.diff for d in self.deals)

    def wins(self) -> Interval:
        """A's share of the games, over the game pairs."""
        return interval(self.games)

    def rates(self, who: int) -> dict:
        """For A (0) or B (1): the share of its teams' hands that its side made trump; of those,
        played alone and euchred; of its teams' defences, defended alone."""
        hands, made, alone, euchred, defended, lone = (sum(d.counts[who][k] for d in self.deals)
                                                      for k in range(len(COUNTS)))
        return {"made": _share(made, hands), "alone": _share(alone, made), "euchred": _share(euchred, made),
                "defend alone": _share(lone, defended)}

    def decision_times(self, who: int) -> tuple:
        """(decisions timed, median, 95th percentile) in seconds."""
        t = sorted(self.times[who])
        if not t:
            return 0, math.nan, math.nan
        return len(t), statistics.median(t), t[min(len(t) - 1, math.ceil(0.95 * len(t)) - 1)]


@dataclass
class Run:
    """The pairings of one preset, with the run's bounds and what its workers held."""

    rules: str
    pairs: list
    hands: int
    games: int
    stopped: bool = False
    seconds: float = 0.0
    processes: int = 1
    memory: dict = field(default_factory=dict)  # pid -> (peak, first resident, last resident)
    # pid -> ((time, resident set, solver positions held), ...) after each chunk, in time order
    samples: dict = field(default_factory=dict)
    children_peak: int = 0  # the largest worker this process has waited for, any run so far

    def pair(self, a, b) -> Pair | None:
        for p in self.pairs:
            if p.names == (label(a), label(b)):
                return p
        return None


def run(rules, pairings, hands: int, games: int = 0, seed=0, processes: int = 2, chunk: int | None = None,
        game_chunk: int | None = None, time_limit: float | None = None) -> Run:
    """Play each pairing ``(A, B)`` on ``hands`` paired deals and ``games`` paired games.

    The work is cut into chunks of deals (``chunk``) and games (``game_chunk``), interleaved so
    that every pairing advances alike, and run on ``processes`` worker processes (1: here). The
    records are the same however it is cut. ``time_limit`` (seconds) stops the run, the chunks under
    way abandoned: each pairing keeps its deals and games up to its first chunk not done (a prefix
    of its deals, and of its games), and ``stopped`` is set."""
    rs = _rules.load(rules)
    seatings(rs)  # refuses a preset without partners before any work
    counts = [("hands", hands, 0), ("games", games, 0), ("processes", processes, 1)]
    counts += [(name, n, 1) for name, n in (("chunk", chunk), ("game_chunk", game_chunk)) if n is not None]
    for name, n, least in counts:
        if isinstance(n, bool) or not isinstance(n, int) or n < least:
            raise ArgumentError(f"{name} = {n!r}: must be a whole number of at least {least}")
    pairs = []
    for a, b in pairings:
        check_player(a), check_player(b)
        pairs.append(Pair(rs.name, a, b))
    size = chunk or max(5, min(25, math.ceil(hands / (16 * processes))))
    gsize = game_chunk or max(1, min(10, math.ceil(games / (16 * processes))))
    keyed: list[tuple[tuple, tuple]] = []
    for k, p in enumerate(pairs):
        specs = (p.a, p.b)
        keyed += [((a / hands, 0, k), ("hands", k, rs, specs, seed, a, b)) for a, b in _spans(hands, size)]
        keyed += [((a / games, 1, k), ("games", k, rs, specs, seed, a, b)) for a, b in _spans(games, gsize)]
    jobs = [job for _, job in sorted(keyed, key=lambda j: j[0])]
    out = Run(rs.name, pairs, hands, games, processes=processes)
    start = time.perf_counter()
    deadline = None if time_limit is None else start + time_limit
    done = []
    if processes == 1:
        failed = set()
        for job in jobs:
            if deadline is not None and time.perf_counter() >= deadline:
                out.stopped = True
                break
            if job[:2] not in failed:
                done.append(_chunk(job))
                if done[-1][6] is not None:
                    failed.add(job[:2])
    else:
        out.stopped, done = _on_pool(jobs, processes, deadline)
        done = _in_order(jobs, done)
        out.children_peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss * 1024
    out.seconds = time.perf_counter() - start
    times: list[tuple[list, list]] = [([], []) for _ in pairs]
    for kind, k, _, records, t, (pid, peak, now, *when), error in done:
        if when:
            out.samples.setdefault(pid, []).append((when[0], now, when[1]))
        getattr(pairs[k], "deals" if kind == "hands" else "games").extend(records)
        if error is not None:
            pairs[k].errors.append(error)
        times[k][0].extend(t[0]), times[k][1].extend(t[1])
        first = out.memory.get(pid, (0, now, now))[1]
        out.memory[pid] = (max(peak, out.memory.get(pid, (0,))[0]), first, now)
    for p, t in zip(pairs, times):
        p.times = (tuple(t[0]), tuple(t[1]))
    out.samples = {pid: tuple(sorted(v)) for pid, v in out.samples.items()}
    return out


def _on_pool(jobs: list, processes: int, deadline) -> tuple:
    """Run the jobs on a pool; at the deadline, stop the workers and keep the jobs done."""
    import multiprocessing  # deferred: start-up (multiprocessing)

    done, stopped = [], False
    pool = multiprocessing.get_context("spawn").Pool(processes)
    try:
        results = pool.imap_unordered(_chunk, jobs, chunksize=1)
        for _ in jobs:
            wait = None if deadline is None else max(0.0, deadline - time.perf_counter())
            try:
                done.append(results.next(wait))
            except multiprocessing.TimeoutError:
                stopped = True
                break
    finally:
        if stopped:
            pool.terminate()
        else:
            pool.close()
        pool.join()
    return stopped, done


def _in_order(jobs: list, done: list) -> list:
    """The chunks done, in job order, each pairing's deals and games cut at its first chunk not
    done: what a run keeps is the same whichever chunks happened to finish first."""
    by_job = {(kind, k, start): result for result in done for kind, k, start in [result[:3]]}
    cut, kept = set(), []
    for kind, k, _, _, _, start, _ in jobs:
        result = by_job.get((kind, k, start))
        if result is None:
            cut.add((kind, k))
        elif (kind, k) not in cut:
            kept.append(result)
            if result[6] is not None:  # a player failed in it: what came before is kept, the rest cut
                cut.add((kind, k))
    return kept


__all__ = ["LEVELS", "REFERENCE", "BARS", "COUNTS", "DealRecord", "Interval", "Pair", "Run", "check_player",
           "interval", "label", "play_deal", "play_game_pair", "player_factory", "run", "seatings", "unpaired"]

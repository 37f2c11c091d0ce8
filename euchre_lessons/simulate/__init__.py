"""Many hands or games played by computer players, as pandas DataFrames.

>>> from euchre_lessons import simulate
>>> df = simulate.hands("standard", 1_000, seed=1)           # one row per hand
>>> len(df), df.loc[0, "rules"]
(1000, 'standard')
>>> g = simulate.games("standard", 50, players=("rule_of_thumb", "random"), seed=1)
>>> both = simulate.compare(["standard", "hoyle_ordinary"], 1_000, seed=1)   # same seeds
>>> both.groupby("rules", sort=False).size().to_dict()
{'standard': 1000, 'hoyle_ordinary': 1000}

Every hand draws its cards and its players' seeds from a generator of its own, made from the
run's ``seed`` and the hand's number (games likewise, from the game's number). So the same
seed gives the same DataFrame whether the run is one chunk or many, in one process or spread
by ``executor=`` over a process pool or a Dask cluster; and two rule sets that deal the same
pack see the same deals, hand for hand.

``players`` is a player name (``"rule_of_thumb"`` or ``"random"``) or a player object for
every seat, or a sequence of those: one per seat, or with partnerships one per team (seat
``s`` belongs to team ``s % 2`` with four players, ``s % 3`` with six). A player with
``new_hand(seed)`` is reseeded before every hand; one without it must be deterministic for a
run to repeat.

Any row can be replayed: ``replay(row)`` returns the hand's final ``HandState``.

This module holds the runs: players per seat, the work of a chunk (a game is ``game.play_game``
with the players reseeded by its ``before_hand`` hook), running chunks here or on an executor,
and the summaries (``summary``, ``win_rates``). The rows, their columns and ``replay`` are in
``simulate.rows``; all those names are importable from here too.

The modules besides this one: ``rows`` (the rows, their columns, ``replay``), ``progress`` (the
bar of a long run), ``strength`` (two players on the same deals, seats swapped) and
``strength_file`` (a strength run kept as JSON for the lessons).
"""
from __future__ import annotations

import math
import random
from concurrent.futures import as_completed

from .. import rules as _rules
from ..deals import deal
from ..errors import ArgumentError

# the rows' columns, words and replay live in simulate.rows (scoring a hand in game), and are
# reached from here as they always were
from ..game import (
    play_game,
    play_hand,
    points_of,  # noqa: F401
)
from ..players import make as _make_player
from ..players.seating import seat_players
from ..stats import proportion_error
from .progress import progress_bar
from .rows import (  # noqa: F401
    GAME_COLUMNS,
    GAME_HAND_COLUMNS,
    HAND_COLUMNS,
    OUTCOMES,
    SEPARATOR,
    deal_text,
    frame,
    game_row,
    hand_row,
    need_of,
    outcome_word,
    replay,
    rules_record,
)

# ---- players --------------------------------------------------------------------------------

def _label(spec) -> str:
    """A player's name in the tables: its name, its own repr, or its class name."""
    if isinstance(spec, str):
        return spec
    return repr(spec) if type(spec).__repr__ is not object.__repr__ else type(spec).__name__


def _build_players(specs) -> tuple:
    """Player objects for a chunk, and the ``new_hand`` of each seat (None if it has none)."""
    made: dict = {}
    players = []
    for spec in specs:
        if isinstance(spec, str):
            players.append(_make_player(spec))
        else:
            players.append(made.setdefault(id(spec), spec))
    return tuple(players), tuple(getattr(p, "new_hand", None) for p in players)


def _reseed(hooks, rng) -> None:
    for hook in hooks:
        seed = rng.getrandbits(64)
        if hook is not None:
            hook(seed)


def _hand_rng(seed, index: int) -> random.Random:
    """The generator hand number ``index`` of a run draws its cards, then its players' seeds, from."""
    return random.Random(f"{seed}:hand:{index}")


def hand_deal(rules, index: int, seed=0):
    """The deal of hand number ``index`` in ``hands(rules, ..., seed=seed)``, without playing it."""
    rs = _rules.load(rules)
    return deal(rs, rng=_hand_rng(seed, index), dealer=index % rs.players)


# ---- the work a chunk does (module level, so process pools can pickle it) ---------------------

def _hand_chunk(rs, specs, seed, start: int, stop: int) -> list:
    players, hooks = _build_players(specs)
    record = rules_record(rs)
    n = rs.players
    rows = []
    for i in range(start, stop):
        rng = _hand_rng(seed, i)
        the_deal = deal(rs, rng=rng, dealer=i % n)
        _reseed(hooks, rng)
        rows.append(hand_row(play_hand(the_deal, players), i, record))
    return rows


def _play_game(rs, players, hooks, seed, index: int):
    """Game number ``index`` of a run: ``play_game`` from 0-0, the first dealer rotating game by
    game, the deals and the players' seeds drawn from generators of the game's own."""
    seeds = random.Random(f"{seed}:game:{index}:players")
    return play_game(rs, players, rng=random.Random(f"{seed}:game:{index}"), first_dealer=index % rs.players,
                     before_hand=lambda hand, dealer: _reseed(hooks, seeds))


def _game_chunk(rs, specs, seed, start: int, stop: int) -> list:
    players, hooks = _build_players(specs)
    labels = tuple(_label(s) for s in specs)
    return [game_row(rs, g, _play_game(rs, players, hooks, seed, g), labels) for g in range(start, stop)]


# ---- running chunks, here or on an executor -----------------------------------------------------

def _chunks(n: int, size: int):
    return [(a, min(a + size, n)) for a in range(0, n, size)]


def _executor(executor):
    """Any ``concurrent.futures.Executor``; a Dask ``Client`` is turned into its executor."""
    if executor is None or hasattr(executor, "submit") and not hasattr(executor, "get_executor"):
        return executor
    return executor.get_executor(pure=False)


def _run(jobs: list, executor, bar) -> list:
    """Run ``(function, args, size)`` jobs; results in job order, the bar advanced as each ends."""
    results = [None] * len(jobs)
    if executor is None:
        for i, (fn, args, size) in enumerate(jobs):
            results[i] = fn(*args)
            bar.update(size)
        return results
    futures = {executor.submit(fn, *args): (i, size) for i, (fn, args, size) in enumerate(jobs)}
    try:
        for future in as_completed(futures):
            i, size = futures[future]
            results[i] = future.result()
            bar.update(size)
    except BaseException:
        for future in futures:
            future.cancel()
        raise
    return results


def _check(rules, n, what: str) -> list:
    if isinstance(rules, (str, bytes)) or isinstance(rules, _rules.RuleSet) or hasattr(rules, "__fspath__"):
        rules = [rules]
    sets = [_rules.load(r) for r in rules]
    if not sets:
        raise ArgumentError("rules: give at least one rule set")
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise ArgumentError(f"n = {n!r}: the number of {what} must be a whole number of at least 0")
    return sets


def _chunk_size(n: int, executor, chunk, per_chunk: int) -> int:
    if chunk is not None:
        if isinstance(chunk, bool) or not isinstance(chunk, int) or chunk < 1:
            raise ArgumentError(f"chunk = {chunk!r}: must be a whole number of at least 1")
        return chunk
    if executor is None:
        return per_chunk
    return max(per_chunk // 4, min(per_chunk * 5, math.ceil(n / 32))) if n else 1


def _simulate(kind: str, rules, n: int, players, seed, executor, progress, chunk, first: int = 0):
    sets = _check(rules, n, kind)
    if isinstance(first, bool) or not isinstance(first, int) or first < 0:
        raise ArgumentError(f"first = {first!r}: the number of the first {kind[:-1]} must be a whole number of at least 0")
    executor = _executor(executor)
    fn, per_chunk = (_hand_chunk, 1000) if kind == "hands" else (_game_chunk, 40)
    size = _chunk_size(n, executor, chunk, per_chunk)
    jobs = []
    for rs in sets:
        specs = seat_players(rs, players)
        jobs += [(fn, (rs, specs, seed, first + a, first + b), b - a) for a, b in _chunks(n, size)]
    total = n * len(sets)
    show = progress if progress is not None else (None if total >= (20_000 if kind == "hands" else 500) else False)
    label = " vs ".join(rs.name for rs in sets) if len(sets) <= 3 else f"{len(sets)} rule sets"
    with progress_bar(total, f"{label}: {kind}", show=show) as bar:
        results = _run(jobs, executor, bar)
    rows = [row for part in results for row in part]
    return frame(rows, HAND_COLUMNS if kind == "hands" else GAME_COLUMNS, [rs.name for rs in sets])


def hands(rules, n: int, players="rule_of_thumb", seed=0, executor=None, progress=None, chunk=None, first: int = 0):
    """Play ``n`` hands (dealer rotating from seat 0) and return one row per hand.

    Columns: ``rules``, ``hand`` (its number), ``dealer``, ``maker``, ``maker_team``, ``trump``,
    ``trump_round`` (1 turn-up accepted, 2 named in round 2), ``alone``, ``pat``,
    ``defended_alone``, ``lone_defender``, ``jambone``, ``jamboree``, ``bid``, ``passed_out``,
    ``outcome`` (one of ``OUTCOMES``), ``maker_trumps`` (trumps the maker held at the first lead),
    tricks and points of the makers and of the defenders (with six players the defending teams
    added; seven-handed the points are each player's), ``team_tricks`` and ``team_points`` (per
    team), and ``deal``, ``actions``, ``base_rules``, ``knobs`` to replay it (``replay``).

    ``executor``: any ``concurrent.futures.Executor`` (or a Dask ``Client``); the result equals
    the one-process result. ``progress``: True, False, or None for a bar on long runs.
    ``rules`` may also be a list of rule sets, as in ``compare``. ``first`` numbers the hands
    from there: hands 1000 to 1999 of a run are ``hands(..., 1000, first=1000)``, so a long run
    can be played in parts (the lab's Stop button waits between parts).
    """
    return _simulate("hands", rules, n, players, seed, executor, progress, chunk, first)


def games(rules, n: int, players="rule_of_thumb", seed=0, executor=None, progress=None, chunk=None):
    """Play ``n`` games from 0-0 (the first dealer rotating game by game); one row per game.

    Columns: ``rules``, ``game``, ``first_dealer``, ``hands`` played, ``passed_out`` hands,
    ``winner`` (team; seven-handed the seat), ``winner_players`` (the winning team's player name,
    or ``mixed``), ``final_score``, ``games_won`` (a slam counts two; with laps a big last hand
    can complete more than one), ``slams``, ``laps`` (points carried into the next game) and
    ``carried`` (per team), ``players`` (the seats' players, from seat 0).
    """
    return _simulate("games", rules, n, players, seed, executor, progress, chunk)


def compare(rules, n: int, kind: str = "hands", players="rule_of_thumb", seed=0, executor=None,
            progress=None, chunk=None):
    """Several rule sets on the same seeds: ``hands`` or ``games`` rows of each, one frame."""
    if kind not in ("hands", "games"):
        raise ArgumentError(f"kind = {kind!r}: compare plays 'hands' or 'games'")
    return _simulate(kind, rules, n, players, seed, executor, progress, chunk)


def game(rules, index: int = 0, players="rule_of_thumb", seed=0):
    """The hands of one game of ``games(rules, ..., seed=seed)`` (game number ``index``), one row per
    hand with ``game`` and the ``score`` after it: the data of a score race."""
    import pandas as pd  # deferred: start-up (pandas)

    rs = _rules.load(rules)
    players_, hooks = _build_players(seat_players(rs, players))
    played = _play_game(rs, players_, hooks, seed, index)
    record = rules_record(rs)
    rows = [(index,) + hand_row(s, k, record) + (score,)
            for k, (s, score) in enumerate(zip(played.hands, played.scores))]
    df = frame(rows, GAME_HAND_COLUMNS, [rs.name])
    return df.astype({"game": "int64"}) if len(df) else pd.DataFrame(columns=list(GAME_HAND_COLUMNS))


# ---- summaries ------------------------------------------------------------------------------------

def summary(df):
    """Per rule set: hands; the share passed out, of all hands; the shares made (marches
    included), marched, euchred, alone, defended alone, Jambone and Jamboree, of the hands
    played (not passed out), where made, euchred and Jamboree add up to 1; and the mean points
    per hand dealt (a hand passed out scoring 0)."""
    import pandas as pd  # deferred: start-up (pandas)

    rows = []
    for name, part in df.groupby("rules", observed=True, sort=False):
        n = len(part)
        played = part[~part["passed_out"]]
        row = {"rules": name, "hands": n, "passed out": part["passed_out"].mean(),
               "made": played["outcome"].isin(["made", "march", "lone made", "lone march", "Jambone made",
                                               "Jambone march"]).sum() / max(len(played), 1),
               "march": played["outcome"].str.endswith("march").sum() / max(len(played), 1),
               "euchred": played["outcome"].str.endswith("euchred").sum() / max(len(played), 1),
               "alone": played["alone"].mean() if len(played) else 0.0,
               "defended alone": played["defended_alone"].mean() if len(played) else 0.0,
               "Jambone": played["jambone"].mean() if len(played) else 0.0,
               "Jamboree": played["jamboree"].mean() if len(played) else 0.0,
               "maker points": part["maker_points"].mean(), "defender points": part["defender_points"].mean()}
        rows.append(row)
    return pd.DataFrame(rows)


def win_rates(df):
    """Per rule set and player name: the games its seats won, as a share of all games. Equal
    highest totals share a win (K31): a game won by k teams gives each 1/k. ``fair share`` is
    what that name would win if every team played alike (its teams over all teams)."""
    import pandas as pd  # deferred: start-up (pandas)

    rows = []
    for name, part in df.groupby("rules", observed=True, sort=False):
        rs = _rules.load(str(name)) if str(name) in _rules.names() else None
        seats = part["players"].iloc[0].split("/")
        teams = len(part["games_won"].iloc[0])
        team_of = [(s % teams) if rs is None or rs.partnerships else s for s in range(len(seats))]
        labels: dict[str, set] = {}
        for s, who in enumerate(seats):
            labels.setdefault(who, set()).add(team_of[s])
        n = len(part)
        for who, mine in labels.items():
            won = 0.0
            for credited in part["games_won"]:
                winners = [t for t, g in enumerate(credited) if g]
                if winners:
                    won += sum(t in mine for t in winners) / len(winners)
            rate = won / n if n else 0.0
            rows.append({"rules": name, "players": who, "teams": len(mine), "games": n, "won": won,
                         "win rate": rate, "standard error": proportion_error(rate, n),
                         "fair share": len(mine) / teams})
    return pd.DataFrame(rows)

"""Rule sets as data: the frozen ``RuleSet``, presets from ``data/rules/*.toml``, and their diff.

>>> from euchre_lessons import rules
>>> r = rules.load("standard")
>>> r.game_target
10
>>> diff = rules.diff("standard", "hoyle_ordinary")      # a DataFrame of the knobs that differ
>>> diff[["knob", "standard", "hoyle_ordinary"]]
          knob standard hoyle_ordinary
0         pack       24             32
1  game_target       10              5

A preset file is flat TOML: ``knob = value`` lines, plus ``extends = "other_preset"`` to start
from another preset and list only the differences. A bad file raises ``RuleSetError`` naming the
file and listing every problem at once.
"""
from __future__ import annotations

import difflib
import os
import sys
import tomllib
import warnings
import weakref
from collections.abc import Callable
from dataclasses import field, make_dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, TypeVar

from .cards import Card, mask_of, pack_cards
from .errors import RuleSetError, RuleSetWarning
from .knobs import KNOB_BY_NAME, KNOBS, SUIT_WORDS, Knob

if TYPE_CHECKING:
    from pandas import DataFrame

_HERE = Path(__file__).resolve().parent
RULES_DIRS = (_HERE / "data" / "rules", _HERE.parent / "data" / "rules")
_BOOKKEEPING = {"provisional", "title", "description"}
_T = TypeVar("_T")


class _RuleSetMethods:
    """Behaviour of ``RuleSet``; the fields come from ``knobs.KNOBS``.

    The annotations below declare those fields for the type checker (``make_dataclass`` builds
    them at run time): one line per knob, its type from the knob's allowed values. They make no
    field and cost nothing; ``tests/test_types.py`` holds them to ``knobs.KNOBS``.
    """

    __slots__ = ()

    name: str
    _memo: dict[str, _Derived]
    # The table and the pack
    players: Literal[4, 6, 7]
    pack: Literal["24", "32", "52"]
    joker: bool
    deal_packets: tuple[int, ...]
    kitty: Literal["remainder", "four_no_joker"]
    trump_order: Literal["standard", "as_printed_header", "as_printed_example"]
    cut_ranking: Literal["ace_low", "ace_high"]
    game_target: int
    # Making the trump
    bidding: Literal["turn_up", "auction"]
    round2_may_name_turned_suit: bool
    stick_the_dealer: bool
    joker_turnup_rule: Literal["agreed_suit", "dealer_names_blind", "no_trump_hand"]
    joker_turnup_suit: Literal["clubs", "diamonds", "hearts", "spades"]
    joker_no_trump_play: Literal["trump_of_one", "any_time"]
    dealer_may_discard_upcard: bool
    # Going alone and exchanges
    lone_eligibility: Literal["maker_only", "maker_or_partner"]
    partners_best: Literal["none", "optional", "always"]
    partner_best_policy: Literal["highest_trump_then_highest_plain", "partner_chooses"]
    suit_tiebreak: tuple[str, ...]
    dealer_partner_loner_turnup: Literal["unused", "dealer_may_pass_it"]
    lone_against: bool
    lone_against_priority: Literal["first_in_turn_from_lone_players_left", "first_in_turn_from_dealers_left"]
    lone_against_6p: Literal["one_on_one", "disabled"]
    # Scoring: the fixed tables of the Hoyle games
    scoring: Literal["fixed", "per_trick", "auction"]
    make_points: int
    march_points: int
    euchre_points: int
    lone_make_points: int
    lone_march_points: int
    lone_euchre_points: Literal[2, 4]
    railroad_lone_euchre_4_scope: Literal["vs_lone_defender_only", "any_lone_hand"]
    # Optional agreements of Foster's Railroad
    laps: bool
    lap_overflow: Literal["iterate", "cap"]
    slams: bool
    pat_hand_rule: bool
    pat_hand_three_four: Literal["adversaries_1_only", "both_score_1"]
    jambone: bool
    jambone_requires_alone: bool
    jambone_card_chooser: Literal["left_calls_lead_right_calls_follow", "left_opponent_always"]
    jambone_euchre_penalty: Literal["defenders_plus_2", "makers_minus_2", "both"]
    jamboree: bool
    jamboree_requires_maker: bool
    jamboree_scoring: Literal["ends_hand_16", "bonus_16_added"]
    # Modern per-trick scoring
    lone_against_scoring: Literal["defender_triple_only", "both_triple"]
    maker_threshold_6p: Literal["majority", "literal_4"]
    defender_scoring_6p: Literal["each_team_own_tricks", "combined"]
    jambone_points: Literal["28", "4_per_trick"]
    jambone_fail_recipient_6p: Literal["teams_that_took_a_trick", "all_defending_teams", "split"]
    tie_at_target: Literal["higher_total_wins_else_play_on", "makers_win_ties"]
    # Seven-handed (reconstructed)
    seven_widow: Literal["maker_takes", "unused"]
    seven_partners: Literal["maker_names_three", "holders_of_best_trumps"]
    seven_deals: int
    seven_bid_scoring: Literal["each_player", "once_per_side"]
    # Bookkeeping
    provisional: tuple[str, ...]
    title: str
    description: str

    @property
    def hand_size(self) -> int:
        """Cards dealt to each seat, and so the number of tricks."""
        return sum(self.deal_packets)

    @property
    def teams(self) -> int:
        """Scoring units: 2 sides, 3 teams, or 7 players each scoring alone."""
        return {4: 2, 6: 3, 7: 7}[self.players]

    @property
    def partnerships(self) -> bool:
        """Fixed partners sit opposite (4 and 6 players)."""
        return self.players in (4, 6)

    @property
    def cards(self) -> tuple[Card, ...]:
        """The pack, as a tuple of cards."""
        return _pack(self.pack, self.joker and self.kitty != "four_no_joker")

    @property
    def pack_mask(self) -> int:
        return _pack_mask(self.pack, self.joker and self.kitty != "four_no_joker")

    def replace(self, **changes: Any) -> RuleSet:
        """A copy with some knobs changed, checked like a preset file: ``r.replace(laps=True)``."""
        name = changes.pop("name", None)
        data = {k.name: getattr(self, k.name) for k in KNOBS}
        data.update(changes)
        built = _build(data, origin=f"{self.name}.replace({', '.join(changes)})", name=name or self.name)
        if not _jambone_without_laps(self) and not _called_by_the_kit():
            _warn_jambone_without_laps(built, f"{self.name}.replace({', '.join(changes)})")
        if name is not None or not changes:
            return built
        # a preset with knobs changed is "standard*", and back to its own knobs "standard" again
        base = self.name.rstrip("*")
        if _preset_path(base) is not None and load(base).values() == built.values():
            return load(base)
        return RuleSet(name=base + "*", **{k.name: getattr(built, k.name) for k in KNOBS})

    def derived(self, kind: str, build: Callable[[Any], _T]) -> _T:
        """The table ``build(self)`` of this kind, built once and shared by every equal rule
        set (equal knobs, whatever the name), so flipping a knob back and forth builds nothing
        new. The ``SHARED_TABLES`` newest are kept for rule sets yet to come; older ones live
        as long as a rule set still holds them (and are found again by an equal one)."""
        found = self._memo.get(kind)
        if found is None:
            key = (kind, self.values())
            found = _SHARED.get(key) or _LIVE.get(key)
            if found is None:
                found = _Derived(build(self))
            _SHARED[key] = _LIVE[key] = found
            while len(_SHARED) > SHARED_TABLES:
                del _SHARED[next(iter(_SHARED))]
            self._memo[kind] = found
        return found.value

    def values(self) -> tuple:
        """Every knob's value, in the order of ``knobs.KNOBS`` (the name left out)."""
        return tuple(getattr(self, k.name) for k in KNOBS)

    def __reduce__(self) -> tuple[Callable[[str, dict[str, Any]], RuleSet], tuple[str, dict[str, Any]]]:
        return (_rebuild, (self.name, {k.name: getattr(self, k.name) for k in KNOBS}))

    def knob(self, name: str) -> Knob:
        """The ``Knob`` (meaning, source, allowed values) of a field."""
        return KNOB_BY_NAME[name]

    def table(self) -> DataFrame:
        """Every knob with its value, allowed values, provisional mark, meaning, source and the
        rule book section it rests on (``rule book A2, D1, C``; see ``docs/rules.md``)."""
        import pandas as pd  # deferred: start-up (pandas)

        rows = []
        for k in KNOBS:
            if k.name in _BOOKKEEPING:
                continue
            allowed = k.kind.__name__ if isinstance(k.allowed, type) else " | ".join(map(knob_text, k.allowed))
            rows.append({"knob": k.name, "value": knob_text(getattr(self, k.name)), "allowed": allowed,
                         "provisional": k.name in self.provisional, "meaning": k.meaning, "source": k.source,
                         "section": f"rule book {k.source}"})
        return pd.DataFrame(rows)

    def __str__(self) -> str:
        return self.name

    def _repr_html_(self) -> str:
        title = self.title or self.name
        return f"<h4>{title}</h4><p>{self.description}</p>" + self.table().to_html(index=False)


def knob_text(value: object) -> str:
    """A knob's value as the rule files write it: ``true``, ``[2, 3]``, ``per_trick``."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, tuple):
        return "[" + ", ".join(map(knob_text, value)) + "]"
    return str(value)


@cache
def _pack(pack: str, joker: bool) -> tuple[Card, ...]:
    return pack_cards(pack, joker)


@cache
def _pack_mask(pack: str, joker: bool) -> int:
    return mask_of(pack_cards(pack, joker))


SHARED_TABLES = 64
_SHARED: dict = {}  # (kind, knob values) -> the newest derived tables, oldest first
# the same keys -> every table some rule set still holds
_LIVE: weakref.WeakValueDictionary[tuple, _Derived] = weakref.WeakValueDictionary()


class _Derived:
    """A derived table as the memos hold it (weakly referable, whatever the table is)."""

    __slots__ = ("value", "__weakref__")

    def __init__(self, value: Any) -> None:
        self.value = value


def _rebuild(name: str, values: dict) -> RuleSet:
    return RuleSet(name=name, **values)


if TYPE_CHECKING:
    class RuleSet(_RuleSetMethods):
        """The class made below, as the type checker reads it: its fields are declared on
        ``_RuleSetMethods``, and each knob is a keyword of the constructor."""

        def __init__(self, name: str, **knobs: Any) -> None: ...
else:
    RuleSet = make_dataclass(
        "RuleSet",
        [("name", str)] + [(k.name, object, field(default=k.default)) for k in KNOBS]
        + [("_memo", dict, field(default_factory=dict, init=False, repr=False, compare=False, hash=False))],
        bases=(_RuleSetMethods,),
        frozen=True,
        slots=True,
    )
    RuleSet.__doc__ = "A complete, checked set of rules. Build with ``rules.load`` or ``RuleSet.replace``."
    RuleSet.__module__ = __name__


def names() -> list[str]:
    """The preset names, sorted."""
    found = set()
    for folder in RULES_DIRS:
        if folder.is_dir():
            found |= {p.stem for p in folder.glob("*.toml")}
    return sorted(found)


def _preset_path(name: str) -> Path | None:
    """The file of a preset named ``name`` (a bare name such as ``standard``), or None."""
    if not name or Path(name).name != name or name in (".", ".."):
        return None
    for folder in RULES_DIRS:
        path = folder / f"{name}.toml"
        if is_file(path):
            return path
    return None


def is_file(path: Path) -> bool:
    """``path.is_file()``, and False for a name the file system cannot hold (too long, say)."""
    try:
        return path.is_file()
    except OSError:
        return False


_PRESETS: dict = {}  # preset name -> its RuleSet: the files of data/rules/ come with the kit


def load(name_or_path: RuleSet | str | os.PathLike[str]) -> RuleSet:
    """A rule set from a preset name (``"standard"``), a TOML file path, or a ``RuleSet``.

    A preset, named, is read once. A file path is read every time it is loaded, relative to the
    current folder at that call, so an edited file gives its new rules (or its ``RuleSetError``)
    at once, and the same name in another folder is that folder's file. A file must say which
    preset (or file) it ``extends``."""
    if isinstance(name_or_path, RuleSet):
        return name_or_path
    key = str(name_or_path)
    found = _PRESETS.get(key)
    if found is not None:
        return found
    path = _preset_path(key)
    if path is not None:
        found = _PRESETS[key] = _build(_read_chain(path, []), origin=str(path), name=path.stem)
        return found
    candidate = Path(key)
    if not is_file(candidate):
        known = names()
        near = difflib.get_close_matches(key, known, n=1)
        hint = f" (did you mean {near[0]!r}?)" if near else ""
        raise RuleSetError(f"no rule set named {key!r}{hint}: presets are {', '.join(known)}, or give a .toml file path")
    built = _build(_read_chain(candidate, [], need_extends=True), origin=str(candidate), name=candidate.stem)
    _warn_jambone_without_laps(built, str(candidate))
    return built


def _read_chain(path: Path, seen: list, need_extends: bool = False) -> dict:
    if path.resolve() in seen:
        chain = " -> ".join(p.name for p in seen + [path])
        raise RuleSetError(f"{path}: 'extends' goes round in a circle: {chain}")
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise RuleSetError(f"{path}: not valid TOML: {exc}") from None
    except OSError as exc:
        raise RuleSetError(f"{path}: cannot be read: {exc}") from None
    parent = data.pop("extends", None)
    if parent is None and need_extends:
        raise RuleSetError(f"{path}: no 'extends' line: a rule file starts from a preset and changes some of its "
                           f"knobs; add one such as extends = \"standard\" (presets are {', '.join(names())})")
    if parent is None:
        return data
    if not isinstance(parent, str):
        raise RuleSetError(f"{path}: 'extends' must be a preset name or a file path, not {parent!r}")
    parent_path = _preset_path(parent) or (path.parent / parent)
    if not is_file(parent_path):
        raise RuleSetError(f"{path}: extends {parent!r}, which is neither a preset ({', '.join(names())}) nor a file")
    merged = _read_chain(parent_path, seen + [path.resolve()])
    merged.update(data)
    return merged


def _check_value(knob: Knob, value: object) -> tuple[object, str | None]:
    """The value converted to the knob's type, or a problem in words."""
    name = knob.name
    if knob.kind is bool:
        if not isinstance(value, bool):
            return value, f"{name} = {value!r}: must be true or false"
    elif knob.kind is int:
        if isinstance(value, bool) or not isinstance(value, int):
            return value, f"{name} = {value!r}: must be a whole number"
    elif knob.kind is tuple:
        if not isinstance(value, (list, tuple)):
            return value, f"{name} = {value!r}: must be a list, such as {knob_text(knob.default)}"
        value = tuple(value)
    elif knob.kind is str and not isinstance(value, str):
        return value, f"{name} = {value!r}: must be text (in quotes)"
    if not isinstance(knob.allowed, type) and value not in knob.allowed:
        allowed = ", ".join(knob_text(a) for a in knob.allowed)
        return value, f"{name} = {knob_text(value)}: not an allowed value; allowed: {allowed}"
    return value, None


def _build(data: dict, origin: str, name: str) -> RuleSet:
    problems = []
    values = {}
    for key, value in data.items():
        knob = KNOB_BY_NAME.get(key)
        if knob is None:
            near = difflib.get_close_matches(key, list(KNOB_BY_NAME), n=1, cutoff=0.5)
            hint = f" (did you mean {near[0]!r}?)" if near else ""
            problems.append(f"unknown key {key!r}{hint}")
            continue
        value, problem = _check_value(knob, value)
        if problem:
            problems.append(problem)
        else:
            values[key] = value
    problems += _check_consistency({**{k.name: k.default for k in KNOBS}, **values})
    if problems:
        listing = "\n".join(f"  - {p}" for p in problems)
        raise RuleSetError(f"{origin}: {len(problems)} problem(s) in the rule set:\n{listing}")
    return RuleSet(name=name, **values)


MAX_GAME_TARGET = 1000  # points: a game to 1,000 already takes a few thousand hands


def _check_consistency(v: dict) -> list[str]:
    problems = []
    if any(not isinstance(p, int) or isinstance(p, bool) or p < 1 for p in v["deal_packets"]) or not v["deal_packets"]:
        problems.append(f"deal_packets = {knob_text(v['deal_packets'])}: must be a list of whole numbers of at least 1")
        return problems
    if sorted(v["suit_tiebreak"]) != sorted(SUIT_WORDS):
        problems.append(f"suit_tiebreak = {knob_text(v['suit_tiebreak'])}: must list the four suits once each, low to high")
    unknown = [p for p in v["provisional"] if p not in KNOB_BY_NAME]
    if unknown:
        problems.append(f"provisional names unknown knobs: {', '.join(map(str, unknown))}")
    if not 1 <= v["game_target"] <= MAX_GAME_TARGET:
        problems.append(f"game_target = {v['game_target']}: must be from 1 to {MAX_GAME_TARGET:,} points")
    if v["seven_deals"] < 1:
        problems.append(f"seven_deals = {v['seven_deals']}: must be at least 1")
    if v["seven_bid_scoring"] != "each_player" and v["scoring"] != "auction":
        problems.append(f"seven_bid_scoring = {v['seven_bid_scoring']} is the seven-handed game's scoring, "
                        f"but scoring = {v['scoring']}: it needs scoring = auction (rule book C-1)")
    if v["pat_hand_rule"] and not (v["laps"] and v["slams"]):
        problems.append("pat_hand_rule = true needs laps = true and slams = true "
                        "(Foster allows pat-hand scoring only when laps and slams are played; rule book K18)")
    if v["kitty"] == "four_no_joker" and v["players"] != 4:
        problems.append(f"kitty = four_no_joker is a four-player value, but players = {v['players']} (rule book K28)")
    if v["players"] == 7 and v["bidding"] != "auction":
        problems.append("players = 7 needs bidding = auction (seven-handed euchre has no turn-up; rule book C)")
    if v["players"] != 7 and v["bidding"] == "auction":
        problems.append(f"bidding = auction is the seven-handed game, but players = {v['players']}")
    if (v["players"] == 7) != (v["scoring"] == "auction"):
        problems.append(f"scoring = {v['scoring']} does not fit players = {v['players']}: "
                        "the auction scoring goes with seven players, and only with them")
    joker = v["joker"] and v["kitty"] != "four_no_joker"
    pack = len(pack_cards(v["pack"], joker))
    need = v["players"] * sum(v["deal_packets"]) + (1 if v["bidding"] == "turn_up" else 0)
    if need > pack:
        problems.append(f"the deal needs {need} cards ({v['players']} players x {sum(v['deal_packets'])}"
                        f"{' + the turn-up' if v['bidding'] == 'turn_up' else ''}) but the pack has {pack}")
    return problems


def _jambone_without_laps(r: _RuleSetMethods) -> bool:
    """Foster's Jambone (fixed scoring, 8 for five tricks) played without laps."""
    return r.jambone and not r.laps and r.scoring == "fixed"


def _called_by_the_kit() -> bool:
    """``replace`` was called from the kit's own code (a comparison flipping one knob at a time
    builds rule sets nobody chose to play), not from a user's."""
    caller = sys._getframe(2).f_globals.get("__name__", "")
    return caller == __package__ or caller.startswith(f"{__package__}.")


def _warn_jambone_without_laps(r: RuleSet, origin: str) -> None:
    """Warn (``RuleSetWarning``) of a rule set that plays Foster's Jambone without laps
    (rule book B-O4, LP62).

    Only rule sets a user builds are warned of: a file (``load(path)``), and a user's
    ``replace`` that brings the pair about. The shipped presets are not, nor the rule sets the
    kit builds for its comparisons: the modern game's Jambone (28 points in a game of 64,
    ``scoring = per_trick``) has no laps in its source, and is not warned of."""
    if _jambone_without_laps(r):
        warnings.warn(
            f"{origin}: jambone = true with laps = false: Foster's Jambone scores 8 in a game of "
            f"{r.game_target}, and without laps the points beyond the game are lost. The Law and Practice "
            "of the Game of Euchre (1862, reprinted 1877) ties the Jambone to the lap (\"this opposition to the Lap "
            "constitutes the principal objection to the Jambone\"; rule book B-O4, LP62): "
            "set laps = true as well, or jambone = false", RuleSetWarning, stacklevel=3)


def diff(a: RuleSet | str | os.PathLike[str], b: RuleSet | str | os.PathLike[str]) -> DataFrame:
    """The knobs on which two rule sets differ, as a DataFrame: knob, value in a, value in b, meaning."""
    import pandas as pd  # deferred: start-up (pandas)

    ra, rb = load(a), load(b)
    col_a, col_b = (ra.name, rb.name) if ra.name != rb.name else (ra.name + " (a)", rb.name + " (b)")
    rows = []
    for k in KNOBS:
        va, vb = getattr(ra, k.name), getattr(rb, k.name)
        if k.name not in _BOOKKEEPING and va != vb:
            rows.append({"knob": k.name, col_a: knob_text(va), col_b: knob_text(vb), "meaning": k.meaning})
    return pd.DataFrame(rows, columns=["knob", col_a, col_b, "meaning"])


def knob_names() -> list[str]:
    return [k.name for k in KNOBS if k.name not in _BOOKKEEPING]


__all__ = ["RuleSet", "load", "names", "diff", "knob_names", "RULES_DIRS"]

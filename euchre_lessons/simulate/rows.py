"""The rows of ``simulate``: a finished hand or game as a tuple, the columns they fill, the
DataFrame they make, and ``replay(row)``, which reads a hand row back into its final state.

* ``HAND_COLUMNS``, ``GAME_HAND_COLUMNS``, ``GAME_COLUMNS``, ``OUTCOMES`` - the columns, and the
  outcome words of the ``outcome`` column.
* ``hand_row(state, index)``, ``game_row(rules, index, record, labels)``, ``frame(rows, ...)``.
* ``outcome_word``, ``need_of``, ``deal_text`` - the words and one-line deal of a hand row.
* ``rules_record(rules)`` and ``replay(row)`` - the preset and changed knobs a row carries, and
  the hand played again from its deal and actions.
"""
from __future__ import annotations

import json

from .. import rules as _rules
from ..actions import ACCEPTS
from ..cards import CARDS
from ..deals import Deal
from ..game import points_of
from ..hand.state import HandState
from ..knobs import KNOBS
from ..ranking import ranking

HAND_COLUMNS = (
    "rules", "hand", "dealer", "maker", "maker_team", "trump", "trump_round", "alone", "pat", "defended_alone",
    "lone_defender", "jambone", "jamboree", "bid", "passed_out", "outcome", "maker_trumps", "maker_tricks",
    "defender_tricks", "maker_points", "defender_points", "team_tricks", "team_points", "deal", "actions",
    "base_rules", "knobs",
)
GAME_HAND_COLUMNS = ("game",) + HAND_COLUMNS + ("score",)
GAME_COLUMNS = (
    "rules", "game", "first_dealer", "hands", "passed_out", "winner", "winner_players", "final_score",
    "games_won", "slams", "laps", "carried", "players",
)
OUTCOMES = ("made", "march", "euchred", "lone made", "lone march", "lone euchred", "Jambone made",
            "Jambone march", "Jambone euchred", "Jamboree", "passed out")
_INT_COLUMNS = ("maker", "maker_team", "trump_round", "lone_defender", "bid", "maker_trumps", "winner")
SEPARATOR = "; "


def rules_record(rs) -> tuple:
    """The preset a rule set starts from and its changed knobs as JSON (for ``replay``)."""
    base_name = rs.name.rstrip("*")
    try:
        base = _rules.load(base_name)
    except _rules.RuleSetError:
        base_name, base = "standard", _rules.load("standard")
    changed = {k.name: list(v) if isinstance(v, tuple) else v
               for k in KNOBS if (v := getattr(rs, k.name)) != getattr(base, k.name)}
    return base_name, json.dumps(changed, sort_keys=True)


def need_of(rs, bid=None) -> int:
    """Tricks the makers need: a majority (4 of 7 in the modern game), the bid seven-handed."""
    if rs.scoring == "auction":
        return bid or 0
    if rs.scoring == "per_trick" and rs.players == 6 and rs.maker_threshold_6p == "literal_4":
        return 4
    return rs.hand_size // 2 + 1


def outcome_word(rs, state, maker_tricks: int) -> str:
    """The hand in one word or two: made, march, euchred; lone ...; Jambone ...; Jamboree."""
    if state.passed_out:
        return "passed out"
    if state.jamboree is not None:
        return "Jamboree"
    size = rs.hand_size
    made = "march" if maker_tricks == size else "made" if maker_tricks >= need_of(rs, state.bid) else "euchred"
    if state.jambone:
        if made == "made" and rs.scoring != "fixed":
            made = "euchred"  # a modern Jambone short of every trick gives the opponents 28
        return "Jambone " + made
    return ("lone " + made) if state.alone else made


_CARD_TEXT = tuple(str(c) for c in CARDS)


def _cards_text(mask: int) -> str:
    out = []
    while mask:
        low = mask & -mask
        out.append(_CARD_TEXT[low.bit_length() - 1])
        mask ^= low
    return " ".join(out)


def deal_text(d) -> str:
    """``str(deal)``, written straight from the deal's bit masks (a long run writes one a hand)."""
    up = _CARD_TEXT[d.upcard.id] if d.upcard is not None else "-"
    hands = " / ".join([_cards_text(m) for m in d.masks])
    return f"{d.rules.name} | dealer {d.dealer} | {hands} | up {up} | rest {_cards_text(d.rest_mask)}"


def hand_row(state, index, record=None) -> tuple:
    """A finished hand as a tuple in the order of ``HAND_COLUMNS``; ``record`` is the rule set's
    ``rules_record`` (worked out here if not given)."""
    rs = state.rules
    outcome, hand_score, maker_team, tricks, points = points_of(state)
    if record is None:
        record = rules_record(rs)
    history = state.history
    actions = SEPARATOR.join([str(a) for a in history])
    if state.passed_out:
        return (rs.name, index, state.dealer, None, None, None, None, False, False, False, None, False, False,
                None, True, "passed out", None, 0, 0, 0, 0, tricks, points, deal_text(state.deal), actions, *record)
    maker = state.maker
    trump = state.trump
    eff = ranking(int(trump), rs.trump_order).eff_suit
    held = [c.id for trick in state.tricks for seat, c in trick.plays if seat == maker]
    held += [c.id for c in state.hand(maker)]
    maker_trumps = sum(1 for c in held if eff[c] == trump)
    round_ = None
    if rs.bidding == "turn_up":
        round_ = 1 if any(a in ACCEPTS for a in history) or history[0].kind == "make" else 2
    maker_tricks = outcome.maker_tricks
    return (rs.name, index, state.dealer, maker, maker_team, trump.word, round_, state.alone, state.pat,
            state.lone_defender is not None, state.lone_defender, state.jambone, state.jamboree is not None,
            state.bid, False, outcome_word(rs, state, maker_tricks), maker_trumps, maker_tricks,
            sum(outcome.defenders), hand_score.makers, hand_score.defenders, tricks, points, deal_text(state.deal),
            actions, *record)


def game_row(rs, index: int, record, labels: tuple) -> tuple:
    """A played game (a ``game.GameRecord``) as a tuple in the order of ``GAME_COLUMNS``;
    ``labels`` names each seat's player."""
    n = rs.players
    team = [labels[s] for s in range(n) if (s % rs.teams if rs.partnerships else s) == record.winner]
    return (rs.name, index, record.first_dealer, len(record.hands), sum(s.passed_out for s in record.hands),
            record.winner, team[0] if len(set(team)) == 1 else "mixed", record.final_score, record.games_won,
            record.slams, sum(record.carried), record.carried, "/".join(labels))


def frame(rows: list, columns: tuple, names: list):
    """The rows as a DataFrame: whole-number columns that may be empty as ``Int64``, and
    ``rules`` a categorical in the order the rule sets were given."""
    import pandas as pd  # deferred: start-up (pandas)

    df = pd.DataFrame(rows, columns=list(columns))
    for col in _INT_COLUMNS:
        if col in df:
            df[col] = df[col].astype("Int64")
    df["rules"] = pd.Categorical(df["rules"], categories=list(dict.fromkeys(names)))
    return df


def replay(row, rules=None) -> HandState:
    """The final state of a hand row (a DataFrame row or a dict): its deal and actions replayed.

    ``rules`` defaults to the row's ``base_rules`` with its ``knobs``."""
    if rules is None:
        rules = _rules.load(row["base_rules"])
        knobs = json.loads(row["knobs"]) if row["knobs"] else {}
        if knobs:
            rules = rules.replace(name=str(row["rules"]), **knobs)
    rs = _rules.load(rules)
    state = HandState.start(Deal.parse(row["deal"], rules=rs))
    for text in str(row["actions"]).split(SEPARATOR) if row["actions"] else ():
        state = state.apply(text)
    return state

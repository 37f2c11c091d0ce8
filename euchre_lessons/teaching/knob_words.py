"""Knobs in words for a learner: ``knob_words("deal_packets")`` is "the dealing",
``value_words("deal_packets", (2, 3, 2))`` is "2, 3 then 2 cards". The codes (``deal_packets``,
``per_trick``, ``true``) are for the rule files and the API; a comparison or a page says the words.
A knob with no short name here is said by its meaning in ``knobs.KNOBS``.
"""
from __future__ import annotations

from html import escape

from ..knobs import KNOB_BY_NAME
from ..words import capital, listed

_NAMES = {
    "players": "the number of players", "pack": "the pack", "joker": "the Joker",
    "deal_packets": "the dealing", "kitty": "the kitty", "trump_order": "the order of trumps",
    "cut_ranking": "the ace in the cut for deal", "game_target": "the winning score",
    "bidding": "the way trump is made", "round2_may_name_turned_suit": "naming the turned-down suit in round 2",
    "stick_the_dealer": "stick the dealer", "joker_turnup_rule": "what a turned-up Joker proposes",
    "joker_turnup_suit": "the suit a turned-up Joker stands for",
    "joker_no_trump_play": "when the Joker may be played at no trump",
    "dealer_may_discard_upcard": "the dealer discarding the card he took up",
    "lone_eligibility": "who may play alone", "partners_best": "partner's best",
    "partner_best_policy": "how partner's best is chosen",
    "suit_tiebreak": "the suit order that breaks ties for partner's best",
    "dealer_partner_loner_turnup": "the turn-up when the dealer's partner plays alone",
    "lone_against": "defending alone", "lone_against_priority": "who is offered first to defend alone",
    "lone_against_6p": "defending alone at six", "scoring": "the scoring",
    "make_points": "the score for a hand made", "march_points": "the score for a march",
    "euchre_points": "the score for a euchre", "lone_make_points": "the score for a lone hand made",
    "lone_march_points": "the score for a lone march", "lone_euchre_points": "the score for euchring a lone hand",
    "railroad_lone_euchre_4_scope": "who scores 4 for euchring a lone hand", "laps": "the laps agreement",
    "lap_overflow": "a lap that reaches the target", "slams": "the slams agreement", "pat_hand_rule": "the pat hand rule",
    "pat_hand_three_four": "a pat hand that takes 3 or 4 tricks", "jambone": "the Jambone",
    "jambone_requires_alone": "the Jambone only for a lone maker",
    "jambone_card_chooser": "who names the Jambone player's cards",
    "jambone_euchre_penalty": "the penalty of a euchred Jambone", "jamboree": "the Jamboree",
    "jamboree_requires_maker": "the Jamboree only for the maker", "jamboree_scoring": "what a Jamboree scores",
    "lone_against_scoring": "what a hand defended alone triples",
    "maker_threshold_6p": "the makers' target at six", "defender_scoring_6p": "what six-handed defenders score",
    "jambone_points": "what a Jambone is worth", "jambone_fail_recipient_6p": "who scores a failed Jambone at six",
    "tie_at_target": "two sides reaching the target on one hand", "seven_widow": "the widow",
    "seven_partners": "the choice of partners at seven", "seven_deals": "the number of deals in a seven-handed sitting",
    "seven_bid_scoring": "who scores the seven-handed bid",
}

_VALUES = {
    ("kitty", "remainder"): "whatever remains", ("kitty", "four_no_joker"): "four cards, without the Joker",
    ("joker_no_trump_play", "trump_of_one"): "only when void in the suit led",
    ("partner_best_policy", "highest_trump_then_highest_plain"): "a fixed rule",
    ("partner_best_policy", "partner_chooses"): "the partner's own choice",
    ("dealer_partner_loner_turnup", "unused"): "out of play",
    ("dealer_partner_loner_turnup", "dealer_may_pass_it"): "the dealer may pass it to him",
    ("lone_against_priority", "first_in_turn_from_lone_players_left"): "first in turn from the lone player's left",
    ("lone_against_priority", "first_in_turn_from_dealers_left"): "first in turn from the dealer's left",
    ("lone_against_6p", "disabled"): "nobody", ("scoring", "fixed"): "fixed points for each outcome",
    ("scoring", "per_trick"): "points for each trick", ("scoring", "auction"): "the bid",
    ("railroad_lone_euchre_4_scope", "vs_lone_defender_only"): "only a lone defender",
    ("railroad_lone_euchre_4_scope", "any_lone_hand"): "whoever euchres a lone hand",
    ("lap_overflow", "iterate"): "wins the next game at once", ("lap_overflow", "cap"): "is held below it",
    ("pat_hand_three_four", "adversaries_1_only"): "the defenders score 1",
    ("pat_hand_three_four", "both_score_1"): "both sides score 1",
    ("jambone_card_chooser", "left_calls_lead_right_calls_follow"): "the left opponent his leads, the right his follows",
    ("jambone_card_chooser", "left_opponent_always"): "the left opponent always",
    ("jambone_euchre_penalty", "defenders_plus_2"): "2 more to the defenders",
    ("jambone_euchre_penalty", "makers_minus_2"): "2 off the makers", ("jambone_euchre_penalty", "both"): "both",
    ("jamboree_scoring", "ends_hand_16"): "16, ending the hand",
    ("jamboree_scoring", "bonus_16_added"): "16 added to the hand's points",
    ("lone_against_scoring", "defender_triple_only"): "only the lone defender's success",
    ("lone_against_scoring", "both_triple"): "either side's success",
    ("maker_threshold_6p", "majority"): "3 of 5", ("maker_threshold_6p", "literal_4"): "4 of 5",
    ("defender_scoring_6p", "each_team_own_tricks"): "each team its own tricks",
    ("defender_scoring_6p", "combined"): "each team the defenders' total",
    ("jambone_points", "28"): "28 points", ("jambone_points", "4_per_trick"): "4 points a trick",
    ("tie_at_target", "higher_total_wins_else_play_on"): "the higher total wins",
    ("tie_at_target", "makers_win_ties"): "the makers win",
    ("seven_widow", "unused"): "not used", ("seven_partners", "maker_names_three"): "named by the maker",
    ("seven_partners", "holders_of_best_trumps"): "the holders of the best trumps he lacks",
    ("seven_bid_scoring", "each_player"): "each player of the winning side",
    ("seven_bid_scoring", "once_per_side"): "the winning side once, shared out",
}


def knob_words(name: str) -> str:
    """A knob in words: ``the dealing``; a knob without a short name, its meaning."""
    if name in _NAMES:
        return _NAMES[name]
    knob = KNOB_BY_NAME.get(name)
    return f"the rule that {knob.meaning}" if knob is not None else name.replace("_", " ")


def value_words(name: str, value) -> str:
    """A knob's value in words: ``on``, ``2, 3 then 2 cards``, ``points for each trick``."""
    if isinstance(value, bool):
        return "on" if value else "off"
    if name == "deal_packets" and value:
        *first, last = map(str, value)
        return f"{', '.join(first)} then {last} cards" if first else f"{last} cards"
    if name == "pack":
        return f"{value} cards"
    if isinstance(value, tuple):
        return "none" if not value else listed((value_words(name, v) for v in value), "then")
    return _VALUES.get((name, value), str(value).replace("_", " "))


def knob_table(a, b, knobs) -> str:
    """The knobs that differ as an HTML table in words: the rule, its value in each game, what it
    means (the codes are the rule files', ``rules.diff`` shows them)."""
    head = "".join(f"<th>{escape(x)}</th>" for x in ("rule", a.name, b.name, "meaning"))
    body = "".join(f"<tr><td>{escape(capital(knob_words(k)))}</td><td>{escape(value_words(k, getattr(a, k)))}</td>"
                   f"<td>{escape(value_words(k, getattr(b, k)))}</td><td>{escape(capital(a.knob(k).meaning))}</td></tr>"
                   for k in knobs)
    return f'<table class="dataframe"><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>'


__all__ = ["knob_table", "knob_words", "value_words"]

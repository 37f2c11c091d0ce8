"""Every knob of a rule set: its type, default, allowed values, meaning and source.

The table below is the one place a knob is declared; ``RuleSet`` is built from it. ``source`` holds
bare labels of the rule book, ``docs/rules.md`` (cited elsewhere as "rule book K18"), which names the
original texts; ``docs/knobs.md`` is generated from this table (``python -m euchre_lessons.rulebook``).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Knob:
    name: str
    default: Any
    allowed: tuple | type
    meaning: str
    source: str

    @property
    def kind(self) -> type:
        return self.allowed if isinstance(self.allowed, type) else type(self.allowed[0])


SUIT_WORDS = ("clubs", "diamonds", "hearts", "spades")

KNOBS = (
    # The table and the pack
    Knob("players", 4, (4, 6, 7), "number of players: 4 (two sides), 6 (three teams of two) or 7", "A2, D1, C"),
    Knob("pack", "32", ("24", "32", "52"), "the plain pack: 24 (9-A), 32 (7-A) or 52 cards (2-A)", "A1, B1, C, D2"),
    Knob("joker", False, bool, "the Joker is added as the best trump", "A1, B1, D2"),
    Knob("deal_packets", (2, 3), tuple, "packets dealt to each seat in turn from the dealer's left", "K8"),
    Knob("kitty", "remainder", ("remainder", "four_no_joker"),
         "the undealt cards: whatever remains, or (4 players) play without the Joker for a kitty of 4", "D-5, K28"),
    Knob("trump_order", "standard", ("standard", "as_printed_header", "as_printed_example"),
         "the order of trumps; the printed variants drop the king (and ace) to the bottom", "D-2"),
    Knob("cut_ranking", "ace_low", ("ace_low", "ace_high"), "whether the ace is low or high when cutting for deal", "A2, D3"),
    Knob("game_target", 5, int, "points that win a game", "A8, B6, D13"),
    # Making the trump
    Knob("bidding", "turn_up", ("turn_up", "auction"),
         "trump is made on a turned-up card, or by one auction bid each (seven-handed)", "A4, C, K29"),
    Knob("round2_may_name_turned_suit", False, bool, "the turned-down suit may be named in round 2", "A4, D-6, K6"),
    Knob("stick_the_dealer", False, bool, "the dealer may not pass in round 2", "K5"),
    Knob("joker_turnup_rule", "agreed_suit", ("agreed_suit", "dealer_names_blind", "no_trump_hand"),
         "what a turned-up Joker proposes: an agreed suit, a suit the dealer names blind, or no trump", "B2, D10, K14"),
    Knob("joker_turnup_suit", "hearts", SUIT_WORDS, "the agreed suit a turned-up Joker stands for", "B2"),
    Knob("joker_no_trump_play", "trump_of_one", ("trump_of_one", "any_time"),
         "at no trump, the Joker is played only when void in the suit led, or at any time", "D-16"),
    Knob("dealer_may_discard_upcard", False, bool, "the dealer may discard the card he took up", "K2"),
    # Going alone and exchanges
    Knob("lone_eligibility", "maker_only", ("maker_only", "maker_or_partner"),
         "who may play alone: the maker, or his partner too by taking it over", "A5, K7"),
    Knob("partners_best", "none", ("none", "optional", "always"),
         "a lone player (and a lone defender) exchanges a card for his partner's best", "B4, D6, K9"),
    Knob("partner_best_policy", "highest_trump_then_highest_plain", ("highest_trump_then_highest_plain", "partner_chooses"),
         "how partner's best is chosen: a fixed rule, or the partner's own choice", "B-1, K12"),
    Knob("suit_tiebreak", ("clubs", "diamonds", "hearts", "spades"), tuple,
         "suit order, low to high, that breaks ties when choosing partner's best", "B-1, K12"),
    Knob("dealer_partner_loner_turnup", "unused", ("unused", "dealer_may_pass_it"),
         "when the dealer's partner plays alone, the dealer may pass him the turn-up, or it is dead", "B4.5, D-7, K4"),
    Knob("lone_against", False, bool, "an opponent may play alone against a lone maker", "B5, D7, K9"),
    Knob("lone_against_priority", "first_in_turn_from_lone_players_left",
         ("first_in_turn_from_lone_players_left", "first_in_turn_from_dealers_left"),
         "the order in which opponents are offered to defend alone", "B-3, D-10, K13"),
    Knob("lone_against_6p", "one_on_one", ("one_on_one", "disabled"),
         "six players: a lone defender plays one on one, or nobody may defend alone", "D-11"),
    # Scoring: the fixed tables of the Hoyle games
    Knob("scoring", "fixed", ("fixed", "per_trick", "auction"),
         "fixed points per outcome (Hoyle), points per trick (modern), or the bid (seven-handed)", "A7, D11, C"),
    Knob("make_points", 1, int, "makers who take the minimum but not every trick", "A7"),
    Knob("march_points", 2, int, "makers who take every trick (a march)", "A7"),
    Knob("euchre_points", 2, int, "defenders when the makers are euchred", "A7"),
    Knob("lone_make_points", 1, int, "a lone maker who takes the minimum but not every trick", "A7"),
    Knob("lone_march_points", 4, int, "a lone maker who takes every trick", "A7"),
    Knob("lone_euchre_points", 2, (2, 4), "defenders when a lone maker is euchred (4 is the 1862/1888 laws)", "A-1"),
    Knob("railroad_lone_euchre_4_scope", "vs_lone_defender_only", ("vs_lone_defender_only", "any_lone_hand"),
         "the 4-point euchre of a lone hand: only by a lone defender, or any lone hand", "B6, B-5, K15"),
    # Optional agreements of Foster's Railroad
    Knob("laps", False, bool, "points beyond the target carry into the next game", "B-O1"),
    Knob("lap_overflow", "iterate", ("iterate", "cap"),
         "a carry that reaches the target wins the next game at once, or is held below it", "B-6"),
    Knob("slams", False, bool, "reaching the target before the other side scores counts two games", "B-O2, K23"),
    Knob("pat_hand_rule", False, bool, "a lone hand played without exchange scores 5 / defenders 1 / defenders 3",
         "B-O3, K17, K18"),
    Knob("pat_hand_three_four", "adversaries_1_only", ("adversaries_1_only", "both_score_1"),
         "a pat hand that takes 3 or 4 tricks: the defenders score 1, or both sides score 1", "B-8"),
    Knob("jambone", False, bool, "a lone maker may play his hand face up, the opponents naming his cards "
         "(the 1862 laws tie Foster's Jambone to laps)", "B-O4, D8, LP62"),
    Knob("jambone_requires_alone", True, bool, "only a lone maker may announce Jambone", "D-12, K19"),
    Knob("jambone_card_chooser", "left_calls_lead_right_calls_follow",
         ("left_calls_lead_right_calls_follow", "left_opponent_always"),
         "who names the Jambone player's cards", "B-O4, D-13, K20"),
    Knob("jambone_euchre_penalty", "defenders_plus_2", ("defenders_plus_2", "makers_minus_2", "both"),
         "Foster's 'he loses two' when a Jambone is euchred", "B-10"),
    Knob("jamboree", False, bool, "the five highest trumps in one hand may be announced for 16", "B-O5, D12"),
    Knob("jamboree_requires_maker", True, bool, "a Jamboree counts only for the maker", "B-O5, D-22, K21"),
    Knob("jamboree_scoring", "ends_hand_16", ("ends_hand_16", "bonus_16_added"),
         "a Jamboree ends the hand for 16, or adds 16 to the side's points for the played hand", "B-12, D-21, K22"),
    # Modern per-trick scoring
    Knob("lone_against_scoring", "defender_triple_only", ("defender_triple_only", "both_triple"),
         "in a lone-against hand only the lone defender's success is tripled, or either side's", "D-17, K26"),
    Knob("maker_threshold_6p", "majority", ("majority", "literal_4"),
         "six players: the makers need 3 of 5 tricks, or 4 as printed", "D-19"),
    Knob("defender_scoring_6p", "each_team_own_tricks", ("each_team_own_tricks", "combined"),
         "six players: each defending team scores its own tricks, or both score the defenders' total", "D-19"),
    Knob("jambone_points", "28", ("28", "4_per_trick"), "a Jambone is worth 28, or 4 per trick in the hand", "D-19"),
    Knob("jambone_fail_recipient_6p", "teams_that_took_a_trick",
         ("teams_that_took_a_trick", "all_defending_teams", "split"),
         "six players: who scores the 28 of a failed Jambone", "D-19"),
    Knob("tie_at_target", "higher_total_wins_else_play_on", ("higher_total_wins_else_play_on", "makers_win_ties"),
         "two sides reaching the target on one hand: the higher total wins, equal totals play on; or the makers win",
         "D-26, K24"),
    # Seven-handed (reconstructed)
    Knob("seven_widow", "maker_takes", ("maker_takes", "unused"),
         "the maker takes the widow and discards four, or the widow is not used", "C, K29"),
    Knob("seven_partners", "maker_names_three", ("maker_names_three", "holders_of_best_trumps"),
         "the maker names three partners, or the holders of the best trumps he lacks are his partners", "C, K30"),
    Knob("seven_deals", 7, int, "deals in a seven-handed sitting", "C, K31"),
    Knob("seven_bid_scoring", "each_player", ("each_player", "once_per_side"),
         "the bid is scored by each player of the side that wins it, or once for the side, shared out "
         "in whole points (Foster's Auction Euchre: \"they count 3 only\")", "C, C-1"),
    # Bookkeeping
    Knob("provisional", (), tuple, "knobs whose values are reconstructions, not stated by a source", "C"),
    Knob("title", "", str, "a name for the rule set, shown in tables and figures", "-"),
    Knob("description", "", str, "a sentence on what the rule set is", "-"),
)

KNOB_BY_NAME = {k.name: k for k in KNOBS}

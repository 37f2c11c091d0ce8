"""Why the expert chose what it did, in one sentence a learner can read: ``explain``.

>>> from euchre_lessons import HandState, deal, players
>>> state = HandState.start(deal("hoyle_railroad", seed=108))
>>> player, view = players.make("expert", seed=1), state.view(state.to_act)
>>> player.choose(view)
Action.parse('order up')
>>> print(explain(player.last_reason, view))    # ``...``: estimates, left out here
I chose to order up. With the Joker (the highest trump), the J♥ (the right bower) and the 10♥ as
my trumps (hearts), over 48 deals of the other hands that fit what I have seen, order up made ...
points a hand more for my side than pass (give or take ...), the hand played out by rule-of-thumb
players.

The figures are the expert's own estimates (``players.expert.Reason``): means over the sampled
deals, with the standard error of the margin, so the sentence claims no more than they show.
"""
from __future__ import annotations

from ..cards import Suit
from ..ranking import ranking
from ..table import seat_name
from ..words import action_words, capital, suit_words
from .play_words import trumps_words

# The word actions that do not read after "I chose to" as they are written (``action_words``).
_DOING = {
    "with partner": "play with my partner",
    "alone": "go alone",
    "alone no exchange": "go alone without partner's best",
    "alone pat": "go alone on a pat hand",
    "jambone": "play a Jambone",
    "jamboree": "show a Jamboree",
    "defend alone no exchange": "defend alone without an exchange",
}


def _doing(action, players: int) -> str:
    """``action`` as what a player chose to do: ``go alone``, ``take East as my partner``."""
    if action.kind == "partner":
        return f"take {seat_name(action.arg, players)} as my partner"
    return _DOING.get(action.kind, action_words(action))


_HOW = {
    "solver": "each deal solved with every card in view (double dummy)",
    "playout": "the hand played out by rule-of-thumb players",
}


def _trump_of(action, view):
    """The trump the decision is about: the named suit, the one the turn-up proposes in the
    first round (``SeatView.proposed_trump``: a turned-up Joker stands for the agreed suit, or
    for no trump), or the trump already fixed; None when there is none yet."""
    if action.kind == "make":
        return action.suit
    if view.trump is not None:
        return view.trump
    if view.upcard_lying and view.proposed_trump is not None:
        return Suit(view.proposed_trump)
    return None


def _holding(trump, view) -> str:
    if trump is None or trump is Suit.NO_TRUMP:
        return ""
    rank = ranking(int(trump), view.rules.trump_order)
    trumps = sorted((c for c in view.hand if rank.eff_suit[c.id] == int(trump)), key=lambda c: -rank.power[c.id])
    if not trumps:
        return f"With no trump in my hand ({suit_words(trump)}), "
    mine = "my trumps" if len(trumps) > 1 else "my only trump"
    return f"With {trumps_words(trumps, trump)} as {mine} ({suit_words(trump)}), "


def explain(reason, view) -> str:
    """One sentence: what the expert chose, over how many deals, by how much, and how the
    deals were scored. ``reason`` is ``ExpertPlayer.last_reason``, ``view`` the seat's view
    at that decision."""
    n = view.players
    chose = _doing(reason.action, n)
    if not reason.values:
        return f"I chose to {chose} by the rules of thumb: no deal of the other hands fitted what I had seen."
    how = _HOW.get(reason.evaluation, reason.evaluation)
    start = f"I chose to {chose}. " + _holding(_trump_of(reason.action, view), view)
    deals = f"over {reason.worlds} deal{'s' if reason.worlds != 1 else ''} of the other hands that fit what I have seen"
    if reason.fit_bids is not None:
        many = "all" if reason.fit_bids == reason.worlds else f"{reason.fit_bids}"
        deals += f" ({many} of them deals on which the rule-of-thumb players would have bid just as the others did)"
    start = start + deals if start.endswith(", ") else start + capital(deals)
    if len(reason.values) == 1:
        return f"{start}, it averaged {reason.values[0][1]:+.2f} points a hand for my side, {how}."
    runner = reason.values[1][0]
    margin = reason.margin()
    return (f"{start}, {chose} made {margin:.2f} point{'' if round(margin, 2) == 1 else 's'} a hand more for my "
            f"side than {_doing(runner, n)} (give or take {reason.margin_se:.2f}), {how}.")


__all__ = ["explain"]

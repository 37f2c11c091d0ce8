"""Why a mistake was one, in the learner's words: ``why(before, seat, chose, v)``.

Every sentence is built from facts the kit already holds, none written for a case:

* a card: what the card chosen does in the trick (leads, follows, throws off, trumps, overtrumps,
  is a lower trump) and what it spends, against what the best card does instead and what it keeps
  (the level-2 hint's own facts: ``hints.card_does``);
* where two lines of play on one layout part (the proof's, or the actual cards played out), the
  first trick that goes to the other side and the card that takes it in each line;
* a bid or a call: the trumps the seat held under the trump in question, with their ranks, who may
  take up the turn-up, what each choice averaged for the side in points and tricks over the deals
  that fit what the seat had seen, and which of the two decides it (the points, or the tricks
  where the points are too close to call);
* what the contracts in question score under the rules at their two ends (``stakes``);
* a discard or a card given: what each card gives up (a trump, the last card of a suit).
"""
from __future__ import annotations

from typing import Any

from ..cards import Suit, cards_of
from ..errors import ScoringError
from ..hand.bidding import proposed_trump
from ..hand.phases import Phase
from ..outcome import Outcome
from ..ranking import ranking
from ..scoring import score
from ..table import partner, seat_name, team_of
from ..valuing.knowing import _EPS, Z
from ..words import action_words, capital, card_words, listed
from .hints import _best_suit_words, _trump_count, _trumps, card_does
from .play_words import card_with_role
from .proof import better, line

CARD_PHASES = (Phase.DISCARD, Phase.WIDOW, Phase.GIVE, Phase.BEST)  # a card put away or given


def why(before, seat: int, chose, v, lines=None, where: str = "") -> str:
    """Why ``chose`` fell short of the best in ``v`` (``Values``) at ``before``; with ``lines``
    (the choice's and the best's ``proof.Line`` on one layout) and ``where`` (that layout, in
    words), the first trick that goes to the other side in them."""
    best = v.best.action
    if before.phase is Phase.PLAY and chose.kind in ("play", "call"):
        text = card_why(before, seat, chose, best)
    elif before.phase in CARD_PHASES and chose.card is not None and best.card is not None:
        text = gift_why(before, seat, chose, best) + " " + outcomes(v, chose)
    else:
        text = " ".join(t for t in (bid_why(before, seat, chose, best), stakes(before), outcomes(v, chose)) if t)
    if lines is not None:
        turn = trick_that_turns(lines[0], lines[1], seat, before.players)
        if turn:
            text += f" {where}, {turn}."
    return text


# ---- a card played -----------------------------------------------------------------------------

def card_why(before, seat: int, chose, best) -> str:
    """``The Q♠ overtrumps your partner North's A♠ ... It spends a trump. The best, the 7♦,
    throws off ...``: what each card does in the trick, from the hint's facts, and what it spends
    or keeps."""
    trump = before.setup.trump
    rank = ranking(trump, before.rules.trump_order)
    c, b = chose.card, best.card
    does_c, _ = card_does(before, seat, c)
    does_b, _ = card_does(before, seat, b)
    spend = keep = ""
    holder = "you" if before.turn == seat else seat_name(before.turn, before.players)
    if rank.eff_suit[c.id] == trump and rank.eff_suit[b.id] != trump:
        spend = "" if does_c.startswith("it leads a trump") else " It spends a trump."
        keep = f" With it {holder} would keep {card_words(c)} for later."
    elif rank.eff_suit[c.id] == rank.eff_suit[b.id] and rank.power[c.id] > rank.power[b.id]:
        keep = f" With it {holder} would keep {card_words(c)}, the higher, for later."
    name_c = card_with_role(c, before.trump, mid=True)
    return (f"{capital(name_c)} {does_c.removeprefix('it ')}.{spend}{_void(before, rank, c, holder)} "
            f"The best, {card_with_role(b, before.trump)}, {does_b.removeprefix('it ')}.{keep}"
            f"{_void(before, rank, b, holder)}")


def _void(before, rank, card, holder: str) -> str:
    """`` It leaves you void in clubs.`` for the last card of a plain suit in the hand that plays."""
    eff = rank.eff_suit[card.id]
    if eff == rank.trump or eff > 3:
        return ""
    hand = before.hand_mask(before.turn) & ~(1 << card.id)
    if any(rank.eff_suit[x.id] == eff for x in cards_of(hand)):
        return ""
    return f" It leaves {holder} void in {Suit(eff).word}."


def trick_that_turns(chose_line, best_line, seat: int, n: int) -> str:
    """The first trick that the best's line takes for the seat's side and the choice's line loses
    to the other side, with the card that takes it in each: ``in the line you chose trick 4 goes to East, with the K♦; with
    the 7♦ instead it goes to you, with the A♦`` ("" where no trick changes sides)."""
    for ta, tb in zip(chose_line.tricks, best_line.tricks):
        ours_a, ours_b = _ours(chose_line, ta.winner, seat), _ours(best_line, tb.winner, seat)
        if ours_b and not ours_a and ta.number == tb.number:
            trump_a, trump_b = chose_line.final.trump, best_line.final.trump
            won_a, won_b = dict(ta.plays)[ta.winner], dict(tb.plays)[tb.winner]
            return (f"in the line you chose trick {ta.number} goes to {_whom(ta.winner, seat, n)}, with "
                    f"{card_with_role(won_a, trump_a)}; with {_naming(best_line)} instead it goes to "
                    f"{_whom(tb.winner, seat, n)}, with {card_with_role(won_b, trump_b)}")
    return ""


def _ours(ln, winner: int, seat: int) -> bool:
    final = ln.final
    if final.rules.partnerships:
        return team_of(winner, final.players) == team_of(seat, final.players)
    side = final.setup.side
    return (side >> winner & 1) == (side >> seat & 1)


def _whom(s: int, seat: int, n: int) -> str:
    if s == seat:
        return "you"
    return f"your partner {seat_name(s, n)}" if partner(seat, n) == s else seat_name(s, n)


def _naming(ln) -> str:
    """The action a line opens with: ``the 7♦``, or ``“take up”`` in quotes."""
    if ln.action.kind in ("play", "call"):
        return card_with_role(ln.action.card, ln.final.trump, mid=True)
    return f"“{action_words(ln.action)}”"


def lines_on_the_cards(before, seat: int, chose, best, seed=0):
    """Both lines played out on the actual cards (``proof.line``), or None when the best's line
    does not come out ahead of the choice's there."""
    a, b = line(before, chose, seat, seed), line(before, best, seat, seed)
    return (a, b) if better(b, a) else None


# ---- a discard, a card given -------------------------------------------------------------------

def gift_why(before, seat: int, chose, best) -> str:
    """``Discarding the J♠ gives up a trump, the right bower; discarding the 10♥ instead gives up
    a heart, and leaves you void in hearts.``"""
    verb = "Discarding" if before.phase in (Phase.DISCARD, Phase.WIDOW) else "Giving"
    hand = before.hand_mask(seat)
    return (f"{verb} {card_words(chose.card)} gives up {_gives_up(before, hand, chose.card)}; "
            f"{verb.lower()} {card_words(best.card)} instead gives up "
            f"{_gives_up(before, hand, best.card)}.")


def _gives_up(before, hand: int, card) -> str:
    trump = before.setup.trump if before.setup is not None else None
    if trump is None:  # a widow discarded before trump is named: the printed suits
        if card.is_joker:
            return "the Joker, which will be the highest trump"
        word = Suit(card.suit).word
        void = not any(x.suit == card.suit and not x.is_joker for x in cards_of(hand) if x.id != card.id)
        return f"a card of {word}" + (f", and leaves you void in {word}" if void else "")
    rank = ranking(trump, before.rules.trump_order)
    eff = rank.eff_suit[card.id]
    if eff == trump:
        role = card_with_role(card, before.trump).partition(", ")[2]
        return "a trump" + (f", {role}" if role else "")
    word = Suit(eff).word
    text = f"a card of {word}"
    if not any(rank.eff_suit[x.id] == eff for x in cards_of(hand) if x.id != card.id):
        text += f", and leaves you void in {word}"
    return text


# ---- a bid or a call ---------------------------------------------------------------------------

def _trump_in_question(before, action):
    if action.kind == "make" and action.suit is not None:
        return int(action.suit)
    if before.setup is not None and before.setup.trump is not None:
        return int(before.setup.trump)
    if before.phase in (Phase.ROUND1, Phase.BLIND) and before.upcard is not None:
        return proposed_trump(before)
    return None


def bid_why(before, seat: int, chose, best) -> str:
    """The trumps the seat held under each trump in question, and who may take up the turn-up."""
    n = before.players
    parts = []
    for trump in dict.fromkeys(t for t in (_trump_in_question(before, chose), _trump_in_question(before, best))
                               if t is not None):
        made = "no trump" if trump == int(Suit.NO_TRUMP) else f"{Suit(trump).word} trump"
        parts.append(f"with {made}, {_trump_count(before, seat, trump)}")
    if not parts and before.phase in (Phase.AUCTION, Phase.ROUND2, Phase.TRUMP):
        parts.append(_best_suit_words(before, seat).removesuffix(".").replace("Your", "your", 1))
    if before.phase is Phase.ROUND1 and before.upcard is not None:
        dealer = before.dealer
        trump = proposed_trump(before)
        who = (f"you are the dealer, so it is yours to take up{_added(before, seat, trump)}" if dealer == seat else
               f"the dealer, your partner {seat_name(dealer, n)}, may take it up" if partner(seat, n) == dealer else
               f"the dealer, {seat_name(dealer, n)}, an opponent, may take it up")
        parts.append(f"the turn-up is {card_with_role(before.upcard, Suit(trump) if trump is not None else None)}: "
                     f"{who}")
    return capital("; ".join(parts)) + "." if parts else ""


# the contracts a decision chooses between, as ``Outcome`` fields, and their names
STAKES: dict[Phase, tuple[tuple[str, dict[str, Any]], ...]] = {
    Phase.ROUND1: (("", {}),), Phase.ROUND2: (("", {}),), Phase.BLIND: (("", {}),),
    Phase.ALONE: (("with a partner", {}), ("alone", {"alone": True})),
    Phase.DEFEND: (("defended by two", {"alone": True}), ("defended alone", {"alone": True, "defended_alone": True})),
    Phase.JAMBONE: (("played alone", {"alone": True}), ("as a Jambone", {"alone": True, "jambone": True})),
}


def stakes(before) -> str:
    """What the contracts in question score under these rules at their two ends, every trick
    to the makers and none (``scoring.score``): ``Under these rules, all 5 tricks score the
    makers 2 with a partner and 4 alone; no trick scores the defenders 2 with a partner and 2
    alone.`` ("" at six or seven seats, and where the rules have no such contract)."""
    if before.rules.players != 4 or before.phase not in STAKES:
        return ""
    size = before.rules.hand_size
    tops, nones = [], []
    try:
        for label, fields in STAKES[before.phase]:
            tops.append(f"{score(before.rules, Outcome(size, **fields)).makers} {label}".strip())
            nones.append(f"{score(before.rules, Outcome(0, **fields)).defenders_by_team[0]} {label}".strip())
    except ScoringError:
        return ""
    return (f"Under these rules, all {size} tricks score the makers {listed(tops)}; no trick scores the "
            f"defenders {listed(nones)}.")


def _added(before, seat: int, trump) -> str:
    """``, and with it you would hold 4 trumps`` for a dealer whose turn-up is a trump."""
    if trump is None or trump == int(Suit.NO_TRUMP):
        return ""
    if ranking(trump, before.rules.trump_order).eff_suit[before.upcard.id] != trump:
        return ""
    held = len(_trumps(before, seat, trump)) + 1
    return f", and with it you would hold {held} trump{'s' if held != 1 else ''}"


def outcomes(v, chose) -> str:
    """What each of the two choices averaged for the side, and which figure decides it."""
    best = v.best
    mine = v.of(chose)
    over = (f"over {v.layouts:,} deals that fit what you had seen" if v.method == "playouts" else
            "with every hand face up" if v.double_dummy else
            f"over {v.layouts:,} layouts of the cards you could not see")
    text = (f"{capital(over)}, “{action_words(best.action)}” averaged {best.points:+.2f} points for your side "
            f"and {best.tricks:.2f} tricks, “{action_words(chose)}” {mine.points:+.2f} and {mine.tricks:.2f}")
    lost_t, lost_p, se_t, se_p = v.loss(chose)
    if lost_p > Z * se_p + _EPS:
        return text + f": the points decide it, {_gap(lost_p, se_p, v.exact)} behind."
    if lost_t > Z * se_t + _EPS:
        return (text + f": the points are too close to call, and the tricks decide it, "
                f"{_gap(lost_t, se_t, v.exact, 'trick')} fewer.")
    return text + ": too close to call, in points and in tricks; either may be the better."


def reason(state, seat: int, v) -> str:
    """The stepper's reason for a decision before play (a bid, a discard, a card given): the
    best by what ``seat`` could see, the facts it turns on against the next best, and their
    averages (the hint's values ``v``)."""
    best, rival = v.best.action, v.rival
    head = f"For {seat_name(seat, state.players)}, by what that seat could see, the best is “{action_words(best)}”"
    if rival is None:
        return head + "."
    other = rival.action
    if state.phase in CARD_PHASES and best.card is not None and other.card is not None \
            and state.setup.trump is not None:
        facts = gift_why(state, seat, other, best)
    else:
        facts = " ".join(t for t in (bid_why(state, seat, other, best), stakes(state)) if t)
    return f"{head}. {facts} {outcomes(v, other)}".replace("  ", " ")


def _gap(x: float, se: float, exact: bool, word: str = "point") -> str:
    places = 2
    while places < 4 and round(x, places) == round(Z * se, places) and not exact:
        places += 1
    text = f"{x:.{places}f}"
    return f"{text} {word}{'' if text == '1.00' else 's'}" + ("" if exact else f" (± {Z * se:.{places}f})")


__all__ = ["why", "reason", "card_why", "bid_why", "gift_why", "outcomes", "trick_that_turns", "lines_on_the_cards"]

"""Why an action is illegal, in the words of the game.

The message names the seat, the phase, the rule that forbids the action and the legal
alternatives: ``South (P) cannot play QS in the play: South (P) must follow hearts (trumps), and
holds JD; JD counts as a heart (the left bower) (rule book A6, A1). Legal now: play JD.``

Each rule is cited from the sections the hand's rule set plays (``rulebook.plays``): what is
refused under Foster's rules cites Foster's rules, what is refused in the modern game the modern
rules, and a rule a game does not have is said to be absent, citing the order of that game's hand
(rule book J1 to J5). ``tests/test_refusals.py`` builds every refusal of every preset and holds the
citations to that.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, cast

from .. import actions as A
from ..cards import CARDS, JOKER_ID, Card, Suit
from ..rulebook import game, order_section, plays
from ..words import listed
from .bidding import proposed_trump, round2_choices, turned_down_suit
from .phases import Phase
from .play import playable

if TYPE_CHECKING:
    from ..actions import Action
    from ..rules import RuleSet
    from .state import HandState

SINGULAR = {0: "club", 1: "diamond", 2: "heart", 3: "spade", 4: "trump"}
NO_TRUMP = int(Suit.NO_TRUMP)

# Where each phase is, said after "cannot ...".
WHERE = {
    Phase.ROUND1: "in the first round", Phase.ROUND2: "in the second round",
    Phase.BLIND: "when the dealer names trump blind", Phase.AUCTION: "in the auction",
    Phase.WIDOW: "in the widow discards", Phase.TRUMP: "when the maker names trump",
    Phase.PARTNERS: "when the maker names his partners", Phase.ALONE: "at the going alone step",
    Phase.TAKE_OVER: "at the take-over", Phase.GIVE: "in the exchange, when the lone player gives",
    Phase.BEST: "in the exchange, when the partner gives his best", Phase.JAMBONE: "at the Jambone step",
    Phase.DEFEND: "at the offers to defend alone", Phase.DISCARD: "at the dealer's discard",
    Phase.JAMBOREE: "at the Jamboree step", Phase.PLAY: "in the play",
}
# The step of rule book J1-J4 (the turn-up games) and J5 (seven-handed) where each phase is.
STEP = {Phase.ROUND1: 2, Phase.ROUND2: 3, Phase.ALONE: 4, Phase.TAKE_OVER: 5, Phase.GIVE: 6, Phase.BEST: 6,
        Phase.JAMBONE: 7, Phase.DEFEND: 8, Phase.DISCARD: 10, Phase.JAMBOREE: 11, Phase.PLAY: 12}
STEP_SEVEN = {Phase.AUCTION: 2, Phase.WIDOW: 3, Phase.TRUMP: 4, Phase.PARTNERS: 5, Phase.PLAY: 6}
# Actions said as a verb after "cannot"; the others are words said: "cannot say 'alone pat'".
VERBS = {"play", "call", "discard", "give", "make", "bid", "pass", "order up", "assist", "take up",
         "defend alone", "defend alone no exchange"}
ACCEPTS = {"order up", "assist", "take up"}
LONE = {"with partner", "alone", "alone no exchange", "alone pat"}


def illegal_message(state: HandState, action: Action) -> str:
    legal = state.legal_actions()
    said = str(action) if action.kind in VERBS else f"say '{action}'"
    if state.is_over:
        return f"the hand is over: {action} is not possible, {_over(state)}. Legal now: nothing (the hand is over)."
    listing = ", ".join(map(str, legal))
    who = state.describe_seat(state.to_act)
    reason = _reason(state, action, legal)
    return f"{who} cannot {said} {WHERE[state.phase]}: {reason}. Legal now: {listing}."


def _over(state: HandState) -> str:
    if state.passed_out:
        asked = "in the auction" if state.tables.auction else "in both rounds"
        return f"since everyone passed {asked} and the hand was passed out (rule book K5)"
    if state.jamboree is not None and not state.tricks:
        return "since the Jamboree ended the hand (rule book K22)"
    return "since every trick has been played (rule book J0)"


def _step(state: HandState, phase: Phase | None = None) -> str:
    """``rule book J2 step 6``: where the order of this game's hand puts a phase."""
    phase = phase or state.phase
    section = order_section(state.rules)
    number = (STEP_SEVEN if section == "J5" else STEP).get(phase)
    if phase in (Phase.GIVE, Phase.BEST) and state.lone_defender is not None:
        number = 9  # the lone defender's exchange
    return f"rule book {section}" + (f" step {number}" if number else "")


def _reason(state: HandState, action: Action, legal: tuple[Action, ...]) -> str:
    kinds = {a.kind for a in legal}
    if action.kind not in kinds:
        return _not_offered(state, action)
    phase = state.phase
    card = action.card
    if card is not None:
        holder = state.turn if phase is Phase.PLAY else state.to_act
        if not state.hand_masks[holder] >> card.id & 1:
            return _not_held(state, holder, card)
        if phase is Phase.PLAY:
            return _play_reason(state, card)
        if phase is Phase.DISCARD and card == state.upcard:
            return f"the turn-up {card} cannot be discarded (rule book K2, LD 88)"
    if action.kind == "make":
        return _make_reason(state, action)
    if action.kind == "bid":
        high = f" and higher than {state.bid}, the bid so far" if state.bid else ""
        return f"a bid is a number of tricks from 4 to 7{high} (rule book K29)"
    if action.kind == "partner":
        return _partner_reason(state, action.arg)
    if action.kind in LONE:
        return _lone_reason(state, action)
    return f"the choices at this step are those listed ({_step(state)})"


def _not_held(state: HandState, holder: int, card: Card) -> str:
    if not state.rules.pack_mask >> card.id & 1:
        return f"there is no {card} in this game's pack of {len(state.rules.cards)} cards"
    return f"{state.describe_seat(holder)} does not hold {card}"


# ---- an action of a kind not offered at this step ------------------------------------------------

def _not_offered(state: HandState, action: Action) -> str:
    kind, r = action.kind, state.rules
    if kind == "pass":
        return _no_pass(state)
    if kind in ACCEPTS or kind == "make":
        return _not_bidding(state, action)
    if kind in LONE:
        return _lone_reason(state, action)
    if kind in ("give", "discard", "play", "call"):
        return _no_card_step(state, kind)
    if kind == "jambone":
        return _no_jambone(state)
    if kind.startswith("defend alone"):
        return _no_defence(state, action)
    if kind == "jamboree":
        return _no_jamboree(state)
    if kind == "bid":
        if not state.tables.auction:
            return f"there is no auction in this game: trump is made on the turn-up ({_step(state, Phase.ROUND1)})"
        return "the auction is over: each seat bids once, the dealer last (rule book K29)"
    if kind == "partner":
        if r.players != 7:
            section = "D-1" if r.players == 6 else "A2"
            return f"partners are fixed in this game: they sit opposite each other (rule book {section})"
        return _partner_reason(state, action.arg)
    return f"the choices at this step are those listed ({_step(state)})"


# Why a seat may not pass, at each step where passing is not among the choices.
_MUST_ACT = {
    Phase.BLIND: "after a turned-up Joker the dealer must name a suit, before he looks at his cards (rule book K14)",
    Phase.ALONE: "the maker answers whether he goes alone: 'with partner' or a lone hand (rule book K1)",
    Phase.GIVE: "the lone player who asked for his partner's best gives a card first, any card he holds (rule book K11)",
    Phase.BEST: "a lone player's call for his partner's best cannot be refused: the partner gives a card (rule book K12)",
    Phase.DISCARD: "the dealer who takes in the turn-up discards a card for it (rule book K3)",
    Phase.WIDOW: "the maker who takes the widow discards four cards, one at a time (rule book K29)",
    Phase.TRUMP: "the maker must name trump, one of the four suits (rule book K29)",
    Phase.PARTNERS: "the maker names three partners, one at a time (rule book K30)",
    Phase.PLAY: "every trick is played out: a card must be played (rule book J0)",
}


def _no_pass(state: HandState) -> str:
    phase = state.phase
    if phase is Phase.ROUND2:
        if round2_choices(state) == (A.MAKE[NO_TRUMP],):
            return ("under stick the dealer the dealer may not pass in the second round, and after the Joker "
                    "is turned up and turned down the only choice is 'make no trump' (rule book K5, K25)")
        return "under stick the dealer the dealer may not pass in the second round: he must name a suit (rule book K5)"
    if phase in _MUST_ACT:
        return _MUST_ACT[phase]
    return f"the choices at this step are those listed ({_step(state)})"


def _not_bidding(state: HandState, action: Action) -> str:
    phase, r = state.phase, state.rules
    if state.tables.auction:
        if phase in (Phase.AUCTION, Phase.WIDOW):
            return "the maker names trump, one of the four suits, after the auction and the widow (rule book K29)"
        if action.kind in ACCEPTS:
            return "there is no turn-up in this game: trump is made by an auction (rule book K29)"
    if phase is Phase.ROUND1 and action.kind in ACCEPTS:
        accept = next(str(a) for a in state.legal_actions() if a.kind in ACCEPTS)
        return (f"{state.describe_seat(state.to_act)} accepts the turn-up by saying '{accept}': 'order up' is "
                f"said by the dealer's opponents, 'assist' by his partner and 'take up' by the dealer (rule book A4)")
    if phase is Phase.ROUND1:
        proposed = Suit(proposed_trump(state)).word
        section = "D5" if game(r) == "D" else "A4"
        return (f"in the first round the turn-up proposes {proposed}, which each seat in turn accepts or passes; "
                f"another trump is named only in the second round, after the turn-up is turned down "
                f"(rule book {section})")
    if phase is Phase.BLIND:
        return "a turned-up Joker is not accepted here: the dealer names trump blind (rule book K14)"
    if phase is Phase.ROUND2 and action.kind in ACCEPTS:
        return (f"the turn-up was turned down when everyone passed in the first round; in the second round "
                f"a suit is named or the seat passes ({_step(state)})")
    if state.trump is not None:
        made = "the hand is already at no trump" if state.trump is Suit.NO_TRUMP else \
            f"trump is already made: {state.trump.word}"
        return f"{made} ({_step(state, Phase.ROUND1)})"
    return f"the choices at this step are those listed ({_step(state)})"


def _make_reason(state: HandState, action: Action) -> str:
    phase, r = state.phase, state.rules
    suit = cast(Suit, action.suit)  # a 'make' names a suit
    if phase is Phase.BLIND:
        return ("after a turned-up Joker the dealer names one of the four suits, blind: there is no no-trump "
                "hand in this game (rule book K14)")
    if phase is Phase.TRUMP:
        return "the maker names one of the four suits: there is no no-trump in this game (rule book K29)"
    if phase is not Phase.ROUND2:
        return f"the choices at this step are those listed ({_step(state)})"
    makes = round2_choices(state)
    joker_up = cast(Card, state.upcard).id == JOKER_ID  # the second round follows a turn-up
    if makes == (A.MAKE[NO_TRUMP],):
        stuck = A.PASS not in state.legal_actions()
        only = "the only choice is 'make no trump'" if stuck else "the only choices are 'make no trump' and 'pass'"
        cite = "K5, K25" if stuck else "K25"
        return (f"after the Joker is turned up and turned down, {only}: the hand is played at no trump, "
                f"with the Joker dead (rule book {cite})")
    named = listed((Suit(int(m.arg)).word for m in makes), "or")
    down = turned_down_suit(state)
    if suit is not Suit.NO_TRUMP and int(suit) == down:
        if joker_up:
            return (f"the turned-up Joker stands for {suit.word}, the agreed suit, so {suit.word} was turned down "
                    f"with it and cannot be named in the second round (rule book B2, K6, LD 78)")
        return f"{suit.word} was turned down and cannot be named in the second round (rule book K6, LD 78)"
    # make no trump, where the second round names a suit
    may = f"in the second round a seat may name {named}"
    if joker_up:  # a Joker turned up that stands for a suit (agreed_suit: B2)
        cite = "B2, K6" if "K6" in plays(r) else "B2"
        return (f"this game has no no-trump hand: a turned-up Joker stands for {Suit(down).word}, the agreed suit, "
                f"so {may} (rule book {cite})")
    if "K25" in plays(r):
        return (f"a hand is played at no trump only when the Joker is the turn-up, and the turn-up here was "
                f"{state.upcard}, so {may} (rule book D10, K25)")
    if "B2" in plays(r):
        return f"this game has no no-trump hand: even a turned-up Joker stands for a suit, and {may} (rule book B2)"
    section = "D5" if game(r) == "D" else "A4"
    return f"this game has no no-trump hand: {may} (rule book {section})"


# ---- going alone, the exchanges, Jambone, defending alone, Jamboree ----------------------------

def _lone_reason(state: HandState, action: Action) -> str:
    r, phase, kind = state.rules, state.phase, action.kind
    if not r.partnerships:
        return "there are no lone hands in this game (rule book K31)"
    if phase is Phase.TAKE_OVER and kind == "with partner":
        return "the maker's partner is asked only whether he takes the lone hand over, or passes (rule book K7)"
    if phase not in (Phase.ALONE, Phase.TAKE_OVER):
        if state.trump is None:
            return "whether to go alone is said by the maker, right after trump is made (rule book K1)"
        return "the maker said whether he goes alone once, right after trump was made (rule book K1)"
    pb = r.partners_best
    if kind == "alone pat" and not r.pat_hand_rule:
        return f"pat hands are not played under these rules ({_step(state, Phase.ALONE)})"
    if kind == "alone no exchange" and pb == "none":
        return "there is no partner's best in this game, so going alone is said 'alone' (rule book K9)"
    if kind in ("alone no exchange", "alone") and r.pat_hand_rule and pb != "always":
        return ("under the pat-hand agreement a lone hand without exchange is the pat hand, said 'alone pat'; "
                "only a dealer who takes up the turn-up may also go alone without exchange and take it in "
                "(rule book K17)")
    if kind == "alone no exchange" and pb == "always":
        section = "D6, K9" if game(r) == "D" else "K9"
        return f"going alone always includes the exchange for partner's best in this game (rule book {section})"
    return f"the choices at this step are those listed ({_step(state)})"


def _no_card_step(state: HandState, kind: str) -> str:
    r, phase = state.rules, state.phase
    if kind == "give":
        if r.partners_best == "none" or not r.partnerships:
            return "there is no partner's best in this game, so no card is given (rule book K9)" if r.partnerships \
                else "this game has no lone hands, so no card is given (rule book K31)"
        return ("a card is given only in the exchange for partner's best, by a lone player who asked for it "
                "and by his partner (rule book K11)")
    if kind == "discard":
        if state.tables.auction:
            return "only the maker discards, four cards after taking the widow (rule book K29)"
        return ("only the dealer discards, when he takes in the turn-up after a first-round trump, "
                "after the alone step and any exchange (rule book K3)")
    if kind == "call":
        if phase is Phase.PLAY:
            who = state.describe_seat(state.turn)
            if r.jambone:
                return (f"{who} plays his own card: only a Jambone player's cards are called, by an opponent "
                        f"(rule book K20)")
            return f"{who} plays his own card: nobody calls cards in this game ({_step(state)})"
        if not r.jambone:
            return f"cards are called only for a Jambone hand, and this game has no Jambone ({_step(state, Phase.JAMBONE)})"
        return "cards are called only in the play of a Jambone hand, by an opponent (rule book K20)"
    if phase is Phase.PLAY:  # a Jambone player's turn: an opponent calls his card
        return (f"{state.describe_seat(state.to_act)} calls the card that {state.describe_seat(state.turn)}, "
                f"who plays a Jambone, plays: say 'call <card>' (rule book K20)")
    return f"the play has not begun: the first card is led once {_before_play(state)} ({_step(state, Phase.PLAY)})"


def _before_play(state: HandState) -> str:
    return "the auction, the widow, trump and the partners are settled" if state.tables.auction else \
        "trump is made and the steps after it are done"


def _no_jambone(state: HandState) -> str:
    r = state.rules
    if not r.partnerships:
        return "there is no Jambone in this game, which has no lone hands (rule book K31)"
    if not r.jambone:
        return f"there is no Jambone in this game ({_step(state, Phase.JAMBONE)})"
    if r.jambone_requires_alone and state.phase not in (Phase.ROUND1, Phase.ROUND2, Phase.BLIND, Phase.ALONE,
                                                        Phase.TAKE_OVER) and not state.alone:
        maker = state.describe_seat(state.maker)
        return f"only a lone maker may announce Jambone, and {maker} plays with his partner (rule book K19)"
    return ("Jambone is announced by the lone maker at its step, after his exchange and before the offers to "
            "defend alone (rule book K19)")


def _no_defence(state: HandState, action: Action) -> str:
    r = state.rules
    if not r.partnerships:
        return "there are no lone hands in this game (rule book K31)"
    if "K13" not in plays(r):
        return "nobody may defend alone in this game (rule book K9)"
    if state.phase is Phase.DEFEND:  # 'defend alone no exchange' where the exchange is always made
        return "the lone defender always takes his partner's best in this game: say 'defend alone' (rule book K9)"
    if state.lone_defender is not None:
        return f"{state.describe_seat(state.lone_defender)} already defends alone (rule book K13)"
    if state.trump is None or state.phase in (Phase.ALONE, Phase.TAKE_OVER, Phase.GIVE, Phase.BEST,
                                              Phase.JAMBONE):
        return ("defending alone is offered only after the maker goes alone, his exchange and the Jambone step, "
                "to the opponents in turn from his left (rule book K13)")
    maker = state.describe_seat(state.maker)
    if not state.alone:
        return f"only a lone hand may be defended alone, and {maker} plays with his partner (rule book K13)"
    if state.pat:
        return f"nobody may defend alone against a pat hand, and {maker} plays pat (rule book K13)"
    if state.jambone:
        return f"nobody may defend alone against a Jambone, and {maker} plays one (rule book K13)"
    return "the offers to defend alone are over: each opponent was asked once, and a pass is final (rule book K13)"


def _no_jamboree(state: HandState) -> str:
    r = state.rules
    if not r.jamboree:
        return f"there is no Jamboree in this game ({_step(state, Phase.JAMBOREE)})"
    if state.trump is Suit.NO_TRUMP:
        return "there is no Jamboree at no trump: no hand can hold five trumps (rule book K21)"
    maker = ", and only by the maker" if r.jamboree_requires_maker else ""
    return ("a Jamboree is announced only at its step, after the dealer's discard and before the first lead, "
            f"by the seat holding the Joker, right, left, ace and king of trumps{maker} (rule book K21)")


def _partner_reason(state: HandState, seat: int) -> str:
    n, maker = state.players, state.maker
    if state.phase is not Phase.PARTNERS:
        if state.rules.seven_partners == "holders_of_best_trumps":
            return "the partners are the holders of the best trumps, found without asking (rule book K30)"
        return "the maker names his three partners after he names trump (rule book K30)"
    if not 0 <= seat < n:
        return f"there is no seat {seat} at this table: the seats are 0 to {n - 1} (rule book K30)"
    if seat == maker:
        return f"seat {seat} is the maker himself: a partner is another seat (rule book K30)"
    return f"seat {seat} is already a partner: each partner is named once (rule book K30)"


# ---- a card that does not follow ----------------------------------------------------------------

def play_sections(rules: RuleSet) -> tuple[str, str]:
    """The rule book's sections for the follow-suit rule and for the trumps (the bowers, the
    Joker) in the game ``rules`` plays: what a card refused in play cites."""
    family = game(rules)
    return {"A": "A6", "B": "A6", "C": "C", "D": "D9"}[family], {"A": "A1", "B": "B1", "C": "C", "D": "D2"}[family]


def _play_reason(state: HandState, card: Card) -> str:
    turn = state.turn
    hand = state.hand_masks[turn]
    rule = state.tables.follow_rules[state.setup.trump]
    led_card = state.trick[0][1]
    allowed = playable(hand, led_card.id, rule)
    led = state.play_setting.eff_suit[led_card.id]
    trump = state.setup.trump
    follow_rule, trump_rule = play_sections(state.rules)
    led_word = Suit(led).word + (" (trumps)" if led == trump else "")
    held = [CARDS[i] for i in range(53) if allowed >> i & 1 and rule.follow[led_card.id] >> i & 1]
    text = f"{state.describe_seat(turn)} must follow {led_word}, and holds {' '.join(map(str, held))}"
    cites = [follow_rule]
    for c in held:
        if c.id == JOKER_ID:
            text += "; JK, the Joker, is the highest trump"
            cites.append(trump_rule)
        elif c.suit != Suit(led):
            text += f"; {c} counts as a {SINGULAR[led]} (the left bower)"
            cites.append(trump_rule)
    eff = state.play_setting.eff_suit[card.id]
    if card.id == JOKER_ID and trump == NO_TRUMP:
        text += "; at no trump the Joker may be played only when void in the suit led"
        cites.append("D-16")
    elif card.id == JOKER_ID:
        text += "; the Joker is a trump, not a " + SINGULAR[led]
        cites.append(trump_rule)
    elif card.suit is not None and card.suit == Suit(led) and eff != led:
        text += f"; {card} counts as a {SINGULAR[eff]} (the left bower), not a {SINGULAR[led]}"
        cites.append(trump_rule)
    return text + f" (rule book {', '.join(dict.fromkeys(cites))})"

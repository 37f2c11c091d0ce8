"""A card played to a trick, told as what it does: ``play_sentence(before, action, after)``.

>>> from euchre_lessons import Action, HandState, deal
>>> s = HandState.replay(deal("standard", seed=9, dealer=2), "order up, with partner, discard TC")
>>> play_sentence(s, Action.parse("play JH"), s.apply("play JH"))     # diamonds trump
'West leads the J♥, the left bower: diamonds are led'

A card is named with its role whenever it has one (``the J♥, the left bower``, ``the Joker,
the highest trump``; at no trump ``the Joker, the only trump``), so a learner never reads a
correct play as a revoke. What the card does is said as it is: it leads, follows, is thrown
off by a seat with none of the suit led, trumps, overtrumps another seat's trump, or is a lower
trump played under one already in the trick, which cannot win. The trick's winner is named
with its card once the trick is complete.
"""
from __future__ import annotations

from ..cards import Card, Suit, cards_of
from ..hand.explain import play_sections
from ..hand.play import playable
from ..ranking import ranking
from ..table import seat_name
from ..words import card_words, cards_words, listed

NO_TRUMP = Suit.NO_TRUMP


def card_role(card: Card, trump: Suit | None) -> str:
    """The role a card has under ``trump`` in words (``the right bower``), or ``""``."""
    if trump is None:
        return ""
    if card.is_joker:
        return "the only trump" if trump is NO_TRUMP else "the highest trump"
    if trump is not NO_TRUMP and card.rank == 11:
        if card.suit is trump:
            return "the right bower"
        if card.suit is trump.same_colour:
            return "the left bower"
    return ""


def card_with_role(card: Card, trump: Suit | None, mid: bool = False) -> str:
    """``the J♥, the left bower``; ``the 9♠`` for a card with no role. ``mid``: the clause goes
    on after the card, so a role is closed by a comma (``takes the J♥, the left bower, into``)."""
    role = card_role(card, trump)
    return f"{card_words(card)}, {role}{',' if mid else ''}" if role else card_words(card)


def trumps_words(cards, trump: Suit) -> str:
    """Trumps in a list: ``the J♦ (the left bower) and the A♥``, each with its role in brackets
    (commas inside the list would blur where one card ends)."""
    return listed(card_words(c) + (f" ({role})" if (role := card_role(c, trump)) else "") for c in cards)


def _owned(seat: int, card: Card, trump: Suit, n: int) -> str:
    """``North's A♣``, ``North's J♣, the right bower``."""
    role = card_role(card, trump)
    text = f"{seat_name(seat, n)}'s {card_words(card)[4:]}"
    return f"{text}, {role}" if role else text


def _led_words(led: int, trump: Suit) -> str | None:
    """The suit led as a seat that has none of it would be said to lack it."""
    if led == int(trump):
        return None if trump is NO_TRUMP else "trumps"
    return Suit(led).word


def card_phrase(before, card: Card, it: bool = False) -> str:
    """What the card does to the trick in ``before``, after the player's name: ``leads the
    J♥, the left bower: diamonds are led``, ``has no clubs and trumps with the 9♦``. With
    ``it``, the card is called ``it`` (a Jambone call has named it already)."""
    trump = before.trump
    n = before.players
    named = "it" if it else card_with_role(card, trump)
    trick = before.trick
    rank = ranking(int(trump), before.rules.trump_order)
    eff = rank.eff_suit
    if not trick:
        text = f"leads {named}"
        if card.is_joker and trump is NO_TRUMP:
            return text + ": nobody else holds a trump, so the others may play any card"
        if card.suit is None or eff[card.id] != int(card.suit):  # the Joker has no suit of its own
            return text + f": {trump.word} are led"
        return text
    led = eff[trick[0][1].id]
    mine = eff[card.id]
    if mine == led:
        return f"follows with {named}"
    lacking = _led_words(led, trump)
    free_joker = card.is_joker and trump is NO_TRUMP and before.rules.joker_no_trump_play == "any_time"
    void = f"has no {lacking} and " if lacking and not free_joker else ""
    if mine != int(trump):
        return void + ("throws it off" if it else f"throws off {named}")
    if not any(eff[c.id] == int(trump) for _, c in trick):
        return void + f"trumps with {named}"
    power = rank.power
    top_seat = before.winning_seat  # a trump is in the trick: its winner holds the highest
    top = dict(trick)[top_seat]
    if power[card.id] > power[top.id]:
        return void + f"overtrumps {_owned(top_seat, top, trump, n)} with {named}"
    lower = "it, a lower trump," if it else f"a lower trump, {named},"
    return void + f"plays {lower} under {_owned(top_seat, top, trump, n)}: it cannot win the trick"


def play_sentence(before, action, after) -> str:
    """The sentence of a card played (or called from a Jambone hand), with the trick's winner
    when it completes the trick; no trailing full stop."""
    n = before.players
    player = seat_name(before.turn, n)
    card = action.card
    if action.kind == "call":
        text = (f"{seat_name(before.to_act, n)} calls {card_with_role(card, before.trump)} from the Jambone "
                f"hand, and {player} {card_phrase(before, card, it=True)}")
    else:
        text = f"{player} {card_phrase(before, card)}"
    if len(after.tricks) > len(before.tricks):
        done = after.tricks[-1]
        text += f"; {seat_name(done.winner, n)} wins the trick with {card_with_role(done.winning_card, before.trump)}"
        text += _trick_count(after)
    return text


def _trick_count(after) -> str:
    won = after.tricks_won
    side = after.setup.side
    makers = sum(won[s] for s in range(after.players) if side >> s & 1)
    others = len(after.tricks) - makers
    return f" (makers {makers}, defenders {others})"


# ---- a card the person may not play --------------------------------------------------------------

_ONE = {0: "club", 1: "diamond", 2: "heart", 3: "spade"}


def card_refused(state, card: Card) -> str:
    """Why the person may not play ``card`` now (or, calling for a Jambone hand, name it), a card
    the hand to play holds: the follow-suit rule in words, every card named with its role (so a
    left bower is never taken for a card of its printed suit), what he may play instead, and the
    rule book's sections (``hand.explain.play_sections``, as the engine's own refusal cites)."""
    n, turn = state.players, state.turn
    trump = state.trump
    calling = state.to_act != turn
    verb = "call" if calling else "play"
    led_card = state.trick[0][1]
    eff = state.play_setting.eff_suit
    led = eff[led_card.id]
    hand = state.hand_mask(turn)
    rule = state.tables.follow_rules[int(trump)]
    following = cards_of(hand & rule.follow[led_card.id])
    allowed = cards_of(playable(hand, led_card.id, rule))
    follow_section, trump_section = play_sections(state.rules)
    sections = [follow_section]
    if led == int(trump):
        led_words = f"{trump.word}, the trump suit" if trump is not NO_TRUMP else "the Joker"
    else:
        led_words = f"{Suit(led).word}, the suit led"
    holder = seat_name(turn, n)
    if calling:
        text = f"You cannot call {card_with_role(card, trump, mid=True)} for {holder}'s Jambone hand: {holder} must follow"
    else:
        text = f"You cannot play {card_with_role(card, trump)}: you must follow"
    text += f" {led_words}, and {'holds' if calling else 'you hold'} {cards_words(following)}"
    for c in following:
        if c.is_joker:
            text += "; the Joker is the highest trump"
            sections.append(trump_section)
        elif c.suit is not Suit(led):
            text += f"; {card_words(c)}, the left bower, counts as a {_ONE[led]}"
            sections.append(trump_section)
    if card.is_joker and trump is NO_TRUMP:
        text += "; at no trump the Joker may be played only by a seat with none of the suit led"
        sections.append("D-16")
    elif card.is_joker:
        text += f"; the Joker is a trump, not a {_ONE[led]}"
        sections.append(trump_section)
    elif card.suit is Suit(led) and eff[card.id] != led:
        text += f"; {card_words(card)} counts as a {_ONE[eff[card.id]]}, a trump, not a {_ONE[led]}"
        sections.append(trump_section)
    instead = listed((card_words(c) for c in allowed), "or")  # their roles are told above
    return f"{text} (rule book {', '.join(dict.fromkeys(sections))}). You may {verb} {instead}."

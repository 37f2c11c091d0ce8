"""How the rule-of-thumb player plays a card, or, calling for a Jambone hand, names one.

``play(view, legal)`` follows the usual maxims: lead trumps when strong on the makers' side,
else a master card, else low from a short suit; never trump a partner's winner, and secure
his trick with a sure winner when an opponent is still to play; win as cheaply as will hold;
throw the lowest card of the suit led, or from the shortest suit. A Jambone caller names the
cards most likely to lose. The card arithmetic (``TrumpTables``, ``worst_card``) is in ``thumb``.
"""
from __future__ import annotations

from .. import actions as A
from .thumb_tables import TrumpTables, rules_info, worst_card


def play(v, legal):
    """The card to play (or, for a Jambone caller, to name)."""
    rules, trump_id, turn, trick, playable, hand, played, exposed, sitting, side, up_dead = v.play_facts
    info_ = rules_info(rules)
    T = info_.trump(trump_id)
    power, eff, trump, suit_mask = T.power, T.eff, T.trump, T.suit_mask
    seat = v.seat
    calling = turn != seat
    out = info_.pack & ~hand & ~played & ~exposed
    if up_dead:
        out &= ~v.upcard.bit
    # who is with whom: a partnership's team, or (seven-handed) the makers' side
    allies = info_.allies[turn] if info_.allies else side if side >> turn & 1 else info_.everyone & ~side
    table = A.CALL if calling else A.PLAY
    if not trick:
        if calling:
            return table[_call_lead(T, playable, out, v.hand_mask)]
        return table[_lead(T, playable, out, side >> seat & 1, v.maker == seat)]
    lead_seat, lead_card = trick[0]
    led = eff[lead_card]
    # who wins the trick so far: the engine's rule (Ranking.trick_winner, as HandState.winning_seat)
    best_seat = T.rank.trick_winner(trick)
    best_card_ = next(c for x, c in trick if x == best_seat)
    best_key = power[best_card_]
    # is an opponent of the player still to play after him in this trick?
    after = False
    n = info_.n
    x = turn + 1 if turn + 1 < n else 0
    while x != lead_seat:
        if not (sitting | allies) >> x & 1:
            after = True
            break
        x = x + 1 if x + 1 < n else 0
    trump_mask = T.trump_mask
    following = playable & suit_mask[led]
    # the cards that would win the trick now
    if led != trump and eff[best_card_] == led:  # a plain suit led and not yet trumped
        winners = _above(following, 1 << best_card_) | (playable & trump_mask)
    elif following and led != trump:  # trumped, and we must follow the plain suit led
        winners = 0
    else:
        winners = _split(T, playable, led, best_key)
    if calling:  # make the Jambone player waste his best card that cannot win, else win low
        losers = playable & ~winners
        if losers:
            return table[_extreme(power, losers, high=True)]
        return table[_extreme(power, winners, high=not after)]
    if allies >> best_seat & 1:
        # partner is winning: never trump his trick; secure it with a sure winner if he may be beaten
        if after and following and led != trump and winners and not out & trump_mask:
            safe = _above(following, out & suit_mask[led])
            if safe and not _is_safe(T, trick, best_seat, out):
                return table[(safe & -safe).bit_length() - 1]
        return table[_low(T, playable, following, led, hand, out)]
    if not winners:
        return table[_low(T, playable, following, led, hand, out)]
    if led != trump and following:
        # following a plain suit: a sure winner if opponents are to come, else the lowest winner
        if after:
            safe = _above(winners, out & suit_mask[led])
            if safe and not out & trump_mask:
                winners = safe
        return table[(winners & -winners).bit_length() - 1]
    return table[_extreme(power, winners, high=False)]


def _above(mask: int, others: int) -> int:
    """The cards of ``mask`` with a higher id than every card of ``others`` (in one plain suit:
    the cards that beat all of them)."""
    return mask & ~((1 << others.bit_length()) - 1)


def _low(T: TrumpTables, playable: int, following: int, led: int, hand: int, out: int) -> int:
    """The card to throw when not winning: the lowest of a plain suit followed, else ``worst_card``."""
    if following and led != T.trump:
        return (following & -following).bit_length() - 1
    return worst_card(T, playable, hand, out)


def _split(T: TrumpTables, playable: int, led: int, best_key: int) -> int:
    """The playable cards that would win the trick now (a trump led, or trumped)."""
    power, eff, trump = T.power, T.eff, T.trump
    winners = 0
    m = playable
    while m:
        low = m & -m
        c = low.bit_length() - 1
        m ^= low
        s = eff[c]
        if (power[c] if s == trump or s == led else 0) > best_key:
            winners |= low
    return winners


def _top_power(T: TrumpTables, mask: int) -> int:
    """The greatest power among the cards of ``mask`` (-1 for none)."""
    power, top = T.power, -1
    while mask:
        low = mask & -mask
        p = power[low.bit_length() - 1]
        if p > top:
            top = p
        mask ^= low
    return top


def _extreme(power, mask: int, high: bool) -> int:
    """The card of ``mask`` with the highest (or lowest) power, the lowest id among equals."""
    best, best_p = -1, -1 if high else 1 << 20
    while mask:
        low = mask & -mask
        c = low.bit_length() - 1
        mask ^= low
        p = power[c]
        if (p > best_p) if high else (p < best_p):
            best, best_p = c, p
    return best


def _is_safe(T: TrumpTables, trick, seat: int, out: int) -> bool:
    """The card ``seat`` played to this trick beats every unseen card of its suit."""
    c = next(card for x, card in trick if x == seat)
    s = T.eff[c]
    if s == T.trump:
        return T.power[c] > _top_power(T, out & T.trump_mask)
    return (out & T.suit_mask[s]).bit_length() <= c and s == T.eff[trick[0][1]]


def _lead(T: TrumpTables, playable: int, out: int, maker_side: int, is_maker: bool) -> int:
    """Lead trumps when strong (on the makers' side), else a master card, else low from a short suit."""
    power, trump_mask = T.power, T.trump_mask
    mine = playable & trump_mask
    out_trumps = out & trump_mask
    if mine and maker_side and out_trumps:
        top = _extreme(power, mine, high=True)
        if power[top] > _top_power(T, out_trumps) or mine.bit_count() >= 2 or not is_maker:
            return top
    best, best_out = -1, -1
    for suit, _, _ in T.plain:
        h = playable & suit
        if h:
            c = h.bit_length() - 1
            rest = out & suit
            if rest.bit_length() <= c and rest.bit_count() > best_out:
                best, best_out = c, rest.bit_count()
    if best >= 0 and (best_out >= 2 or not out_trumps):
        return best
    if mine and not out_trumps:
        return _extreme(power, mine, high=True)
    plain = playable & ~trump_mask
    if plain:  # low from the shortest suit, to reach partner or make a void
        short, short_n = 0, 99
        for suit, _, _ in T.plain:
            h = plain & suit
            if h and h.bit_count() < short_n:
                short, short_n = h, h.bit_count()
        return (short & -short).bit_length() - 1
    if best >= 0:
        return best
    return _extreme(power, mine, high=power[_extreme(power, mine, high=True)] > _top_power(T, out_trumps))


def _call_lead(T: TrumpTables, playable: int, out: int, own: int) -> int:
    """A Jambone caller names the lead most likely to lose: a plain card the caller can beat
    in suit or ruff, then one an unseen card beats, then a master, a trump last."""
    power, eff, trump = T.power, T.eff, T.trump
    own_trumps = own & T.trump_mask
    best, best_key = -1, 1 << 30
    m = playable
    while m:
        low = m & -m
        c = low.bit_length() - 1
        m ^= low
        s = eff[c]
        if s == trump:
            beaten_own = _top_power(T, own_trumps) > power[c]
            beaten_out = _top_power(T, out & T.trump_mask) > power[c]
            rank = 4 if beaten_own else 5 if beaten_out else 6
        else:
            suit = T.suit_mask[s]
            if (own & suit).bit_length() - 1 > c:
                rank = 0
            elif not own & suit and own_trumps:
                rank = 1
            elif (out & suit).bit_length() - 1 > c:
                rank = 2
            else:
                rank = 3
        key = rank * 1000 + power[c]
        if key < best_key:
            best, best_key = c, key
    return best

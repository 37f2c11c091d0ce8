"""The double-dummy search on integers: alpha-beta on the makers' tricks.

This module knows nothing of ``HandState``: ``solver.py`` translates a state into the
*compressed* form used here, and back.

The compressed form. The cards still in play (in the hands and on the table at the start of a
trick) are numbered 0, 1, 2, ... by effective suit, then by power within the suit, the trump
suit last (at no trump the Joker alone is the last, one-card "suit"). A hand is a bit mask of
those numbers, ``counts`` says how many cards each suit still has. Cards that have left play do
not take a number, so two cards of a suit with nothing left between them get adjacent numbers:

* equivalent cards are adjacent bits of one hand within one suit, and the search tries only
  the lowest of each run (equivalent-card pruning);
* card ``x`` beats the card ``w`` winning the trick when ``x > w`` and ``x`` follows the suit
  led or is a trump (the trump suit is on top);
* the transposition table is keyed at trick boundaries by ``(hands, counts, leader)``: two
  positions that differ only in which cards were played are the same position here.

After each trick the four (or fewer) played numbers are squeezed out of every hand.

The value searched is the number of tricks the makers take from a trick boundary on. Each seat
is a maximising node (a maker choosing his own card) or a minimising one (a defender, or a
defender calling the card of a Jambone hand). The search is a fail-soft alpha-beta with lower
and upper bounds in the table, the best lead kept for move ordering, and two cheap bounds at
each boundary: tricks left, and "quick tricks" (a seat's trumps above every trump of the other
side each win a trick for his side, whatever is played). The last two tricks are played out
line by line and their value kept exactly (``ends``), where a position there is met again under
another window; a trick that closes with two to come keys them by the hands in its own numbering,
which compare as they would squeezed.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from typing import TypeAlias

    # A position's numbers: each seat's hand (a bit mask of card numbers), each suit's count of
    # cards in play, the trick on the table as ``(seat, number)`` pairs, and what ``info_of``
    # makes of the counts (each number's suit mask and suit, the suits' first and top numbers,
    # the first trump, the Joker's free mask, the cards in play).
    Hands: TypeAlias = tuple[int, ...]
    Counts: TypeAlias = tuple[int, ...]
    Trick: TypeAlias = tuple[tuple[int, int], ...]
    Info: TypeAlias = tuple[list[int], list[int], int, int, int, int, int]

MAX_TABLE = 1_500_000


class OutOfBudget(Exception):
    """The search met more positions than it was allowed."""


class Search:
    """The search for one seating: who plays after whom, who is a maker, who chooses.

    ``nxt[seat]`` is the next active seat; ``maker[seat]`` is 1 for the makers' seats;
    ``chooser_max[seat]`` is True where the makers choose the card (False for defenders and
    for a Jambone hand, whose cards the opponents name). ``joker_any`` is the no-trump knob
    that lets the Joker be played while able to follow. The table is kept between calls, so
    positions met again (later in a hand, or in another layout of the same seating) are free.
    """

    def __init__(self, nxt: tuple[int, ...], active: tuple[int, ...], maker: tuple[int, ...],
                 chooser_max: tuple[bool, ...], joker_any: bool) -> None:
        self.nxt, self.active, self.maker, self.chooser_max = nxt, active, maker, chooser_max
        self.joker_any = joker_any
        self.nodes = 0
        self.table: dict = {}
        self.ends: dict[tuple[Hands, Counts, int], int] = {}  # the last two tricks, exactly
        self._info: dict = {}
        self._build()

    def clear(self) -> None:
        self.table.clear()
        self.ends.clear()

    # The search functions are closures over the seating, for speed (local variable access).
    def _build(self) -> None:
        nxt, active, maker, cmax, joker_any = self.nxt, self.active, self.maker, self.chooser_max, self.joker_any
        nact = len(active)
        table = self.table
        ends = self.ends
        infos = self._info
        stats = [0]
        limit = self._limit = [float("inf")]

        def info_of(counts: Counts) -> Info:
            found = infos.get(counts)
            if found is None:
                segof, segidx, starts, tops, off = [], [], 0, 0, 0
                for k, c in enumerate(counts):
                    if c:
                        m = ((1 << c) - 1) << off
                        starts |= 1 << off
                        tops |= 1 << (off + c - 1)
                        segof += [m] * c
                        segidx += [k] * c
                        off += c
                tc = counts[-1]
                tstart = off - tc
                tmask = ((1 << tc) - 1) << tstart
                found = infos[counts] = (segof, segidx, starts, tops, tstart, tmask if joker_any else 0, off)
            return found

        def last_trick(H: Hands, counts: Counts, leader: int) -> int:
            segof, _, _, _, tstart, _, _ = info_of(counts)
            w = H[leader].bit_length() - 1
            ws, lm, s = leader, segof[w], nxt[leader]
            while s != leader:
                c = H[s].bit_length() - 1
                if c > w and (c >= tstart or lm >> c & 1):
                    w, ws = c, s
                s = nxt[s]
            return maker[ws]

        def quick(H: Hands, tstart: int, r: int) -> tuple[int, int]:
            """Lower and upper bounds on the makers' tricks from trumps nobody can beat."""
            mk = df = 0
            for s in active:
                if maker[s]:
                    mk |= H[s]
                else:
                    df |= H[s]
            top_d = max(df.bit_length(), tstart)
            top_m = max(mk.bit_length(), tstart)
            lo = hi = 0
            for s in active:
                if maker[s]:
                    q = (H[s] >> top_d).bit_count()
                    if q > lo:
                        lo = q
                else:
                    q = (H[s] >> top_m).bit_count()
                    if q > hi:
                        hi = q
            return lo, r - hi

        def finish(h: list[int], played: list[int], counts: Counts, segidx: list[int], ws: int, alpha: int,
                   beta: int) -> int:
            """The trick is complete: squeeze the played cards out and search on."""
            win = maker[ws]
            out = list(h)
            cl = list(counts)
            for p in sorted(played, reverse=True):
                cl[segidx[p]] -= 1
                low = (1 << p) - 1
                hi = ~low
                for s in active:
                    x = out[s]
                    if x >> p:
                        out[s] = (x & low) | ((x >> 1) & hi)
            return win + boundary(tuple(out), tuple(cl), ws, alpha - win, beta - win)

        def two_tricks(H: Hands, counts: Counts, leader: int) -> int:
            """The makers' tricks of the last two, exactly (every line played out, remembered)."""
            key = (H, counts, leader)
            found = ends.get(key)
            if found is None:
                info = info_of(counts)
                found = new_ending(key, list(H), leader, info[0], info[2], info[4], info[5])
            return found

        def new_ending(key: tuple[Hands, Counts, int], h: list[int], leader: int, segof: list[int], starts: int,
                       tstart: int, jm: int) -> int:
            """An ending not met before (``key`` keys it in ``ends``): played out and remembered."""
            stats[0] += 1
            if len(ends) > MAX_TABLE:
                ends.clear()
            found = ends[key] = first_of_two(h, 0, leader, 0, 0, leader, segof, starts, tstart, jm)
            return found

        def first_of_two(h: list[int], k: int, seat: int, lm: int, w: int, ws: int, segof: list[int], starts: int,
                         tstart: int, jm: int) -> int:
            """Seat ``seat`` plays the ``k``-th card of the second-last trick; the last is forced."""
            hs = h[seat]
            if k:
                f = hs & lm
                legal = (f | (hs & jm)) if f else hs
            else:
                legal = hs
            moves = legal & ~((hs << 1) & ~starts)
            mx = cmax[seat]
            best = -1 if mx else 99
            closing = k == nact - 1
            s1 = nxt[seat]
            while moves:
                low = moves & -moves
                moves ^= low
                c = low.bit_length() - 1
                if not k:
                    nlm, nw, nws = segof[c], c, seat
                elif c > w and (c >= tstart or lm >> c & 1):
                    nlm, nw, nws = lm, c, seat
                else:
                    nlm, nw, nws = lm, w, ws
                h[seat] = hs ^ low
                if closing:
                    x = h[nws].bit_length() - 1
                    xs, xm, s = nws, segof[x], nxt[nws]
                    while s != nws:
                        y = h[s].bit_length() - 1
                        if y > x and (y >= tstart or xm >> y & 1):
                            x, xs = y, s
                        s = nxt[s]
                    v = maker[nws] + maker[xs]
                else:
                    v = first_of_two(h, k + 1, s1, nlm, nw, nws, segof, starts, tstart, jm)
                if mx:
                    if v > best:
                        best = v
                        if v == 2:
                            break
                elif v < best:
                    best = v
                    if v == 0:
                        break
            h[seat] = hs
            return best

        def boundary(H: Hands, counts: Counts, leader: int, alpha: int, beta: int) -> int:
            """The makers' tricks from here, the trick led by ``leader``."""
            r = H[leader].bit_count()
            if r == 1:
                return last_trick(H, counts, leader)
            if r == 2:
                return two_tricks(H, counts, leader)
            stats[0] += 1
            if stats[0] > limit[0]:
                raise OutOfBudget(stats[0])
            key = (H, counts, leader)
            entry = table.get(key)
            info = info_of(counts)
            if entry is not None:
                lo, hi, bm = entry
                if lo == hi:
                    return lo
            else:
                lo, hi = quick(H, info[4], r)
                bm = -1
            if lo >= beta:
                return lo
            if hi <= alpha:
                return hi
            a = lo if lo > alpha else alpha
            b = hi if hi < beta else beta
            segof, segidx, starts, tops, tstart, jm, total = info
            notstart = ~starts
            reps = [x & ~((x << 1) & notstart) for x in H]
            h = list(H)
            hl = h[leader]
            moves = hl & reps[leader]
            order = []
            if bm >= 0 and moves >> bm & 1:
                order.append(bm)
                moves ^= 1 << bm
            t = moves & tops
            moves ^= t
            while t:
                c = t.bit_length() - 1
                order.append(c)
                t ^= 1 << c
            while moves:
                low = moves & -moves
                order.append(low.bit_length() - 1)
                moves ^= low
            mx = cmax[leader]
            best = -1 if mx else 99
            bmove = -1
            s1 = nxt[leader]
            a0, b0 = a, b
            for c in order:
                h[leader] = hl ^ (1 << c)
                v = follow(h, 1, s1, segof[c], c, leader, [c], a, b, info, reps, counts)
                if mx:
                    if v > best:
                        best, bmove = v, c
                        if v > a:
                            a = v
                            if a >= b:
                                break
                elif v < best:
                    best, bmove = v, c
                    if v < b:
                        b = v
                        if a >= b:
                            break
            if len(table) > MAX_TABLE:
                table.clear()
            if best <= a0:
                table[key] = (lo, best if best < hi else hi, bmove)
            elif best >= b0:
                table[key] = (best if best > lo else lo, hi, bmove)
            else:
                table[key] = (best, best, bmove)
            return best

        def follow(h: list[int], k: int, seat: int, lm: int, w: int, ws: int, played: list[int], alpha: int, beta: int,
                   info: Info, reps: list[int], counts: Counts) -> int:
            """Seat ``seat`` plays the ``k``-th card of the trick (``w`` wins it so far)."""
            if k == nact - 1:
                return close(h, seat, lm, w, ws, played, alpha, beta, info, reps, counts)
            tstart, jm = info[4], info[5]
            hs = h[seat]
            f = hs & lm
            legal = (f | (hs & jm)) if f else hs
            moves = legal & reps[seat]
            mx = cmax[seat]
            # Move order: with the trick lost to the other side, the cheapest winning card first;
            # otherwise (or unable to win) the lowest card first.
            order = []
            if maker[ws] != maker[seat]:
                above = (moves >> (w + 1)) << (w + 1)
                beat = above & (lm | (~0 << tstart)) if lm >> w & 1 else above & (~0 << tstart)
                if beat:
                    low = beat & -beat
                    order.append(low.bit_length() - 1)
                    moves ^= low
            while moves:
                low = moves & -moves
                order.append(low.bit_length() - 1)
                moves ^= low
            best = -1 if mx else 99
            s1 = nxt[seat]
            k1 = k + 1
            for c in order:
                played.append(c)
                h[seat] = hs ^ (1 << c)
                if c > w and (c >= tstart or lm >> c & 1):
                    v = follow(h, k1, s1, lm, c, seat, played, alpha, beta, info, reps, counts)
                else:
                    v = follow(h, k1, s1, lm, w, ws, played, alpha, beta, info, reps, counts)
                h[seat] = hs
                played.pop()
                if mx:
                    if v > best:
                        best = v
                        if v > alpha:
                            alpha = v
                            if alpha >= beta:
                                break
                elif v < best:
                    best = v
                    if v < beta:
                        beta = v
                        if alpha >= beta:
                            break
            return best

        def close(h: list[int], seat: int, lm: int, w: int, ws: int, played: list[int], alpha: int, beta: int,
                  info: Info, reps: list[int], counts: Counts) -> int:
            """The last card of the trick: then the next trick, or the hand's end."""
            segof, segidx, tstart, jm = info[0], info[1], info[4], info[5]
            hs = h[seat]
            f = hs & lm
            legal = (f | (hs & jm)) if f else hs
            moves = legal & reps[seat]
            mx = cmax[seat]
            mine = maker[seat]
            order = []
            if maker[ws] != mine:
                above = (moves >> (w + 1)) << (w + 1)
                beat = above & (lm | (~0 << tstart)) if lm >> w & 1 else above & (~0 << tstart)
                if beat:
                    low = beat & -beat
                    order.append(low.bit_length() - 1)
                    moves ^= low
            while moves:
                low = moves & -moves
                order.append(low.bit_length() - 1)
                moves ^= low
            left = hs.bit_count() - 1
            best = -1 if mx else 99
            if left == 0:
                for c in order:
                    v = mine if c > w and (c >= tstart or lm >> c & 1) else maker[ws]
                    if mx:
                        if v > best:
                            best = v
                            if v >= beta:
                                break
                    elif v < best:
                        best = v
                        if v <= alpha:
                            break
                return best
            if left == 1:
                for c in order:
                    if c > w and (c >= tstart or lm >> c & 1):
                        nws = seat
                    else:
                        nws = ws
                    h[seat] = hs ^ (1 << c)
                    # the last trick, read in the same numbering
                    x = h[nws].bit_length() - 1
                    xs, xm, s = nws, segof[x], nxt[nws]
                    while s != nws:
                        y = h[s].bit_length() - 1
                        if y > x and (y >= tstart or xm >> y & 1):
                            x, xs = y, s
                        s = nxt[s]
                    v = maker[nws] + maker[xs]
                    if mx:
                        if v > best:
                            best = v
                            if v >= beta:
                                break
                    elif v < best:
                        best = v
                        if v <= alpha:
                            break
                h[seat] = hs
                return best
            if left == 2:
                # Two tricks to come: their value is remembered exactly, keyed by the hands in
                # this trick's numbering (no squeeze: the cards left compare as they did).
                starts = info[2]
                for c in order:
                    nws = seat if c > w and (c >= tstart or lm >> c & 1) else ws
                    h[seat] = hs ^ (1 << c)
                    key = (tuple(h), counts, nws)
                    two = ends.get(key)
                    if two is None:
                        two = new_ending(key, h, nws, segof, starts, tstart, jm)
                    v = two + maker[nws]
                    if mx:
                        if v > best:
                            best = v
                            if v > alpha:
                                alpha = v
                                if alpha >= beta:
                                    break
                    elif v < best:
                        best = v
                        if v < beta:
                            beta = v
                            if alpha >= beta:
                                break
                h[seat] = hs
                return best
            # squeeze the cards already on the table out of every hand, once
            base = list(h)
            cl = list(counts)
            ps = sorted(played, reverse=True)
            for p in ps:
                cl[segidx[p]] -= 1
                low = (1 << p) - 1
                hi = ~low
                for s in active:
                    x = base[s]
                    if x >> p:
                        base[s] = (x & low) | ((x >> 1) & hi)
            for c in order:
                if c > w and (c >= tstart or lm >> c & 1):
                    nws = seat
                else:
                    nws = ws
                c2 = c
                for p in ps:
                    if p < c:
                        c2 -= 1
                low = (1 << c2) - 1
                hi = ~low
                out = tuple([(x & low) | ((x >> 1) & hi) for x in base])
                cl2 = cl[:]
                cl2[segidx[c]] -= 1
                win = maker[nws]
                v = win + boundary(out, tuple(cl2), nws, alpha - win, beta - win)
                if mx:
                    if v > best:
                        best = v
                        if v > alpha:
                            alpha = v
                            if alpha >= beta:
                                break
                elif v < best:
                    best = v
                    if v < beta:
                        beta = v
                        if alpha >= beta:
                            break
            return best

        def after_card(H: Hands, counts: Counts, trick: Trick, seat: int, card: int, alpha: int, beta: int) -> int:
            """The makers' tricks from a position inside a trick (``trick`` lists ``(seat,
            number)`` on the table, ``H`` the hands now) if the seat whose turn it is plays
            ``card``; the trick's own result counts."""
            if not trick:
                return lead_card(H, counts, seat, card, alpha, beta)
            info = info_of(counts)
            segof, segidx, starts, tops, tstart, jm, total = info
            notstart = ~starts
            reps = [x & ~((x << 1) & notstart) for x in H]
            h = list(H)
            lead_seat, lead = trick[0]
            w, ws, lm = lead, lead_seat, segof[lead]
            for s, c in trick[1:]:
                if c > w and (c >= tstart or lm >> c & 1):
                    w, ws = c, s
            played = [c for _, c in trick] + [card]
            if card > w and (card >= tstart or lm >> card & 1):
                w, ws = card, seat
            h[seat] ^= 1 << card
            if len(played) == nact:
                return finish(h, played, counts, segidx, ws, alpha, beta)
            return follow(h, len(played), nxt[seat], lm, w, ws, played, alpha, beta, info, reps, counts)

        def lead_card(H: Hands, counts: Counts, leader: int, card: int, alpha: int, beta: int) -> int:
            info = info_of(counts)
            segof, segidx, starts, tops, tstart, jm, total = info
            if H[leader].bit_count() == 1:
                return last_trick(H, counts, leader)
            notstart = ~starts
            reps = [x & ~((x << 1) & notstart) for x in H]
            h = list(H)
            h[leader] ^= 1 << card
            return follow(h, 1, nxt[leader], segof[card], card, leader, [card], alpha, beta, info, reps, counts)

        self.boundary = boundary
        self.after_card = after_card
        self.lead_card = lead_card
        self.info_of = info_of
        self._stats = stats

    def budget(self, positions: int | None) -> None:
        """Stop (raise ``OutOfBudget``) after searching ``positions`` more trick-boundary
        positions; None for no limit."""
        self._limit[0] = float("inf") if positions is None else self._stats[0] + positions

    @property
    def boundaries(self) -> int:
        """Trick-boundary positions searched (not answered by the table) since creation."""
        return self._stats[0]

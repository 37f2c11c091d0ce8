"""Text and HTML pictures of cards, deals and hand states (pure functions, no widgets).

* ``card_html(card)`` - a small card: rank over suit, red suits red, the Joker purple with a star;
  ``card_back_html()`` - a card lying face down; ``cards_html(cards, trump=)`` - several, with the
  trumps (the left bower and the Joker too) framed in gold once the trump is known.
* ``deal_html(deal)`` / ``deal_text(deal)`` - the hands as a table, with the turn-up and the rest.
* ``state_html(state, seat=None)`` - the table seen from above: every seat in its place around
  the trick, the seat to act marked, the trump, the turn-up and the tricks won. With ``seat``,
  only what that seat sees is face up (its own hand, and a Jambone hand once it lies exposed).
* ``state_text(state)`` - the same for a terminal; ``to_act_text(state)`` - one line: who acts,
  in which phase, and the legal actions.

* ``card_label(card, trump)`` - a card in words for screen readers ("jack of hearts, right
  bower"); every card drawn carries it. ``Look(palette=, large=)`` - the standard or the
  colour-blind palette, and a large size for a projector.

Every function returns a string and depends only on its arguments, so a picture is the same
on every run. Styles are inline, so the pictures survive notebook sanitising.
"""
from __future__ import annotations

from dataclasses import dataclass
from html import escape

from .cards import Card, Suit
from .errors import ArgumentError
from .hand.phases import Phase
from .ranking import effective_suit
from .table import role, seat_name, team_name, team_of
from .words import card_words

RED, BLACK, JOKER_INK, GOLD = "#c62828", "#212121", "#6a1b9a", "#f9a825"
_RANK_SHOW = {"T": "10"}
_CARD_BOX = ("display:inline-block;box-sizing:border-box;width:2.2em;height:2.9em;margin:0.1em;"
             "padding-top:0.25em;border-radius:0.3em;text-align:center;vertical-align:middle;"
             "font-family:'DejaVu Sans',Arial,sans-serif;font-weight:bold;line-height:1.15;")
# Notebook style sheets right-align and stripe table cells: every cell and row says what it wants.
_CELL = "padding:0.35em 0.5em;vertical-align:top;text-align:left;"
_ROW = '<tr style="background:transparent">'
_FONT = "font-family:'DejaVu Sans',Arial,sans-serif;font-size:14px;"
# The eight places around a 3 x 3 table, clockwise from the top middle, and the places the seats
# take: North at the top, and on clockwise as the seats are numbered.
_PLACES = ((0, 1), (0, 2), (1, 2), (2, 2), (2, 1), (2, 0), (1, 0), (0, 0))
_SEAT_PLACES = {4: (0, 2, 4, 6), 6: (0, 1, 3, 4, 5, 7), 7: (0, 1, 2, 3, 4, 5, 6)}


# ---- the look: palette and size -------------------------------------------------------------

@dataclass(frozen=True)
class Look:
    """How the pictures are drawn: ``palette`` ``standard`` (red hearts and diamonds, black
    spades and clubs) or ``colour-blind`` (four inks told apart by lightness under every kind of
    colour blindness, hearts and diamonds still reddish and spades and clubs dark, so the pairs
    that make the bowers stay pairs); ``large`` for a projector. Colour never carries a fact
    alone: every card is named in words and trumps are framed."""

    palette: str = "standard"
    large: bool = False

    def __post_init__(self):
        if self.palette not in PALETTES:
            raise ArgumentError(f"palette {self.palette!r}: choose one of {', '.join(PALETTES)}")

    def ink(self, suit: Suit) -> str:
        return PALETTES[self.palette][int(suit)]

    @property
    def font(self) -> str:
        return _FONT.replace("14px", "22px") if self.large else _FONT


# Inks per suit (clubs, diamonds, hearts, spades). The colour-blind inks are separated by
# lightness (every pair at least 28 apart in CIE delta E under simulated deutan, protan and
# tritan vision); the diamond ink is darkened to read as small text on white.
PALETTES = {"standard": (BLACK, RED, RED, BLACK), "colour-blind": ("#2a5db0", "#c2185b", "#a00000", "#000000")}
PLAIN = Look()


def card_label(card: Card, trump: Suit | None = None) -> str:
    """A card in words for a screen reader, with its part in the hand once trump is known:
    ``jack of hearts, right bower``, ``the Joker, highest trump``, ``ace of clubs, trump``."""
    card = Card.parse(card)
    name = card.name
    if trump is None:
        return name
    if card.is_joker:
        return name + (", the only trump" if trump is Suit.NO_TRUMP else ", highest trump")
    if trump is Suit.NO_TRUMP:
        return name
    if card.rank == 11 and card.suit == trump:
        return name + ", right bower"
    if card.rank == 11 and card.suit == trump.same_colour:
        return name + ", left bower"
    return name + (", trump" if card.suit == trump else "")


# ---- cards ---------------------------------------------------------------------------------

def _is_trump(card: Card, trump: Suit | None) -> bool:
    if trump is None:
        return False
    if card.is_joker:
        return True
    return trump is not Suit.NO_TRUMP and effective_suit(card, trump) == trump


def card_html(card: Card, small: bool = False, trump: Suit | None = None, look: Look = PLAIN) -> str:
    """A card as a small framed face: rank over suit symbol in its suit's ink; the Joker purple.
    It is named in words for screen readers (``card_label``).

    With ``trump`` given, a trump (the left bower and the Joker included) gets a gold frame.
    """
    card = Card.parse(card)
    size = "0.85em" if small else "1em"
    is_trump = _is_trump(card, trump)
    if card.suit is None:  # the Joker
        face, ink, paper = '★<br><span style="font-size:0.55em">Joker</span>', JOKER_INK, "#f3e5f5"
    else:
        rank = str(card)[0]
        face = f"{_RANK_SHOW.get(rank, rank)}<br>{card.suit.symbol}"
        ink, paper = look.ink(card.suit), "#ffffff"
    frame = f"2px solid {GOLD}" if is_trump else ("1px solid " + (JOKER_INK if card.is_joker else "#9e9e9e"))
    label = escape(card_label(card, trump))
    return (f'<span class="el-card" data-card="{card}" role="img" aria-label="{label}" title="{label}" '
            f'style="{_CARD_BOX}font-size:{size};color:{ink};background:{paper};border:{frame}">{face}</span>')


def card_back_html(small: bool = False) -> str:
    """A card lying face down."""
    size = "0.85em" if small else "1em"
    return (f'<span class="el-card el-back" role="img" aria-label="a card face down" title="a card face down" '
            f'style="{_CARD_BOX}font-size:{size};'
            'color:#c5cae9;background:#3949ab;border:1px solid #1a237e">&nbsp;<br>&nbsp;</span>')


def cards_html(cards, trump: Suit | None = None, small: bool = False, look: Look = PLAIN) -> str:
    """Several cards side by side (``none`` when there are none)."""
    return "".join(card_html(c, small, trump, look) for c in cards) or '<i style="color:#757575">none</i>'


# ---- words shared by the pictures ----------------------------------------------------------

def _seat(seat: int, n: int) -> str:
    return seat_name(seat, n)


def _role_words(seat: int, dealer: int, n: int) -> str:
    """The seat's place relative to the dealer, in words (and its team with six players)."""
    k = (seat - dealer) % n
    words = [role(seat, dealer, n)]
    if k in (0, 1) or (n == 4 and k == 2):
        words.append(("dealer", "eldest", "dealer's partner")[k])
    elif k == n - 1:  # Q with four players: a letter alone beside a hand reads as a queen
        words.append("dealer's right")
    if n == 6:
        words.append(team_name(team_of(seat, n), n))
    return ", ".join(words)


def _trump_words(trump: Suit | None) -> str:
    if trump is None:
        return "not yet fixed"
    if trump is Suit.NO_TRUMP:
        return "no trump (the Joker alone is a trump)"
    return f"{trump.symbol} {trump.word}"


def _upcard_words(state) -> str:
    up = state.upcard
    if state.upcard_lying:
        return "lying face up on the pack"
    for seat in range(state.players):
        if up in state.hand(seat):
            return f"in {_seat(seat, state.players)}'s hand"
    if any(up in trick.cards for trick in state.tricks) or any(c == up for _, c in state.trick):
        return "played"
    return "turned down" if state.phase is Phase.ROUND2 else "out of play"


def _badges(state, seat: int) -> list[str]:
    """Short words for what a seat is doing in this hand."""
    out = []
    maker = state.maker
    if seat == maker:
        out.append("maker" + (", alone" if state.alone else "") + (", pat" if state.pat else ""))
        if state.jambone:
            out.append("Jambone: cards face up")
    elif maker is not None and seat in state.partners:
        out.append("maker's partner")
    if seat == state.lone_defender:
        out.append("defends alone")
    if seat == state.jamboree:
        out.append("Jamboree")
    if state.sits_out(seat):
        out.append("sits out")
    return out


def to_act_text(state) -> str:
    """One line: who acts, in which phase, and the legal actions (``|`` between them)."""
    if state.is_over:
        return "the hand is over" + (": passed out" if state.passed_out else "")
    who = state.describe_seat(state.to_act)
    extra = ""
    if state.phase is Phase.PLAY and state.turn != state.to_act:
        extra = f" (calls the card of {state.describe_seat(state.turn)})"
    legal = " | ".join(str(a) for a in state.legal_actions())
    return f"{who}{extra} to act, {state.phase}: {legal}"


# ---- deals ---------------------------------------------------------------------------------

def deal_text(deal) -> str:
    """The deal, one seat a line, then the turn-up and the rest of the pack."""
    n = deal.players
    lines = [f"{deal.rules.name}, dealer {_seat(deal.dealer, n)}"]
    for seat, hand in enumerate(deal.hands):
        name = f"{_seat(seat, n)} ({role(seat, deal.dealer, n)})"
        lines.append(f"  {name:<12} {' '.join(map(str, hand))}")
    lines.append(f"  {'turn-up':<12} {deal.upcard if deal.upcard is not None else '-'}")
    lines.append(f"  {'rest':<12} {' '.join(map(str, deal.rest))}")
    return "\n".join(lines)


def deal_html(deal) -> str:
    """The deal as a table: one row per seat (name, place at the table, hand), turn-up, rest."""
    n = deal.players
    head = (f'<caption style="text-align:left;padding:0.2em 0"><b>{escape(deal.rules.name)}</b>: '
            f"{n} players, dealer {_seat(deal.dealer, n)}</caption>")
    rows = []
    for seat, hand in enumerate(deal.hands):
        paper = "#f5f5f5" if seat == deal.dealer else "#ffffff"
        rows.append(f'<tr class="el-seat" data-seat="{seat}" style="background:{paper}">'
                    f'<td style="{_CELL}vertical-align:middle"><b>{_seat(seat, n)}</b></td>'
                    f'<td style="{_CELL}vertical-align:middle;color:#616161">{_role_words(seat, deal.dealer, n)}</td>'
                    f'<td style="{_CELL}">{cards_html(hand, small=deal.rules.hand_size >= 7)}</td></tr>')
    if deal.upcard is not None:
        rows.append(f'{_ROW}<td style="{_CELL}vertical-align:middle" colspan="2"><b>turn-up</b></td>'
                    f'<td style="{_CELL}">{card_html(deal.upcard)}</td></tr>')
    rows.append(f'{_ROW}<td style="{_CELL}vertical-align:middle" colspan="2"><b>rest</b> (face down)</td>'
                f'<td style="{_CELL}">{cards_html(deal.rest, small=True)}</td></tr>')
    return (f'<table class="el-deal" style="margin:0;border-collapse:collapse;{_FONT}">{head}'
            + "".join(rows) + "</table>")


# ---- states --------------------------------------------------------------------------------

def _trick_shown(state):
    """The trick on the table: the one in progress, else the last one completed (and its winner)."""
    if state.trick:
        return state.trick, None
    if state.tricks:
        last = state.tricks[-1]
        return last.plays, last.winner
    return (), None


def _small(state) -> bool:
    """Hands of seven cards or more are drawn smaller, so that three fit side by side."""
    return state.rules.hand_size >= 7


def _hand_html(state, seat: int, viewer: int | None, look: Look = PLAIN) -> str:
    trump, small = state.trump, _small(state)
    cards = state.hand(seat)
    if viewer is None:
        return cards_html(cards, trump, small, look)
    view = state.view(viewer)
    if seat == viewer:
        seen = view.hand
        return cards_html(seen, trump, small, look) + card_back_html(small) * (len(cards) - len(seen))
    if state.jambone and seat == state.maker and view.exposed:
        return cards_html(view.exposed, trump, small, look)
    return card_back_html(small) * len(cards) or '<i style="color:#757575">none</i>'


def _seat_cell(state, seat: int, viewer: int | None, look: Look = PLAIN, shown=None) -> str:
    n = state.players
    acting = seat == state.to_act and not state.is_over
    next_card = state.phase is Phase.PLAY and seat == state.turn and state.turn != state.to_act
    out = state.sits_out(seat)
    # A seat that sits out is greyed by its paper and a dashed border, not faded: faded text
    # falls below the contrast a projector needs (and "sits out" says it in words).
    border = f"3px solid {GOLD}" if acting else ("1px dashed #757575" if out else "1px solid #bdbdbd")
    paper = "#fff8e1" if acting else ("#eeeeee" if out else "#ffffff")
    marks = []
    if viewer == seat:
        marks.append('<span style="font-size:0.85em;color:#1565c0">(you)</span>')
    if acting:
        marks.append(f'<span class="el-to-act" style="background:{GOLD};color:#000;border-radius:0.6em;'
                     'padding:0 0.45em;font-size:0.85em;white-space:nowrap">▶ to act</span>')
    if next_card:
        marks.append('<span style="font-size:0.85em;color:#e65100;white-space:nowrap">'
                     "(its card is called)</span>")
    for word in _badges(state, seat):
        marks.append('<span style="font-size:0.8em;border:1px solid #90a4ae;border-radius:0.6em;'
                     f'padding:0 0.4em;color:#37474f;white-space:nowrap">{escape(word)}</span>')
    won = state.tricks_won[seat]
    width = 2.4 * state.rules.hand_size * (0.85 if _small(state) else 1)
    return (f'<td class="el-seat{" el-acting" if acting else ""}" data-seat="{seat}" '
            f'style="{_CELL}min-width:{width:g}em;border:{border};background:{paper};border-radius:0.4em">'
            f'<div style="margin-bottom:0.2em"><b>{_seat(seat, n)}</b> '
            f'<span style="color:#616161">{_role_words(seat, state.dealer, n)}</span> {" ".join(marks)}</div>'
            f"<div>{_hand_html(state, seat, viewer if shown is None or seat not in shown else None, look)}</div>"
            f'<div style="font-size:0.85em;color:#424242;margin-top:0.2em">tricks won: <b>{won}</b></div></td>')


def _trump_mark(trump: Suit | None, look: Look = PLAIN) -> str:
    if trump is None:
        symbol, ink = "?", "#9e9e9e"
    elif trump is Suit.NO_TRUMP:
        symbol, ink = "★", JOKER_INK
    else:
        symbol, ink = trump.symbol, look.ink(trump)
    return (f'<div style="font-size:1.6em;color:{ink}">{symbol}</div>'
            '<div style="font-size:0.75em;color:#616161">trump</div>')


def _centre_cell(state, look: Look = PLAIN) -> str:
    n = state.players
    cards, winner = _trick_shown(state)
    played = dict(cards)
    order = {s: i for i, (s, _) in enumerate(cards)}
    ahead = winner if winner is not None else state.winning_seat
    grid = [["" for _ in range(3)] for _ in range(3)]
    for seat, place in zip(range(n), _SEAT_PLACES[n]):
        if seat in played:
            r, c = _PLACES[place]
            lead = " led" if order[seat] == 0 else ""
            mark = ""
            if seat == ahead:  # the winning card: in words and by its outline, not by colour alone
                word = "won" if winner is not None else "winning"
                mark = (f'<div class="el-winning" style="font-size:0.7em;font-weight:bold;color:#1b5e20;'
                        f'border:1px dashed #1b5e20;border-radius:0.4em;margin-top:0.1em">{word}</div>')
            grid[r][c] = (f'<div style="font-size:0.75em;color:#616161">{_seat(seat, n)}{lead}</div>'
                          + card_html(played[seat], trump=state.trump, look=look) + mark)
    grid[1][1] = _trump_mark(state.trump, look)
    rows = "".join(_ROW + "".join(f'<td style="text-align:center;padding:0.1em;min-width:2.8em">{x}</td>'
                                    for x in row) + "</tr>" for row in grid)
    if state.trick:
        caption = f"trick {len(state.tricks) + 1} of {state.rules.hand_size}"
    elif winner is not None:
        caption = f"trick {len(state.tricks)} won by <b>{_seat(winner, n)}</b>"
    else:
        caption = "no card played yet"
    return (f'<td class="el-trick" style="{_CELL}text-align:center;background:#e8f5e9;border-radius:0.6em">'
            f'<table style="margin:auto;border-collapse:collapse;font-size:inherit">{rows}</table>'
            f'<div style="font-size:0.85em;color:#2e7d32">{caption}</div></td>')


def _facts(state, look: Look = PLAIN) -> str:
    n = state.players
    parts = [f"<b>{escape(state.rules.name)}</b>", f"phase: <b>{escape(str(state.phase))}</b>",
             f"dealer: {_seat(state.dealer, n)}", f"trump: <b>{_trump_words(state.trump)}</b>"]
    if state.upcard is not None:
        parts.append(f"turn-up: {card_html(state.upcard, small=True, look=look)} {_upcard_words(state)}")
    if state.bid is not None:
        parts.append(f"bid: {state.bid} tricks")
    if state.maker is not None:
        parts.append(f"maker: {_seat(state.maker, n)}" + (" (alone)" if state.alone else ""))
    return " &middot; ".join(parts)


def _team_line(state) -> str:
    n = state.players
    if state.passed_out:
        return "passed out: nobody made trump"
    if state.rules.players == 7:
        if state.phase not in (Phase.PLAY, Phase.DONE):
            return ""
        makers = sum(state.tricks_won[s] for s in range(n) if state.side_of(s) == "makers")
        others = sum(state.tricks_won) - makers
        return f"tricks won by the maker's side: <b>{makers}</b>, by the others: <b>{others}</b>"
    teams = sorted({team_of(s, n) for s in range(n)})
    return "tricks won: " + ", ".join(
        f"{team_name(t, n)} <b>{sum(state.tricks_won[s] for s in range(n) if team_of(s, n) == t)}</b>"
        for t in teams)


def state_html(state, seat: int | None = None, look: Look = PLAIN, shown=None, result: bool = True) -> str:
    """The table from above: the seats in their places around the trick, the seat to act
    framed in gold, the facts of the hand above, tricks won and the result below.

    With ``seat``, the picture shows what that seat sees: other hands face down, except a
    Jambone hand once it is exposed, and the seats in ``shown`` (a teacher turning hands up).
    ``look`` sets the palette and size. ``result=False`` leaves out the result line, for a
    panel whose sentence already tells it.
    """
    n = state.players
    grid: list[list[str | None]] = [[None] * 3 for _ in range(3)]
    for s, place in zip(range(n), _SEAT_PLACES[n]):
        r, c = _PLACES[place]
        grid[r][c] = _seat_cell(state, s, seat, look, shown)
    grid[1][1] = _centre_cell(state, look)
    rows = "".join(_ROW + "".join(x if x is not None else f'<td style="{_CELL}"></td>' for x in row) + "</tr>"
                   for row in grid)
    below = [_team_line(state)]
    if state.trump is not None:
        below.append(f'<span style="color:#616161">a <span style="border:2px solid {GOLD};border-radius:0.2em;'
                     'padding:0 0.3em">gold frame</span> marks a trump</span>')
    if state.exchanges and seat is None:
        below.append("exchanges: " + "; ".join(
            f"{_seat(a, n)} gave {card_words(g)}, {_seat(b, n)} gave back {card_words(c)}"
            for a, g, b, c in state.exchanges))
    if state.is_over and result:
        below.append(f'<b style="color:#1b5e20">{escape(str(state.result()))}</b>')
    elif state.to_act is not None:
        who = "you" if seat == state.to_act else escape(state.describe_seat(state.to_act))
        below.append(f"to act: <b>{who}</b>")
    foot = "".join(f'<div style="margin-top:0.25em">{x}</div>' for x in below if x)
    return (f'<div class="el-state" style="{look.font}">'
            f'<div style="margin-bottom:0.4em">{_facts(state, look)}</div>'
            f'<table style="margin:0;border-collapse:separate;border-spacing:0.35em;font-size:inherit">{rows}</table>'
            f'{foot}</div>')


def _exposed(state, seat: int) -> bool:
    """The seat's hand lies face up: a Jambone hand, from the first lead."""
    return bool(state.jambone) and seat == state.maker and state.phase in (Phase.PLAY, Phase.DONE)


def state_text(state, seat: int | None = None) -> str:
    """A plain-text picture: the facts of the hand, each seat's hand and tricks, the trick.
    With ``seat``, other hands show as the number of cards held (a Jambone hand once exposed
    shows its cards)."""
    n = state.players
    head = [state.rules.name, str(state.phase), f"dealer {_seat(state.dealer, n)}",
            f"trump {_trump_words(state.trump)}"]
    if state.maker is not None:
        head.append(f"maker {_seat(state.maker, n)}" + (" alone" if state.alone else ""))
    lines = [" · ".join(head)]
    if state.upcard is not None:
        lines.append(f"  turn-up {state.upcard}, {_upcard_words(state)}")
    for s in range(n):
        name = f"{_seat(s, n)} ({role(s, state.dealer, n)})"
        hand = " ".join(map(str, state.hand(s))) or "-"
        if seat is not None and s != seat and not _exposed(state, s):
            held = len(state.hand(s))
            hand = f"{held} card{'s' if held != 1 else ''}" if held else "-"
        marks = "".join(f", {b}" for b in _badges(state, s))
        arrow = "> " if s == state.to_act and not state.is_over else "  "
        lines.append(f"{arrow}{name:<12} {hand:<24} tricks {state.tricks_won[s]}{marks}")
    cards, winner = _trick_shown(state)
    if cards:
        shown = ", ".join(f"{_seat(s, n)} {c}" for s, c in cards)
        lines.append(f"  trick {len(state.tricks) + 1}: {shown}" if winner is None
                     else f"  trick {len(state.tricks)}: {shown}; won by {_seat(winner, n)}")
    lines.append("  " + (str(state.result()) if state.is_over else to_act_text(state)))
    return "\n".join(lines)


# ---- tricks as a table ---------------------------------------------------------------------

def tricks_html(tricks, players: int, trump: Suit | None = None, seats=None, look: Look = PLAIN) -> str:
    """Tricks as a table, one row a trick: its label, each seat's card in seat order (``seats``,
    default every seat), the leader's marked ``led``, and the winner named in words in the last
    column and framed in its row: never by colour alone. ``tricks`` holds ``(label, plays,
    winner, notes)``: ``plays`` the ``(seat, card)`` pairs in the order played, ``notes`` a dict
    of a few words to write under a seat's card ("on the table")."""
    seats = tuple(range(players)) if seats is None else tuple(seats)
    head = "".join(f'<th style="{_CELL}">{_seat(s, players)}</th>' for s in seats)
    rows = []
    for label, plays, winner, notes in tricks:
        played = dict(plays)
        leader = plays[0][0] if plays else None
        cells = []
        for s in seats:
            if s not in played:
                cells.append(f'<td style="{_CELL}color:#757575">-</td>')
                continue
            tags = (["led"] if s == leader else []) + (["won"] if s == winner else [])
            if s in notes:
                tags.append(notes[s])
            frame = "border:2px solid #1b5e20;" if s == winner else "border:1px solid transparent;"
            under = "".join(f'<div style="font-size:0.75em;color:#37474f">{escape(t)}</div>' for t in tags)
            cells.append(f'<td class="el-play{" el-won" if s == winner else ""}" data-seat="{s}" '
                         f'style="{_CELL}{frame}text-align:center">{card_html(played[s], True, trump, look)}{under}</td>')
        won = (f"<b>{_seat(winner, players)}</b>, with {escape(card_label(played[winner], trump))}"
               if winner in played else "")
        rows.append(f'{_ROW}<td style="{_CELL}"><b>{escape(label)}</b></td>{"".join(cells)}'
                    f'<td style="{_CELL}">{won}</td></tr>')
    return (f'<table class="el-tricks" style="margin:0.3em 0;border-collapse:collapse;{look.font}">'
            f'{_ROW}<th style="{_CELL}">trick</th>{head}<th style="{_CELL}">won by</th></tr>{"".join(rows)}</table>')

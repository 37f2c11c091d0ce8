"""Text and HTML pictures of cards, deals and hand states (pure functions, no widgets)."""
from __future__ import annotations

from html import escape

from .cards import Card
from .table import role, seat_name

_RANK_SHOW = {"T": "10"}


def card_html(card: Card, small: bool = False) -> str:
    """A card as a small framed span: rank and suit symbol, red or black."""
    if card.is_joker:
        face, colour = "🃏", "#6a1b9a"
    else:
        face = _RANK_SHOW.get(str(card)[0], str(card)[0]) + card.suit.symbol
        colour = "#c62828" if card.suit.is_red else "#212121"
    size = "0.9em" if small else "1.1em"
    return (f'<span class="el-card" title="{escape(card.name)}" style="display:inline-block;min-width:2.2em;'
            f"text-align:center;border:1px solid #999;border-radius:4px;padding:2px 3px;margin:1px;"
            f'background:#fff;color:{colour};font-size:{size};font-family:sans-serif">{face}</span>')


def cards_html(cards) -> str:
    return "".join(card_html(c) for c in cards) or "<i>none</i>"


def deal_html(deal) -> str:
    n = deal.players
    rows = "".join(f"<tr><td>{seat_name(s, n)} ({role(s, deal.dealer, n)})</td><td>{cards_html(h)}</td></tr>"
                   for s, h in enumerate(deal.hands))
    up = cards_html([deal.upcard]) if deal.upcard is not None else "<i>none</i>"
    return (f"<table><tr><th colspan=2>{escape(deal.rules.name)}, dealer {seat_name(deal.dealer, n)}</th></tr>"
            f"{rows}<tr><td>turn-up</td><td>{up}</td></tr>"
            f"<tr><td>rest</td><td>{cards_html(deal.rest)}</td></tr></table>")


def _headline(state) -> str:
    n = state.players
    parts = [state.rules.name, f"dealer {seat_name(state.dealer, n)}", str(state.phase)]
    if state.trump is not None:
        parts.append(f"trump {state.trump.word}")
    if state.maker is not None:
        parts.append(f"maker {seat_name(state.maker, n)}" + (" alone" if state.alone else ""))
    if state.to_act is not None:
        parts.append(f"{state.describe_seat(state.to_act)} to act")
    return " · ".join(parts)


def state_text(state) -> str:
    """A plain-text picture: headline, each hand, the turn-up, the trick and tricks won."""
    n = state.players
    lines = [_headline(state)]
    for seat in range(n):
        mark = " (sits out)" if state.sits_out(seat) else ""
        name = f"{seat_name(seat, n)} ({role(seat, state.dealer, n)})"
        lines.append(f"  {name:<12} {' '.join(map(str, state.hand(seat)))}{mark}  tricks {state.tricks_won[seat]}")
    if state.upcard is not None:
        lines.append(f"  turn-up {state.upcard}" + (" (lying)" if state.upcard_lying else ""))
    if state.trick:
        lines.append("  trick: " + ", ".join(f"{seat_name(s, n)} {c}" for s, c in state.trick))
    if state.is_over:
        lines.append("  " + str(state.result()))
    return "\n".join(lines)


def state_html(state) -> str:
    """An HTML table: each seat's hand, the trick in progress, tricks won, and the result."""
    n = state.players
    rows = []
    played = dict(state.trick)
    for seat in range(n):
        style = ' style="background:#fff8e1"' if seat == state.to_act else ""
        out = " <i>(sits out)</i>" if state.sits_out(seat) else ""
        trick_card = card_html(played[seat]) if seat in played else ""
        rows.append(f"<tr{style}><td>{seat_name(seat, n)} ({role(seat, state.dealer, n)})</td>"
                    f"<td>{cards_html(state.hand(seat))}{out}</td><td>{trick_card}</td>"
                    f"<td>{state.tricks_won[seat]}</td></tr>")
    up = ""
    if state.upcard is not None:
        up = f"<p>turn-up {card_html(state.upcard)}{' lying' if state.upcard_lying else ''}</p>"
    result = f"<p>{escape(str(state.result()))}</p>" if state.is_over else ""
    return (f"<div class='el-state'><p><b>{escape(_headline(state))}</b></p>{up}"
            "<table><tr><th>seat</th><th>hand</th><th>trick</th><th>tricks</th></tr>"
            + "".join(rows) + f"</table>{result}</div>")

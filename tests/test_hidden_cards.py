"""No card a seat has not seen is named anywhere on its play table: not in the text, the
buttons, their tooltips, the pictures' labels for screen readers or their data, at any step
of a whole hand, in every preset (opponents' hands, the pack, the kitty, a card passed face
down, the dealer's discard). What the page's accessibility tree is built from is the widgets'
text, so this reads every widget of the table."""
from __future__ import annotations

import re

import pytest

from euchre_lessons import rules
from euchre_lessons.cards import CARDS
from euchre_lessons.hand.view import SeatView
from euchre_lessons.render import card_label
from euchre_lessons.widgets import PlayTable
from euchre_lessons.words import card_words

SYMBOLS = "♠♥♦♣"


def shown_text(widget) -> str:
    """Everything the widget tree shows or says: values, descriptions, tooltips, options."""
    out, stack = [], [widget]
    while stack:
        x = stack.pop()
        for attr in ("value", "description", "tooltip", "placeholder", "lost"):
            v = getattr(x, attr, None)
            if isinstance(v, str):
                out.append(v)
        if getattr(x, "options", None):
            out.append(str(x.options))
        stack.extend(getattr(x, "children", ()) or ())
    return "\n".join(out)


def seen_by(state, seat: int) -> set:
    """The cards ``seat`` has seen: its hand, the turn-up, every card played, a Jambone hand
    face up, the cards it gave or received, and the cards it discarded."""
    v = SeatView(state, seat)
    cards = set(v.hand) | set(v.played) | set(v.exposed) | set(v.gave) | set(v.received)
    if state.deal.upcard is not None:
        cards.add(state.deal.upcard)
    s = type(state).start(state.deal)
    for action in state.history:
        if s.to_act == seat and getattr(action, "card", None) is not None:
            cards.add(action.card)
        s = s.apply(action)
    return cards


def named(card, text: str) -> bool:
    """Whether ``text`` names ``card``: as written (``K♠``), in the spoken label (``king of
    spades``; not the Joker's, whose name the rules use), or as a picture's data."""
    if f'data-card="{card}"' in text:
        return True
    written = card_words(card)[len("the "):]
    if re.search(rf"(?<![\w{SYMBOLS}]){re.escape(written)}(?![\w{SYMBOLS}])", text):
        return True
    return not card.is_joker and re.search(rf"\b{re.escape(card_label(card, None))}\b", text) is not None


def leaks(table) -> list:
    state, seat = table.model.state, table.model.human
    text, seen = shown_text(table.root), seen_by(state, seat)
    pack = [c for c in CARDS if state.rules.pack_mask >> c.id & 1]
    return [c for c in pack if c not in seen and named(c, text)]


@pytest.mark.parametrize("preset", rules.names())
def test_no_hidden_card_is_named_at_any_step_of_a_hand(preset):
    rs = rules.load(preset)
    steps = 0
    for seed in range(4):
        t = PlayTable(preset, seed=seed, seat=seed % rs.players)
        while True:
            assert not leaks(t), (preset, seed, t.model.state.phase, leaks(t))
            legal = t.model.legal_actions()
            if t.model.is_over or not legal:
                break
            t.act(str(legal[-1] if seed % 2 else legal[0]))  # the last choice too: alone, defend alone
            steps += 1
    assert steps >= 8


def test_the_referee_finds_a_hidden_card_where_one_is_named():
    t = PlayTable("hoyle_railroad", seed=1)
    state = t.model.state
    other = state.hand((t.model.human + 1) % 4)[0]
    assert not leaks(t)
    t.message.value = f"East holds {card_words(other)}."
    assert leaks(t) == [other]
    t.message.value = f'<span data-card="{other}"></span>'
    assert leaks(t) == [other]
    t.message.value = f'<span aria-label="{card_label(other, None)}, trump"></span>'
    assert leaks(t) == ([] if other.is_joker else [other])

"""Pictures of cards, deals and states (render.py): every card drawn, the seat to act marked,
hidden hands hidden, a Jambone hand exposed, and the same picture on every run."""
from __future__ import annotations

import random
import re
import subprocess
import sys

import pytest

from euchre_lessons import JOKER, Card, Deal, HandState, Phase, Suit, deal, render, rules
from euchre_lessons.table import seat_name

PRESETS = rules.names()
SEAT_CELL = re.compile(r'<td class="el-seat[^"]*" data-seat="(\d+)".*?</td>', re.DOTALL)


def cells(html: str) -> dict[int, str]:
    """Each seat's cell of a state picture (seat cells hold no nested cells)."""
    return {int(m.group(1)): m.group(0) for m in SEAT_CELL.finditer(html)}


def drawn(html: str) -> list[str]:
    """The cards drawn face up, in order."""
    return re.findall(r'data-card="(\w\w)"', html)


def play_until(preset, stop, prefer=(), seeds=range(60)) -> HandState:
    """The first state met that satisfies ``stop``, playing seeded random legal moves and
    taking an action from ``prefer`` whenever one is legal."""
    for seed in seeds:
        rng = random.Random(seed)
        s = HandState.start(deal(preset, seed=seed))
        while not s.is_over:
            if stop(s):
                return s
            legal = s.legal_actions()
            liked = [a for a in legal if str(a) in prefer]
            s = s.apply(liked[0] if liked else rng.choice(legal))
    raise AssertionError(f"no state of {preset} met the condition in {len(seeds)} seeded hands")


def mid_play(preset) -> HandState:
    return play_until(preset, lambda s: s.phase is Phase.PLAY and len(s.trick) == 2)


# ---- cards ---------------------------------------------------------------------------------

@pytest.mark.parametrize("text, ink", [("JH", render.RED), ("9D", render.RED), ("AS", render.BLACK),
                                       ("TC", render.BLACK)])
def test_red_suits_are_red_and_black_suits_black(text, ink):
    html = render.card_html(Card(text))
    assert f"color:{ink}" in html
    assert f'data-card="{text}"' in html


def test_ten_shows_as_10_with_its_suit_symbol():
    html = render.card_html(Card("TH"))
    assert "10<br>♥" in html and 'title="10 of hearts"' in html


def test_the_joker_is_drawn_apart_from_every_suit():
    html = render.card_html(JOKER)
    assert "★" in html and f"color:{render.JOKER_INK}" in html
    assert render.RED not in html and render.BLACK not in html
    assert 'title="the Joker"' in html
    assert "Joker</span>" in html and ">JK<" not in html and "JK<br>" not in html  # its face says the word, not the code


def test_trumps_get_a_gold_frame_and_the_left_bower_is_one():
    framed = f"2px solid {render.GOLD}"
    assert framed in render.card_html(Card("JD"), trump=Suit.HEARTS)       # the left bower
    assert framed in render.card_html(Card("9H"), trump=Suit.HEARTS)
    assert framed not in render.card_html(Card("9D"), trump=Suit.HEARTS)
    assert framed not in render.card_html(Card("JD"))                      # no trump fixed yet
    assert framed in render.card_html(JOKER, trump=Suit.NO_TRUMP)
    assert framed not in render.card_html(Card("JH"), trump=Suit.NO_TRUMP)  # no bowers at no trump


def test_no_cards_say_none():
    assert "none" in render.cards_html([])


def test_card_html_reads_notation():
    assert render.card_html("jh") == render.card_html(Card("JH"))


# ---- deals ---------------------------------------------------------------------------------

@pytest.mark.parametrize("preset", PRESETS)
def test_deal_picture_shows_every_card_of_the_pack_once(preset):
    d = deal(preset, seed=3)
    html = render.deal_html(d)
    assert sorted(drawn(html)) == sorted(str(c) for c in d.rules.cards)
    for seat in range(d.players):
        assert f'data-seat="{seat}"' in html
    assert d._repr_html_() == html


@pytest.mark.parametrize("preset", PRESETS)
def test_deal_text_has_a_line_per_seat_and_the_turn_up(preset):
    d = deal(preset, seed=3, dealer=1)
    text = render.deal_text(d)
    lines = text.splitlines()
    assert lines[0].startswith(f"{preset}, dealer ")
    for hand in d.hands:
        assert any(" ".join(map(str, hand)) in line for line in lines[1:])
    up = [line for line in lines if line.strip().startswith("turn-up")]
    assert up and up[0].split()[-1] == (str(d.upcard) if d.upcard is not None else "-")


# ---- states --------------------------------------------------------------------------------

@pytest.mark.parametrize("preset", PRESETS)
def test_start_picture_shows_every_hand_and_marks_the_seat_to_act(preset):
    s = HandState.start(deal(preset, seed=5))
    html = render.state_html(s)
    by_seat = cells(html)
    assert sorted(by_seat) == list(range(s.players))
    for seat, cell in by_seat.items():
        assert drawn(cell) == [str(c) for c in s.hand(seat)]
        assert ("el-acting" in cell) == (seat == s.to_act)
        assert ("▶ to act" in cell) == (seat == s.to_act)
    assert html.count("el-acting") == 1
    assert s._repr_html_() == html


@pytest.mark.parametrize("preset", PRESETS)
def test_mid_hand_picture_shows_hands_trick_and_tricks_won(preset):
    s = mid_play(preset)
    html = render.state_html(s)
    by_seat = cells(html)
    for seat, cell in by_seat.items():
        assert drawn(cell) == [str(c) for c in s.hand(seat)]
        assert f"tricks won: <b>{s.tricks_won[seat]}</b>" in cell
        assert ("el-acting" in cell) == (seat == s.to_act)
    trick = html[html.index('class="el-trick"'):]
    for _, card in s.trick:
        assert f'data-card="{card}"' in trick
    assert s.trump.word in html
    assert f"trick {len(s.tricks) + 1} of {s.rules.hand_size}" in html


@pytest.mark.parametrize("preset, words", [
    ("standard", ["D, dealer", "E, eldest", "P, dealer's partner", "Q, dealer's right"]),
    ("modern_railroad_6p", ["D, dealer", "D+1, eldest", "D+2", "D+3", "D+4", "D+5, dealer's right"]),
])
def test_every_seat_s_place_letter_has_words_where_it_could_be_misread(preset, words):
    """Q, a letter alone beside a hand, reads as a queen: each place the rule book names in words
    (dealer, eldest, dealer's partner, dealer's right) is shown with them, by the seat's name."""
    s = HandState.start(deal(preset, seed=3, dealer=1))
    n = s.players
    html = render.state_html(s)
    for k, expected in enumerate(words):
        seat = (1 + k) % n
        shown = re.search(rf'data-seat="{seat}".*?<span style="color:#616161">([^<]*)</span>', html, re.S)
        assert shown and shown.group(1).split(", team")[0] == expected, (seat, shown and shown.group(1))


@pytest.mark.parametrize("players, preset, reading_order", [
    (4, "standard", [0, 3, 1, 2]),                     # North; West, East; South
    (6, "modern_railroad_6p", [5, 0, 1, 4, 3, 2]),     # NW N NE; SW S SE
    (7, "hoyle_seven_handed", [0, 1, 6, 2, 5, 4, 3]),  # clockwise from the top middle
])
def test_the_seats_sit_clockwise_around_the_trick(players, preset, reading_order):
    s = mid_play(preset)
    assert s.players == players
    html = render.state_html(s)
    assert list(cells(html)) == reading_order
    # The trick lies in the middle row, after the seats of the top row.
    top_row = 1 if players == 4 else 3 if players == 6 else 2
    last_top = html.index(f'data-seat="{reading_order[top_row - 1]}"')
    assert last_top < html.index('class="el-trick"') < html.index(f'data-seat="{reading_order[-1]}"')


def test_after_a_trick_the_last_trick_and_its_winner_are_shown():
    s = play_until("standard", lambda s: len(s.tricks) == 1 and not s.trick)
    (cards, _, winner), = s.tricks
    html = render.state_html(s)
    trick = html[html.index('class="el-trick"'):]
    assert drawn(trick.split("</table>")[0]) == sorted_by_place(s, cards)
    assert f"won by <b>{seat_name(winner, 4)}</b>" in html
    assert f"won by {seat_name(winner, 4)}" in render.state_text(s)


def sorted_by_place(s, cards) -> list[str]:
    """Trick cards in the order the 3 x 3 centre draws them: row by row."""
    place = dict(zip(range(s.players), render._SEAT_PLACES[s.players]))
    return [str(c) for _, c in sorted(cards, key=lambda sc: render._PLACES[place[sc[0]]])]


@pytest.mark.parametrize("preset", PRESETS)
def test_finished_hand_shows_the_result_and_nobody_to_act(preset):
    s = _finish(preset)
    html = render.state_html(s)
    assert "el-acting" not in html
    assert str(s.result()).split(".")[0] in html
    text = render.state_text(s)
    assert str(s.result()) in text
    assert not any(line.startswith(">") for line in text.splitlines())


def _finish(preset) -> HandState:
    rng = random.Random(11)
    s = HandState.start(deal(preset, seed=11))
    while not s.is_over:
        s = s.apply(rng.choice(s.legal_actions()))
    return s


# ---- what one seat sees --------------------------------------------------------------------

@pytest.mark.parametrize("preset", PRESETS)
def test_a_seat_sees_its_own_hand_and_only_backs_of_the_others(preset):
    s = mid_play(preset)
    viewer = s.to_act
    by_seat = cells(render.state_html(s, seat=viewer))
    for seat, cell in by_seat.items():
        if seat == viewer:
            assert drawn(cell) == [str(c) for c in s.view(viewer).hand]
            assert "(you)" in cell
        elif not (s.jambone and seat == s.maker):
            assert drawn(cell) == []
            assert cell.count("el-back") == len(s.hand(seat))


JAMBONE_PRESETS = [p for p in PRESETS if rules.load(p).jambone]


@pytest.mark.parametrize("preset", JAMBONE_PRESETS)
def test_mid_jambone_the_exposed_hand_is_shown_to_the_opponents(preset):
    s = play_until(preset, lambda s: s.jambone and s.phase is Phase.PLAY and s.turn == s.maker,
                   prefer=("order up", "assist", "take up", "alone", "jambone"))
    opponent = s.to_act                      # the caller, an opponent of the Jambone player
    assert s.side_of(opponent) != s.side_of(s.maker)
    html = render.state_html(s, seat=opponent)
    exposed = cells(html)[s.maker]
    assert drawn(exposed) == [str(c) for c in s.hand(s.maker)] and drawn(exposed)
    assert "Jambone" in exposed
    # The caller acts; the Jambone player's card is the one called.
    assert "el-acting" in cells(html)[opponent]
    assert "its card is called" in exposed
    assert "calls the card of" in render.to_act_text(s)


@pytest.mark.parametrize("preset", JAMBONE_PRESETS)
def test_before_the_first_lead_a_jambone_hand_is_still_hidden(preset):
    s = play_until(preset, lambda s: s.jambone and s.phase is not Phase.PLAY,
                   prefer=("order up", "assist", "take up", "alone", "jambone"))
    opponent = next(x for x in s.active_seats if s.side_of(x) != s.side_of(s.maker))
    assert drawn(cells(render.state_html(s, seat=opponent))[s.maker]) == []


def test_a_partner_does_not_see_the_card_he_was_given():
    s = play_until("hoyle_railroad", lambda s: s.exchanges and s.phase is Phase.PLAY,
                   prefer=("order up", "assist", "take up", "alone"))
    lone, gift, partner, _ = s.exchanges[0]
    cell = cells(render.state_html(s, seat=partner))[partner]
    assert str(gift) not in drawn(cell)
    assert cell.count("el-back") == len(s.hand(partner)) - len(s.view(partner).hand) == 1


# ---- text ----------------------------------------------------------------------------------

@pytest.mark.parametrize("preset", PRESETS)
def test_state_text_marks_the_seat_to_act_and_lists_the_legal_actions(preset):
    s = mid_play(preset)
    lines = render.state_text(s).splitlines()
    marked = [line for line in lines if line.startswith(">")]
    assert len(marked) == 1 and s.describe_seat(s.to_act) in marked[0]
    assert lines[-1].strip() == render.to_act_text(s)
    for action in s.legal_actions():
        assert str(action) in lines[-1]
    assert str(s) == "\n".join(lines)


def test_to_act_text_names_seat_phase_and_choices():
    s = HandState.start(Deal.from_hands("standard", ["9C TC QC KC AC", "AH KH QH TH 9S", "JD 9D TD QS KS",
                                                     "JH AD KD AS TS"], upcard="9H", dealer=0))
    assert render.to_act_text(s) == "East (E) to act, first round: order up | pass"


# ---- the same picture every run; no widget or plotting library ------------------------------

@pytest.mark.parametrize("preset", PRESETS)
def test_pictures_are_deterministic(preset):
    s = mid_play(preset)
    again = HandState.start(s.deal)
    for action in s.history:
        again = again.apply(action)
    assert render.state_html(s) == render.state_html(again)
    assert render.state_text(s) == render.state_text(again)
    assert " id=" not in render.state_html(s)


def test_render_imports_no_widget_or_plotting_library():
    code = ("import sys, euchre_lessons.render; "
            "print(sorted(m for m in ('ipywidgets', 'plotly', 'IPython') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


# ---- accessibility: names in words, the palettes, marks that do not rest on colour ----------

@pytest.mark.parametrize("card, trump, label", [
    ("JH", Suit.HEARTS, "jack of hearts, right bower"), ("JD", Suit.HEARTS, "jack of diamonds, left bower"),
    ("JK", Suit.SPADES, "the Joker, highest trump"), ("JK", Suit.NO_TRUMP, "the Joker, the only trump"),
    ("AH", Suit.HEARTS, "ace of hearts, trump"), ("9C", Suit.HEARTS, "9 of clubs"), ("TS", None, "10 of spades"),
    ("JC", Suit.NO_TRUMP, "jack of clubs")])
def test_every_card_is_named_in_words_with_its_part_in_the_hand(card, trump, label):
    assert render.card_label(Card(card), trump) == label
    html = render.card_html(Card(card), trump=trump)
    assert f'role="img" aria-label="{label}"' in html
    assert 'aria-label="a card face down"' in render.card_back_html()


def test_the_colour_blind_palette_keeps_the_pairs_and_the_large_look_grows():
    blind = render.Look("colour-blind")
    inks = {s: blind.ink(s) for s in (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)}
    assert len(set(inks.values())) == 4
    assert inks[Suit.HEARTS] in render.card_html(Card("AH"), look=blind)
    assert render.RED not in render.card_html(Card("AD"), look=blind)
    s = HandState.start(deal("standard", seed=3))
    assert "22px" in render.state_html(s, look=render.Look(large=True)) and "22px" not in render.state_html(s)
    with pytest.raises(ValueError, match="palette"):
        render.Look("rainbow")


def test_the_winning_card_is_marked_in_words():
    s = HandState.start(deal("standard", seed=3))
    while not s.trick:
        s = s.apply(s.legal_actions()[0])
    assert "winning</div>" in render.state_html(s)
    while s.trick:
        s = s.apply(s.legal_actions()[0])
    assert "won</div>" in render.state_html(s)

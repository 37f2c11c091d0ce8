"""A page's widgets do not grow as it is used: live widget models and the bytes of chart data
stay bounded over whole hands clicked, a timeline stepped to its end and back, two lab runs and
two comparison summaries (each figure printed with ``-s``)."""
import json

import ipywidgets as w
import plotly.graph_objects as go
from ipywidgets.widgets.widget import _instances

from euchre_lessons.widgets import DealStepper, PlayTable, RulesSideBySide, SimulationLab


def live() -> int:
    """Widget models alive in this kernel (each one a model the browser holds too)."""
    return len(_instances)


def chart_bytes() -> int:
    """The bytes of every live chart's state (plotly's library, in each ``FigureWidget``, included)."""
    return sum(len(json.dumps(m.get_state(), default=str)) for m in list(_instances.values())
               if isinstance(m, go.FigureWidget))


def play_out(table: PlayTable) -> int:
    """Click allowed choices until the hand is over; the clicks made."""
    clicks = 0
    while table.model.legal_actions():
        allowed = [b for b in table.actions.children if isinstance(b, w.Button) and b.button_style == ""]
        allowed[-1 if clicks % 2 else 0].click()
        clicks += 1
    return clicks


def test_the_play_table_stays_the_same_size_hand_after_hand():
    t = PlayTable("standard", seed=4)
    sizes, clicks = [], 0
    for _ in range(4):
        clicks += play_out(t)
        t.review_b.click()
        t.retry_b.click()
        t.open_b.click()
        t.open_b.click()  # a second stepper replaces the first
        t.next_b.click()
        sizes.append(live())
    print(f"\nplay table: {clicks} clicks over 4 hands, live models after each hand {sizes}")
    assert clicks >= 20
    assert max(sizes) - min(sizes) <= 12, sizes  # a hand's cards come and go, nothing piles up


def test_a_card_button_lives_until_its_card_is_played():
    t = PlayTable("standard", seed=4)
    while not t.model.state.phase.name == "PLAY" or not t.model.legal_actions():
        next(b for b in t.choices.buttons.values() if b.button_style == "").click()
    before = dict(t.choices.buttons)
    played = next(a for a, b in before.items() if b.button_style == "")
    before[played].click()
    after = t.choices.buttons
    kept = set(before) & set(after)
    assert played not in after and kept and all(before[a] is after[a] for a in kept)  # not new buttons
    assert before[played].comm is None  # closed; its layout and style are the row's, still in use
    assert all(b.layout is t.choices.layout and b.style is t.choices.style for b in after.values())
    assert t.choices.layout.comm is not None and t.choices.style.comm is not None


def test_the_stepper_lab_and_comparison_stay_the_same_size():
    s = DealStepper("standard", seed=2)
    first = live()
    for _ in range(2):
        s.last_b.click()
        s.first_b.click()
        while not s.model.at_end:
            s.next_b.click()
        while not s.model.at_start:
            s.back_b.click()
    assert live() == first

    lab = SimulationLab(("standard",), hands=200)
    lab.run(wait=True)
    one_run, one_bytes = live(), chart_bytes()
    lab.run(wait=True)
    assert live() == one_run
    assert chart_bytes() <= one_bytes * 1.01  # the same two charts, redrawn in place

    c = RulesSideBySide("standard", "hoyle_railroad", seed=1)
    c.hands_box.value = 100
    c.summarise(wait=True)
    one_summary, summary_bytes = live(), chart_bytes()
    c.summarise(wait=True)
    c.seed_box.value = 5  # another deal: the summary goes, its chart is kept for the next
    c.summarise(wait=True)
    print(f"\nstepper {first} models; lab {one_run} models, {one_bytes:,} chart bytes after one run; "
          f"comparison {one_summary} models, {summary_bytes:,} chart bytes after one summary; "
          f"{live()} models and {chart_bytes():,} bytes after the next two")
    assert live() == one_summary
    assert chart_bytes() <= summary_bytes * 1.01


def test_a_row_of_choices_closes_with_its_shared_parts():
    from euchre_lessons.widgets.base import ChoiceRow, close_tree

    row = ChoiceRow(lambda action: None, large=True)
    before = live()
    close_tree(row.box)  # an empty row: its layout and style still go with it
    assert row.layout.comm is None and row.style.comm is None and live() == before - 4  # the box, its layout and the two shared
    assert row.style.font_size == "20px"


def test_a_choice_relabelled_sends_the_page_one_update():
    from euchre_lessons.teaching.panels import Choice
    from euchre_lessons.widgets.base import ChoiceRow

    row = ChoiceRow(lambda action: None)
    row.show([Choice("play the 9 of clubs", "9C", True)])
    b = row.buttons["9C"]
    sent = []
    b.comm.send = lambda data=None, **kwargs: sent.append(data)
    row.show([Choice("play the 9 of clubs, trump", "9C", False)])
    assert row.buttons["9C"] is b and b.button_style == "warning"
    assert len(sent) == 1 and {"description", "tooltip", "button_style"} <= set(sent[0]["state"]), sent

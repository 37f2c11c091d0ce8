"""The widgets, clicked from Python: each click replaces the model and redraws from it."""
import asyncio
import json
import re
from html import escape
from html.parser import HTMLParser

import ipywidgets as w
import pytest

from euchre_lessons import Outcome, PlaySession, Timeline
from euchre_lessons import rules as _rules
from euchre_lessons.hand.phases import Phase
from euchre_lessons.teaching import panels
from euchre_lessons.widgets import DealStepper, PlayTable, RulesSideBySide, ScoreExplorer, SimulationLab
from euchre_lessons.words import action_words

SUITS = "♣♦♥♠"


def _controls(widget):
    """Every ipywidget under a widget's root."""
    out, todo = [], [widget.root]
    while todo:
        x = todo.pop()
        out.append(x)
        todo.extend(getattr(x, "children", ()))
    return out


def _check_named(widget):
    """Every control is named in words: buttons by their text, inputs by their description;
    no ``Play`` or bare slider (unnamed in ipywidgets 8)."""
    for c in _controls(widget):
        assert not isinstance(c, (w.Play, w.IntSlider, w.FloatSlider)), c
        if isinstance(c, w.Button):
            assert c.description.strip(), c
            assert not any(s in c.description for s in SUITS), f"a card button named by a symbol: {c.description}"
        if isinstance(c, (w.Dropdown, w.Checkbox, w.IntText, w.BoundedIntText, w.SelectMultiple)):
            assert c.description.strip(), c


def test_the_stepper_steps_forward_and_back_and_the_table_changes():
    d = DealStepper("standard", seed=3)
    assert isinstance(d.model, Timeline) and d.model.cursor == 0
    table = d.view.value
    d.next_b.click()
    assert d.model.cursor == 1 and d.step_box.value == 1 and d.view.value != table
    assert escape(d.model.sentence) in d.view.value
    d.back_b.click()
    assert d.model.cursor == 0 and d.view.value == table and d.first_b.disabled
    d.last_b.click()
    assert d.model.at_end and d.next_b.disabled and "The hand is over" in d.view.value
    assert "Legal for" not in d.view.value
    d.step_box.value = 4
    assert d.model.cursor == 4
    taken = d.model.taken
    assert "▶ taken" in d.view.value and str(taken.arg if taken.card is None else taken.kind) in d.view.value
    _check_named(d)


def test_one_seats_view_hides_the_others_and_the_best_play_switch_values_every_card():
    d = DealStepper("standard", seed=3)
    d.goto(next(i for i, s in enumerate(d.model.states) if s.phase is Phase.PLAY and len(s.legal_actions()) > 1))
    d.view_box.value = 0
    assert 'aria-label="a card face down"' in d.view.value
    d.view_box.value = -1
    assert 'aria-label="a card face down"' not in d.view.value
    d.best_box.value = True
    assert "double dummy" in d.view.value and "tricks for the side" in d.view.value
    assert "best</b>" in d.view.value


def test_trying_another_card_shows_both_endings():
    d = DealStepper("hoyle_railroad", seed=10)
    i = next(i for i, s in enumerate(d.model.states) if s.phase is Phase.PLAY and len(s.legal_actions()) > 1)
    d.goto(i)
    other = d.try_box.value
    d.try_b.click()
    assert d.model.cursor == i + 1 and str(d.model.state.last_action) == other
    assert "As played:" in d.view.value and f"With {action_words(other)} at step {i + 1}" in d.view.value
    d.restore_b.click()
    assert d.model.states == d.played.states and "As played:" not in d.view.value


def test_the_stepper_opens_every_source():
    s = PlaySession("standard", seed=1)
    while not s.is_over:
        s = s.play(s.legal_actions()[0])
    for source in ("modern_railroad", s.record(), s.state, Timeline(s.state), json.dumps(s.record())):
        d = DealStepper(source)
        assert d.model.final.is_over


def _to_play(p):
    while p.model.state.phase is not Phase.PLAY and not p.model.is_over:
        p.act(p.model.legal_actions()[-1])
    return p


def test_on_the_play_table_an_illegal_card_is_explained_and_changes_nothing():
    for seed in range(40):
        p = _to_play(PlayTable("standard", seat=0, seed=seed))
        s = p.model
        if s.is_over or not s.state.trick:
            continue
        legal = {a.card for a in s.legal_actions()}
        wrong = [c for c in s.state.hand(0) if c not in legal]
        if not wrong:
            continue
        buttons = {b.description: b for b in p.actions.children}
        bad = next(b for d, b in buttons.items() if "(not allowed)" in d)
        before = p.model
        bad.click()
        assert p.model is before and "must follow" in p.message.value and "Not allowed" in p.message.value
        good = next(b for d, b in buttons.items() if "(not allowed)" not in d)
        good.click()
        assert p.model is not before and p.message.value == ""
        return
    pytest.fail("no deal in 40 where North must follow and cannot play every card")


def test_a_legal_click_plays_the_bots_answer_and_undo_hint_and_review_work():
    p = PlayTable("hoyle_railroad", seat=1, seed=5)
    first = p.model
    p.actions.children[0].click()
    assert p.model is not first and len(p.model.states) > len(first.states)
    assert all(escape(step.sentence) in p.view.value for step in p.model.answers)
    if not p.model.is_over:
        p.hint_b.click()
        assert "Hint 1." in p.hint.value and p.hint_b.description == "Hint (level 2)"
        p.hint_b.click()
        assert "Hint 2." in p.hint.value
        p.hint_b.click()
        assert "Hint 3." in p.hint.value and "Values" in p.hint.value
        p.undo_b.click()
        assert p.model.states == first.states and p.hint.value == ""
    while not p.model.is_over:
        p.act(p.model.legal_actions()[0])
    assert p.review_b.disabled is False
    p.review_b.click()
    assert "decision" in p.review.value


def test_the_record_is_saved_and_opened_in_the_stepper_and_the_game_runs_on(tmp_path):
    p = PlayTable("standard", seat=2, seed=8, folder=tmp_path)
    while not p.model.is_over:
        p.act(p.model.legal_actions()[0])
    path = p.save()
    assert path.parent == tmp_path and json.loads(path.read_text())["format"].startswith("euchre-lessons")
    assert path.name == "euchre-hand-standard-deal-8-hand-1.json" and str(tmp_path) not in p.message.value
    assert path.name in p.message.value
    again = p.save()  # the same hand saved again, or another pupil's page on the same deal: a new file
    assert again.name == "euchre-hand-standard-deal-8-hand-1-2.json" and path.read_text() == again.read_text()
    assert {f.name for f in tmp_path.iterdir()} == {path.name, again.name}  # no part file left
    opened = p.open_stepper()
    assert opened.model.final == p.model.state and p.stepper_box.children == (opened.root,)
    score = p.model.score
    p.next_b.click()
    assert p.model.hand_number == 1 and p.model.score == score and "Hand 2" in p.view.value
    p.new_b.click()
    assert p.model.hand_number == 0


def test_a_whole_hand_can_be_played_by_act_as_a_lesson_scripts_it():
    p = PlayTable("modern_railroad", seat=0, seed=2)
    while not p.model.is_over:
        a = p.model.legal_actions()[0]
        p.act(str(a.card) if a.card is not None and a.kind == "play" else str(a))
    assert p.model.state.result()
    _check_named(p)


def test_the_play_tables_level_choice_changes_the_players_and_an_expert_hand_plays_to_the_end():
    from euchre_lessons.players import ClubPlayer, ExpertPlayer, NoisyPlayer

    p = PlayTable("standard", seat=0, seed=3)
    box = p.level_box
    assert box.description == "Computer" and [v for _, v in box.options] == ["beginner", "rule_of_thumb", "club", "expert"]
    assert box.value == "rule_of_thumb" and p.model.players == "rule_of_thumb"  # the default: the rule of thumb
    assert "rule of thumb level" in p.level_text.value and box in p.root.children[0].children
    dealt = p.model.states[0]
    p.act(p.model.legal_actions()[0])
    box.value = "beginner"
    assert p.model.players == "beginner" and isinstance(p.model._bots(0).players[1], NoisyPlayer)
    assert p.model.states[0] == dealt and p.model.undo() is p.model  # the same deal, from its start
    assert "dealt again from its start" in p.message.value and "beginner level" in p.level_text.value
    box.value = "club"
    assert type(p.model._bots(0).players[1]) is ClubPlayer and "club level" in p.level_text.value
    box.value = "expert"
    assert p.model.players == "expert" and all(isinstance(x, ExpertPlayer) for x in p.model._bots(0).players)
    assert "expert level" in p.level_text.value
    while not p.model.is_over:
        assert "I chose to" not in p.view.value + p.review.value  # the bots' reasons name their hidden cards
        p.act(p.model.legal_actions()[0])
    assert p.model.state.result() and p.model.players == "expert"
    p.review_b.click()
    assert "Why the computer bid as it did" in p.review.value and "I chose to" in p.review.value
    for sentence in p.model.bot_reasons():
        assert escape(sentence) in p.review.value
    p.new_b.click()
    assert p.model.players == "expert" and box.value == "expert"  # a new deal keeps the level
    _check_named(p)
    _no_codes(p, "play table at the expert level")


def test_try_again_puts_the_mistake_back_and_counts_what_was_found():
    t = PlayTable("standard", seat=0, seed=26)
    assert t.retry_b.disabled  # only once the hand is over
    for action in ["take up", "alone", "discard 9D", "AS"]:
        t.act(action)
    while not t.model.is_over:
        t.act(str(t.model.hint(2).action))
    assert not t.retry_b.disabled
    t.retry_b.click()
    labels = [b.description for b in t.retry_actions.children]
    assert labels == ["play 10 of clubs, trump", "play jack of clubs, right bower", "play 10 of spades",
                      "play jack of spades, left bower", "play ace of spades"]
    assert "Mistake 1 of 1" in t.retry_view.value and 'aria-label="ace of spades"' in t.retry_view.value
    t.retry_actions.children[3].click()  # the J♠: not yet, with the first hint
    assert "Not yet" in t.retry_view.value and "Think about it" in t.retry_view.value
    assert t.retrying.current.outcome == "not yet" and not t.show_b.disabled
    t.retry_actions.children[0].click()  # the 10♣: found
    assert t.retrying.current.outcome == "found" and t.retry_actions.children == () and t.show_b.disabled
    t.next_mistake_b.click()
    assert t.retry_actions.children[-1].value == "<p><b>Found 1 of 1.</b></p>" and t.next_mistake_b.disabled
    before = t.retrying
    t.retry_act("play TC")  # nothing left to try: told in words, nothing changes
    assert "the retry is over" in t.message.value and t.retrying is before
    t.next_b.click()  # the next hand clears the retry
    assert t.retrying is None and t.retry_box.children == ()


def test_a_students_unfound_mistakes_go_into_his_queue_when_the_retry_ends(tmp_path):
    import json

    t = PlayTable("standard", seat=0, seed=26, folder=tmp_path, student="ana")
    for action in ["take up", "alone", "discard 9D", "AS"]:
        t.act(action)
    while not t.model.is_over:
        t.act(str(t.model.hint(2).action))
    t.retry_b.click()
    t.show_b.click()  # shown, not found
    t.next_mistake_b.click()
    saved = json.loads((tmp_path / "ana.euchre-queue.json").read_text())
    assert len(saved["items"]) == 1 and saved["items"][0]["entry"]["answers"] == ["play TC"]
    assert "Kept 1 mistake you did not find for practice, in ana.euchre-queue.json" in t.message.value


def test_the_play_table_refuses_an_unknown_level_in_words_and_changes_nothing():
    p = PlayTable("standard", seat=0, seed=3)
    before = p.model
    p.choose_level("bogus")
    assert p.model is before and "levels are beginner, club, expert" in p.message.value


def test_the_lab_chooses_a_level_per_side_and_reports_norths_margin():
    lab = SimulationLab(rules=("standard", "modern_railroad_6p"), hands=200)
    assert (lab.mine_box.value, lab.others_box.value) == ("rule_of_thumb", "rule_of_thumb")
    lab.hands_box.options = (10, 200)
    lab.hands_box.value = 10
    lab.mine_box.value = "expert"
    lab.run(wait=True)
    assert len(lab.model) == 20 and "Played 10 hands" in lab.message.value
    assert "North's side played at the expert level, the others at the rule of thumb level" in lab.table.value
    assert "North's side less the others" in lab.table.value
    _check_named(lab)
    same = SimulationLab(rules=("standard",), hands=200, players="random")
    same.run(wait=True)
    assert "North's side" not in same.table.value  # one player for every seat: no margin to report


def test_the_comparison_shows_its_divergence():
    r = RulesSideBySide("hoyle_railroad", "modern_railroad", seed=0)
    assert "knobs differ" in r.knobs.value and "pack" in r.knobs.value
    d = r.model.divergence()
    r.part_b.click()
    assert r.model.cursor == d.step and "Here the two hands part" in r.where.value
    r.next_b.click()
    assert "part at step" in r.where.value
    r.b_box.value = "modern_railroad_6p"
    assert "same size" in r.message.value and r.model.b.name == "modern_railroad"
    r.b_box.value = "hoyle_railroad_full"
    assert r.model.b.name == "hoyle_railroad_full"
    r.hands_box.value = 100
    r.summary_b.click()
    assert r.summary is not None and r.chart.children == (r.summary_chart.box, r.summary_table)
    _check_named(r)


def test_the_score_chart_updates_in_place_when_a_control_changes():
    s = ScoreExplorer()
    chart = s.chart
    before = tuple(chart.data[0].y)
    s.alone_box.value = True
    s.tricks_box.value = 5
    assert s.chart is chart and tuple(chart.data[0].y) != before
    assert dict(zip(chart.data[0].x, chart.data[0].y))["modern_railroad"] == 10
    s.pat_box.value = True
    assert "hoyle_railroad_full" in chart.data[0].x and "standard" not in chart.data[0].x
    assert "no pat hands" in s.table.value
    s.six_box.value = True
    assert tuple(chart.data[0].x) in ((), ("modern_railroad_6p",))
    _check_named(s)
    assert isinstance(s.model.outcome, Outcome)


def test_the_comparison_flips_one_knob_and_sums_in_parts_with_a_bar():
    r = RulesSideBySide("standard", "hoyle_railroad", seed=3)
    labels = dict(r.flip_box.options)
    assert labels["stick the dealer: on"] == ("stick_the_dealer", True)
    r.flip_box.value = ("stick_the_dealer", True)
    assert r.model.b.stick_the_dealer and not r.model.a.stick_the_dealer and r.b_box.disabled
    assert r.model.b.name == "standard*" and "Stick the dealer" in r.knobs.value
    assert "stick_the_dealer" not in r.knobs.value  # the rule in words, never its code
    r.hands_box.value = 200
    r.summary_b.click()
    assert r.summary.deals == 200 and r.bar.done == 200 and "Summed over 200 deals" in r.message.value
    t = r.summary.table
    assert set(t["unit"]) == {"points a hand", "share of deals"} and "ratio" in t
    row = t.set_index("measure").loc["maker points per hand"]
    assert row["ratio"] == pytest.approx(row["standard*"] / row["standard"])
    fig = r.summary_chart.figure
    assert [tr.xaxis for tr in fig.data] == ["x", "x2"]  # points and shares each on their own axis
    from euchre_lessons.teaching import RuleComparison

    whole = RuleComparison.summary("standard", r.model.b, hands=200, seed=3)
    assert whole.hands.equals(r.summary.hands)  # the parts are the deals of one go
    r.flip_box.value = None
    assert r.model.b.name == "hoyle_railroad" and not r.b_box.disabled and r.summary is None


def test_a_stopped_summary_says_how_many_deals_it_holds():
    r = RulesSideBySide("standard", "hoyle_railroad", seed=3)
    r.hands_box.value = 1000
    parts = r._parts()
    next(parts)
    r.stop()
    assert "Stopping" in r.message.value
    for _ in parts:
        pass
    assert r.summary.deals == 100 and "Stopped after 100 of 1,000 deals" in r.message.value
    assert not r.running and r.stop_b.disabled and not r.summary_b.disabled


def test_the_score_chart_says_in_words_when_no_preset_allows_the_outcome():
    s = ScoreExplorer()
    s.tricks_box.value = 0
    s.defended_box.value = True  # defended alone without a lone maker: no preset scores it
    assert not s.model.rows and "No preset allows this outcome" in s.table.value
    layout = s.chart.layout
    assert [a.text for a in layout.annotations] == ["No preset allows this outcome"]
    assert layout.xaxis.visible is False and layout.yaxis.visible is False and layout.showlegend is False
    s.defended_box.value = False  # an outcome presets allow: the axes come back, the words go
    assert s.model.rows and not s.chart.layout.annotations and s.chart.layout.yaxis.visible is True


def test_the_lab_runs_in_parts_and_stops():
    lab = SimulationLab(rules=("standard",), hands=200)
    lab.run(wait=True)
    assert len(lab.model) == 200 and "Played 200 hands" in lab.message.value
    assert all(c.box.children for c in (lab.points_chart, lab.mix_chart))
    lab.hands_box.value = 1000

    async def go():
        task = asyncio.ensure_future(lab.run_async())
        while not (lab.running and lab.done):
            await asyncio.sleep(0)
        lab.stop_b.click()
        await task

    asyncio.run(go())
    assert lab.done == 200 and len(lab.model) == 200 and "Stopped after 200 of 1,000" in lab.message.value
    _check_named(lab)


def test_the_palette_and_the_large_size_reach_the_pictures():
    d = DealStepper("standard", seed=1, palette="colour-blind", large=True)
    html = d.view.value.lower()
    assert "22px" in html and ("#a00000" in html or "#2a5db0" in html or "#c2185b" in html)
    with pytest.raises(ValueError, match="palette"):
        DealStepper("standard", palette="neon")


# ---- one state: every panel of a widget shows its one model value ---------------------------------

def _stepper_agrees(d):
    """Every part of the stepper shows the model's cursor, nothing left from a step before."""
    t = d.model
    viewer = None if d.view_box.value == -1 else d.view_box.value
    values = panels.best_play(t.state) if d.best_box.value else None
    assert d.view.value == panels.step_html(t, d.played, viewer, values, d.look)
    assert f"Step {t.cursor} of {len(t) - 1}." in d.view.value
    if t.state.legal_actions():
        assert f"Legal for {escape(t.state.describe_seat(t.state.to_act))}:" in d.view.value
    assert d.step_box.value == t.cursor and d.step_box.max == len(t) - 1
    assert (d.first_b.disabled, d.back_b.disabled) == (t.at_start,) * 2
    assert (d.next_b.disabled, d.last_b.disabled) == (t.at_end,) * 2
    assert list(d.try_box.options) == panels.other_actions(t) and d.try_b.disabled == (not d.try_box.options)


@pytest.mark.parametrize("preset", ["standard", "hoyle_railroad", "modern_railroad_6p"])
def test_quick_clicks_leave_every_panel_of_the_stepper_on_the_cursor(preset):
    import random

    d = DealStepper(preset, seed=11)
    rng = random.Random(preset)
    moves = [lambda: d.next_b.click(), lambda: d.back_b.click(), lambda: d.first_b.click(),
             lambda: d.last_b.click(), lambda: d.goto(rng.randrange(len(d.model))),
             lambda: setattr(d.step_box, "value", rng.randrange(len(d.model))),
             lambda: setattr(d.view_box, "value", rng.choice([v for _, v in d.view_box.options]))]
    cursors = set()
    for _ in range(150):
        rng.choice(moves)()
        _stepper_agrees(d)
        cursors.add(d.model.cursor)
    assert len(cursors) > 10  # the walk went far and wide


def _changes(widget):
    """A log of every value the widget's controls take, in the order they are written."""
    log = []
    for c in _controls(widget):
        names = [n for n in ("value", "options", "disabled", "max", "children") if c.has_trait(n)]
        c.observe(lambda ch, c=c: log.append((c, ch["name"])), names=names)
    return log


def test_the_picture_of_a_step_is_written_once_and_after_every_other_control():
    """What the lag after Next then Back was: the step's line written first, then the table and
    the legal list, each a message of its own; a page read between them showed Step 0 with the
    legal actions of step 1. Now the picture is one value, written last; on the play table the
    hand's picture comes before its new buttons, and the tools after them."""
    d = DealStepper("standard", seed=0)
    log = _changes(d)
    for click in (d.next_b, d.back_b, d.last_b, d.first_b, d.next_b, d.next_b, d.back_b):
        log.clear()
        click.click()
        assert log[-1] == (d.view, "value") and log.count((d.view, "value")) == 1, log
    p = PlayTable("standard", seat=0, seed=0)
    log = _changes(p)
    while not p.model.is_over:
        log.clear()
        p.act(str(p.model.legal_actions()[0]))
        assert log.count((p.view, "value")) == 1 and log.count((p.actions, "children")) == 1, log
        assert log.index((p.view, "value")) < log.index((p.actions, "children"))  # the hand, then its buttons
        assert all(c in p.tools.children for c, _ in log[log.index((p.actions, "children")) + 1:])


CODE = re.compile(r"\b[2-9TJQKA][CDHS]\b|\bJK\b")


class _Shown(HTMLParser):
    """The text of an HTML value a reader sees or hears: its text, titles and accessible names."""

    def __init__(self):
        super().__init__()
        self.parts = []

    def handle_starttag(self, tag, attrs):
        self.parts += [v for k, v in attrs if k in ("title", "aria-label", "alt") and v]

    def handle_data(self, data):
        self.parts.append(data)


def _shown(html: str) -> str:
    p = _Shown()
    p.feed(html)
    return " ".join(p.parts)


def _no_codes(widget, where: str) -> int:
    """Every description, tooltip, option, label and HTML value under the widget, in words."""
    seen = 0
    for c in _controls(widget):
        texts = [getattr(c, "description", ""), getattr(c, "tooltip", "") or "", getattr(c, "placeholder", "")]
        if isinstance(c, (w.Dropdown, w.SelectMultiple, w.Select)):
            texts += list(c._options_labels)
        if isinstance(c, (w.HTML, w.Label, w.Text)):
            texts.append(_shown(c.value) if isinstance(c, w.HTML) else c.value)
        for text in texts:
            found = CODE.search(text or "")
            assert not found, f"{where}: a card code {found.group()!r} in {type(c).__name__}: {text[:300]!r}"
            seen += 1
    return seen


@pytest.mark.parametrize("preset", _rules.names())
def test_no_card_code_in_the_stepper_or_the_play_table_through_a_whole_hand(preset):
    d = DealStepper(preset, seed=4)
    for i in range(len(d.model)):
        d.goto(i)
        _no_codes(d, f"stepper step {i}")
        if d.try_box.options and d.model.state.phase is Phase.PLAY and i % 5 == 0:
            d.view_box.value = d.model.state.to_act
            _no_codes(d, f"stepper step {i}, one seat's view")
            d.view_box.value = -1
    d.best_box.value = True
    d.goto(len(d.model) - 3)
    _no_codes(d, "stepper with the best play")
    d.goto(next(i for i, s in enumerate(d.model.states) if len(s.legal_actions()) > 1))
    d.try_b.click()
    d.last_b.click()
    _no_codes(d, "stepper with both endings")
    p = PlayTable(preset, seat=1, seed=4)
    while not p.model.is_over:
        _no_codes(p, "play table")
        p.act(str(p.model.legal_actions()[-1]))
    assert _no_codes(p, "play table at the end") > 5


def test_no_card_code_in_the_scores_lab_and_comparison_widgets():
    s = ScoreExplorer()
    s.six_box.value = True
    assert _no_codes(s, "scores") > 5
    lab = SimulationLab(rules=("standard",), hands=200)
    lab.run(wait=True)
    assert _no_codes(lab, "lab") > 5
    r = RulesSideBySide("hoyle_railroad", "modern_railroad", seed=0)
    for c in _controls(r):  # its HTML is the comparison's own (teaching.compare); its labels here
        for text in (getattr(c, "description", ""), getattr(c, "tooltip", "") or ""):
            assert not CODE.search(text or ""), text


@pytest.mark.parametrize("preset", _rules.names())
def test_the_result_is_told_once_at_the_end_of_every_hand(preset):
    for seed in range(3):
        d = DealStepper(preset, seed=seed).goto(-1)
        told = escape(d.model.state.result().explanation)
        assert d.view.value.count(told) == 1, (preset, seed)
        p = PlayTable(preset, seat=seed % 2, seed=seed)
        while not p.model.is_over:
            p.act(str(p.model.legal_actions()[0]))
        told = escape(p.model.state.result().explanation)
        shown = p.view.value + "".join(c.value for c in p.actions.children if isinstance(c, w.HTML))
        assert shown.count(told) == 1, (preset, seed)


def test_a_widget_that_cannot_be_drawn_says_to_run_its_cell(tmp_path):
    """A static copy (nbconvert, a viewer without the widget's state) shows the sentence, not the
    box's Python repr (``VBox(children=...)``)."""
    from euchre_lessons.widgets import ClassBoard, DealStepper, HandIn, PlayTable, PracticeDesk

    for widget, words in ((DealStepper("standard", seed=0), "the deal stepper"),
                          (PlayTable("standard", seed=0), "the play table"),
                          (PracticeDesk(folder=tmp_path), "the practice page"),
                          (HandIn(folder=tmp_path), "saves your work"),
                          (ClassBoard(tmp_path, every=0), "the class's work")):
        bundle = widget._repr_mimebundle_()
        assert bundle["text/plain"].startswith("Run this cell to see") and words in bundle["text/plain"]
        assert "application/vnd.jupyter.widget-view+json" in bundle

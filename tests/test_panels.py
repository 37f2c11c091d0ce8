"""teaching.panels: what the widgets show, as pure functions of their model, tested without a widget."""
import re
from html import escape
from types import SimpleNamespace

import pytest

from euchre_lessons import PlaySession, Timeline
from euchre_lessons.hand.phases import Phase
from euchre_lessons.rules import names
from euchre_lessons.teaching import panels
from euchre_lessons.teaching.scores import score_table

CODE = re.compile(r"\b[2-9TJQKA][CDHS]\b|\bJK\b")


def _first_play(t: Timeline, choices: int = 2) -> Timeline:
    return t.goto(next(i for i, s in enumerate(t.states) if s.phase is Phase.PLAY and len(s.legal_actions()) >= choices))


def _values(best: float, of: dict):
    """A stand-in for ``Values``: the best value and each action's."""
    return SimpleNamespace(best=SimpleNamespace(tricks=best), of=lambda a: SimpleNamespace(tricks=of[a]))


def test_a_mark_says_best_or_what_a_card_costs_and_frames_the_card_taken():
    a, b, c = object(), object(), object()
    values = _values(3, {a: 3, b: 2, c: 1})
    assert panels.mark(a, values, None) == (" · 3 tricks for the side · <b>best</b>", panels.BEST_FRAME)
    assert panels.mark(b, values, None) == (" · 2 tricks for the side · costs 1 trick", panels.WORSE_FRAME)
    assert panels.mark(c, values, c).note == " · 1 tricks for the side · costs 2 tricks · <b>▶ taken</b>"
    assert panels.mark(c, values, c).frame == panels.WORSE_FRAME  # the value's frame wins over "taken"
    assert panels.mark(a, None, a) == (" · <b>▶ taken</b>", panels.TAKEN_FRAME)
    assert panels.mark(a, None, b) == ("", panels.PLAIN_FRAME)
    assert panels.mark(a, "(not yet)", a).frame == panels.TAKEN_FRAME  # a reason is no value


def test_best_play_waits_for_the_play_and_for_few_enough_cards():
    t = Timeline.from_seed("standard", 3)
    said = panels.best_play(t.state)  # before play: the reason for the bid, from the hint's values
    assert said.startswith("(For North, by what that seat could see, the best is “") and "trump" in said, said
    start = _first_play(t)
    left = sum(start.state.hand_mask(x).bit_count() for x in start.state.active_seats)
    late = next(s for s in t.states if s.phase is Phase.PLAY and len(s.legal_actions()) > 1
                and sum(s.hand_mask(x).bit_count() for x in s.active_seats) <= panels.SOLVABLE)
    if left > panels.SOLVABLE:
        assert f"{left} cards are still in play" in panels.best_play(start.state)
    values = panels.best_play(late)
    assert not isinstance(values, str) and {v.action for v in values.values} == set(late.legal_actions())


def test_the_legal_list_names_the_seat_to_act_each_action_in_words_and_the_one_taken():
    t = _first_play(Timeline.from_seed("hoyle_railroad", 10))
    html = panels.legal_html(t)
    assert f"Legal for {t.state.describe_seat(t.state.to_act)}:" in html
    assert html.count("<li") == len(t.state.legal_actions()) and html.count("▶ taken") == 1
    assert panels.action_label(t.taken, t.state.trump) in html
    assert panels.legal_html(t.last()) == ""
    assert "values with every hand face up" in panels.legal_html(t, panels.best_play(t.state)) or \
        isinstance(panels.best_play(t.state), str)


@pytest.mark.parametrize("preset", names())
def test_the_step_is_one_panel_and_the_result_is_told_once(preset):
    t = Timeline.from_seed(preset, 4)
    for i in range(len(t)):
        html = panels.step_html(t.goto(i), t)
        assert html.count('class="el-step"') == 1 and html.count("aria-live") == 1
        assert f"Step {i} of {len(t) - 1}." in html
    end = t.last()
    explanation = end.state.result().explanation
    assert panels.step_html(end, t).count(escape(explanation)) == 1


def test_the_result_is_added_when_the_sentence_does_not_tell_it():
    t = Timeline.from_seed("standard", 2).last()
    class Quiet:  # the last state, told by a sentence that leaves the result out
        states, cursor, state, taken, sentence = t.states, t.cursor, t.state, None, "North plays."

        def __len__(self):
            return len(t)

    quiet = Quiet()
    html = panels.step_html(quiet)
    assert html.count(escape(t.state.result().explanation)) == 1 and "The hand is over." in html
    assert panels.result_told([t.sentence], t.state) and not panels.result_told(["North plays."], t.state)
    assert not panels.result_told([t.goto(3).sentence], t.goto(3).state)  # a hand not over tells no result


def test_other_actions_are_in_words_leave_out_the_one_taken_and_branch():
    t = _first_play(Timeline.from_seed("standard", 5))
    others = panels.other_actions(t)
    assert len(others) == len(t.state.legal_actions()) - 1
    assert str(t.taken) not in [text for _, text in others]
    assert not any(CODE.search(words) for words, _ in others)
    words, text = others[0]
    branched = t.branch(text)
    ends = panels.endings_html(branched.last(), t)
    assert "As played:" in ends and f"With {words} at step {t.cursor + 1}:" in ends and not CODE.search(ends)
    assert panels.endings_html(t, t) == ""


def test_the_play_tables_buttons_are_every_card_in_play_and_each_choice_in_bidding():
    s = PlaySession("standard", human=0, seed=3)
    bids = panels.action_choices(s)
    assert [c.action for c in bids] == [str(a) for a in s.legal_actions()] and all(c.allowed for c in bids)
    while s.state.phase is not Phase.PLAY or not s.legal_actions():
        s = s.play(s.legal_actions()[-1])
        if s.is_over:
            pytest.fail("seed 3 is expected to reach North's play")
    cards = panels.action_choices(s)
    assert [c.action for c in cards] == [f"play {c}" for c in s.state.hand(s.state.turn)]
    allowed = {a.card for a in s.legal_actions()}
    for c, card in zip(cards, s.state.hand(s.state.turn)):
        assert c.allowed == (card in allowed) and c.label.endswith("(not allowed)") == (card not in allowed)
        assert c.tooltip.endswith("click to see why") == (card not in allowed)
        assert not CODE.search(c.label) and not CODE.search(c.tooltip)


def test_the_play_table_tells_the_result_once():
    for seed in range(6):
        s = PlaySession("hoyle_railroad", human=seed % 4, seed=seed)
        while not s.is_over:
            s = s.play(s.legal_actions()[0])
        explanation = s.state.result().explanation
        shown = panels.play_html(s) + escape(panels.end_text(s))
        assert shown.count(escape(explanation)) == 1, seed
        assert panels.action_choices(s) == []


def test_the_score_explorers_outcome_from_its_controls():
    o, players, second = panels.outcome_of_choices(3, False, 0, False, False, True, False, False)
    assert o.alone and o.pat and players == 4 and second == [0] and o.defender_tricks is None
    o, players, second = panels.outcome_of_choices(2, True, 9, False, False, False, False, True)
    assert players == 6 and second == [0, 1, 2, 3] and o.defender_tricks == (0, 3) and o.jamboree == "makers"
    none = score_table(panels.outcome_of_choices(5, False, 0, False, False, True, True, False)[0], 4)
    assert (not none.rows) == ("No preset allows" in panels.score_html(none))


def test_the_labs_parts_join_in_the_order_chosen():
    rules = ["hoyle_railroad", "standard"]
    parts = [panels.lab_hands(rules, 3, "random", 1, 0), panels.lab_hands(rules, 2, "random", 1, 3)]
    df = panels.lab_frame(parts, rules)
    assert list(df["rules"].cat.categories) == rules and len(df) == 10
    assert list(df["rules"].astype(str)) == ["hoyle_railroad"] * 5 + ["standard"] * 5
    assert list(df["hand"][:5]) == sorted(df["hand"][:5])
    assert "<table" in panels.lab_html(df) and "press <b>Run</b>" in panels.lab_html(None)
    assert panels.run_words(200, 1000, 2) == "Stopped after 200 of 1,000 hands per rule set."
    assert panels.run_words(200, 200, 1) == "Played 200 hands under each of 1 rule set."


def test_the_labs_table_is_read_as_its_note_says():
    """The note under the lab's table tells which whole each column is a share of; counted here
    from the hands themselves, every preset's figures are what the note says they are."""
    from euchre_lessons import simulate

    df = simulate.compare(names(), 400, seed=5, progress=False)
    assert panels.SUMMARY_READING in panels.lab_html(df)
    for _, row in simulate.summary(df).iterrows():
        hands = df[df["rules"].astype(str) == row["rules"]]
        played = hands[hands["outcome"] != "passed out"]
        outcomes = played["outcome"].astype(str)
        assert row["passed out"] == pytest.approx((hands["outcome"] == "passed out").mean())
        made = (~outcomes.str.endswith("euchred") & (outcomes != "Jamboree")).mean()
        assert row["made"] == pytest.approx(made) and row["euchred"] == pytest.approx(outcomes.str.endswith("euchred").mean())
        assert row["made"] + row["euchred"] + row["Jamboree"] == pytest.approx(1.0)  # "add up to 1"
        assert row["alone"] == pytest.approx(played["alone"].mean())
        assert row["maker points"] == pytest.approx(hands["maker_points"].mean())  # over every hand dealt

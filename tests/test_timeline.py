"""Timeline: a hand's states with a cursor, made from every source, moved and branched."""
import json

import pytest

from euchre_lessons import HandState, IllegalActionError, Timeline, deal, record
from euchre_lessons.constrained import load_teaching_deal
from euchre_lessons.playthrough import golden_state
from euchre_lessons.rules import names


@pytest.mark.parametrize("preset", names())
def test_from_seed_plays_the_hand_with_the_rule_of_thumb_players(preset):
    t = Timeline.from_seed(preset, 5)
    assert t.cursor == 0 and t.state.history == ()
    assert t.final.is_over
    assert len(t) == len(t.final.history) + 1 == len(t.steps) + 1
    assert [s.number for s in t.steps] == list(range(1, len(t)))
    assert all(s.after.last_action is s.action and s.before.to_act == s.seat for s in t.steps)
    assert Timeline.from_seed(preset, 5) == t  # seeded: the same hand again
    assert any(Timeline.from_seed(preset, k, players="random").final.history
               != Timeline.from_seed(preset, k).final.history for k in range(3))


def test_the_cursor_moves_and_every_move_is_a_new_timeline():
    t = Timeline.from_seed("standard", 3)
    n = len(t)
    assert t.back() is t and t.first() is t
    f = t.forward()
    assert f.cursor == 1 and t.cursor == 0
    assert f.state is t.states[1] and f.back() == t
    assert t.last().cursor == n - 1 and t.last().forward().cursor == n - 1 and t.last().at_end
    assert t.goto(-1) == t.last() and t.goto(4).state is t.states[4]
    with pytest.raises(IndexError, match=f"numbered 0 \\(the deal\\) to {n - 1}"):
        t.goto(n)
    with pytest.raises(TypeError, match="whole number"):
        t.goto("3")
    with pytest.raises(AttributeError):
        t.cursor = 3
    assert t.cursor == 0


def test_each_cursor_gives_the_sentence_of_the_step_that_led_there():
    t = Timeline.from_seed("modern_railroad", 8)
    assert "deals 7 cards" in t.sentence
    for i in range(1, len(t)):
        u = t.goto(i)
        assert u.sentence == t.steps[i - 1].sentence == u.step().sentence
        assert u.taken is (None if u.at_end else t.states[i + 1].last_action)
    assert t.sentences()[1:] == tuple(s.sentence for s in t.steps)


def test_made_from_states_records_curated_deals_and_deal_text(tmp_path):
    final = golden_state("hoyle_railroad_full")
    t = Timeline(final)
    assert t.final == final and t.cursor == 0 and len(t) == len(final.history) + 1
    running = final.undo().undo()
    assert Timeline(running).final == running and not Timeline(running).final.is_over
    as_dict = record.to_dict(final)
    assert Timeline(as_dict).states == t.states
    assert Timeline(json.dumps(as_dict)).states == t.states
    path = record.save(final, tmp_path / "hand.json")
    assert Timeline(path).states == t.states and Timeline(str(path)).states == t.states
    curated = load_teaching_deal("joker_turned_up")
    c = Timeline(curated)
    assert c.states[0].deal == curated.deal and c.final.is_over
    d = deal("standard", seed=2)
    assert Timeline(str(d)).states == Timeline(d).states
    assert Timeline(t, cursor=3).cursor == 3
    with pytest.raises(TypeError, match="a Timeline is made from"):
        Timeline(42)


def test_branch_tries_another_action_and_the_players_finish_the_hand():
    t = Timeline.from_seed("standard", 11)
    i = next(k for k, s in enumerate(t.states) if s.phase.value == "play" and len(s.legal_actions()) > 1)
    here = t.goto(i)
    other = next(a for a in here.state.legal_actions() if a is not here.taken)
    b = here.branch(other)
    assert b.cursor == i + 1 and b.state.last_action is other
    assert b.states[:i + 1] == t.states[:i + 1]
    assert b.final.is_over and b.differs_from(t) == i + 1
    assert t.differs_from(t.last()) is None
    again = b.branch(next(a for a in b.state.legal_actions())) if not b.state.is_over else b
    assert again.states[:i + 2] == b.states[:i + 2]
    with pytest.raises(IllegalActionError):
        here.branch("play JK")
    assert here.state is t.states[i] and here.cursor == i


def test_a_timeline_shows_itself():
    t = Timeline.from_seed("standard", 1).goto(3)
    assert "Step 3 of" in t._repr_html_() and "<table" in t._repr_html_()
    assert str(t).startswith(f"Step 3 of {len(t) - 1}: ")
    assert repr(t).startswith("<Timeline standard: state 3 of")
    assert isinstance(hash(t), int) and t.state.__class__ is HandState

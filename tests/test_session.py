"""PlaySession: a hand and a game against the computer, as a value."""
import random

import pytest

from euchre_lessons import IllegalActionError, PlaySession, Timeline
from euchre_lessons.errors import NotOverError, PlayerError
from euchre_lessons.hand.phases import Phase
from euchre_lessons.rules import names


def _finish(s, seed=0):
    rng = random.Random(seed)
    while not s.is_over:
        s = s.play(rng.choice(s.legal_actions()))
    return s


@pytest.mark.parametrize("preset", names())
def test_the_bots_answer_up_to_the_humans_next_decision(preset):
    s = PlaySession(preset, human=1, seed=4)
    rng = random.Random(1)
    while not s.is_over:
        assert s.state.to_act == 1 and s.legal_actions() == s.state.legal_actions()
        before = s
        action = rng.choice(s.legal_actions())
        s = s.play(action)
        assert before.state.to_act == 1  # the session played on is unchanged
        assert s.states[:len(before.states)] == before.states
        assert s.states[len(before.states)].last_action is action
        ended = len(s.states[len(before.states)].tricks) > len(before.state.tricks) or s.states[len(before.states)].is_over
        own = s.answers[:1] if ended else ()  # the person's own step is told when it ended a trick
        assert all(step.seat == 1 and ("wins the trick" in step.sentence or step.after.is_over) for step in own)
        assert all(step.seat != 1 and step.sentence for step in s.answers[len(own):])
        assert len(s.answers) == len(s.states) - len(before.states) - 1 + len(own)
    assert s.legal_actions() == () and s.state.result()


def test_an_illegal_action_says_why_and_changes_nothing():
    s = PlaySession("standard", human=0, seed=3)
    with pytest.raises(IllegalActionError, match="cannot play AS in the first round"):
        s.play("play AS")
    while s.state.phase is not Phase.PLAY:
        s = s.play(s.legal_actions()[-1] if len(s.legal_actions()) > 1 else s.legal_actions()[0])
    if s.state.trick:
        held = [a for a in s.state.hand(0)]
        legal = {a.card for a in s.legal_actions()}
        wrong = [c for c in held if c not in legal]
        if wrong:
            with pytest.raises(IllegalActionError, match="must follow"):
                s.play(str(wrong[0]))
    states = s.states
    with pytest.raises(IllegalActionError):
        s.play("play JK")
    assert s.states is states
    card = s.legal_actions()[0].card
    assert s.play(str(card)).states[len(states)].last_action.card is card  # a bare card is a play


def test_undo_goes_back_to_the_humans_previous_decision():
    s = PlaySession("hoyle_railroad", human=2, seed=9)
    assert s.undo() is s
    first = s
    s = s.play(s.legal_actions()[0])
    if not s.is_over:
        u = s.undo()
        assert u.states == first.states and u.state.to_act == 2
    done = _finish(s, 2)
    back = done.undo()
    assert back.state.to_act == 2 and not back.is_over
    assert back.states == done.states[:len(back.states)]


def test_the_record_replays_in_a_timeline_and_sessions_repeat():
    s = _finish(PlaySession("modern_railroad", human=0, seed=5), 3)
    t = Timeline(s.record())
    assert t.final == s.state
    assert s.timeline().final == s.state and s.timeline().at_end
    again = _finish(PlaySession("modern_railroad", human=0, seed=5), 3)
    assert again.states == s.states


def test_a_session_plays_a_whole_game_to_the_target():
    s = PlaySession("standard", human=3, seed=2)
    hands = 0
    while True:
        s = _finish(s, hands)
        hands += 1
        if s.game_over:
            break
        assert max(s.score) < s.rules.game_target
        s = s.next_hand()
        if not s.is_over:
            with pytest.raises(NotOverError, match="is not over"):
                s.next_hand()
        assert s.hand_number == hands and s.state.dealer == hands % 4
    assert max(s.score) >= s.rules.game_target and "won the game" in s.winner_words()
    with pytest.raises(NotOverError, match="the game is over"):
        s.next_hand()


def test_the_seven_handed_sitting_ends_after_its_deals():
    s = PlaySession("hoyle_seven_handed", human=0, seed=1)
    for _ in range(s.rules.seven_deals):
        s = _finish(s)
        if not s.game_over:
            s = s.next_hand()
    assert s.game_over and s.hand_number == s.rules.seven_deals - 1


def test_bad_set_ups_are_refused():
    with pytest.raises(PlayerError, match="human=4"):
        PlaySession("standard", human=4)
    with pytest.raises(PlayerError, match="dealer"):
        PlaySession("standard", dealer=-1)
    with pytest.raises(ValueError, match="players"):
        PlaySession("standard", players="nobody")
    s = PlaySession("standard", seed=1)
    with pytest.raises(NotOverError):
        s.review()
    with pytest.raises(AttributeError):
        s.human = 2


def test_a_session_shows_only_the_humans_cards():
    s = PlaySession("standard", human=0, seed=3)
    text = str(s)
    mine = " ".join(map(str, s.state.hand(0)))
    assert mine in text and "5 cards" in text
    for seat in (1, 2, 3):
        assert " ".join(map(str, s.state.hand(seat))) not in text
    html = s._repr_html_()
    assert "Your turn (North)" in html


def test_the_bots_steps_are_told_to_the_learner_with_no_card_he_may_not_see():
    """A learner playing North is told the others' face-down cards as face down, as at the table."""
    from euchre_lessons.teaching.narrate import narrate

    told_apart = 0
    for seed in range(12):
        s = PlaySession("hoyle_railroad", human=0, seed=seed)
        for step in s.answers:
            assert step.told_to == 0
            assert step.sentence == narrate(step.before, step.action, step.after, seat=0)
            told_apart += step.sentence != narrate(step.before, step.action, step.after)
    assert told_apart > 0, "no seed had a face-down card to keep from North: the test proves nothing"


# ---- the computer's level ---------------------------------------------------------------------

def test_a_session_at_the_expert_level_plays_a_whole_hand_by_expert_bots():
    from euchre_lessons.players import ClubPlayer, ExpertPlayer, NoisyPlayer, RuleOfThumbPlayer

    s = PlaySession("standard", human=0, players="expert", seed=3)
    assert all(isinstance(p, ExpertPlayer) for p in s._bots(0).players)
    assert isinstance(PlaySession("standard", players="beginner")._bots(0).players[1], NoisyPlayer)
    assert type(PlaySession("standard", players="club")._bots(0).players[1]) is ClubPlayer
    assert type(PlaySession("standard")._bots(0).players[1]) is RuleOfThumbPlayer  # the default: the rule of thumb
    done = _finish(s, 1)
    assert done.state.result() and done.reasons
    assert _finish(PlaySession("standard", human=0, players="expert", seed=3), 1).states == done.states  # seeded


def test_the_default_players_stay_the_rule_of_thumb_and_the_club_is_another_player():
    s = PlaySession("hoyle_railroad", human=1, seed=6)
    assert s.players == "rule_of_thumb" and s.reasons == ()
    club = PlaySession("hoyle_railroad", human=1, seed=6, players="club")
    assert club.players == "club" and type(club._bots(0).players[0]) is not type(s._bots(0).players[0])
    assert _finish(club, 4).state.result() and _finish(s, 4).state.result()  # each plays its hand to the end


def test_the_experts_reasons_are_told_only_after_the_hand_and_name_the_bot_from_the_persons_seat():
    s = PlaySession("standard", human=0, players="expert", seed=3)
    assert s.reasons  # the bots before North's first decision bid by search
    with pytest.raises(NotOverError, match="reasons name its own cards"):
        s.bot_reasons()
    while not s.is_over:
        assert "I chose to" not in str(s) and "I chose to" not in s._repr_html_()  # never during the hand
        s = s.play(s.legal_actions()[0])
    said = s.bot_reasons()
    assert len(said) == len(s.reasons) >= 3
    for (step, seat, reason), sentence in zip(s.reasons, said):
        who = {1: "East, an opponent", 2: "South, your partner", 3: "West, an opponent"}[seat]
        assert sentence.startswith(f"{who}: I chose to ") and sentence.endswith(".")
        assert s.states[step].to_act == seat and s.states[step + 1].last_action is reason.action
        assert f"over {reason.worlds} deals" in sentence
    assert _finish(PlaySession("standard", human=0, seed=3), 1).bot_reasons() == ()  # the rule of thumb keeps none


def test_undo_keeps_only_the_reasons_of_the_decisions_before_it():
    s = PlaySession("standard", human=2, players="expert", seed=11)
    while not s.is_over:
        s = s.play(s.legal_actions()[-1])
    back = s.undo()
    assert all(step < len(back.states) - 1 for step, _, _ in back.reasons)
    assert back.reasons == tuple(r for r in s.reasons if r[0] < len(back.states) - 1)


def test_with_players_deals_the_hand_again_for_the_new_level_and_keeps_the_game():
    s = _finish(PlaySession("standard", human=0, seed=8), 1).next_hand()
    s = s.play(s.legal_actions()[0]) if s.legal_actions() else s
    e = s.with_players("expert")
    assert e.players == "expert" and e.hand_number == 1 and e.finished == s.finished and e.score == s.score
    assert e.states[0] == s.states[0]  # the same deal, from its start
    from euchre_lessons.players import ExpertPlayer

    assert all(isinstance(p, ExpertPlayer) for p in e._bots(1).players)
    assert s.with_players("club").states[0] == s.states[0] and s.players == "rule_of_thumb"  # s is unchanged


@pytest.mark.parametrize("preset", names())
def test_every_tricks_winner_is_told_in_the_answers_whoever_played_last(preset):
    """What the play table's live region reads out: each trick's winner once, in every hand."""
    for seed in range(3):
        s = PlaySession(preset, human=seed % 4, seed=seed)
        told = [step.sentence for step in s.answers]  # up to the first decision (all of it if sitting out)
        while not s.is_over:
            s = s.play(s.legal_actions()[-1])
            told += [step.sentence for step in s.answers]
        tricks = len(s.state.tricks)
        assert sum("wins the trick" in t for t in told) == tricks, (preset, seed, told)

"""Trying one's mistakes again (teaching.retry): found, not yet, shown, and the count at the end."""
from __future__ import annotations

import math
import random
import re

import pytest

from euchre_lessons import PlaySession
from euchre_lessons.errors import IllegalActionError, NotationError, NotOverError
from euchre_lessons.teaching.retry import FOUND, NOT_YET, SHOWN


def _lesson_hand():
    """Lesson 08's hand: North throws the A♠ where the 10♣ wins the trick, then plays the hint."""
    s = PlaySession("standard", human=0, seed=26).play("take up").play("alone").play("discard 9D").play("AS")
    while not s.is_over:
        s = s.play(s.hint(2).action)
    return s


@pytest.fixture(scope="module")
def lesson():
    return _lesson_hand().retry()


def test_the_mistake_is_put_back_and_the_better_card_is_found(lesson):
    assert len(lesson.mistakes) == 1 and not lesson.done
    assert lesson.question() == ("Mistake 1 of 1, step 9 (play, trick 1): you chose “play the A♠”. "
                                 "Find a better choice.")
    assert str(lesson.state.last_action) == "play TH" and lesson.state.to_act == 0  # just before North plays
    again = lesson.choose("AS")
    assert again.current.outcome == NOT_YET and "is what you played" in again.message
    worse = again.choose("JS")
    assert worse.current.outcome == NOT_YET and "falls short of the best by 1.38 points" in worse.message
    assert "Think about it: You cannot follow hearts" in worse.message and "ask to be shown" in worse.message
    found = worse.choose("10C")
    assert found.current.outcome == FOUND and found.message.startswith("Found: “play the 10♣” is the best")
    assert [str(a) for a in found.current.tries] == ["play AS", "play JS", "play TC"]
    assert found.legal_actions() == ()  # settled: nothing more to choose here
    end = found.next()
    assert end.done and end.summary() == "Found 1 of 1." and end.message == "Found 1 of 1."


def test_being_shown_is_counted_apart_from_found(lesson):
    shown = lesson.choose("JS").show()
    assert shown.current.outcome == SHOWN
    assert shown.message.startswith("The best was “play the 10♣”: over 24 layouts")
    assert "2.62 points more on average than “play the A♠”" in shown.message
    assert shown.next().summary() == "Found 0 of 1. Shown 1."


def test_an_illegal_or_malformed_choice_is_refused_and_changes_nothing(lesson):
    before = lesson
    with pytest.raises(IllegalActionError, match="the choices are play the 10♣, play the J♣"):
        lesson.choose("KD")
    with pytest.raises(NotationError, match="'9Z' is not a card"):
        lesson.choose("9Z")
    assert lesson == before and lesson.current.tries == ()
    done = lesson.choose("10C").next()
    with pytest.raises(IllegalActionError, match="the retry is over"):
        done.choose("10C")
    with pytest.raises(IllegalActionError, match="settled"):
        lesson.choose("10C").choose("JS")


def test_a_hand_still_in_play_has_no_retry():
    with pytest.raises(NotOverError):
        PlaySession("standard", human=0, seed=26).retry()


def test_it_reads_in_words_and_draws_the_table(lesson):
    text = str(lesson.choose("JS"))
    assert "Your choices: play the 10♣, play the J♣, play the 10♠, play the J♠, play the A♠." in text
    assert not re.search(r"\b(10|[9JQKA])[CDHS]\b", text)
    html = lesson.choose("JS")._repr_html_()
    assert 'role="status"' in html and "Find a better choice" in html and 'aria-label="10 of clubs, trump"' in html


def _se(xs):
    m = sum(xs) / len(xs)
    return math.sqrt(sum((x - m) ** 2 for x in xs) / (len(xs) - 1) / len(xs)) if len(xs) > 1 else 0.0


@pytest.mark.parametrize("preset", ["standard", "hoyle_railroad"])
def test_found_is_exactly_within_the_reviews_margin_for_every_choice(preset):
    """A referee: a random learner's hands; at each mistake every legal choice is tried, and it is
    found exactly when, layout by layout, it is no further behind the best than two standard
    errors in points or in tricks (the review's rule: a card well behind in tricks is a mistake even
    where its points are only a little behind); the best is always found, the first choice never."""
    tried = 0
    for seed in range(6):
        rng = random.Random(seed)
        s = PlaySession(preset, human=0, seed=seed)
        while not s.is_over:
            s = s.play(rng.choice(s.legal_actions()))
        r = s.retry()
        for m in r.mistakes:
            v = m.values
            best = v.best.action
            for action in m.state.legal_actions():
                got = r._replace(at=r.mistakes.index(m)).choose(action).mistakes[r.mistakes.index(m)].outcome
                a, b = v.per_layout[action], v.per_layout[best]
                dp = [y[1] - x[1] for x, y in zip(a, b)]
                dt = [y[0] - x[0] for x, y in zip(a, b)]
                se_p, se_t = (0.0, 0.0) if v.exact else (_se(dp), _se(dt))
                mp, mt = sum(dp) / len(dp), sum(dt) / len(dt)
                short = mp > 2 * se_p + 1e-9 or mt > 2 * se_t + 1e-9
                want = NOT_YET if action == m.chosen or short else FOUND
                assert got == want, (seed, m.step, str(action))
                tried += 1
            assert m.chosen != best
    assert tried >= 10


def test_no_mistakes_means_nothing_to_retry():
    s = PlaySession("standard", human=0, seed=26)
    while not s.is_over:
        s = s.play(s.hint(2).action)
    r = s.retry()
    if r.mistakes:  # the hint's choices are the review's best unless the sampling differs
        pytest.fail(f"the hint's own choices were graded mistakes: {r}")
    assert r.done and r.summary().startswith("No mistakes to try again")


def test_seven_handed_mistakes_missed_become_positions_asked_in_words():
    """A mistake in the auction, the widow or the naming of partners, kinds the kit's positions
    never practise, is asked in words when a retry keeps it for the review queue (``missed``)."""
    s = PlaySession("hoyle_seven_handed", human=0, seed=0)
    while not s.is_over:
        s = s.play(s.legal_actions()[-1])
    missed = s.retry().missed()
    assert [p.question for p in missed] == [
        "You are seat 0, in the auction: how many tricks do you bid, or do you pass?",
        "You are seat 0, the maker, with the widow in your hand: which card do you discard?",
        "You are seat 0, the maker: which player do you name as a partner?"]

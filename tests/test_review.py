"""The review: each decision graded against what the seat could know, with a proof."""
import pytest

from euchre_lessons import PlaySession
from euchre_lessons.hand.phases import Phase
from euchre_lessons.hand.view import SeatView
from euchre_lessons.players.search import Knowledge
from euchre_lessons.teaching import hint, review
from euchre_lessons.teaching.knowing import perfect_line
from euchre_lessons.teaching.review import COLUMNS


def _play(preset, seed, choose, human=0):
    s = PlaySession(preset, human=human, seed=seed)
    while not s.is_over:
        s = s.play(choose(s))
    return s


def _worst(s):
    """The worst legal action by the hint's own numbers (a sure mistake when it costs)."""
    legal = s.legal_actions()
    if len(legal) == 1:
        return legal[0]
    return hint(s.state, s.human, 3, seed=f"{s.seed}:hand:{s.hand_number}").values.values[-1].action


def _best(s):
    legal = s.legal_actions()
    if len(legal) == 1:
        return legal[0]
    return s.hint(2).action


def test_following_the_hints_is_never_a_mistake():
    verdicts = set()
    for seed in range(6):
        r = _play("standard", seed, _best).review()
        assert not r.mistakes, r.report()
        verdicts |= {row["verdict"] for row in r.rows}
        assert r.proof is None
    assert "good" in verdicts


def test_the_worst_choices_are_mistakes_with_their_cost_and_a_proof():
    found = 0
    for seed in range(8):
        s = _play("standard", seed, _worst)
        r = s.review()
        assert list(r.table.columns) == list(COLUMNS) and len(r.table) == len(r.rows)
        for row in r.mistakes:
            assert row["expected_points_lost"] > 2 * row["points_se"] or row["expected_tricks_lost"] > 0
            assert row["chose"] != row["best"]
        if r.mistakes:
            found += 1
            p = r.proof
            assert p is not None and str(p).startswith("Proof for step")
            assert f"'{p.chose}'" in r.report() and "was a mistake" in r.report()
            before = s.states[p.step - 1]
            assert before.to_act == 0 and str(s.states[p.step].last_action) == str(p.chose)
            if before.phase is Phase.PLAY:
                _check_proof_layout(before, p)
    assert found >= 4


def _check_proof_layout(before, p):
    """The proof's layout fits what the seat saw, and on it the card played does worse."""
    view = SeatView(before, 0)
    k = Knowledge(view)
    for seat, need in k.need.items():
        assert p.hands[seat] & ~(k.allowed[seat] | k.forced.get(seat, 0)) == 0
        assert p.hands[seat].bit_count() == need + bool(k.forced.get(seat, 0))
    assert p.hands[0] == view.hand_mask
    makers_chose = perfect_line(before, 0, p.hands, p.chose)[1]
    makers_best = perfect_line(before, 0, p.hands, p.best)[1]
    size = before.rules.hand_size
    mine = (lambda m: m) if before.setup.side & 1 else (lambda m: size - m)
    assert mine(makers_best) > mine(makers_chose)
    assert f"{mine(makers_chose)} of {size}" in p.chose_result and f"{mine(makers_best)} of {size}" in p.best_result


def test_a_card_right_by_what_could_be_known_but_wrong_on_the_cards_is_unlucky():
    for seed in range(30):
        r = _play("standard", seed, _best).review()
        unlucky = [row for row in r.rows if row["verdict"] == "unlucky"]
        if unlucky:
            row = unlucky[0]
            assert row["actual_points_lost"] > 0 or row["actual_tricks_lost"] > 0
            assert "unlucky" in r.report()
            return
    pytest.fail("no unlucky decision in 30 hands played by the hints")


def test_a_review_reads_as_a_report_and_a_table():
    r = _play("hoyle_railroad_full", 2, _worst).review()
    text = str(r)
    assert text.startswith("North made ") and "decision" in text
    assert "<table>" in r._repr_html_()
    sitting = PlaySession("standard", human=0, seed=0)
    if sitting.is_over:
        assert "no decision" in sitting.review().report()


def test_the_review_needs_a_finished_hand():
    s = PlaySession("standard", seed=4)
    with pytest.raises(Exception, match="not over"):
        review(s.state, 0)

"""The review: each decision graded against what the seat could know, with a proof that convinces."""
import re

import pytest
from helpers import worst

from euchre_lessons import PlaySession
from euchre_lessons.cards import CARDS
from euchre_lessons.hand.phases import Phase
from euchre_lessons.hand.play import follow_rule, void_shown
from euchre_lessons.hand.view import SeatView
from euchre_lessons.solver import Position
from euchre_lessons.table import seat_name, team_of
from euchre_lessons.teaching import hint, review
from euchre_lessons.teaching.hints import values
from euchre_lessons.teaching.proof import Proof, laid_out, prove
from euchre_lessons.teaching.review import COLUMNS
from euchre_lessons.valuing.worlds import side_points
from euchre_lessons.words import action_words

CODE = re.compile(r"\b[2-9TJQKA][CDHS]\b|\bJK\b")
PRESETS = ("standard", "hoyle_railroad", "modern_railroad")


def _play(preset, seed, choose, human=0):
    s = PlaySession(preset, human=human, seed=seed)
    while not s.is_over:
        s = s.play(choose(s))
    return s


def _best(s):
    legal = s.legal_actions()
    if len(legal) == 1:
        return legal[0]
    return s.hint(2).action


def _text(html: str) -> str:
    """What a reader reads of a piece of HTML: its text, without tags and attributes, and without
    the faces of drawn cards (pictures named in words by their ``aria-label``; the Joker's face is
    drawn as a star under the letters JK by ``render.card_html``)."""
    html = re.sub(r'<span class="el-card[^"]*"[^>]*>.*?</span>', " ", html)
    return re.sub(r"<[^>]+>", " ", html)


# ---- grading -----------------------------------------------------------------------------------

def test_following_the_hints_is_never_a_mistake():
    verdicts = set()
    for seed in range(6):
        r = _play("standard", seed, _best).review()
        assert not r.mistakes, r.report()
        verdicts |= {row["verdict"] for row in r.rows}
        assert r.proof is None
    assert "good" in verdicts


def test_theworst_choices_are_mistakes_with_their_cost_and_a_proof():
    found = 0
    for seed in range(8):
        s = _play("standard", seed, worst)
        r = s.review()
        assert list(r.table.columns) == list(COLUMNS) and len(r.table) == len(r.rows)
        for row in r.mistakes:
            assert row["expected_points_lost"] > 2 * row["points_se"] or row["expected_tricks_lost"] > 0
            assert row["chose"] != row["best"]
        if r.mistakes:
            found += 1
            p = r.proof
            assert isinstance(p, Proof) and str(p).startswith("Proof for step")
            assert f"“{action_words(p.chose)}” was a mistake" in r.report()
            before = s.states[p.step - 1]
            assert before.to_act == 0 and s.states[p.step].last_action == p.chose
            _check_proof(before, 0, p)
    assert found >= 4


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
    r = _play("hoyle_railroad_full", 2, worst).review()
    text = str(r)
    assert text.startswith("North made ") and "decision" in text
    html = r._repr_html_()
    assert "<table>" in html
    assert r.proof is not None and "el-state" in html and "el-tricks" in html  # the proof drawn, once
    assert html.count(r.proof.claim[:60]) == 1
    sitting = PlaySession("standard", human=0, seed=0)
    if sitting.is_over:
        assert "no decision" in sitting.review().report()


def test_the_review_needs_a_finished_hand():
    s = PlaySession("standard", seed=4)
    with pytest.raises(Exception, match="not over"):
        review(s.state, 0)


# ---- words, never codes ------------------------------------------------------------------------

@pytest.mark.parametrize("preset", PRESETS)
def test_the_review_names_actions_in_words_and_keeps_the_codes_apart(preset):
    for seed in range(3):
        s = _play(preset, seed, worst)
        r = s.review()
        table = r.table
        for row in r.rows:
            step = s.states[row["step"]]
            assert row["chose_code"] == str(step.last_action)
            assert row["chose"] == action_words(step.last_action)
            assert row["best"] == action_words(row["best_code"])
        for column in ("chose", "best", "phase", "verdict"):
            for value in table[column]:
                assert not CODE.search(value), (column, value)
        assert not CODE.search(r.report()), r.report()
        assert not CODE.search(_text(r._repr_html_()))
        if r.proof is not None:
            assert not CODE.search(str(r.proof)), str(r.proof)
            assert not CODE.search(_text(r.proof._repr_html_()))


def test_the_code_scan_would_catch_a_code():
    assert CODE.search("'play 7S' was a mistake") and CODE.search("play JK") and CODE.search("TH")
    assert not CODE.search("play the 7♠, the Joker, the 10♥")


# ---- the proof, checked against the engine -----------------------------------------------------

def _check_layout(before, seat: int, state):
    """The layout agrees with the seat's view at the decision: same view, and the other hands
    hold only cards the seat could not see, none of a suit their holder showed void in."""
    mine, real = SeatView(state, seat), SeatView(before, seat)
    for name in ("hand", "played", "trick", "tricks", "exposed", "public_history", "gave", "received",
                 "tricks_won", "phase", "to_act", "turn", "trump", "maker"):
        assert getattr(mine, name) == getattr(real, name), name
    n = before.players
    active = before.active_seats
    assert [len(state.hand(s)) for s in active] == [len(before.hand(s)) for s in active]
    if before.phase is Phase.PLAY:  # a seat that sits out holds no card the layout needs
        assert all(not state.hand_mask(s) for s in range(n) if s not in active)
    masks = state.hand_masks
    seen = real.hand_mask | before.played_mask
    for s in range(n):
        for t in range(s + 1, n):
            assert masks[s] & masks[t] == 0
        if s != seat:
            assert masks[s] & seen == 0, s
    if before.phase is Phase.PLAY:
        rule = follow_rule(before.rules, int(before.trump))
        for trick in [t.plays for t in before.tricks] + [before.trick]:
            if trick:
                led = trick[0][1].id
                for s, card in trick:
                    assert masks[s] & void_shown(card.id, led, rule) == 0, (s, card)


def _replayed(state, line):
    """The line replayed by the engine from the layout: every action legal, the hand over."""
    now = state
    for _, action in line.final.steps[len(state.history):]:
        assert action in now.legal_actions(), action
        now = now.apply(action)
    assert now.is_over and now == line.final
    return now


def _check_natural(state, line):
    """At every card after the decision in a perfect-play line: the card is best with every hand
    face up, and natural among the best (the lowest that wins the trick for its side, else the lowest)."""
    if line.how != "perfect play":
        return
    now = state.apply(line.action)
    steps = line.final.steps
    for _, action in steps[len(now.history):]:
        if now.phase is Phase.PLAY:
            pos = Position.of_state(now)  # the makers' tricks for each card (``solve`` scores them too)
            tricks = pos.values()
            top = (max if pos.maximising else min)(tricks.values())
            best = [CARDS[c] for c, t in tricks.items() if t == top]
            assert action.card in best, (action, best)
            rank = now.tables.rankings[now.setup.trump]
            chooser = now.to_act
            mine = now.setup.side >> chooser & 1
            trick = tuple((s, c.id) for s, c in now.trick)
            wins = [c for c in best
                    if (now.setup.side >> rank.trick_winner(trick + ((now.turn, c.id),)) & 1) == mine]
            pool = wins or best
            assert action.card in pool and rank.power[action.cid] == min(rank.power[c.id] for c in pool), \
                (action, pool)
        now = now.apply(action)


def _check_proof(before, seat: int, p):
    state = p.state
    assert p.hands == state.hand_masks
    if not p.real:  # the real deal is the seat's view by itself, a seat that sits out with its cards
        _check_layout(before, seat, state)
    if before.phase is Phase.PLAY:
        assert state.trick == before.trick  # the trick in progress is on the table
    size = before.rules.hand_size
    results = []
    for line in (p.chose_line, p.best_line):
        final = _replayed(state, line)
        first = len(state.tricks)
        assert len(line.tricks) == len(final.tricks) - first
        for t, real in zip(line.tricks, final.tricks[first:]):
            assert t.plays == real.plays and t.winner == real.winner
            assert f"Won by {seat_name(t.winner, before.players)}, with" in t.words(before.players, final.trump)
        if before.phase is Phase.PLAY:
            assert line.tricks[0].plays[:len(before.trick)] == before.trick
            assert line.tricks[0].on_table == len(before.trick)
        _check_natural(state, line)
        won, points = side_points(final, seat)
        assert (won, points) == (line.side_tricks, line.side_points)
        team = team_of(seat, before.players)
        ours = final.result().points_by_team[team]
        assert f"takes {won}" in p.claim and f"scores {ours} point" in p.claim
        results.append((points, won))
    (pa, ta), (pb, tb) = results
    assert pb >= pa and (pb > pa or tb > ta)  # the best never fails on the layout, and wins what is claimed
    assert f"of {size} tricks" in p.claim
    assert not p.real or (state == before and "really lay" in str(p))  # the real deal's cards, said so
    assert p.real or "One way the cards could lie" in str(p)
    assert p.claim.startswith("on the cards as they really lay" if p.real else "one layout you could not rule out")
    if tb > ta:
        assert f"loses {'a trick' if tb - ta == 1 else f'{tb - ta} tricks'} that" in p.claim
    text = str(p)
    assert p.claim in text and text.count("Won by") == len(p.chose_line.tricks) + len(p.best_line.tricks)
    html = p._repr_html_()
    assert html.count('class="el-play el-won"') == len(p.chose_line.tricks) + len(p.best_line.tricks)
    assert "won by" in html and "el-state" in html


@pytest.mark.parametrize("preset", PRESETS)
def test_every_proof_holds_on_the_engine(preset):
    """Over many reviewed hands, every mistake's proof: the layout fits the seat's view at the
    decision, both lines replay legally to the end, the winners are the engine's, the sentence's
    numbers are the lines', the best choice never fails on the layout, and every card in a line
    of perfect play is the natural one among the best."""
    proofs = plays = 0
    for seed in range(12):
        choose = worst if seed % 3 else _best_but_one
        s = _play(preset, seed, choose)
        r = s.review()
        for row in r.mistakes:
            before = s.states[row["step"] - 1]
            chose = s.states[row["step"]].last_action
            p = prove(row["step"], before, 0, chose, values(before, 0, False, 0), 0)
            if p is None:
                continue
            proofs += 1
            plays += before.phase is Phase.PLAY
            _check_proof(before, 0, p)
    assert proofs >= 8 and plays >= 4, (proofs, plays)


def _best_but_one(s):
    """The second best action by the hint's numbers: a smaller mistake, when it is one."""
    legal = s.legal_actions()
    if len(legal) == 1:
        return legal[0]
    v = hint(s.state, s.human, 3, seed=f"{s.seed}:hand:{s.hand_number}").values.values
    return v[1].action


def test_a_play_proof_shows_the_trick_in_progress():
    """A proof at a card that is not the lead starts from the cards already on the table, and says
    what they were."""
    for seed in range(40):
        s = _play("standard", seed, worst)
        for row in s.review().mistakes:
            before = s.states[row["step"] - 1]
            if before.phase is Phase.PLAY and before.trick:
                p = prove(row["step"], before, 0, s.states[row["step"]].last_action, values(before, 0, False, 0))
                if p is None:
                    continue
                first = p.chose_line.tricks[0]
                assert first.plays[:len(before.trick)] == before.trick and first.on_table == len(before.trick)
                assert "on the table" in str(p) and "on the table" in p._repr_html_()
                return
    pytest.fail("no proof at a card after the lead in 40 hands")


def test_a_layout_is_the_same_hand_with_the_unseen_cards_moved():
    s = _play("standard", 2, worst)
    before = next(x for x in s.states if x.phase is Phase.PLAY and x.trick and x.to_act == 0)
    hands = list(before.hand_masks)
    others = [x for x in range(4) if x != 0 and hands[x]]
    a, b = others[0], others[1]
    hands[a], hands[b] = hands[b], hands[a]  # not a layout that fits, only a test of the swap
    moved = laid_out(before, tuple(hands))
    assert moved.hand_masks == tuple(hands) and moved.trick == before.trick
    assert moved.history == before.history and before.hand_masks != moved.hand_masks
    with pytest.raises(ValueError, match="in play"):
        laid_out(s.states[0], hands)


@pytest.mark.parametrize("preset", PRESETS)
def test_bids_are_graded_on_the_experts_play_outs(preset):
    """A bid's grade is the expert's valuation of the hint's worlds, and its cost on the actual
    cards is the expert's play-out of each choice on them."""
    from euchre_lessons.hand.state import HandState
    from euchre_lessons.players.expert import ExpertPlayer
    from euchre_lessons.valuing.worlds import evaluator

    checked = 0
    for seed in range(4):
        s = _play(preset, seed, worst, human=seed % 4)
        seed_ = f"{s.seed}:hand:{s.hand_number}"
        final = s.state
        states = [HandState.start(final.deal)]
        for action in final.history:
            states.append(states[-1].apply(action))
        for r in review(final, s.human, seed=seed_).rows:
            before = states[r["step"] - 1]
            if before.phase is Phase.PLAY:
                continue
            v = values(before, s.human, False, seed_)
            e = ExpertPlayer(None, worlds=v.layouts, card_samples=0)
            e.new_hand(f"{seed_}:worlds")
            e.choose(SeatView(before, s.human))
            means = {str(a): m for a, m, _ in e.last_reason.values}
            assert means[r["best_code"]] - means[r["chose_code"]] == pytest.approx(r["expected_points_lost"])
            judge = evaluator(seed_)
            actual = {str(a): side_points(judge.finish(before.apply(a)), s.human)[1] for a in before.legal_actions()}
            assert max(actual.values()) - actual[r["chose_code"]] == pytest.approx(r["actual_points_lost"])
            checked += 1
    assert checked


@pytest.mark.parametrize("points, tricks, said", [
    (0.43, 0.35, "cost 0.43 points and 0.35 tricks"),
    (0.43, -0.51, "cost 0.43 points, though it took 0.51 tricks more"),
    (-1, 0, "gained 1 point"),
    (-1, -1, "gained 1 point and 1 trick"),
    (-2, 1, "gained 2 points, though it won 1 trick fewer"),
    (0, 0, "cost nothing"),
    (0, 1, "cost 1 trick, but no point"),
    (0, -1, "took 1 trick more, but no point more"),
    (1, 0, "cost 1 point"),
])
def test_a_cost_below_zero_is_said_as_a_gain(points, tricks, said):
    """A review never tells a learner that a choice "cost -0.51 tricks": what it gained is said so."""
    from euchre_lessons.teaching.review import _cost

    assert _cost(points, tricks) == said and "-" not in said


def test_a_review_at_seven_seats_opens_with_a_capital():
    from euchre_lessons.teaching import PlaySession

    s = PlaySession("hoyle_seven_handed", human=0, seed=3)
    while not s.is_over:
        s = s.play(s.legal_actions()[0])
    assert s.review().report().startswith("Seat 0 made "), s.review().report()

"""A hand as a state machine, driven by hypothesis: for each of the seven presets, a deal from a
drawn seed and dealer, random legal actions, now and then an illegal one, and every invariant
checked after every step.

After each step:

* a refused action (illegal, or text that is no action) raises its own kind of error, names the
  action and leaves the state equal to its earlier self;
* ``apply`` returns a new state, one action longer, that undoes to the old one, and leaves the
  old one as it was;
* no card is lost or doubled, and every play follows suit (the checks of ``test_invariants``);
* legal actions exist until the hand is over, and none after; ``result()`` is refused until then;
* no seat's view (``SeatView``) shows a card it has not seen: another seat's hand, the dead
  cards, a card passed face down to it;
* the tricks add up: each has every active seat once, its winner is the referee's
  (``referee.trick_winner``), the winner leads the next;
* at the end (every run plays its hand out), the result's tricks are the state's and its points
  are the scoring's: the rule book's table where the test can say it (a partnership hand), and
  within the preset's bounds always (``test_invariants.check_points``).

Derandomized and without hypothesis's example database, so a run in CI is the same every time;
a failing run is shrunk to the fewest steps that still fail, and printed as those steps.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import Phase as Run
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule, run_state_machine_as_test
from referee import trick_winner
from test_invariants import Report, check_cards, check_end, check_play_step, check_points, effective_suit, snapshot

from euchre_lessons import HandState, Phase, deal, rules, scoring
from euchre_lessons import actions as A
from euchre_lessons.cards import CARDS, Card, cards_of
from euchre_lessons.errors import IllegalActionError, NotationError, NotOverError
from euchre_lessons.hand.view import HIDDEN_KINDS

PRESETS = rules.names()

# Every action there is: each is illegal somewhere, and the refusal rule draws from those that
# are illegal now (cards of other packs included).
EVERY_ACTION = (A.PASS, A.ORDER_UP, A.ASSIST, A.TAKE_UP, A.WITH_PARTNER, A.ALONE, A.ALONE_NO_EXCHANGE, A.ALONE_PAT,
                A.JAMBONE, A.DEFEND_ALONE, A.DEFEND_ALONE_NO_EXCHANGE, A.JAMBOREE, *A.PLAY, *A.CALL, *A.DISCARD,
                *A.GIVE, *A.MAKE, *A.BID.values(), *A.PARTNER)
NO_ACTIONS = ("", "shuffle", "play", "play 1X", "make purple", "bid many")

# Twenty hands a preset, about a second each preset. No explain phase: its tracing made a
# failing run take minutes to shrink instead of seconds.
SETTINGS = settings(max_examples=20, stateful_step_count=60, derandomize=True, database=None, deadline=None,
                    phases=[Run.explicit, Run.generate, Run.shrink], suppress_health_check=[HealthCheck.too_slow])


def assert_clean(check: Callable[..., None], *args: object) -> None:
    """Run one of ``test_invariants``' checks on ``args`` and fail with what it found."""
    report = Report()
    check(*args, report)
    found = [v for kind in report.violations.values() for v in kind]
    assert not found, "\n".join(found)


def bits(cards: Iterable[Card | None]) -> int:
    """The bit mask of some cards (bit ``card.id`` each; None adds nothing)."""
    mask = 0
    for card in cards:
        if card is not None:
            mask |= 1 << card.id
    return mask


def known_to(state: HandState, seat: int, steps: tuple) -> int:
    """The cards ``seat`` has seen, as a mask: its hand, the turn-up, every card played, a
    Jambone hand lying face up, every card it named itself (played, called, gave, discarded)
    and, in partner's best, the card it passed (the lone player also the best he received)."""
    known = state.hand_mask(seat) | state.played_mask | bits([state.upcard])
    if state.jambone and state.phase in (Phase.PLAY, Phase.DONE):
        known |= state.hand_mask(state.maker)
    known |= bits(action.card for actor, action in steps if actor == seat)
    for lone, gift, partner, best in state.exchanges:
        known |= bits([gift, best]) if lone == seat else bits([best]) if partner == seat else 0
    return known


def shown_to(state: HandState, seat: int, steps: tuple) -> int:
    """Every card the seat's view names, through any of its accessors, as a mask."""
    v = state.view(seat)
    shown = bits(v.hand) | bits(v.exposed) | bits(v.played) | bits(v.gave) | bits(v.received)
    shown |= bits(a.card for a in v.legal_actions())
    shown |= v.hand_mask | v.exposed_mask | v.played_mask | v.playable_mask
    if state.phase is Phase.PLAY:
        facts = v.play_facts
        shown |= facts.hand | facts.exposed | facts.playable | facts.played | bits(CARDS[i] for _, i in facts.trick)
    for (_, action), (_, text) in zip(steps, v.public_history, strict=True):
        if text != f"{action.kind} ?":             # said in full: the card it names is shown
            assert text == str(action), f"seat {seat} reads {text!r} for {action}"
            shown |= bits([action.card])
    return shown


class HandMachine(RuleBasedStateMachine):
    """One hand of ``preset``, from a seeded deal; ``state`` is the hand now."""

    state: HandState

    def __init__(self, preset: str) -> None:
        super().__init__()
        self.rules = rules.load(preset)
        self.pack = frozenset(self.rules.cards)

    @initialize(seed=st.integers(0, 2**32 - 1), dealer=st.integers(0, 6))
    def deal_a_hand(self, seed: int, dealer: int) -> None:
        self.state = HandState.start(deal(self.rules, seed=seed, dealer=dealer % self.rules.players))

    # ---- the steps ------------------------------------------------------------------------

    @precondition(lambda self: not self.state.is_over)
    @rule(data=st.data())
    def apply_a_legal_action(self, data: st.DataObject) -> None:
        before, snap = self.state, snapshot(self.state)
        action = data.draw(st.sampled_from(before.legal_actions()), label="action")
        after = before.apply(action)
        assert snapshot(before) == snap and before == HandState.replay(before.deal, before.history), \
            f"applying {action} changed the state it was applied to"
        assert after is not before and after != before, f"applying {action} gave back the same state"
        assert after.history == before.history + (action,) and after.last_action is action
        assert after.undo() == before and hash(after.undo()) == hash(before)
        self.state = after

    @rule(data=st.data())
    def refuse_an_illegal_action(self, data: st.DataObject) -> None:
        state, snap = self.state, snapshot(self.state)
        legal = state.legal_actions()
        action = data.draw(st.sampled_from([a for a in EVERY_ACTION if a not in legal]), label="illegal action")
        with pytest.raises(IllegalActionError) as refused:
            state.apply(action)
        message = str(refused.value)
        assert str(action) in message and "Legal now:" in message, message
        assert all(str(a) in message for a in legal), message
        assert snapshot(state) == snap, f"refusing {action} changed the state"

    @rule(text=st.sampled_from(NO_ACTIONS))
    def refuse_text_that_is_no_action(self, text: str) -> None:
        snap = snapshot(self.state)
        with pytest.raises(NotationError):
            self.state.apply(text)
        assert snapshot(self.state) == snap, f"refusing {text!r} changed the state"

    # ---- the invariants, after every step -------------------------------------------------

    @invariant()
    def no_card_is_lost_or_doubled(self) -> None:
        assert_clean(check_cards, self.state, snapshot(self.state), self.pack)

    @invariant()
    def every_play_follows_suit(self) -> None:
        if self.state.phase is Phase.PLAY:
            assert_clean(check_play_step, self.state)

    @invariant()
    def there_is_a_legal_action_until_the_end(self) -> None:
        s = self.state
        legal = s.legal_actions()
        assert s.is_over == (s.phase is Phase.DONE) == (not legal) == (s.to_act is None)
        assert len(set(legal)) == len(legal), f"an action offered twice: {legal}"
        if not s.is_over:
            with pytest.raises(NotOverError):
                s.result()

    @invariant()
    def no_view_shows_what_its_seat_has_not_seen(self) -> None:
        s = self.state
        steps = s.steps
        for seat in range(s.players):
            view = s.view(seat)
            unseen = bits(gift for _, gift, partner, _ in s.exchanges if partner == seat)
            if s.phase is Phase.BLIND and seat == s.dealer:
                assert view.hand == () and view.hand_mask == 0, "the dealer names trump blind"
            else:
                assert bits(view.hand) == view.hand_mask == s.hand_mask(seat) & ~unseen, \
                    f"seat {seat}'s view of its hand, {view.hand}, is not its cards but those passed to it face down"
            leaked = shown_to(s, seat, steps) & ~known_to(s, seat, steps)
            assert not leaked, f"seat {seat}'s view shows {' '.join(map(str, cards_of(leaked)))} in {s!r}"
            assert view.legal_actions() == (s.legal_actions() if s.to_act == seat else ())
            for (actor, action), (_, text) in zip(steps, view.public_history, strict=True):
                if action.kind in HIDDEN_KINDS and actor != seat:
                    assert text == f"{action.kind} ?", f"seat {seat} reads {text!r}, a card passed face down"

    @invariant()
    def the_tricks_add_up(self) -> None:
        s = self.state
        active = set(s.active_seats)
        if s.trump is None or s.phase not in (Phase.PLAY, Phase.DONE):
            assert not s.tricks and not s.trick, "cards played before play"
            return
        assert sum(s.tricks_won) == len(s.tricks) <= self.rules.hand_size
        assert len(s.trick) < len(active)
        leader = None
        for trick in [*s.tricks, None]:
            plays = trick.plays if trick is not None else s.trick
            if plays and leader is not None:
                assert plays[0][0] == leader, f"seat {plays[0][0]} led, not the last trick's winner {leader}"
            if trick is None:
                break
            seats = [seat for seat, _ in trick.plays]
            assert len(seats) == len(set(seats)) == len(active) and set(seats) == active, str(trick)
            assert trick.led == effective_suit(trick.plays[0][1], s.trump)
            assert trick.winner == trick_winner([(seat, str(c)) for seat, c in trick.plays], s.trump.letter), str(trick)
            leader = trick.winner
        if s.trick:
            assert s.winning_seat == trick_winner([(seat, str(c)) for seat, c in s.trick], s.trump.letter)
            assert s.turn in active and s.turn not in {seat for seat, _ in s.trick}

    # ---- the end --------------------------------------------------------------------------

    def teardown(self) -> None:
        """Play the hand out (each step checked as above), then check its result. The action
        taken depends only on the state, so that hypothesis can shrink a failing run."""
        if not hasattr(self, "state"):   # the deal itself failed
            return
        s = self.state
        while not s.is_over:
            legal = s.legal_actions()
            s = self.state = s.apply(legal[len(s.history) % len(legal)])
            for check in (self.no_card_is_lost_or_doubled, self.every_play_follows_suit,
                          self.there_is_a_legal_action_until_the_end, self.no_view_shows_what_its_seat_has_not_seen,
                          self.the_tricks_add_up):
                check()
        self.the_hand_ends_with_its_score()

    def the_hand_ends_with_its_score(self) -> None:
        s, rs = self.state, self.rules
        assert HandState.replay(s.deal, s.history) == s
        assert_clean(check_end, s, rs)
        assert_clean(check_points, s, rs)
        result = s.result()
        o = result.outcome
        assert result.tricks_by_seat == s.tricks_won and sum(result.tricks_by_team) == len(s.tricks)
        assert result.score == scoring.score(rs, o), "the result's points are not the scoring's"
        if s.passed_out:
            assert o.passed_out and not any(result.points_by_team)
            return
        makers = [seat for seat in range(s.players) if s.makers_mask >> seat & 1]
        assert (o.maker_tricks, o.alone, o.pat, o.jambone, o.defended_alone, o.bid) == (
            sum(s.tricks_won[seat] for seat in makers), s.alone, s.pat, s.jambone, s.lone_defender is not None, s.bid)
        if rs.partnerships:
            assert result.points_by_team[result.maker_team] == result.makers
            defending = [p for team, p in enumerate(result.points_by_team) if team != result.maker_team]
            assert defending == list(result.score.defenders_by_team)
        plain = not (s.alone or s.pat or s.jambone or s.jamboree is not None or s.lone_defender is not None)
        if plain and rs.scoring == "fixed":         # the partnership table (rule book A7)
            size, took = rs.hand_size, o.maker_tricks
            if took == size:
                expected = (rs.march_points, 0)
            elif took > size // 2:
                expected = (rs.make_points, 0)
            else:
                expected = (0, rs.euchre_points)
            assert (result.makers, max(result.score.defenders_by_team)) == expected, result.explanation
        if plain and rs.scoring == "per_trick" and rs.players == 4:   # a point a trick to the side that made it (D11)
            made = o.maker_tricks > rs.hand_size // 2
            assert result.makers == (o.maker_tricks if made else 0), result.explanation
            assert result.score.defenders_by_team == ((0,) if made else o.defenders), result.explanation


@pytest.mark.parametrize("preset", PRESETS)
def test_a_hand_keeps_every_invariant_at_every_step(preset: str) -> None:
    run_state_machine_as_test(lambda: HandMachine(preset), settings=SETTINGS)

"""The hint ladder, and the numbers behind it: layouts that fit what a seat has seen."""
import math
import random
import re
from collections import Counter
from itertools import combinations

import pytest
from referee import LISTED_TRUMP, code, eff, letter, role

from euchre_lessons import PlaySession, Timeline, solver
from euchre_lessons.cards import ids_of
from euchre_lessons.hand.phases import Phase
from euchre_lessons.hand.view import SeatView
from euchre_lessons.players.search import Knowledge
from euchre_lessons.ranking import ranking
from euchre_lessons.teaching import card_values, hint, playout_values, worlds
from euchre_lessons.teaching.hints import values
from euchre_lessons.valuing import knowing
from euchre_lessons.valuing.knowing import EXACT_LIMIT, Layouts, _every_layout, _knowledge, layouts


def _play_states(preset, seeds, least_legal=2):
    for seed in seeds:
        for s in Timeline.from_seed(preset, seed).states:
            if s.phase is Phase.PLAY and len(s.legal_actions()) >= least_legal:
                yield seed, s


def test_level_one_says_what_to_think_about_in_play():
    seen_follow = seen_partner = seen_lead = False
    for _seed, s in _play_states("standard", range(20), 1):
        text = hint(s, level=1).text
        if s.trick:
            assert "winning the trick with" in text
            seen_follow |= "You must follow" in text
            if "You must follow" in text:  # how many of the suit led he holds, as the referee counts them
                trump, led = letter(s.trump), str(s.trick[0][1])
                held = sum(eff(str(c), trump) == eff(led, trump) for c in s.hand(s.turn))
                assert f"and you hold {'one' if held == 1 else held} of them;" in text, text
            seen_partner |= "your partner" in text
            assert ("You must follow" in text) or ("cannot follow" in text)
            assert text[0].isupper()
        else:
            seen_lead |= text.startswith("You lead to trick")
    assert seen_follow and seen_partner and seen_lead


@pytest.mark.parametrize("preset", ["standard", "hoyle_railroad_full", "modern_railroad", "hoyle_seven_handed"])
def test_level_one_counts_the_trumps_as_the_referee_does_each_named_with_its_role(preset):
    """Where a first hint counts the trumps held (once trump is fixed), it lists the cards that
    are trumps by the rule book, a bower or the Joker with its role."""
    counted = 0
    for seed in range(12):
        for s in Timeline.from_seed(preset, seed).states:
            if s.is_over or s.trump is None or s.phase in (Phase.ROUND1, Phase.ROUND2):
                continue
            text = hint(s, level=1).text
            m = re.search(r"[Yy]ou hold (?:no trump|(\d+) trumps?: (.*?))"
                          r"(?:, and the turn-up, (.*?), comes into your hand( unless you go alone pat)?)?(?:\.(?: |$)|;)",
                          text)
            if not m or "Jambone hand" in text:
                continue
            trump = letter(s.trump)
            holder = s.turn if s.phase is Phase.PLAY else s.to_act
            want = [str(c) for c in s.hand(holder) if eff(str(c), trump) == "T"]
            listed = re.findall(LISTED_TRUMP, m.group(2) or "")
            got = [code(c) for c, _ in listed]
            assert sorted(got) == sorted(want) and (m.group(1) is None or int(m.group(1)) == len(want)), text
            for c, (_, said) in zip(got, listed):
                assert said == role(c, trump), (text, c)
            # the dealer deciding before his discard is told of the turn-up he will take in
            taking = s.upcard_lying and holder == s.dealer and s.phase in (Phase.ALONE, Phase.TAKE_OVER)
            assert (m.group(3) is not None) == taking, text
            if taking:
                (up, said), = re.findall(LISTED_TRUMP, m.group(3))
                assert code(up) == str(s.upcard) and said == role(code(up), trump), text
                # a pat hand would leave it out of play: said wherever he may go alone pat (D-7)
                pat = any(a.kind == "alone pat" for a in s.legal_actions())
                assert (m.group(4) is not None) == pat, text
            counted += 1
    assert counted > 20, counted


def test_level_one_in_bidding_names_the_turn_up_and_counts_trumps():
    s = PlaySession("standard", human=1, seed=7)
    while s.state.phase is not Phase.ROUND1 and not s.is_over:
        s = s.play(s.legal_actions()[-1])
    text = s.hint(1).text
    assert "The turn-up is the" in text and "trump" in text
    assert hint(s.state, level=1).level == 1 and hint(s.state, level=1).action is None


def test_level_two_names_the_best_action_of_level_three():
    for _seed, s in list(_play_states("standard", range(6)))[:12]:
        two, three = hint(s, level=2), hint(s, level=3)
        assert two.action is three.action is three.values.best.action
        assert two.action in s.legal_actions()
        assert str(two.action.card)[0] in str(three) or "Play" in two.text
        assert {v.action for v in three.values.values} == set(s.legal_actions())


def test_exact_values_average_every_layout_that_fits_what_the_seat_has_seen():
    checked = 0
    for _seed, s in _play_states("standard", range(40)):
        view = SeatView(s, s.to_act)
        found, every = layouts(view)
        if not every:
            continue
        k = Knowledge(view)
        # an independent count: every way to give each seat its number of unseen cards, voids kept
        seats = sorted(k.need)
        pool = ids_of(k.unseen)

        def count(i, left):
            if i == len(seats):
                return 1
            s_ = seats[i]
            return sum(count(i + 1, left - set(c)) for c in combinations(sorted(left), k.need[s_])
                       if all(k.allowed[s_] >> x & 1 for x in c))

        assert len(found) == count(0, set(pool)) <= EXACT_LIMIT
        assert any(all(f[x] == s.hand_masks[x] for x in s.active_seats) for f in found)  # the real one too
        v = card_values(s)
        assert v.method == "exact" and all(x.tricks_se == 0 for x in v.values)
        checked += 1
        if checked >= 6:
            break
    assert checked >= 3


def test_sampled_layouts_respect_the_voids_and_carry_standard_errors():
    for seed, s in list(_play_states("modern_railroad", range(5)))[:6]:
        view = SeatView(s, s.to_act)
        k = Knowledge(view)
        found, every = layouts(view, samples=12, seed=seed)
        for f in found:
            for seat in k.need:
                if seat not in k.active:  # a partner sitting out: laid out to weigh the layouts, then put aside
                    assert f[seat] == 0
                    continue
                assert f[seat] & ~(k.allowed[seat] | k.forced.get(seat, 0)) == 0
                assert f[seat].bit_count() == k.need[seat] + bool(k.forced.get(seat, 0))
            assert f[s.to_act] == k.fixed[s.to_act]
        v = card_values(s, samples=12, seed=seed, most=12)
        if not every:
            assert v.method == "sampled" and v.layouts == 12
        assert card_values(s, samples=12, seed=seed, most=12) == v  # seeded


@pytest.mark.parametrize("preset", ["standard", "hoyle_railroad_full", "modern_railroad"])
def test_with_every_hand_shown_the_values_are_the_double_dummy_solution(preset):
    for _seed, s in list(_play_states(preset, range(4)))[:8]:
        v = card_values(s, show_all=True)
        sol = solver.solve(s)
        maker = bool(s.setup.side >> s.to_act & 1)
        size = s.rules.hand_size
        for cv in sol.cards:
            mine = v.of(next(a for a in s.legal_actions() if a.card is cv.card))
            assert mine.tricks == (cv.tricks if maker else size - cv.tricks)
            assert mine.points == (cv.net if maker else -cv.net)
        assert v.method == "double dummy" and v.layouts == 1


def test_worlds_look_to_the_seat_exactly_like_the_real_hand():
    for preset in ("standard", "hoyle_railroad", "modern_railroad_6p", "hoyle_seven_handed"):
        for seed in range(4):
            t = Timeline.from_seed(preset, seed)
            for s in t.states:
                if s.is_over or len(s.legal_actions()) < 2:
                    continue
                seat = s.to_act
                mine = SeatView(s, seat)
                for w in worlds(s, seat, count=5, seed=seed):
                    theirs = SeatView(w, seat)
                    assert theirs.public_history == mine.public_history
                    assert theirs.hand == mine.hand and w.upcard == s.upcard
                    assert w.legal_actions() == s.legal_actions()
                    assert theirs.played == mine.played
                break


def test_bidding_values_give_each_legal_bid_its_expected_points():
    s = PlaySession("standard", human=0, seed=3)
    h = s.hint(3)
    v = h.values
    assert v.method == "playouts" and v.layouts == 100
    assert {x.action for x in v.values} == set(s.legal_actions())
    assert all(x.points_se > 0 for x in v.values)
    assert "points" in str(h) and "±" in str(h)
    assert h.action is v.values[0].action and v.values[0].points >= v.values[-1].points


def test_three_sided_hands_are_valued_by_playouts():
    for seed in range(10):
        for s in Timeline.from_seed("modern_railroad_6p", seed).states:
            if s.phase is Phase.PLAY and len(s.legal_actions()) > 1:
                teams = {x % 3 for x in s.active_seats}
                if len(teams) == 3:
                    v = hint(s, level=3).values
                    assert v.method == "playouts"
                    return
    pytest.fail("no three-sided six-player hand in 10 deals")


def test_a_hint_needs_a_decision_and_a_level_on_the_ladder():
    s = PlaySession("standard", seed=1)
    with pytest.raises(ValueError, match="levels 1"):
        s.hint(4)
    t = Timeline.from_seed("standard", 1)
    with pytest.raises(ValueError, match="hand is over"):
        hint(t.final)
    other = (t.state.to_act + 1) % 4
    with pytest.raises(ValueError, match="another seat"):
        hint(t.state, seat=other)


def test_standard_errors_are_the_spread_of_the_layouts():
    seed, s = next(_play_states("standard", range(3)))
    v = playout_values(s, samples=20, seed=1)
    for x in v.values:
        rows = v.per_layout[x.action]
        pts = [p for _, p in rows]
        m = sum(pts) / len(pts)
        se = math.sqrt(sum((p - m) ** 2 for p in pts) / (len(pts) - 1) / len(pts))
        assert x.points == pytest.approx(m) and x.points_se == pytest.approx(se)


CODE = re.compile(r"\b[2-9TJQKA][CDHS]\b|JK")


def _sentences(text):
    return {x.strip() for x in re.split(r"(?<=\.)\s+", text) if x.strip()}


def _decisions(preset, seeds, least_legal=2):
    for seed in seeds:
        for s in Timeline.from_seed(preset, seed).states:
            if not s.is_over and len(s.legal_actions()) >= least_legal:
                yield seed, s


def test_the_tie_of_standard_seed_0_state_9_is_not_claimed_from_samples():
    # the J♠ alone makes the contract with the cards face up; 24 layouts could not tell it from the K♣
    s = Timeline.from_seed("standard", 0).states[9]
    assert {str(a) for a in s.legal_actions()} >= {"play JS", "play KC"}
    v = values(s, s.to_act)
    assert not v.exact and v.layouts > 24  # more layouts drawn before it spoke
    for level in (2, 3):
        text = hint(s, level=level).text
        assert "either will do" not in text and "worth the same" not in text
    assert v.settled or "too close to call" in hint(s, level=2).text
    assert str(hint(s, level=2).action.card) == "JS"
    face_up = hint(s, level=2, show_all=True)
    assert str(face_up.action.card) == "JS" and "either will do" not in face_up.text


@pytest.mark.parametrize("preset", ["standard", "hoyle_railroad", "modern_railroad"])
def test_a_tie_is_said_only_over_every_layout_and_close_values_are_called_close(preset):
    seen_close = seen_settled = 0
    for _seed, s in _play_states(preset, range(8)):
        v = values(s, s.to_act)
        text2, text3 = hint(s, level=2).text, hint(s, level=3).text
        if "either will do" in text2 or "worth the same in every one" in text3:
            assert v.tie and v.exact
        if "worth the same whatever the layout" in text2:
            assert v.same_as_best()
        if v.rival is None:
            continue
        dt, dp, se_t, se_p = v.margin()
        if not v.exact and not v.settled:
            assert dp <= 2 * se_p + 1e-9
            assert f"too close to call over {v.layouts:,} layouts" in text2 + text3
            seen_close += 1
        if v.settled and not v.exact:
            assert dp > 2 * se_p or (se_p == 0 and dp == 0 and dt > 2 * se_t)
            assert "by more than the sampling error" in text2
            seen_settled += 1
    assert seen_settled


def test_layouts_are_counted_exactly_and_drawn_uniformly():
    checked = 0
    for seed, s in _play_states("hoyle_railroad", range(4), 1):
        k = _knowledge(SeatView(s, s.to_act))
        every = _every_layout(k, 5000)
        if every is None:
            continue
        space = Layouts(k)
        assert space.total == len(every)
        # a layout of the seats in play comes once for each way the cards out of play can lie
        # (a partner sitting out holds some of them), and only then
        ways = Counter(every)
        if all(s in k.active for s in k.need):
            assert len(ways) == len(every)
        checked += 1
        if 10 <= len(ways) <= 80:
            rng = random.Random(seed)
            counts = Counter(space.draw(rng) for _ in range(space.total * 100))
            assert set(counts) == set(ways)  # every layout can come, and nothing else
            shares = [counts[h] / ways[h] for h in ways]
            assert max(shares) < 2 * min(shares)
    assert checked >= 10


def test_more_layouts_are_drawn_only_while_the_best_two_are_close():
    grew = 0
    for _seed, s in list(_play_states("standard", range(6)))[:40]:
        first = card_values(s, samples=24, most=24)
        v = card_values(s)
        if first.method == "sampled" and first.settled:
            assert v == first
        if v.layouts > 24 and v.method == "sampled":
            assert not first.settled
            grew += 1
    assert grew


def test_drawing_stops_once_the_best_two_are_shown_within_a_negligible_margin(monkeypatch):
    """A near thing stops the drawing: the best leads the rival by NEGLIGIBLE points or less at two
    standard errors above its mean (or the two came out the same in every layout drawn), so more
    layouts would hardly ever make either the better by anything worth telling; without the stop
    (NEGLIGIBLE below 0) the same positions draw on."""
    stopped = []
    for _seed, s in list(_play_states("standard", range(8)))[:60]:
        v = card_values(s)
        if v.method == "sampled" and v.near and not v.settled:
            dt, dp, se_t, se_p = v.margin()
            assert dp + 2 * se_p <= knowing.NEGLIGIBLE + 1e-9
            k = _knowledge(SeatView(s, s.to_act))
            most = knowing.budget(k.cards_in_play, len(k.sure_groups([a.cid for a in s.legal_actions()])))
            if v.layouts < most:
                stopped.append((s, v))
        elif v.method == "sampled" and not v.settled:
            assert not v.near
    assert stopped
    monkeypatch.setattr(knowing, "NEGLIGIBLE", -1.0)
    grew = sum(card_values(s).layouts > v.layouts for s, v in stopped)
    assert grew == len(stopped)


def test_the_budget_is_shared_among_the_choices_to_value():
    """The layouts a close hint may solve fall as the cards in play and the choices to value rise,
    and never below the first draw."""
    for cards in (8, 12, 16, 20, 24, 28):
        sizes = [knowing.budget(cards, choices) for choices in (1, 2, 3, 5)]
        assert sizes == sorted(sizes, reverse=True) and sizes[-1] >= knowing.SAMPLES
    assert [knowing.budget(c, 2) for c in (8, 12, 16, 20)] == sorted((knowing.budget(c, 2) for c in (8, 12, 16, 20)),
                                                                      reverse=True)
    for _seed, s in list(_play_states("standard", range(4)))[:30]:
        v = card_values(s)
        if v.method == "sampled":
            k = _knowledge(SeatView(s, s.to_act))
            assert v.layouts <= knowing.budget(k.cards_in_play, len(k.sure_groups([a.cid for a in s.legal_actions()])))


@pytest.mark.parametrize("preset", ["standard", "hoyle_railroad", "modern_railroad", "hoyle_railroad_full"])
def test_no_two_levels_say_the_same_sentence(preset):
    checked = 0
    for _seed, s in _decisions(preset, range(4), 1):
        texts = [hint(s, level=level).text for level in (1, 2, 3)]
        sentences = [_sentences(t) for t in texts]
        assert not sentences[0] & sentences[1] and not sentences[1] & sentences[2]
        assert not sentences[0] & sentences[2]
        checked += 1
    assert checked >= 40


@pytest.mark.parametrize("preset", ["standard", "hoyle_railroad", "modern_railroad", "hoyle_railroad_full"])
def test_no_card_code_in_any_level_or_table(preset):
    checked = 0
    for _seed, s in _decisions(preset, range(4), 1):
        h = hint(s, level=3)
        for text in (hint(s, level=1).text, hint(s, level=2).text, h.text, str(h), h._repr_html_(),
                     str(h.values), h.values._repr_html_()):
            assert not CODE.search(text), text
        checked += 1
    assert checked >= 40


def test_points_are_said_in_plain_words():
    seen = set()
    for _seed, s in list(_decisions("standard", range(3)))[:30]:
        text = hint(s, level=3).text
        assert "(+" not in text and "(-" not in text and " points)" not in text
        for m in re.finditer(r"comes out (\S+) points? (ahead|behind)|comes out even", text):
            seen.add(m.group(2) or "even")
        best = values(s, s.to_act).best
        if best.points > 0.005:
            assert "ahead on average" in text
        if best.points < -0.005:
            assert "behind on average" in text
    assert {"ahead", "behind"} <= seen


def test_level_two_says_what_the_card_does_in_the_trick():
    seen = Counter()
    for _seed, s in _play_states("standard", range(12)):
        text = hint(s, level=2).text
        card = hint(s, level=2).action.card
        if not s.trick:
            assert "it leads" in text
            seen["lead"] += 1
            continue
        led = s.play_setting.eff_suit[s.trick[0][1].id]
        mine = s.play_setting.eff_suit[card.id]
        if mine == led:
            assert "it follows" in text
            seen["follow"] += 1
        elif mine == s.setup.trump:
            assert "trump" in text
            seen["trump"] += 1
        else:
            assert "it throws off" in text
            seen["throw"] += 1
        if "wins the trick" in text:  # said only when no card a later seat may hold beats it: so not the real ones
            rank = ranking(s.setup.trump, s.rules.trump_order)
            played = tuple((x, c.id) for x, c in s.trick) + ((s.turn, card.id),)
            order = list(s.active_seats)
            start = order.index(s.trick[0][0])
            later = [order[(start + i) % len(order)] for i in range(len(s.trick) + 1, len(order))]
            assert rank.trick_winner(played) == s.turn
            for x in later:
                assert all(rank.trick_winner(played + ((x, c),)) == s.turn for c in ids_of(s.hand_mask(x)))
            seen["wins"] += 1
    assert seen["lead"] and seen["follow"] and (seen["trump"] or seen["throw"]) and seen["wins"]


def test_a_gap_and_its_error_are_written_so_that_they_differ():
    from euchre_lessons.teaching.hints import _gap_and_error

    assert _gap_and_error(0.5, 0.1) == ("0.5", "0.1")
    assert _gap_and_error(0.0412, 0.0398) == ("0.041", "0.040")
    assert _gap_and_error(0.04004, 0.03986) == ("0.0400", "0.0399")


@pytest.mark.parametrize("preset", ["standard", "hoyle_railroad", "modern_railroad"])
def test_bidding_hints_say_too_close_to_call_exactly_when_within_the_error(preset):
    seen = Counter()
    for _seed, s in list((x, y) for x, y in _decisions(preset, range(6)) if y.phase is not Phase.PLAY)[:12]:
        v = values(s, s.to_act)
        two, three = hint(s, level=2), hint(s, level=3)
        assert two.action is v.best.action and two.action in s.legal_actions()
        dt, dp, se_t, se_p = v.margin()
        if v.settled:
            assert "by more than the sampling error" in two.text and "too close" not in two.text
            assert "more than the error" in three.text
            seen["settled"] += 1
        else:
            assert dp <= 2 * se_p + 1e-9
            assert "too close to call" in two.text and f"too close to call over {v.layouts:,} deals" in three.text
            seen["close"] += 1
        assert "the rule-of-thumb players" in three.text and not CODE.search(two.text + three.text)
    assert seen["settled"]


def test_the_card_hint_speaks_where_three_sides_play_in_the_six_player_game():
    """With three sides in play the solver does not score the hand; the card's reason, which
    needs only what the seat knows of the cards, must still be given (it once raised SolverError)."""
    from euchre_lessons import PlaySession
    from euchre_lessons.hand.phases import Phase

    three_sided = 0
    for seed in range(24, 30):
        s = PlaySession("modern_railroad_6p", human=0, seed=seed)
        while not s.is_over:
            if s.state.phase is Phase.PLAY:
                h = s.hint(2)
                assert h.action in s.legal_actions() and h.text
                three_sided += not s.state.alone
            s = s.play(s.legal_actions()[0])
    assert three_sided >= 5


def test_a_jambone_callers_first_hint_speaks_of_the_jambone_hand_not_his_own():
    from euchre_lessons.practice.positions import build
    from euchre_lessons.teaching.hints import think_about

    deal = ("modern_railroad | dealer 0 | TC QC 8D 9D AH 9S KS / 7C 8C KC JD 8H 9H TS / JC TD TH QH KH JS AS / "
            "7D QD KD 7H JH 7S JK | up AC | rest 9C AD 8S QS")
    actions = ["pass", "assist", "alone", "give TD", "jambone", "play JD", "call AS", "play 7D", "play TS", "call KH",
               "play 7S", "play 8H", "call TH", "play JH", "play 7H", "play 9H", "call QH", "call QC", "play JK",
               "play 7C", "play QD", "play 8C"]
    p = build({"id": "x", "preset": "modern_railroad", "deal": deal, "actions": actions, "question": "q",
               "answers": ["call JS"], "explanation": "e", "proof": "what you can see"}, "t")
    text = think_about(p.state, p.seat)
    assert text.startswith("You call the card for South's Jambone hand, which lies face up")
    assert "most. South cannot follow diamonds, so you may call any of his cards" in text
    assert "you cannot follow" not in text
    from euchre_lessons.hand.state import HandState

    state, leads = HandState.start(p.state.deal), 0
    for a in actions:  # every lead the opponents call for the Jambone hand, with a choice
        if state.phase is Phase.PLAY and state.to_act != state.turn and not state.trick and len(state.legal_actions()) > 1:
            words = think_about(state, state.to_act)
            assert f"South leads to trick {len(state.tricks) + 1} of 7" in words and "South's hand holds" in words
            leads += 1
        state = state.apply(state.parse_action(a))
    assert leads >= 1


def test_the_second_round_hint_names_the_card_turned_down_as_it_is_written():
    """"The J♥ was turned down": the card's letter kept (``str.capitalize`` wrote "The j♥")."""
    from euchre_lessons import HandState, Phase, deal, rules
    from euchre_lessons.teaching.hints import hint
    from euchre_lessons.words import card_words

    rs, seen = rules.load("standard"), set()
    for seed in range(60):
        s = HandState.start(deal(rs, seed=seed))
        while s.phase is Phase.ROUND1:
            s = s.apply("pass")
        text = hint(s, level=1).text
        name = card_words(s.upcard)
        assert text.startswith("The " + name[4:] + " was turned down."), text
        seen.add(name[4])
    assert {"J", "Q", "K", "A"} <= seen, seen

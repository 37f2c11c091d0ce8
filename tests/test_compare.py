"""RuleComparison: one deal under two rule sets, the packs nested; and many deals summed up."""
import html
import importlib.util
import re
import warnings
from pathlib import Path

import pytest

from euchre_lessons import Deal, RuleComparison, deal, figures, rules
from euchre_lessons.cards import cards_of
from euchre_lessons.errors import IllegalActionError, RuleSetError, RuleSetWarning
from euchre_lessons.hand.phases import Phase
from euchre_lessons.hand.state import HandState
from euchre_lessons.knobs import KNOBS
from euchre_lessons.table import seat_name
from euchre_lessons.teaching import Bots, Summary, nested_deal
from euchre_lessons.teaching.divergence import units
from euchre_lessons.teaching.knob_words import knob_words, value_words
from euchre_lessons.teaching.strength import stored_frame
from euchre_lessons.words import cards_words

PAIRS = [("standard", "hoyle_ordinary"), ("hoyle_railroad", "modern_railroad"), ("standard", "modern_railroad"),
         ("hoyle_railroad", "hoyle_railroad_full"), ("hoyle_ordinary", "hoyle_railroad")]


@pytest.mark.parametrize("small,big", [("standard", "hoyle_ordinary"), ("hoyle_railroad", "modern_railroad"),
                                       ("standard", "modern_railroad"), ("hoyle_ordinary", "modern_railroad")])
def test_the_smaller_packs_deal_is_kept_inside_the_larger(small, big):
    for seed in range(50):
        inner = deal(small, seed=seed, dealer=seed % 4)
        outer = nested_deal(inner, big, seed)
        rb = rules.load(big)
        shared = rb.pack_mask
        for s in range(4):
            assert inner.masks[s] & shared & ~outer.masks[s] == 0  # every seat keeps its cards
            assert outer.masks[s].bit_count() == rb.hand_size
        if inner.upcard is not None and shared >> inner.upcard.id & 1:
            assert outer.upcard is inner.upcard
        again = Deal.from_hands(rb, [outer.hand(s) for s in range(4)], outer.upcard, outer.dealer, outer.rest)
        assert again == outer  # a valid deal of the larger pack
        assert nested_deal(inner, big, seed) == outer  # seeded


def test_one_deal_is_played_under_both_rule_sets_by_the_same_players():
    c = RuleComparison("hoyle_railroad", "modern_railroad", seed=4)
    assert c.left.final.rules.name == "hoyle_railroad" and c.right.final.rules.name == "modern_railroad"
    assert c.left.final.is_over and c.right.final.is_over
    inner = c.left.states[0].deal
    outer = c.right.states[0].deal
    assert all(inner.masks[s] & ~outer.masks[s] == 0 for s in range(4))
    left, right = c.scores()
    assert len(left) == len(right) == 2
    aligned = c.aligned()
    assert len(aligned) == max(len(c.left.steps), len(c.right.steps))
    assert RuleComparison("modern_railroad", "hoyle_railroad", seed=4).right.states[0].deal == inner


@pytest.mark.parametrize("a,b", PAIRS)
def test_the_divergence_is_the_first_step_that_differs(a, b):
    parted = 0
    for seed in range(12):
        c = RuleComparison(a, b, seed=seed)
        d = c.divergence()
        ls, rs_ = c.left.steps, c.right.steps
        if d.step is None:
            assert [str(s.action) for s in ls] == [str(s.action) for s in rs_]
            continue
        parted += 1
        i = d.step - 1
        assert all(str(ls[k].action) == str(rs_[k].action) for k in range(i))
        assert i >= len(ls) or i >= len(rs_) or str(ls[i].action) != str(rs_[i].action) \
            or ls[i].before.phase is not rs_[i].before.phase
        assert set(d.knobs) <= set(c.knobs())
        assert str(d).startswith(f"Step {d.step}: ")
    if a == "hoyle_railroad" and b == "modern_railroad":
        assert parted >= 8


def test_the_same_rules_never_part_and_say_so():
    for seed in range(5):
        c = RuleComparison("standard", "standard", seed=seed)
        d = c.divergence()
        assert d.step is None and d.knobs == () and c.left.states == c.right.states and c.knobs() == ()
        assert str(d).startswith("The two games play this deal the same way to the end") and "None" not in str(d)
        assert "both score it alike" in str(d) and d  # a value a lesson can test and print


def test_only_tables_of_one_size_are_compared():
    with pytest.raises(RuleSetError, match="same size"):
        RuleComparison("standard", "modern_railroad_6p")
    with pytest.raises(RuleSetError, match="same size"):
        nested_deal(deal("standard", seed=1), "hoyle_seven_handed")


def test_the_summary_over_many_deals_gives_differences_with_confidence_intervals():
    s = RuleComparison.summary("hoyle_railroad", "modern_railroad", hands=120, seed=1)
    t = s.table
    assert list(t["measure"]) == ["maker points per hand", "defender points per hand", "lone hands", "euchres",
                                  "marches"]
    for _, row in t.iterrows():
        assert row["ci low"] <= row["difference"] <= row["ci high"]
        assert row["difference"] == pytest.approx(row["modern_railroad"] - row["hoyle_railroad"])
        assert row["deals"] == 120
    points = t.set_index("measure").loc["maker points per hand"]
    assert points["ci low"] > 0  # seven tricks scored one point each: more points per hand, surely
    same = RuleComparison.summary("standard", "standard", hands=20, seed=2).table
    assert (same["difference"] == 0).all()
    assert "95% confidence" in s._repr_html_() and "over 120 deals" in str(s)
    with pytest.raises(ValueError, match="hands=1"):
        RuleComparison.summary("standard", "standard", hands=1)


def _row_by_row():
    """bench/compare_summary.py's ``table_row_by_row``: the summary's table worked out the plain way."""
    spec = importlib.util.spec_from_file_location("compare_summary_bench",
                                                  Path(__file__).resolve().parents[1] / "bench" / "compare_summary.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.table_row_by_row


def _summaries() -> list:
    """300 stored deals under two rule sets (the experts' rows of lesson 05), the first set's
    rows alone as a summary of one rule set against itself, and 40 deals played now."""
    rows = stored_frame("summary_expert")
    hoyle = rows[rows["rules"] == "hoyle_railroad"].reset_index(drop=True)
    return [Summary("hoyle_railroad", "modern_railroad", rows), Summary("hoyle_railroad", "hoyle_railroad", hoyle),
            RuleComparison.summary("standard", "hoyle_ordinary", hands=40, seed=3)]


def test_the_summary_table_is_the_row_by_row_table():
    plain = _row_by_row()
    for s in _summaries():
        want, got = plain(s), s.table
        assert list(got.columns) == list(want.columns) and list(got["measure"]) == list(want["measure"])
        assert list(got["unit"]) == list(want["unit"]) and list(got["deals"]) == list(want["deals"])
        numbers = [c for c in want.columns if c not in ("measure", "unit", "deals")]
        assert ((got[numbers] - want[numbers]).abs().fillna(0) <= 1e-12).all().all(), (s.a, s.b)
        assert (got[numbers].isna() == want[numbers].isna()).all().all()


def test_the_summary_table_is_worked_out_once_and_kept():
    s = _summaries()[0]
    first = s.table
    assert "_table" in vars(s)  # kept on the value
    first.loc[0, "difference"] = 99.0  # a copy: changing it leaves the summary as it was
    assert s.table["difference"][0] != 99.0 and "99.0" not in str(s)
    with pytest.raises(AttributeError):
        s.a = "standard"


def test_both_hands_step_together():
    c = RuleComparison("hoyle_railroad", "modern_railroad", seed=2)
    assert c.cursor == 0 and len(c) == max(len(c.left), len(c.right))
    f = c.forward().forward()
    assert f.cursor == 2 and f.left.cursor == 2 and f.right.cursor == 2 and c.cursor == 0
    end = c.goto(len(c) - 1)
    assert end.left.at_end and end.right.at_end and end.forward().cursor == end.cursor
    assert f.back().cursor == 1 and c.back().cursor == 0
    with pytest.raises(IndexError, match="numbered 0 to"):
        c.goto(len(c))


# ---- what parts two hands, by experiment -----------------------------------------------------------
# The knobs a divergence names are checked here by flipping them, independently of how the
# comparison found them: the left rule set with a knob set as in the right one replays the same
# deal and actions to the step, and the step (the choices on offer, the trump a turn-up
# proposes, the score of a finished hand) is compared with the left hand's.

CAUSE_PAIRS = [("hoyle_railroad", "modern_railroad"), ("modern_railroad", "hoyle_railroad"),
               ("standard", "hoyle_ordinary"), ("hoyle_ordinary", "hoyle_railroad"),
               ("hoyle_railroad", "hoyle_railroad_full"), ("standard", "hoyle_railroad"),
               ("standard", "modern_railroad")]
SEEDS = range(40)
CODE = re.compile(r"\b[2-9TJQKA][CDHS]\b|\bJK\b")


def _the_step(state):
    """What the step is judged by, written out here apart from the comparison's own code."""
    proposed = state.tables.proposed[state.deal.upcard.id] if state.phase is Phase.ROUND1 else None
    points = state.result().points_by_team if state.is_over else None
    return state.phase, state.to_act, sorted(map(str, state.legal_actions())), proposed, points


def _rebuilt(c, knobs, i):
    """The left hand's state ``i`` with ``knobs`` set as in the right rule set (None if the same
    actions cannot be replayed on the same deal)."""
    with warnings.catch_warnings():  # a knob tried alone may play the Jambone without laps: the test knows
        warnings.simplefilter("ignore", RuleSetWarning)
        rs = c.a.replace(**{k: getattr(c.b, k) for k in knobs})
    try:
        return rs, HandState.replay(c.deal_under(rs), c.left.states[i].history)
    except IllegalActionError:
        return rs, None


def _index(c, d):
    return len(c.left.states) - 1 if d.step is None else d.step - 1


def _chose_between_offered(c, d):
    """Both hands have a step there, by the same seat, and each game offers what the other chose."""
    if d.step is None or d.left is None or d.right is None or d.left.seat != d.right.seat:
        return False
    i = d.step - 1
    legal_l = set(map(str, c.left.states[i].legal_actions()))
    legal_r = set(map(str, c.right.states[i].legal_actions()))
    return str(d.left.action) in legal_r and str(d.right.action) in legal_l


@pytest.mark.parametrize("a,b", CAUSE_PAIRS)
def test_each_knob_named_changes_the_step_and_each_one_left_out_changes_nothing(a, b):
    named = left_out = unsettable = 0
    for seed in SEEDS:
        c = RuleComparison(a, b, seed=seed)
        d = c.divergence()
        i = _index(c, d)
        base = _the_step(c.left.states[i])
        assert d.knobs == tuple(g[0] for g in d.groups) and set(d.knobs) <= set(c.knobs())
        for group in d.groups:
            _, state = _rebuilt(c, group, i)
            assert state is not None and _the_step(state) != base, (seed, group)
            named += 1
            if len(group) > 1:  # a group is named only when its first knob cannot be set alone
                with pytest.raises(RuleSetError):
                    c.a.replace(**{group[0]: getattr(c.b, group[0])})
        for k in c.knobs():
            if k in d.knobs:
                continue
            try:
                _, state = _rebuilt(c, (k,), i)
            except RuleSetError:
                unsettable += 1  # the rule set cannot take this knob alone
                continue
            if state is not None:  # (None: changed alone, it parts the hands at an earlier step)
                assert _the_step(state) == base, (seed, k)
                left_out += 1
    assert left_out >= 10 and (named >= 5 or (a, b) == ("standard", "hoyle_ordinary"))


@pytest.mark.parametrize("a,b", CAUSE_PAIRS)
def test_a_seat_choosing_differently_between_offered_choices_is_told_why(a, b):
    told = 0
    for seed in SEEDS:
        c = RuleComparison(a, b, seed=seed)
        d = c.divergence()
        if not _chose_between_offered(c, d):
            assert d.sways == ()
            continue
        told += 1
        i = d.step - 1
        seat = seat_name(d.left.seat, 4)
        before_l, before_r = c.left.states[i], c.right.states[i]
        same_offer = set(map(str, before_l.legal_actions())) == set(map(str, before_r.legal_actions()))
        proposals = {s.tables.proposed[s.deal.upcard.id] for s in (before_l, before_r)}
        parts = dict(d.parts)
        offer, why = parts["On offer"], parts[f"Why {seat} chooses differently"]
        if not same_offer:
            assert " offers “" in offer and f"what {seat} chose is offered in both games" in offer
        elif d.left.before.phase is Phase.ROUND1 and len(proposals) == 2:
            assert f"Both games offer {seat} the same choices" in offer and "proposes different trumps" in offer
        else:
            assert offer.startswith(f"Both games offer {seat} the same choices (")
        if before_l.hand_mask(d.left.seat) != before_r.hand_mask(d.left.seat):
            extra = before_r.hand_mask(d.left.seat) & ~before_l.hand_mask(d.left.seat)
            assert why.startswith(f"{seat} holds different cards")
            if extra:
                assert cards_words(cards_of(extra)) in why
        for k in c.knobs():  # flip every knob that can be flipped: does the seat choose otherwise?
            try:
                rs, state = _rebuilt(c, (k,), i)
            except RuleSetError:
                continue
            if state is None:
                continue
            moved = str(Bots(rs, c.players, c.seed).choose(state)) != str(d.left.action)
            assert moved == ((k,) in d.sways), (seed, k)
        for unit in d.sways:
            assert f"With only {knob_words(unit[0])} set as in {c.b.name}" in why
            rs, state = _rebuilt(c, unit, i)
            assert str(Bots(rs, c.players, c.seed).choose(state)) != str(d.left.action)
        if not d.sways:
            assert f"No one knob, changed alone, changes {seat}'s choice" in why
        _agree(d)
    if a in ("hoyle_railroad", "modern_railroad", "standard") and b in ("modern_railroad", "hoyle_railroad"):
        assert told >= 5


@pytest.mark.parametrize("a,b", CAUSE_PAIRS)
def test_hands_that_never_part_give_a_sentence_and_everything_is_in_words(a, b):
    never = 0
    for seed in SEEDS:
        c = RuleComparison(a, b, seed=seed)
        d = c.divergence()
        text = str(d)
        assert text and text.endswith(".") and "None" not in text and not CODE.search(text), text
        assert not CODE.search(re.sub(r"<[^>]+>", " ", c.panel().where))
        labels = [label for label, _ in d.parts]  # the lines: each game's, then the explanation's, in order
        games = [label for label in labels if label in (c.a.name, c.b.name)]
        assert labels[:len(games)] == games and games in ([], [c.a.name, c.b.name], [c.b.name, c.a.name])
        assert all(label in ("On offer", "What a hand scores", "The knobs") or label.startswith("Why ")
                   for label in labels[len(games):]), labels
        assert all(text[:1].isupper() and text.endswith(".") for _, text in d.parts), d.parts
        if d.step is not None:
            here = c.goto(d.step).panel().where
            assert here.count("<li><b>") == len(d.parts) and f"<b>Here the two hands part</b> {html.escape(d.head)}" in here
        if d.step is None:
            never += 1
            assert d.left is None and d.right is None
            assert text.startswith("The two games play this deal the same way to the end: all "
                                   f"{len(c.left.steps)} steps are the same")
            assert ("both score it alike" in text) == (c.scores()[0] == c.scores()[1])
            assert c.goto(3).divergence() is d  # found once, kept as the cursor moves
    if (a, b) in (("standard", "hoyle_ordinary"), ("hoyle_railroad", "hoyle_railroad_full")):
        assert never >= 10


def test_deal_78_names_the_exchange_rule_and_says_why_north_plays_with_a_partner():
    # lesson 05's example: deal 22 showed this until the rule of thumb's Foster lone hands were
    # mended (bench/thumb_mend.py); deal 78 shows it now
    c = RuleComparison("hoyle_railroad", "modern_railroad", seed=78)
    d = c.divergence()
    assert d.step == 3 and str(d.left.action) == "with partner" and str(d.right.action) == "alone"
    assert d.knobs == ("partners_best",)  # not pack, not deal_packets: North's choices are the same cards' choices
    parts = dict(d.parts)
    assert d.head == "at North's turn in the choice to go alone."
    assert (parts["hoyle_railroad"], parts["modern_railroad"]) == (d.left.sentence, d.right.sentence)
    assert parts["On offer"] == "Only hoyle_railroad offers “alone no exchange”; what North chose is offered in both games."
    why = parts["Why North chooses differently"]
    assert why.startswith("North holds different cards (under modern_railroad also the 8♣ and the 8♠). ")
    assert d.sways == (("scoring",),) and why.endswith(
        "With only the scoring set as in modern_railroad (points for each trick, where hoyle_railroad has fixed points "
        "for each outcome), North would go alone under hoyle_railroad, as North does under modern_railroad.")
    scores = parts["What a hand scores"]
    assert "a lone march (5 tricks) scores 4" in scores and "a lone march (7 tricks) scores 14" in scores
    assert parts["The knobs"] == d.causes == ("Changed alone, partner's best (optional in hoyle_railroad, always in "
                                              "modern_railroad) changes the choices on offer here.")
    assert str(d).splitlines()[0] == "Step 3: the two hands part at North's turn in the choice to go alone."
    assert [line.split(":")[0] for line in str(d).splitlines()[1:]] == [label for label, _ in d.parts]


def test_a_joker_turned_up_names_its_rule_and_a_queen_turned_up_does_not():
    d = RuleComparison("hoyle_railroad", "modern_railroad", seed=12).divergence()
    assert d.knobs == ("joker_turnup_rule",)
    assert "accepting the Joker makes hearts trump under hoyle_railroad and a no-trump hand under modern_railroad" \
        in dict(d.parts)["On offer"]
    assert d.causes.endswith("changes the trump proposed here.")
    c = RuleComparison("hoyle_railroad", "modern_railroad", seed=1)  # the Q♥ turned up
    d = c.divergence()
    assert str(c.left.states[0].upcard) == "QH" and "joker_turnup_rule" not in d.knobs
    parts = dict(d.parts)
    assert parts["On offer"].startswith("Both games offer West the same choices")
    assert parts["Why West chooses differently"].startswith("West holds different cards")
    assert d.causes.endswith("at this step: the hands part by West's choice; the knob named above, changed alone, "
                             "changes that choice.")


def test_the_dealers_partners_turn_up_is_not_named_when_nobody_goes_alone():
    for a, b, seed in (("hoyle_railroad", "modern_railroad", 3), ("hoyle_railroad", "modern_railroad", 17),
                       ("standard", "hoyle_railroad", 2)):
        c = RuleComparison(a, b, seed=seed)
        d = c.divergence()
        assert "dealer_partner_loner_turnup" in c.knobs() and "dealer_partner_loner_turnup" not in d.knobs
    d = RuleComparison("hoyle_railroad", "modern_railroad", seed=4).divergence()
    assert d.groups == (("deal_packets", "pack"),) and d.knobs == ("deal_packets",)  # seven cards to discard from
    assert d.causes == ("Changed alone, the dealing (2 then 3 cards in hoyle_railroad, 2, 3 then 2 cards "
                        "in modern_railroad), set together with the pack (24 cards in hoyle_railroad, 32 cards in "
                        "modern_railroad), which hoyle_railroad needs for it, changes the choices on offer here.")


def test_a_knob_that_cannot_be_set_alone_is_tried_with_the_fewest_it_needs():
    c = RuleComparison("hoyle_railroad", "hoyle_railroad_full", seed=0)
    assert units(c.a, c.b, c.knobs()) == (("laps",), ("slams",), ("pat_hand_rule", "laps", "slams"),
                                          ("jambone",), ("jamboree",))
    c = RuleComparison("hoyle_railroad", "modern_railroad", seed=0)
    found = units(c.a, c.b, c.knobs())
    assert ("deal_packets", "pack") in found and ("pack",) in found
    rs = c.a.replace(deal_packets=(2, 3, 2), pack="32")
    assert c.deal_under(rs).masks == c.right.states[0].deal.masks  # that rule set deals the right's cards
    assert c.deal_under(c.a.replace(game_target=64)).masks == c.left.states[0].deal.masks
    # and said so: the knob tried, then what the left rule set needs beside it, each with its values
    assert ("With only the dealing set as in modern_railroad (2, 3 then 2 cards, where hoyle_railroad has "
            "2 then 3 cards), with the pack (32 cards, where hoyle_railroad has 24 cards) changed too, which hoyle_railroad "
            "needs for it, North would take up the card under hoyle_railroad, as North does under modern_railroad: that "
            "deals North the cards North holds under modern_railroad.") in str(c.divergence())


def test_the_widget_panel_comes_from_the_comparison():
    c = RuleComparison("hoyle_railroad", "modern_railroad", seed=78)
    d = c.divergence()
    here = c.goto(d.step).panel()
    assert "Here the two hands part" in here.where and "3px solid" in here.where and here.parts
    assert "part at step 3 (ahead)." in c.panel().where and "12 knobs differ" in c.panel().knobs
    same = RuleComparison("standard", "standard", seed=1).panel()
    assert not same.parts and "The two rule sets are the same." in same.knobs
    assert "same way to the end" in same.where


def test_hands_played_alike_but_scored_differently_name_the_knob_that_changes_the_score():
    house = rules.load("hoyle_ordinary").replace(make_points=3, euchre_points=4, name="house")
    d = RuleComparison("hoyle_ordinary", house, seed=0).divergence()
    assert d.step is None and d.knobs == ("make_points",)  # made, not euchred: euchre_points plays no part
    assert "but they score it differently" in str(d) and "made it, 3 points" in str(d)
    assert str(d).endswith("\nThe knobs: Changed alone, the score for a hand made (1 in hoyle_ordinary, 3 in house) "
                           "changes the score.")
    alike = RuleComparison("hoyle_ordinary", house, seed=1).divergence()
    assert alike.step is None and alike.knobs == () and "both score it alike" in str(alike)


def test_the_side_by_side_widget_only_lays_out_what_the_comparison_returns():
    from euchre_lessons.widgets import RulesSideBySide

    r = RulesSideBySide("hoyle_railroad", "modern_railroad", seed=78)
    r.part_b.click()
    shown = r.model.panel(r.look)
    assert (r.knobs.value, r.where.value, r.tables.value) == (shown.knobs, shown.where, shown.tables)
    assert r.model.cursor == 3 and "Here the two hands part" in r.where.value
    same = RulesSideBySide("standard", "standard", seed=1)
    assert same.part_b.disabled
    same.to_divergence()
    assert "same way to the end" in same.message.value and same.model.cursor == 0


def test_a_summary_spread_over_a_pool_has_the_same_rows():
    from concurrent.futures import ThreadPoolExecutor

    alone = RuleComparison.summary("hoyle_railroad", "modern_railroad", hands=14, seed=3)
    with ThreadPoolExecutor(2) as pool:
        spread = RuleComparison.summary("hoyle_railroad", "modern_railroad", hands=14, seed=3, executor=pool)
    assert spread.hands.equals(alone.hands) and len(alone.hands) == 28


def test_a_summary_reads_as_its_table_does():
    s = RuleComparison.summary("hoyle_railroad", "modern_railroad", hands=20, seed=1)
    text, shown = str(s), s._repr_html_()
    assert "difference = second minus first, with a 95% confidence interval" in text and "over 20 deals" in text
    numbers = re.findall(r"-?\d+\.\d+", text.split("\n", 1)[1])
    assert numbers and all(len(x.split(".")[1]) == 3 for x in numbers), numbers  # three places, as in the widget
    assert "2.200" in text and "2.200" in shown and "nan" not in text.lower()  # a ratio over 0 is left blank


KNOB_CODE = re.compile(r"\b(?:" + "|".join(sorted((k for k in rules.knob_names() if "_" in k), key=len, reverse=True))
                       + r")\b|\b\w+=(?:True|False)\b")
VALUE_CODE = re.compile(r"\b[a-z]+_[a-z0-9_]+\b|\[\d")  # per_trick, vs_lone_defender_only, [2, 3, 2]


def _agree(d) -> None:
    """The knobs line never denies what the line on the seat's choice asserts: a knob said to
    change the choice is not followed by "no one knob ... changes" the choice, nor the score
    of a hand still being played."""
    if d.sways:
        assert "no one knob changed alone changes that choice" not in d.causes, d.why
        assert "the score" not in d.causes or d.groups, d.why
        assert re.search(r"named above, (?:each )?changed alone, changes? that choice", d.causes) or d.groups, d.why


def test_the_knobs_line_agrees_with_the_line_on_the_choice():
    """The old words: "With only scoring set as in modern_railroad ..., West would order up"
    then "No one knob, changed alone, changes the choices on offer, the trump proposed or the
    score at this step", which read as a contradiction."""
    d = RuleComparison("hoyle_railroad", "modern_railroad", seed=2).divergence()
    assert d.sways and "With only the scoring set as in modern_railroad" in d.why
    assert d.causes == ("No one knob, changed alone, changes the choices on offer or the trump proposed at this step: "
                        "the hands part by West's choice; the knobs named above, each changed alone, change that "
                        "choice.")
    _agree(d)
    old = d._replace(parts=d.parts[:-1] + (("The knobs", "No one knob, changed alone, changes the choices on offer, "
                                            "the trump proposed or the score at this step: the hands part by West's "
                                            "choice."),))
    with pytest.raises(AssertionError):
        _agree(old)


@pytest.mark.parametrize("a,b", PAIRS + [("modern_railroad", "hoyle_railroad"), ("hoyle_railroad", "standard")])
def test_a_comparison_names_no_knob_by_its_code(a, b):
    assert KNOB_CODE.search("With only deal_packets set as in modern_railroad ([2, 3, 2], where ...)")
    assert VALUE_CODE.search("only scoring set as in modern_railroad (per_trick, where hoyle_railroad has fixed)")
    for seed in range(12):
        c = RuleComparison(a, b, seed=seed)
        d = c.divergence()
        shown = d.why + " " + re.sub(r"<[^>]+>", " ", c.panel().knobs + c.panel().where)
        assert not KNOB_CODE.search(shown), (seed, KNOB_CODE.search(shown), shown)
        assert not VALUE_CODE.search(shown.replace(a, "").replace(b, "")), (seed, VALUE_CODE.search(shown), shown)


def test_every_knob_has_words_and_every_value_reads_without_underscores():
    for k in KNOBS:
        assert "_" not in knob_words(k.name), k.name
        values = (True, False) if k.allowed is bool else k.allowed if isinstance(k.allowed, tuple) else (k.default,)
        for v in values:
            assert "_" not in value_words(k.name, v) and "[" not in value_words(k.name, v), (k.name, v)


def test_a_summary_of_games_that_deal_alike_says_so_and_measures_nothing_it_cannot():
    """standard and hoyle_railroad both deal five cards: the Joker is never dealt (the old words
    showed that as a measurement); standard and hoyle_ordinary play every deal alike (the old
    table showed 0.000 with an interval from 0.000 to 0.000)."""
    s = RuleComparison.summary("standard", "hoyle_railroad", hands=20, seed=1)
    assert "Both games deal 5 cards to each seat, so every deal is the same under both" in str(s)
    assert "(the Joker) are never dealt" in str(s) and "(the Joker) are never dealt" in s._repr_html_()
    for i in range(20):  # what the note says is so: the Joker reaches no hand and is never turned up
        d = RuleComparison("standard", "hoyle_railroad", seed=f"1:{i}", dealer=i % 4).right.states[0].deal
        joker = next(c for c in cards_of(d.rules.pack_mask) if str(c) == "JK")
        assert not (sum(d.masks) >> joker.id) & 1 and d.upcard != joker
    same = RuleComparison.summary("standard", "hoyle_ordinary", hands=20, seed=1)
    assert set(same.alike) == {"maker points per hand", "defender points per hand", "lone hands", "euchres", "marches"}
    text = str(same)
    assert "the two games played these deals alike, so there is no difference to measure" in text
    body = text.split("\n", 1)[1]
    assert "0.000   0.000    0.000" not in body and "0.000 0.000 0.000" not in " ".join(body.split())
    assert "(its 8 extra cards) are never dealt" in text
    hover = [h for trace in figures.comparison_summary(same).data for h in trace.hovertext]
    assert hover and all("the same in every deal: nothing to measure" in h for h in hover)
    full = RuleComparison.summary("hoyle_railroad", "hoyle_railroad_full", hands=20, seed=1)
    assert "never dealt" not in str(full)  # one pack: nothing left out
    some = [m for m in full.alike]
    assert some and all(m in full.words.lower() for m in some)
    assert full.table.set_index("measure").loc[some[0], "ci high"] == 0.0  # the table keeps its numbers
    crossed = RuleComparison.summary("hoyle_railroad", "hoyle_ordinary", hands=4, seed=1).note
    assert crossed.startswith("Both games deal 5 cards to each seat, so a deal is the same under both unless it holds "
                              "a card of hoyle_railroad's pack that hoyle_ordinary's lacks (the Joker)")
    measured = RuleComparison.summary("hoyle_railroad", "modern_railroad", hands=20, seed=1)
    assert measured.note == "" and "never dealt" not in str(measured) and "alike" not in measured.words
    assert Summary.joined([s, s]).note == s.note

"""RuleComparison: one deal under two rule sets, the packs nested; and many deals summed up."""
import pytest

from euchre_lessons import Deal, RuleComparison, deal, rules
from euchre_lessons.errors import RuleSetError
from euchre_lessons.teaching import nested_deal

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
def test_the_divergence_is_the_first_step_that_differs_and_names_its_knobs(a, b):
    parted = 0
    for seed in range(12):
        c = RuleComparison(a, b, seed=seed)
        d = c.divergence()
        ls, rs_ = c.left.steps, c.right.steps
        if d is None:
            assert [str(s.action) for s in ls] == [str(s.action) for s in rs_]
            continue
        parted += 1
        i = d.step - 1
        assert all(str(ls[k].action) == str(rs_[k].action) for k in range(i))
        assert i >= len(ls) or i >= len(rs_) or str(ls[i].action) != str(rs_[i].action) \
            or ls[i].before.phase is not rs_[i].before.phase
        assert set(d.knobs) <= set(c.knobs()) and d.knobs
        assert str(d).startswith(f"Step {d.step}: ")
    if a == "hoyle_railroad" and b == "modern_railroad":
        assert parted >= 8


def test_the_same_rules_never_part():
    for seed in range(5):
        c = RuleComparison("standard", "standard", seed=seed)
        assert c.divergence() is None and c.left.states == c.right.states and c.knobs() == ()


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


def test_a_turn_up_that_proposes_different_trumps_is_named_as_the_reason():
    d = RuleComparison("hoyle_railroad", "modern_railroad", seed=9).divergence()
    assert "propose different trumps" in d.why and "no-trump hand under modern_railroad" in d.why
    assert "joker_turnup_rule" in d.knobs

"""Deals: seeded dealing in the rules' packets, one-line notation, checked deals (rule book A3, D4, J, K8)."""
from __future__ import annotations

import random

import pytest

from euchre_lessons import JOKER, Deal, DealError, NotationError, deal, rules

PRESETS = rules.names()
SEEDS = (0, 1, 7, 2024)

# Cards per hand, whether a card is turned up, and the cards left under it (or the widow):
# A3 / J1 (5 each, 11 under with 32 cards, 3 with 24), B1 / J2 (4 under), D4 / J3 (7 each, 4 dead),
# J4 (5 each, two dead), C / J5 (7 each, a widow of 4, no turn-up).
SHAPES = {
    "standard": (5, True, 3),
    "hoyle_ordinary": (5, True, 11),
    "hoyle_railroad": (5, True, 4),
    "hoyle_railroad_full": (5, True, 4),
    "modern_railroad": (7, True, 4),
    "modern_railroad_6p": (5, True, 2),
    "hoyle_seven_handed": (7, False, 4),
}
PACKETS = {"standard": (2, 3), "hoyle_ordinary": (2, 3), "hoyle_railroad": (2, 3), "hoyle_railroad_full": (2, 3),
           "modern_railroad": (2, 3, 2), "modern_railroad_6p": (2, 3), "hoyle_seven_handed": (3, 4)}

STANDARD_HANDS = ["9C TC QC KC AC", "AH KH QH TH 9S", "JD 9D TD QS KS", "JH AD KD AS TS"]


def test_shapes_cover_every_preset():
    assert set(SHAPES) == set(PRESETS)


@pytest.mark.parametrize("preset", PRESETS)
def test_the_same_seed_gives_the_same_deal(preset):
    for seed in SEEDS:
        assert deal(preset, seed=seed, dealer=1) == deal(preset, seed=seed, dealer=1)
        assert str(deal(preset, seed=seed)) == str(deal(preset, seed=seed))
    assert len({str(deal(preset, seed=s)) for s in SEEDS}) == len(SEEDS)


def test_a_seeded_deal_does_not_touch_the_global_random_state():
    state = random.getstate()
    deal("standard", seed=3)
    assert random.getstate() == state


def test_a_deal_may_draw_from_a_given_generator():
    assert deal("standard", rng=random.Random(11)) == deal("standard", seed=11)


class PackOrder(random.Random):
    """A generator whose draws only ever grow, so a shuffle that sorts the pack on random keys
    (the documented shuffle of ``deal``) leaves the pack in its printed order."""

    def __init__(self):
        super().__init__(0)
        self.count = 0

    def getrandbits(self, k: int) -> int:
        chunks = max(1, k // 64)
        value = sum((self.count + i + 1) << (64 * i) for i in range(chunks)) if k >= 64 else self.count + 1
        self.count += chunks
        return value

    def random(self) -> float:
        self.count += 1
        return self.count / 2 ** 40


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("dealer", [0, 1, 3])
def test_cards_go_out_in_the_rules_packets_clockwise_from_the_dealers_left(preset, dealer):
    """K8: packets go clockwise from the dealer's left, dealer last; the next card is the turn-up."""
    rs = rules.load(preset)
    assert rs.deal_packets == PACKETS[preset]
    n = rs.players
    order = list(rs.cards)
    expected = [[] for _ in range(n)]
    pos = 0
    for size in PACKETS[preset]:
        for seat in [(dealer + k) % n for k in range(1, n + 1)]:
            expected[seat] += order[pos:pos + size]
            pos += size
    up = None
    if SHAPES[preset][1]:
        up, pos = order[pos], pos + 1
    d = deal(rs, dealer=dealer, rng=PackOrder())
    assert [list(h) for h in d.hands] == [sorted(h) for h in expected]
    assert d.upcard == up
    assert list(d.rest) == sorted(order[pos:])
    assert d.dealer == dealer


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("dealer", [1, 2, 3])
def test_a_seeded_deal_turns_with_the_dealer(preset, dealer):
    """The same shuffle dealt by another dealer: each hand moves round with the deal."""
    n = rules.load(preset).players
    for seed in SEEDS:
        first, moved = deal(preset, seed=seed, dealer=0), deal(preset, seed=seed, dealer=dealer)
        for k in range(n):
            assert moved.hands[(dealer + k) % n] == first.hands[k]
        assert (moved.upcard, moved.rest) == (first.upcard, first.rest)


@pytest.mark.parametrize("preset", PRESETS)
def test_hand_sizes_upcard_and_rest(preset):
    size, turn_up, rest = SHAPES[preset]
    rs = rules.load(preset)
    for seed in SEEDS:
        d = deal(rs, seed=seed)
        assert len(d.hands) == rs.players
        assert [len(h) for h in d.hands] == [size] * rs.players
        assert (d.upcard is not None) == turn_up
        assert len(d.rest) == rest
        everything = [c for h in d.hands for c in h] + list(d.rest) + ([d.upcard] if turn_up else [])
        assert sorted(everything) == sorted(rs.cards)


def test_modern_railroad_with_four_no_joker_leaves_three_under_the_turn_up():
    d = deal(rules.load("modern_railroad").replace(kitty="four_no_joker"), seed=5)
    assert len(d.rest) == 3
    assert JOKER not in [c for h in d.hands for c in h] + list(d.rest) + [d.upcard]


def test_hands_are_in_a_fixed_order():
    d = deal("hoyle_seven_handed", seed=9)
    for hand in d.hands:
        assert list(hand) == sorted(hand)


@pytest.mark.parametrize("preset", PRESETS)
def test_a_deal_prints_on_one_line_and_parses_back(preset):
    for seed in SEEDS:
        for dealer in (0, 2):
            d = deal(preset, seed=seed, dealer=dealer)
            text = str(d)
            assert "\n" not in text
            assert text.startswith(preset + " | ")
            assert Deal.parse(text) == d
            assert str(Deal.parse(text)) == text
            assert repr(d) == f"Deal.parse({text!r})"


def test_the_one_line_form_names_dealer_hands_upcard_and_rest():
    d = Deal.from_hands("standard", STANDARD_HANDS, upcard="9H", dealer=2)
    assert str(d) == ("standard | dealer 2 | 9C TC QC KC AC / TH QH KH AH 9S / 9D TD JD QS KS / "
                      "KD AD JH TS AS | up 9H | rest JC QD JS")


def test_seven_handed_writes_no_upcard_as_a_dash():
    d = deal("hoyle_seven_handed", seed=4)
    assert " | up - | " in str(d)
    assert Deal.parse(str(d)).upcard is None


def test_deals_are_frozen():
    d = deal("standard", seed=1)
    with pytest.raises(AttributeError):
        d.dealer = 2
    assert d.dealer == 0
    assert hash(d) == hash(deal("standard", seed=1))


def test_from_hands_reads_any_card_spelling():
    spelled = ["9♣ 10c Qc kc AC", "A♥ KH QH 10♥ 9s", "jd 9D TD QS KS", "JH AD KD AS TS"]
    assert Deal.from_hands("standard", spelled, upcard="9♥") == \
        Deal.from_hands("standard", STANDARD_HANDS, upcard="9H")


def test_from_hands_fills_the_rest_with_the_undealt_cards():
    d = Deal.from_hands("standard", STANDARD_HANDS, upcard="9H")
    assert sorted(str(c) for c in d.rest) == ["JC", "JS", "QD"]


# ---- errors --------------------------------------------------------------------------------

def test_a_card_dealt_twice_names_the_card_and_both_places():
    hands = ["9C TC QC KC AC", "AH KH QH TH 9C", "JD 9D TD QS KS", "JH AD KD AS TS"]
    with pytest.raises(DealError) as err:
        Deal.from_hands("standard", hands, upcard="9H")
    message = str(err.value)
    assert "9C" in message and "seat 0" in message and "seat 1" in message


def test_an_upcard_also_in_a_hand_is_a_card_twice():
    with pytest.raises(DealError) as err:
        Deal.from_hands("standard", STANDARD_HANDS, upcard="AH")
    assert "AH" in str(err.value) and "seat 1" in str(err.value) and "turn-up" in str(err.value)


@pytest.mark.parametrize("stranger", ["8S", "JK"])
def test_a_card_not_in_the_pack_is_named(stranger):
    hands = ["9C TC QC KC AC", f"AH KH QH TH {stranger}", "JD 9D TD QS KS", "JH AD KD AS TS"]
    with pytest.raises(DealError) as err:
        Deal.from_hands("standard", hands, upcard="9H")
    assert stranger in str(err.value) and "seat 1" in str(err.value)
    assert "24" in str(err.value)


def test_a_hand_of_the_wrong_size_names_the_seat():
    hands = ["9C TC QC KC AC", "AH KH QH TH 9S", "JD 9D TD QS", "JH AD KD AS TS"]
    with pytest.raises(DealError) as err:
        Deal.from_hands("standard", hands, upcard="9H")
    assert "seat 2" in str(err.value) and "4 cards" in str(err.value) and "5" in str(err.value)


def test_the_wrong_number_of_hands_is_named():
    with pytest.raises(DealError) as err:
        Deal.from_hands("standard", STANDARD_HANDS[:3], upcard="9H")
    assert "4 hands" in str(err.value) and "3" in str(err.value)


def test_a_missing_upcard_in_a_turn_up_game_is_an_error():
    with pytest.raises(DealError) as err:
        Deal.from_hands("standard", STANDARD_HANDS)
    assert "upcard" in str(err.value) or "turn-up" in str(err.value)


def test_an_upcard_in_the_seven_handed_game_is_an_error():
    d = deal("hoyle_seven_handed", seed=2)
    hands = [" ".join(map(str, h)) for h in d.hands]
    with pytest.raises(DealError) as err:
        Deal.from_hands("hoyle_seven_handed", hands, upcard=str(d.rest[0]))
    assert str(d.rest[0]) in str(err.value)


def test_a_rest_that_leaves_cards_out_is_an_error():
    with pytest.raises(DealError) as err:
        Deal.from_hands("standard", STANDARD_HANDS, upcard="9H", rest="JC QD")
    assert "JS" in str(err.value)


@pytest.mark.parametrize("dealer", [-1, 4, "0"])
def test_a_dealer_that_is_not_a_seat_is_an_error(dealer):
    with pytest.raises(DealError) as err:
        deal("standard", seed=1, dealer=dealer)
    assert repr(dealer) in str(err.value)
    with pytest.raises(DealError):
        Deal.from_hands("standard", STANDARD_HANDS, upcard="9H", dealer=dealer)


@pytest.mark.parametrize("text", [
    "hello",
    "standard | dealer x | 9C TC QC KC AC | up 9H | rest",
    "standard | 9C TC QC KC AC / AH KH QH TH 9S | up 9H | rest JC",
])
def test_malformed_deal_text_is_a_notation_error_quoting_it(text):
    with pytest.raises(NotationError) as err:
        Deal.parse(text)
    assert repr(text) in str(err.value)


def test_a_bad_card_in_deal_text_is_quoted():
    text = str(Deal.from_hands("standard", STANDARD_HANDS, upcard="9H")).replace("up 9H", "up ZZ")
    with pytest.raises(NotationError, match="'ZZ'"):
        Deal.parse(text)


def test_parsed_text_is_checked_like_from_hands():
    text = str(Deal.from_hands("standard", STANDARD_HANDS, upcard="9H")).replace("rest JC QD JS", "rest JC QD 9C")
    with pytest.raises(DealError, match="9C"):
        Deal.parse(text)


@pytest.mark.parametrize("bad", [None, "JH JD AH KH QH", 7])
def test_hands_that_are_not_a_list_of_hands_are_refused(bad):
    from euchre_lessons import Deal
    from euchre_lessons.errors import DealError

    with pytest.raises(DealError, match="give one hand per seat"):
        Deal.from_hands("standard", bad)


# ---- the shuffle: its plain twin, and a test that it is uniform -------------------------------

@pytest.mark.parametrize("preset", PRESETS)
def test_the_fast_shuffle_deals_as_the_plain_one_does(preset):
    """``deal`` (generated code sorting packed floats) and ``deal_plainly`` (the same draw sorted
    the plain way) give the same deal for every dealer and seed."""
    from euchre_lessons.deals import deal_plainly

    rs = rules.load(preset)
    for dealer in range(rs.players):
        for seed in range(60):
            assert deal(rs, dealer=dealer, rng=random.Random(seed)) == deal_plainly(rs, dealer=dealer,
                                                                                   rng=random.Random(seed))


def _places(d) -> list:
    """Where each card of a standard deal went: seat 0-3, the turn-up (4) or the kitty (5)."""
    out = {}
    for seat, mask in enumerate(d.masks + (d.upcard.bit, d.rest_mask)):
        while mask:
            low = mask & -mask
            out[low.bit_length() - 1] = seat
            mask ^= low
    return [out[k] for k in sorted(out)]


def _statistic(deals) -> float:
    """Pearson's statistic of the 24-card x 6-place table, scaled by 23/24: each deal sends
    every card to one place and fills each place exactly, so the cells covary as in a table with
    both margins fixed, whose statistic has mean (r-1)(c-1) x 24/23."""
    sizes = (5, 5, 5, 5, 1, 3)
    counts = [[0] * 6 for _ in range(24)]
    n = 0
    for d in deals:
        n += 1
        for card, place in enumerate(_places(d)):
            counts[card][place] += 1
    x2 = sum((counts[c][p] - n * sizes[p] / 24) ** 2 / (n * sizes[p] / 24) for c in range(24) for p in range(6))
    return x2 * 23 / 24


def _chi2_upper(df: int, z: float) -> float:
    """The chi-square quantile at the normal quantile ``z`` (Wilson-Hilferty; close for df > 30)."""
    return df * (1 - 2 / (9 * df) + z * (2 / (9 * df)) ** 0.5) ** 3


DEALS, DF, Z_999 = 48_000, 115, 3.0902  # df = (24 - 1) x (6 - 1); the 0.999 normal quantile


def _biased(rs, rng, q: float):
    """A shuffle with a flaw: with chance ``q`` the jack of hearts is swapped into seat 0's hand
    (when it is elsewhere), so seat 0 holds it 5/24 + q x 19/24 of the time."""
    d = deal(rs, rng=rng)
    jh = next(c for c in rs.cards if str(c) == "JH")
    if rng.random() < q and jh not in d.hand(0):
        hands = [list(d.hand(s)) for s in range(4)]
        upcard, rest = d.upcard, list(d.rest)
        giver = rng.choice(hands[0])
        for h in hands[1:]:
            if jh in h:
                h[h.index(jh)] = giver
        if upcard == jh:
            upcard = giver
        rest = [giver if c == jh else c for c in rest]
        hands[0][hands[0].index(giver)] = jh
        d = Deal.from_hands(rs, hands, upcard=upcard, dealer=0, rest=rest)
    return d


def test_the_shuffle_is_uniform_card_by_card_and_the_test_would_see_a_flaw():
    """48,000 seeded standard deals: which of the six places (four hands, the turn-up, the
    kitty) each of the 24 cards went to. Pearson's chi-square over the 24 x 6 table stays under
    its 0.999 quantile (about 167, df 115), so no card favours a place.

    Power, stated and shown: a shuffle that gives one card to one hand 10% too often (0.229
    instead of 0.208) adds about N x 0.0208^2 x (1/0.208 + 1/0.792) = 126 to the statistic's
    mean, so the test catches it about 997 times in 1,000 (normal approximation of the
    non-central chi-square: mean 241, sd 27). Such a flawed shuffle, dealt from the same
    seeds, is caught here."""
    rs = rules.load("standard")
    limit = _chi2_upper(DF, Z_999)
    assert 160 < limit < 175
    rng = random.Random("uniformity")
    fair = _statistic(deal(rs, rng=rng) for _ in range(DEALS))
    assert fair < limit, f"chi-square {fair:.1f} over {limit:.1f}: the shuffle favours some places"
    q = (0.229 - 5 / 24) / (19 / 24)
    rng = random.Random("uniformity")
    flawed = _statistic(_biased(rs, rng, q) for _ in range(DEALS))
    assert flawed > limit, f"the flawed shuffle went unseen: chi-square {flawed:.1f}, limit {limit:.1f}"
    print(f"chi-square: fair {fair:.1f}, flawed {flawed:.1f}, limit {limit:.1f} (df {DF})")

"""Seven-Handed Euchre per Hoyle, reconstructed (``hoyle_seven_handed``): rule book C, J5, K29-K31.

Seven seats, each scoring for himself; the maker and three partners play against three.
Hands are built card by card; tricks are rows in seat order, checked against a referee
written from the rule book (Joker, right bower, left bower, then A K Q 10 ... 2; ``referee``).
"""
from __future__ import annotations

import random

import pytest
from helpers import Unshuffled
from modern_helpers import check_golden, legal, step
from referee import SAME_COLOUR, may_play, trick_winner

from euchre_lessons import Card, Deal, HandState, Phase, Suit, deal, game, players, record, rules
from euchre_lessons.errors import DealError, IllegalActionError

SEVEN = rules.load("hoyle_seven_handed")

# ---- the partners of K30, written from rule book C independent of the engine ---------------

def trump_order(trump: str) -> list:
    """Every trump, best first: the Joker, right, left, then A K Q 10 ... 2 (C)."""
    plain = [r + trump for r in "AKQT98765432"]
    return ["JK", "J" + trump, "J" + SAME_COLOUR[trump]] + plain


def k30_partners(hands, maker, discards, trump) -> tuple:
    """K30: walk down the trump order from the Joker, skip the maker's own cards and the
    discards; each card held by another seat adds its holder once; stop at three."""
    found = []
    for card in trump_order(trump):
        if card in hands[maker] or card in discards:
            continue
        holder = next((x for x, h in enumerate(hands) if card in h), None)
        if holder is not None and holder not in found:
            found.append(holder)
        if len(found) == 3:
            break
    return tuple(found)


# ---- helpers ------------------------------------------------------------------------------

def bids(low):
    return {"pass"} | {f"bid {n}" for n in range(low, 8)}


def play_rows(s, rows):
    trump = s.trump.letter
    for row in rows:
        cards_ = row.split()
        leader = s.turn
        for k in range(7):
            seat = (leader + k) % 7
            assert s.turn == seat == s.to_act
            expected = may_play([str(c) for c in s.hand(seat)], [str(c) for _, c in s.trick], trump)
            assert legal(s) == {f"play {c}" for c in expected}, (row, seat)
            s = s.apply(f"play {cards_[seat]}")
        plays, _, won = s.tricks[-1]
        assert len(plays) == 7
        assert won == trick_winner([(x, str(c)) for x, c in plays], trump), row
    return s


# Seven one-card-each tricks with hearts trump; the widow is 4D 3D 2D 2H.
GROUPS7 = ["AC KC QC JC TC 9C 8C", "AS KS QS JS TS 9S 8S", "AD KD QD TD 9D 8D 7D", "JK JH JD AH KH QH TH",
           "9H 8H 7H 6H 5H 4H 3H", "7C 6C 5C 4C 3C 2C 6D", "7S 6S 5S 4S 3S 2S 5D"]
WIDOW = "4D 3D 2D 2H"


def layout(winners, rs=SEVEN):
    rows = []
    for group, w in zip(GROUPS7, winners):
        cs = group.split()
        row = [""] * 7
        row[w] = cs[0]
        for seat, card in zip([x for x in range(7) if x != w], cs[1:]):
            row[seat] = card
        rows.append(" ".join(row))
    hands = [" ".join(r.split()[seat] for r in rows) for seat in range(7)]
    return rows, Deal.from_hands(rs, hands, dealer=0)


def auction_to(s, maker, bid):
    """Everyone passes but ``maker``, who bids ``bid``."""
    while s.phase is Phase.AUCTION:
        s = s.apply(f"bid {bid}" if s.to_act == maker else "pass")
    return s


def played_deal(winners, maker, bid, partners_named, rs=SEVEN):
    rows, d = layout(winners, rs)
    s = auction_to(HandState.start(d), maker, bid)
    assert s.phase is Phase.WIDOW and s.to_act == maker and len(s.hand(maker)) == 11
    for card in WIDOW.split():
        s = step(s, maker, None, f"discard {card}")
    s = step(s, maker, {"make clubs", "make diamonds", "make hearts", "make spades"}, "make hearts")
    for seat in partners_named:
        s = step(s, maker, None, f"partner {seat}")
    assert s.partners == tuple(partners_named)
    assert s.phase is Phase.PLAY and s.turn == 1
    return play_rows(s, rows)


# ---- C: the deal ------------------------------------------------------------------------

@pytest.mark.parametrize("seed", range(3))
def test_deal_53_cards_seven_each_and_a_widow_of_four(seed):
    d = deal(SEVEN, seed=seed, dealer=seed)
    assert [len(h) for h in d.hands] == [7] * 7 and d.upcard is None and len(d.rest) == 4
    everything = [c for h in d.hands for c in h] + list(d.rest)
    assert len(set(everything)) == 53 and set(everything) == set(SEVEN.cards) and Card("JK") in everything


@pytest.mark.parametrize("dealer", [0, 5])
def test_deal_goes_in_packets_of_3_4_from_the_dealers_left(dealer):
    pack = list(SEVEN.cards)
    hands, pos = [[] for _ in range(7)], 0
    for size in (3, 4):
        for k in range(1, 8):
            hands[(dealer + k) % 7] += pack[pos:pos + size]
            pos += size
    d = deal(SEVEN, dealer=dealer, rng=Unshuffled())
    assert [set(h) for h in d.hands] == [set(h) for h in hands]
    assert set(d.rest) == set(pack[49:])


def test_no_card_is_turned_up():
    _, d = layout([0, 1, 2, 3, 4, 5, 6])
    with pytest.raises(DealError, match="2H"):
        Deal.from_hands(SEVEN, [" ".join(map(str, h)) for h in d.hands], upcard="2H")


# ---- J5 step 2: the auction ------------------------------------------------------------

def test_auction_each_seat_once_each_bid_higher():
    _, d = layout([0, 1, 2, 3, 4, 5, 6])
    s = HandState.start(d)
    s = step(s, 1, bids(4), "pass")
    s = step(s, 2, bids(4), "bid 4")
    assert s.to_act == 3 and legal(s) == bids(5)
    with pytest.raises(IllegalActionError, match="bid 4"):
        s.apply("bid 4")
    s = step(s, 3, bids(5), "bid 6")
    s = step(s, 4, bids(7), "pass")
    s = step(s, 5, bids(7), "pass")
    s = step(s, 6, bids(7), "pass")
    s = step(s, 0, bids(7), "pass")                  # the dealer bids last
    assert s.maker == 3 and s.bid == 6
    assert s.phase is Phase.WIDOW and s.to_act == 3


def test_a_bid_of_seven_ends_the_auction_at_once():
    _, d = layout([0, 1, 2, 3, 4, 5, 6])
    s = HandState.start(d).apply("pass").apply("bid 7")
    assert s.maker == 2 and s.bid == 7 and s.phase is Phase.WIDOW and s.to_act == 2


def test_all_pass_is_passed_out():
    _, d = layout([0, 1, 2, 3, 4, 5, 6])
    s = HandState.start(d)
    for seat in (1, 2, 3, 4, 5, 6, 0):
        s = step(s, seat, bids(4), "pass")
    assert s.is_over and s.passed_out and s.legal_actions() == ()
    assert s.result().points_by_team == (0,) * 7


def test_bids_out_of_range_are_refused():
    _, d = layout([0, 1, 2, 3, 4, 5, 6])
    s = HandState.start(d)
    for text in ("bid 3", "bid 8"):
        with pytest.raises(IllegalActionError, match=text):
            s.apply(text)


# ---- J5 steps 3-5: widow, trump, partners --------------------------------------------------

def test_the_maker_takes_the_widow_and_discards_four_one_at_a_time():
    _, d = layout([0, 1, 2, 3, 4, 5, 6])
    s = auction_to(HandState.start(d), 3, 5)
    eleven = {str(c) for c in d.hands[3]} | set(WIDOW.split())
    assert {str(c) for c in s.hand(3)} == eleven
    for _k, card in enumerate(["2H", str(d.hands[3][0]), "4D", str(d.hands[3][1])]):
        assert s.phase is Phase.WIDOW and s.to_act == 3
        assert legal(s) == {f"discard {c}" for c in eleven}          # any card: trump is not named yet
        s = s.apply(f"discard {card}")
        eleven.discard(card)
    assert len(s.hand(3)) == 7 and Card("2H") in s.dead_cards
    assert s.phase is Phase.TRUMP and s.to_act == 3
    assert legal(s) == {"make clubs", "make diamonds", "make hearts", "make spades"}   # no no-trump
    with pytest.raises(IllegalActionError, match="no trump"):
        s.apply("make no trump")


def test_seven_widow_unused():
    r = SEVEN.replace(seven_widow="unused")
    _, d = layout([0, 1, 2, 3, 4, 5, 6])
    s = HandState.start(Deal.parse(str(d), rules=r))
    s = auction_to(s, 4, 4)
    assert s.phase is Phase.TRUMP and s.to_act == 4 and len(s.hand(4)) == 7
    assert set(s.dead_cards) == set(d.rest)


def test_maker_names_three_partners():
    _, d = layout([0, 1, 2, 3, 4, 5, 6])
    s = auction_to(HandState.start(d), 3, 5)
    for card in WIDOW.split():
        s = s.apply(f"discard {card}")
    s = s.apply("make spades")
    named = []
    for seat in (5, 0, 6):
        assert s.phase is Phase.PARTNERS and s.to_act == 3
        assert legal(s) == {f"partner {x}" for x in range(7) if x != 3 and x not in named}
        with pytest.raises(IllegalActionError, match="partner 3"):
            s.apply("partner 3")
        s = s.apply(f"partner {seat}")
        named.append(seat)
    with pytest.raises(IllegalActionError, match="partner 5"):
        s.apply("partner 5")
    assert s.partners == (5, 0, 6) and s.phase is Phase.PLAY and s.turn == 1
    assert [s.side_of(x) for x in range(7)] == ["makers", "defenders", "defenders", "makers", "defenders",
                                                "makers", "makers"]


# Trump hearts: JK and AH with seat 5, JH and JD with the maker (seat 3), KH with seat 1, QH with 6.
PARTNER_DEAL = ["AC KC QC JC TC 9C 8C", "KH AS KS QS JS TS 9S", "TH 8S AD KD QD TD 9D", "JH JD 8D 7D 7C 6C 5C",
                "4C 3C 2C 7S 6S 5S 4S", "JK AH 3S 2S 6D 5D 9H", "QH 8H 7H 6H 5H 4H 3H"]


def test_holders_of_best_trumps_are_found_by_walking_down_from_the_joker():
    r = SEVEN.replace(seven_partners="holders_of_best_trumps")
    d = Deal.from_hands(r, PARTNER_DEAL, dealer=0)
    assert {str(c) for c in d.rest} == {"2D", "3D", "4D", "2H"}
    s = auction_to(HandState.start(d), 3, 5)
    for card in ("JD", "2D", "3D", "4D"):
        s = s.apply(f"discard {card}")
    s = step(s, 3, None, "make hearts")
    # JK: seat 5; JH: the maker's own; JD: discarded; AH: seat 5 again; KH: seat 1; QH: seat 6.
    assert s.partners == (5, 1, 6)
    assert s.phase is Phase.PLAY and s.turn == 1          # automatic: nobody is asked


@pytest.mark.parametrize("seed", range(20))
def test_holders_of_best_trumps_agrees_with_k30_on_random_deals(seed):
    r = SEVEN.replace(seven_partners="holders_of_best_trumps")
    rng = random.Random(seed)
    s = HandState.start(deal(r, seed=seed, dealer=seed % 7))
    maker = (s.dealer + 1 + seed % 7) % 7
    s = auction_to(s, maker, 4 + seed % 4)
    discards = []
    while s.phase is Phase.WIDOW:
        action = rng.choice(s.legal_actions())
        discards.append(str(action.card))
        s = s.apply(action)
    suit = "CDHS"[seed % 4]
    before = [[str(c) for c in h] for h in s.hands]
    s = s.apply(f"make {Suit.parse(suit).word}")
    assert s.partners == k30_partners(before, maker, discards, suit)


# ---- J5 steps 6-7: play and score -----------------------------------------------------------

@pytest.mark.parametrize("winners, bid, points", [
    # the maker 3 names 1, 5 and 6: their side takes the tricks won by 3, 1, 5 and 6
    ([3, 1, 5, 6, 2, 4, 0], 4, (0, 4, 0, 4, 0, 4, 4)),
    ([3, 1, 5, 6, 2, 4, 0], 5, (5, 0, 5, 0, 5, 0, 0)),
    ([3, 3, 3, 3, 3, 3, 3], 7, (0, 7, 0, 7, 0, 7, 7)),
    ([0, 2, 4, 0, 2, 4, 3], 4, (4, 0, 4, 0, 4, 0, 0)),
])
def test_scores_are_per_player(winners, bid, points):
    s = played_deal(winners, 3, bid, [1, 5, 6])
    assert s.is_over and len(s.tricks) == 7
    result = s.result()
    assert sum(result.tricks_by_seat) == 7 and len(result.points_by_team) == 7
    assert result.points_by_team == points
    assert result.maker == 3


ONCE = SEVEN.replace(seven_bid_scoring="once_per_side")


@pytest.mark.parametrize("winners, bid, points", [
    # the same hands as above: the side's bid counted once and shared out in whole points, the
    # odd points to the maker (3), then in turn from his left (rule book C-1)
    ([3, 1, 5, 6, 2, 4, 0], 4, (0, 1, 0, 1, 0, 1, 1)),
    ([3, 1, 5, 6, 2, 4, 0], 5, (2, 0, 1, 0, 2, 0, 0)),
    ([3, 3, 3, 3, 3, 3, 3], 7, (0, 1, 0, 2, 0, 2, 2)),
    ([0, 2, 4, 0, 2, 4, 3], 4, (1, 0, 1, 0, 2, 0, 0)),
])
def test_once_per_side_counts_the_bid_once_for_the_side(winners, bid, points):
    each = played_deal(winners, 3, bid, [1, 5, 6]).result()
    once = played_deal(winners, 3, bid, [1, 5, 6], ONCE).result()
    assert once.tricks_by_seat == each.tricks_by_seat
    assert once.points_by_team == points != each.points_by_team
    assert sum(once.points_by_team) == bid
    assert "once, shared out" in once.explanation and "once" not in each.explanation


def test_a_sitting_once_per_side_adds_each_bid_once():
    each = game.play_game(SEVEN, [players.RandomPlayer(i) for i in range(7)], seed=3)
    once = game.play_game(ONCE, [players.RandomPlayer(i) for i in range(7)], seed=3)
    bids = [h.bid for h in once.hands if not h.passed_out]
    assert bids == [h.bid for h in each.hands if not h.passed_out] and bids
    assert sum(once.final_score) == sum(bids)
    assert sum(each.final_score) > sum(once.final_score)


def test_a_sitting_is_seven_deals_and_passed_out_deals_count():
    class Passer:
        def choose(self, view):
            return view.legal_actions()[0] if view.phase is not Phase.AUCTION else \
                next(a for a in view.legal_actions() if str(a) == "pass")

    record = game.play_game(SEVEN, [Passer()] * 7, seed=1)
    assert len(record.hands) == 7 and all(h.passed_out for h in record.hands)
    assert [h.dealer for h in record.hands] == list(range(7))
    assert record.final_score == (0,) * 7
    assert record.games_won == (1,) * 7                     # equal highest totals share the win (K31)


def test_a_sitting_of_random_play():
    record = game.play_game(SEVEN, [players.RandomPlayer(i) for i in range(7)], seed=3, first_dealer=2)
    assert len(record.hands) == SEVEN.seven_deals == 7
    assert [h.dealer for h in record.hands] == [(2 + i) % 7 for i in range(7)]
    totals = [sum(h.result().points_by_team[x] for h in record.hands) for x in range(7)]
    assert tuple(totals) == record.final_score
    best = max(totals)
    assert record.games_won == tuple(int(t == best) for t in totals)
    short = game.play_game(SEVEN.replace(seven_deals=3), [players.RandomPlayer(i) for i in range(7)], seed=3)
    assert len(short.hands) == 3


# ---- the preset says what it reconstructs ------------------------------------------------

def test_reconstructed_knobs_are_marked_provisional():
    r = rules.load("hoyle_seven_handed")
    reconstructed = {"deal_packets", "bidding", "scoring", "seven_widow", "seven_partners", "seven_deals"}
    assert reconstructed <= set(r.provisional)
    table = r.table().set_index("knob")
    assert "provisional" in table.columns
    for knob in reconstructed:
        assert bool(table.loc[knob, "provisional"]), knob
    for stated in ("players", "pack", "joker"):               # what seed 001 states
        assert not bool(table.loc[stated, "provisional"]), stated
    assert r.players == 7 and r.pack == "52" and r.joker and len(r.cards) == 53


# ---- views and the golden playthrough -----------------------------------------------------

def test_views_for_seven_players():
    s = played_deal([3, 1, 5, 6, 2, 4, 0], 3, 5, [1, 5, 6]).undo()
    assert s.phase is Phase.PLAY
    for seat in range(7):
        view = s.view(seat)
        assert view.players == 7 and view.partners == (1, 5, 6)
        assert view.legal_actions() == (s.legal_actions() if seat == s.to_act else ())
        assert set(view.hand) == set(s.hand(seat))
    history = s.view(1).public_history
    assert history.count((3, "discard ?")) == 4                 # the maker's discards are face down
    assert (3, "discard 4D") in s.view(3).public_history


def test_deals_and_records_round_trip():
    s = played_deal([3, 1, 5, 6, 2, 4, 0], 3, 5, [1, 5, 6])
    assert Deal.parse(str(s.deal)) == s.deal
    again = record.from_json(record.to_json(s))
    assert again == s and again.partners == (1, 5, 6)
    assert again.result().points_by_team == (5, 0, 5, 0, 5, 0, 0)


def player_summary(s, result) -> str:
    """The golden transcript's result line: each seat scores for himself."""
    return (f"partners {s.partners}; tricks by seat {result.tricks_by_seat}; "
            f"points by player {result.points_by_team}")


def test_golden_seven_handed_deal_with_partners():
    check_golden("hoyle_seven_handed_partners", played_deal([3, 1, 5, 6, 2, 4, 0], 3, 5, [1, 5, 6]),
                 summary=player_summary)


# ---- random play: the invariants --------------------------------------------------------

def random_hand(rs, seed):
    rng = random.Random(seed)
    s = HandState.start(deal(rs, seed=seed, dealer=seed % 7))
    pack = {str(c) for c in rs.cards}
    asked_in_auction = []
    discards = []
    while not s.is_over:
        snapshot = (s.phase, s.to_act, s.hands, s.trick, s.tricks_won, s.last_action, s.undo())
        if s.phase is Phase.AUCTION:
            asked_in_auction.append(s.to_act)
        if s.phase is Phase.PLAY:
            expected = may_play([str(c) for c in s.hand(s.turn)], [str(c) for _, c in s.trick], s.trump.letter)
            assert s.to_act == s.turn and legal(s) == {f"play {c}" for c in expected}
            if not s.trick and not s.tricks:
                assert s.turn == (s.dealer + 1) % 7
                if rs.seven_partners == "holders_of_best_trumps":
                    before = [[str(c) for c in h] for h in s.hands]
                    assert s.partners == k30_partners(before, s.maker, discards, s.trump.letter)
        action = rng.choice(s.legal_actions())
        if s.phase is Phase.WIDOW:
            discards.append(str(action.card))
        t = s.apply(action)
        assert snapshot == (s.phase, s.to_act, s.hands, s.trick, s.tricks_won, s.last_action, s.undo())
        s = t
    order = [(s.dealer + k) % 7 for k in range(1, 8)]
    assert asked_in_auction == order[:len(asked_in_auction)]
    result = s.result()
    if s.passed_out:
        assert asked_in_auction == order and result.points_by_team == (0,) * 7
        return s
    assert len(s.tricks) == 7 and all(len(p) == 7 for p, _, _ in s.tricks)
    for plays, _, won in s.tricks:
        assert won == trick_winner([(x, str(c)) for x, c in plays], s.trump.letter)
    played = [str(c) for plays, _, _ in s.tricks for _, c in plays]
    dead = [str(c) for c in s.dead_cards]
    assert len(played) + len(dead) == 53 and set(played) | set(dead) == pack
    side = {s.maker, *s.partners}
    assert len(side) == 4 and s.trump is not Suit.NO_TRUMP
    took = sum(result.tricks_by_seat[x] for x in side)
    for x in range(7):
        if took >= s.bid:
            assert result.points_by_team[x] == (s.bid if x in side else 0)
        else:
            assert result.points_by_team[x] == (0 if x in side else s.bid)
    assert 4 <= s.bid <= 7
    return s


@pytest.mark.parametrize("knobs", [{}, {"seven_widow": "unused", "seven_partners": "holders_of_best_trumps"}],
                         ids=["preset", "alternatives"])
def test_random_play_invariants_1000_hands(knobs):
    rs = SEVEN.replace(**knobs) if knobs else SEVEN
    made = failed = 0
    for seed in range(1000 if not knobs else 300):
        s = random_hand(rs, seed)
        if not s.passed_out:
            made += s.result().makers > 0
            failed += s.result().makers == 0
    assert made and failed


def test_a_result_names_the_partners_and_every_seats_points_in_words():
    """"Seat 2 bid 7, named spades and took seats 3, 5 and 4 as partners. ... Points: 7 each to
    seats 0, 1 and 6; 0 to seats 2, 3, 4 and 5." Read back: every seat once, with its points."""
    import re

    rs = rules.load("hoyle_seven_handed")
    played = 0
    for seed in range(40):
        state = game.play_hand(deal(rs, seed=seed, dealer=seed % 7), [players.RandomPlayer(seed * 7 + i) for i in range(7)])
        result = state.result()
        text = result.explanation
        assert text[:1].isupper() and "seat 0 0" not in text, text
        if state.setup.passed_out:
            continue
        played += 1
        partners = [int(x) for x in re.findall(r"\d+", text.split("took ")[1].split(" as partners")[0])]
        assert partners == list(state.setup.partners), text
        told = {}
        for part in text.split("Points: ")[1].rstrip(".").split("; "):
            points, seats = re.fullmatch(r"(\d+)(?: each)? to seats? ([\d, and]+)", part).groups()
            for seat in re.findall(r"\d+", seats):
                assert int(seat) not in told, text
                told[int(seat)] = int(points)
        assert told == dict(enumerate(result.points_by_seat)), text
    assert played >= 20

"""Cutting for seats and the first deal: A2 (Hoyle, ace low), D3/D-4 (modern, ace high), C."""
import random

import pytest

from euchre_lessons import rules
from euchre_lessons.cutting import cut, cut_rank
from euchre_lessons.table import partner


def ranks(c):
    return [cut_rank(card, c.rules.cut_ranking) for card in c.draws]


@pytest.mark.parametrize("preset", rules.names())
def test_the_lowest_cut_deals_and_sits_at_seat_zero(preset):
    for seed in range(30):
        c = cut(preset, seed=seed)
        r = ranks(c)
        assert len(set(r)) == len(r), "ties are cut again"
        assert c.seats[r.index(min(r))] == 0 == c.dealer
        assert sorted(c.seats) == list(range(c.rules.players))
        assert all(card.rank >= 2 and not card.is_joker for card in c.draws)


@pytest.mark.parametrize("preset", ["hoyle_ordinary", "standard", "modern_railroad"])
def test_four_players_two_lowest_against_two_highest(preset):
    for seed in range(30):
        c = cut(preset, seed=seed)
        order = sorted(range(4), key=ranks(c).__getitem__)
        low, high = order[:2], order[2:]
        assert partner(c.seats[low[0]], 4) == c.seats[low[1]]
        assert partner(c.seats[high[0]], 4) == c.seats[high[1]]


def test_six_players_lowest_middle_highest_pairs_are_the_teams():
    for seed in range(30):
        c = cut("modern_railroad_6p", seed=seed)
        order = sorted(range(6), key=ranks(c).__getitem__)
        for k in (0, 2, 4):
            assert partner(c.seats[order[k]], 6) == c.seats[order[k + 1]]


def test_seven_players_choose_seats_from_the_lowest_up():
    c = cut("hoyle_seven_handed", seed=3)
    order = sorted(range(7), key=ranks(c).__getitem__)
    assert [c.seats[p] for p in order] == list(range(7))


def test_cut_ranking_decides_where_the_ace_goes():
    """The same draw: under ace_low the ace cuts lowest and deals; under ace_high it cuts highest."""
    low = rules.load("standard")
    high = low.replace(cut_ranking="ace_high")
    flipped = 0
    for seed in range(200):
        a, b = cut(low, seed=seed), cut(high, seed=seed)
        if a.draws != b.draws or not any(card.rank == 14 for card in a.draws):
            continue
        ace = next(p for p, card in enumerate(a.draws) if card.rank == 14)
        assert a.dealer_player == ace
        assert b.dealer_player != ace and b.seats[ace] == 3
        flipped += 1
    assert flipped >= 5


def test_ties_are_cut_again():
    class TieFirst(random.Random):
        calls = 0

        def sample(self, population, k):
            TieFirst.calls += 1
            if TieFirst.calls == 1:
                nines = [c for c in population if c.rank == 9]
                return nines[:k]
            return super().sample(population, k)

    c = cut("standard", rng=TieFirst(1))
    assert c.recuts >= 1 and "cut again" in str(c)


def test_the_cut_command_prints_who_deals(capsys):
    from euchre_lessons.delivery.commands import main

    assert main(["cut", "--rules", "modern_railroad", "--seed", "4"]) == 0
    out = capsys.readouterr().out
    assert "deals first" in out and out == f"{cut('modern_railroad', seed=4)}\n"

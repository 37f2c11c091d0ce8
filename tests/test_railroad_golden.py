"""Golden playthroughs of Foster's Railroad and random-play invariants (rule book B, J2, K10-K22).

Each golden transcript lists, step by step, who is asked, the phase, every legal action in order
and the action taken, then the tricks and the score; it is stored in ``tests/golden_railroad/``
and diffed. After a deliberate change of behaviour, rewrite the files with
``python tests/test_railroad_golden.py`` and review the diff line by line against the rule book.
"""
from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest

from euchre_lessons import Deal, HandState, Phase, Suit, deal, rules

GOLDEN = Path(__file__).resolve().parent / "golden_railroad"
NAMES = ("North", "East", "South", "West")
ROLES = "DEPQ"


def who(seat: int, dealer: int) -> str:
    return f"{NAMES[seat]} ({ROLES[(seat - dealer) % 4]})"


def transcript(preset: str, hands, up: str, actions) -> str:
    """Play ``actions`` on the deal and write down every step, with the legal actions."""
    d = Deal.from_hands(preset, list(hands), upcard=up)
    s = HandState.start(d)
    out = [f"rules: {preset}", f"deal: {d}", ""]
    for action in actions:
        assert not s.is_over, f"the hand ended before {action!r}"
        seat = who(s.to_act, d.dealer)
        if s.phase is Phase.PLAY and s.to_act != s.turn:
            seat += f" for {who(s.turn, d.dealer)}"
        legal = " | ".join(map(str, s.legal_actions()))
        tricks = len(s.tricks)
        s = s.apply(action)
        out.append(f"[{s.undo().phase}] {seat}: {legal} -> {action}")
        if len(s.tricks) > tricks:
            cards, _, winner = s.tricks[-1]
            out.append(f"  trick {len(s.tricks)}: {' '.join(str(c) for _, c in cards)}, won by {who(winner, d.dealer)}")
        elif s.phase in (Phase.PLAY, Phase.DONE) and s.undo().phase is not Phase.PLAY:
            lone = who(s.lone_defender, d.dealer) if s.lone_defender is not None else "-"
            out.append(f"  trump {s.trump}, maker {who(s.maker, d.dealer)}, alone {s.alone}, pat {s.pat}, "
                       f"jambone {s.jambone}, lone defender {lone}, "
                       f"playing {' '.join(NAMES[x] for x in s.active_seats)}")
    assert s.is_over, f"the hand is not over: {s.phase}, {s.to_act} to act"
    result = s.result()
    out += ["", f"exchanges: {', '.join(f'{NAMES[a]} gave {g}, {NAMES[b]} returned {c}' for a, g, b, c in s.exchanges) or '-'}",
            f"dead: {' '.join(map(str, s.dead_cards))}",
            f"tricks by seat: {s.tricks_won}", f"points (North-South, East-West): {result.points_by_team}",
            f"result: {result.explanation}", ""]
    return "\n".join(out)


def words(text: str) -> list:
    return [a.strip() for a in text.split(",")]


PLAYTHROUGHS = {
    # E alone with partner's best; both opponents pass the offer; the dealer discards.
    "lone_hand": ("hoyle_railroad", ("9C TC 9D TD KD", "JK JH AH KC 9S", "JD TH QC QD TS", "AC AD AS KS QS"), "9H",
                  words("order up, alone, give 9S, pass, pass, discard 9C, play KC, play QC, play TC, play JH, "
                        "play JD, play 9H, play AH, play TH, play 9D, play AS, play TS, play TD, play JK, "
                        "play QD, play KD")),
    # Q alone; D defends alone with his own exchange, then discards for the turn-up: two play.
    "lone_against": ("hoyle_railroad", ("AH 9C TC QC KC", "JK 9S TS QS KS", "KH QH 9D TD QD", "AC AD AS KD JD"), "9H",
                     words("pass, pass, order up, alone, give AC, defend alone, give 9C, discard TC, "
                           "play JK, play 9H, play AS, play QC, play AD, play KC, play KD, play KH, "
                           "play AH, play JD")),
    # P alone, Jambone: E names P's follows, Q his leads; the dealer sits out with the turn-up.
    "jambone": ("hoyle_railroad_full", ("TH TC JC 9D TD", "AC KC QC AD KD", "JK JH AH 9C 9S", "TS QS KS AS JD"), "9H",
                words("pass, assist, alone, give 9S, jambone, play KD, call TH, play TS, call JH, play JD, "
                      "play QC, call AH, play QS, play KC, call JK, play KS, play AC, call 9C, play AS, play AD")),
    # The dealer takes up the card that completes his Jamboree, goes alone without exchange,
    # nobody opposes him, he discards, and shows it: 16 and no play.
    "jamboree": ("hoyle_railroad_full", ("JK JH JD AH 9C", "TC QC KC AC QS", "9D TD QD KD AD", "QH TH 9H AS JS"), "KH",
                 words("pass, pass, pass, take up, alone no exchange, pass, pass, pass, discard 9C, jamboree")),
}


@pytest.mark.parametrize("name", list(PLAYTHROUGHS))
def test_golden_playthrough(name):
    text = transcript(*PLAYTHROUGHS[name])
    stored = (GOLDEN / f"{name}.txt").read_text(encoding="utf-8")
    assert text == stored


# ---- random play: 1,000 hands per preset ------------------------------------------------------------

def effective_suit(card, trump):
    if card.is_joker:
        return trump
    if card.rank == 11 and trump is not Suit.NO_TRUMP and card.suit is not trump and card.suit.is_red == trump.is_red:
        return trump
    return card.suit


def everywhere(s) -> list:
    """Every card's place: hands, out of play, played, passed face down, the turn-up on the pack."""
    found = [c for h in s.hands for c in h] + list(s.dead_cards)
    found += [c for t, _, _ in s.tricks for _, c in t] + [c for _, c in s.trick]
    if s.pending_gift is not None:
        found.append(s.pending_gift)
    if s.upcard not in found:
        found.append(s.upcard)
    return found


BOUNDS = {"hoyle_railroad": ({0, 1, 2, 4}, {0, 2, 4}),
          "hoyle_railroad_full": ({-2, 0, 1, 2, 4, 5, 8, 16}, {0, 1, 2, 3, 4})}


@pytest.mark.parametrize("preset", list(BOUNDS))
def test_random_play_keeps_the_invariants(preset):
    r = rules.load(preset)
    pack = sorted(r.cards)
    rng = random.Random(2024)
    seen = Counter()
    for number in range(1000):
        s = HandState.start(deal(r, rng=rng, dealer=number % 4))
        while not s.is_over:
            assert sorted(everywhere(s)) == pack                     # no card lost or doubled
            legal = s.legal_actions()
            assert legal and not (s.to_act is None or s.sits_out(s.to_act))
            if s.phase is Phase.PLAY:
                hand = s.hand(s.turn)
                led = effective_suit(s.trick[0][1], s.trump) if s.trick else None
                follow = [c for c in hand if effective_suit(c, s.trump) == led]
                assert sorted(a.card for a in legal) == sorted(follow or hand)    # follow suit
                if s.to_act != s.turn:                                # a Jambone call: only legal cards
                    seen["call"] += 1
                    assert s.jambone and s.turn == s.maker and all(a.kind == "call" for a in legal)
                    assert s.to_act == ((s.turn - 1) % 4 if s.trick else (s.turn + 1) % 4)
            action = rng.choice(legal)
            frozen = (s.hands, s.phase, s.to_act, s.trick, s.tricks, s.history, s.exchanges, s.dead_cards)
            t = s.apply(action)
            assert (s.hands, s.phase, s.to_act, s.trick, s.tricks, s.history, s.exchanges, s.dead_cards) == frozen
            if len(t.exchanges) > len(s.exchanges):                  # an exchange conserves cards
                seen["exchange"] += 1
                lone, gift, partner, best = t.exchanges[-1]
                assert gift != best and gift in t.hand(partner) and best in t.hand(lone)
                assert gift not in t.view(partner).hand
            if action.kind in ("play", "call"):
                assert t.trick[-1:] == ((s.turn, action.card),) or t.tricks[-1].plays[-1] == (s.turn, action.card)
            s = t
        result = s.result()
        seen[s.lone_defender is not None, s.jambone, s.pat, s.jamboree is not None] += 1
        if not s.passed_out and s.jamboree is None:
            assert len(s.tricks) == 5 and sum(s.tricks_won) == 5
            assert all(len(trick) == len(s.active_seats) for trick, _, _ in s.tricks)
        makers, defenders = BOUNDS[preset]
        assert result.score.makers in makers and result.score.defenders in defenders
        assert sum(1 for c in everywhere(s) if c.is_joker) == 1      # the Joker is never lost
    assert seen["exchange"] > 100 and seen[True, False, False, False] > 50
    if preset == "hoyle_railroad_full":
        assert seen["call"] > 100 and seen[False, False, True, False] > 50


if __name__ == "__main__":
    GOLDEN.mkdir(exist_ok=True)
    for key, args in PLAYTHROUGHS.items():
        (GOLDEN / f"{key}.txt").write_text(transcript(*args), encoding="utf-8")
        print("wrote", GOLDEN / f"{key}.txt")

"""The play table's "Not allowed" in words, read by the referee.

A card the person holds but may not play is refused by ``teaching.play_words.card_refused``. The
sentence is read here against the rule book's follow-suit rule written apart from the engine
(``referee``, on plain strings), on every refused card of every state in play of seeded random
hands of every preset. It must name the card it refuses, with the card's role (a left bower is
never taken for a card of its printed suit); name the suit to follow as the referee reckons it,
and say when that is the trump suit; list exactly the cards of the hand that follow it; tell why
a left bower or the Joker counts as it does; offer exactly the cards the referee allows; and show
no card code (``TH``), only cards as they are drawn (``the 10♥``).
"""
from __future__ import annotations

import random
import re
from collections import Counter

import pytest
from referee import CARD, SUIT_WORD, code, eff, letter, may_play, role, words

from euchre_lessons import HandState, deal, rules
from euchre_lessons.errors import IllegalActionError
from euchre_lessons.hand.phases import Phase
from euchre_lessons.teaching import PlaySession
from euchre_lessons.teaching.play_words import card_refused

HANDS = 120
ONE = {"C": "club", "D": "diamond", "H": "heart", "S": "spade"}
CODE = re.compile(r"\b(?:[2-9TJQKA][CDHS]|JK)\b")


def cards_in(text: str) -> set:
    return {code(m) for m in re.findall(CARD, text)}


def problems_with(sentence: str, card: str, hand, trick, trump: str, calling: bool, any_time: bool) -> list:
    """What is wrong with ``sentence``, the refusal of ``card`` from ``hand`` (codes) to ``trick``
    (codes in the order played) under ``trump`` (a letter, ``N`` for no trump)."""
    out = []
    verb = "call" if calling else "play"
    named = words(card) + (f", the {role(card, trump)}" if role(card, trump) else "")
    if not sentence.startswith(f"You cannot {verb} {named}"):
        out.append(f"does not begin by refusing {named}")
    if CODE.search(sentence):
        out.append(f"shows a card code: {CODE.search(sentence).group()}")
    led = eff(trick[0], trump)
    suit = trump if led == "T" else led
    follow = re.search(r"must follow (\w+), the (suit led|trump suit), and (?:you hold|holds) (.*?)(?:;| \(rule book)",
                       sentence)
    if not follow:
        return out + ["says no suit to follow and no cards that follow it"]
    if follow.group(1) != SUIT_WORD[suit]:
        out.append(f"names {follow.group(1)} to follow, where the referee says {SUIT_WORD[suit]}")
    if (follow.group(2) == "trump suit") != (led == "T"):
        out.append(f"calls {follow.group(1)} the {follow.group(2)}")
    following = {c for c in hand if eff(c, trump) == led}
    if cards_in(follow.group(3)) != following:
        out.append(f"lists {sorted(cards_in(follow.group(3)))} as following, where they are {sorted(following)}")
    for c in following:
        if role(c, trump) == "left bower" and f"{words(c)}, the left bower, counts as a {ONE[suit]}" not in sentence:
            out.append(f"does not say {words(c)} is the left bower, a {ONE[suit]}")
        if c == "JK" and "the Joker is the highest trump" not in sentence:
            out.append("does not say the Joker is the highest trump")
    if role(card, trump) == "left bower" and card[1] == led and \
            f"{words(card)} counts as a {ONE[trump]}, a trump, not a {ONE[led]}" not in sentence:
        out.append(f"does not say why {words(card)}, of the suit led, does not follow it")
    if card == "JK" and trump == "N" and "only by a seat with none of the suit led" not in sentence:
        out.append("does not say when the Joker may be played at no trump")
    if card == "JK" and trump != "N" and f"the Joker is a trump, not a {ONE[led]}" not in sentence:
        out.append("does not say the Joker is a trump")
    instead = re.search(rf"You may {verb} (.*)\.$", sentence)
    allowed = may_play(hand, trick, trump, any_time)
    if not instead or cards_in(instead.group(1)) != allowed:
        out.append(f"offers {instead and sorted(cards_in(instead.group(1)))}, where the referee allows {sorted(allowed)}")
    if "(rule book " not in sentence:
        out.append("cites no rule")
    return out


def refusals(preset: str):
    """``(state, card)`` for every held card refused in play, in seeded random hands."""
    rs = rules.load(preset)
    rng = random.Random(f"refusal words {preset}")
    for k in range(HANDS):
        s = HandState.start(deal(rs, rng=rng, dealer=k % rs.players))
        while not s.is_over:
            if s.phase is Phase.PLAY and s.trick:
                legal = {a.card for a in s.legal_actions()}
                for card in s.hand(s.turn):
                    if card not in legal:
                        yield s, card
            s = s.apply(rng.choice(s.legal_actions()))


@pytest.mark.parametrize("preset", rules.names())
def test_every_refused_card_is_told_as_the_referee_reads_the_rule(preset):
    checked, faults = 0, []
    for s, card in refusals(preset):
        sentence = card_refused(s, card)
        found = problems_with(sentence, str(card), [str(c) for c in s.hand(s.turn)], [str(c) for _, c in s.trick],
                              letter(s.trump), s.to_act != s.turn, s.rules.joker_no_trump_play == "any_time")
        faults += [f"{sentence}\n  -> {problem}" for problem in found]
        checked += 1
    assert checked > 50, checked
    assert not faults, "\n".join(faults[:6])


def test_the_referee_finds_a_wrong_sentence():
    """Each fault the checks above look for, put into a right sentence, is found."""
    hand, trick = ["JD", "9H", "QC"], ["AH"]  # hearts trump, the A♥ led: the J♦ is the left bower, a heart
    right = ("You cannot play the Q♣: you must follow hearts, the trump suit, and you hold the J♦ and the 9♥; "
             "the J♦, the left bower, counts as a heart (rule book A6, A1). You may play the J♦ or the 9♥.")
    assert problems_with(right, "QC", hand, trick, "H", False, False) == []
    wrong = {
        "hearts, the trump suit": "diamonds, the trump suit",
        "the trump suit": "the suit led",
        "the J♦ and the 9♥;": "the 9♥;",
        "; the J♦, the left bower, counts as a heart": "",
        "or the 9♥.": "or the Q♣.",
        "the Q♣:": "QC:",
        " (rule book A6, A1)": "",
    }
    for old, new in wrong.items():
        assert problems_with(right.replace(old, new), "QC", hand, trick, "H", False, False), (old, new)


def test_the_play_table_refuses_a_card_in_these_words_and_changes_nothing():
    for seed in range(60):
        session = PlaySession("standard", human=0, seed=seed)
        while session.legal_actions() and not (session.state.phase is Phase.PLAY and session.state.trick):
            session = session.play(session.legal_actions()[0])
        s = session.state
        if not session.legal_actions():
            continue
        refused = [c for c in s.hand(0) if c not in {a.card for a in s.legal_actions()}]
        if not refused:
            continue
        states = session.states
        with pytest.raises(IllegalActionError) as err:
            session.play(str(refused[0]))
        assert str(err.value) == card_refused(s, refused[0])
        assert session.states is states
        return
    pytest.fail("no deal in 60 where the person must follow and holds a card he may not play")


def test_the_hands_read_meet_every_kind_of_refusal():
    """The seeded hands above meet each case the sentence words differently, many times."""
    kinds = Counter()
    for preset in rules.names():
        for s, card in refusals(preset):
            trump, card, hand = letter(s.trump), str(card), [str(c) for c in s.hand(s.turn)]
            led = eff(str(s.trick[0][1]), trump)
            kinds["a Jambone card called"] += s.to_act != s.turn
            kinds["a left bower of the suit led"] += role(card, trump) == "left bower" and card[1] == led
            kinds["the Joker at no trump"] += card == "JK" and trump == "N"
            kinds["the Joker with a trump suit"] += card == "JK" and trump != "N"
            kinds["a left bower that follows"] += any(role(c, trump) == "left bower" and eff(c, trump) == led for c in hand)
            kinds["the Joker that follows"] += "JK" in hand and led == "T"
    assert len(kinds) == 6 and min(kinds.values()) >= 10, kinds

"""Every step of every preset told in one sentence: the seat named, what it did said, and
different actions from one state never told alike."""
from collections import Counter

import pytest

from euchre_lessons import HandState, deal, narrate, rules
from euchre_lessons.rules import names
from euchre_lessons.table import seat_name
from euchre_lessons.teaching import Timeline, card_words
from euchre_lessons.teaching.narrate import deal_sentence

HANDS = 300

# What a sentence must say for each kind of action (besides the seat).
SAYS = {
    "order up": ("orders up",), "assist": ("assists",), "take up": ("accepts",),
    "with partner": ("with a partner",), "alone": ("alone",), "alone no exchange": ("without partner's best",),
    "alone pat": ("pat",), "jambone": ("Jambone",), "defend alone": ("defends alone",),
    "defend alone no exchange": ("without an exchange",), "jamboree": ("Jamboree",),
}


def _says_what(sentence: str, before, action) -> bool:
    kind = action.kind
    if action.card is not None and kind in ("play", "call", "discard", "give"):
        if kind in ("play", "call"):
            return card_words(action.card) in sentence
        return card_words(action.card) in sentence and ("discards" in sentence or "passes" in sentence
                                                        or "gives" in sentence)
    if kind == "make":
        return action.suit.word in sentence or "no-trump" in sentence
    if kind == "bid":
        return f"bids {action.arg}" in sentence
    if kind == "partner":
        return f"takes {seat_name(action.arg, before.players)} as a partner" in sentence
    if kind == "pass":
        return any(w in sentence for w in ("passes", "does not", "lets", "without a Jambone", "turns"))
    return all(w in sentence for w in SAYS[kind])


def _variants():
    """The presets, and flipped rule sets that reach the steps no preset's players reach."""
    out = [rules.load(p) for p in names()]
    full = rules.load("hoyle_railroad_full")
    out.append(full.replace(partner_best_policy="partner_chooses", lone_eligibility="maker_or_partner"))
    out.append(rules.load("standard").replace(joker=True, joker_turnup_rule="dealer_names_blind"))
    return out


@pytest.mark.parametrize("rs", _variants(), ids=lambda r: r.name)
def test_every_step_is_one_sentence_that_names_the_seat_and_what_it_did(rs):
    kinds = Counter()
    for seed in range(HANDS):
        for players in ("rule_of_thumb", "random"):
            t = Timeline.from_seed(rs, seed, players=players)
            for step in t.steps:
                before = step.before
                told = {}
                for action in before.legal_actions():
                    after = step.after if action is step.action else before.apply(action)
                    sentence = narrate(before, action, after)
                    actor = seat_name(before.to_act, before.players)
                    assert sentence.lower().startswith(actor.lower()), (sentence, actor)
                    assert _says_what(sentence, before, action), (sentence, str(action))
                    assert sentence not in told, f"{action} and {told.get(sentence)} both read {sentence!r}"
                    told[sentence] = action
                    if after.is_over:
                        assert "The hand is over." in sentence and "Points:" in sentence
                kinds[(before.phase.name, step.action.kind)] += 1
    assert kinds[("PLAY", "play")] > 0
    if rs.name.startswith("hoyle_railroad_full*"):
        for needed in [("BEST", "give"), ("TAKE_OVER", "pass"), ("JAMBONE", "jambone"), ("PLAY", "call"),
                       ("DEFEND", "defend alone"), ("JAMBOREE", "jamboree")]:
            assert kinds[needed], f"no {needed} step in {HANDS} hands: the test would not see its sentence"
    if rs.joker_turnup_rule == "dealer_names_blind":
        assert kinds[("BLIND", "make")]


def test_the_sentences_read_as_the_game_is_spoken():
    s = HandState.start(deal("standard", seed=7))
    assert narrate(s, s.legal_actions()[0], s.apply("order up")).startswith("East orders up the ")
    t = Timeline.from_seed("standard", 12)
    said = t.sentences()
    assert said[0] == deal_sentence(t.states[0])
    assert "deals 5 cards to each of 4 players and turns up" in said[0]
    trick_ends = [x for x in said if "wins the trick with" in x]
    assert len(trick_ends) == 5
    assert said[-1].count("The hand is over.") == 1


@pytest.mark.parametrize("preset", names())
def test_every_sentence_opens_with_a_capital_and_ends_with_a_full_stop(preset):
    for seed in range(3):
        for sentence in Timeline.from_seed(preset, seed).sentences():
            assert sentence[0].isupper() and sentence.endswith("."), sentence


def test_a_sentence_told_to_one_seat_keeps_face_down_cards_face_down():
    t = Timeline.from_seed("standard", 12)
    step = next(s for s in t.steps if s.action.kind == "discard")
    dealer = step.seat
    other = (dealer + 1) % 4
    open_ = narrate(step.before, step.action, step.after)
    hidden = narrate(step.before, step.action, step.after, seat=other)
    assert card_words(step.action.card) in open_
    assert card_words(step.action.card) not in hidden and "face down" in hidden
    assert narrate(step.before, step.action, step.after, seat=dealer) == open_


def test_a_jambone_call_names_the_caller_and_the_card():
    rs = rules.load("hoyle_railroad_full")
    for seed in range(400):
        t = Timeline.from_seed(rs, seed)
        calls = [s for s in t.steps if s.action.kind == "call"]
        if calls:
            step = calls[0]
            assert step.sentence.startswith(f"{seat_name(step.seat, 4)} calls {card_words(step.action.card)} "
                                            "from the Jambone hand")
            return
    pytest.fail("no Jambone in 400 hands")


def test_an_exchange_names_the_seat_that_receives_the_card():
    from euchre_lessons.playthrough import golden_state

    final = golden_state("modern_railroad")
    t = Timeline(final)
    gives = [s for s in t.steps if s.action.kind == "give" and s.before.phase.name == "GIVE"]
    assert gives
    for step in gives:
        receiver = next(p for lone, _, p, _ in final.exchanges if lone == step.seat)
        assert step.sentence.startswith(seat_name(step.seat, 4))
        assert f" gives {seat_name(receiver, 4)} {card_words(step.action.card)} face down" in step.sentence
        assert "face down" in step.sentence


def test_the_seats_that_sit_out_are_listed_with_a_verb_that_agrees():
    """"NE defends alone (SE, SW and NW sit out)": one seat sits out, several sit out, each
    named once, and they are the seats the step leaves out."""
    import re

    rs, said = rules.load("modern_railroad_6p"), Counter()
    for seed in range(60):
        t = Timeline.from_seed(rs, seed, players="random")
        for step in t.steps:
            sentence = narrate(step.before, step.action, step.after)
            found = re.search(r"\(([^()]+) (sits|sit) out\)", sentence)
            if not found:
                continue
            names = re.split(r", | and ", found.group(1))
            out = [seat_name(s, 6) for s in range(6) if step.after.sits_out(s) and not step.before.sits_out(s)]
            assert sorted(names) == sorted(out) and (found.group(2) == "sits") == (len(out) == 1), sentence
            said[found.group(2)] += 1
    assert said["sits"] and said["sit"], said

"""Every refusal of every preset names the rule that applies there (the issue's item 7; STYLE:
errors say what, where and what instead; rule book J, K).

Hands of each preset (and of a few knob variants that open the phases no preset has) are driven
by a seeded random player, with deals where the Joker is turned up and deals holding a Jamboree,
until every phase the rules allow has been seen. At each state every kind of action the notation
can say is tried with plausible arguments (cards held and not held, the turn-up, every suit and no
trump, bids and seats in and out of range) and each one the state does not allow must be refused:
an ``IllegalActionError``, the state unchanged, the message naming the seat, the phase, the action
and every legal action, and citing only sections of the rule book that the rule set plays
(``rulebook.plays``), each of them a section the book has. A few facts of the situation are held
against the words (no "only when the Joker is the turn-up" when it was, no Joker in a game without
one). ``rulebook.plays`` itself is held to the rule book's table of presets and to the knob table.
"""
from __future__ import annotations

import random
import re

import pytest

from euchre_lessons import Deal, HandState, IllegalActionError, Phase, deal, rulebook, rules
from euchre_lessons.actions import CARD_KINDS, WORD_KINDS, Action
from euchre_lessons.cards import CARDS, JOKER_ID, Card, Suit
from euchre_lessons.knobs import KNOBS

ANCHORS = rulebook.sections()
BASE = {k.name: k.default for k in KNOBS}

VARIANTS = {  # the phases and refusals that only a flipped knob opens
    "standard+stick": rules.load("standard").replace(stick_the_dealer=True),
    "standard+take_over": rules.load("standard").replace(lone_eligibility="maker_or_partner"),
    "modern+stick": rules.load("modern_railroad").replace(stick_the_dealer=True),
    "railroad+blind": rules.load("hoyle_railroad").replace(joker_turnup_rule="dealer_names_blind"),
    "railroad+chooses": rules.load("hoyle_railroad").replace(partner_best_policy="partner_chooses"),
    "railroad+turned_suit": rules.load("hoyle_railroad").replace(round2_may_name_turned_suit=True),
    "railroad+no_trump": rules.load("hoyle_railroad").replace(joker_turnup_rule="no_trump_hand"),
    "modern_6p+no_defence": rules.load("modern_railroad_6p").replace(lone_against_6p="disabled"),
    "seven+holders": rules.load("hoyle_seven_handed").replace(seven_partners="holders_of_best_trumps"),
}
RULE_SETS = {**{name: rules.load(name) for name in rules.names()}, **VARIANTS}

# A word of each phase that the message must hold.
PHASE_WORDS = {
    Phase.ROUND1: "first round", Phase.ROUND2: "second round", Phase.BLIND: "blind", Phase.AUCTION: "auction",
    Phase.WIDOW: "widow", Phase.TRUMP: "names trump", Phase.PARTNERS: "partners", Phase.ALONE: "going alone",
    Phase.TAKE_OVER: "take-over", Phase.GIVE: "exchange", Phase.BEST: "exchange", Phase.JAMBONE: "Jambone",
    Phase.DEFEND: "defend alone", Phase.DISCARD: "discard", Phase.JAMBOREE: "Jamboree", Phase.PLAY: "play",
}


def expected_phases(r) -> set:
    """The phases a hand under ``r`` can reach, from the knobs (rule book J1-J5)."""
    if r.players == 7:
        return {Phase.AUCTION, Phase.TRUMP, Phase.PLAY} | ({Phase.WIDOW} if r.seven_widow == "maker_takes" else set()) \
            | ({Phase.PARTNERS} if r.seven_partners == "maker_names_three" else set())
    out = {Phase.ROUND1, Phase.ROUND2, Phase.ALONE, Phase.DISCARD, Phase.PLAY}
    out |= {Phase.BLIND} if r.joker and r.joker_turnup_rule == "dealer_names_blind" else set()
    out |= {Phase.TAKE_OVER} if r.lone_eligibility == "maker_or_partner" else set()
    out |= {Phase.GIVE} if r.partners_best != "none" else set()
    out |= {Phase.BEST} if r.partners_best != "none" and r.partner_best_policy == "partner_chooses" else set()
    out |= {Phase.JAMBONE} if r.jambone else set()
    out |= {Phase.DEFEND} if r.lone_against and (r.players == 4 or r.lone_against_6p == "one_on_one") else set()
    out |= {Phase.JAMBOREE} if r.jamboree else set()
    return out


# ---- deals and hands ----------------------------------------------------------------------------

def arranged(r, seed: int, upcard: str, holds: str = "") -> Deal:
    """A shuffled deal (dealer North) with ``upcard`` turned up and East holding ``holds``."""
    up, held = Card.parse(upcard), [Card.parse(c) for c in holds.split()]
    rest = [c for c in r.cards if c != up and c not in held]
    random.Random(seed).shuffle(rest)
    hands = []
    for seat in range(r.players):
        hand = held if seat == 1 else []
        while len(hand) < r.hand_size:
            hand = hand + [rest.pop()]
        hands.append(" ".join(map(str, hand)))
    return Deal.from_hands(r, hands, upcard=upcard, dealer=0)


def deals(r) -> list:
    found = [deal(r, seed=seed) for seed in range(10)]
    if r.bidding == "turn_up" and r.joker:
        found += [arranged(r, seed, "JK") for seed in range(6)]
    if r.jamboree:
        found += [arranged(r, seed, "QH", "JK JH JD AH KH") for seed in range(3)]
    return found


PREFER = ("alone", "alone pat", "alone no exchange", "jambone", "defend alone", "defend alone no exchange",
          "jamboree", "order up", "assist", "take up", "bid 7")


JAMBOREE_PLAN = ("order up", "with partner", "jamboree", "pass")  # East orders up and keeps his hand


def hands(r):
    """The states of seeded hands under ``r``: a random player that often passes the first round
    (to reach the second) and often takes the rare choices (to reach the steps after them); in the
    Jamboree deals East makes trump with partner and announces it."""
    for i, d in enumerate(deals(r)):
        rng = random.Random(i)
        s = HandState.start(d)
        passing, passing_both = i % 3 == 1, i % 4 == 2   # pass the first round; pass whenever one may
        planned = r.jamboree and d.hands[1] and {"JK", "JH", "JD", "AH", "KH"} <= set(map(str, d.hands[1])) \
            and str(d.upcard) == "QH"
        while not s.is_over:
            yield s
            legal = s.legal_actions()
            if (s.phase is Phase.ROUND1 and passing) or (passing_both and Action("pass") in legal
                                                          and s.phase in (Phase.ROUND1, Phase.ROUND2)):
                s = s.apply("pass")
                continue
            plan = [a for word in JAMBOREE_PLAN for a in legal if planned and str(a) == word]
            if plan:
                s = s.apply(plan[0])
                continue
            rare = [a for a in legal if str(a) in PREFER]
            s = s.apply(rng.choice(rare) if rare and rng.random() < 0.6 else rng.choice(legal))
        yield s


def tries(s) -> list[str]:
    """Every kind of action the notation says, with plausible arguments, as a player types it."""
    r = s.rules
    out = list(WORD_KINDS) + [str(Action("make", suit)) for suit in Suit]
    out += [f"bid {n}" for n in (0, 3, 4, 5, 7, 8)] + [f"partner {n}" for n in (0, 1, 3, r.players - 1, r.players, 9)]
    seats = {s.to_act} | ({s.turn} if s.turn is not None else set())
    held = {c for seat in seats if seat is not None for c in s.hand(seat)}
    others = sorted((c for c in r.cards if c not in held), key=lambda c: c.id)
    cards = held | set(random.Random(len(s.history)).sample(others, min(3, len(others))))
    cards |= {s.upcard} if s.upcard is not None else set()
    cards |= {CARDS[0]} if not r.pack_mask & 1 else set()     # the 2C, in a pack without it
    out += [f"{kind} {card}" for kind in CARD_KINDS for card in sorted(cards, key=lambda c: c.id)]
    return out


def seen(s) -> tuple:
    return (s.phase, s.to_act, s.turn, s.hand_masks, s.trick, s.tricks, s.history, s.legal_actions(), s.setup)


# ---- the refusals --------------------------------------------------------------------------------

def check_refusal(s, text, r, played: frozenset) -> str:
    action = text if isinstance(text, Action) else s.parse_action(text)
    before = seen(s)
    with pytest.raises(IllegalActionError) as err:
        s.apply(text)
    message = str(err.value)
    assert seen(s) == before, f"{text!r} changed the state"
    assert str(action) in message, message
    legal = s.legal_actions()
    head, _, listing = message.rpartition("Legal now: ")
    assert head, message
    if s.is_over:
        assert "over" in head and listing == "nothing (the hand is over)."
    else:
        assert s.describe_seat(s.to_act) in head, message
        assert PHASE_WORDS[s.phase] in head, message
        assert listing == ", ".join(map(str, legal)) + ".", message
    cited = rulebook.cited_sections(head)
    assert set(cited) <= ANCHORS, f"{r.name}: cites what the rule book does not have: {message}"
    assert set(cited) <= played, f"{r.name}: cites {sorted(set(cited) - played)}, not played here: {message}"
    if not re.search(r"does not hold|pack of \d+ cards", head):
        assert cited, f"{r.name}: names no rule: {message}"
    check_true(s, action, head, r, played)
    return message


def check_true(s, action, head: str, r, played) -> None:
    """The words hold for the situation."""
    joker_up = s.upcard is not None and s.upcard.id == JOKER_ID
    if not r.joker or r.kitty == "four_no_joker":
        assert "Joker" not in head, head
    if "only when the Joker is the turn-up" in head:
        assert not joker_up, head
    if "after the Joker is turned up and turned down" in head:
        assert joker_up and s.phase is Phase.ROUND2, head
    if re.search(r"Joker stands for (clubs|diamonds|hearts|spades)", head):
        assert joker_up, head
    if "no-trump hand" in head:
        assert "K25" not in played, head
    if "stick the dealer" in head:
        assert r.stick_the_dealer and s.to_act == s.dealer, head
    if "does not hold" in head:
        holder = s.turn if s.phase is Phase.PLAY else s.to_act
        assert action.card not in s.hand(holder), head
    if "must follow" in head:
        assert action.card in s.hand(s.turn), head
    if "cannot be named in the second round" in head:
        assert s.phase is Phase.ROUND2 and not r.round2_may_name_turned_suit, head
    for words, absent in (("there is no Jambone in this game", not r.jambone),
                          ("there is no Jamboree in this game", not r.jamboree),
                          ("pat hands are not played", not r.pat_hand_rule),
                          ("no partner's best in this game", r.partners_best == "none"),
                          ("nobody may defend alone in this game", "K13" not in played),
                          ("there is no auction in this game", r.bidding != "auction"),
                          ("partners are fixed in this game", r.players != 7),
                          ("no lone hands", r.players == 7)):
        if words in head:
            assert absent, head


@pytest.mark.parametrize("name", list(RULE_SETS))
def test_every_refusal_names_the_rule_this_game_plays(name):
    r = RULE_SETS[name]
    played = rulebook.plays(r)
    phases, refused, stuck = set(), 0, False
    for s in hands(r):
        phases.add(s.phase)
        stuck |= s.phase is Phase.ROUND2 and Action("pass") not in s.legal_actions()
        if s.phase is Phase.PLAY and len(s.tricks) > 1:
            continue  # the first two tricks are enough of the play
        assert s == HandState.replay(s.deal, s.history)
        legal = {str(a) for a in s.legal_actions()}
        for text in tries(s):
            if s.parse_action(text) in s.legal_actions() or text in legal:
                continue
            check_refusal(s, text, r, played)
            refused += 1
    assert expected_phases(r) <= phases, f"{name}: phases never reached: {expected_phases(r) - phases}"
    assert refused > 5000
    if r.stick_the_dealer:
        assert stuck, f"{name}: no dealer was stuck"


# ---- the held-out case of the issue, and its neighbours ------------------------------------------

def turned_down(r, upcard="JK") -> HandState:
    s = HandState.start(arranged(r, 0, upcard))
    while s.phase is Phase.ROUND1:
        s = s.apply("pass")
    assert s.phase is Phase.ROUND2
    return s


def refusal(s, text) -> str:
    return check_refusal(s, text, s.rules, rulebook.plays(s.rules))


@pytest.mark.parametrize("preset", ["hoyle_railroad", "hoyle_railroad_full"])
def test_no_trump_under_fosters_rules_after_a_joker_turned_down(preset):
    s = turned_down(rules.load(preset))
    message = refusal(s, "make no trump")
    assert "only when" not in message                       # the old text: exactly what had happened
    assert "D10" not in message and "K25" not in message     # the modern game's rules
    assert "stands for hearts, the agreed suit" in message and "B2" in message
    assert "clubs, diamonds or spades" in message


def test_no_trump_in_standard_says_the_game_has_none_and_no_joker():
    s = turned_down(rules.load("standard"), upcard="9H")
    message = refusal(s, "make no trump")
    assert "Joker" not in message and "D10" not in message and "K25" not in message
    assert "no no-trump hand" in message and "A4" in message
    assert "clubs, diamonds or spades" in message


@pytest.mark.parametrize("preset", ["modern_railroad", "modern_railroad_6p"])
def test_no_trump_in_the_modern_game_after_a_plain_turn_up(preset):
    s = turned_down(rules.load(preset), upcard="9H")
    message = refusal(s, "make no trump")
    assert "only when the Joker is the turn-up" in message and "the turn-up here was 9H" in message
    assert "D10" in message and "K25" in message


@pytest.mark.parametrize("preset", ["modern_railroad", "modern_railroad_6p"])
def test_a_suit_in_the_modern_game_after_a_joker_turned_down(preset):
    s = turned_down(rules.load(preset))
    message = refusal(s, "make hearts")
    assert "after the Joker is turned up and turned down" in message and "K25" in message
    assert "'make no trump' and 'pass'" in message


def test_a_stuck_dealer_after_a_joker_turned_down_must_say_no_trump():
    s = turned_down(rules.load("modern_railroad").replace(stick_the_dealer=True))
    for _ in range(3):
        s = s.apply("pass")
    message = refusal(s, "pass")
    assert "'make no trump'" in message and "name a suit" not in message and "K5" in message


def test_the_agreed_suit_cannot_be_named_and_says_why():
    s = turned_down(rules.load("hoyle_railroad"))
    message = refusal(s, "make hearts")
    assert "stands for hearts" in message and "cannot be named" in message and "B2" in message


def test_a_jambone_caller_who_says_play_is_told_to_call():
    """An ``Action`` object skips the text's reading, where 'play' becomes 'call' for the caller."""
    r = rules.load("hoyle_railroad_full")
    for s in hands(r):
        if s.phase is Phase.PLAY and s.to_act != s.turn:
            card = s.legal_actions()[0].card
            message = refusal(s, Action("play", card))
            assert "call" in message and "K20" in message and "Jambone" in message
            return
    pytest.fail("no Jambone hand was played")


# ---- the sections each rule set plays ------------------------------------------------------------

def preset_table() -> dict:
    """The "sections" column of the rule book's table of presets: preset -> labels."""
    text = rulebook.RULES_MD.read_text(encoding="utf-8")
    text = text[text.index('<a id="presets">'):text.index('<a id="preset-hoyle_ordinary">')]
    rows = re.findall(r"^\| `(\w+)` \|.*\| ([^|]*) \|$", text, flags=re.M)
    return {name: rulebook.labels(cell.replace("[", " ").replace("]", " ")) for name, cell in rows}


def test_the_preset_table_is_read():
    table = preset_table()
    assert set(table) == set(rules.names())
    assert table["standard"] == ("A", "J1") and table["hoyle_railroad_full"][0] == "B-O1"


@pytest.mark.parametrize("preset", rules.names())
def test_a_preset_plays_the_sections_the_rule_book_gives_it(preset):
    played = rulebook.plays(preset)
    assert set(preset_table()[preset]) <= played
    game = rulebook.game(rules.load(preset))
    others = {"A", "B", "C", "D"} - {game} - ({"A"} if game in "BD" else set())
    for label in played:
        assert label in ANCHORS, label
        assert label[0] not in others or label[0] in "JK", f"{preset} plays {label}, of section {label[0]}"


@pytest.mark.parametrize("preset", rules.names())
def test_every_knob_a_preset_sets_rests_on_a_section_it_plays(preset):
    """The knob table names each knob's sections: a preset's own values rest on one it plays.
    The seven-handed Joker is the one exception: the knob cites A1, B1, D2, and C states it."""
    r, played = rules.load(preset), rulebook.plays(preset)
    for knob in KNOBS:
        value = getattr(r, knob.name)
        if knob.source == "-" or value == BASE[knob.name] or (preset, knob.name) == ("hoyle_seven_handed", "joker"):
            continue
        assert set(rulebook.labels(knob.source)) & played, f"{preset}: {knob.name} = {value} rests on {knob.source}"


def test_the_turned_up_joker_sections_follow_the_knob():
    assert {"D10", "D-16", "K25"} <= rulebook.plays("modern_railroad")
    assert not {"D10", "D-16", "K25"} & rulebook.plays("hoyle_railroad")
    assert {"B2", "K14"} <= rulebook.plays("hoyle_railroad")
    assert not {"B2", "K14", "D10", "K25", "A9"} & rulebook.plays("standard")
    foster_no_trump = rules.load("hoyle_railroad").replace(joker_turnup_rule="no_trump_hand")
    assert {"D10", "K25"} <= rulebook.plays(foster_no_trump) and "B2" not in rulebook.plays(foster_no_trump)
    assert "A9" in rulebook.plays(rules.load("standard").replace(joker=True))


def test_the_agreements_and_families_follow_their_knobs():
    assert "K5" in rulebook.plays("standard") and "K13" not in rulebook.plays("standard")
    assert "B-O4" in rulebook.plays("hoyle_railroad_full") and "B-O4" not in rulebook.plays("hoyle_railroad")
    assert "D8" in rulebook.plays("modern_railroad") and "B-O4" not in rulebook.plays("modern_railroad")
    assert "K27" in rulebook.plays("modern_railroad_6p") and "K27" not in rulebook.plays("modern_railroad")
    assert {"K29", "K30", "K31", "C", "J5"} <= rulebook.plays("hoyle_seven_handed")
    assert not {"A4", "K1", "K2"} & rulebook.plays("hoyle_seven_handed")
    assert "K13" not in rulebook.plays(rules.load("modern_railroad_6p").replace(lone_against_6p="disabled"))
    assert [rulebook.order_section(rules.load(p)) for p in rules.names()] == \
        ["J1", "J2", "J2", "J5", "J3", "J4", "J1"]


def test_cited_sections_leave_the_sources_out():
    assert rulebook.cited_sections("x (rule book K6, LD 78); y (rule book D10, K25)") == ("K6", "D10", "K25")
    assert rulebook.cited_sections("no citation at all") == ()

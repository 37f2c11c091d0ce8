"""The narration referee: every sentence of every step of 300 seeded hands per preset, played by
the rule-of-thumb and by the random players, told to nobody and to each seat, read against the
rule book (``referee``, on plain strings) and the raw facts of the state: the cards, the trump,
the seats, the exchanges. It does not ask the engine's ranking or the narration's helpers what
is true.

A sentence is at fault when it says a card leads, follows, is thrown off, trumps, overtrumps or
is a lower trump where the card's effective suit and the trick say otherwise; when a seat is said
to have none of the suit led and has some; when a bower or the Joker is played, wins or is passed
in an exchange without its name; when a trick's winner or count is wrong; when a card is named to
a seat that may not see it; when an exchange does not tell both cards, or partner's best is first
spoken of without saying what it is; when a pat hand, a Jambone or a Jamboree is worded for
another seat than the one that holds it. The mutation tests at the end put each old fault back and see it reported.
"""
import importlib
import re
from collections import Counter

import pytest
from referee import (
    CARD,
    SAME_COLOUR,
    SUIT_WORD,
    best_card,
    code,
    eff,
    letter,
    role,
    strength,
    top_trump,
    trick_winner,
    what_it_does,
    words,
)

from euchre_lessons import rules
from euchre_lessons.hand.phases import Phase
from euchre_lessons.rules import names
from euchre_lessons.table import seat_name
from euchre_lessons.teaching import Timeline, narrate, play_words

narrate_module = importlib.import_module("euchre_lessons.teaching.narrate")  # the module, not the function

HANDS = 150  # per kind of player: 300 hands per preset
PLAYERS = ("rule_of_thumb", "random")

ROLE = r"(?:, the (?:right bower|left bower|highest trump|only trump))?"
NAMED = rf"the {CARD}{ROLE}"
ANY_NAME = re.compile(rf"(?:\bthe |'s )({CARD})(?:, the (right bower|left bower|highest trump|only trump))?")


def cards_of(seq) -> list:
    return [str(c) for c in seq]


def named_cards(sentence: str) -> list:
    return [code(m.group(1)) for m in ANY_NAME.finditer(sentence)]


class Reading:
    """The faults found in one hand's sentences, and what was read."""

    def __init__(self):
        self.faults = []
        self.seen = Counter()

    def fault(self, kind: str, sentence: str, why: str):
        self.faults.append((kind, sentence, why))


# ---- play ---------------------------------------------------------------------------------

def _clause(text: str, player: str, seats: str):
    """What a play clause says: ``(kind, card words, void words, over seat, over card, tail)``."""
    p = re.escape(player)
    void = r"(?:has no (?P<void>\w+) and )?"
    forms = [
        ("leads", rf"^{p} leads (?P<c>{NAMED})(?P<tail>: .*)?$"),
        ("follows", rf"^{p} follows with (?P<c>{NAMED})$"),
        ("throws off", rf"^{p} {void}throws off (?P<c>{NAMED})$"),
        ("trumps", rf"^{p} {void}trumps with (?P<c>{NAMED})$"),
        ("overtrumps", rf"^{p} {void}overtrumps (?P<os>{seats})'s (?P<oc>{CARD}{ROLE}) with (?P<c>{NAMED})$"),
        ("undertrumps", rf"^{p} {void}plays a lower trump, (?P<c>{NAMED}), under (?P<os>{seats})'s "
                        rf"(?P<oc>{CARD}{ROLE}): it cannot win the trick$"),
    ]
    for kind, form in forms:
        m = re.match(form, text)
        if m:
            return kind, m.groupdict()
    return None, {}


def _uncall(rest: str, called: str) -> str:
    """A Jambone call's clause with ``it`` put back as the card it names."""
    rest = rest.replace("throws it off", f"throws off {called}")
    rest = rest.replace("plays it, a lower trump,", f"plays a lower trump, {called},")
    return re.sub(r"\b(leads|with) it\b", rf"\1 {called}", rest)


def read_play(r: Reading, sentence: str, before, action, after):
    n, trump = before.players, letter(before.trump)
    seats = "|".join(re.escape(seat_name(s, n)) for s in range(n))
    text = sentence.split(" The hand is over.")[0]
    if text.startswith("Seat "):  # seven-handed seats are named "seat 3", capitalised to open a sentence
        text = "s" + text[1:]
    if not text.endswith("."):
        return r.fault("form", sentence, "a play sentence ends with a full stop")
    text = text[:-1]
    clause, _, won = text.partition("; ")
    for m in ANY_NAME.finditer(text):  # every card named with the role it has
        said, want = m.group(2) or "", role(code(m.group(1)), trump)
        if said != want:
            r.fault("role", sentence, f"{m.group(1)} is named {said or 'without its role'}, not {want or 'plainly'}")
    player = seat_name(before.turn, n)
    card = str(action.card)
    if action.kind == "call":
        m = re.match(rf"^(?P<caller>{seats}) calls (?P<c>{NAMED}) from the Jambone hand, and (?P<rest>.*)$", clause)
        if not m or m["caller"] != seat_name(before.to_act, n) or code(m["c"]) != card:
            return r.fault("call", sentence, f"the call of {card} by {seat_name(before.to_act, n)} is not told")
        clause = f"{player} " + _uncall(m["rest"], m["c"].split(",")[0]).removeprefix(f"{player} ")
    kind, got = _clause(clause, player, seats)
    plays = [(s, str(c)) for s, c in before.trick]
    want = what_it_does(plays, card, trump)
    r.seen[want] += 1
    if role(card, trump):
        r.seen[role(card, trump)] += 1
    if kind is None or code(got["c"]) != card:
        return r.fault("verb", sentence, f"does not read as {player} {want} {card}")
    if kind != want:
        r.fault("verb", sentence, f"says {kind}: {card} {want} (trick {plays}, trump {trump})")
    hand = cards_of(before.hand(before.turn))
    if plays:
        led = eff(plays[0][1], trump)
        lacking = "trumps" if led == "T" else SUIT_WORD[led]
        free_joker = card == "JK" and trump == "N" and before.rules.joker_no_trump_play == "any_time"
        joker_led_at_no_trump = plays[0][1] == "JK" and trump == "N"
        if got.get("void") is not None:
            if got["void"] != lacking or any(eff(c, trump) == led for c in hand):
                r.fault("void", sentence, f"{player} is said to have no {got['void']}; led {led}, hand {hand}")
        elif kind != "follows" and not free_joker and not joker_led_at_no_trump:
            r.fault("void", sentence, f"a card off the suit led is told without saying {player} has none")
        if kind in ("overtrumps", "undertrumps"):
            top = top_trump(plays, trump)
            if got["os"] != seat_name(top[0], n) or code(got["oc"]) != top[1]:
                r.fault("verb", sentence, f"the trump to beat is {top}")
    else:
        tail = got.get("tail") or ""
        if card == "JK" and trump == "N":
            ok = "any card" in tail
        elif eff(card, trump) == "T" and (card == "JK" or card[1] != trump):  # the Joker, the left bower
            ok = tail == f": {SUIT_WORD[trump]} are led"
        else:
            ok = not tail
        if not ok:
            r.fault("lead", sentence, f"the lead of {card} does not say what is led (trump {trump})")
    done = len(after.tricks) > len(before.tricks)
    if not done:
        if won:
            r.fault("winner", sentence, "a trick is said won before it is complete")
        return
    plays.append((before.turn, card))
    m = re.match(rf"^(?P<w>{seats}) wins the trick with (?P<c>{NAMED}) \(makers (?P<m>\d+), defenders (?P<d>\d+)\)$", won)
    winner = trick_winner(plays, trump)
    if not m or m["w"] != seat_name(winner, n) or code(m["c"]) != dict(plays)[winner]:
        return r.fault("winner", sentence, f"the trick {plays} is won by {seat_name(winner, n)}")
    side = after.makers_mask
    makers = sum(1 for t in after.tricks if side >> trick_winner([(s, str(c)) for s, c in t.plays], trump) & 1)
    if (int(m["m"]), int(m["d"])) != (makers, len(after.tricks) - makers):
        r.fault("winner", sentence, f"the count is makers {makers}, defenders {len(after.tricks) - makers}")


# ---- what a seat may see ------------------------------------------------------------------

def hidden_from(before, action, after, seat) -> set:
    """The cards this step puts face down out of ``seat``'s sight (K11, the discards)."""
    actor, phase = before.to_act, before.phase
    out = set()
    if phase in (Phase.DISCARD, Phase.WIDOW) and actor != seat:
        out.add(str(action.card))
    new = after.exchanges[len(before.exchanges):]
    if phase is Phase.GIVE and actor != seat:
        out.add(str(action.card))
    for lone, _, mate, best in new:
        if seat not in (lone, mate):
            out.add(str(best))
    return out


def visible_to(before, action, after, seat) -> set:
    """Every card ``seat`` may see at this step: its own (less a card given it face down), the
    turn-up, the cards played, its exchanges, a Jambone hand or a Jamboree shown."""
    gifts = {str(g) for _, g, mate, _ in after.exchanges if mate == seat}
    out = (set(cards_of(before.hand(seat))) | set(cards_of(after.hand(seat)))) - gifts
    if before.upcard is not None:
        out.add(str(before.upcard))
    for t in after.tricks:
        out |= set(cards_of(t.cards))
    out |= {str(c) for _, c in after.trick}
    if action.kind in ("play", "call"):
        out.add(str(action.card))
    for lone, gift, mate, best in after.exchanges:
        if seat == lone:
            out |= {str(gift), str(best)}
        if seat == mate:
            out.add(str(best))
    if after.jambone or action.kind == "jamboree":
        out |= set(cards_of(before.hand(before.maker if after.jambone else before.to_act)))
    return out


def read_sight(r: Reading, sentence, before, action, after, seat):
    hidden = hidden_from(before, action, after, seat)
    named = named_cards(sentence)
    for card in hidden:
        shown = card in named and not (before.upcard is not None and card == str(before.upcard)
                                       and f"takes {words(card)} into his hand" in sentence)
        if shown or "face down" not in sentence:
            r.fault("face down", sentence, f"{card} is face down to {seat_name(seat, before.players)}")
    for card in set(named) - visible_to(before, action, after, seat):
        r.fault("face down", sentence, f"{card} is named to {seat_name(seat, before.players)}, who cannot see it")


# ---- the steps before play ----------------------------------------------------------------

def read_roles(r: Reading, sentence, before, kind: str):
    """Every card named once trump is fixed (passed, taken up, discarded) has the role it has."""
    trump = letter(before.trump)
    for m in ANY_NAME.finditer(sentence):
        said, want = m.group(2) or "", role(code(m.group(1)), trump)
        if said != want:
            r.fault("role", sentence, f"{m.group(1)} is named {said or 'without its role'}, not {want or 'plainly'}")
        if want:
            r.seen[f"{kind} {want}"] += 1


def read_exchange(r: Reading, sentence, before, action, after, rs):
    new = after.exchanges[len(before.exchanges):]
    read_roles(r, sentence, before, "exchanged")  # as a card played is named
    if before.phase is Phase.BEST:
        r.seen["exchange"] += 1
        if f"his best card, {words(str(action.card))}" not in sentence:
            r.fault("both cards", sentence, f"the best card {action.card} is not told")
        return
    if not re.search(rf"{re.escape(words(str(action.card)))}(?:, the [a-z ]+,)? face down", sentence):
        r.fault("both cards", sentence, f"the card given, {action.card}, is not told")
    for _lone, _gift, mate, best in new:
        r.seen["exchange"] += 1
        if f"his best card, {words(str(best))}" not in sentence:
            r.fault("both cards", sentence, f"the card given back, {best}, is not told")
        tiebreak = "".join(s[0].upper() for s in rs.suit_tiebreak)
        if rs.partner_best_policy != "partner_chooses":
            if str(best) != best_card(cards_of(before.hand(mate)), letter(before.trump), tiebreak):
                r.fault("both cards", sentence, f"{best} is not {seat_name(mate, before.players)}'s best")


def read_lone(r: Reading, sentence, before, action, after):
    n = before.players
    if action.kind == "alone pat":
        r.seen["pat"] += 1
        lone = before.to_act
        if lone != before.dealer and "discard" in sentence:
            r.fault("pat", sentence, f"{seat_name(lone, n)} is not the dealer and has nothing to discard")
        if lone == before.dealer and before.upcard_lying and words(str(before.upcard)) not in sentence:
            r.fault("pat", sentence, "the dealer's pat hand does not say the turn-up stays out of it")
    if before.phase is Phase.JAMBONE and action.kind == "jambone":
        r.seen["jambone"] += 1
        lone = before.to_act
        callers = {seat_name((lone + 1) % n, n)}
        if before.rules.jambone_card_chooser != "left_opponent_always":
            callers.add(seat_name((lone - 1) % n, n))
        if not all(re.search(rf"\b{c}\b names", sentence) or f"and {c} each" in sentence for c in callers):
            r.fault("jambone", sentence, f"the Jambone does not say who names the cards: {sorted(callers)}")
    if before.phase is Phase.JAMBOREE and action.kind == "jamboree":
        r.seen["jamboree"] += 1
        trump = letter(before.trump)
        trumps = sorted((c for c in cards_of(before.hand(before.to_act)) if eff(c, trump) == "T"),
                        key=lambda c: -strength(c, trump, "T"))[:5]
        if sorted(named_cards(sentence)) != sorted(trumps):
            r.fault("jamboree", sentence, f"the Jamboree is {trumps}")
        if ("not played" in sentence) != (before.rules.jamboree_scoring == "ends_hand_16"):
            r.fault("jamboree", sentence, "says whether the hand is played against the rules")


MEANING = {"partner_chooses": ("judges best",), "highest_trump_then_highest_plain": ("highest trump", "highest card")}


def read_step(r: Reading, before, action, after, rs, told_best: bool) -> bool:
    """Reads a step told to nobody and to each seat; returns whether partner's best has been told."""
    for seat in (None, *range(before.players)):
        sentence = narrate(before, action, after, seat=seat)
        r.seen["sentences"] += 1
        if before.phase is Phase.PLAY:
            read_play(r, sentence, before, action, after)
        if seat is not None:
            read_sight(r, sentence, before, action, after, seat)
            continue
        if "partner's best" in sentence or "best card" in sentence:
            if not told_best and not all(w in sentence for w in MEANING[rs.partner_best_policy]):
                r.fault("best", sentence, "partner's best is spoken of before it is said what it is")
            told_best = True
        if before.phase in (Phase.GIVE, Phase.BEST):
            read_exchange(r, sentence, before, action, after, rs)
        if before.phase is Phase.DISCARD:
            read_roles(r, sentence, before, "discard")
        read_lone(r, sentence, before, action, after)
    return told_best


def read_hand(t: Timeline, rs) -> Reading:
    r = Reading()
    told = False
    for step in t.steps:
        told = read_step(r, step.before, step.action, step.after, rs, told)
    r.seen["hands"] += 1
    return r


# ---- every preset -------------------------------------------------------------------------

@pytest.mark.parametrize("name", names())
def test_every_sentence_of_300_hands_reads_true(name):
    rs = rules.load(name)
    seen, faults = Counter(), []
    for players in PLAYERS:
        for seed in range(HANDS):
            r = read_hand(Timeline.from_seed(rs, seed, players=players), rs)
            seen += r.seen
            faults += [(name, players, seed, *f) for f in r.faults]
    assert not faults, f"{len(faults)} faults, the first: " + "\n".join(map(str, faults[:5]))
    print(f"\n{name}: {seen['hands']} hands, {seen['sentences']} sentences read; {dict(seen)}")
    assert seen["hands"] == len(PLAYERS) * HANDS
    for kind in ("leads", "follows", "throws off", "trumps"):
        assert seen[kind], f"no card {kind} in {name}: the referee would not read that sentence"
    if rs.trump_order == "standard" and rs.joker:
        assert seen["highest trump"]
    if rs.partners_best != "none":
        assert seen["exchange"]
        assert seen["exchanged left bower"] or seen["exchanged right bower"] or seen["exchanged highest trump"], seen
    if rs.jambone:
        assert seen["jambone"]


HARD = ("overtrumps", "undertrumps", "right bower", "left bower", "only trump")


def test_the_hard_cases_are_read_somewhere():
    """The referee reads overtrumps, lower trumps, both bowers and the Joker at no trump (in
    ``modern_railroad``, whose no-trump hands the random players make), not just plain cards."""
    rs, seen = rules.load("modern_railroad"), Counter()
    for seed in range(HANDS):
        seen.update(read_hand(Timeline.from_seed(rs, seed, players="random"), rs).seen)
        if all(seen[k] for k in HARD):
            break
    assert all(seen[k] for k in HARD), seen


# ---- the old faults, put back -------------------------------------------------------------

def _faults(name, seed, players="rule_of_thumb") -> list:
    rs = rules.load(name)
    return read_hand(Timeline.from_seed(rs, seed, players=players), rs).faults


def _kinds(name, seed) -> set:
    return {kind for kind, _, _ in _faults(name, seed)}


@pytest.mark.parametrize("name, seed", [("standard", 3), ("hoyle_railroad", 4), ("hoyle_railroad", 21),
                                        ("hoyle_railroad_full", 5), ("modern_railroad", 2), ("standard", 0)])
def test_the_hands_of_the_issue_read_true(name, seed):
    assert _faults(name, seed) == []


def test_a_bower_played_without_its_name_is_caught(monkeypatch):
    monkeypatch.setattr(play_words, "card_role", lambda card, trump: "")
    assert "role" in _kinds("standard", 3)


def test_an_undertrump_told_as_trumping_is_caught(monkeypatch):
    phrase = play_words.card_phrase
    monkeypatch.setattr(play_words, "card_phrase", lambda before, card, it=False: re.sub(
        r"plays a lower trump, (.*?), under .*$", r"trumps with \1", phrase(before, card, it)))
    faults = _faults("standard", 0)
    assert any(kind == "verb" and "East has no hearts and trumps with the 9♣" in s for kind, s, _ in faults)


class _Printed:
    """A ranking that follows the printed suit: the left bower a heart (the old reading)."""

    def __init__(self, rank):
        self.power = rank.power
        self.eff_suit = tuple(s if i < 52 else rank.eff_suit[i] for i, s in enumerate(
            [i // 13 for i in range(52)] + [0]))


def test_following_a_left_bower_lead_with_its_printed_suit_is_caught(monkeypatch):
    real = play_words.ranking
    monkeypatch.setattr(play_words, "ranking", lambda trump, order="standard": _Printed(real(trump, order)))
    faults = _faults("standard", 3)
    assert any(kind == "verb" and s.startswith("North follows with the 10♥") for kind, s, _ in faults)
    assert any(kind == "lead" and s.startswith("West leads the J♥") for kind, s, _ in faults)


def test_a_card_named_face_down_to_an_outsider_is_caught(monkeypatch):
    monkeypatch.setattr(narrate_module, "_hidden", lambda before, action, seat: False)
    faults = _faults("standard", 3)
    assert any(kind == "face down" and "discards the Q♥" in s for kind, s, _ in faults)
    # the exchange's cards, told to everyone
    monkeypatch.undo()
    say = narrate_module._say_give
    for phase in (Phase.GIVE, Phase.BEST):
        monkeypatch.setitem(narrate_module._SAY, phase, lambda b, a, af, who, seat: say(b, a, af, who, None))
    assert "face down" in _kinds("hoyle_railroad", 21)


def test_a_wrong_winner_is_caught(monkeypatch):
    play = narrate_module.play_sentence

    def last_card_wins(before, action, after):
        text = play(before, action, after)
        return re.sub(r"; \w+ wins the trick with [^(]*\(", f"; {seat_name(before.turn, 4)} wins the trick with "
                      f"{play_words.card_with_role(action.card, before.trump)} (", text)

    monkeypatch.setattr(narrate_module, "play_sentence", last_card_wins)
    assert "winner" in _kinds("standard", 0)


def test_an_exchange_told_by_one_card_is_caught(monkeypatch):
    def old(before, action, after, who, seat):  # the card passed, nothing of what came back
        return f"{who} passes {play_words.card_words(action.card)} face down to the partner."

    for phase in (Phase.GIVE, Phase.BEST):
        monkeypatch.setitem(narrate_module._SAY, phase, old)
    assert "both cards" in _kinds("hoyle_railroad", 21)
    assert "both cards" in _kinds("modern_railroad", 2)


def test_a_bower_passed_back_without_its_name_is_caught(monkeypatch):
    """West goes alone on clubs and East's best card, given back, is the J♠: said plainly, it
    reads as a spade, not as the left bower, a trump."""
    assert not _faults("hoyle_railroad_full", 11)
    monkeypatch.setattr(narrate_module, "card_with_role", lambda card, trump, mid=False: play_words.card_words(card))
    faults = _faults("hoyle_railroad_full", 11)
    assert any(kind == "role" and "his best card, the J♠." in s for kind, s, _ in faults), faults


def test_partners_best_never_explained_is_caught(monkeypatch):
    monkeypatch.setattr(narrate_module, "_best_told", lambda before: True)
    assert "best" in _kinds("hoyle_railroad", 21)


def _step_with(name, kind, phase=None, seat_test=lambda s, st: True, seeds=400):
    rs = rules.load(name)
    for seed in range(seeds):
        for step in Timeline.from_seed(rs, seed, players="random").steps:
            b = step.before
            for action in b.legal_actions():
                if action.kind == kind and (phase is None or b.phase is phase) and seat_test(b.to_act, b):
                    return rs, b, action, b.apply(action)
    pytest.fail(f"no {kind} in {seeds} hands of {name}")


def _read_one(rs, before, action, after) -> set:
    r = Reading()
    read_step(r, before, action, after, rs, True)
    return {kind for kind, _, _ in r.faults}


def test_the_old_pat_words_for_a_seat_that_never_discards_are_caught(monkeypatch):
    rs, b, action, after = _step_with("hoyle_railroad_full", "alone pat", seat_test=lambda s, st: s != st.dealer)
    assert _read_one(rs, b, action, after) == set()
    words_of = narrate_module._alone_words
    monkeypatch.setattr(narrate_module, "_alone_words", lambda before, action, after, lone: (
        "goes alone pat: no exchange and no discard" if action.kind == "alone pat"
        else words_of(before, action, after, lone)))
    assert "pat" in _read_one(rs, b, action, after)


def test_the_old_jambone_and_jamboree_words_are_caught(monkeypatch):
    rs, b, action, after = _step_with("hoyle_railroad_full", "jambone", Phase.JAMBONE)
    assert _read_one(rs, b, action, after) == set()
    monkeypatch.setitem(narrate_module._SAY, Phase.JAMBONE, lambda b_, a, af, who, seat: (
        f"{who} announces a Jambone: the hand goes face up on the table and the opponents call its cards."))
    assert "jambone" in _read_one(rs, b, action, after)
    rs, b, action, after = _step_with("modern_railroad", "jamboree", Phase.JAMBOREE, seeds=3000)
    assert _read_one(rs, b, action, after) == set()
    monkeypatch.setitem(narrate_module._SAY, Phase.JAMBOREE, lambda b_, a, af, who, seat: (
        f"{who} shows a Jamboree: the five highest trumps, which need not be played."))
    assert "jamboree" in _read_one(rs, b, action, after)


def test_the_referee_reads_words_and_codes_alike():
    assert [code(w) for w in ("the J♥", "the 10♠", "the Joker", "A♣")] == ["JH", "TS", "JK", "AC"]
    assert [words(c) for c in ("JH", "TS", "JK")] == ["the J♥", "the 10♠", "the Joker"]
    assert SAME_COLOUR["D"] == "H" and role("JH", "D") == "left bower" and role("JH", "N") == ""

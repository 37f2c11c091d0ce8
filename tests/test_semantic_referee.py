"""The semantic referee: the facts a hint (levels 1-3), a narration, a proof and a retry claim,
read back from their words and checked against the state, the rule book's referee
(``referee``, on plain strings) and the values table, never against the helpers that wrote them.

Checked: "may trump" only by a seat that holds a trump and no card of the suit led, "holds no
trump" only by one that holds none; every trump count ("you hold N trumps", "N trumps are still
unseen by you", counting only what the seat has not seen: not its own cards, the cards played, a
hand lying face up, its own discard, a card it passed, nor the turn-up it saw); who is winning
the trick and with which card; what a suggested card does in the trick; the card called best
against the values table, and cards "worth the same whatever the layout" against every layout;
a suggestion resting on no deal that fits the bidding says so; a first hint that does not tell
a discard the second contradicts; "takes up" and "into his hand" only for a card that joins a
hand, and an accepted turn-up that stays out of play said to; the widow's discards as the rule
book has them (C: four, face down); a proof's bowers named by the trump of each line, its layout
said to be the real one only when it is, its scores of three sides written as a sentence; a
retry's "worth the same" only for choices worth the same.

Every preset is read: the cheap claims (first hints, narration) over ``HANDS`` seeded hands per
preset (half played by random players), the valued ones (second and third hints, proofs, retries) over ``DEEP`` hands per preset.
The issue's bar is 300 hands per preset; the defaults keep this module under a minute on one core,
and ``SEMANTIC_REFEREE_HANDS`` / ``SEMANTIC_REFEREE_DEEP`` raise them for more depth. The mutation
tests at the end put each old sentence back and see the referee catch it.
"""
from __future__ import annotations

import importlib
import os
import re

import pytest
from referee import CARD, code, eff, letter, role, trick_winner, what_it_does

from euchre_lessons import Timeline
from euchre_lessons.cards import cards_of as ids_cards
from euchre_lessons.hand.phases import UP_DEAD, Phase
from euchre_lessons.hand.view import SeatView
from euchre_lessons.rules import names
from euchre_lessons.table import seat_name
from euchre_lessons.teaching import hint, narrate
from euchre_lessons.teaching.hints import values
from euchre_lessons.teaching.proof import prove
from euchre_lessons.teaching.retry import Mistake, Retry

hints = importlib.import_module("euchre_lessons.teaching.hints")
narration = importlib.import_module("euchre_lessons.teaching.narrate")
proof_module = importlib.import_module("euchre_lessons.teaching.proof")
retry_module = importlib.import_module("euchre_lessons.teaching.retry")

HANDS = int(os.environ.get("SEMANTIC_REFEREE_HANDS", 300))  # per preset, for the first hints and the narration
DEEP = int(os.environ.get("SEMANTIC_REFEREE_DEEP", 8))       # per preset, for what rests on the values
TRICKS_LEFT = 2   # a deep hand's cards are valued in its last tricks (every seat's decision there)
_EPS = 1e-9


def _codes(cards) -> list:
    return [str(c) for c in cards]


def _trumps(cards, trump: str) -> list:
    return [c for c in cards if eff(c, trump) == "T"]


def _seat_pattern(n: int) -> str:
    return "|".join(sorted((re.escape(seat_name(s, n)) for s in range(n)), key=len, reverse=True))


def _seat_of(name: str, n: int) -> int:
    return next(s for s in range(n) if seat_name(s, n).lower() == name.lower())


# ---- level 1 -------------------------------------------------------------------------------------

def read_first(state, seat: int, text: str) -> list:
    """The faults of a first hint ``text`` for ``seat`` in ``state``."""
    faults = []
    n = state.players
    if state.phase is Phase.PLAY:
        trump = letter(state.trump)
        turn = state.turn
        hand = _codes(state.hand(turn))
        trick = [(s, str(c)) for s, c in state.trick]
        if trick:
            led = eff(trick[0][1], trump)
            follow = [c for c in hand if eff(c, trump) == led]
            trumps = _trumps(hand, trump)
            if ("may trump" in text or "a trump or any other" in text) and (follow or not trumps):
                faults.append(("may trump", text, f"the hand {hand} holds {trumps or 'no trump'} and follows with {follow}"))
            if re.search(r"(?:you hold|holds) no trump(?::| so|,)", text) and trumps:
                faults.append(("no trump", text, f"the hand holds {trumps}"))
            seats = _seat_pattern(n)
            m = re.search(rf"(?:(?P<me>[Yy]ou) are|[Yy]our partner (?P<p>{seats}) is|(?P<o>{seats}), on your side, is|"
                          rf"(?P<x>{seats}), an opponent, is) winning the trick with the (?P<c>{CARD})", text)
            if not m:
                faults.append(("winning", text, "the trick's winner is not told"))
            else:
                winner = trick_winner(trick, trump)
                said = seat if m.group("me") else _seat_of(next(g for g in m.group("p", "o", "x") if g), n)
                if said != winner or code(m.group("c")) != dict(trick)[winner]:
                    faults.append(("winning", text, f"{seat_name(winner, n)} is winning with {dict(trick)[winner]}"))
        faults += _read_counts(state, seat, text, trump, hand)
        faults += _read_unseen(state, seat, text, trump)
    elif state.trump is not None and state.phase not in (Phase.ROUND1, Phase.ROUND2, Phase.BLIND):
        faults += _read_counts(state, seat, text, letter(state.trump), _codes(state.hand(seat)))
    return faults


def _read_counts(state, seat, text, trump: str, hand) -> list:
    """"you hold N trumps", "you hold no trump": the count of the hand that plays."""
    held = len(_trumps(hand, trump))
    faults = []
    for m in re.finditer(r"(?:you hold|hand holds) (no trump|the Joker, the only trump|(\d+) trumps?)", text):
        said = 0 if m.group(1) == "no trump" else 1 if m.group(2) is None else int(m.group(2))
        if said != held:
            faults.append(("trump count", text, f"the hand holds {held} trumps, not {said}"))
    return faults


def unseen_trumps(state, seat: int, trump: str) -> tuple:
    """The trumps not yet played that ``seat`` has not seen, by the facts of the state: every
    card of the pack but its own (as its view holds them), those played, a Jambone hand lying face
    up, its own discards, the cards it passed and the turn-up; and the turn-up, when it is a trump
    still in play that the seat saw go to the dealer (``None`` otherwise)."""
    view = SeatView(state, seat)
    pack = [str(c) for c in ids_cards(state.rules.pack_mask)]
    seen = set(_codes(view.hand)) | set(_codes(view.played)) | set(_codes(view.exposed)) | set(_codes(view.gave))
    seen |= {str(a.card) for s, a in state.steps if s == seat and a.kind == "discard"}
    up = None if state.upcard is None else str(state.upcard)
    went = None
    if up is not None and up not in seen and eff(up, trump) == "T" and state.setup.round1 \
            and any(a.kind in ("order up", "assist", "take up") for _, a in state.steps):
        went = None if state.setup.up_state == UP_DEAD else up  # dead: out of play before any hand took it
    seen.add(up)
    return [c for c in pack if eff(c, trump) == "T" and c not in seen], went


def _read_unseen(state, seat, text, trump: str) -> list:
    m = re.search(r"(\d+) trumps? (?:are|is) still unseen by you", text)
    if not m:
        return []
    out, went = unseen_trumps(state, seat, trump)
    faults = []
    if int(m.group(1)) != len(out):
        faults.append(("unseen", text, f"{len(out)} trumps are unseen by this seat: {out}"))
    if went is not None and f"besides {card_words_of(went)}" not in text:
        faults.append(("unseen", text, f"the turn-up {went}, seen going to the dealer, is not told apart"))
    return faults


def card_words_of(c: str) -> str:
    return "the Joker" if c == "JK" else f"the {'10' if c[0] == 'T' else c[0]}{'♣♦♥♠'['CDHS'.index(c[1])]}"


# ---- levels 2 and 3, against the values ------------------------------------------------------------

def read_valued(state, seat: int, first: str, second, third) -> list:
    """The faults of a second and third hint (``Hint``s), with their values ``third.values``."""
    v = third.values
    faults = []
    best = v.best
    for other in v.values:
        if other.points > best.points + _EPS or (abs(other.points - best.points) <= _EPS
                                                  and other.tricks > best.tricks + _EPS):
            faults.append(("best", second.text, f"{other.action} is worth more than {best.action}"))
    if second.action != best.action:
        faults.append(("best", second.text, f"the suggestion is not the best of the table, {best.action}"))
    text = second.text
    rows = v.per_layout
    m = re.search(r"(?:^|\. )([^.]*?) (?:is|are) worth the same whatever the layout", text)
    if m:
        for c in re.findall(CARD, m.group(1)):
            action = next(a for a in rows if a.card is not None and str(a.card) == code(c))
            if rows[action] != rows[best.action]:
                faults.append(("same", text, f"{action} is not worth the best's in every layout"))
    if v.fit_bids == 0 and "not one of those deals fits" not in text:
        faults.append(("bids", text, "the suggestion rests on no deal that fits the bidding and does not say so"))
    if state.phase is Phase.PLAY and second.action.kind == "play":
        faults += _read_card(state, seat, text, str(second.action.card))
    if state.phase in (Phase.DISCARD, Phase.WIDOW) and "throw a card that leaves you void" in first:
        hand, trump = _codes(state.hand(seat)), letter(state.trump)
        c = str(second.action.card)
        if eff(c, trump) == "T" or sum(eff(x, trump) == eff(c, trump) for x in hand) > 1:
            faults.append(("levels", first, f"level 2 discards {c}, which leaves no void, without a word"))
    if not third.text.startswith(f"With {hints._thing(best.action, state)} your side"):
        faults.append(("best", third.text, f"level 3 does not start from the best, {best.action}"))
    return faults


def _read_card(state, seat, text, card: str) -> list:
    trump = letter(state.trump)
    trick = [(s, str(c)) for s, c in state.trick]
    m = re.search(r": it (leads|follows|overtrumps|trumps|is a lower trump|throws off)", text)
    if not m:
        return [("what", text, "what the card does is not told")]
    does = what_it_does(trick, card, trump)
    said = {"is a lower trump": "undertrumps"}.get(m.group(1), m.group(1))
    faults = []
    if said != does and not (said == "undertrumps" and does == "trumps"):
        faults.append(("what", text, f"{card} {does}, it does not {said}"))
    plays = trick + [(state.turn, card)]
    winner = trick_winner(plays, trump)
    if ("wins the trick" in text or "for now" in text) and winner != state.turn:
        faults.append(("winning", text, f"{card} does not win: {seat_name(winner, state.players)} does"))
    if ("leaves the trick to" in text or "lets" in text) and winner == state.turn:
        faults.append(("winning", text, f"{card} wins the trick"))
    if "it is the last card to play" in text and len(plays) != len(state.active_seats):
        faults.append(("winning", text, "it is not the last card of the trick"))
    return faults


# ---- narration -----------------------------------------------------------------------------------

def read_told(timeline) -> list:
    """The faults of every step's sentence told to nobody: cards taken up, the turn-up's fate,
    the widow."""
    faults, joined, out_said = [], False, False
    steps = timeline.steps
    up = None
    for step in steps:
        before, action, after = step.before, step.action, step.after
        text = narrate(before, action, after)
        up = None if before.upcard is None else str(before.upcard)
        held = {c for s in range(after.players) for c in _codes(after.hand(s))}
        joined |= up in held
        for m in re.finditer(rf"takes up the ({CARD})|takes the ({CARD})(?:, the [a-z ]+,)? into his hand", text):
            c = code(m.group(1) or m.group(2))
            if c not in held:
                faults.append(("takes up", text, f"{c} joins no hand"))
        if re.search(r"takes the card\b", text) and up not in held:
            faults.append(("takes up", text, f"the turn-up {up} joins no hand"))
        out_said |= up is not None and card_words_of(up).lower() in text.lower() and (
            "stays out of play" in text or "out of his hand" in text)
        if before.phase is Phase.WIDOW:
            maker = before.to_act
            if "from the widow" in text and str(action.card) in _codes(before.deal.hands[maker]):
                faults.append(("widow", text, f"{action.card} was dealt to the maker, not found in the widow"))
            if "takes the four cards of the widow" in text and len(_codes(before.deal.rest)) != 4:
                faults.append(("widow", text, "the widow is not four cards"))
    final = steps[-1].after if steps else None
    accepted = final is not None and any(a.kind in ("order up", "assist", "take up") for _, a in final.steps)
    if accepted and not joined and not out_said and not final.passed_out:
        faults.append(("out of play", "", f"the turn-up {up} stays out of play and no sentence says so"))
    return faults


# ---- proofs and retries --------------------------------------------------------------------------

def read_proof(p, real) -> list:
    """The faults of a proof ``p`` made at the real state ``real``."""
    text, faults = str(p), []
    lines = {"your choice": p.chose_line, "the best": p.best_line}
    line = None
    for row in text.splitlines():
        head = re.match(r"With .* \((your choice|the best)\)", row)
        if head:
            line = lines[head.group(1)]
            continue
        if line is None or not row.strip().startswith("Trick "):
            continue
        trump = letter(line.final.trump)
        for m in re.finditer(rf"({CARD})(?: \(([^)]*)\))?", row.split(". Won by")[0]):
            want = role(code(m.group(1)), trump)
            if want.endswith("bower") and want not in (m.group(2) or ""):
                faults.append(("bower", row, f"{m.group(1)} is the {want} in this line"))
        won = re.search(rf"Won by .*?, with the ({CARD})(, the [a-z ]+)?\.", row)
        want = role(code(won.group(1)), trump) if won else ""
        if won and want.endswith("bower") and want not in (won.group(2) or ""):
            faults.append(("bower", row, f"the card that wins is the {want} in this line"))
    is_real = p.state.hand_masks == real.hand_masks and p.state.phase is real.phase
    if "as they really lay" in text and not is_real:
        faults.append(("layout", text, "a layout supposed is called the real one"))
    if "really lay" not in text and "could lie" not in text:
        faults.append(("layout", text, "the layout does not say whether it is the real one"))
    if re.search(r"points?, team ", p.claim) or re.search(r"\d, team ", p.claim):
        faults.append(("score", p.claim, "the other sides' scores are listed without a verb"))
    return faults


def read_retry(mistake, message: str) -> list:
    v = mistake.values
    faults = []
    if re.search(r"sampling error of ± 0\.00 points", message):
        faults.append(("retry", message, "a sampling error of 0.00 is no error: say the choices are worth the same"))
    m = re.match(r"Found: “(.*?)” is worth the same as “(.*?)” (whatever|in each)", message)
    if m:
        a = next(x for x in v.per_layout if retry_module.action_words(x) == m.group(1))
        if v.per_layout[a] != v.per_layout[v.best.action]:
            faults.append(("retry", message, f"{a} is not worth the best's in every layout"))
        if m.group(3) == "whatever" and a not in v.same_as_best() and not v.exact:
            faults.append(("retry", message, "worth the same in the layouts drawn is not whatever the layout"))
    return faults


def deep_faults(state, seat: int, step: int) -> list:
    """Every valued claim at one decision: the three hints, the proof of the worst choice, and
    the retry of that choice with every other."""
    first = hint(state, seat, 1).text
    second, third = hint(state, seat, 2), hint(state, seat, 3)
    if third.values is None or not third.values.values:
        return []
    faults = read_valued(state, seat, first, second, third)
    v = values(state, seat, False, 0)
    worst = v.values[-1].action
    if worst != v.best.action:
        p = prove(step, state, seat, worst, v)
        if p is not None:
            faults += read_proof(p, state)
        r = Retry(seat, (Mistake(step, state, worst, v),))
        for a in state.legal_actions():
            if a != worst:
                faults += read_retry(r.current, r.choose(a).message)
    return faults


def _deep_states(preset: str, seed: int):
    """The decisions of a hand's last ``TRICKS_LEFT`` tricks, and (but seven-handed, whose hands
    the solver plays out slowly) its first decision with two choices or more before play."""
    t = Timeline.from_seed(preset, seed)
    size = t.states[0].rules.hand_size
    bid = preset != "hoyle_seven_handed"
    for i, s in enumerate(t.states):
        if s.is_over or len(s.legal_actions()) < 2:
            continue
        if s.phase is not Phase.PLAY and bid:
            bid = False
            yield i + 1, s
        elif s.phase is Phase.PLAY and len(s.tricks) >= size - TRICKS_LEFT:
            yield i + 1, s


# ---- every preset --------------------------------------------------------------------------------

@pytest.mark.parametrize("preset", names())
def test_first_hints_and_narration_read_true(preset):
    faults, seen = [], {"may trump": 0, "no trump": 0, "unseen": 0, "out of play": 0}
    for seed in range(HANDS):  # half played by the rule-of-thumb players, half by random ones (odd corners)
        t = Timeline.from_seed(preset, seed, players="random" if seed % 2 else "rule_of_thumb")
        faults += read_told(t)
        for s in t.states:
            if s.is_over or s.to_act is None:
                continue
            text = hint(s, s.to_act, 1).text
            faults += read_first(s, s.to_act, text)
            seen["may trump"] += "may trump" in text
            seen["no trump"] += "hold no trump:" in text
            seen["unseen"] += "still unseen by you" in text
        seen["out of play"] += any("stays out of play" in narrate(x.before, x.action, x.after) for x in t.steps)
    assert not faults, faults[:5]
    assert seen["may trump"] and seen["no trump"] and seen["unseen"], seen


@pytest.mark.parametrize("preset", names())
def test_valued_hints_proofs_and_retries_read_true(preset):
    faults, decisions = [], 0
    for seed in range(DEEP):
        for step, s in _deep_states(preset, seed):
            faults += deep_faults(s, s.to_act, step)
            decisions += 1
    assert decisions and not faults, faults[:5]


# ---- mutation tests: each old sentence put back is caught ----------------------------------------

def _first_state(preset, test, seeds=200):
    for seed in range(seeds):
        t = Timeline.from_seed(preset, seed)
        for i, s in enumerate(t.states):
            if not s.is_over and s.to_act is not None and test(s):
                return t, i, s
    pytest.fail(f"no such state in {seeds} hands of {preset}")


def _faults_of_first(s) -> set:
    return {kind for kind, _, _ in read_first(s, s.to_act, hint(s, s.to_act, 1).text)}


def test_may_trump_said_to_a_seat_without_a_trump_is_caught(monkeypatch):
    _, _, s = _first_state("standard", lambda s: s.phase is Phase.PLAY and "hold no trump:" in hint(s, level=1).text)
    assert _faults_of_first(s) == set()
    think = hints._think_play
    monkeypatch.setattr(hints, "_think_play", lambda state, seat: think(state, seat).replace(
        " and you hold no trump: throw off any card", ", so you may trump or throw off any card"))
    assert "may trump" in _faults_of_first(s)


def _old_trumps_out(state, seat, holder=None):
    """The old count: every trump not played and not in the hand that plays, the turn-up the
    seat saw the dealer take among them."""
    trump = state.setup.trump
    rank = hints.ranking(trump, state.rules.trump_order)
    played, mine = state.played_mask, state.hand_mask(state.turn)
    out = [i for i in rank.trump_ids if state.rules.pack_mask >> i & 1 and not played >> i & 1 and not mine >> i & 1]
    count = hints._trump_count(state, state.turn, trump)
    return f"{len(out)} trump{'s are' if len(out) != 1 else ' is'} still unseen by you (some may be out of play); {count}."


def test_the_turn_up_counted_as_unseen_is_caught(monkeypatch):
    _, _, s = _first_state("standard", lambda s: s.phase is Phase.PLAY and "besides the" in hint(s, level=1).text)
    assert _faults_of_first(s) == set()
    monkeypatch.setattr(hints, "_trumps_out", _old_trumps_out)
    assert "unseen" in _faults_of_first(s)


def _old_round1(before, action, after, who, seat):
    up = card_words_of(str(before.upcard))
    if action.kind == "pass":
        return f"{who} passes."
    dealer = seat_name(before.dealer, before.players) + ", the dealer,"
    trump = narration._trump_words(after.trump)
    if action.kind == "take up":
        return f"{who} takes up {up}: {trump}."
    if action.kind == "assist":
        return f"{who} assists: {trump}, and {dealer} takes up {up}."
    return f"{who} orders up {up}: {trump}, and {dealer} takes the card."


def test_a_turn_up_taken_up_that_stays_out_of_play_is_caught(monkeypatch):
    for seed in range(200):
        t = Timeline.from_seed("standard", seed)
        if any("stays out of play" in narrate(x.before, x.action, x.after) for x in t.steps):
            break
    assert read_told(t) == []
    monkeypatch.setattr(narration, "_SAY", {**narration._SAY, Phase.ROUND1: _old_round1})
    assert {"takes up"} <= {kind for kind, _, _ in read_told(t)}
    monkeypatch.setattr(narration, "_upcard_fate", lambda before, action, after: "")
    assert {"takes up", "out of play"} <= {kind for kind, _, _ in read_told(t)}


def test_a_dealt_card_discarded_from_the_widow_is_caught(monkeypatch):
    t = Timeline.from_seed("hoyle_seven_handed", 0)
    assert read_told(t) == []
    say = narration._say_discard

    def old(before, action, after, who, seat):
        if before.phase is Phase.WIDOW:
            return f"{who} discards {card_words_of(str(action.card))} from the widow hand."
        return say(before, action, after, who, seat)

    monkeypatch.setattr(narration, "_SAY", {**narration._SAY, Phase.WIDOW: old})
    assert "widow" in {kind for kind, _, _ in read_told(t)}


def _proof_where(preset, test, seeds=40, phases=(Phase.ROUND1, Phase.ROUND2, Phase.PLAY)):
    for seed in range(seeds):
        t = Timeline.from_seed(preset, seed)
        for i, s in enumerate(t.states):
            if s.is_over or s.phase not in phases or len(s.legal_actions()) < 2:
                continue
            v = values(s, s.to_act, False, 0)
            if not v.values or v.values[-1].action == v.best.action:
                continue
            p = prove(i + 1, s, s.to_act, v.values[-1].action, v)
            if p is not None and test(p, s):
                return p, s
    pytest.fail(f"no such proof in {seeds} hands of {preset}")


def _old_str(self):
    n = self.state.players
    out = [self._head(), self._table_words()]
    for line, which in ((self.chose_line, "your choice"), (self.best_line, "the best")):
        out.append(self._line_head(line, which))
        out += ["  " + t.words(n, self.state.trump) for t in line.tricks]
    return "\n".join(out)


def test_a_bidding_proof_without_its_bowers_named_is_caught(monkeypatch):
    p, s = _proof_where("standard", lambda p, s: s.phase is not Phase.PLAY and "bower" in str(p),
                        phases=(Phase.ROUND1, Phase.ROUND2))
    assert read_proof(p, s) == []
    monkeypatch.setattr(proof_module.Proof, "__str__", _old_str)
    assert "bower" in {kind for kind, _, _ in read_proof(p, s)}


def test_a_layout_supposed_told_as_the_cards_as_they_lay_is_caught(monkeypatch):
    p, s = _proof_where("standard", lambda p, s: not p.real, phases=(Phase.PLAY,))
    assert read_proof(p, s) == []
    table = proof_module.Proof._table_words
    monkeypatch.setattr(proof_module.Proof, "_table_words", lambda self: re.sub(
        r"^One way the cards could lie at your decision, which you could not rule out",
        "The cards as they lay at your decision", table(self)))
    assert "layout" in {kind for kind, _, _ in read_proof(p, s)}
    monkeypatch.setattr(proof_module.Proof, "_table_words", lambda self: table(self).replace(
        "One way the cards could lie", "The cards as they really lay"))
    assert "layout" in {kind for kind, _, _ in read_proof(p, s)}


def test_three_sides_scored_as_a_list_is_caught(monkeypatch):
    def old(final, seat):
        n, points = final.players, final.result().points_by_team
        mine = proof_module.team_of(seat, n)
        others = [t for t in range(len(points)) if t != mine]
        return f"scores {points[mine]} points, " + ", ".join(f"{proof_module.team_name(t, n)} {points[t]}" for t in others)

    monkeypatch.setattr(proof_module, "_score_words", old)
    p, s = _proof_where("modern_railroad_6p", lambda p, s: True, phases=(Phase.PLAY,))
    assert "score" in {kind for kind, _, _ in read_proof(p, s)}
    monkeypatch.undo()
    p, s = _proof_where("modern_railroad_6p", lambda p, s: True, phases=(Phase.PLAY,))
    assert read_proof(p, s) == [] and ", while team " in p.claim


def _old_as_good(v, action):
    best = v.best.action
    _, lost, _, se = v.loss(action)
    return (f"Found: “{retry_module.action_words(action)}” is as good as the best by what you could know "
            f"(behind “{retry_module.action_words(best)}” by {retry_module._pts(max(lost, 0.0))}, within the "
            f"sampling error of ± {retry_module._pts(2 * se)}).")


def test_a_sampling_error_of_nothing_in_the_retry_is_caught(monkeypatch):
    for seed in range(40):
        t = Timeline.from_seed("standard", seed)
        for step, s in enumerate(t.states, 1):
            if s.is_over or s.phase is not Phase.PLAY or len(s.legal_actions()) < 3:
                continue
            v = values(s, s.to_act, False, 0)
            same = v.values and v.same_as_best()
            if not same or v.values[-1].action in (v.best.action, same[0]):
                continue
            m = Mistake(step, s, v.values[-1].action, v)
            r = Retry(s.to_act, (m,))
            assert read_retry(m, r.choose(same[0]).message) == []
            monkeypatch.setattr(retry_module, "as_good", _old_as_good)
            assert "retry" in {kind for kind, _, _ in read_retry(m, r.choose(same[0]).message)}
            return
    pytest.fail("no card worth the same as the best beside a worse one in 40 hands")


def test_a_suggestion_on_no_deal_that_fits_the_bids_is_caught(monkeypatch):
    _, _, s = _first_state("standard", lambda s: s.phase is Phase.ROUND1)
    v = values(s, s.to_act, False, 0)._replace(fit_bids=0)
    first = hint(s, s.to_act, 1).text

    def read() -> set:
        second = hints.Hint(2, hints.suggestion(s, s.to_act, v), v.best.action)
        third = hints.Hint(3, hints.numbers(s, s.to_act, v), v.best.action, v)
        return {kind for kind, _, _ in read_valued(s, s.to_act, first, second, third)}

    assert read() == set()
    verdict = hints._verdict
    monkeypatch.setattr(hints, "_verdict", lambda state, v: verdict(state, v).split(" But not one of those deals")[0])
    assert "bids" in read()


def test_a_first_hint_that_the_second_contradicts_is_caught(monkeypatch):
    def leaves_no_void(s):
        if s.phase is not Phase.DISCARD:
            return False
        c, trump = str(hint(s, level=2).action.card), letter(s.trump)
        return eff(c, trump) == "T" or sum(eff(str(x), trump) == eff(c, trump) for x in s.hand(s.to_act)) > 1

    _, _, s = _first_state("standard", leaves_no_void, seeds=100)
    read = lambda: {kind for kind, _, _ in read_valued(  # noqa: E731
        s, s.to_act, hint(s, level=1).text, hint(s, level=2), hint(s, level=3))}
    assert read() == set()
    think = hints.think_about
    monkeypatch.setattr(hints, "think_about", lambda state, seat: (
        "Keep your trumps and your aces; throw a card that leaves you void in a suit, so you can trump it later."
        if state.phase is Phase.DISCARD else think(state, seat)))
    assert "levels" in read()

"""A hand state is a value, for every preset: nothing can be assigned to it (nor to its
``Setup``, its ``Trick``s or its ``Deal``), ``apply`` leaves it as it was, its ``repr`` pastes
back to an equal state, its completed tricks are right by the rule book, and it pickles and
hashes like a value.

The states are those of a few seeded random hands per preset (every step of each hand).
"""
from __future__ import annotations

import pickle
import random

import pytest

from euchre_lessons import Deal, HandState, RuleSet, Suit, deal, rules
from euchre_lessons.hand.state import Setup, Trick
from euchre_lessons.ranking import ranking
from euchre_lessons.table import in_turn_from

PRESETS = rules.names()
HANDS = 6  # seeded random hands per preset; every state of each is checked


def random_hands(rs, count: int, seed: str) -> list:
    """``count`` seeded random hands under ``rs``: each the list of its states, deal to end."""
    rng = random.Random(seed)
    hands = []
    for k in range(count):
        s = HandState.start(deal(rs, rng=rng, dealer=k % rs.players))
        states = [s]
        while not s.is_over:
            s = s.apply(rng.choice(s.legal_actions()))
            states.append(s)
        hands.append(states)
    return hands


_HANDS: dict = {}


def hands_of(name: str) -> list:
    if name not in _HANDS:
        _HANDS[name] = random_hands(rules.load(name), HANDS, f"state values {name}")
    return _HANDS[name]


def states_of(name: str) -> list:
    return [s for hand in hands_of(name) for s in hand]


def public_names(state) -> list:
    """Every name a state answers to: its properties, fields and methods, and every slot of
    its class and of the classes it derives from."""
    names = {n for n in dir(state) if not (n.startswith("__") and n.endswith("__"))}
    for klass in type(state).__mro__:
        slots = klass.__dict__.get("__slots__", ())
        names.update((slots,) if isinstance(slots, str) else slots)
    return sorted(names)


def public_facts(state) -> dict:
    """Everything a state shows through its public properties (methods called where cheap),
    and its legal actions, history, repr and hash: compared before and after an ``apply``."""
    facts = {}
    for name in dir(HandState):
        if name.startswith("_"):
            continue
        attr = getattr(HandState, name)
        if isinstance(attr, property):
            facts[name] = getattr(state, name)
    facts["is_over"] = state.is_over
    facts["legal"] = state.legal_actions()
    facts["playable"] = state.playable_mask()
    facts["hand_masks"] = state.hand_masks
    facts["repr"], facts["str"], facts["hash"] = repr(state), str(state), hash(state)
    facts["views"] = tuple((v.hand_mask, v.legal_actions(), v.playable_mask) for v in map(state.view, range(state.players)))
    return facts


def sample(name: str, step: int = 1) -> list:
    """Some states of each hand (all with ``step`` 1): the start, every ``step``-th, the end."""
    out = []
    for hand in hands_of(name):
        out += hand[::step] + ([hand[-1]] if (len(hand) - 1) % step else [])
    return out


# ---- nothing can be assigned -------------------------------------------------------------------

def test_the_public_names_are_found():
    s = states_of("standard")[0]
    names = public_names(s)
    for expected in ("phase", "to_act", "is_over", "trick", "tricks", "setup", "deal", "turn", "passed_mask",
                     "played_mask", "hand_masks", "play_setting", "tables", "_d", "_legal", "history", "apply"):
        assert expected in names, expected


@pytest.mark.parametrize("name", PRESETS)
def test_no_attribute_of_a_state_can_be_assigned_or_deleted(name):
    checked = 0
    for s in sample(name, step=7):
        assert type(s) is HandState, f"a {type(s).__name__} escaped as a state: {s!r}"
        before = public_facts(s)
        for attr in public_names(s) + ["a_new_name", "colour"]:
            for value in (None, 0, (), s.phase):
                with pytest.raises(AttributeError):
                    setattr(s, attr, value)
            with pytest.raises(AttributeError):
                delattr(s, attr)
            checked += 1
        with pytest.raises(AttributeError):
            del s.phase
        with pytest.raises(AttributeError):
            s.__dict__  # noqa: B018 no instance dictionary to write into behind the class's back
        assert public_facts(s) == before
    assert checked > 100


def test_a_state_is_only_made_by_start_or_replay():
    with pytest.raises(TypeError):
        HandState()
    with pytest.raises(TypeError):
        HandState(deal("standard", seed=1))
    with pytest.raises(TypeError):
        HandState(_d=(), _legal=(), is_over=False)


@pytest.mark.parametrize("name", PRESETS)
def test_setup_trick_and_deal_cannot_be_changed(name):
    last = hands_of(name)[0][-1]
    played = next(hand[-1] for hand in hands_of(name) if hand[-1].tricks)
    setup, trick, d = last.setup, played.tricks[0], last.deal
    assert isinstance(setup, Setup) and isinstance(trick, Trick) and isinstance(d, Deal)
    for field in Setup._fields + ("a_new_name",):
        with pytest.raises(AttributeError):
            setattr(setup, field, 1)
        if field in Setup._fields:
            with pytest.raises(AttributeError):
                delattr(setup, field)
    for field in Trick._fields + ("leader", "cards", "winning_card", "a_new_name"):
        with pytest.raises(AttributeError):
            setattr(trick, field, 1)
    with pytest.raises(TypeError):
        trick.plays[0] = (0, trick.plays[0][1])
    for field in ("rules", "dealer", "masks", "upcard", "rest_mask", "_hands", "hands", "rest", "a_new_name"):
        with pytest.raises(AttributeError):
            setattr(d, field, None)
        with pytest.raises(AttributeError):
            delattr(d, field)
    with pytest.raises(AttributeError):
        d.rules.laps = not d.rules.laps  # the rule set is frozen too
    assert last == HandState.replay(last.deal, last.history)


@pytest.mark.parametrize("name", PRESETS)
def test_applying_an_action_never_changes_the_state_it_was_applied_to(name):
    applied = 0
    for hand in hands_of(name):
        for s in hand:
            if s.is_over:
                continue
            copy = HandState.replay(s.deal, s.history)
            before = public_facts(s)
            for action in s.legal_actions():  # every legal action, not only the one the hand took
                after = s.apply(action)
                applied += 1
                assert after is not s and after != s
                assert after.history == s.history + (action,)
            assert public_facts(s) == before, f"an apply changed {s!r}"
            assert s == copy and repr(s) == repr(copy) and s.legal_actions() == copy.legal_actions()
    assert applied > 100


@pytest.mark.parametrize("name", PRESETS)
def test_an_illegal_action_changes_nothing(name):
    from euchre_lessons.errors import IllegalActionError

    for s in sample(name, step=5):
        if s.is_over:
            continue
        before = public_facts(s)
        legal = set(s.legal_actions())
        other = next((a for t in sample(name, step=5) for a in t.legal_actions() if a not in legal), None)
        if other is not None:
            with pytest.raises(IllegalActionError):
                s.apply(other)
        assert public_facts(s) == before


# ---- the repr pastes back ----------------------------------------------------------------------

SCOPE = {"HandState": HandState, "RuleSet": RuleSet}


def pastes_back(s: HandState) -> None:
    text = repr(s)
    back = eval(text, dict(SCOPE))
    assert type(back) is HandState
    assert back == s, text
    assert repr(back) == text
    assert back.history == s.history and back.legal_actions() == s.legal_actions()
    assert back.deal.rules == s.deal.rules and back.deal.rules.name == s.deal.rules.name
    assert hash(back) == hash(s)


@pytest.mark.parametrize("name", PRESETS)
def test_the_repr_pastes_back_at_every_step(name):
    count = 0
    for s in states_of(name):
        pastes_back(s)
        assert "rules=" not in repr(s)  # a preset's own rules: the deal's line names them
        count += 1
    assert count > HANDS * 3


REPLACED = {
    "standard": {"stick_the_dealer": True, "dealer_may_discard_upcard": True},
    "hoyle_ordinary": {"game_target": 7},
    "hoyle_railroad": {"laps": True},
    "hoyle_railroad_full": {"partner_best_policy": "partner_chooses"},
    "hoyle_seven_handed": {"seven_widow": "unused"},
    "modern_railroad": {"joker_no_trump_play": "any_time"},
    "modern_railroad_6p": {"lone_against_6p": "disabled"},
}


def test_every_preset_has_a_replaced_rule_set():
    assert sorted(REPLACED) == PRESETS


@pytest.mark.parametrize("name", PRESETS)
def test_the_repr_of_a_replaced_rule_set_carries_it(name):
    base = rules.load(name)
    changed = base.replace(**REPLACED[name])
    assert changed.values() != base.values() and changed.name == name + "*"
    # under its own starred name, and under the preset's very name (which must not be trusted)
    for rs in (changed, base.replace(name=name, **REPLACED[name])):
        for hand in random_hands(rs, 3, f"replaced {name}"):
            for s in hand:
                text = repr(s)
                assert ", rules=RuleSet(" in text, text
                pastes_back(s)
                assert eval(text, dict(SCOPE)).rules == rs


# ---- completed tricks -------------------------------------------------------------------------

def first_leader(s: HandState) -> int:
    """The first active seat from the dealer's left (seats that sit out are skipped)."""
    return next(x for x in in_turn_from(s.dealer + 1, s.players) if not s.sits_out(x))


def rule_book_winner(plays, trump: int, order: str) -> int:
    """The highest trump, else the highest card of the suit led (A, D-2, D-16), by power."""
    rank = ranking(trump, order)
    led = rank.eff_suit[plays[0][1].id]
    for suit in (trump, led):
        cards = [(rank.power[c.id], seat) for seat, c in plays if rank.eff_suit[c.id] == suit]
        if cards:
            return max(cards)[1]
    raise AssertionError("a trick with no card of the suit led")


@pytest.mark.parametrize("name", PRESETS)
def test_completed_tricks_are_right_by_the_rule_book(name):
    rs = rules.load(name)
    played = 0
    for hand in random_hands(rs, 40, f"tricks {name}"):
        end = hand[-1]
        if not end.tricks:
            continue
        played += 1
        trump, order = int(end.trump), rs.trump_order
        rank = ranking(trump, order)
        active = end.active_seats
        leader = first_leader(end)
        for k, trick in enumerate(end.tricks):
            assert isinstance(trick, Trick) and isinstance(trick.led, Suit)
            assert trick.leader == trick.plays[0][0] == leader, (k, str(trick))
            assert len(trick.plays) == len(active)
            assert sorted(seat for seat, _ in trick.plays) == sorted(active)
            assert trick.cards == tuple(c for _, c in trick.plays)
            assert trick.led == Suit(rank.eff_suit[trick.plays[0][1].id])
            assert trick.winner in active
            assert (trick.winner, trick.winning_card) in trick.plays
            assert trick.winner == rank.trick_winner(tuple((seat, c.id) for seat, c in trick.plays))
            assert trick.winner == rule_book_winner(trick.plays, trump, order), str(trick)
            leader = trick.winner
        assert len(end.tricks) == rs.hand_size
        assert sum(end.tricks_won) == rs.hand_size
        # the tricks a state shows part-way are the first tricks of the finished hand
        for s in hand:
            assert s.tricks == end.tricks[:len(s.tricks)]
    assert played >= 10


# ---- pickling and hashing -----------------------------------------------------------------------

@pytest.mark.parametrize("name", PRESETS)
def test_a_state_pickles_to_an_equal_state_and_equal_states_hash_equal(name):
    seen: dict = {}
    for s in states_of(name):
        for protocol in (0, pickle.HIGHEST_PROTOCOL):
            back = pickle.loads(pickle.dumps(s, protocol))
            assert type(back) is HandState and back == s and hash(back) == hash(s)
            assert repr(back) == repr(s) and back.history == s.history
            assert back.legal_actions() == s.legal_actions()
        copy = HandState.replay(str(s.deal), ", ".join(map(str, s.history)))
        assert copy == s and hash(copy) == hash(s) and copy is not s
        if s.history:
            assert s.undo() == HandState.replay(s.deal, s.history[:-1])
            assert hash(s.undo()) == hash(HandState.replay(s.deal, s.history[:-1]))
        seen.setdefault(s, []).append(s)
    # a state is found in a dict by an equal state made afresh, and unequal states are told apart
    for s in states_of(name):
        assert s in seen and HandState.replay(s.deal, s.history) in seen
    assert len(seen) == len(set(map(repr, states_of(name))))


def test_a_replaced_rule_sets_state_pickles_too():
    rs = rules.load("hoyle_railroad").replace(laps=True)
    for s in random_hands(rs, 2, "pickle replaced")[0]:
        back = pickle.loads(pickle.dumps(s))
        assert back == s and back.rules == rs and back.rules.name == rs.name


@pytest.mark.parametrize("name", PRESETS + ["jambone"])
def test_steps_and_last_action_tell_every_action_taken(name):
    """Play adds nothing to a state's log: the steps of the cards come from the tricks, a
    Jambone card with the opponent who called it."""
    rs = rules.load("hoyle_railroad_full").replace(jambone_requires_alone=False) if name == "jambone" \
        else rules.load(name)
    rng, called = random.Random(f"steps {name}"), 0
    for k in range(60):
        s, taken = HandState.start(deal(rs, rng=rng, dealer=k % rs.players)), []
        assert s.steps == () and s.last_action is None and s.undo() is s
        while not s.is_over:
            actor, action = s.to_act, rng.choice(s.legal_actions())
            taken.append((actor, action))
            called += action.kind == "call"
            s = s.apply(action)
            assert s.last_action is action and s.steps == tuple(taken)
            assert type(s.setup) is Setup and all(type(t) is Trick for t in s.tricks)
        assert s.history == tuple(a for _, a in taken)
    assert called > 0 or name != "jambone"

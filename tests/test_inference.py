"""What a seat can infer from its view (``hand.inference.Inference``), and the layouts drawn from it.

The search player's ``Knowledge``, the worlds of ``players.layouts`` (the expert's bids, the
hints' and proofs' play-outs) and the hints' and reviews' exact ``Layouts`` (``valuing.knowing``)
all read their facts from one ``Inference``. For every preset, at every decision in play of
seeded hands: the real deal fits those facts (they rule out nothing that can be), and every
layout each drawer gives fits the view (they allow nothing that cannot be).

Where the three classes that each read the view themselves disagreed, and which was right
(``test_where_the_three_disagreed``):

* **Partner's best.** A seat that received its partner's best knows the partner held no better
  card under the fixed rule (B-1, K12). ``players.layouts.Layouts`` used it; ``search.Knowledge``,
  and so ``knowing.Layouts``, did not. ``players.layouts`` was right, and ``Inference.partner_lacks``
  now says it for all. In play the partner sits out, so the fact bears on how the cards out of
  play are shared between his hand and the rest of the pack: ``Knowledge`` (and so
  ``knowing.Layouts``) lays his hand out apart, without the better cards and with the card this
  seat gave him, so a higher trump is rightly a little less likely to lie out of play; the
  layouts of the seats in play are weighed by the ways the cards out of play can lie.
* **How layouts are drawn.** ``knowing.Layouts`` draws every layout that fits as likely as any
  other, as a fair deal makes them; ``search.Knowledge.layout`` fills the most constrained seat
  first from a random sample, which makes some layouts likelier than others, and then (for
  half its tries) keeps only those giving another seat that made trump two trumps (three
  alone). The uniform draw is right for what the seat knows; the search player's is a player's
  guess and is kept as its own (``knowing`` drops the maker's trumps, ``_knowledge``).
* **Voids shown, as dealt.** The worlds deal whole hands as dealt, and ``players.layouts`` barred
  from them every suit a seat had shown void in: but a seat that laid cards down unseen (the
  dealer's discard, a lone player's gift) may have held that suit and laid it down, as a dealer
  who discards his one heart to trump hearts does. Those worlds were never dealt, where a real
  hand is one of them (``test_worlds_draw_their_facts_from_the_inference`` found such real hands
  in every preset). ``Knowledge`` was right: the voids bar the hand held now. The worlds now bar
  the suit from the hand as dealt only for a seat that laid nothing down unseen; for the others,
  replaying the hand (the cards laid down chosen again, the cards played checked as legal) keeps
  the suit out of the hand it plays from.
* Everything else agreed: the cards played, the voids shown, the seat's own discards and gifts,
  an exposed Jambone hand, and where the turn-up is (``players.layouts`` finds it by replaying
  the hand, the others by ``upcard_place``); ``tests/test_layouts.py`` and
  ``tests/test_search_player.py`` hold the drawers to the real hand as before.
"""
import random

import pytest

from euchre_lessons import HandState, Phase, deal, rules
from euchre_lessons.hand.inference import Inference
from euchre_lessons.players import make
from euchre_lessons.players.layouts import Layouts as Worlds
from euchre_lessons.players.search import Knowledge
from euchre_lessons.valuing import MAX_SOLVED
from euchre_lessons.valuing.knowing import Layouts, _knowledge

PRESETS = sorted(rules.names())
HANDS = 12


def _play_views(preset: str, hands: int = HANDS, seed: int = 0):
    """(state, view) for every active seat at every step in play of ``hands`` seeded hands."""
    rs = rules.load(preset)
    bots = [make("rule_of_thumb", s) for s in range(rs.players)]
    for k in range(seed, seed + hands):
        s = HandState.start(deal(rs, seed=k, dealer=k % rs.players))
        while not s.is_over:
            if s.phase is Phase.PLAY:
                for seat in s.active_seats:
                    yield s, s.view(seat)
            s = s.apply(bots[s.to_act].choose(s.view(s.to_act)))


@pytest.mark.parametrize("preset", PRESETS)
def test_the_real_deal_fits_and_every_layout_drawn_fits_the_view(preset):
    rng = random.Random(preset)
    checked = drawn = 0
    for state, view in _play_views(preset):
        facts = Inference(view)
        assert facts.misfits(state.hand_masks) == [], (preset, view)  # the facts rule out nothing that can be
        for partner, lacks in facts.partner_lacks().items():
            assert state.deal.masks[partner] & lacks == 0  # the partner held no better card, as dealt
        k = Knowledge(view, scored=False)
        for seat, card in k.forced.items():
            assert state.hand_masks[seat] & card
        for seat in k.need:
            assert state.hand_masks[seat] & ~k.forced.get(seat, 0) & ~k.allowed[seat] == 0
        checked += 1
        if checked % 3:  # drawing on every third view is enough
            continue
        for hands in [k.layout(rng) for _ in range(2)]:
            assert facts.misfits(hands) == [], (preset, view, facts.misfits(hands))
            drawn += 1
        if k.cards_in_play > (MAX_SOLVED if view.players < 7 else 14):  # hints play bigger hands out; the
            continue  # seven-handed count over six other hands is slow to make (a fifth of a second at 21 cards)
        space = Layouts(_knowledge(view, scored=False))
        assert space.total >= 1
        for hands in [space.draw(rng) for _ in range(2)]:
            assert facts.misfits(hands) == [], (preset, view, facts.misfits(hands))
            drawn += 1
        if space.total <= 30:
            every = space.every()
            assert len(every) == space.total == len(set(every))
            assert all(facts.misfits(h) == [] for h in every)
            assert tuple(state.hand_masks) in every or view.sitting_mask  # the real layout is one of them
    assert checked > 100 and drawn > 60


@pytest.mark.parametrize("preset", PRESETS)
def test_worlds_draw_their_facts_from_the_inference(preset):
    """The worlds (before play and in play) use the same facts: the seat's hand as dealt, the
    cards others played and the voids they showed, partner's best and what the partner lacked."""
    rs = rules.load(preset)
    bots = [make("rule_of_thumb", s) for s in range(rs.players)]
    seen = 0
    for k in range(HANDS):
        s = HandState.start(deal(rs, seed=k, dealer=k % rs.players))
        while not s.is_over:
            view = s.view(s.to_act)
            w, facts = Worlds(view), Inference(view)
            me = view.seat
            got = [s.deal.rest_mask] * rs.players  # besides its own cards, a seat may hold the widow ...
            for lone, gift, partner, best in s.exchanges:  # ... and the cards passed to it face down
                got[lone] |= best.bit
                got[partner] |= gift.bit
            if not w.blind:
                assert w.must[me] | (w.widow or 0) == facts.dealt
                assert facts.dealt & ~s.deal.masks[me] & ~got[me] == 0
            hid = {seat for seat, action in facts.steps if action is None}  # laid cards down unseen
            for seat in range(rs.players):
                if seat not in hid:
                    assert facts.voids[seat] & ~w.must[seat] & ~w.banned[seat] == 0
                assert w.must[seat] & ~s.deal.masks[seat] & ~got[seat] == 0  # what it must have held, it held
                if seat != me:  # (its own hand as dealt is fixed whole)
                    assert w.banned[seat] & s.deal.masks[seat] == 0  # what it cannot have held, it did not
            for partner, lacks in facts.partner_lacks().items():
                assert lacks & ~w.must[partner] & ~w.banned[partner] == 0
            seen += 1
            s = s.apply(bots[s.to_act].choose(view))
    assert seen > HANDS


def test_where_the_three_disagreed():
    """Partner's best: the worlds bar the partner from a better card, and so do the play-phase
    layouts (``Knowledge``, ``knowing.Layouts``), which lay the sitting partner's hand out apart
    from the rest of the cards out of play (see the module's docstring)."""
    found = 0
    for state, view in _play_views("hoyle_railroad", 120):
        if not view.received or state.to_act != view.seat:
            continue
        facts = Inference(view)
        (partner, best), = facts.exchanges
        lacks = facts.partner_lacks()[partner]
        if not lacks:  # the best was the top trump
            continue
        assert Worlds(view).banned[partner] & lacks == lacks
        k = Knowledge(view, scored=False)
        if partner == view.dealer and facts.upcard_place() != "dead":  # he took the turn-up: his hand's
            assert partner not in k.need  # size out of play is not known, and it lies with the rest
            continue
        assert view.sits_out(partner) and k.need[partner] == view.rules.hand_size - 1
        assert k.allowed[partner] & lacks == 0
        rng = random.Random(found)
        assert all(k.layout(rng)[partner] & ~k.forced.get(partner, 0) & lacks == 0 for _ in range(5))  # but my gift
        found += 1
    assert found

"""Every value of the teaching layer shows itself: HTML in a notebook, readable text in a shell."""
from euchre_lessons import PlaySession, RuleComparison, Timeline
from euchre_lessons.hand.phases import Phase
from euchre_lessons.teaching import hint


def _shown(value, *words):
    html, text = value._repr_html_(), str(value)
    assert html.strip().startswith("<") and text and not text.startswith("<")
    for w in words:
        assert w in text and w in html, (w, text)


def test_every_teaching_value_displays_itself():
    t = Timeline.from_seed("standard", 3)
    _shown(t.goto(2), "Step 2 of")
    _shown(t.steps[0], t.steps[0].sentence)
    play = next(s for s in t.states if s.phase is Phase.PLAY and len(s.legal_actions()) > 1)
    for level in (1, 2, 3):
        _shown(hint(play, level=level), hint(play, level=level).text[:20])
    _shown(hint(play, level=3).values, "layouts")
    s = PlaySession("standard", human=0, seed=1)
    _shown(s, "Your turn")
    while not s.is_over:
        s = s.play(s.legal_actions()[-1])
    _shown(s.review(), "North made")
    if s.review().proof is not None:
        _shown(s.review().proof, "Proof for step")
    c = RuleComparison("hoyle_railroad", "modern_railroad", seed=1)
    _shown(c, "Step")
    _shown(c.divergence(), "Step")
    _shown(RuleComparison.summary("standard", "hoyle_ordinary", hands=10, seed=1), "over 10 deals")

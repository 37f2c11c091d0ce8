"""A hand against the computer, as a value: ``PlaySession``.

>>> s = PlaySession("standard", human=0, seed=3)
>>> s.legal_actions()                 # the human's choices now
(Action.parse('take up'), Action.parse('pass'))
>>> s = s.play("pass")                # the human passes; the bots answer up to his next decision
>>> [step.sentence for step in s.answers]
['East passes again.', 'South names diamonds trump.', 'South plays with a partner.', 'East leads the K♥.',
 'South follows with the 10♥.', 'West follows with the Q♥.']
>>> print(s.hint(1).text)             # the hint ladder: what to think about, then the card and why
You must follow hearts, and you hold 2 of them; East, an opponent, is winning the trick with the K♥.
>>> s.hint(2).action
Action.parse('play AH')
>>> s.undo().legal_actions()          # back to the human's previous decision
(Action.parse('take up'), Action.parse('pass'))
>>> s = s.play("play 9H")
>>> while not s.is_over:              # the rest of the hand: the first card on offer
...     s = s.play(s.legal_actions()[0])
>>> print(s.review().report().splitlines()[0])   # each decision graded, with a proof
North made 2 decisions; 2 were mistakes.
>>> r = s.retry()                     # and each mistake tried again (``teaching.retry``)
>>> s.bot_reasons()                   # and why the expert bots bid as they did (the rule of thumb keeps none)
()

``players`` is any player spec the simulator takes: a name (``rule_of_thumb``, ``random``) or a
level a class can choose (``beginner``, ``club``, ``expert``), a player object, or one per seat
(or per team). ``with_players(level)`` deals the hand under way again for other players.

Every method returns a new session; an illegal action raises ``IllegalActionError`` with the
reason, and the session it was tried on is unchanged. When a hand is over, ``next_hand()``
deals the next one, the deal passing to the left, and the game's score runs on to the target.
"""
from __future__ import annotations

from html import escape

from .. import rules as _rules
from ..actions import Action
from ..deals import deal
from ..errors import IllegalActionError, NotOverError, PlayerError
from ..frozen import Frozen, fill
from ..game import count_hand
from ..hand.phases import Phase
from ..hand.state import HandState
from ..hand.view import SeatView
from ..players.seating import Bots
from ..record import to_dict
from ..render import state_html, state_text
from ..table import partner, seat_name, team_name, team_of
from ..words import action_words
from .hints import hint
from .panels import result_told
from .play_words import card_refused
from .retry import retry
from .review import review
from .timeline import Step, Timeline, steps_of
from .why import explain


class PlaySession(Frozen):
    """One seat (``human``) played by a person, the others by ``players`` (the rule-of-thumb
    players unless told otherwise); the deals and the bots' choices come from ``seed``."""

    __slots__ = ("rules", "human", "players", "seed", "first_dealer", "states", "answers", "finished", "reasons")
    _instead = "play(), undo() and next_hand() return a new one"
    rules: _rules.RuleSet
    human: int
    players: object  # what plays the other seats: a player's name, a player, or one per seat (``seats.Bots``)
    seed: object  # the deals' and the players' seed
    first_dealer: int
    states: tuple[HandState, ...]  # the hand under way, from its deal
    answers: tuple[Step, ...]
    finished: tuple[HandState, ...]  # the hands played to the end before it
    reasons: tuple  # (step, seat, reason) for each decision a bot kept its reason for

    def __init__(self, rules="standard", human: int = 0, players="rule_of_thumb", seed=0, dealer: int = 0):
        rs = _rules.load(rules)
        if not isinstance(human, int) or isinstance(human, bool) or not 0 <= human < rs.players:
            raise PlayerError(f"human={human!r}: the person plays one seat of {rs.name}, 0 to {rs.players - 1}")
        if not isinstance(dealer, int) or not 0 <= dealer < rs.players:
            raise PlayerError(f"dealer={dealer!r}: the first dealer is a seat of {rs.name}, 0 to {rs.players - 1}")
        Bots(rs, players, seed)  # a bad players argument (an unknown level, say) fails here
        _fill(self, rs, human, players, seed, dealer, None, (), ())
        self._start(0)

    # ---- where the hand stands -------------------------------------------------------------

    @property
    def state(self):
        """The hand now: at the human's decision, or over. ``answers`` are the bots' steps since
    the human's last action (each a ``Step`` with its sentence), led by that action's own step
    when it ended a trick or the hand, so who won every trick is told in words."""
        return self.states[-1]

    @property
    def is_over(self) -> bool:
        return self.state.is_over

    @property
    def hand_number(self) -> int:
        """The hand being played, from 0."""
        return len(self.finished)

    def legal_actions(self) -> tuple:
        """The human's choices now (none when the hand is over or the human sits out)."""
        s = self.state
        return s.legal_actions() if not s.is_over and s.to_act == self.human else ()

    # ---- acting ----------------------------------------------------------------------------

    def play(self, action) -> PlaySession:
        """The session after the human's ``action`` (an Action or its text, ``"play JH"`` or
        just ``"JH"`` in play) and the bots' answers up to the human's next decision."""
        s = self.state
        if s.is_over:
            raise IllegalActionError(f"the hand is over: {action} cannot be played; call next_hand() for the next deal")
        action = self._parse(action)
        card = action.card if isinstance(action, Action) and action.kind in ("play", "call") else None
        if (card is not None and s.phase is Phase.PLAY and s.to_act == self.human and action not in s.legal_actions()
                and s.hand_mask(s.turn) >> card.id & 1):
            raise IllegalActionError(card_refused(s, card))  # the follow-suit rule, in the person's words
        after = s.apply(action)  # IllegalActionError with the reason; nothing changed
        bots = self._bots(self.hand_number)
        more = bots.play_on(after, self._waits)
        states = self.states + (after, *more)
        # the answers: the others' steps, and the person's own when it ended a trick (or the hand),
        # so that who won the trick is told in words like every other trick
        first = len(self.states) - (len(after.tricks) > len(s.tricks) or after.is_over)
        return self._with(states, steps_of(states, first, self.human), self.reasons + tuple(bots.reasons))

    def _parse(self, action):
        return self.state.parse_choice(action)

    def undo(self) -> PlaySession:
        """Back to the human's previous decision in this hand (the first one stays where it is)."""
        decisions = [i for i, s in enumerate(self.states[:-1]) if s.to_act == self.human]
        if not decisions:
            return self
        i = decisions[-1]
        return self._with(self.states[:i + 1], steps_of(self.states[:i + 1], 0, self.human),
                          tuple(r for r in self.reasons if r[0] < i))

    def next_hand(self) -> PlaySession:
        """The next deal of the game, once this hand is over."""
        if not self.is_over:
            raise NotOverError(f"hand {self.hand_number + 1} is not over: {self.state.describe_seat(self.state.to_act)} "
                               "is to act; finish it before the next deal")
        if self.game_over:
            raise NotOverError(f"the game is over ({self.winner_words()}): start a new PlaySession for another")
        nxt = object.__new__(PlaySession)
        _fill(nxt, self.rules, self.human, self.players, self.seed, self.first_dealer, None, (),
              self.finished + (self.state,))
        nxt._start(nxt.hand_number)
        return nxt

    def with_players(self, players) -> PlaySession:
        """The same game with the other seats played by ``players`` (a level: ``beginner``,
        ``club``, ``expert``, or any players the session takes): the hand under way is dealt
        again from its start, the hands already finished and the score stay."""
        Bots(self.rules, players, self.seed)  # an unknown level fails here; nothing changed
        nxt = object.__new__(PlaySession)
        _fill(nxt, self.rules, self.human, players, self.seed, self.first_dealer, None, (), self.finished)
        nxt._start(nxt.hand_number)
        return nxt

    # ---- the teaching --------------------------------------------------------------------------

    def hint(self, level: int = 1, show_all: bool = False):
        """Rung ``level`` of the hint ladder for the human's decision now (see ``teaching.hints``);
        ``show_all`` solves the actual layout, as a teacher showing every hand would."""
        if not self.legal_actions():
            raise IllegalActionError("there is no decision of yours to hint at: "
                                     + ("the hand is over" if self.is_over else "another seat is to act"))
        return hint(self.state, self.human, level, show_all, seed=self._seed_of(self.hand_number))

    def review(self):
        """Each of the human's decisions in the finished hand graded (see ``teaching.review``)."""
        if not self.is_over:
            raise NotOverError("the hand is not over: play it to the end before the review")

        return review(self.state, self.human, seed=self._seed_of(self.hand_number))

    def retry(self, review=None):
        """The hand's mistakes to try again, one at a time (see ``teaching.retry``), from its
        ``review`` when it was made already (else it is made here)."""
        return retry(self.review() if review is None else review, seed=self._seed_of(self.hand_number))

    def bot_reasons(self) -> tuple:
        """Why the computer bid as it did, once the hand is over: for each bidding decision of a
        bot that keeps its reasons (the ``expert``), one sentence, the bot named from the
        person's seat (``teaching.why``). Empty for bots that keep none.

        Only after the hand: each reason names the bot's own trumps, cards the person may not
        see while the hand is played."""
        if not self.is_over:
            raise NotOverError("the hand is not over: the computer's reasons name its own cards, so they are "
                               "told once the hand is played to the end")
        at = {len(s.history): s for s in self.states}
        n = self.rules.players
        return tuple(f"{_who(seat, self.human, n)}: {explain(reason, SeatView(at[step], seat))}"
                     for step, seat, reason in self.reasons if step in at)

    def record(self) -> dict:
        """The hand so far as a hand record (``record.to_json`` writes it; ``Timeline`` replays it)."""
        return to_dict(self.state)

    def timeline(self) -> Timeline:
        """The hand so far as a ``Timeline``, its cursor on the last state."""
        return Timeline(self.state, players=self.players, seed=self.seed).last()

    # ---- the game ------------------------------------------------------------------------------

    def _counted(self):
        rs = self.rules
        score, end = (0,) * rs.teams, None
        shown = score
        hands = self.finished + ((self.state,) if self.is_over else ())
        for i, state in enumerate(hands):
            score, shown, end = count_hand(rs, score, state, i + 1)
            if end is not None:
                break
        return shown, end

    @property
    def score(self) -> tuple:
        """The game's score, one entry per team (or player), after the hands finished so far."""
        return self._counted()[0]

    @property
    def game_over(self) -> bool:
        return self._counted()[1] is not None

    def winner_words(self) -> str:
        end = self._counted()[1]
        if end is None:
            return "the game goes on"
        n = self.rules.players
        return " and ".join(team_name(t, n) for t in end[1]) + " won the game"

    # ---- display -----------------------------------------------------------------------------

    def _prompt(self) -> str:
        if self.is_over:
            return self.state.result().explanation
        if self.legal_actions():
            choices = ", ".join(map(action_words, self.legal_actions()))
            return f"Your turn ({seat_name(self.human, self.rules.players)}): " + choices
        return "You sit out this hand."

    def __repr__(self) -> str:
        return (f"<PlaySession {self.rules.name}: hand {self.hand_number + 1}, you are "
                f"{seat_name(self.human, self.rules.players)}, score {self.score}>")

    def __str__(self) -> str:
        said = "\n".join(step.sentence for step in self.answers)
        return f"{said}\n{state_text(self.state, seat=self.human)}\n{self._prompt()}".strip()

    def _repr_html_(self) -> str:
        said = "".join(f"<li>{escape(step.sentence)}</li>" for step in self.answers)
        told = result_told([step.sentence for step in self.answers], self.state)
        prompt = "" if told else f"<p>{escape(self._prompt())}</p>"
        return f"<ul>{said}</ul>" + state_html(self.state, seat=self.human, result=False) + prompt

    # ---- plumbing --------------------------------------------------------------------------------

    def _seed_of(self, hand: int) -> str:
        return f"{self.seed}:hand:{hand}"

    def _deal(self, hand: int):
        n = self.rules.players
        return HandState.start(deal(self.rules, seed=self._seed_of(hand), dealer=(self.first_dealer + hand) % n))

    def _bots(self, hand: int) -> Bots:
        return Bots(self.rules, self.players, self.seed, hand)

    def _waits(self, state) -> bool:
        return state.to_act == self.human

    def _start(self, hand: int) -> None:
        """Deal hand number ``hand`` and let the bots play up to the person's first decision
        (only while the session is being made)."""
        start = self._deal(hand)
        bots = self._bots(hand)
        states = (start, *bots.play_on(start, self._waits))
        fill(self, states=states, answers=steps_of(states, 0, self.human), reasons=tuple(bots.reasons))

    def _with(self, states, answers, reasons) -> PlaySession:
        out = object.__new__(PlaySession)
        _fill(out, self.rules, self.human, self.players, self.seed, self.first_dealer, states, answers, self.finished,
              reasons)
        return out


def _who(seat: int, human: int, n: int) -> str:
    """A bot's seat as the person sees it: ``East, an opponent``, ``South, your partner``."""
    name = seat_name(seat, n)
    if partner(human, n) == seat:
        return f"{name}, your partner"
    if partner(human, n) is None:  # seven-handed: every player for himself
        return f"{name}, another player"
    if n == 6 and team_of(seat, n) != team_of(human, n):
        return f"{name}, on another team"
    return f"{name}, an opponent"


def _fill(s, rules, human, players, seed, dealer, states, answers, finished, reasons=()) -> None:
    fill(s, rules=rules, human=human, players=players, seed=seed, first_dealer=dealer, states=states, answers=answers,
         finished=finished, reasons=reasons)

"""``PlayTable``: a person plays one seat against the computer, with hints and a review."""
from __future__ import annotations

import json
from html import escape
from pathlib import Path

import ipywidgets as w

from ..classwork.codes import claim
from ..classwork.journal import Journal, hand_key, signed_in
from ..errors import EuchreError, NotationError
from ..practice.queue import Queue
from ..record import name_part, write_new
from ..teaching import PlaySession, keeping, panels
from .base import LessonWidget, close_tree
from .sheet import StyleSheet
from .stepper import DealStepper
from .watch import Connection


class PlayTable(LessonWidget):
    """One seat (``seat``) played by a person, the others by ``players``; ``model`` is the
    ``PlaySession``. In play every card of the hand is a button, so a card that may not be
    played can be tried and is refused in words; in bidding every legal choice is a button.
    **Hint** climbs the ladder one rung a click; **Undo**, **New deal**; after the hand the
    review with its proof, **Try again** (each mistake put back, to find a better choice:
    ``try_again``, ``retry_act``), **Save record**, **Open in the stepper**, and **Next hand** on
    to the game's target. ``act(text)`` does what clicking that action's button does.

    With ``student`` (a name), the mistakes a retry did not find go into that student's review
    queue (``practice.Queue``, a file in ``folder``) when the retry ends.

    **Computer** chooses the level the other seats play at (``beginner``, ``rule_of_thumb``, ``club``,
    ``expert``, each labelled with how much more it scores a hand than the beginner, the measured
    figures beside it; ``choose_level``): the hand under way is dealt again from its start for
    the new level, the game's score stays. The expert's reasons for its bids are shown with the review, once the
    hand is over (each names the bot's own cards, which the person may not see while playing)."""

    def __init__(self, rules="standard", seat: int = 0, seed=0, players="rule_of_thumb", dealer: int = 0,
                 palette: str = "standard", large: bool = False, folder=None, student: str | None = None,
                 keep: bool = False):
        self.student: str | None = None  # whose review queue keeps the mistakes a retry did not find, and whose work is kept
        self.journal = None  # the pupil's work (classwork.Journal), once named
        self.journaled: set = set()  # what of this page's hands is kept already: ("hand" | "review" | "retry", key)
        self.keep = keep  # a served page: watch the connection, keep the game after every move
        self.kept_at: Path | None = None  # the page's file (teaching.keeping), once the page has told its id
        self.kept = False
        self.hint_level = 0
        self.deals = 0
        self.folder = Path(folder) if folder is not None else Path.cwd()
        self.opened: DealStepper | None = None
        super().__init__(PlaySession(rules, human=seat, players=players, seed=seed, dealer=dealer), palette, large)
        if student is not None:
            self.journal = Journal(student, self.folder)  # PupilError for a name that cannot be one
        else:
            self.journal = signed_in()  # a lesson's pupil who signed in for the exercises
        if self.journal is not None:
            self.student = self.journal.pupil
            self.name_box.value = self.student

    def _build(self) -> None:
        self.view = w.HTML()  # the score line, what the others said and the table: one value
        self.sheet = StyleSheet()  # the view's styles, sent once, not on every click
        self.choices = self.choice_row(self.act)
        self.actions = self.choices.box
        self.level_box = w.Dropdown(options=panels.level_choices(self.model.players, self.model.rules),
                                    description="Computer", layout=w.Layout(width="auto"),
                                    value=panels.level_of(self.model.players) or self.model.players,
                                    tooltip="the level the computer plays at; a new level deals this hand again",
                                    style={"description_width": "initial"})
        self.level_text = w.HTML()
        self.hint_b = self.button("Hint", "first what to think about, then the suggestion, then the numbers")
        self.undo_b = self.button("Undo", "back to your previous decision")
        self.new_b = self.button("New deal", "start again with another deal")
        self.next_b = self.button("Next hand", "deal the next hand of the game")
        self.review_b = self.button("Review my play", "grade each of your decisions, with a proof for the costliest")
        self.save_b = self.button("Save record", "write this hand as a JSON hand record")
        self.open_b = self.button("Open in the stepper", "step through this hand")
        self.retry_b = self.button("Try again", "put back each of your mistakes, one at a time, to find a better choice")
        self.retrying = None  # the mistakes being tried again (teaching.retry), once asked
        self.retry_view = w.HTML()
        self.retry_choices = self.choice_row(self.retry_act)
        self.retry_actions = self.retry_choices.box
        self.show_b = self.button("Show me", "show the best choice at this mistake")
        self.next_mistake_b = self.button("Next mistake", "go on to your next mistake")
        self.retry_parts = [self.retry_view, self.retry_actions, w.HBox([self.show_b, self.next_mistake_b])]
        self.retry_box = w.VBox()
        self.hint = w.HTML()
        self.review = w.HTML()
        self.stepper_box = w.VBox()
        self.tools = tools = w.HBox([self.hint_b, self.undo_b, self.new_b, self.next_b, self.review_b, self.retry_b, self.save_b,
                                     self.open_b],
                       layout=w.Layout(flex_flow="row wrap"))
        self.name_box = w.Text(description="Your name", placeholder="such as ana", continuous_update=False,
                               tooltip="your name on the work your teacher sees", style={"description_width": "initial"})
        self.code_box = w.Text(description="Your code", placeholder="from last time", continuous_update=False,
                               tooltip="the code shown the first time you gave your name here",
                               layout=w.Layout(width="12em"), style={"description_width": "initial"})
        named = [self.name_box, self.code_box] if self.keep else []  # a served page: work kept for the teacher
        level = w.HBox([*named, self.level_box, self.level_text],
                       layout=w.Layout(flex_flow="row wrap", align_items="center"))
        self.root.children = [level, self.sheet.box, self.view, self.actions, self.message, tools, self.hint, self.review,
                              self.retry_box, self.stepper_box]
        if self.keep:
            self.watch = Connection()
            self.watch.observe(lambda ch: self.resume_page(ch["new"]), names="page")
            self.root.children = (self.watch,) + tuple(self.root.children)

    def _connect(self) -> None:
        self.hint_b.on_click(lambda _: self.ask_hint())
        self.undo_b.on_click(lambda _: self._new(self.model.undo()))
        self.new_b.on_click(lambda _: self.new_deal())
        self.next_b.on_click(lambda _: self._guard(lambda: self._new(self.model.next_hand())))
        self.review_b.on_click(lambda _: self.show_review())
        self.save_b.on_click(lambda _: self.save())
        self.open_b.on_click(lambda _: self.open_stepper())
        self.retry_b.on_click(lambda _: self.try_again())
        self.show_b.on_click(lambda _: self._retry(lambda r: r.show()))
        self.next_mistake_b.on_click(lambda _: self._retry(lambda r: r.next()))
        self.level_box.observe(lambda change: self.choose_level(change["new"]), names="value")
        self.name_box.observe(lambda change: self.sign_in(change["new"], self.code_box.value), names="value")
        self.code_box.observe(lambda change: self.sign_in(self.name_box.value, change["new"]), names="value")

    # ---- what a click does ---------------------------------------------------------------------

    def act(self, text) -> None:
        """Play ``text`` (``"pass"``, ``"JH"``, ``"play JH"``) as a click on its button would;
        an action that is not allowed is explained and nothing changes."""
        self._guard(lambda: self._new(self.model.play(text)))

    def sign_in(self, name: str, code: str = "") -> None:
        """Name the pupil at this table (what typing a name, and from the second time its code, in
        **Your name** and **Your code** does): from now on each hand played, its review and its
        retry are kept for the teacher (``classwork``). The first time a name is given, its code
        is made and said once (``classwork.codes``)."""
        if not (name or "").strip() or self.journal is not None and name.strip() == self.student:
            return  # nothing typed yet, or already this pupil's table
        try:
            journal = Journal(name, self.folder)
            made = claim(journal.pupil, code, self.folder) if self.keep else None  # codes on a class's pages
        except EuchreError as err:
            self._say(str(err), "error")
            return
        self.journal, self.student = journal, journal.pupil
        self._say(keeping.signed_in_text(self.student, made))
        self._journal()

    def _journal(self, review=None, retry=None) -> None:
        """Keep what is new of this hand in the pupil's work: the hand once it is over, its review
        and its retry once each; a file that cannot be written is said, and play goes on."""
        s = self.model
        if self.journal is None or not s.is_over:
            return
        key = hand_key(s.state)
        try:
            if ("hand", key) not in self.journaled:
                self.journal.hand(s.state, s.human, s.record())
                self.journaled.add(("hand", key))
            if review is not None and ("review", key) not in self.journaled:
                self.journal.review(s.state, review)
                self.journaled.add(("review", key))
            if retry is not None and retry.done and ("retry", key) not in self.journaled:
                self.journal.retry(retry, s.rules.name)
                self.journaled.add(("retry", key))
        except OSError as err:
            self._say(keeping.not_kept_text(err))

    def choose_level(self, level) -> None:
        """Let the computer play at ``level`` (what choosing it in **Computer** does): this hand
        dealt again from its start, the game's score kept. An unknown level is refused in words."""
        def change():
            self._new(self.model.with_players(level))
            self._say(f"{panels.level_note(level)} This hand is dealt again from its start.")

        self._guard(change)

    def ask_hint(self) -> None:
        if not self.model.legal_actions():
            self._say("There is no decision of yours to hint at now.", "error")
            return
        self.hint_level = min(self.hint_level + 1, 3)
        h = self.model.hint(self.hint_level)
        self.hint.value = h._repr_html_()
        self.hint_b.description = "Hint" if self.hint_level == 3 else f"Hint (level {self.hint_level + 1})"

    def new_deal(self) -> None:
        s = self.model
        self.deals += 1
        self._new(PlaySession(s.rules, human=s.human, players=s.players, seed=f"{s.seed}:new:{self.deals}",
                              dealer=s.first_dealer))

    def show_review(self) -> None:
        def shown():
            review = self.model.review()
            self.review.value = review._repr_html_() + panels.reasons_html(self.model)
            self._journal(review=review)

        self._guard(shown)

    def try_again(self) -> None:
        """Put back each of the person's mistakes in the finished hand (what **Try again** does)."""
        def tried():
            review = self.model.review()  # made once: kept for the teacher, and tried again
            self._journal(review=review)
            self._show_retry(self.model.retry(review))

        self._guard(tried)

    def retry_act(self, text) -> None:
        """Choose ``text`` at the mistake being tried again, as a click on its button would."""
        self._retry(lambda r: r.choose(text))

    def _retry(self, step) -> None:
        if self.retrying is not None:
            self._guard(lambda: self._show_retry(step(self.retrying)))

    def _show_retry(self, retry) -> None:
        self.retrying = retry
        if retry.done and self.student and not self.kept:
            self._keep(retry, self.student)
            self._journal(retry=retry)  # its review was kept when the retry began
        picture = retry.html(self.look)
        choices, end = panels.asked_choices(retry), panels.retry_text(retry)
        self.retry_view.value = picture
        self.retry_choices.show(choices, end)
        self.show_b.disabled = retry.done or not retry.legal_actions()
        self.next_mistake_b.disabled = retry.done
        if not (retry.done and self.kept):
            self.message.value = ""
        self.retry_box.children = self.retry_parts

    def _keep(self, retry, student: str) -> None:
        """The mistakes the retry did not find, into the student's review queue (in ``folder``)."""
        queue = Queue.open(student, self.folder)
        missed = retry.missed()
        for position in missed:
            queue = queue.add(position)
        self.kept = True
        self._say(panels.kept_text(len(missed), queue))

    def resume_page(self, page: str) -> None:
        """The page told its id: resume the game it kept, if any, and keep it from now on."""
        try:
            path = keeping.page_file(self.folder, page)
        except NotationError:
            return  # not an id this page could have sent: nothing is kept
        self.kept_at = None
        said = None
        if path.exists():
            try:
                session = keeping.load(path)
            except NotationError as err:
                said = panels.resume_failed_text(str(err))
            else:
                self._new(session)
                said = panels.resumed_text(session)
        self.kept_at = path
        try:
            keeping.keep(self.model, path)
        except keeping.NotKept as err:
            said, self.kept_at = str(err), None  # not kept: the game goes on, unkept
        if said:
            self._say(said)

    def _set(self, session) -> None:
        # kept before it is drawn: what the page shows is already on disk, should the kernel die
        # the moment after (the page's Resume then finds that decision, not the one before)
        said = None
        if self.kept_at is not None:
            try:
                keeping.keep(session, self.kept_at)
            except keeping.NotKept as err:
                said = str(err)  # the move is made all the same; the page says it is not kept
        super()._set(session)
        if said:
            self._say(said)
        self._journal()

    def save(self) -> Path:
        """The hand's record, a new file in ``folder`` named for the rules, the person (``student``)
        or else the deal, and the hand (``record.write_new``: never over another's)."""
        s = self.model
        who = name_part(self.student) if self.student else f"deal-{name_part(s.seed)}"
        stem = f"euchre-hand-{name_part(s.rules.name.rstrip('*'))}-{who}-hand-{s.hand_number + 1}"
        path = write_new(json.dumps(s.record(), indent=1, ensure_ascii=False), self.folder, stem)
        self._say(panels.saved_text(path.name))
        return path

    def open_stepper(self):
        old = self.opened
        self.opened = DealStepper(self.model.record(), players=self.model.players, seed=self.model.seed,
                                  palette=self.look.palette, large=self.look.large)
        self.stepper_box.children = [self.opened.root]
        if old is not None:
            close_tree(old.root)
        return self.opened

    def _new(self, session) -> None:
        self.hint_level = 0
        self.hint.value = self.review.value = ""
        self.retrying = None
        self.kept = False
        self.retry_box.children = []
        self.retry_choices.show([])
        self.hint_b.description = "Hint"
        self._set(session)

    # ---- drawing -----------------------------------------------------------------------------

    def _refresh(self) -> None:
        # Computed from the model first, then written: the picture of the hand (the score, what
        # was said, the table) in one value, then the buttons that replace the one clicked, then
        # the tools; a reader who sees the new buttons, or the tools change, sees the hand they
        # belong to.
        s = self.model
        if not self.sheet.styles:  # the page's first picture: its look prepared for the hands to come
            self.sheet.learn(panels.pictures_ahead(s, self.look))
        picture = self.sheet.compact(panels.play_html(s, self.look))
        choices = panels.action_choices(s)
        end = "" if choices else panels.end_text(s)
        over = s.is_over
        self.view.value = picture
        self.level_text.value = f"<span>{escape(panels.level_note(s.players, s.rules))}</span>"
        self.choices.show(choices, end)
        self.undo_b.disabled = s.undo() is s
        self.hint_b.disabled = not s.legal_actions()
        self.review_b.disabled = self.save_b.disabled = self.open_b.disabled = self.retry_b.disabled = not over
        self.next_b.disabled = not over or s.game_over

"""A game at the play table kept after every move, so that a page reloaded resumes it.

``kept(session)`` is the game as JSON data: the rules, the seats, the seed and each of the
person's moves, hand by hand; ``resumed(data)`` plays those moves again (the computer's seats
are seeded, so they answer as before) and is the same game at the same decision. A page keeps
its game in ``page_file(folder, page)``, named by the page's own id, after every move
(``keep``): if the page's kernel stops or its connection drops, the reloaded page finds it.
Read as JSON only; a file that does not replay is refused with a ``NotationError`` naming it.

A folder keeps at most ``MAX_KEPT`` pages' games: a new page's game makes room by removing games
left untouched for ``STALE_DAYS``, and if there is still none it is not kept (``NotKept``), so a
script opening page after page cannot fill the teacher's disk. A game that cannot be written (a
full disk) is ``NotKept`` too, in words a pupil can read and with no path of the teacher's
computer in them; the game goes on either way.
"""
from __future__ import annotations

import json
import re
import time
from pathlib import Path

from .. import rules as _rules
from ..errors import EuchreError, NotationError
from ..files import one_writer, write_whole
from ..hand.state import HandState
from ..record import to_dict

FORMAT = "euchre-lessons play session 1"
PAGE = re.compile(r"[A-Za-z0-9-]{8,64}")
FOLDER = ".euchre-lessons-pages"
MAX_KEPT = 300      # pages' games a folder keeps at most (five times the largest class measured)
STALE_DAYS = 2      # a game untouched this long gives its place to a new page's


class NotKept(EuchreError):
    """A page's game that could not be kept, in words for the pupil (the game goes on)."""


def _moves(final, human: int) -> list[str]:
    """The person's actions in one hand, in order."""
    state, out = HandState.start(final.deal), []
    for action in final.history:
        if state.to_act == human:
            out.append(str(action))
        state = state.apply(action)
    return out


def kept(session) -> dict | None:
    """``session`` as data to resume it from (None if its computer players are not named by a
    level or player name, which a file cannot hold)."""
    players = session.players
    if not (isinstance(players, str) or isinstance(players, (list, tuple)) and all(isinstance(p, str)
                                                                                    for p in players)):
        return None
    base = to_dict(session.state)
    hands = [_moves(s, session.human) for s in session.finished + (session.state,)]
    return {"format": FORMAT, "rules": base["rules"], "knobs": base["knobs"], "human": session.human,
            "players": players if isinstance(players, str) else list(players), "seed": session.seed,
            "dealer": session.first_dealer, "hands": hands}


def resumed(data, where: str = "kept game"):
    """The ``PlaySession`` that ``data`` (from ``kept``) holds, at the same decision."""
    from .session import PlaySession  # deferred: start-up (teaching.session loads concurrent.futures)

    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise NotationError(f"{where}: not a kept game (expected a JSON object with format {FORMAT!r})")
    try:
        rs = _rules.load(data["rules"])
        if data.get("knobs"):
            rs = rs.replace(**data["knobs"])
        players = data["players"] if isinstance(data["players"], str) else tuple(data["players"])
        s = PlaySession(rs, human=data["human"], players=players, seed=data["seed"], dealer=data["dealer"])
        hands = data["hands"]
        for k, moves in enumerate(hands):
            for text in moves:
                s = s.play(text)
            if k < len(hands) - 1:
                s = s.next_hand()
    except (KeyError, TypeError) as exc:
        raise NotationError(f"{where}: a kept game needs rules, human, players, seed, dealer and hands ({exc})") from None
    except EuchreError as exc:
        raise NotationError(f"{where}: does not replay: {exc}") from None
    return s


def signed_in_text(pupil: str, code: str | None = None) -> str:
    """What a page says once a pupil has given his name (and, the first time, his new code)."""
    text = f"Signed in as {pupil}: what you do here is kept for your teacher."
    if code:
        text += f" Your code is {code}: write it down, you give it with your name next time."
    return text


def handed_in_text(name: str, records: int) -> str:
    """What the page says once a pupil's work is written as one file to hand in."""
    things = f"{records} thing{'s' if records != 1 else ''} you did"
    return (f"Your work ({things}) is saved as {name}, beside the lessons. Hand that file to your teacher "
            "(by e-mail or the class's shared folder):")


def not_kept_text(err: OSError) -> str:
    """What a page says when a pupil's work could not be written (no path of the teacher's computer)."""
    why = "its disk is full" if err.errno == 28 else "it could not write the file"
    return f"Your work could not be kept for your teacher on the teacher's computer ({why}): play goes on."


def page_file(folder, page: str) -> Path:
    """Where the page ``page`` keeps its game, in ``folder`` (a page's id is letters, digits and
    hyphens, 8 to 64 of them: it names a file, so nothing else is taken)."""
    if not isinstance(page, str) or not PAGE.fullmatch(page):
        raise NotationError(f"page id {page!r}: give 8 to 64 letters, digits or hyphens")
    return Path(folder) / FOLDER / f"{page}.json"


def keep(session, path: Path) -> bool:
    """Write ``session`` to ``path`` whole; False if it cannot be kept as data (``kept`` is None).
    ``NotKept`` when the folder is full of other pages' games or the file cannot be written."""
    data = kept(session)
    if data is None:
        return False
    try:
        with one_writer(path.parent):
            if not path.exists():
                _make_room(path.parent)
            write_whole(path, json.dumps(data))
    except OSError as exc:
        why = "its disk is full" if exc.errno == 28 else "it could not write the file"
        raise NotKept(f"This move could not be kept on the teacher's computer ({why}): the game goes on, but a "
                      "page opened again would not find it. Tell your teacher.") from None
    return True


def _make_room(folder: Path) -> None:
    """Room for one more page's game in ``folder``: games untouched for ``STALE_DAYS`` removed
    while the folder is full; ``NotKept`` if it stays full."""
    games = sorted(folder.glob("*.json"), key=lambda p: p.stat().st_mtime)
    stale = time.time() - STALE_DAYS * 86400
    while len(games) >= MAX_KEPT and games[0].stat().st_mtime < stale:
        games.pop(0).unlink(missing_ok=True)
    if len(games) >= MAX_KEPT:
        raise NotKept(f"The teacher's computer already keeps {MAX_KEPT} games of this class's pages, so this "
                      "page's moves are not kept: the game goes on, but a page opened again would start it anew. "
                      "Tell your teacher.")


def load(path: Path):
    """The game kept at ``path``, resumed (``NotationError`` if it is not one)."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise NotationError(f"{Path(path).name}: cannot be read as a kept game: {exc}") from None
    return resumed(data, Path(path).name)

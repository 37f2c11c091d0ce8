"""A game at the play table kept after every move, so that a page reloaded resumes it.

``kept(session)`` is the game as JSON data: the rules, the seats, the seed and each of the
person's moves, hand by hand; ``resumed(data)`` plays those moves again (the computer's seats
are seeded, so they answer as before) and is the same game at the same decision. A page keeps
its game in ``page_file(folder, page)``, named by the page's own id, after every move
(``keep``): if the page's kernel stops or its connection drops, the reloaded page finds it.
Read as JSON only; a file that does not replay is refused with a ``NotationError`` naming it.
"""
from __future__ import annotations

import json
import re
from pathlib import Path

from .. import rules as _rules
from ..errors import EuchreError, NotationError
from ..files import write_whole
from ..hand.state import HandState
from ..record import to_dict

FORMAT = "euchre-lessons play session 1"
PAGE = re.compile(r"[A-Za-z0-9-]{8,64}")
FOLDER = ".euchre-lessons-pages"


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


def page_file(folder, page: str) -> Path:
    """Where the page ``page`` keeps its game, in ``folder`` (a page's id is letters, digits and
    hyphens, 8 to 64 of them: it names a file, so nothing else is taken)."""
    if not isinstance(page, str) or not PAGE.fullmatch(page):
        raise NotationError(f"page id {page!r}: give 8 to 64 letters, digits or hyphens")
    return Path(folder) / FOLDER / f"{page}.json"


def keep(session, path: Path) -> bool:
    """Write ``session`` to ``path`` whole (a hidden file first, then moved onto the name); False
    if it cannot be kept (``kept`` is None)."""
    data = kept(session)
    if data is None:
        return False
    write_whole(path, json.dumps(data))
    return True


def load(path: Path):
    """The game kept at ``path``, resumed (``NotationError`` if it is not one)."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise NotationError(f"{Path(path).name}: cannot be read as a kept game: {exc}") from None
    return resumed(data, Path(path).name)

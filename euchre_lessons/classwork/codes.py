"""A pupil's code, so that on a class's pages no pupil opens another's work by typing his name.

The first time a name signs in on a page of the class server, ``claim`` makes the name a short
code (four letters and digits, none that read alike) and the page shows it once; from then on
that name signs in only with its code. The codes are kept in the class's folder, on the
teacher's computer (``euchre-work/pupil-codes.json``), where ``euchre-lessons report FOLDER
--codes`` lists them for a pupil who has lost his. A notebook's ``sign_in`` asks for none: a
notebook can read any file of its folder anyway.
"""
from __future__ import annotations

import json
import secrets
from pathlib import Path

from ..files import one_writer, write_whole
from .journal import FOLDER, PupilError, check_name

CODES = "pupil-codes.json"
LETTERS = "ACDEFGHJKMNPQRTUVWXY3479"  # no 0/O, 1/I/L, 2/Z, 5/S, 6/G, 8/B to mix up
LENGTH = 4


def codes(folder) -> dict:
    """The class's codes by pupil's name (empty where none was made yet)."""
    path = Path(folder) / FOLDER / CODES
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}
    except (OSError, ValueError) as err:
        raise PupilError(f"{CODES}: the class's pupil codes cannot be read ({type(err).__name__}); ask your "
                         "teacher") from None
    return {k: v for k, v in data.items() if isinstance(k, str) and isinstance(v, str)} if isinstance(data, dict) else {}


def claim(name: str, code: str, folder) -> str | None:
    """Sign ``name`` in with ``code`` on the class's pages: the first time, a new code is made
    and returned (to be shown once); after that ``code`` must be the name's (``PupilError``
    otherwise), and None is returned."""
    name = check_name(name)
    folder = Path(folder)
    with one_writer(folder / FOLDER):
        known = codes(folder)
        if name not in known:
            made = "".join(secrets.choice(LETTERS) for _ in range(LENGTH))
            write_whole(folder / FOLDER / CODES, json.dumps({**known, name: made}, indent=1, ensure_ascii=False))
            return made
    given = (code or "").strip().upper()
    if not given:
        raise PupilError(f"{name} has signed in here before: give {name}'s code as well (it was shown the first "
                         "time; your teacher can look it up)")
    if given != known[name]:
        raise PupilError(f"that is not {name}'s code: check it, or ask your teacher to look it up")
    return None


__all__ = ["claim", "codes", "CODES"]

"""Find positions worth practising in seeded hands, proved before they are written.

    python -m euchre_lessons.delivery.find standard --kinds lead trump-or-not --count 4 --lesson 02

Hands are dealt from seeds and played by the club-level players; at each decision of a kind
asked for, the choices are valued as ``practice.prove`` values them, and the decision is kept
only if one choice (with any that are surely worth the same) is ahead of every other by the
margin, and the validator says so (``practice.proving.validate``: some choice is not accepted,
the decision is not a plain one, and the margin holds again over the layouts of two further
seeds). A proof that solves every layout is written with ``layouts = 0``. Each kept decision
is printed as a ``[[position]]`` table: the question says who decides and what, the
explanation is the kit's own suggestion (the second rung of the hint ladder). A teacher may
edit the words; the validator (the tests) proves the answers. After a change to the hints,
``--refresh data/positions/standard.toml`` rewrites every explanation of a file that the hints
now word otherwise (the validator holds those before play to the hints; one after play a
teacher edited is rewritten too). ``--check`` validates the kit's set (or the files given) as
the tests do, and says how long it took.

Kinds: ``lead`` (a card led), ``follow`` (a card played to a trick), ``joker-lead`` (a lead with
the Joker in hand), ``call`` (a Jambone card called), ``order`` (first or second round), ``alone``,
``give`` (the card given for partner's best), ``defend`` (alone against a lone hand), ``discard``.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from .. import rules as _rules
from ..deals import deal
from ..errors import EuchreError
from ..hand.state import HandState
from ..players.seating import Bots
from ..practice.positions import PositionError, build, load, positions
from ..practice.proving import _values, prove, trivial, validate
from ..teaching.questions import KINDS, explanation, kind_of, question


def stale(path) -> dict:
    """The explanations of the position file ``path`` that the hint ladder now words otherwise,
    by id: their new words (``refresh`` writes them; nothing is written here)."""
    return {p.id: new for p in load(path) if (new := explanation(p.state, p.seat, prove(p).values)) != p.explanation}


def refresh(path) -> list:
    """Rewrite, in the position file ``path``, each explanation that the hint ladder now words
    otherwise (after a change to the hints: the validator holds an explanation before play to
    them), one after play too, edited words included. Returns the ids rewritten; the rest of
    the file is left as it was, and a file with nothing to rewrite is not written."""
    path = Path(path)
    text, done = path.read_text(encoding="utf-8"), []
    olds = {p.id: p.explanation for p in load(path)}
    for ident, new in stale(path).items():
        old = "explanation = " + _toml(olds[ident])
        if text.count(old) == 1:
            text = text.replace(old, "explanation = " + _toml(new))
            done.append(ident)
    if done:
        path.write_text(text, encoding="utf-8")
    return done


def _toml(value) -> str:
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    return repr(value)


def entry_text(entry: dict) -> str:
    return "[[position]]\n" + "".join(f"{k} = {_toml(v)}\n" for k, v in entry.items()) + "\n"


def find(preset: str, kinds, count: int, lesson: str = "", first: int = 0, margin: float = 0.5,
         layouts: int = 120, tries: int = 400, prefer=()) -> list:
    """Up to ``count`` proved positions of ``kinds`` from seeds ``first``, ``first + 1``, ...: dicts
    ready to write as ``[[position]]`` tables. ``prefer``: actions (such as ``jambone`` or
    ``alone``) taken whenever they are legal before a position is found, to reach decisions the
    players seldom choose their way into (a Jambone's called cards, a lone dealer's discards)."""
    rs = _rules.load(preset)
    found: list[dict] = []
    per_kind = {k: 0 for k in kinds}
    want = max(1, -(-count // len(kinds)))
    for seed in range(first, first + tries):
        if len(found) >= count:
            break
        state = HandState.start(deal(rs, seed=f"positions:{seed}", dealer=seed % rs.players))
        bots = Bots(rs, "club", seed)
        while not state.is_over:
            kind = kind_of(state)
            if kind is not None and kind in per_kind and per_kind[kind] < want and len(state.legal_actions()) > 1:
                entry = _try(state, kind, seed, lesson, margin, layouts)
                if entry is not None:
                    found.append(entry)
                    per_kind[kind] += 1
                    break  # one position a hand
            legal = {str(a): a for a in state.legal_actions()}
            steer = next((legal[p] for p in prefer if p in legal), None)
            state = state.apply(steer if steer is not None else bots.choose(state))
    return found


def _try(state, kind: str, seed, lesson: str, margin: float, layouts: int) -> dict | None:
    ident = f"{state.rules.name}-{kind}-{seed}"
    proof = "what you can see"
    base = {"id": ident, "preset": state.rules.name, "deal": str(state.deal),
            "actions": [str(a) for a in state.history], "seat": state.to_act, "question": question(state),
            "answers": [], "explanation": "", "proof": proof, "layouts": layouts, "margin": margin,
            "unit": "points"}
    if lesson:
        base["lesson"] = lesson
    if trivial(state):
        return None
    try:
        probe = build({**base, "answers": [str(state.legal_actions()[0])]}, "find")
        v = _values(probe)
    except EuchreError:
        return None
    if not v.values:
        return None
    best = v.best.action
    answers = [best] + [a for g in v.equals if best in g for a in g if a is not best]
    if len(answers) >= len(state.legal_actions()):
        return None  # every choice as good: nothing to practise
    base["answers"] = [str(a) for a in answers]
    base["explanation"] = explanation(state, state.to_act, v)
    if v.method == "exact":
        base["layouts"] = 0  # every layout solved: the proof says it is exact
    try:
        validate(build(base, "find"))
    except EuchreError:
        return None
    return base


def check(files=()) -> int:
    """Validate the position ``files`` (default: the kit's set) as the tests do, printing each
    one that fails and how long it took; 1 if any failed."""
    start = time.perf_counter()
    ps = [p for f in files for p in load(f)] if files else list(positions())
    failed = 0
    for p in ps:
        try:
            validate(p)
        except PositionError as e:
            failed += 1
            print(e)
    print(f"{len(ps) - failed} of {len(ps)} positions valid (proved, and again over two further seeds "
          f"where sampled), in {time.perf_counter() - start:.1f} s")
    return 1 if failed else 0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("preset", nargs="*", help="the preset to find positions in; with --refresh or --check, "
                                              "position files")
    ap.add_argument("--refresh", action="store_true",
                    help="rewrite the explanations of the position file PRESET as the hints now word them")
    ap.add_argument("--check", action="store_true",
                    help="validate the position files given (default: the kit's set) as the tests do")
    ap.add_argument("--kinds", nargs="*", default=list(KINDS), choices=KINDS)
    ap.add_argument("--count", type=int, default=4)
    ap.add_argument("--lesson", default="")
    ap.add_argument("--first", type=int, default=0)
    ap.add_argument("--margin", type=float, default=0.5)
    ap.add_argument("--layouts", type=int, default=120)
    ap.add_argument("--prefer", nargs="*", default=[], help="actions taken whenever legal (jambone, alone)")
    args = ap.parse_args(argv)
    if args.check:
        return check(args.preset)
    if len(args.preset) != 1:
        ap.error("give one preset (or, with --refresh, one position file)")
    if args.refresh:
        for ident in refresh(args.preset[0]):
            print(f"rewrote the explanation of {ident}")
        return 0
    for entry in find(args.preset[0], args.kinds, args.count, args.lesson, args.first, args.margin, args.layouts,
                      prefer=args.prefer):
        sys.stdout.write(entry_text(entry))
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""``euchre-lessons lite build DIR [--offline]`` and ``euchre-lessons lite serve DIR``; their arguments
are parsed in ``delivery.arguments``."""
from __future__ import annotations

from .serve import serve
from .site import build


def run(args) -> int:
    if args.verb == "serve":
        return serve(args.dir, args.port, args.ip)

    facts = build(args.dir, offline=args.offline, lessons=args.notebooks, packages=args.pyodide_packages,
                  index=args.pyodide_index)
    core = f", Pyodide's core {facts['pyodide_core_mb']:.0f} MB of it" if facts["offline"] else ""
    print(f"wrote the site to {args.dir}: {facts['size_mb']:.0f} MB{core}, in {facts['build_seconds']:.0f} s; "
          f"euchre-lessons lite serve {args.dir} shows it")
    if facts.get("online_lessons"):
        print(internet_note(facts["online_lessons"]))
    elif facts["offline"]:
        print("every lesson runs without the internet")
    return 0


def internet_note(online: dict[str, list[str]]) -> str:
    """Which lessons of an offline site need the internet, and why (one line)."""
    packages = sorted({p for wanted in online.values() for p in wanted})
    return (f"these lessons will need the internet, to fetch {' and '.join(packages)} from Pyodide's CDN: "
            f"{', '.join(online)}; to put them in the site, give a Pyodide distribution folder with "
            "--pyodide-packages DIR, or build where --pyodide-index can be reached")

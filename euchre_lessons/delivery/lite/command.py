"""``euchre-lessons lite build DIR [--offline]`` and ``euchre-lessons lite serve DIR``; their arguments
are parsed in ``delivery.arguments``."""
from __future__ import annotations

from .serve import serve
from .site import build


def run(args) -> int:
    if args.verb == "serve":
        return serve(args.dir, args.port, args.ip)

    facts = build(args.dir, offline=args.offline, lessons=args.notebooks)
    core = f", Pyodide's core {facts['pyodide_core_mb']:.0f} MB of it" if facts["offline"] else ""
    print(f"wrote the site to {args.dir}: {facts['size_mb']:.0f} MB{core}, in {facts['build_seconds']:.0f} s; "
          f"euchre-lessons lite serve {args.dir} shows it")
    return 0

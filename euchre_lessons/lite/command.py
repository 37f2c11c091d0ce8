"""``euchre-lessons lite build DIR [--offline]`` and ``euchre-lessons lite serve DIR``."""
from __future__ import annotations

from .serve import PORT, serve
from .site import build


def add_parser(sub) -> None:
    """The ``lite`` subcommand of the command line."""
    p = sub.add_parser("lite", help="the lessons in the browser (JupyterLite): build a static site, serve it")
    verbs = p.add_subparsers(dest="verb", required=True, metavar="{build,serve}")
    b = verbs.add_parser("build", help="write the site into DIR")
    b.add_argument("dir", metavar="DIR", help="the folder to write (new, empty, or a site built before)")
    b.add_argument("--offline", action="store_true",
                   help="put Pyodide's core in the site, so that it needs no outside server to start")
    b.add_argument("--notebooks", help="the lessons folder (default: the kit's notebooks/)")
    s = verbs.add_parser("serve", help="serve a built site on this computer")
    s.add_argument("dir", metavar="DIR", help="the folder of a built site")
    s.add_argument("--port", type=int, default=PORT, help=f"the port to listen on (default {PORT})")
    s.add_argument("--ip", default="127.0.0.1",
                   help="the address to listen on (default 127.0.0.1: this computer only)")


def run(args) -> int:
    if args.verb == "serve":
        return serve(args.dir, args.port, args.ip)

    facts = build(args.dir, offline=args.offline, lessons=args.notebooks)
    core = f", Pyodide's core {facts['pyodide_core_mb']:.0f} MB of it" if facts["offline"] else ""
    print(f"wrote the site to {args.dir}: {facts['size_mb']:.0f} MB{core}, in {facts['build_seconds']:.0f} s; "
          f"euchre-lessons lite serve {args.dir} shows it")
    return 0

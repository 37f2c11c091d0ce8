"""A built site on this computer: a static web server on 127.0.0.1 (``euchre-lessons lite serve``).

Browsers run Pyodide (WebAssembly, module workers, a service worker) only from ``http(s)://``,
not from ``file://``, so even a site on a USB stick is opened through a server like this one.
"""
from __future__ import annotations

import functools
import http.server
import signal
from pathlib import Path

from ..app import AppError, check_port
from . import LiteError
from .site import MARK

PORT = 8000
TYPES = {".wasm": "application/wasm", ".mjs": "text/javascript", ".js": "text/javascript",
         ".json": "application/json", ".whl": "application/octet-stream", ".ipynb": "application/json"}


class _Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **TYPES}

    def log_message(self, format, *args):  # quiet: one line for the URL is enough
        pass


def check_site(folder) -> Path:
    """``folder``, if it holds a site built by ``euchre-lessons lite build``; else ``LiteError``."""
    folder = Path(folder)
    if not folder.is_dir():
        raise LiteError(f"no folder {str(folder)!r}: build the site first with euchre-lessons lite build {folder}")
    if not (folder / MARK).is_file() or not (folder / "index.html").is_file():
        raise LiteError(f"{folder} is not a site built by euchre-lessons lite build (it has no {MARK})")
    return folder


def server(folder, port: int = PORT, ip: str = "127.0.0.1") -> http.server.ThreadingHTTPServer:
    """The server of the site in ``folder``, bound (not yet serving)."""
    folder = check_site(folder)
    try:
        check_port(ip, port)
    except AppError as exc:
        raise LiteError(str(exc)) from None
    handler = functools.partial(_Handler, directory=str(folder.resolve()))
    return http.server.ThreadingHTTPServer((ip, port), handler)


def url_of(httpd) -> str:
    host, port = httpd.server_address[:2]
    return f"http://{host}:{port}/"


def serve(folder, port: int = PORT, ip: str = "127.0.0.1") -> int:
    """Serve until Ctrl+C (or SIGTERM); the URL is printed first, on one line."""
    httpd = server(folder, port, ip)
    print(f"the lessons in the browser (Ctrl+C stops it): {url_of(httpd)}", flush=True)
    signal.signal(signal.SIGTERM, signal.default_int_handler)
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        httpd.server_close()
    return 0

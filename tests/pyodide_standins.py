"""Stand-ins for the Pyodide packages the lessons load, served from 127.0.0.1: small wheels named
as Pyodide's lock names pandas, numpy and what they depend on, each of whose modules holds only
``STAND_IN = "<package> <version>"``. Used by tests/test_lite.py and tests/browser/test_lite_site.py
(this machine cannot reach Pyodide's CDN, and PyPI has no pandas or numpy for Pyodide 314)."""
from __future__ import annotations

import contextlib
import functools
import http.server
import threading
import zipfile
from pathlib import Path


def wheel(folder: Path, entry: dict) -> Path:
    """A stand-in of the lock's ``entry`` in ``folder``, under the lock's file name."""
    name, version = entry["name"], entry["version"]
    info = f"{name.replace('-', '_')}-{version}.dist-info"
    path = Path(folder) / entry["file_name"].rsplit("/", 1)[-1]
    files = {f"{module}/__init__.py": f'STAND_IN = "{name} {version}"\n' for module in entry["imports"] or [name]}
    files[f"{info}/METADATA"] = f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n"
    files[f"{info}/WHEEL"] = "Wheel-Version: 1.0\nGenerator: stand-in\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    files[f"{info}/RECORD"] = "".join(f"{f},,\n" for f in [*files, f"{info}/RECORD"])
    path.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(path, "w") as z:
        for member, text in files.items():
            z.writestr(member, text)
    return path


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format, *args):
        self.server.asked.append(self.path)


@contextlib.contextmanager
def served(folder: Path):
    """``folder`` on a free port of 127.0.0.1: yields (its URL, the paths asked of it so far)."""
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(folder)))
    httpd.asked = []
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}/", httpd.asked
    finally:
        httpd.shutdown()
        httpd.server_close()
        thread.join()

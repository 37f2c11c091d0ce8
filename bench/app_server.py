"""One app server for the browser benchmarks: ``euchre-lessons app NAME --no-browser`` on a
free port of 127.0.0.1, in a folder of the caller's, its output in ``app.log`` there."""
from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


@contextmanager
def app_server(name: str, folder: Path):
    """Serve app ``name`` from ``folder`` until the block ends; yields (url, process, log path)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    log = folder / "app.log"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
    with open(log, "wb") as out:
        proc = subprocess.Popen([sys.executable, "-m", "euchre_lessons.cli", "app", name, "--no-browser",
                                 "--port", str(port)], cwd=folder, env=env, stdout=out, stderr=subprocess.STDOUT)
        try:
            deadline = time.monotonic() + 60
            while True:  # a TCP probe: a GET of the page would start a kernel
                try:
                    socket.create_connection(("127.0.0.1", port), timeout=1).close()
                    break
                except OSError:
                    if proc.poll() is not None or time.monotonic() > deadline:
                        sys.exit(f"the {name} app did not start:\n{log.read_text()}")
                    time.sleep(0.2)
            yield f"http://127.0.0.1:{port}/", proc, log
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()

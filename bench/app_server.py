"""One app server for the class benchmarks: ``euchre-lessons app NAME --no-browser`` on a
free port of 127.0.0.1, in a folder of the caller's, its output in ``app.log`` there; and the
memory the server and its kernels hold, read from /proc (``memory``)."""
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
def app_server(name: str, folder: Path, *extra: str, timeout: float = 60):
    """Serve app ``name`` (with ``extra`` arguments) from ``folder`` until the block ends;
    yields (url, process, log path)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    log = folder / "app.log"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
    with open(log, "wb") as out:
        proc = subprocess.Popen([sys.executable, "-m", "euchre_lessons", "app", name, "--no-browser",
                                 "--port", str(port), *extra], cwd=folder, env=env, stdout=out, stderr=subprocess.STDOUT)
        try:
            deadline = time.monotonic() + timeout
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


# ---- memory, from /proc ---------------------------------------------------------------------------

def children() -> dict[int, list[int]]:
    kids: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                ppid = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            kids.setdefault(ppid, []).append(int(entry.name))
    return kids


def rss(pid: int) -> int:
    """Resident memory of one process, in bytes (0 once it is gone)."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    except OSError:
        pass
    return 0


def ticks(pid: int) -> int:
    """Processor time (user and system) one process has used, in clock ticks (0 once gone)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return int(fields[11]) + int(fields[12])
    except (OSError, IndexError, ValueError):
        return 0


def cpu_seconds(command_pid: int) -> tuple[float, float]:
    """(the server's processor seconds, the kernels' summed): as ``memory`` finds them."""
    servers, kernels = _family(command_pid)
    hz = os.sysconf("SC_CLK_TCK")
    return sum(ticks(s) for s in servers) / hz, sum(ticks(k) for k in kernels) / hz


def _family(command_pid: int) -> tuple[list[int], list[int]]:
    kids = children()
    servers = kids.get(command_pid, [])
    kernels, todo = [], [k for s in servers for k in kids.get(s, [])]
    while todo:
        pid = todo.pop()
        kernels.append(pid)
        todo += kids.get(pid, [])
    return servers, kernels


def memory(command_pid: int) -> tuple[int, int, int]:
    """(the server's RSS, the kernels' RSS summed, the number of kernels): the server is Voila,
    the command's child; the kernels are Voila's children and theirs."""
    servers, kernels = _family(command_pid)
    return sum(rss(s) for s in servers), sum(rss(k) for k in kernels), len(kernels)

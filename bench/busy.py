"""Run a command with the computer's cores kept busy: a class server's promises checked under load.

Starts ``--loops`` processes that spin (two: both cores of a small laptop), runs the command, stops
the loops and exits with the command's status, printing how long the command took. The class
server's browser tests are run so before a release:

    python bench/busy.py -- python -m pytest -p no:cacheprovider -n 0 -s \
        tests/browser/test_classroom_server.py tests/browser/test_resume_app.py
"""
from __future__ import annotations

import argparse
import multiprocessing
import subprocess
import sys
import time


def spin() -> None:
    while True:
        pass


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--loops", type=int, default=2, help="busy processes beside the command")
    ap.add_argument("command", nargs=argparse.REMAINDER, help="the command, after --")
    args = ap.parse_args()
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not command:
        ap.error("give the command after --")
    loops = [multiprocessing.Process(target=spin, daemon=True) for _ in range(args.loops)]
    for p in loops:
        p.start()
    t0 = time.perf_counter()
    try:
        status = subprocess.call(command)
    finally:
        for p in loops:
            p.terminate()
    print(f"{' '.join(command)}: exit {status} after {time.perf_counter() - t0:.0f} s with {args.loops} busy loops")
    sys.exit(status)


if __name__ == "__main__":
    main()

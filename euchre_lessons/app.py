"""App mode: one widget of the kit served as a web page (no code showing), and the lessons in JupyterLab.

    euchre-lessons app stepper                 # the deal stepper at http://127.0.0.1:8866/
    euchre-lessons app play --port 9000 --no-browser
    euchre-lessons app play --level expert     # the computer at the expert level
    euchre-lessons app play --pool 8 --cull-idle 20    # a class on one laptop
    euchre-lessons app practice                # positions; each student's queue kept in this folder
    euchre-lessons lab                         # JupyterLab on the lessons folder

An app is a small notebook shipped in ``euchre_lessons/apps/`` (``<name>.ipynb``) whose one
code cell calls ``widget(name)`` below; Voila runs it and shows only the widget. The choices of
the command line (``--rules``, ``--seed``, ``--level``, the folder hand records are saved in)
reach that kernel through the environment variable ``EUCHRE_LESSONS_APP`` (JSON). ``--level``
(``beginner``, ``club`` or ``expert``; ``players.LEVELS``) is the level the computer starts at in
the apps that have computer players to choose (``LEVELED``: the play table, every seat but the
person's; the lab, every seat); the page can change it. The server listens on
127.0.0.1 only, unless ``--ip`` says otherwise. A port already in use is found by binding it
before Voila starts, and answered with one line and exit status 2, as every bad argument is.

For a class: ``--pool N`` keeps N kernels started and the app already built in them (Voila's
preheated kernel pool), so a page opens at once; ``--cull-idle MINUTES`` shuts down the
kernels of pages that were closed and have been idle that long (checked every minute).
"""
from __future__ import annotations

import errno
import json
import os
import secrets
import signal
import socket
import subprocess
import sys
import time
import webbrowser
from dataclasses import dataclass, field
from pathlib import Path

APPS = {
    "stepper": "the deal stepper: a hand step by step",
    "play": "the play table: a hand against the computer",
    "compare": "two rule systems side by side, one deal under both",
    "scores": "the score explorer: an outcome's points under every preset",
    "lab": "the simulation lab: many hands under chosen presets",
    "practice": "practice: positions to answer, and a review queue of one's own",
}
TITLES = {
    "stepper": "A deal, step by step",
    "play": "Play against the computer",
    "compare": "Two rule systems, one deal",
    "scores": "Scores under every preset",
    "lab": "The simulation lab",
    "practice": "Practice",
}
LEVELED = ("play", "lab")  # the apps whose computer players' level --level sets
APP_DIR = Path(__file__).with_name("apps")
LESSONS = Path(__file__).resolve().parents[1] / "notebooks"
ENV = "EUCHRE_LESSONS_APP"
VOILA_PORT, LAB_PORT = 8866, 8888
CULL_INTERVAL = 60  # seconds between two looks for idle kernels
# Seconds Voila waits for a cell's output once the kernel has run it (its default, 4, is too
# short for a class: kernels busy with thirty pages sent the widget later, and the page opened
# without it).
IOPUB_TIMEOUT = 120


class AppError(Exception):
    """A bad app-mode argument or a server that cannot start (one line, exit status 2)."""


@dataclass
class Settings:
    """What the command line chose for one app, as the app's kernel reads it back."""
    rules: list[str] = field(default_factory=list)
    seed: int = 0
    folder: str = "."
    level: str | None = None  # None: the app's own default players (the rule-of-thumb player, club level)

    def to_env(self) -> str:
        return json.dumps({"rules": self.rules, "seed": self.seed, "folder": self.folder, "level": self.level})

    @classmethod
    def from_env(cls, environ=None) -> "Settings":
        text = (os.environ if environ is None else environ).get(ENV)
        if not text:
            return cls()
        data = json.loads(text)
        level = data.get("level")
        return cls(list(data.get("rules", [])), int(data.get("seed", 0)), str(data.get("folder", ".")),
                   None if level is None else str(level))

    @property
    def players(self) -> str:
        """The players the app's computer seats start with."""
        return self.level or "rule_of_thumb"


# ---- inside the app's kernel --------------------------------------------------------------------

def widget(name: str, settings: Settings | None = None):
    """The widget app ``name`` shows, built from ``settings`` (by default from ``EUCHRE_LESSONS_APP``)."""
    from . import widgets

    s = Settings.from_env() if settings is None else settings
    rules = s.rules
    if name == "stepper":
        return widgets.DealStepper(rules[0] if rules else "standard", seed=s.seed)
    if name == "play":
        return widgets.PlayTable(rules[0] if rules else "standard", seed=s.seed, folder=s.folder, players=s.players)
    if name == "compare":
        a, b = rules if rules else ("hoyle_railroad", "modern_railroad")
        return widgets.RulesSideBySide(a, b, seed=s.seed)
    if name == "scores":
        return widgets.ScoreExplorer()
    if name == "lab":
        return widgets.SimulationLab(tuple(rules) if rules else ("standard", "hoyle_railroad"), seed=s.seed,
                                     players=s.players)
    if name == "practice":
        return widgets.PracticeDesk(folder=s.folder)
    raise AppError(f"no app {name!r}: give one of {', '.join(APPS)}")


def notebook(name: str) -> Path:
    """The shipped notebook of app ``name``."""
    path = APP_DIR / f"{name}.ipynb"
    if name not in APPS or not path.is_file():
        raise AppError(f"no app {name!r}: give one of {', '.join(APPS)}")
    return path


def notebook_json(name: str) -> dict:
    """What ``apps/<name>.ipynb`` holds: a title and one cell that builds the widget."""
    cell = {"cell_type": "code", "execution_count": None, "id": f"{name}-app", "metadata": {}, "outputs": [],
            "source": ["from euchre_lessons.app import widget\n", "\n", f'widget("{name}")']}
    title = {"cell_type": "markdown", "id": f"{name}-title", "metadata": {}, "source": [f"# {TITLES[name]}"]}
    return {"cells": [title, cell],
            "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
                         "language_info": {"name": "python"}},
            "nbformat": 4, "nbformat_minor": 5}


def write_notebooks(folder: Path = APP_DIR) -> list[Path]:
    """Write every app's notebook (``python -m euchre_lessons.app --write``)."""
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for name in APPS:
        path = folder / f"{name}.ipynb"
        path.write_text(json.dumps(notebook_json(name), indent=1) + "\n", encoding="utf-8")
        paths.append(path)
    return paths


# ---- the command line ---------------------------------------------------------------------------

def check_port(ip: str, port: int) -> None:
    """Raise ``AppError`` if ``port`` cannot be listened on at ``ip`` (in use, or not allowed)."""
    if not 1 <= port <= 65535:
        raise AppError(f"--port {port}: give a port from 1 to 65535")
    family = socket.AF_INET6 if ":" in ip else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as s:
        try:
            s.bind((ip, port))
        except OSError as exc:
            if exc.errno == errno.EADDRINUSE:
                raise AppError(f"port {port} on {ip} is already in use: stop what runs there or choose "
                               "another with --port") from None
            if exc.errno == errno.EADDRNOTAVAIL:
                raise AppError(f"--ip {ip}: this computer has no such address") from None
            if exc.errno == errno.EACCES:
                raise AppError(f"port {port} needs administrator rights: choose one above 1023 with --port") from None
            raise AppError(f"cannot listen on {ip}:{port}: {exc.strerror or exc}") from None


def check_rules(name: str, rules: list[str]) -> list[str]:
    """The ``--rules`` values, checked for app ``name``; files made absolute (the kernel runs elsewhere)."""
    from .cli import load_rules, looks_like_path

    wanted = {"stepper": (0, 1), "play": (0, 1), "compare": (0, 2), "scores": (0,), "lab": None, "practice": (0,)}[name]
    if wanted is not None and len(rules) not in wanted:
        counts = " or ".join(str(n) for n in wanted if n)
        raise AppError(f"app {name} takes no --rules" if counts == "" else
                       f"app {name} takes --rules {counts} time{'s' if counts != '1' else ''}, not {len(rules)}")
    for text in rules:
        load_rules(text)  # an unknown preset or a bad file is refused here, not in the page
    return [str(Path(r).resolve()) if looks_like_path(r) else r for r in rules]


def check_level(name: str, level: str | None) -> str | None:
    """``--level`` for app ``name``: None, or a level of ``players.LEVELS`` in an app that has
    computer players to set (``LEVELED``)."""
    if level is None:
        return None
    from .players import LEVELS  # only when --level is given: the command line starts without the players

    if level not in LEVELS:
        raise AppError(f"--level {level!r}: no such level; give {', '.join(LEVELS)}")
    if name not in LEVELED:
        raise AppError(f"app {name} takes no --level (the computer's level is chosen in {' and '.join(LEVELED)})")
    return level


def voila_command(name: str, port: int = VOILA_PORT, ip: str = "127.0.0.1", pool: int = 0,
                  cull_idle: float = 30) -> list[str]:
    """The Voila command line that serves app ``name``."""
    cmd = [sys.executable, "-m", "voila", str(notebook(name)), "--no-browser", f"--port={port}",
           f"--Voila.ip={ip}", "--Voila.port_retries=0", "--show_tracebacks=True",
           "--Voila.log_level=WARN", f"--VoilaExecutor.iopub_timeout={IOPUB_TIMEOUT}",
           # Kernels talk over Unix sockets named after each kernel: with TCP, a class's kernels
           # starting at once can pick the same free port, and one pupil's page never opens.
           "--KernelManager.transport=ipc"]
    if pool > 0:
        cmd += ["--preheat_kernel=True", f"--pool_size={pool}"]
    if cull_idle > 0:
        cmd += [f"--MappingKernelManager.cull_interval={CULL_INTERVAL}",
                f"--MappingKernelManager.cull_idle_timeout={round(cull_idle * 60)}"]
    return cmd


def lab_command(port: int = LAB_PORT, ip: str = "127.0.0.1", token: str = "", folder: Path = LESSONS,
                allow_root: bool = False) -> list[str]:
    """The JupyterLab command line that serves the lessons folder."""
    cmd = [sys.executable, "-m", "jupyterlab", "--no-browser", f"--ServerApp.ip={ip}", f"--ServerApp.port={port}",
           "--ServerApp.port_retries=0", f"--ServerApp.root_dir={folder}", f"--IdentityProvider.token={token}"]
    if allow_root:
        cmd.append("--allow-root")
    return cmd


def url_of(ip: str, port: int, path: str = "/") -> str:
    host = "127.0.0.1" if ip in ("", "0.0.0.0") else (f"[{ip}]" if ":" in ip else ip)
    return f"http://{host}:{port}{path}"


def _needs(module: str, extra: str = "lab") -> None:
    import importlib.util

    if importlib.util.find_spec(module) is None:
        raise AppError(f"{module} is not installed: pip install -e \".[{extra}]\" (or pip install {module})")


def _wait_listening(proc, ip: str, port: int, timeout: float = 60.0) -> bool:
    """True once something listens on the port (a TCP probe), False if the server exits first."""
    host = "127.0.0.1" if ip in ("", "0.0.0.0") else ip
    deadline = time.monotonic() + timeout
    while proc.poll() is None and time.monotonic() < deadline:
        try:
            with socket.create_connection((host, port), timeout=1):
                return True
        except OSError:
            time.sleep(0.2)
    return proc.poll() is None


def serve(cmd: list[str], url: str, what: str, browser: bool, env: dict | None = None) -> int:
    """Run a server until it ends or Ctrl+C; print its URL on one line; open a browser once it listens."""
    print(f"{what}: {url}", flush=True)
    proc = subprocess.Popen(cmd, env=env)
    previous = signal.getsignal(signal.SIGTERM)
    signal.signal(signal.SIGTERM, _interrupt)  # a terminated command stops its server too
    try:
        if browser and _wait_listening(proc, _ip_of(cmd), _port_of(cmd)):
            webbrowser.open(url)
        return proc.wait()
    except KeyboardInterrupt:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        return 0
    finally:
        signal.signal(signal.SIGTERM, previous)


def _interrupt(signum, frame):
    raise KeyboardInterrupt


def _ip_of(cmd):
    return next(a.split("=", 1)[1] for a in cmd if a.startswith(("--Voila.ip=", "--ServerApp.ip=")))


def _port_of(cmd):
    return int(next(a.split("=", 1)[1] for a in cmd if a.startswith(("--port=", "--ServerApp.port="))))


def app_command(args) -> int:
    """``euchre-lessons app NAME``."""
    if args.pool < 0:
        raise AppError(f"--pool {args.pool}: give a number of kernels, 0 (none kept ready) or more")
    if args.cull_idle < 0:
        raise AppError(f"--cull-idle {args.cull_idle:g}: give minutes, 0 (never) or more")
    rules = check_rules(args.name, args.rules or [])
    level = check_level(args.name, args.level)
    port = VOILA_PORT if args.port is None else args.port
    check_port(args.ip, port)
    _needs("voila")
    settings = Settings(rules, args.seed, str(Path.cwd()), level)
    env = {**os.environ, ENV: settings.to_env()}
    cmd = voila_command(args.name, port, args.ip, args.pool, args.cull_idle)
    return serve(cmd, url_of(args.ip, port), f"{APPS[args.name]} (Ctrl+C stops it)", not args.no_browser, env)


def lab_main(args) -> int:
    """``euchre-lessons lab``: JupyterLab on the lessons folder."""
    folder = Path(args.notebooks) if args.notebooks else LESSONS
    if not folder.is_dir():
        raise AppError(f"no lessons folder at {folder}: give it with --notebooks")
    port = LAB_PORT if args.port is None else args.port
    check_port(args.ip, port)
    _needs("jupyterlab")
    if hasattr(os, "geteuid") and os.geteuid() == 0 and not args.allow_root:
        raise AppError("JupyterLab refuses to run as root: add --allow-root if you mean it")
    token = secrets.token_hex(16)
    first = "00_start_here.ipynb"
    path = f"/lab/tree/{first}" if (folder / first).is_file() else "/lab"
    cmd = lab_command(port, args.ip, token, folder.resolve(), args.allow_root)
    return serve(cmd, url_of(args.ip, port, f"{path}?token={token}"), "the lessons in JupyterLab (Ctrl+C stops it)",
                 not args.no_browser)


def add_parsers(sub, seed_type) -> None:
    """The ``app`` and ``lab`` subcommands of the command line."""
    def common(p, default_port):
        p.add_argument("--port", type=int, default=None, help=f"the port to listen on (default {default_port})")
        p.add_argument("--ip", default="127.0.0.1",
                       help="the address to listen on (default 127.0.0.1: this computer only)")
        p.add_argument("--no-browser", action="store_true", help="print the address, do not open a browser")

    p = sub.add_parser("app", help="one widget as a web page, served with Voila")
    p.add_argument("name", choices=list(APPS), metavar="{" + ",".join(APPS) + "}",
                   help="; ".join(f"{k}: {v}" for k, v in APPS.items()))
    common(p, VOILA_PORT)
    p.add_argument("--rules", action="append", help="a preset or a .toml file (compare: twice; lab: any number)")
    p.add_argument("--seed", default=0, type=seed_type, help="the deal number (default 0)")
    p.add_argument("--level", default=None, metavar="LEVEL",
                   help="the computer's level in play and lab: beginner, club or expert (default: club, the "
                        "rule-of-thumb player)")
    p.add_argument("--pool", default=0, type=int,
                   help="kernels kept started with the app built, for a class (default 0: start one per page)")
    p.add_argument("--cull-idle", default=30, type=float, metavar="MINUTES",
                   help="shut down the kernel of a closed page idle this long (default 30; 0: never)")
    p = sub.add_parser("lab", help="the lessons in JupyterLab")
    common(p, LAB_PORT)
    p.add_argument("--notebooks", help="the lessons folder (default: the kit's notebooks/)")
    p.add_argument("--allow-root", action="store_true", help="let JupyterLab run as root (a container, say)")


if __name__ == "__main__":
    if sys.argv[1:] == ["--write"]:
        for written in write_notebooks():
            print(f"wrote {written}")
    else:
        print("python -m euchre_lessons.app --write   rewrites euchre_lessons/apps/*.ipynb", file=sys.stderr)
        sys.exit(2)

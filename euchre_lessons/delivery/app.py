"""App mode: one widget of the kit served as a web page (no code showing), and the lessons in JupyterLab.

    euchre-lessons app stepper                 # the deal stepper at http://127.0.0.1:8866/
    euchre-lessons app play --port 9000 --no-browser
    euchre-lessons app play --level expert     # the computer at the expert level
    euchre-lessons app play --ip 0.0.0.0 --pool 8      # a class: prints the address with its token
    euchre-lessons app practice                # positions; each student's queue kept in this folder
    euchre-lessons lab                         # JupyterLab on the lessons folder

An app is a small notebook shipped in ``euchre_lessons/delivery/apps/`` (``<name>.ipynb``) whose one
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
kernels that have had no page linked to them that long (by default 5 minutes, looked for every
10 seconds). It waits minutes, not seconds, because a page's kernel starts before the page has
loaded: with thirty pages loading at once on two cores the last links up only after a minute or
two, and a shorter wait culls it first. A page that had linked and then closed (or crashed, or
lost its network) frees its kernel sooner, within the minute (``classroom.ClassroomKernels``).

Off loopback (``--ip 0.0.0.0``, or the address of this computer on the school's network) the
page needs a token in its address: made up unless ``--token`` gives one, printed with the
address once the server listens. The server (``classroom``) refuses a request for a host name
that is not this computer's (``--allow-host`` adds one), refuses code sent from a page, serves
at most ``--max-pupils`` pages at once ("the class is full" past that; by default as many as
the memory holds), and shows tracebacks only with ``--debug``. At the play table each page
gets its own deal unless ``--seed`` gives one, and ``--seat`` chooses the person's seat.
"""
from __future__ import annotations

import errno
import importlib.util
import ipaddress
import json
import os
import re
import secrets
import signal
import socket
import subprocess
import sys
import time
import webbrowser
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from ..table import seat_name
from .course import lab_folder, lessons_folder
from .usage import load_rules, looks_like_path

VOILA_PORT, LAB_PORT = 8866, 8888


@dataclass(frozen=True)
class App:
    """One app: its name on the command line, what it is (``--help``), the page's title, how
    its widget is made from the command line's ``Settings`` (in the app's kernel), and whether
    ``--level`` sets its computer players. An app is this one entry and its notebook in
    ``apps/`` (written from the entry by ``python -m euchre_lessons.delivery.app --write``)."""
    name: str
    description: str
    title: str
    make: Callable[[Settings], object]
    leveled: bool = False
    port: int = VOILA_PORT  # the port it serves on by default (the teacher's page beside the pupils')


# The makers import their widget when called: only the app's kernel builds one, and the command
# line, which reads this table too, starts without ipywidgets.

def _rules_or(settings, *default) -> tuple:
    return tuple(settings.rules) if settings.rules else default


def _play_table(s):
    from ..widgets import PlayTable  # deferred: start-up (widgets loads ipywidgets, plotly)

    return PlayTable(_rules_or(s, "standard")[0], seat=s.seat, seed=page_seed() if s.seed is None else s.seed,
                     folder=s.folder, players=s.players, keep=True, **s.look)


def _stepper(s):
    from ..widgets import DealStepper  # deferred: start-up (widgets loads ipywidgets, plotly)

    return DealStepper(_rules_or(s, "standard")[0], seed=s.deal_number, **s.look)


def _compare(s):
    from ..widgets import RulesSideBySide  # deferred: start-up (widgets loads ipywidgets, plotly)

    a, b = _rules_or(s, "hoyle_railroad", "modern_railroad")
    return RulesSideBySide(a, b, seed=s.deal_number, **s.look)


def _scores(s):
    from ..widgets import ScoreExplorer  # deferred: start-up (widgets loads ipywidgets, plotly)

    return ScoreExplorer(**s.look)


def _lab(s):
    from ..widgets import SimulationLab  # deferred: start-up (widgets loads ipywidgets, plotly)

    return SimulationLab(_rules_or(s, "standard", "hoyle_railroad"), seed=s.deal_number, players=s.players,
                         **s.look)


def _class_board(s):
    from ..widgets import ClassBoard  # deferred: start-up (widgets loads ipywidgets, plotly)

    return ClassBoard(s.folder, large=s.large)


def _practice(s):
    from ..widgets import PracticeDesk  # deferred: start-up (widgets loads ipywidgets, plotly)

    return PracticeDesk(folder=s.folder, codes=True, **s.look)


APPS = {a.name: a for a in (
    App("stepper", "the deal stepper: a hand step by step", "A deal, step by step", _stepper),
    App("play", "the play table: a hand against the computer", "Play against the computer", _play_table,
        leveled=True),
    App("compare", "two rule systems side by side, one deal under both", "Two rule systems, one deal", _compare),
    App("scores", "the score explorer: an outcome's points under every preset", "Scores under every preset", _scores),
    App("lab", "the simulation lab: many hands under chosen presets", "The simulation lab", _lab, leveled=True),
    App("practice", "practice: positions to answer, and a review queue of one's own", "Practice", _practice),
    App("class", "the teacher's page: what the class did, from the work its pages keep in this folder",
        "The class's work", _class_board, port=8867),
)}
LEVELED = tuple(n for n, a in APPS.items() if a.leveled)  # the apps whose computer players' level --level sets
APP_DIR = Path(__file__).with_name("apps")
LESSONS = lessons_folder()
ENV = "EUCHRE_LESSONS_APP"
CULL_INTERVAL = 10  # seconds between two looks for idle kernels
MAX_CULL_IDLE = 7 * 24 * 60  # minutes: a week
# Seconds before the pool starts kernels again once pages have taken some. Voila's own 1 s
# starts the refill while the class is still opening its pages: sixty pupils arriving at once on
# two cores then waited 24 s for a page (median), against 1.6 s with the refill a minute later
# (bench/class_protocol.py --pupils 60 --pool 60).
REFILL_DELAY = 60
CULL_IDLE = 5.0  # minutes without a linked page before a kernel is culled (see the module: not sooner)
EVERY_ADDRESS = ("", "0.0.0.0", "::")  # an --ip that listens on all of this computer's addresses
DENIED_EXTENSIONS = ("@jupyterlite/pyodide-kernel-extension",)  # JupyterLab extensions the pages never load
PUPIL_MB = 120  # a page's kernel: 57 MB for the play table, 102-105 MB for the pages with charts
# Seconds Voila waits for a cell's output once the kernel has run it (its default, 4, is too
# short for a class: kernels busy with thirty pages sent the widget later, and the page opened
# without it).
IOPUB_TIMEOUT = 120


class AppError(Exception):
    """A bad app-mode argument or a server that cannot start (one line, exit status 2)."""


@dataclass
class Settings:
    """What the command line chose for one app, as the app's kernel reads it back. ``seed`` None
    (no ``--seed``): the play table deals each page its own deal (``page_seed``), the other
    apps deal number 0."""
    rules: list[str] = field(default_factory=list)
    seed: int | None = None
    folder: str = "."
    level: str | None = None  # None: the app's own default players (the rule-of-thumb player)
    seat: int = 0  # the person's seat at the play table
    palette: str = "standard"  # the cards' inks: standard, or colour-blind
    large: bool = False  # type and buttons a room reads on a projector

    @property
    def look(self) -> dict:
        """The widget's look, as every widget takes it."""
        return {"palette": self.palette, "large": self.large}

    def to_env(self) -> str:
        return json.dumps({"rules": self.rules, "seed": self.seed, "folder": self.folder, "level": self.level,
                           "seat": self.seat, "palette": self.palette, "large": self.large})

    @classmethod
    def from_env(cls, environ=None) -> Settings:
        text = (os.environ if environ is None else environ).get(ENV)
        if not text:
            return cls()
        data = json.loads(text)
        level, seed = data.get("level"), data.get("seed")
        return cls(list(data.get("rules", [])), None if seed is None else int(seed), str(data.get("folder", ".")),
                   None if level is None else str(level), int(data.get("seat", 0)),
                   str(data.get("palette", "standard")), bool(data.get("large", False)))

    @property
    def deal_number(self) -> int:
        return 0 if self.seed is None else self.seed

    @property
    def players(self) -> str:
        """The players the app's computer seats start with."""
        return self.level or "rule_of_thumb"


# ---- inside the app's kernel --------------------------------------------------------------------

def widget(name: str, settings: Settings | None = None):
    """The widget app ``name`` shows, built from ``settings`` (by default from ``EUCHRE_LESSONS_APP``)."""
    if name not in APPS:
        raise AppError(f"no app {name!r}: give one of {', '.join(APPS)}")
    return APPS[name].make(Settings.from_env() if settings is None else settings)


def page_seed() -> int:
    """A deal number of its own for one page (each pupil a different deal); the hand record
    saved from the page keeps it, so the hand replays with ``--seed``."""
    return secrets.randbelow(1_000_000)


def notebook(name: str) -> Path:
    """The shipped notebook of app ``name``."""
    path = APP_DIR / f"{name}.ipynb"
    if name not in APPS or not path.is_file():
        raise AppError(f"no app {name!r}: give one of {', '.join(APPS)}")
    return path


def notebook_json(name: str) -> dict:
    """What ``apps/<name>.ipynb`` holds: a title and one cell that builds the widget."""
    cell: dict = {"cell_type": "code", "execution_count": None, "id": f"{name}-app", "metadata": {}, "outputs": [],
            "source": ["from euchre_lessons.delivery.app import widget\n", "\n", f'widget("{name}")']}
    title = {"cell_type": "markdown", "id": f"{name}-title", "metadata": {}, "source": [f"# {APPS[name].title}"]}
    return {"cells": [title, cell],
            "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
                         "language_info": {"name": "python"}},
            "nbformat": 4, "nbformat_minor": 5}


def write_notebooks(folder: Path = APP_DIR) -> list[Path]:
    """Write every app's notebook (``python -m euchre_lessons.delivery.app --write``)."""
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
        if os.name != "nt":  # as the server itself binds: a port left in TIME_WAIT by pupils' pages is free
            s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
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
    wanted = {"stepper": (0, 1), "play": (0, 1), "compare": (0, 2), "scores": (0,), "lab": None, "practice": (0,),
              "class": (0,)}[name]
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
    from ..players import LEVELS  # deferred: start-up (only when --level is given: the command line starts without the players)

    if level not in LEVELS:
        raise AppError(f"--level {level!r}: no such level; give {', '.join(LEVELS)}")
    if name not in LEVELED:
        raise AppError(f"app {name} takes no --level (the computer's level is chosen in {' and '.join(LEVELED)})")
    return level


def voila_command(name: str, port: int = VOILA_PORT, ip: str = "127.0.0.1", pool: int = 0,
                  cull_idle: float = CULL_IDLE, token: str = "", hosts=(), max_pupils: int = 0,
                  debug: bool = False) -> list[str]:
    """The command line that serves app ``name``: Voila, with the classroom's guards
    (``classroom``: foreign hosts refused, pages' code refused, at most ``max_pupils`` pages)."""
    cmd = [sys.executable, "-m", "euchre_lessons.delivery.classroom", str(notebook(name)), "--no-browser", f"--port={port}",
           f"--Voila.ip={ip}", "--Voila.port_retries=0", f"--show_tracebacks={debug}",
           f"--Voila.log_level={'INFO' if debug else 'WARN'}", f"--VoilaExecutor.iopub_timeout={IOPUB_TIMEOUT}",
           # Kernels talk over Unix sockets named after each kernel: with TCP, a class's kernels
           # starting at once can pick the same free port, and one pupil's page never opens.
           "--KernelManager.transport=ipc", f"--ClassroomVoila.max_pupils={max_pupils}",
           # the cull passes over kernels still starting (classroom.ClassroomKernels)
           "--VoilaConfiguration.multi_kernel_manager_class=euchre_lessons.delivery.classroom.ClassroomKernels",
           # the browser kernel's page extension (the ``lite`` extra) breaks a Voila page if it loads there
           # a list given item by item, as traitlets 5 reads it (a JSON list is deprecated and warns)
           *(f"--VoilaConfiguration.extension_denylist={name}" for name in DENIED_EXTENSIONS)]
    if token:
        cmd.append(f"--Voila.token={token}")
    if hosts:
        cmd += [f"--ClassroomVoila.allowed_hosts={h}" for h in hosts]
    if pool > 0:
        cmd += ["--preheat_kernel=True", f"--pool_size={pool}", f"--VoilaKernelManager.fill_delay={REFILL_DELAY}"]
    if cull_idle > 0:
        cmd += [f"--MappingKernelManager.cull_interval={CULL_INTERVAL}",
                f"--MappingKernelManager.cull_idle_timeout={round(cull_idle * 60)}"]
    return cmd


def lab_command(port: int = LAB_PORT, ip: str = "127.0.0.1", token: str = "", folder: Path = LESSONS,
                allow_root: bool = False) -> list[str]:
    """The JupyterLab command line that serves the lessons folder. Quiet (warnings only), so the
    one address printed is the kit's, which opens lesson 00, not JupyterLab's own, which opens
    the Launcher."""
    cmd = [sys.executable, "-m", "jupyterlab", "--no-browser", f"--ServerApp.ip={ip}", f"--ServerApp.port={port}",
           "--ServerApp.port_retries=0", f"--ServerApp.root_dir={folder}", f"--IdentityProvider.token={token}",
           "--ServerApp.log_level=WARN"]
    if allow_root:
        cmd.append("--allow-root")
    return cmd


def url_of(ip: str, port: int, path: str = "/") -> str:
    host = "127.0.0.1" if ip in EVERY_ADDRESS else (f"[{ip}]" if ":" in ip else ip)
    return f"http://{host}:{port}{path}"


def on_loopback(ip: str) -> bool:
    """Whether ``--ip`` serves this computer only (no other computer can reach the page)."""
    if ip == "localhost":
        return True
    try:
        return ipaddress.ip_address(ip).is_loopback
    except ValueError:
        return False


def room_addresses(ip: str) -> list[str]:
    """The addresses other computers can reach ``ip`` at: itself, or for ``0.0.0.0`` this
    computer's own (found without sending anything)."""
    if ip not in EVERY_ADDRESS:
        return [ip]
    found = []
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("192.0.2.1", 9))  # a documentation address: nothing is sent, the route is looked up
            found.append(s.getsockname()[0])
    except OSError:
        pass
    return [a for a in found if not a.startswith("127.")] or [socket.gethostname()]


def default_max_pupils() -> int:
    """As many pages as three quarters of this computer's memory holds, at ``PUPIL_MB`` each."""
    try:
        total = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") // 2**20
    except (ValueError, OSError, AttributeError):
        total = 4096
    return max(1, int(total * 0.75) // PUPIL_MB)


PUPILS_A_CORE = 30  # sixty pupils clicking at once were answered within 300 ms (p95) on two cores (README)


def capacity_note() -> str:
    """How many pupils this computer can hold: the fewer of what its memory holds (``PUPIL_MB`` a
    page) and what its processor cores answer at once (``PUPILS_A_CORE`` each, as measured)."""
    try:
        total = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") / 2**30
    except (ValueError, OSError, AttributeError):
        total = None
    cores = os.cpu_count() or 1
    by_memory, by_cores = default_max_pupils(), PUPILS_A_CORE * cores
    memory = f"its {total:.0f} GB of memory" if total else "its memory"
    return (f"This computer can hold about {min(by_memory, by_cores)} pupils: {memory} holds {by_memory} pages at "
            f"{PUPIL_MB} MB each, and its {cores} processor core{'s' if cores != 1 else ''} answer about {by_cores} "
            "pupils clicking at once (sixty were answered within a third of a second on two cores).")


def check_token(token: str | None, ip: str) -> str:
    """The page's token: ``--token``, checked; else generated off loopback, none on it."""
    if token is None:
        return "" if on_loopback(ip) else secrets.token_urlsafe(9)
    if not re.fullmatch(r"[A-Za-z0-9_-]{8,128}", token):
        raise AppError(f"--token {token!r}: give 8 to 128 letters, digits, '-' or '_' (it goes in the page's address)")
    return token


def check_seat(name: str, seat: str | None, rules: list[str]) -> int:
    """``--seat`` for the play table: a seat's name (``North``, ``NE``, ...) or number."""
    if seat is None:
        return 0
    if name != "play":
        raise AppError(f"app {name} takes no --seat (the person's seat is chosen at the play table)")

    players = load_rules(rules[0] if rules else "standard").players
    names = [seat_name(k, players) for k in range(players)]
    for k, n in enumerate(names):
        if seat.strip().lower() in (n.lower(), str(k)):
            return k
    raise AppError(f"--seat {seat!r}: no such seat at this table; give one of {', '.join(names)} "
                   f"(or 0 to {players - 1})")


def _needs(module: str, extra: str = "lab") -> None:
    if importlib.util.find_spec(module) is None:
        raise AppError(f"{module} is not installed: pip install -e \".[{extra}]\" (or pip install {module})")


def _wait_listening(proc, ip: str, port: int, timeout: float = 60.0) -> bool:
    """True once something listens on the port (a TCP probe), False if the server exits first."""
    host = "127.0.0.1" if ip in EVERY_ADDRESS else ip
    deadline = time.monotonic() + timeout
    while proc.poll() is None and time.monotonic() < deadline:
        try:
            with socket.create_connection((host, port), timeout=1):
                return True
        except OSError:
            time.sleep(0.2)
    return proc.poll() is None


def serve(cmd: list[str], url: str, what: str, browser: bool, env: dict | None = None, notes=()) -> int:
    """Run a server until it ends or Ctrl+C; once it listens, print its URL on one line (then
    ``notes``, a line each) and open a browser: an address printed is an address that answers."""
    proc = subprocess.Popen(cmd, env=env)
    previous = signal.getsignal(signal.SIGTERM)
    signal.signal(signal.SIGTERM, _interrupt)  # a terminated command stops its server too
    try:
        if _wait_listening(proc, _ip_of(cmd), _port_of(cmd), timeout=600):
            print(f"{what}: {url}", flush=True)
            for line in notes:
                print(line, flush=True)
            if browser:
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
    if not 0 <= args.cull_idle <= MAX_CULL_IDLE:  # also refuses nan and inf
        raise AppError(f"--cull-idle {args.cull_idle:g}: give minutes from 0 (never) to {MAX_CULL_IDLE:,} (a week)")
    if args.max_pupils is not None and args.max_pupils < 1:
        raise AppError(f"--max-pupils {args.max_pupils}: give the number of pages served at once, 1 or more")
    rules = check_rules(args.name, args.rules or [])
    level = check_level(args.name, args.level)
    seat = check_seat(args.name, args.seat, rules)
    token = check_token(args.token, args.ip)
    hosts = [h.strip().lower() for h in args.allow_host or []]
    for h in hosts:
        if not re.fullmatch(r"[a-z0-9]([a-z0-9.-]*[a-z0-9])?", h):
            raise AppError(f"--allow-host {h!r}: give a host name such as classroom.school.example")
    port = APPS[args.name].port if args.port is None else args.port
    check_port(args.ip, port)
    _needs("voila")
    cap = default_max_pupils() if args.max_pupils is None else args.max_pupils
    if args.pool > cap:  # a kernel kept ready is a pupil's: more would pass the cap at the first fill
        raise AppError(f"--pool {args.pool}: keep at most {cap} kernels ready, one for each pupil the class "
                       f"holds (--max-pupils {cap})")
    settings = Settings(rules, args.seed, str(Path.cwd()), level, seat, args.palette, args.large)
    env = {**os.environ, ENV: settings.to_env()}
    cmd = voila_command(args.name, port, args.ip, args.pool, args.cull_idle, token, hosts, cap, args.debug)
    query = f"?token={token}" if token else ""
    notes = [] if on_loopback(args.ip) else [
        "Anyone on this network who has the whole address, token and all, can open the page: give it to your",
        "class (on the board, or a link) and to no one else. Pupils' computers use this address:",
        *(f"  {url_of(a, port, '/' + query)}" for a in room_addresses(args.ip)),
        capacity_note(),
        f"At most {cap} pages at once (--max-pupils). "
        + (f"A page closed, crashed or cut off frees its kernel within a minute; a kernel whose page never linked "
           f"is freed after {args.cull_idle:g} minutes (--cull-idle)." if args.cull_idle > 0 else
           "Every kernel is kept until the server stops, a closed page's too (--cull-idle 0).")]
    return serve(cmd, url_of(args.ip, port, "/" + query), f"{APPS[args.name].description} (Ctrl+C stops it)",
                 not args.no_browser, env, notes)


def lab_main(args) -> int:
    """``euchre-lessons lab``: JupyterLab on the lessons folder."""
    folder = Path(args.notebooks) if args.notebooks else lab_folder()
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


if __name__ == "__main__":
    if sys.argv[1:] == ["--write"]:
        for written in write_notebooks():
            print(f"wrote {written}")
    else:
        print("python -m euchre_lessons.delivery.app --write   rewrites euchre_lessons/delivery/apps/*.ipynb", file=sys.stderr)
        sys.exit(2)

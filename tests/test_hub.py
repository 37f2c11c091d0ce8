"""A school's JupyterHub, as the teacher's guide sets it up ("A school's JupyterHub"): a real hub on
127.0.0.1 with its dummy authenticator and a local process spawner, configurable-http-proxy from
npm, and the guide's own start-up command in each pupil's server. A handful of pupils sign in at
once; each gets lesson 00 from his server, a kernel runs the lesson's first cells (which import
the kit), and the play page is rendered by Voila's server extension through the hub, from the
one link a teacher hands out (``/hub/user-redirect/voila/render/...``).

configurable-http-proxy (pinned, ``CHP_VERSION``) is installed with npm into ``.cache/hub/`` at
the repository's root, which git ignores (``.ci/run`` installs it there before the tests; a
machine without it installs it here, and without npm fails, it does not skip). Every wait has a
timeout, and every process the hub started (the proxy, the pupils' servers and their kernels)
is stopped at the end, whatever happened.
"""
from __future__ import annotations

import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import textwrap
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from concurrent.futures import TimeoutError as FuturesTimeout
from pathlib import Path

import psutil
import pytest
import requests
import websocket
from traitlets.config import Config

from euchre_lessons.delivery.arguments import parser
from euchre_lessons.delivery.course import app_pages

ROOT = Path(__file__).resolve().parents[1]
GUIDE = ROOT / "docs" / "teachers_guide.md"
CHP_VERSION = "5.1.0"  # the last configurable-http-proxy that runs on Debian 12's Node.js 18
CHP_DIR = ROOT / ".cache" / "hub"
CHP = CHP_DIR / "node_modules" / ".bin" / "configurable-http-proxy"
PUPILS = ("ana", "ben", "cleo", "dev")
PASSWORD = "class-7b"
WAIT = 60  # seconds: the longest any one wait may take (a server, a kernel, a page)
CLASS_WAIT = 100  # seconds: the longest the whole class may take, from the hub answering to the last play page


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def guide_section() -> str:
    return GUIDE.read_text(encoding="utf-8").split("## A school's JupyterHub", 1)[1].split("\n## ", 1)[0]


def guide_hub_config() -> Config:
    """The ``jupyterhub_config.py`` lines the guide gives a hub's administrator, run as the hub runs them."""
    section = guide_section()
    block = re.search(r"^ *```python\n( *# jupyterhub_config\.py.*?)^ *```", section, re.MULTILINE | re.DOTALL)
    assert block, "the guide's hub section has no jupyterhub_config.py block"
    c = Config()
    exec(compile(textwrap.dedent(block.group(1)), "the teacher's guide", "exec"), {"c": c})
    return c


def _proxy() -> Path:
    if CHP.is_file():
        return CHP
    npm = shutil.which("npm")
    if npm is None:
        pytest.fail("npm is not on PATH: install Node.js and npm (apt-get install npm) to fetch configurable-http-proxy; "
                    "this test does not skip")
    done = subprocess.run([npm, "install", "--prefix", str(CHP_DIR), f"configurable-http-proxy@{CHP_VERSION}",
                           "--no-audit", "--no-fund"], capture_output=True, text=True, timeout=300, check=False)
    if done.returncode != 0 or not CHP.is_file():
        pytest.fail(f"npm install configurable-http-proxy@{CHP_VERSION} failed ({done.returncode}):\n{done.stderr}")
    return CHP


def _hub_config(tmp: Path, port: int, hub_port: int, api_port: int) -> str:
    guide = guide_hub_config()
    root = os.geteuid() == 0 if hasattr(os, "geteuid") else False
    lines = [
        'c.JupyterHub.ip = "127.0.0.1"',
        f"c.JupyterHub.port = {port}",
        'c.JupyterHub.hub_ip = "127.0.0.1"',
        f"c.JupyterHub.hub_port = {hub_port}",
        f'c.ConfigurableHTTPProxy.api_url = "http://127.0.0.1:{api_port}"',
        f"c.ConfigurableHTTPProxy.command = [{str(_proxy())!r}]",
        'c.JupyterHub.authenticator_class = "dummy"',
        f"c.DummyAuthenticator.password = {PASSWORD!r}",
        f"c.Authenticator.allowed_users = {set(PUPILS)!r}",
        # pupils without accounts on this computer (CI runs as root): each pupil's folder under tmp
        'c.JupyterHub.spawner_class = "simple"',
        f"c.SimpleLocalProcessSpawner.home_dir_template = {str(tmp / 'homes' / '{username}')!r}",
        'c.Spawner.ip = "127.0.0.1"',
        f"c.Spawner.start_timeout = {WAIT}",
        f"c.Spawner.http_timeout = {WAIT}",
        # the guide's start-up command and first page, as the administrator writes them
        f"c.Spawner.cmd = {guide.Spawner.cmd!r}",
        f"c.Spawner.default_url = {guide.Spawner.default_url!r}",
        f"c.Spawner.args = {['--allow-root'] if root else []!r}",
        f"c.JupyterHub.db_url = {'sqlite:///' + str(tmp / 'jupyterhub.sqlite')!r}",
        f"c.JupyterHub.cookie_secret_file = {str(tmp / 'jupyterhub_cookie_secret')!r}",
        f"c.JupyterHub.pid_file = {str(tmp / 'jupyterhub.pid')!r}",
    ]
    return "\n".join(lines) + "\n"


def _stop(hub: subprocess.Popen, started: set[psutil.Process]) -> list[str]:
    """Stop the hub (which stops the proxy and the pupils' servers), then kill whatever it
    started that still runs; returns what had to be killed."""
    started |= _descendants(hub)
    if hub.poll() is None:
        hub.send_signal(signal.SIGTERM)
        try:
            hub.wait(timeout=30)
        except subprocess.TimeoutExpired:
            hub.kill()
            hub.wait(timeout=10)
    left = [p for p in started if _running(p)]
    names = []
    for p in left:
        try:
            names.append(" ".join(p.cmdline()[:3]))
            p.kill()
        except psutil.Error:
            pass
    psutil.wait_procs(left, timeout=10)
    return names


def _running(p: psutil.Process) -> bool:
    """Whether ``p`` (the same process, not another given its number since) still runs."""
    try:
        return p.is_running() and p.status() != psutil.STATUS_ZOMBIE
    except psutil.Error:
        return False


def _descendants(hub: subprocess.Popen) -> set[psutil.Process]:
    try:
        return set(psutil.Process(hub.pid).children(recursive=True))
    except psutil.Error:
        return set()


def _memory(processes: set[psutil.Process]) -> float:
    """MB in memory (resident) of these processes together."""
    total = 0
    for p in processes:
        try:
            total += p.memory_info().rss
        except psutil.Error:
            pass
    return total / 2**20


def _wait_for(what: str, probe, hub: subprocess.Popen, log: Path, timeout: float = WAIT):
    """Call ``probe`` until it returns something true, at most ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if hub.poll() is not None:
            pytest.fail(f"the hub stopped ({hub.returncode}) while waiting for {what}:\n{_tail(log)}")
        found = probe()
        if found:
            return found
        time.sleep(0.3)
    pytest.fail(f"{what}: nothing after {timeout} s\n{_tail(log)}")


def _tail(log: Path) -> str:
    return "\n".join(log.read_text(encoding="utf-8", errors="replace").splitlines()[-40:]) if log.is_file() else ""


def _answers(session: requests.Session, url: str, **kw):
    try:
        r = session.get(url, timeout=10, allow_redirects=False, **kw)
    except requests.RequestException:
        return None
    return r if r.status_code == 200 else None


def _ready(session: requests.Session, base: str) -> bool:
    """Whether the hub says the signed-in pupil's server is ready (its API, with the pupil's own cookie)."""
    xsrf = session.cookies.get("_xsrf", path="/hub/") or ""
    try:
        r = session.get(f"{base}/hub/api/user", headers={"X-XSRFToken": xsrf}, timeout=10)
    except requests.RequestException:
        return False
    return r.status_code == 200 and bool(r.json().get("servers", {}).get("", {}).get("ready"))


def _lesson_cells(count: int) -> list[str]:
    nb = json.loads((ROOT / "notebooks" / "00_start_here.ipynb").read_text(encoding="utf-8"))
    return ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code"][:count]


def _run_cells(ws_url: str, cookies: str, cells: list[str]) -> str:
    """Run ``cells`` one after another in a kernel over its websocket; their printed output."""
    ws = websocket.create_connection(ws_url, cookie=cookies, timeout=WAIT)
    out = []
    try:
        session = uuid.uuid4().hex
        for code in cells:
            msg_id = uuid.uuid4().hex
            ws.send(json.dumps({
                "header": {"msg_id": msg_id, "username": "pupil", "session": session, "msg_type": "execute_request",
                           "version": "5.3", "date": ""},
                "parent_header": {}, "metadata": {}, "channel": "shell", "buffers": [],
                "content": {"code": code, "silent": False, "store_history": True, "user_expressions": {},
                            "allow_stdin": False, "stop_on_error": True}}))
            deadline = time.monotonic() + WAIT
            replied = idle = False
            while not (replied and idle):  # the reply (shell) and the end of the output (iopub) come in either order
                assert time.monotonic() < deadline, f"no reply to a cell of lesson 00 in {WAIT} s"
                msg = json.loads(ws.recv())
                if msg.get("parent_header", {}).get("msg_id") != msg_id:
                    continue
                kind, content = msg["msg_type"], msg["content"]
                if kind == "stream":
                    out.append(content["text"])
                elif kind == "error":
                    raise AssertionError(f"lesson 00's cell failed: {content['ename']}: {content['evalue']}")
                elif kind == "execute_reply":
                    assert content["status"] == "ok", content
                    replied = True
                elif kind == "status" and content["execution_state"] == "idle":
                    idle = True
    finally:
        ws.close()
    return "".join(out)


def _pupil(base: str, name: str, hub: subprocess.Popen, log: Path) -> dict:
    """One pupil: signs in, waits for his server, opens lesson 00 and runs its first cells, opens the play page."""
    s = requests.Session()
    times = {}
    t0 = time.monotonic()
    login = s.get(f"{base}/hub/login", timeout=WAIT)
    xsrf = re.search(r'name="_xsrf"\s+value="([^"]+)"', login.text)
    signed = s.post(f"{base}/hub/login", data={"username": name, "password": PASSWORD,
                                               **({"_xsrf": xsrf.group(1)} if xsrf else {})},
                    timeout=WAIT, allow_redirects=False)
    assert signed.status_code == 302, (name, signed.status_code, signed.text[:300])
    s.get(f"{base}/hub/spawn", timeout=WAIT)  # starts his server; a slow start goes on behind the pending page
    lesson = "euchre-lessons/00_start_here.ipynb"
    user = f"{base}/user/{name}"
    _wait_for(f"{name}'s server", lambda: _ready(s, base), hub, log)
    times["server"] = time.monotonic() - t0

    # lesson 00, as JupyterLab asks for it: the page, then the notebook from the server
    page = s.get(f"{base}/hub/user-redirect/lab/tree/{lesson}", timeout=WAIT)
    assert page.status_code == 200 and page.url == f"{user}/lab/tree/{lesson}", (page.status_code, page.url)
    notebook = s.get(f"{user}/api/contents/{lesson}", timeout=WAIT)
    assert notebook.status_code == 200 and notebook.json()["type"] == "notebook", notebook.text[:300]
    assert notebook.json()["content"]["cells"][0]["source"].startswith("# "), "lesson 00 came back without its title"
    xsrf = s.cookies.get("_xsrf", path=f"/user/{name}/") or s.cookies.get("_xsrf")
    started = s.post(f"{user}/api/sessions", json={"path": lesson, "type": "notebook", "name": "",
                                                   "kernel": {"name": "python3"}},
                     headers={"X-XSRFToken": xsrf or ""}, timeout=WAIT)
    assert started.status_code == 201, (started.status_code, started.text[:300])
    kernel = started.json()["kernel"]["id"]
    cookies = "; ".join(f"{c.name}={c.value}" for c in s.cookies)
    ws_url = f"{user.replace('http://', 'ws://')}/api/kernels/{kernel}/channels?session_id={uuid.uuid4().hex}"
    printed = _run_cells(ws_url, cookies, _lesson_cells(2))
    times["lesson"] = time.monotonic() - t0

    # the play page, from the link a teacher hands out, rendered by Voila through the hub
    play = s.get(f"{base}/hub/user-redirect/voila/render/euchre-lessons/apps/play.ipynb", timeout=WAIT)
    times["play"] = time.monotonic() - t0
    return {"name": name, "printed": printed, "play_status": play.status_code, "play_url": play.url,
            "play_html": play.text, "times": times}


def test_the_guides_commands_links_and_pages_are_the_kits():
    section = guide_section()
    text = " ".join(section.split())
    commands = re.findall(r"euchre-lessons lessons [\w -]+?(?=;|\"|`)", text)
    assert len(commands) == 2, commands  # the hub's start-up, and Kubernetes' hook
    for command in commands:
        parser().parse_args(command.split()[1:])
    assert guide_hub_config().Spawner.default_url == "/lab/tree/euchre-lessons/00_start_here.ipynb"
    (pull,) = re.findall(r"https://HUB/hub/user-redirect/git-pull\?\S+", section)
    assert {"repo", "branch", "urlpath"} <= {kv.split("=")[0] for kv in pull.split("?", 1)[1].split("&")}
    assert "urlpath=lab/tree/euchre-lessons/notebooks/00_start_here.ipynb" in pull
    named = re.search(r"The pages copied with `--apps` are (.*?)\(from", text).group(1)
    assert sorted(re.findall(r"(\w+)\.ipynb", named)) == sorted(Path(name).stem for _, name in app_pages())
    for _, name in app_pages():
        assert (ROOT / "euchre_lessons" / "delivery" / name).is_file()  # where an nbgitpuller copy has them


def test_ci_installs_the_proxy_this_test_pins():
    script = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert f"npm install --prefix .cache/hub configurable-http-proxy@{CHP_VERSION} " in script
    assert ".cache/" in (ROOT / ".gitignore").read_text(encoding="utf-8").splitlines()


def test_a_class_signs_in_to_a_jupyterhub_and_opens_lesson_00_and_the_play_page(tmp_path):
    began = time.monotonic()
    port, hub_port, api_port = _free_port(), _free_port(), _free_port()
    config = tmp_path / "jupyterhub_config.py"
    config.write_text(_hub_config(tmp_path, port, hub_port, api_port), encoding="utf-8")
    bin_dir = str(Path(sys.executable).parent)
    env = {**os.environ, "PATH": bin_dir + os.pathsep + os.environ.get("PATH", ""),
           "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
    log = tmp_path / "jupyterhub.log"
    base = f"http://127.0.0.1:{port}"
    started: set[psutil.Process] = set()
    pool = ThreadPoolExecutor(len(PUPILS))
    with open(log, "w", encoding="utf-8") as out:
        hub = subprocess.Popen([sys.executable, "-m", "jupyterhub", "-f", str(config)], cwd=tmp_path, env=env,
                               stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        probe = requests.Session()
        _wait_for("the hub", lambda: _answers(probe, f"{base}/hub/health"), hub, log)
        futures = [pool.submit(_pupil, base, name, hub, log) for name in PUPILS]
        deadline = time.monotonic() + CLASS_WAIT
        pupils = []
        for f in futures:
            try:
                pupils.append(f.result(timeout=max(0.1, deadline - time.monotonic())))
            except FuturesTimeout:
                pytest.fail(f"the class was not in within {CLASS_WAIT} s\n{_tail(log)}")
            started |= _descendants(hub)
        started |= _descendants(hub)
        memory = _memory(started)
    finally:
        left = _stop(hub, started)
        pool.shutdown(wait=False, cancel_futures=True)  # a pupil still waiting fails fast once the hub is gone
    wall = time.monotonic() - began
    for p in pupils:
        name = p["name"]
        assert p["printed"].startswith("Standard Euchre\n"), (name, p["printed"])  # lesson 00's second cell
        assert p["play_status"] == 200, (name, p["play_status"], p["play_html"][:500], _tail(log))
        assert p["play_url"] == f"{base}/user/{name}/voila/render/euchre-lessons/apps/play.ipynb", p["play_url"]
        # the play table built in the page's kernel: its cell's output, a widget with a model of its own
        assert re.search(r'"application/vnd\.jupyter\.widget-view\+json": \{"model_id": "[0-9a-f]{32}"', p["play_html"]), \
            (name, p["play_html"][-2000:])
        assert "Traceback" not in p["play_html"] and '"output_type": "error"' not in p["play_html"], name
        homes = tmp_path / "homes" / name / "euchre-lessons"
        assert (homes / "00_start_here.ipynb").is_file() and (homes / "apps" / "play.ipynb").is_file()
        assert not (homes / "apps" / "class.ipynb").exists()
    assert not [p for p in started if _running(p)], "a process the hub started outlived the test"
    slowest = max(pupils, key=lambda p: p["times"]["play"])
    print(  # shown with pytest -s
        f"JupyterHub: {len(PUPILS)} pupils in {wall:.1f} s, hub started and stopped ({len(left)} processes killed after "
        f"it stopped); {memory / len(PUPILS):.0f} MB a pupil (his server, lesson 00's kernel, the play page's, the "
        f"proxy's share); the slowest pupil's server ready at {slowest['times']['server']:.1f} s, lesson 00 run at "
        f"{slowest['times']['lesson']:.1f} s, the play page at {slowest['times']['play']:.1f} s")

"""The classroom server's guards met through a real server, as a school network would meet them:
``euchre-lessons app stepper --ip 0.0.0.0`` (a token made up), at most two pupils. No browser:
plain HTTP requests and a websocket, as a script on another pupil's computer would send them."""
from __future__ import annotations

import asyncio
import http.client
import json
import re
import subprocess
import threading
import urllib.error
import urllib.request
import uuid
from concurrent.futures import ThreadPoolExecutor

import pytest

from .conftest import ROOT, running_app

CAP = 2


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    folder = tmp_path_factory.mktemp("classroom")
    with running_app("stepper", folder, "--ip", "0.0.0.0", "--max-pupils", str(CAP), "--cull-idle", "0") as url:
        yield url, folder


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None  # a redirect (to the token's login page) is the answer itself


_OPENER = urllib.request.build_opener(_NoRedirect)


def get(url: str, host: str | None = None) -> tuple[int, str]:
    """The status and body of a GET, redirects not followed."""
    request = urllib.request.Request(url, headers={"Host": host} if host else {})
    try:
        with _OPENER.open(request, timeout=120) as r:
            return r.status, r.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read().decode("utf-8", "replace")


def _memory():
    """The class bench's reading of the server's memory: (server RSS, kernels' RSS, kernels)."""
    import importlib.util
    import sys

    sys.path.insert(0, str(ROOT / "bench"))
    try:
        spec = importlib.util.spec_from_file_location("app_server", ROOT / "bench" / "app_server.py")
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    finally:
        sys.path.remove(str(ROOT / "bench"))
    return module.memory


def _server_pid(folder) -> int:
    import subprocess

    found = subprocess.run(["pgrep", "-f", f"euchre_lessons app stepper.*--max-pupils {CAP}"],
                           capture_output=True, text=True)
    return int(found.stdout.split()[0])


def test_the_address_carries_a_token_and_without_it_no_page_opens(server):
    url, _ = server
    assert re.search(r"/\?token=[A-Za-z0-9_-]{12,}$", url), url
    bare = url.split("?")[0]
    status, body = get(bare)
    assert status in (302, 403) and "kernelId" not in body  # sent to the login page, or refused
    status, body = get(bare + "login?next=%2F")  # where it is sent: a sentence for a pupil, not a login form
    assert status == 403 and "Ask your teacher for the whole address" in body and "<form" not in body


def test_every_answer_sends_no_referrer_and_logout_answers_plainly(server):
    url, folder = server
    bare = url.split("?")[0]
    host, port = bare.split("/")[2].split(":")
    for path in ("/", "/login?next=%2F", "/logout", "/voila/static/favicon.ico"):  # no page opened: the class is small
        connection = http.client.HTTPConnection(host, int(port), timeout=60)
        connection.request("GET", path)
        answer = connection.getresponse()
        assert answer.getheader("Referrer-Policy") == "no-referrer", (path, answer.status)
        connection.close()
    status, body = get(bare + "logout")
    assert status == 200 and "You have left the page" in body
    assert "Traceback" not in (folder / "app.log").read_text()


def test_a_foreign_host_is_refused(server):
    url, folder = server
    port = url.split(":")[2].split("/")[0]
    status, body = get(url, host=f"rebound.example:{port}")
    assert status == 403 and "ask your teacher for the whole address" in body and str(ROOT) not in body
    log = (folder / "app.log").read_text()
    assert "Refused a request for host 'rebound.example:" in log and "Traceback" not in log  # one line, no trace
    status, body = get(url, host=f"127.0.0.1:{port}")
    assert status == 200


def _kernel_id(body: str) -> str:
    found = (re.search(r'"kernelId":\s*"([0-9a-f-]{36})"', body)
             or re.search(r"kernel[_-]?[iI]d[\"']?[:=]\s*[\"']([0-9a-f-]{36})", body))
    assert found, body[:2000]
    return found.group(1)


def _over_websocket(url: str, kernel: str, messages: list[dict], wait: float = 8.0) -> list[dict]:
    """Send ``messages`` on the kernel's channels as a page would; every reply seen in ``wait`` s."""
    from tornado.websocket import websocket_connect

    token = url.split("token=")[1]
    ws_url = url.split("?")[0].replace("http://", "ws://") + f"api/kernels/{kernel}/channels?token={token}"
    seen: list[dict] = []

    async def talk():
        conn = await websocket_connect(ws_url)
        for m in messages:
            await conn.write_message(json.dumps(m))
        loop = asyncio.get_running_loop()
        end = loop.time() + wait
        while loop.time() < end:
            try:
                text = await asyncio.wait_for(conn.read_message(), timeout=max(0.1, end - loop.time()))
            except TimeoutError:
                break
            if text is None:
                break
            if isinstance(text, str):
                seen.append(json.loads(text))
        conn.close()

    box = {}
    t = threading.Thread(target=lambda: box.setdefault("error", _run(talk)))  # not in playwright's loop
    t.start()
    t.join(60)
    assert box.get("error") is None, box["error"]
    return seen


def _run(coro) -> Exception | None:
    try:
        asyncio.run(coro())
    except Exception as exc:  # noqa: BLE001 - handed back to the test thread
        return exc
    return None


def _message(kind: str, content: dict) -> dict:
    return {"header": {"msg_id": uuid.uuid4().hex, "msg_type": kind, "username": "", "session": uuid.uuid4().hex,
                       "date": "", "version": "5.3"}, "parent_header": {}, "metadata": {}, "content": content,
            "channel": "shell", "buffers": []}


def test_code_sent_over_the_pages_websocket_is_not_run(server):
    url, folder = server
    status, body = get(url)
    assert status == 200
    kernel = _kernel_id(body)
    marker = folder / "ran-code.txt"
    code = f"open({str(marker)!r}, 'w').write('a pupil ran code')"
    seen = _over_websocket(url, kernel, [
        _message("execute_request", {"code": code, "silent": False, "store_history": False,
                                     "user_expressions": {}, "allow_stdin": False, "stop_on_error": True}),
        _message("kernel_info_request", {})])
    kinds = [m.get("header", {}).get("msg_type") for m in seen]
    assert "kernel_info_reply" in kinds, kinds  # the widgets' own requests are answered
    assert "execute_reply" not in kinds and not marker.exists()
    assert 'Received message of type "execute_request", which is not allowed' in (folder / "app.log").read_text()


def test_past_the_cap_a_page_says_the_class_is_full_and_a_burst_starts_no_kernels(server):
    url, folder = server
    pid, memory = _server_pid(folder), _memory()
    while memory(pid)[2] < CAP:  # the earlier tests opened pages; open up to the cap
        assert get(url)[0] == 200
    before = memory(pid)
    status, body = get(url)
    assert status == 503 and "The class is full" in body and f"{CAP} pupils already have a page open" in body
    bare = url.split("?")[0]
    with ThreadPoolExecutor(20) as pool:
        statuses = list(pool.map(lambda _: get(bare)[0], range(200)))  # anonymous: no token
    assert set(statuses) <= {302, 403}, sorted(set(statuses))
    after = memory(pid)
    assert after[2] == before[2] == CAP  # no kernel started by the burst
    print(f"classroom server: {CAP} pages open, kernels {after[1] / 2**20:.0f} MB in all, "
          f"server {after[0] / 2**20:.0f} MB, after 200 anonymous requests")


def test_a_burst_of_pages_stays_within_the_cap(tmp_path):
    """Twenty pupils open the page at once on a class of three: three pages, the rest told the class
    is full, and three kernels started (each page used to pass the check before any kernel ran)."""
    with running_app("stepper", tmp_path, "--max-pupils", "3", "--cull-idle", "0") as url:
        with ThreadPoolExecutor(20) as pool:
            answers = list(pool.map(lambda _: get(url), range(20)))
        statuses = sorted(status for status, _ in answers)
        assert statuses.count(200) <= 3 and statuses.count(503) >= 17, statuses
        assert all("The class is full" in body for status, body in answers if status == 503)
        pages = [body for status, body in answers if status == 200]
        assert pages and not any("https://cdn." in body or "fontawesome" in body for body in pages)  # nothing from outside
        port = url.split(":")[2].split("/")[0]
        pid = int(subprocess.run(["pgrep", "-f", "--", f"euchre_lessons app stepper --no-browser --port {port} "],
                                 capture_output=True, text=True).stdout.split()[0])
        assert _memory()(pid)[2] <= 3

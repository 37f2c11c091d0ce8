"""A class measured as a room: the play server alone, its pupils protocol-level clients.

Serves ``euchre-lessons app play --no-browser --pool N`` (one kernel a page, N started and
built before the class arrives) and seats ``--pupils`` clients, each doing over HTTP and the
page's websocket what a pupil's page does: fetch the page, open its kernel's channels, ask for
the widgets' state (``jupyter.widget.control``), then, once every pupil is seated, click a
choice of the table (a bid, a discard, a card) in rounds in which all pupils click at once, as
the page sends a click (a ``comm_msg`` with ``{"event": "click"}`` to the button's model).
Each click is timed to the kernel's answer: every update it sends, up to the kernel going idle
on that message; a click counts as answered once the choice clicked is no longer offered.
The pupils speak the binary websocket protocol Voila's page asks for (``--json-protocol``: the
older JSON one). No browser runs during the timed rounds, so the numbers are the server's own
(the class bench with a real page for every pupil is ``bench/class_load.py``).

Prints pages opened, the time from a page's request to its widgets' state (ready), the
click-to-update median and 95th percentile over all rounds, the processor time a click costs
the server, the kernels and these clients, and memory: the server, the kernels, and per pupil.

Three real Chromium pages (``--browsers``) open with the class and, once the rounds are over,
play a hand each in the full room: what a pupil sees, checked.

    python bench/class_protocol.py [--pupils 60] [--rounds 8] [--pool 60] [--browsers 3] [--json]
"""
from __future__ import annotations

import argparse
import asyncio
import json
import re
import statistics
import sys
import tempfile
import time
import uuid
from pathlib import Path

from app_server import app_server, cpu_seconds, memory  # bench/ is on the path of a script run from it
from jupyter_server.services.kernels.connection.base import deserialize_msg_from_ws_v1, serialize_msg_to_ws_v1
from tornado.httpclient import AsyncHTTPClient
from tornado.websocket import websocket_connect

V1 = "v1.kernel.websocket.jupyter.org"  # the binary protocol Voila's page asks for and the server picks

TOOLS = {"Hint", "Undo", "New deal", "Next hand", "Review my play", "Try again", "Save record", "Open in the stepper",
         "Show me", "Next mistake"}
ANSWER_TIMEOUT = 120  # seconds


def message(kind: str, content: dict, session: str, channel: str = "shell") -> dict:
    return {"header": {"msg_id": uuid.uuid4().hex, "msg_type": kind, "username": "pupil", "session": session,
                       "date": "2026-01-01T00:00:00Z", "version": "5.3"},
            "parent_header": {}, "metadata": {}, "content": content, "channel": channel, "buffers": []}


def _pack(part) -> bytes:
    return json.dumps(part).encode()


class Page:
    """One pupil's page, spoken to as its browser would."""

    def __init__(self, url: str, protocol: str = V1):
        self.url, self.session, self.protocol = url, uuid.uuid4().hex, protocol
        self.models: dict[str, dict] = {}
        self.root = None
        self.ws = None
        self.waiting: dict[str, asyncio.Future] = {}
        self.reader = None
        self.sent: dict[str, list] = {}  # a message's id: what the kernel sent in answer, [messages, bytes, kinds]
        self.answers: list[tuple[int, int]] = []  # each click's answer: (messages, bytes)

    async def open(self) -> float:
        t0 = time.perf_counter()
        body = (await AsyncHTTPClient().fetch(self.url, request_timeout=ANSWER_TIMEOUT)).body.decode()
        kernel = re.search(r'"kernelId":\s*"([0-9a-f-]{36})"', body).group(1)
        views = re.findall(r'"model_id":\s*"([0-9a-f]{32})"', body)
        self.root = views[-1] if views else None
        ws = self.url.replace("http://", "ws://") + f"api/kernels/{kernel}/channels?session_id={self.session}"
        self.ws = await websocket_connect(ws, subprotocols=[self.protocol] if self.protocol else None)
        self.reader = asyncio.ensure_future(self._read())
        control = uuid.uuid4().hex
        opened = message("comm_open", {"comm_id": control, "target_name": "jupyter.widget.control", "data": {}},
                         self.session)
        opened["metadata"] = {"version": "1.0.0"}  # the widget control protocol, as the page's manager sends
        await self._write(opened)
        ask = message("comm_msg", {"comm_id": control, "data": {"method": "request_states"}}, self.session)
        await self._send_and_wait(ask)
        if self.root is None or self.root not in self.models:
            raise RuntimeError(f"the page's widget did not arrive ({len(self.models)} models, root {self.root})")
        return time.perf_counter() - t0

    async def _send_and_wait(self, msg: dict) -> float:
        done = asyncio.get_running_loop().create_future()
        self.waiting[msg["header"]["msg_id"]] = done
        t0 = time.perf_counter()
        await self._write(msg)
        await asyncio.wait_for(done, ANSWER_TIMEOUT)
        return time.perf_counter() - t0

    async def _write(self, msg: dict) -> None:
        if self.protocol == V1:
            await self.ws.write_message(serialize_msg_to_ws_v1(msg, msg["channel"], _pack), binary=True)
        else:
            await self.ws.write_message(json.dumps(msg))

    @staticmethod
    def _unpack(data: bytes) -> dict:
        _channel, parts = deserialize_msg_from_ws_v1(data)
        header, parent, _metadata, content = (json.loads(x) for x in parts[:4])
        return {"header": header, "parent_header": parent, "content": content, "msg_type": header["msg_type"]}

    async def _read(self) -> None:
        while True:
            text = await self.ws.read_message()
            if text is None:
                return
            if isinstance(text, bytes):
                if self.protocol != V1:
                    continue
                m = self._unpack(text)
            else:
                m = json.loads(text)
            kind, content = m.get("msg_type") or m["header"]["msg_type"], m.get("content", {})
            tally = self.sent.get(m.get("parent_header", {}).get("msg_id"))
            if tally is not None:
                tally[0] += 1
                tally[1] += len(text)
                tally[2][kind] = tally[2].get(kind, 0) + 1
            if kind == "comm_open" and content.get("target_name") == "jupyter.widget":
                self.models[content["comm_id"]] = dict(content["data"].get("state", {}))
            elif kind == "comm_msg":
                data = content.get("data", {})
                if data.get("method") == "update_states":
                    for mid, s in data["states"].items():
                        self.models[mid] = dict(s["state"])
                elif data.get("method") in ("update", "echo_update"):
                    self.models.setdefault(content["comm_id"], {}).update(data.get("state", {}))
            elif kind == "comm_close":
                self.models.pop(content.get("comm_id"), None)
            parent = m.get("parent_header", {}).get("msg_id")
            if kind == "status" and content.get("execution_state") == "idle" and parent in self.waiting:
                fut = self.waiting.pop(parent)
                if not fut.done():
                    fut.set_result(True)

    def choices(self) -> list[str]:
        """The model ids of the table's enabled choice buttons, reachable from the page's widget."""
        out, todo, seen = [], [self.root], set()
        while todo:
            mid = todo.pop(0)
            if mid in seen or mid not in self.models:
                continue
            seen.add(mid)
            s = self.models[mid]
            if s.get("_model_name") == "ButtonModel":
                d = s.get("description", "")
                if not s.get("disabled") and d not in TOOLS and not d.startswith("Hint") \
                        and not d.endswith("(not allowed)"):
                    out.append(mid)
            for child in s.get("children", []) or []:
                todo.append(child.removeprefix("IPY_MODEL_"))
        return out

    async def click(self, mid: str) -> float:
        click = message("comm_msg", {"comm_id": mid, "data": {"method": "custom", "content": {"event": "click"}}},
                        self.session)
        self.sent[click["header"]["msg_id"]] = tally = [0, 0, {}]
        took = await self._send_and_wait(click)
        self.answers.append((tally[0], tally[1]))
        return took

    async def close(self) -> None:
        if self.ws is not None:
            self.ws.close()
        if self.reader is not None:
            self.reader.cancel()


async def classroom(url: str, pupils: int, rounds: int, browsers: int = 0, protocol: str = V1,
                    server_pid: int | None = None) -> dict:
    pages = [Page(url, protocol) for _ in range(pupils)]
    opened = await asyncio.gather(*(p.open() for p in pages), return_exceptions=True)
    ready = [t for t in opened if isinstance(t, float)]
    failed = [f"{type(e).__name__}: {e}" for e in opened if not isinstance(e, float)]
    seated = [p for p, t in zip(pages, opened) if isinstance(t, float)]
    go, arrived = asyncio.Event(), []

    async def sit():  # a real page opened (or failed to): it plays once the class has clicked
        arrived.append(True)
        await go.wait()

    shown = asyncio.ensure_future(real_pages(url, browsers, sit)) if browsers else None
    while shown is not None and len(arrived) < browsers and not shown.done():
        await asyncio.sleep(0.2)  # the browsers started and their pages opened before the class clicks
    before = cpu_seconds(server_pid) if server_pid else None
    mine = time.process_time()
    result = await _rounds(seated, rounds)
    result["cpu_pupils_s"] = time.process_time() - mine
    result["answers"] = [a for p in seated for a in p.answers]
    if before is not None:
        after = cpu_seconds(server_pid)
        result |= {"cpu_server_s": after[0] - before[0], "cpu_kernels_s": after[1] - before[1]}
    go.set()  # the real pages play their hands in the full room, after the timed rounds
    if shown is not None:
        result["browsers"] = await shown
    await asyncio.gather(*(p.close() for p in pages))
    result |= {"pupils": pupils, "opened": len(ready), "failed": failed, "ready": ready}
    return result


async def real_pages(url: str, count: int, seated) -> list:
    """``count`` real Chromium pages among the class, each opened before the class clicks and its
    hand played through once the timed rounds are over, every other page still open
    (``class_load.pupil``): what a pupil sees in a full room, checked (the buttons answer). Not
    during the rounds: a browser's drawing would run on the server's two cores, where a room's
    browsers run on the pupils' own computers."""
    from class_load import ARGS, CHROMIUM, pupil
    from playwright.async_api import async_playwright

    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            out = await asyncio.gather(*(pupil(browser, url, 12, 1, seated) for _ in range(count)))
            for r in out:
                await r.pop("context").close()
                r.pop("page")
        finally:
            await browser.close()
    return out


async def _rounds(seated: list, rounds: int) -> dict:
    clicks, unanswered = [], 0
    for _ in range(rounds):
        chosen = [(p, p.choices()) for p in seated]
        batch = [(p, c[0]) for p, c in chosen if c]
        if not batch:
            break
        times = await asyncio.gather(*(p.click(mid) for p, mid in batch), return_exceptions=True)
        for (p, mid), t in zip(batch, times):
            if isinstance(t, float) and mid not in p.choices():  # answered: the choice made is gone
                clicks.append(t)
            else:
                unanswered += 1
    return {"clicks": clicks, "unanswered": unanswered}


def _p95(xs):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, round(0.95 * (len(xs) - 1)))] if xs else float("nan")


def run(pupils: int, rounds: int, pool: int, browsers: int = 0, protocol: str = V1) -> dict:
    with tempfile.TemporaryDirectory() as folder, \
            app_server("play", Path(folder), "--pool", str(pool), "--max-pupils", str(pupils + browsers),
                       timeout=600) as (url, proc, log):
        start = time.perf_counter()
        while memory(proc.pid)[2] < pool and time.perf_counter() - start < 900:  # the pool started...
            time.sleep(1)
        time.sleep(10 + pool * 0.5)  # ...and its pages built (the preheated kernels render the app)
        warm = time.perf_counter() - start
        result = asyncio.run(classroom(url, pupils, rounds, browsers, protocol, proc.pid))
        server, kernels, count = memory(proc.pid)
    result |= {"server_mb": server / 2**20, "kernels_mb": kernels / 2**20, "kernels": count, "warm_s": warm}
    return result


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pupils", type=int, default=60)
    ap.add_argument("--rounds", type=int, default=8, help="rounds of clicks, every pupil clicking at once")
    ap.add_argument("--pool", type=int, default=None, help="kernels started before the class (default: one a pupil)")
    ap.add_argument("--browsers", type=int, default=3, help="real Chromium pages among the class, checked")
    ap.add_argument("--json", action="store_true", help="end with the numbers as one line of JSON")
    ap.add_argument("--json-protocol", action="store_true",
                    help="speak the server's older JSON websocket protocol, not the binary one the page uses")
    args = ap.parse_args()
    pool = args.pupils if args.pool is None else args.pool
    r = run(args.pupils, args.rounds, pool, args.browsers, "" if args.json_protocol else V1)
    print(f"{r['opened']} of {r['pupils']} pages opened (pool of {pool}, started and built in {r['warm_s']:.0f} s)")
    if r["ready"]:
        print(f"page ready       median {statistics.median(r['ready']) * 1000:6.0f} ms   95th percentile "
              f"{_p95(r['ready']) * 1000:6.0f} ms   slowest {max(r['ready']) * 1000:6.0f} ms")
    if r["clicks"]:
        print(f"click to update  median {statistics.median(r['clicks']) * 1000:6.0f} ms   95th percentile "
              f"{_p95(r['clicks']) * 1000:6.0f} ms   ({len(r['clicks'])} clicks, {r['opened']} at once each round; "
              f"{r['unanswered']} unanswered)")
    if r.get("answers"):
        print(f"a click's answer median {statistics.median(m for m, _ in r['answers']):.0f} messages, "
              f"{statistics.median(b for _, b in r['answers']) / 1024:.1f} KB   95th percentile "
              f"{_p95([b for _, b in r['answers']]) / 1024:.1f} KB (what the kernel sends the page, to idle)")
    if r["clicks"] and "cpu_server_s" in r:
        n = len(r["clicks"]) + r["unanswered"]
        print(f"processor a click  server {r['cpu_server_s'] / n * 1000:.1f} ms, kernel {r['cpu_kernels_s'] / n * 1000:.1f} ms, "
              f"these clients {r['cpu_pupils_s'] / n * 1000:.1f} ms (the clicking rounds' processor time over their "
              "clicks, the real pages' clicks in it)")
    per = r["kernels_mb"] / max(r["kernels"], 1)
    print(f"memory           server {r['server_mb']:.0f} MB, {r['kernels']} kernels {r['kernels_mb']:.0f} MB "
          f"({per:.0f} MB a kernel)")
    for f in r["failed"][:5]:
        print(f"  failed: {f}")
    shown = r.get("browsers", [])
    good = [b for b in shown if "open" in b and not b["unanswered"] and not b["errors"]]
    if shown:
        plays = [t for b in shown for t in b["plays"]]
        print(f"real pages       {len(good)} of {len(shown)} opened, showed the table and answered every click"
              + (f" (click to result median {statistics.median(plays) * 1000:.0f} ms)" if plays else ""))
        for b in shown:
            for u in (b["unanswered"] + b["errors"])[:3]:
                print(f"  a real page: {u}")
    if args.json:
        print(json.dumps({k: v for k, v in r.items()}))
    sys.exit(0 if r["opened"] == r["pupils"] and not r["unanswered"] and len(good) == len(shown) else 1)


if __name__ == "__main__":
    main()

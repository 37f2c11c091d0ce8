"""The classroom server's guards (``euchre_lessons.delivery.classroom``) and the records a class saves
(``record.write_new``). The guards are also met through a real server in
tests/browser/test_classroom_server.py."""
from __future__ import annotations

import json
import re
import sys
import threading
from pathlib import Path

import pytest

from euchre_lessons.delivery import classroom
from euchre_lessons.record import write_new


@pytest.mark.parametrize("host, allowed", [
    ("127.0.0.1:8866", True), ("localhost:8866", True), ("192.168.1.20:8866", True), ("[::1]:8866", True),
    ("LOCALHOST", True), ("evil.example:8866", False), ("192.168.1.20.nip.io:8866", False), ("", False),
    ("class.school.example", True), ("class.school.example.evil.example", False),
])
def test_a_host_is_served_when_it_is_an_address_or_one_of_this_computers_names(host, allowed):
    names = classroom.own_names() | {"class.school.example"}
    assert classroom.host_allowed(host, names) is allowed


def test_thirty_pupils_saving_at_once_each_get_their_own_whole_file(tmp_path):
    texts = [json.dumps({"pupil": k, "filler": "x" * 20_000}) for k in range(30)]
    paths = [None] * 30
    start = threading.Barrier(30)

    def save(k):
        start.wait()
        paths[k] = write_new(texts[k], tmp_path, "euchre-hand-standard-deal-1-hand-1")

    threads = [threading.Thread(target=save, args=(k,)) for k in range(30)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len({p.name for p in paths}) == 30
    assert sorted(json.loads(p.read_text())["pupil"] for p in paths) == list(range(30))
    assert all(json.loads(p.read_text()) == json.loads(texts[k]) for k, p in enumerate(paths))
    assert len(list(tmp_path.iterdir())) == 30  # no part files left behind


def test_the_cull_passes_over_a_kernel_still_starting_where_jupyters_own_raises():
    import asyncio

    from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager, ServerKernelManager

    kernels = classroom.ClassroomKernels()
    kernels._kernels["starting"] = ServerKernelManager()  # no last activity yet, as while it starts
    assert asyncio.run(kernels.cull_kernel_if_idle("starting")) is None
    assert asyncio.run(kernels.cull_kernel_if_idle("gone")) is None
    with pytest.raises(Exception, match="last_activity"):  # what the class's server logged without it
        asyncio.run(AsyncMappingKernelManager.cull_kernel_if_idle(kernels, "starting"))


def test_the_app_serves_with_the_classroom_kernels():
    from euchre_lessons.delivery import app

    assert "--VoilaConfiguration.multi_kernel_manager_class=euchre_lessons.delivery.classroom.ClassroomKernels" in \
        app.voila_command("play")


def test_a_pages_websocket_sends_each_message_as_it_is_written(monkeypatch):
    """Nagle's delay off before the kernel is linked: with it on, a click's answer waited 40 ms for
    the browser's acknowledgement of the kernel's "busy" (``bench/class_protocol.py``)."""
    import asyncio

    from voila.tornado.kernel_websocket_handler import VoilaKernelWebsocketHandler

    calls = []

    async def linked(self, kernel_id):
        calls.append(("linked", kernel_id))

    monkeypatch.setattr(VoilaKernelWebsocketHandler, "open", linked)
    page = object.__new__(classroom.PupilChannels)
    page.set_nodelay = lambda on: calls.append(("nodelay", on))
    asyncio.run(page.open("k1"))
    assert calls == [("nodelay", True), ("linked", "k1")]
    assert classroom._REPLACE[VoilaKernelWebsocketHandler] is classroom.PupilChannels  # what the class serves


class _Kernels:
    """What the class's pool reads of Voila's pool manager: running kernels, the pool's tasks (each
    a kernel ready, or still starting), the size it refills to, its refill and its hand-out."""

    def __init__(self, running, ready=(), starting=0, pool=4):
        from concurrent.futures import Future

        done = []
        for kernel in ready:
            task = Future()
            task.set_result({"kernel_id": kernel})
            done.append(task)
        self._pools = {"play.ipynb": [Future() for _ in range(starting)] + done}
        self.running = list(running)
        self.kernel_pools_config = {"default": {"pool_size": pool, "kernel_env_variables": {}}}
        self.refilled_to = None

    def list_kernel_ids(self):
        return self.running

    def get_pool_size(self, notebook_name):
        return len(self._pools.get(notebook_name, ()))  # Voila's: a kernel still starting counted

    def fill_if_needed(self, delay=None, notebook_name=None, **kwargs):
        self.refilled_to = self.kernel_pools_config["default"]["pool_size"]

    async def get_rendered_notebook(self, notebook_name, **kwargs):
        return self._pools[notebook_name].pop(0).result(timeout=0)  # a ready one: a starting one would raise


def _class_pool(cap, wanted, running, ready=(), starting=0):
    kernels = _Kernels(running, ready, starting, pool=wanted)
    kernels.__class__ = type("ClassroomPool", (classroom.ClassPool, _Kernels), {})
    kernels.max_pupils, kernels.wanted = cap, wanted
    return kernels


def test_the_pages_open_are_the_running_kernels_less_the_pools():
    assert classroom.pages_open(_Kernels(["a", "b", "c", "d", "e"], ready=["d", "e"])) == 3
    assert classroom.pages_open(_Kernels(["a", "b", "c", "d"], ready=["d"], starting=1)) == 2  # "c" may be the pool's
    assert classroom.pages_open(_Kernels([], starting=3)) == 0


def test_a_page_takes_a_ready_kernel_and_never_waits_for_one_starting():
    kernels = _class_pool(cap=10, wanted=3, running=["a", "b"], ready=["b"], starting=2)
    assert _Kernels.get_pool_size(kernels, "play.ipynb") == 3  # Voila would hand out the pool, and wait
    assert kernels.get_pool_size("play.ipynb") == 1
    import asyncio

    assert asyncio.run(kernels.get_rendered_notebook("play.ipynb")) == {"kernel_id": "b"}
    assert kernels.get_pool_size("play.ipynb") == 0  # none ready: the next page starts its own kernel


def test_the_pool_refills_no_further_than_the_room_left():
    kernels = _class_pool(cap=5, wanted=3, running=["a", "b", "c"])  # three pages open, the pool empty
    kernels.fill_if_needed()
    assert kernels.refilled_to == 2
    full = _class_pool(cap=3, wanted=3, running=["a", "b", "c", "d"], ready=["d"])
    full.fill_if_needed()
    assert full.refilled_to == 0  # a full class starts no kernels
    uncapped = _class_pool(cap=0, wanted=3, running=["a", "b", "c", "d"])
    uncapped.fill_if_needed()
    assert uncapped.refilled_to == 3


def test_a_kernel_whose_page_linked_and_went_is_shut_down_at_the_next_cull():
    import asyncio

    from jupyter_server._tz import utcnow
    from jupyter_server.services.kernels.kernelmanager import ServerKernelManager

    kernels = classroom.ClassroomKernels(page_gone_after=0.0, cull_idle_timeout=300)
    shut = []

    async def shutdown(kernel_id, *args, **kwargs):
        shut.append(kernel_id)

    kernels.shutdown_kernel = shutdown
    for kernel in ("closed", "open", "never linked"):
        kernels._kernels[kernel] = ServerKernelManager()
        kernels._kernels[kernel].last_activity = utcnow()
        kernels._kernel_connections[kernel] = 0
    for kernel in ("closed", "open"):
        kernels.notify_connect(kernel)
    kernels.notify_disconnect("closed")
    for kernel in ("closed", "open", "never linked"):
        asyncio.run(kernels.cull_kernel_if_idle(kernel))
    assert shut == ["closed"]  # the open page's kept; one never linked waits for the cull's own time
    kernels.notify_connect("open")  # a second tab, then the first closes: still linked
    kernels.notify_disconnect("open")
    asyncio.run(kernels.cull_kernel_if_idle("open"))
    assert shut == ["closed"]
    patient = classroom.ClassroomKernels(cull_idle_timeout=300)  # 20 s by default: not at once
    patient._kernels["k"] = ServerKernelManager()
    patient._kernels["k"].last_activity = utcnow()
    patient._kernel_connections["k"] = 0
    patient.notify_connect("k")
    patient.notify_disconnect("k")
    patient.shutdown_kernel = shutdown
    asyncio.run(patient.cull_kernel_if_idle("k"))
    assert shut == ["closed"] and patient._kernels["k"].unlinked_since is not None


def test_jupyters_messages_are_packed_by_orjson():
    """The ``lab`` extra brings orjson, which Jupyter's sessions (the kernels' and the server's)
    take when present: a tenth less processor a click for a class (bench/class_protocol.py)."""
    from jupyter_client.session import Session, orjson_packer

    assert Session().pack is orjson_packer


def test_the_activity_watch_reads_a_kernels_state_and_activity_as_jupyters_does():
    """``start_watching_activity`` reads headers only (lean, for a class's clicks); it must come to
    what Jupyter's own watch does: a tracked message marks activity, a status sets the state,
    and past "starting" an untracked one's status sets "idle"."""
    from datetime import UTC, datetime

    from jupyter_client.session import Session
    from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager

    class Stream:
        def on_recv(self, callback):
            self.callback = callback

    class Kernel:
        def __init__(self):
            self.session, self.execution_state, self.stream = Session(key=b"class"), "starting", Stream()

        def connect_iopub(self):
            return self.stream

    def watched(manager_class):
        kernels = manager_class()
        kernels._kernels["k"] = kernel = Kernel()
        manager_class.start_watching_activity(kernels, "k")
        return kernels, kernel

    asked = Session(key=b"class")
    ours, jupyters = watched(classroom.ClassroomKernels), watched(AsyncMappingKernelManager)
    marked = []
    for kind, content, parent in [("status", {"execution_state": "idle"}, "kernel_info_request"),
                                  ("status", {"execution_state": "busy"}, "comm_msg"),
                                  ("comm_msg", {"comm_id": "c", "data": {"method": "update"}}, "comm_msg"),
                                  ("status", {"execution_state": "idle"}, "comm_msg")]:
        before = datetime.now(UTC)
        for _, kernel in (ours, jupyters):
            msg = kernel.session.msg(kind, content=content, parent=asked.msg(parent))
            kernel.stream.callback(kernel.session.serialize(msg))
        assert ours[1].execution_state == jupyters[1].execution_state, (kind, content, parent)
        assert (ours[1].last_activity >= before) == (jupyters[1].last_activity >= before), (kind, parent)
        marked.append(ours[1].last_activity >= before)
    assert marked == [False, True, True, True]  # a kernel's own start-up is not a page's activity
    assert ours[1].execution_state == "idle" and ours[0].last_kernel_activity >= before


def test_a_message_for_a_page_just_gone_is_dropped_without_a_traceback(monkeypatch):
    """A kernel's message written as its page's websocket closes: Jupyter leaves the failed write
    unread, and asyncio logged its traceback (the thirty-pupil class's server log, as the pages
    closed). The class's websocket reads it; a failure of another kind is still logged."""
    import asyncio
    import gc

    from tornado.iostream import StreamClosedError
    from tornado.websocket import WebSocketClosedError
    from voila.tornado.kernel_websocket_handler import VoilaKernelWebsocketHandler

    def unheard(handler_class):
        loop, heard = asyncio.new_event_loop(), []
        loop.set_exception_handler(lambda loop, context: heard.append(context["message"]))
        failures = [WebSocketClosedError(), StreamClosedError(), None]

        def write(self, message, binary=False):
            error = failures.pop(0)
            if error is None:
                raise WebSocketClosedError()  # closed before the write: said at once
            sent = loop.create_future()
            sent.set_exception(error)  # closed during the write: said by the future
            return sent

        monkeypatch.setattr(VoilaKernelWebsocketHandler, "write_message", write)
        page = object.__new__(handler_class)
        for _ in range(2):
            page.write_message(b"update")
        if handler_class is classroom.PupilChannels:
            assert page.write_message(b"update") is None
        loop.run_until_complete(asyncio.sleep(0))
        gc.collect()
        loop.close()
        return heard

    assert unheard(VoilaKernelWebsocketHandler) == ["Future exception was never retrieved"] * 2
    assert unheard(classroom.PupilChannels) == []


def test_a_seat_is_taken_before_a_kernel_starts_so_a_burst_stays_within_the_cap():
    """Twenty pages arrive before any kernel runs: three take seats, the rest find the class full;
    a seat given back (the kernel running, counted as a page now, or the page failed) is free again."""
    seats = classroom.Seats()
    taken = [seats.take(pages=0, cap=3) for _ in range(20)]
    assert taken.count(True) == 3 and taken[:3] == [True] * 3 and seats.starting == 3
    seats.give_back()  # one page's kernel runs: it is one of the pages open now
    assert not seats.take(pages=1, cap=3) and seats.take(pages=0, cap=3)


def test_the_page_loads_no_stylesheet_from_the_internet():
    """Voila's lab template links Font Awesome on a CDN; the class's page leaves every such link out."""
    template = Path(sys.prefix) / "share" / "jupyter" / "voila" / "templates" / "lab" / "index.html.j2"
    text = template.read_text(encoding="utf-8")
    assert "https://cdn.jsdelivr.net" in text  # what the page would load
    kept = classroom.OUTSIDE.sub("", text)
    assert not re.search(r"(href|src)=\"https?:", kept) and "{{ super() }}" in kept

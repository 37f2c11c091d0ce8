"""The classroom server's guards (``euchre_lessons.classroom``) and the records a class saves
(``record.write_new``). The guards are also met through a real server in
tests/browser/test_classroom_server.py."""
from __future__ import annotations

import json
import threading

import pytest

from euchre_lessons import classroom
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
    from euchre_lessons import app

    assert "--VoilaConfiguration.multi_kernel_manager_class=euchre_lessons.classroom.ClassroomKernels" in \
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

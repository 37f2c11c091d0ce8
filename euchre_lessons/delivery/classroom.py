"""The app server for a class: Voila with the guards a school network needs.

``python -m euchre_lessons.delivery.classroom NOTEBOOK [Voila options]`` is what ``euchre-lessons app``
runs (``app.voila_command``). It is Voila, with:

* **Hosts checked.** A request whose ``Host`` header names a computer other than this one is
  refused (403). A web page a teacher visits could otherwise point its own name at this
  computer (DNS rebinding) and drive the class's pages. Allowed: any address written as
  numbers (a rebinding page cannot send one), ``localhost``, this computer's own names, and
  the names given with ``--allow-host`` (``ClassroomVoila.allowed_hosts``).
* **Code refused** (Voila's own guard, checked by tests/browser/test_classroom_server.py): a
  page's kernel accepts only the messages the widgets send (comms, the kernel's description and
  its shutdown); an ``execute_request`` typed by hand over the page's websocket is dropped and
  logged, so a pupil's browser console cannot run code on the teacher's computer.
* **Nothing from the internet.** The page's links to stylesheets on the internet (Voila's
  template asks a CDN for Font Awesome, which no page of the kit draws with) are left out.
* **A cap on pupils.** Each page holds a kernel; past ``max_pupils`` pages at once a new page
  gets a short page that says the class is full (503), and no kernel is started. A page's seat is
  reserved before its kernel starts (``Seats``), so a burst of pages stays within the cap.
* **A pool for a class** (``ClassPool``, ``--pool``). Voila's pool of kernels kept ready refills
  a minute after a page takes one (``app.REFILL_DELAY``), and a page arriving meanwhile waited
  for that refill: up to a minute, where a kernel of its own starts in seconds. Here a page takes
  a kernel from the pool only if one is ready, else starts its own; and the pool refills only as
  far as the class has room, so a full class starts no kernels (sixty pupils seated from a pool
  of sixty had sixty more started a minute later, in the middle of their clicks).
* **Activity read lean.** The server watches every kernel's messages for its last activity
  and state (``ClassroomKernels.start_watching_activity``), reading headers only.
* **A starting kernel is not culled.** Jupyter's cull reads a kernel's last activity, which a
  kernel still starting has not got yet: it raised and logged a traceback for every such kernel
  (a class's pages arriving at once start many). ``ClassroomKernels`` passes them over; they are
  looked at again at the next cull.
* **Each update sent at once.** A page's websocket is written without Nagle's delay: the kernel
  answers a click with a burst of small messages ("busy", the updates, "idle"), and with the
  delay on, the second of them waited for the browser to acknowledge the first, which it does
  only after 40 ms (measured: 48 ms a click with one pupil, 8 ms without; ``bench/class_protocol.py``).
* **A page gone mid-message is no error.** A kernel's message for a page whose websocket has
  just closed (the pupil closed the tab as a move was answered) is dropped without a word;
  Jupyter let the write fail unread, and it was logged as a traceback for the teacher.
* **A closed page frees its kernel.** Voila's page asks for its kernel to be shut down as it
  closes, but without the form token Voila's own check wants (``_xsrf``), so Voila refuses
  it (403) and the kernel lingers until culled. Here the request is taken without that token:
  it names the kernel by its id, which only the page that holds it knows. The page sends it
  from its ``beforeunload`` handler, and a closing tab does not always get it out (a tab closed
  in Chromium was seen to send it on a reload only), so the server does not rely on it: a
  kernel whose page had linked and then has had no link for ``page_gone_after`` seconds (20) is
  shut down at the next cull, every 10 seconds: within half a minute of the page closing,
  crashing or losing its network (a minute with the computer's cores busy). A page that comes
  back later says it lost its link and resumes the game kept after every move. A kernel whose
  page never linked waits for the cull's own time (``--cull-idle``), as a page on a busy laptop
  can take minutes to link up.

The token (``--Voila.token``, which ``euchre-lessons app`` sets off loopback) and Voila's own
handlers do the rest.
"""
from __future__ import annotations

import ipaddress
import re
import socket
import sys
import time
from datetime import UTC, datetime
from html import escape
from typing import Any

import tornado.web
from jupyter_server.auth.decorator import allow_unauthenticated
from jupyter_server.auth.login import LoginFormHandler
from jupyter_server.auth.logout import LogoutHandler
from jupyter_server.base.handlers import APIHandler, JupyterHandler
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from tornado.iostream import StreamClosedError
from tornado.websocket import WebSocketClosedError
from traitlets import Float, Int, List, Unicode
from voila.app import Voila
from voila.shutdown_kernel_handler import VoilaShutdownKernelHandler
from voila.tornado.handler import TornadoVoilaHandler
from voila.tornado.kernel_websocket_handler import VoilaKernelWebsocketHandler

# A stylesheet Voila's page template fetches from the internet (Font Awesome, from a CDN): the
# kit's pages draw no icon with it, and a class's page loads nothing from outside the room.
OUTSIDE = re.compile(r'<link[^>]+href="https?://[^"]*"[^>]*>\s*')
ASK_PAGE = ("<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>Ask your teacher for the whole address"
            "</title></head><body><main><h1>Ask your teacher for the whole address</h1><p>This page opens only from "
            "the whole address your teacher gave the class, with the code after <code>?token=</code> at its end. "
            "Ask your teacher for it, and type or paste it all.</p></main></body></html>")
ERROR_WORDS = {403: "This page is not open to this address: ask your teacher for the whole address of the class.",
               404: "There is no such page here: ask your teacher for the whole address of the class."}
ERROR_PAGE = ("<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>{status}</title></head><body><main>"
              "<h1>This page cannot be shown ({status})</h1><p>{words}</p></main></body></html>")
LEFT_PAGE = ("<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>You have left the page</title>"
             "</head><body><main><h1>You have left the page</h1><p>You may close this tab. To come back, open the "
             "whole address your teacher gave the class again.</p></main></body></html>")
FULL_PAGE = ("<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>The class is full</title></head>"
             "<body><main><h1>The class is full</h1><p>{n} pupils already have a page open, as many as this "
             "computer can serve. Ask your teacher to close a page that is not in use, then try again.</p>"
             "</main></body></html>")


def own_names() -> set[str]:
    """This computer's names: ``localhost``, its host name, its full name and its ``.local`` name."""
    names = {"localhost"}
    for name in (socket.gethostname(), socket.getfqdn()):
        if name:
            names |= {name.lower(), name.lower().split(".")[0], name.lower().split(".")[0] + ".local"}
    return names


def host_allowed(host: str, names) -> bool:
    """Whether a request's ``Host`` header (``name[:port]``) may be served: an address written as
    numbers, or one of ``names``."""
    match = re.match(r"^(.*?)(:\d+)?$", host or "")
    name = (match.group(1) if match else "").lower()
    if name.startswith("[") and name.endswith("]"):
        name = name[1:-1]
    if not name:
        return False
    try:
        ipaddress.ip_address(name)
        return True
    except ValueError:
        return name in names


class _HostChecked:
    """Refuses a request for a foreign host: ``JupyterHandler.prepare`` calls ``check_host``; and
    every answer tells the browser to send no referrer, so the address with its token never
    leaves in a link a page follows."""

    request: Any  # the handler's, which this is mixed into (tornado's RequestHandler)
    settings: Any
    log: Any

    def set_default_headers(self) -> None:
        super().set_default_headers()  # type: ignore[misc]
        self.set_header("Referrer-Policy", "no-referrer")  # type: ignore[attr-defined]

    def write_error(self, status_code: int, **kwargs) -> None:
        """An error as a short page in words, with no path or trace of this computer in it
        (Jupyter's own error page needs files this server does not serve, and logged a 40-line
        traceback for every refused request); the API's errors stay Jupyter's JSON."""
        if isinstance(self, APIHandler):
            super().write_error(status_code, **kwargs)  # type: ignore[misc]
            return
        words = ERROR_WORDS.get(status_code, "Something went wrong on the teacher's computer: ask your teacher.")
        self.set_header("Content-Type", "text/html; charset=UTF-8")  # type: ignore[attr-defined]
        self.finish(ERROR_PAGE.format(status=status_code, words=escape(words)))  # type: ignore[attr-defined]

    def check_host(self) -> bool:
        allowed = host_allowed(self.request.host, self.settings.get("euchre_hosts", ()))
        if not allowed:
            self.log.warning("Refused a request for host %r: give --allow-host %s to serve it",
                             self.request.host, self.request.host.split(":")[0])
        return allowed


class PupilPage(_HostChecked, TornadoVoilaHandler):
    """The app's page: "the class is full" once ``max_pupils`` pages hold kernels. A page's seat
    is taken before its kernel starts (``Seats``), so a burst of pages cannot all pass the check
    before any of their kernels is counted."""

    @tornado.web.authenticated
    async def get(self, path=None):
        cap = self.settings.get("euchre_max_pupils", 0)
        seats = self.settings.get("euchre_seats")
        if cap and seats is not None and not seats.take(pages_open(self.kernel_manager), cap):
            self.set_status(503)
            self.set_header("Retry-After", "60")
            self.finish(FULL_PAGE.format(n=escape(str(cap))))
            return
        taken = cap and seats is not None
        try:
            async for html in self.get_generator(path=path):
                if taken:  # the page's kernel is started (or taken from the pool): counted as a page now
                    seats.give_back()
                    taken = False
                self.write(OUTSIDE.sub("", html))
                self.flush()
        finally:
            if taken:
                seats.give_back()


class Seats:
    """The pages whose kernels are being started: taken before the start, given back once the
    kernel runs (it is then counted among the pages open) or the page fails. The check and the
    taking happen with no ``await`` between them, so on the server's one event loop no other page
    comes between."""

    def __init__(self):
        self.starting = 0

    def take(self, pages: int, cap: int) -> bool:
        if pages + self.starting >= cap:
            return False
        self.starting += 1
        return True

    def give_back(self) -> None:
        self.starting -= 1


def pages_open(kernels) -> int:
    """The pages holding a kernel: the kernels running less those waiting in the pool (a kernel
    the pool is still starting counted as the pool's)."""
    waiting = [task for pool in getattr(kernels, "_pools", {}).values() for task in pool]
    ready = {t.result()["kernel_id"] for t in waiting if _ready(t)}
    starting = sum(not t.done() for t in waiting)
    return max(len(set(kernels.list_kernel_ids()) - ready) - starting, 0)


def _ready(task) -> bool:
    return task.done() and not task.cancelled() and task.exception() is None


class ClassPool:
    """Voila's pool of kernels kept ready (``--pool``), for a class (see the module): a page takes a
    kernel only when one is ready, and the pool refills no further than the room left."""

    max_pupils = 0  # 0: no cap
    wanted = 0  # the pool's size asked for
    _pools: dict  # Voila's pool manager's, which this is mixed into
    kernel_pools_config: dict

    def get_pool_size(self, notebook_name: str) -> int:
        return sum(_ready(t) for t in self._pools.get(notebook_name, ()))

    async def get_rendered_notebook(self, notebook_name: str, *args, **kwargs):
        self._pools.get(notebook_name, []).sort(key=lambda t: not _ready(t))  # a ready one is taken first
        return await super().get_rendered_notebook(notebook_name, *args, **kwargs)  # type: ignore[misc]

    def fill_if_needed(self, *args, **kwargs) -> None:
        if self.max_pupils:
            size = max(min(self.wanted, self.max_pupils - pages_open(self)), 0)
            config = dict(self.kernel_pools_config)
            config["default"] = {**config.get("default", {}), "pool_size": size}
            self.kernel_pools_config = config
        super().fill_if_needed(*args, **kwargs)  # type: ignore[misc]


class AskTheTeacher(_HostChecked, JupyterHandler):
    """Where a page opened without its token is sent: a plain sentence for a pupil, where Jupyter
    showed its own login form (which asks for a token or password a pupil never has)."""

    @allow_unauthenticated
    def get(self):
        self.set_status(403)
        self.finish(ASK_PAGE)

    @allow_unauthenticated
    def post(self):
        self.get()


class PageLeft(_HostChecked, JupyterHandler):
    """``/logout``: the page is left; Jupyter's own answered 500 here (its template needs files
    this server does not serve)."""

    @allow_unauthenticated
    def get(self):
        self.identity_provider.clear_login_cookie(self)
        self.finish(LEFT_PAGE)


class PageClosed(_HostChecked, VoilaShutdownKernelHandler):
    """A closing page's request to shut its kernel down, taken without Voila's form token."""

    def check_xsrf_cookie(self):
        return None


class PupilChannels(_HostChecked, VoilaKernelWebsocketHandler):
    """A page's websocket to its kernel, each message sent as soon as written, and a message
    for a page that has just gone dropped without a word (see the module)."""

    async def open(self, kernel_id):
        self.set_nodelay(True)
        await super().open(kernel_id)

    def write_message(self, message, binary=False):
        try:
            sent = super().write_message(message, binary)
        except WebSocketClosedError:
            return None
        if sent is not None:
            sent.add_done_callback(self._sent)
        return sent

    def _sent(self, sent) -> None:
        error = None if sent.cancelled() else sent.exception()  # read, so asyncio does not log it
        if error is not None and not isinstance(error, (WebSocketClosedError, StreamClosedError)):
            self.log.error("A message to a page failed", exc_info=error)


class ClassroomKernels(AsyncMappingKernelManager):
    """Jupyter's kernels, with a kernel still starting passed over by the cull, and the kernel of a
    page gone shut down at the cull after ``page_gone_after`` seconds (see the module)."""

    page_gone_after = Float(20.0, help="seconds a kernel whose page had linked may go without a link").tag(config=True)

    # A kernel's ``unlinked_since`` (set on the kernel, so it goes with it): when its page's last
    # link closed, None while a page is linked; never set for a kernel whose page never linked.

    def notify_connect(self, kernel_id):
        super().notify_connect(kernel_id)
        if kernel_id in self._kernels:
            self._kernels[kernel_id].unlinked_since = None

    def notify_disconnect(self, kernel_id):
        super().notify_disconnect(kernel_id)
        if kernel_id in self._kernels and not self._kernel_connections.get(kernel_id, 0):
            self._kernels[kernel_id].unlinked_since = time.monotonic()

    def start_watching_activity(self, kernel_id):
        """Watch a kernel's messages to its pages for its last activity and its state, as Jupyter
        does, reading only each message's header (and a status's content). Jupyter's own watch
        checks every message's signature and parses its dates: the larger part of what a click
        cost the class's server (bench/class_protocol.py). The messages come from the kernel over
        this computer's own socket, and the pages' websockets pass them on unread as well."""
        kernel = self._kernels[kernel_id]
        kernel.reason = ""
        kernel.last_activity = datetime.now(UTC)
        kernel._activity_stream = kernel.connect_iopub()
        session = kernel.session

        def record(msg_list):
            _idents, parts = session.feed_identities(msg_list)  # signature, header, parent, metadata, content
            kind, asked = session.unpack(parts[1]).get("msg_type"), session.unpack(parts[2]).get("msg_type")
            if self.track_message_type(kind) or self.track_message_type(asked) or kernel.execution_state == "busy":
                self.last_kernel_activity = kernel.last_activity = datetime.now(UTC)
            if kind == "status":
                state = session.unpack(parts[4]).get("execution_state")
                if self.track_message_type(asked):
                    kernel.execution_state = state
                elif kernel.execution_state == "starting" and state != "starting":
                    kernel.execution_state = "idle"  # Jupyter's rule: past starting, idle unless told

        kernel._activity_stream.on_recv(record)

    async def cull_kernel_if_idle(self, kernel_id):
        kernel = self._kernels.get(kernel_id)
        if kernel is None or not kernel.trait_has_value("last_activity"):
            return None  # gone already, or still starting: not idle
        since = getattr(kernel, "unlinked_since", None)
        if since is not None and time.monotonic() - since > self.page_gone_after:
            self.log.info("Shutting down kernel %s: its page has had no link for %.0f s", kernel_id,
                          time.monotonic() - since)
            return await self.shutdown_kernel(kernel_id)
        return await super().cull_kernel_if_idle(kernel_id)


_REPLACE = {TornadoVoilaHandler: PupilPage, VoilaShutdownKernelHandler: PageClosed,
            VoilaKernelWebsocketHandler: PupilChannels}


class ClassroomVoila(Voila):
    """Voila with the hosts checked and the pupils capped (see the module)."""

    allowed_hosts = List(Unicode(), help="host names served besides this computer's own").tag(config=True)
    max_pupils = Int(0, help="pages served at once (0: no cap)").tag(config=True)

    def init_handlers(self) -> list:
        handlers = []
        for pattern, handler, *rest in super().init_handlers():
            if issubclass(handler, LoginFormHandler):
                handler, rest = AskTheTeacher, []
            elif issubclass(handler, LogoutHandler):
                handler, rest = PageLeft, []
            handler = _REPLACE.get(handler) or (handler if issubclass(handler, _HostChecked) else
                                                type(handler.__name__, (_HostChecked, handler), {}))
            handlers.append((pattern, handler, *rest))
        if self.voila_configuration.preheat_kernel:  # Voila builds its pool's class at start: the class's rules go first
            kernels = self.kernel_manager
            kernels.__class__ = type("ClassroomPool", (ClassPool, type(kernels)), {})
            kernels.max_pupils, kernels.wanted = self.max_pupils, self.voila_configuration.default_pool_size
        self.app.settings.update(euchre_hosts=frozenset(own_names() | {h.lower() for h in self.allowed_hosts}),
                                 euchre_max_pupils=self.max_pupils, euchre_seats=Seats())  # start() made self.app
        return handlers


def main(argv=None) -> None:
    ClassroomVoila.launch_instance(argv)


if __name__ == "__main__":
    main(sys.argv[1:])

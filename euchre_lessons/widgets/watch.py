"""``Connection``: a page's watch on its kernel, which says in words when the link is lost.

The page sends a ping every ``PING_MS``; the kernel answers each. When no answer has come for
``LOST_MS`` (the kernel stopped, or the network dropped), the page shows ``lost`` (the
teaching layer's words, ``panels.lost_html``) in an alert with a **Resume** button that
reloads the page; when answers come again the alert goes. ``page`` is the page's own id, kept
by the browser for the tab across reloads, so the reloaded page finds the game it kept
(``teaching.keeping``).
"""
from __future__ import annotations

import anywidget
import traitlets

from ..teaching import panels

PING_MS, LOST_MS = 3000, 10000

_ESM = """
function pageId() {
  const key = "euchre-lessons-page";
  let id = null;
  try { id = sessionStorage.getItem(key); } catch (e) {}
  if (!id) {
    id = (crypto.randomUUID ? crypto.randomUUID() : Math.random().toString(16).slice(2) + Date.now().toString(16));
    try { sessionStorage.setItem(key, id); } catch (e) {}
  }
  return id;
}
export default {
  render({ model, el }) {
    model.set("page", pageId());
    model.save_changes();
    const alert = document.createElement("div");
    alert.setAttribute("role", "alert");
    alert.className = "euchre-lost";
    alert.hidden = true;
    alert.style.cssText = "border:3px solid #b71c1c;padding:0.6em 0.8em;margin:0.4em 0;font-size:1.1em";
    const words = document.createElement("p");
    const resume = document.createElement("button");
    resume.textContent = "Resume";
    resume.className = "jupyter-button";
    resume.style.cssText = "min-height:2.2em;font-size:1em";
    resume.addEventListener("click", () => window.location.reload());
    alert.append(words, resume);
    el.append(alert);
    let last = Date.now();
    model.on("msg:custom", (msg) => {
      if (msg && msg.pong !== undefined) {
        last = Date.now();
        alert.hidden = true;
      }
    });
    const timer = setInterval(() => {
      try { model.send({ ping: Date.now() }); } catch (e) {}
      if (Date.now() - last > model.get("lost_ms") && alert.hidden) {
        words.textContent = model.get("lost");
        alert.hidden = false;
      }
    }, model.get("ping_ms"));
    return () => clearInterval(timer);
  },
};
"""


class Connection(anywidget.AnyWidget):
    """The page's watch on its kernel (see the module)."""

    _esm = _ESM
    page = traitlets.Unicode("").tag(sync=True)
    lost = traitlets.Unicode(panels.lost_text()).tag(sync=True)
    ping_ms = traitlets.Int(PING_MS).tag(sync=True)
    lost_ms = traitlets.Int(LOST_MS).tag(sync=True)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.on_msg(self._answer)

    def _answer(self, _, content, buffers) -> None:
        if isinstance(content, dict) and "ping" in content:
            self.send({"pong": content["ping"]})

"""The accessibility defects of ipywidgets that the kit cannot fix from Python, allowed in the
axe-core scans of the app pages (``test_accessibility.py``; documented in docs/accessibility.md).

Each is an axe rule id, a CSS selector of the ipywidgets element it concerns, and why the kit
cannot fix it. An exception never covers an element of the kit's own (a class ``el-*``, or a
Button widget, which the kit always names in words). None of the app pages needs one today:
the kit avoids these widgets (named buttons instead of ``Play``, dropdowns and number boxes
instead of sliders, no ``Tab``); they are allowed so that a page using them fails only on what
it can fix.
"""
from __future__ import annotations

from typing import NamedTuple


class Defect(NamedTuple):
    rule: str
    selector: str
    why: str


KNOWN = (
    Defect("button-name", ".widget-play button",
           "ipywidgets 8.1.9's Play draws its play, pause and stop buttons as icons with no name, "
           "and takes no label for them"),
    Defect("aria-slider-name", ".widget-slider .noUi-handle",
           "an IntSlider's handle has no accessible name, even with a description: the label is "
           "not tied to the handle"),
    Defect("color-contrast", ".widget-tab .lm-TabBar-tab:not(.lm-mod-current)",
           "an inactive Tab label is drawn at 4.45:1, just under 4.5:1, by ipywidgets' own style sheet"),
)

"""``StyleSheet``: a picture redrawn on every click sent without its inline styles.

The kit's HTML carries its look in ``style`` attributes, so that a saved notebook, a static copy
or a handout shows it with no stylesheet. A page that redraws the table on every click would
send those styles again each time (about two thirds of the play table's 10-14 KB), for every
pupil of a class at once. ``StyleSheet.compact(html)`` moves each style into a class named by
the style itself and keeps the classes' rules in one ``<style>`` (``box``, an HTML widget shown
with the picture). The sheet is prepared with the page from a few lines of play ahead
(``learn``, ``teaching.panels.pictures_ahead``) and sent again only when a style not seen before
appears, which a hand seldom brings. The rules are ``!important`` so that, like the inline styles
they replace, they win over the notebook's own table styles. ``bench/class_protocol.py`` prints
what a click sends (9 KB at the median where it was 14 KB); ``tests/test_style_sheet.py`` holds
the compacted picture to the inline one, tag by tag.
"""
from __future__ import annotations

import re
from hashlib import blake2s

import ipywidgets as w

_TAG = re.compile(r"<([a-zA-Z][a-zA-Z0-9]*)(\s[^<>]*)?>")
_STYLE = re.compile(r'\sstyle="([^"]*)"')
_CLASS = re.compile(r'\sclass="([^"]*)"')


def class_of(style: str) -> str:
    """The class name of an inline style: the same style, the same name, on any page."""
    return "el-k" + blake2s(style.encode(), digest_size=4).hexdigest()


def rule(style: str) -> str:
    """The stylesheet rule that gives ``class_of(style)`` the style, each declaration ``!important``."""
    decls = [d.strip() for d in style.split(";") if d.strip()]
    return f".{class_of(style)}{{{';'.join(d + ' !important' for d in decls)}}}"


class StyleSheet:
    """The styles of the pictures it compacted, as one ``<style>`` in ``box``."""

    def __init__(self):
        self.box = w.HTML()
        self.styles: dict[str, None] = {}  # every style seen, in the order seen
        self.tags: dict[str, str] = {}  # a tag as drawn: the same tag compacted (a table's tags recur click after click)

    def learn(self, pictures) -> None:
        """Take the styles of ``pictures`` (HTML strings) into the sheet at once, before any
        is shown: a page prepares the rules of the pictures to come and sends them with itself."""
        for html in pictures:
            for attrs in _TAG.finditer(html):
                style = _STYLE.search(attrs.group(2) or "")
                if style is not None:
                    self.styles.setdefault(style.group(1), None)
        self._draw()

    def compact(self, html: str) -> str:
        """``html`` with each tag's ``style`` made a class of this sheet (the sheet redrawn first
        when a style is new, so the page never shows a picture before its rules)."""
        before = len(self.styles)
        if len(self.tags) > 10_000:  # a long-lived page: kept bounded
            self.tags.clear()
        out = _TAG.sub(self._tag, html)
        if len(self.styles) != before:
            self._draw()
        return out

    def _draw(self) -> None:
        self.box.value = "<style>" + "".join(rule(s) for s in self.styles) + "</style>"

    def _tag(self, match: re.Match) -> str:
        tag = match.group(0)
        done = self.tags.get(tag)
        if done is None:
            done = self.tags[tag] = self._compacted(match)
        return done

    def _compacted(self, match: re.Match) -> str:
        attrs = match.group(2) or ""
        style = _STYLE.search(attrs)
        if style is None:
            return match.group(0)
        self.styles.setdefault(style.group(1), None)
        name = class_of(style.group(1))
        attrs = attrs[:style.start()] + attrs[style.end():]
        if _CLASS.search(attrs):
            attrs = _CLASS.sub(lambda m: f' class="{m.group(1)} {name}"', attrs, count=1)
        else:
            attrs += f' class="{name}"'
        return f"<{match.group(1)}{attrs}>"

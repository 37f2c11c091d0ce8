"""The play table's picture sent with its styles as classes of one sheet (``widgets.sheet``):
the same look as the inline styles, a fraction of the bytes, the sheet seldom sent again."""
import re

import pytest

from euchre_lessons.teaching import panels
from euchre_lessons.widgets import PlayTable
from euchre_lessons.widgets.sheet import StyleSheet, class_of

TAG = re.compile(r"<([a-zA-Z][a-zA-Z0-9]*)(\s[^<>]*)?>")
RULE = re.compile(r"\.(el-k[0-9a-f]{8})\{([^}]*)\}")


def looks(html: str, sheet: StyleSheet | None = None) -> list:
    """Each tag of ``html`` with its declarations, whether inline or by the sheet's classes."""
    rules = {}
    if sheet is not None:
        for name, body in RULE.findall(sheet.box.value):
            rules[name] = [d.removesuffix(" !important") for d in body.split(";")]
    out = []
    for tag in TAG.finditer(html):
        attrs = tag.group(2) or ""
        style = re.search(r'\sstyle="([^"]*)"', attrs)
        decls = [d.strip() for d in style.group(1).split(";") if d.strip()] if style else []
        classes = re.search(r'\sclass="([^"]*)"', attrs)
        names = classes.group(1).split() if classes else []
        for n in names:
            decls += rules.get(n, [])
        plain = [n for n in names if n not in rules]
        out.append((tag.group(1), sorted(decls), plain))
    return out


@pytest.mark.parametrize("preset", ["standard", "modern_railroad", "hoyle_seven_handed"])
def test_the_compacted_table_has_the_inline_tables_look_tag_by_tag(preset):
    table = PlayTable(preset, seat=1, seed=4)
    while not table.model.is_over:
        inline = panels.play_html(table.model, table.look)
        sent = table.view.value
        assert ' style="' not in sent
        assert looks(sent, table.sheet) == looks(inline)
        assert len(sent) < 0.6 * len(inline)
        table.act(table.model.legal_actions()[-1])


def test_a_class_is_named_by_its_style_and_a_tags_own_classes_stay():
    sheet = StyleSheet()
    out = sheet.compact('<span class="el-card" data-card="KS" style="color:#212121;border:1px solid #9e9e9e">K</span>'
                        '<b>x</b><i style="color:#757575">none</i>')
    assert out == (f'<span class="el-card {class_of("color:#212121;border:1px solid #9e9e9e")}" data-card="KS">K</span>'
                   f'<b>x</b><i class="{class_of("color:#757575")}">none</i>')
    assert sheet.box.value.count("!important") == 3


def test_the_sheet_is_prepared_with_the_page_and_seldom_sent_again():
    resent = 0
    for seed in range(8):
        table = PlayTable("standard", seat=seed % 4, seed=seed)
        first = table.sheet.box.value
        while not table.model.is_over:
            table.act(table.model.legal_actions()[0])
        resent += table.sheet.box.value != first
    assert resent <= 3

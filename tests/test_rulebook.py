"""The rule book, docs/rules.md: every label the kit cites is an anchor of it, the knob reference
docs/knobs.md is what the code generates, and each preset is described (rule book F, J, K)."""
from __future__ import annotations

import collections
import json
import re
from pathlib import Path

import pytest

from euchre_lessons import rulebook, rules
from euchre_lessons.knobs import KNOBS

ROOT = Path(__file__).resolve().parents[1]
RULES_MD = ROOT / "docs" / "rules.md"
SEVEN = ["hoyle_ordinary", "standard", "hoyle_railroad", "hoyle_railroad_full", "modern_railroad",
         "modern_railroad_6p", "hoyle_seven_handed"]
BOOKKEEPING = {"provisional", "title", "description"}


@pytest.fixture(scope="module")
def book() -> str:
    return RULES_MD.read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def sections() -> set[str]:
    return rulebook.sections()


def _run(prefix: str, first: int, last: int) -> set[str]:
    return {f"{prefix}{n}" for n in range(first, last + 1)}


# ---- the book itself ----------------------------------------------------------------------

def test_the_book_keeps_every_label_of_the_rule_families(sections):
    expected = ({"A", "B", "B-O", "C", "D", "E", "F", "G", "H", "J", "K", "sources", "citing"}
                | _run("A", 1, 9) | {"A-1"} | _run("B", 1, 6) | _run("B4.", 1, 5) | _run("B-", 1, 13)
                | _run("B-O", 1, 5) | _run("D", 1, 14) | _run("D-", 1, 26) | _run("H", 1, 30)
                | _run("J", 0, 5) | _run("K", 1, 31) | set(rulebook.SOURCES))
    assert not expected - sections, f"missing anchors: {sorted(expected - sections)}"


def test_anchors_are_unique():
    counts = collections.Counter(rulebook.anchors())
    assert not [a for a, n in counts.items() if n > 1], counts.most_common(3)


def test_links_inside_the_book_resolve(book, sections):
    targets = set(re.findall(r"\]\(#([^)]+)\)", book))
    assert targets and not targets - sections, sorted(targets - sections)


def test_the_book_names_its_sources_not_the_workplace(book):
    assert "RULES.md" not in book
    assert not re.search(r"\bseeds?\b|\bS00\d\b|/work/", book, re.I)


def test_every_knob_is_described_in_the_book(book):
    missing = [k.name for k in KNOBS if k.name not in BOOKKEEPING and f"`{k.name}" not in book]
    assert not missing, f"knobs the rule book never names: {missing}"


@pytest.mark.parametrize("preset", SEVEN)
def test_each_preset_is_described(book, preset):
    heading = re.search(rf"^#+ .*`{preset}`.*\n+(.+)", book, re.M)
    row = re.search(rf"^\| `{preset}` \|", book, re.M)
    assert heading or row, f"{preset} has neither a heading nor a table row in docs/rules.md"
    assert heading and len(heading.group(1)) > 40, f"{preset}: its heading is not followed by a description"


def test_the_presets_are_the_seven_described():
    assert sorted(rules.names()) == sorted(SEVEN)


# ---- (a) the knobs' sources ---------------------------------------------------------------

@pytest.mark.parametrize("knob", KNOBS, ids=lambda k: k.name)
def test_knob_source_is_bare_labels_that_resolve(knob, sections):
    if knob.name in {"title", "description"}:
        assert knob.source == "-"
        return
    assert rulebook.LABELS.fullmatch(knob.source), f"{knob.name}: source {knob.source!r} is not a list of labels"
    cited = rulebook.labels(knob.source)
    assert cited and not set(cited) - sections, f"{knob.name}: {knob.source!r} cites {set(cited) - sections}"


# ---- (b) citations in code, data, notebooks and the README --------------------------------

def _texts():
    paths = [*sorted((ROOT / "euchre_lessons").rglob("*.py")), *sorted((ROOT / "data").rglob("*.toml")),
             *sorted((ROOT / "notebooks").glob("*.ipynb")), ROOT / "README.md"]
    for path in paths:
        text = path.read_text(encoding="utf-8")
        if path.suffix == ".ipynb":
            cells = json.loads(text)["cells"]
            text = "\n".join("".join(c["source"]) if isinstance(c["source"], list) else c["source"] for c in cells)
        yield path.relative_to(ROOT), text


def test_every_citation_resolves(sections):
    wrong = [f"{path}: {c.text!r} names {sorted(set(c.labels) - sections)}"
             for path, text in _texts() for c in rulebook.citations(text) if set(c.labels) - sections]
    assert not wrong, "\n".join(wrong)


def test_citations_say_rule_book_not_the_private_spec():
    left = sorted({str(path) for path, text in _texts() if "RULES.md" in text})
    assert not left, "still citing RULES.md (write 'rule book K18'):\n" + "\n".join(left)


def test_the_kit_does_cite_the_book():
    found = [c for _, text in _texts() for c in rulebook.citations(text) if c.text.lower().startswith("rule book")]
    assert len(found) >= 10


# ---- (c) the generated knob reference -----------------------------------------------------

def test_knobs_md_is_the_generated_reference():
    assert rulebook.KNOBS_MD.read_text(encoding="utf-8") == rulebook.knob_reference(), \
        "docs/knobs.md is out of date: run python -m euchre_lessons.rulebook --write"


def test_knob_reference_covers_every_knob_and_links_resolve(sections):
    text = rulebook.knob_reference()
    for knob in KNOBS:
        assert f"## `{knob.name}`" in text
        assert knob.meaning[1:] in text
    links = set(re.findall(r"\(rules\.md#([^)]+)\)", text))
    assert links and not links - sections
    assert "[K18](rules.md#K18)" in text.split("## `pat_hand_rule`")[1].split("## ")[0]


def test_knob_reference_marks_the_provisional_values():
    text = rulebook.knob_reference()
    part = lambda name: text.split(f"## `{name}`")[1].split("\n## ")[0]  # noqa: E731
    assert "* `hoyle_seven_handed`: `[3, 4]` *provisional*" in part("deal_packets")
    assert "* `modern_railroad`: `[2, 3, 2]`\n" in part("deal_packets")
    assert "*provisional*" not in part("game_target")
    assert "* `standard`: `10`" in part("game_target")


def test_check_fails_on_a_stale_file(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(rulebook, "KNOBS_MD", tmp_path / "knobs.md")
    (tmp_path / "knobs.md").write_text("stale\n", encoding="utf-8")
    assert rulebook.main(["--check"]) == 1
    assert "out of date" in capsys.readouterr().err
    assert rulebook.main(["--write"]) == 0
    assert rulebook.main(["--check"]) == 0


# ---- (d) the section column of RuleSet.table() --------------------------------------------

@pytest.mark.parametrize("preset", SEVEN)
def test_table_has_a_section_column_that_resolves(preset, sections):
    table = rules.load(preset).table()
    assert "section" in table.columns
    for knob, source, section in zip(table["knob"], table["source"], table["section"]):
        (cite,) = rulebook.citations(section)
        assert cite.text == section, f"{knob}: {section!r} is not one citation"
        assert cite.labels == rulebook.labels(source) and not set(cite.labels) - sections


# ---- the helpers --------------------------------------------------------------------------

def test_citations_and_links():
    text = "see rule book K26-K28 and (rule book K2, LD 88); also Rule book B-O1 to B-O3, D-16."
    assert [c.labels for c in rulebook.citations(text)] == [
        ("K26", "K27", "K28"), ("K2", "LD"), ("B-O1", "B-O2", "B-O3", "D-16")]
    assert rulebook.citations("the rule book is long") == []
    assert rulebook.citations("rule book D2, D10, D-16")[0].labels == ("D2", "D10", "D-16")
    assert rulebook.section_link("K18") == "docs/rules.md#K18"


def test_a_missing_rule_book_names_its_path(tmp_path):
    with pytest.raises(FileNotFoundError, match="nowhere.md"):
        rulebook.sections(tmp_path / "nowhere.md")

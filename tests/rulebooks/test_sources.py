"""Every rule a rulebook states is tied to the source line it rests on, or to a decision the
book's Interpretations box flags (templates/rulebooks/<book>/sources.yaml)."""

from __future__ import annotations

from pathlib import Path

import pytest

from sheetgen.errors import SheetgenError
from sheetgen.rulebooks.content import GAMES, Book
from sheetgen.rulebooks.sources import (
    check_table,
    interpretation_ids,
    load_table,
    sections,
    table_path,
)

SHARED = Path(__file__).resolve().parents[3] / "shared"
PENDING: set[str] = set()
"""Books whose table is still being written (none since issue 18's Black Dice table)."""


def _html(loaded: Book) -> str:
    return loaded.body_html + loaded.quickref_html


@pytest.mark.skipif(not (SHARED / "seeds").is_dir(),
                    reason="the seed texts are not beside this checkout")
@pytest.mark.parametrize("book", GAMES)
def test_every_rule_is_tied_to_its_source(book, loaded_book):
    if not table_path(book).is_file():
        assert book in PENDING, f"{book} has no {table_path(book)}"
        pytest.skip(f"{book}: source table not written yet")
    problems = check_table(load_table(book), _html(loaded_book(book)), SHARED)
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("book", GAMES)
def test_tables_match_the_book_without_the_sources(book, loaded_book):
    """The book side of every tie holds even where ../shared is absent."""
    if not table_path(book).is_file():
        pytest.skip(f"{book}: source table not written yet")
    assert not check_table(load_table(book), _html(loaded_book(book)), None)


def test_pending_books_are_really_pending():
    """A book that gained a table leaves PENDING, so it can never silently lose it again."""
    for book in GAMES:
        assert not (book in PENDING and table_path(book).is_file()), book


HTML = """<h1>Setting up</h1><p>Roll <strong>all 60</strong> sailor dice.</p>
<h2>Tips</h2><p>Grab fast.</p>
<h1>Interpretations</h1><div class="box interpretations"><h3>How</h3><ul>
<li><strong>Team grabbing.</strong> Everyone grabs.</li></ul></div>"""


def _table(tmp_path, text):
    path = tmp_path / "sources.yaml"
    path.write_text(text)
    return load_table("x", path)


def test_a_good_table_passes_and_every_fault_is_caught(tmp_path):
    assert interpretation_ids(HTML) == ["team-grabbing"]
    assert [s.heading for s in sections(HTML)] == ["setting up", "tips", "interpretations",
                                                   "how"]
    seeds = tmp_path / "seeds"
    seeds.mkdir()
    (seeds / "g.txt").write_text("Intro\nRoll all 60 12mm sailor dice onto the table.\n")
    good = ('rules:\n'
            '  - {rule: 1, book: "Roll all 60 sailor", at: "seeds/g.txt:2", quote: "all 60"}\n'
            '  - {rule: 2, book: "everyone grabs", decision: team-grabbing}\n'
            'untied: {Tips: strategy, Interpretations: heading only}\n')
    assert check_table(_table(tmp_path, good), HTML, tmp_path) == []
    faults = {
        "the book does not say": good.replace("Roll all 60 sailor", "Roll all 61 sailor"),
        "does not say 'all 61'": good.replace('quote: "all 60"', 'quote: "all 61"'),
        "no such source lines": good.replace("g.txt:2", "g.txt:3"),
        "no Interpretations item 'team-grab'": good.replace("team-grabbing}", "team-grab}"),
        "'team-grabbing' is tied to no rule": good.replace("decision: team-grabbing",
                                                           'at: "seeds/g.txt:1", quote: intro'),
        "section 'tips' has no tied statement": good.replace("Tips: strategy, ", ""),
        "'Nope' is not a heading": good.replace("Tips:", "Nope: x, Tips:"),
    }
    for expected, text in faults.items():
        problems = check_table(_table(tmp_path, text), HTML, tmp_path)
        assert any(expected in p for p in problems), (expected, problems)


@pytest.mark.parametrize("text, message", [
    ("rulez: []\n", "unknown key 'rulez'"),
    ("rules:\n  - {rule: 2, book: a, decision: b}\n", "rule 2 is tie number 1"),
    ("rules:\n  - {rule: 1, book: a}\n", "rests on nothing"),
    ("rules:\n  - {rule: 1, book: a, at: 'x.txt:1'}\n", "'at' and 'quote' go together"),
    ("rules:\n  - {rule: 1, book: a, at: 'x.txt', quote: q}\n", "bad source reference"),
    ("rules:\n  - {rule: 1, book: a, decison: b}\n", "did you mean 'decision'"),
])
def test_bad_tables_point_at_the_fault(tmp_path, text, message):
    with pytest.raises(SheetgenError) as err:
        _table(tmp_path, text)
    assert message in str(err.value) and "sources.yaml:" in str(err.value)

"""The rulebooks are written in the project's own words, and their metadata is checked."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from sheetgen.errors import SheetgenError
from sheetgen.rulebooks import content
from sheetgen.rulebooks.content import TEMPLATES_DIR, load_book

SEEDS = Path(__file__).resolve().parents[3] / "shared" / "seeds"
RUN = 8  # words


def _words(text: str) -> list[str]:
    text = re.sub(r"\{\{.*?\}\}|\{%.*?%\}|<[^>]+>|[*_#|`]", " ", text)
    return re.findall(r"[a-z0-9']+", text.lower().replace("\u2019", "'"))


def _runs(words: list[str]) -> set[tuple[str, ...]]:
    return {tuple(words[i:i + RUN]) for i in range(len(words) - RUN + 1)}


@pytest.mark.skipif(not SEEDS.is_dir(), reason="the seed texts are not beside this checkout")
def test_no_sentence_is_copied_from_the_seed_texts():
    """No run of 8 consecutive words in any rulebook source appears in a seed text."""
    seed_runs = set()
    for path in SEEDS.glob("*.txt"):
        seed_runs |= _runs(_words(path.read_text(encoding="utf-8")))
    assert seed_runs
    for path in sorted(TEMPLATES_DIR.rglob("*.md")):
        shared = _runs(_words(path.read_text(encoding="utf-8"))) & seed_runs
        assert not shared, f"{path.relative_to(TEMPLATES_DIR)}: {' '.join(sorted(shared)[0])}"


def test_interpretations_box_states_every_rule_decision():
    """Captain's Curse: the Interpretations box covers the spec's open points in words."""
    from sheetgen.rulebooks.diagrams import diagram_html
    from sheetgen.rulebooks.worked import example

    html = load_book("captains-curse", {"diagram": diagram_html, "example": example}).body_html
    box = html[html.index('class="box interpretations"'):]
    box = box[:box.index("</div>")]
    for phrase in ("Column order", "Forced choices", "Spent doubles", "One sinking",
                   "Wet ends", "Regions nest", "No line, no sinking", "Abandoned treasure",
                   "Unfinished columns", "Losing the centre", "scores 90"):
        assert phrase in box, phrase


def test_bad_metadata_is_reported_with_the_file(tmp_path, monkeypatch):
    book = tmp_path / "shipwrecked"
    book.mkdir()
    (book / "book.yaml").write_text("title: X\ntagline: y\nplayers: 2\nminutes: 5\n"
                                    "credits: []\nchapters: []\nquickref: q.md\nemblme: []\n")
    monkeypatch.setattr(content, "TEMPLATES_DIR", tmp_path)
    with pytest.raises(SheetgenError) as err:
        load_book("shipwrecked")
    assert "emblme" in str(err.value) and "emblem" in str(err.value)
    (book / "book.yaml").write_text("title: [unclosed\n")
    with pytest.raises(SheetgenError, match="book.yaml:"):
        load_book("shipwrecked")

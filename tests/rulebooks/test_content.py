"""The rulebooks are written in the project's own words, and their metadata is checked."""

from __future__ import annotations

import pytest
from helpers.wording import SEEDS, copied, runs, seed_runs, words

from sheetgen.errors import SheetgenError
from sheetgen.rulebooks import content
from sheetgen.rulebooks.content import TEMPLATES_DIR, load_book


@pytest.mark.skipif(not SEEDS.is_dir(), reason="the seed texts are not beside this checkout")
def test_no_sentence_is_copied_from_the_seed_texts():
    """No run of 8 consecutive words in any rulebook source appears in a seed text."""
    seed = seed_runs()
    assert seed
    for path in sorted(TEMPLATES_DIR.rglob("*.md")):
        shared = copied(path.read_text(encoding="utf-8"), seed)
        assert not shared, f"{path.relative_to(TEMPLATES_DIR)}: {shared[0]}"


def test_a_bare_angle_bracket_hides_nothing():
    """Voodoo Pirate's seed writes its tidal arrows `[<]`: read as the start of a tag it once
    swallowed 200 lines, and two cards' copied phrases went unseen."""
    text = "arrows [<] mark the tidal waters.</p> <p>Take <b>two</b> items"
    assert words(text) == ["arrows", "mark", "the", "tidal", "waters", "take", "two", "items"]
    seed = runs(words("a b c d e f g h i j"), 8)
    assert copied("x a b c d e f g h i y", seed) == ["a b c d e f g h i"]
    assert copied("a b c d e f g x h i", seed) == []


def test_interpretations_box_states_every_rule_decision(loaded_book):
    """Captain's Curse: the Interpretations box covers the spec's open points in words."""
    html = loaded_book("captains-curse").body_html
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

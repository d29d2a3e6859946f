"""SHEETGEN_LAYOUTS and SHEETGEN_TEMPLATES: users' folders searched before the bundled ones."""

from __future__ import annotations

import os
import shutil

from sheetgen.layout import bundled
from sheetgen.resources import bundled_dir, layout_dirs, template_dirs
from sheetgen.rulebooks import content


def test_bundled_folders_exist_and_are_searched_last(monkeypatch, tmp_path):
    monkeypatch.delenv("SHEETGEN_LAYOUTS", raising=False)
    assert (bundled_dir("layouts") / "swashbuckle" / "scorecard.yaml").is_file()
    assert (bundled_dir("templates") / "rulebooks" / "book.html.j2").is_file()
    monkeypatch.setenv("SHEETGEN_LAYOUTS", os.pathsep.join([str(tmp_path / "a"), "",
                                                           str(tmp_path / "b")]))
    monkeypatch.setenv("SHEETGEN_TEMPLATES", str(tmp_path / "t"))
    assert layout_dirs() == [tmp_path / "a", tmp_path / "b", bundled_dir("layouts")]
    assert template_dirs() == [tmp_path / "t", bundled_dir("templates")]


def test_user_layouts_are_listed_and_shadow_bundled_names(monkeypatch, tmp_path):
    first, second = tmp_path / "mine", tmp_path / "club"
    (first / "swashbuckle").mkdir(parents=True)
    (second / "club").mkdir(parents=True)
    (first / "swashbuckle" / "scorecard.yaml").write_text("description: my own card\n")
    (second / "club" / "tally_sheet.yaml").write_text("description: club tally\n")
    (second / "club" / "examples").mkdir()
    (second / "club" / "examples" / "filled.yaml").write_text("x: 1\n")
    monkeypatch.setenv("SHEETGEN_LAYOUTS", os.pathsep.join(map(str, [first, second])))
    found = bundled.bundled_layouts()
    assert found["swashbuckle/scorecard"] == first / "swashbuckle" / "scorecard.yaml"
    assert found["club/tally-sheet"] == second / "club" / "tally_sheet.yaml"
    assert "club/examples/filled" not in found
    assert "captains-curse/island-sheet" in found  # the bundled ones are still there
    assert list(found) == sorted(found)
    assert bundled.find_layout("club/tally_sheet") == second / "club" / "tally_sheet.yaml"


def test_user_templates_replace_one_book(monkeypatch, tmp_path):
    game = content.GAMES[0]
    mine = tmp_path / "rulebooks" / game
    shutil.copytree(content.TEMPLATES_DIR / game, mine)
    meta = (mine / "book.yaml").read_text()
    (mine / "book.yaml").write_text(meta.replace("title:", "title: My House Rules #", 1))
    monkeypatch.setenv("SHEETGEN_TEMPLATES", str(tmp_path))
    assert content.book_dir(game) == mine
    from sheetgen.rulebooks.render import diagram_html, example

    book = content.load_book(game, helpers={"diagram": diagram_html, "example": example})
    assert book.title.startswith("My House Rules")
    other = content.GAMES[1]
    assert content.book_dir(other) == content.TEMPLATES_DIR / other

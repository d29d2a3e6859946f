"""`sheetgen voodoo board new`: the same seed makes the same board file byte for byte; every
board keeps what the source fixes and places what sheetgen designs by its stated rules;
`sheetgen pad voodoo --board FILE` prints it, through the project's file access check."""

from __future__ import annotations

import pytest

from sheetgen.cli import main
from sheetgen.errors import SheetgenError
from sheetgen.games.voodoo.board import default_board, parse_board
from sheetgen.games.voodoo.generate import (
    HAUNTED_PER_ROW,
    MAP_VALUES,
    board_yaml,
    generate_board,
)

SEEDS = range(60)


@pytest.fixture(scope="module")
def boards():
    return [generate_board(seed) for seed in SEEDS]


def test_the_same_seed_makes_the_same_bytes_and_seeds_differ(boards):
    assert [generate_board(seed).text for seed in SEEDS[:10]] == [b.text for b in boards[:10]]
    assert len({b.text for b in boards}) == len(boards)
    assert len({frozenset(b.board.maps()) for b in boards}) > 20


def test_what_the_source_fixes_is_kept(boards):
    sea = default_board()
    for made in boards:
        b = made.board
        assert b.value_of == sea.value_of and b.shore == sea.shore
        assert b.harbour() == sea.harbour() and b.back_row() == sea.back_row()
        assert [s for s in b.spaces() if b.tidal(s)] == [s for s in sea.spaces() if sea.tidal(s)]
        assert (b.start_wind, b.sea_tiles, b.colonial_start) == ("Storm", 2, 1)
        assert b.harbour_order == sea.harbour_order and b.wind == sea.wind
        assert sorted(b.moonlight_barrels) == sorted(sea.moonlight_barrels)
        assert (b.moonlight_barrels[0], b.moonlight_barrels[-1]) == ("Tide", "Stars")
        assert (b.dusk_barrels[0], b.dusk_barrels[-1]) == ("KRKN", "Moon")


def test_what_sheetgen_designs_is_placed_by_its_rules(boards):
    for made in boards:
        b = made.board
        haunted = [s for s in b.spaces() if b.kind(s) == "haunted"]
        for row in range(b.rows):
            assert sum(1 for s in haunted if s[1] == row) == HAUNTED_PER_ROW
        for c, r in haunted:
            assert (c + 1, r) not in haunted and (c, r + 1) not in haunted
            assert not b.tidal((c, r))
        assert max(sum(1 for s in haunted if s[0] == col) for col in range(b.columns)) <= 2
        a, m = b.maps()
        assert all(b.value(s) in MAP_VALUES for s in (a, m))
        assert a[1] != m[1] and b.value(a) != b.value(m)
        assert max(abs(a[0] - m[0]), abs(a[1] - m[1])) >= 2


def test_the_writer_reproduces_the_bundled_board():
    """board_yaml is checked against the one board written by hand: written out from the
    Sea of Souls' own kinds and barrels, it loads back as the same board."""
    sea = default_board()
    text = board_yaml(sea, dict(sea.kind_of), sea.moonlight_barrels, sea.dusk_barrels,
                      sea.name, "test")
    assert parse_board(text) == sea


def test_a_seed_must_be_a_whole_number():
    with pytest.raises(SheetgenError, match="whole number"):
        generate_board(-1)


def test_board_new_writes_the_file_and_board_reads_it(runner, tmp_path):
    one, two = tmp_path / "a.yaml", tmp_path / "b.yaml"
    for out in (one, two):
        result = runner.invoke(main, ["voodoo", "board", "new", "--seed", "11", "--no-verify",
                                      "-o", str(out)])
        assert result.exit_code == 0, result.output
    assert one.read_bytes() == two.read_bytes() == generate_board(11).text.encode()
    result = runner.invoke(main, ["voodoo", "board", str(one)])
    assert result.exit_code == 0 and "Sea of Souls, seed 11" in result.output
    result = runner.invoke(main, ["voodoo", "board", "new", "--seed", "x", "-o", str(one)])
    assert result.exit_code == 2 and "Traceback" not in result.output


def test_board_new_keeps_only_a_board_that_passes_verify(runner, tmp_path, monkeypatch):
    """The verdicts are stubbed here (verify itself is tested on the bundled board): the
    first candidate fails, the second passes, and the second is written."""
    from sheetgen.games.voodoo import verify

    seen = []

    class Verdict:
        def __init__(self, ok):
            self.ok, self.checks = ok, ()

    def fake(text, plan, seed, jobs=1):
        seen.append(text)
        return Verdict(len(seen) == 2)

    monkeypatch.setattr(verify, "verify_board", fake)
    out = tmp_path / "b.yaml"
    result = runner.invoke(main, ["voodoo", "board", "new", "--seed", "4", "-o", str(out)])
    assert result.exit_code == 0, result.output
    first = generate_board(4)
    second = generate_board(4, first.attempt + 1)
    assert seen == [first.text, second.text] and out.read_text() == second.text
    seen.clear()
    monkeypatch.setattr(verify, "verify_board", lambda *a, **k: Verdict(False))
    result = runner.invoke(main, ["voodoo", "board", "new", "--seed", "4", "--tries", "3",
                                  "-o", str(tmp_path / "none.yaml")])
    assert result.exit_code == 1 and "no board of seed 4 passed verify in 3" in result.output
    assert not (tmp_path / "none.yaml").exists()


def _contents(pdf: bytes) -> list[bytes]:
    import io

    from pypdf import PdfReader

    return [page.get_contents().get_data() for page in PdfReader(io.BytesIO(pdf)).pages]


def test_pad_prints_the_board_file_it_is_given(tmp_path):
    """The board sheet is drawn from the file, and only the board sheet changes (on A2 the
    board is the print shop's file of its own, the pad's extra)."""
    from sheetgen.games.voodoo.board import BOARD_FILE
    from sheetgen.games.voodoo.pad import build_pad

    path = tmp_path / "board.yaml"
    path.write_text(generate_board(5).text)
    bundled = build_pad(paper="a2")
    printed = build_pad(paper="a2", board=str(path))
    ((_, old_board),), ((_, new_board),) = bundled.extras, printed.extras
    assert _contents(new_board) != _contents(old_board)
    assert _contents(printed.pdf) == _contents(bundled.pdf)  # the rest is the same
    assert build_pad(paper="a2", board=str(BOARD_FILE)) == bundled


def test_pad_with_a_bad_board_file_fails_cleanly_and_writes_nothing(runner, tmp_path):
    from helpers.hardening import clean_error

    path = tmp_path / "board.yaml"
    path.write_text(generate_board(5).text.replace("lunar_track: 6", "lunar_track: 99"))
    out = tmp_path / "pad.pdf"
    clean_error(runner.invoke(main, ["pad", "voodoo", "--board", str(path), "-o", str(out)]),
                f"{path}:", "lunar_track")
    assert not out.exists()


def test_a_layout_may_not_read_a_board_outside_its_folders(tmp_path):
    """A `board:` a layout names goes through sheetgen.access like every other file name."""
    from sheetgen.layout.document import RenderOptions, load_layout
    from sheetgen.render.compose import compose
    from sheetgen.render.recording import RecordingCanvas

    outside = tmp_path / "elsewhere"
    outside.mkdir()
    (outside / "board.yaml").write_text(generate_board(5).text)
    home = tmp_path / "layouts"
    home.mkdir()
    layout = home / "l.yaml"
    layout.write_text("version: 1\npage: {size: a4}\nelements:\n"
                      "  - {type: voodoo.sea, board: ../elsewhere/board.yaml}\n")
    with pytest.raises(SheetgenError, match="outside the folders") as err:
        compose(load_layout(layout, RenderOptions()), RecordingCanvas(), 1)
    assert err.value.position.line == 4
    (home / "board.yaml").write_text(generate_board(5).text)
    layout.write_text(layout.read_text().replace("../elsewhere/", ""))
    compose(load_layout(layout, RenderOptions()), RecordingCanvas(), 1)

"""`sheetgen pad voodoo` and the `sheetgen voodoo` group, through the real command line."""

from __future__ import annotations

from sheetgen.cli import main
from sheetgen.games.voodoo.board import BOARD_FILE


def test_pad_writes_the_whole_game(runner, tmp_path):
    out = tmp_path / "voodoo.pdf"
    result = runner.invoke(main, ["pad", "voodoo", "--paper", "letter", "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert "48 pages" in result.output and out.read_bytes().startswith(b"%PDF")


def test_board_check_prints_the_grid(runner):
    result = runner.invoke(main, ["voodoo", "board"])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[3].startswith("13~")
    assert "28 sea squares" in result.output


def test_bad_board_file_is_a_positioned_error(runner, tmp_path):
    bad = tmp_path / "board.yaml"
    bad.write_text(BOARD_FILE.read_text().replace("[13, 12,", "[14, 12,"))
    result = runner.invoke(main, ["voodoo", "board", str(bad)])
    assert result.exit_code == 2
    assert f"{bad}:" in result.output and "between 1 and 13" in result.output
    assert "Traceback" not in result.output


def test_reach_lists_the_ritual_ends(runner):
    result = runner.invoke(main, ["voodoo", "reach", "6,0", "--card", "#oodoo",
                                  "--wind", "Fair Wind", "--no-match"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert len(lines) == 5 and lines[0].split()[0] in ("4,0", "5,1", "6,2")
    assert "worth  6" in lines[0]


def test_reach_rejects_a_bad_space(runner):
    result = runner.invoke(main, ["voodoo", "reach", "6", "--card", "Tix"])
    assert result.exit_code == 2 and "column,row" in result.output


def test_reach_refuses_tix_and_stars_in_the_harbour_and_labels_a_stay(runner):
    for args in (["7,1", "--card", "Tix"], ["7,0", "--card", "Stars"],
                 ["9,0", "--card", "Stars"]):
        result = runner.invoke(main, ["voodoo", "reach", *args])
        assert result.exit_code == 0 and "harbour" in result.output, args
        assert "worth" not in result.output
    result = runner.invoke(main, ["voodoo", "reach", "3,1", "--card", "#oodoo",
                                  "--wind", "Becalmed"])
    assert result.output.split() == ["3,1", "worth", "8", "(stay)"]

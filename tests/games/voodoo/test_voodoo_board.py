"""The Sea of Souls board file: what the source states about the board holds, and bad board
files fail at the position of the fault."""

from __future__ import annotations

import pytest

from sheetgen.errors import SheetgenError
from sheetgen.games.voodoo.board import (
    BOARD_FILE,
    MAX_VALUE,
    default_board,
    parse_board,
    ritual_numbering,
)

GOOD = BOARD_FILE.read_text(encoding="utf-8")


def test_values_run_1_to_13_and_are_constant_along_diagonals():
    board = default_board()
    values = {board.value(s) for s in board.spaces()}
    assert values == set(range(1, MAX_VALUE + 1))
    for (c, r) in board.spaces():
        se = (c + 1, r + 1)
        if board.is_space(se):
            assert board.value(se) == board.value((c, r))
        west = (c - 1, r)
        if board.is_space(west):
            assert board.value(west) == board.value((c, r)) + 1


def test_the_8_diagonal_is_a_line_of_spaces():
    board = default_board()
    line = board.diagonal(8)
    assert len(line) >= 3
    assert all(board.value(s) == 8 for s in line)
    for a, b in zip(line, line[1:], strict=False):
        assert (b[0] - a[0], b[1] - a[1]) == (1, 1)  # one step south-east each


def test_counts_the_source_gives():
    board = default_board()
    assert len(board.sea()) == 28                        # l.178
    assert len(board.harbour()) == 6                     # l.510
    assert sorted(board.value(s) for s in board.back_row()) == [1, 2, 2]  # l.512
    assert len(board.maps()) == 2
    assert all(board.tidal(s) for s in board.spaces() if s[0] == 0)
    assert board.haunted((1, 0)) and not board.haunted((2, 0))
    assert board.stars_space() in board.harbour() and board.value(board.stars_space()) == 1


def test_harbour_order_covers_the_harbour_once():
    board = default_board()
    assert sorted(board.harbour_order) == sorted(board.harbour())
    values = [board.value(s) for s in board.harbour_order]
    assert values == sorted(values, reverse=True)  # best value first


def test_wind_order_matches_the_rulebook_example():
    # l.334: three quarters clockwise take the vane from Becalmed to Fair Wind.
    wind = default_board().wind
    assert wind[(wind.index("Becalmed") + 3) % 4] == "Fair Wind"


def test_ritual_numbering_runs_clockwise_from_the_south_east_corner():
    numbers = ritual_numbering(4)
    assert numbers[(3, 3)] == 1          # south-east corner
    assert numbers[(2, 3)] == 2          # then west along the south edge
    assert numbers[(0, 3)] == 4 and numbers[(0, 0)] == 7 and numbers[(3, 0)] == 10
    assert sorted(numbers.values()) == list(range(1, 17))
    assert ritual_numbering(3)[(1, 1)] == 9


def bad(old: str, new: str) -> SheetgenError:
    assert old in GOOD, old
    with pytest.raises(SheetgenError) as info:
        parse_board(GOOD.replace(old, new, 1), "bad.yaml")
    return info.value


def line_of(text: str, needle: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if needle in line)


def test_a_value_off_its_diagonal_points_at_the_value():
    err = bad("[11, 10,  9,  8,  7,  6,  5,", "[11, 10,  9,  8,  7,  6,  6,")
    assert err.position.line == line_of(GOOD, "[11, 10,  9,  8,  7,  6,  5,")
    assert "diagonal" in (err.hint or "") and "worth" in err.message


def test_value_out_of_range():
    err = bad("[13, 12,", "[14, 12,")
    assert "between 1 and 13" in err.message
    assert err.position.line == line_of(GOOD, "[13, 12,")


def test_harbour_must_connect_to_the_sea():
    # Cut the harbour off: the spaces next to it become land.
    text = GOOD.replace('"~ h . . h . . H H H"', '"~ h . . h . # H H H"').replace(
        '"~ . . h . M h H H H"', '"~ . . h . M # H H H"')
    text = text.replace("[10,  9,  8,  7,  6,  5,  4,", "[10,  9,  8,  7,  6,  5, null,")
    text = text.replace("[11, 10,  9,  8,  7,  6,  5,", "[11, 10,  9,  8,  7,  6, null,")
    with pytest.raises(SheetgenError) as info:
        parse_board(text, "bad.yaml")
    assert "28" in info.value.message or "harbour" in info.value.message


def test_sea_cut_in_two_is_unreachable():
    text = GOOD
    for old, new in (('"~ h . . h . . H H H"', '"~ h # . h . . H H H"'),
                     ('"~ . . h . M h H H H"', '"~ . # h . M h H H H"'),
                     ('"~ h . M . h . # # #"', '"~ h # M . h . # # #"'),
                     ('"~ . h . . . h # # #"', '"~ . # . . . h # # #"')):
        text = text.replace(old, new)
    for old, new in (("[10,  9,  8,", "[10,  9, null,"), ("[11, 10,  9,", "[11, 10, null,"),
                     ("[12, 11, 10,", "[12, 11, null,"), ("[13, 12, 11,", "[13, 12, null,")):
        text = text.replace(old, new)
    with pytest.raises(SheetgenError) as info:
        parse_board(text, "bad.yaml")
    assert "cannot be reached from the harbour" in info.value.message


def test_sea_square_count_is_checked():
    err = bad('"~ . h . . . h # # #"', '"~ . h . . . H # # #"')
    assert "28" in err.message or "harbour" in err.message


def test_unknown_letter_and_key():
    err = bad('"~ . h . . . h # # #"', '"~ . h . x . h # # #"')
    assert "unknown letter" in err.message
    err = bad("sea_tiles: 2", "sea_tile: 2")
    assert "sea_tile" in err.message and err.hint and "sea_tiles" in err.hint


def test_tidal_arrows_must_point_at_the_shore():
    err = bad("tide_arrow: W", "tide_arrow: E")
    assert "Shore" in err.message


def test_only_one_map_is_an_error():
    err = bad('"~ h . M . h . # # #"', '"~ h . . . h . # # #"')
    assert "map" in err.message


def test_harbour_order_must_name_harbour_spaces():
    err = bad("[[7, 1], [7, 0],", "[[6, 1], [7, 0],")
    assert "not a harbour space" in err.message
    assert err.position.line == line_of(GOOD, "harbour_order:")


def test_harbour_order_is_the_one_the_rulebook_spells_out():
    # The book: "the square worth 4, the 3 north of it, the 3 east of it, the 2 in the
    # south-east corner, the other 2, and the 1 last".
    board = default_board()
    first, north, east, corner, other, last = board.harbour_order
    assert board.value(first) == 4
    assert north == board.step(first, "N") and board.value(north) == 3
    assert east == board.step(first, "E") and board.value(east) == 3
    harbour = board.harbour()
    assert corner == (max(c for c, _ in harbour), max(r for _, r in harbour))
    assert board.value(corner) == board.value(other) == 2 and board.value(last) == 1


@pytest.mark.parametrize("old, new, message, where", [
    ("moonlight: [Tide, Sea, Wind, Stars]", "moonlight: [Tide, Sea, Moon, Stars]",
     "the eight of the rules", "moonlight:"),
    ("moonlight: [Tide, Sea, Wind, Stars]\n  dusk: [KRKN, Bones, Sand, Moon]",
     "moonlight: [Tide, Sea, Wind, Moon]\n  dusk: [KRKN, Bones, Sand, Stars]",
     "must hold Sea, Wind between Tide (west) and Stars (east)", "moonlight:"),
    ("moonlight: [Tide, Sea, Wind, Stars]", "moonlight: [Stars, Sea, Wind, Tide]",
     "between Tide (west) and Stars (east)", "moonlight:"),
    ("dusk: [KRKN, Bones, Sand, Moon]", "dusk: [Moon, Bones, Sand, KRKN]",
     "between KRKN (west) and Moon (east)", "dusk:"),
    ("stars_directions: [N, E, S]", "stars_directions: [N, E, N]", "N is listed twice",
     "stars_directions:"),
    ("stars_directions: [N, E, S]", "stars_directions: [N, E, SSW]", "unknown direction",
     "stars_directions:"),
    ("lunar_track: 6", "lunar_track: nine", "whole number", "lunar_track:"),
    ("start_tide: IN", "start_tide: UP", "IN or OUT", "start_tide:"),
    ("colonial_ships: {start: 1, min: 1, max: 6}", "colonial_ships: {start: 7, min: 1, max: 6}",
     "between 1 and 6", "colonial_ships:"),
    ("[13, 12, 11, 10,  9,  8,  7, null, null, null]",
     "[13, 12, 11, 10,  9,  8,  7, null, null]", "row 3 has 9 spaces", "[13, 12, 11"),
    ('"~ . h . . . h # # #"', '"~ . h . . . h # # 3"', "unknown letter", '"~ . h . . . h # # #"'),
])
def test_board_faults_are_located(old, new, message, where):
    """Each fault names what is wrong, at the line of the value that is wrong."""
    err = bad(old, new)
    assert message in err.message, err.message
    assert err.position is not None and err.position.line == line_of(GOOD, where)


def test_every_bad_board_file_is_a_clean_error_on_the_command_line(runner, tmp_path):
    from helpers.hardening import clean_error

    from sheetgen.cli import main

    path = tmp_path / "b.yaml"
    path.write_text(GOOD.replace("dusk: [KRKN, Bones, Sand, Moon]", "dusk: [KRKN, Moon]"))
    clean_error(runner.invoke(main, ["voodoo", "board", str(path)]), f"{path}:",
                "eight of the rules")
    path.write_text("format: voodoo-board/1\nvalues: [[1, 2], [3]\n")
    clean_error(runner.invoke(main, ["voodoo", "board", str(path)]), f"{path}:2:")

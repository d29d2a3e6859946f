"""Copies of one island or a pad of different ones (issue 32, point 4): `pad --help`,
`pad captains-curse --help` and the README's first screen say which command does which."""

from pathlib import Path

from click.testing import CliRunner

from sheetgen.cli import main

COPIES = "render captains-curse/island-sheet --set island=FILE --count 10"


def _help(*args: str) -> str:
    result = CliRunner().invoke(main, [*args, "--help"], terminal_width=400)
    assert result.exit_code == 0, result.output
    return " ".join(result.output.split())


def test_pad_help_says_how_to_print_copies_of_one_island():
    assert COPIES in _help("pad")
    assert "different islands" in _help("pad")
    text = _help("pad", "captains-curse")
    assert COPIES in text and "different islands" in text


def test_readme_first_screen_prints_each_game_and_copies():
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    first = readme[:readme.index("## Installing as a package")]
    assert "render captains-curse/island-sheet --set island=my-island.yaml --count 10" in first
    for command in ("pad captains-curse", "render swashbuckle/scorecard", "pad black-dice",
                    "pad voodoo", "pad shipwrecked", "rulebook --all"):
        assert f"`sheetgen {command}" in first, command

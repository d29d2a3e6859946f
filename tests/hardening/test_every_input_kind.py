"""The issue's classes of bad YAML (a control character, deep nesting, a non-string key, a
400-digit number, NaN and infinity) in every kind of game file a command reads, including
those added after the first hardening: Black Dice quests, the Voodoo board, Shipwrecked!
counts. Each must be a clean `file:line:col` error with exit status 2."""

from __future__ import annotations

import re
import shutil

import pytest
from helpers.hardening import ISLAND, REPO, SHEET, clean_error

GAMES = REPO / "sheetgen" / "games"
KINDS = {
    "black-dice quest": (GAMES / "black_dice" / "quests" / "kraken.yaml",
                         ["black-dice", "simulate", "{f}", "-n", "2", "--players", "2"]),
    "voodoo board": (GAMES / "voodoo" / "data" / "sea_of_souls.yaml", ["voodoo", "board", "{f}"]),
    "shipwrecked counts": (None, ["shipwrecked", "score", "{f}"]),
    "swashbuckle sheet": (SHEET, ["swashbuckle", "check", "{f}"]),
    "island": (ISLAND, ["validate", str(REPO / "layouts" / "captains_curse" / "island_sheet.yaml"),
                        "--set", "island={f}"]),
}
COUNTS = "islands:\n  - {black: 6, white: 4}\nocean: {black: 9, white: 7}\nsailors: 30\n"


def _first_number(text: str, new: str) -> str:
    """`text` with the first number of its data (not of a comment) replaced by `new`."""
    lines = text.splitlines(keepends=True)
    for i, line in enumerate(lines):
        if line.lstrip().startswith("#"):
            continue
        found = re.search(r"(?:(?<=[\[:,] )|(?<=\[))\d+(?:\.\d+)?\b", line)
        if found:
            lines[i] = line[:found.start()] + new + line[found.end():]
            return "".join(lines)
    raise AssertionError("no number to replace")


MUTANTS = {
    "control character": lambda t: t + "# \x01\n",
    "1000 nested brackets": lambda t: t + "deep: " + "[" * 1000 + "\n",
    "non-string key": lambda t: t + "5: five\n",
    "400-digit number": lambda t: _first_number(t, "9" * 400),
    "NaN": lambda t: _first_number(t, ".nan"),
    "infinity": lambda t: _first_number(t, "-.inf"),
}


@pytest.mark.parametrize("mutant", MUTANTS, ids=MUTANTS.keys())
@pytest.mark.parametrize("kind", KINDS, ids=KINDS.keys())
def test_bad_yaml_in_every_input_kind(sheetgen, tmp_path, kind, mutant):
    source, args = KINDS[kind]
    path = tmp_path / "input.yaml"
    if source is None:
        path.write_text(COUNTS)
    else:
        shutil.copy(source, path)
    text = path.read_text()
    bad = MUTANTS[mutant](text)
    assert bad != text
    path.write_text(bad)
    result = sheetgen(*[a.replace("{f}", str(path)) for a in args])
    if kind == "swashbuckle sheet" and result.exit_code == 1:
        # an impossible box score is the checker's verdict (a listed mistake), not a fault
        assert result.exception is None or isinstance(result.exception, SystemExit)
        assert re.search(r"input\.yaml:\d+:\d+: ", result.output), result.output
        return
    err = clean_error(result)
    assert re.search(r"input\.yaml:\d+:\d+: ", err), err


def test_a_tab_indented_json_log_still_points_at_line_and_column(sheetgen, tmp_path):
    """JSON indented with tabs is not YAML, so a log like that used to be read without
    positions and its faults named the file alone (found by SHEETGEN_FUZZ=250)."""
    from sheetgen.games.captains_curse.gamelog import make_log, write_log
    from sheetgen.games.captains_curse.island import load_island
    from sheetgen.games.captains_curse.ruleset import DEFAULT_RULESET
    from sheetgen.games.captains_curse.simulate import play_game_turns

    island = load_island(ISLAND)
    game, turns = play_game_turns(island, DEFAULT_RULESET, "greedy", 11)
    log = tmp_path / "game.json"
    write_log(log, make_log(island, DEFAULT_RULESET, 11, "greedy", turns, game))
    text = log.read_text()
    log.write_text(re.sub(r"(?m)^ +", lambda m: "\t" * len(m.group()), text))
    assert sheetgen("captains-curse", "replay", str(log)).exit_code == 0  # still a good log
    log.write_text(log.read_text().replace('"format": "captains-curse-log/1"',
                                           '"formt": "captains-curse-log/1"', 1))
    clean_error(sheetgen("captains-curse", "replay", str(log)),
                "game.json:2:11: unknown key 'formt' in game log")


def test_the_same_sheet_twice_in_a_match_points_at_the_entry(sheetgen, tmp_path):
    """Two sheets of one player in a match named no place at all (found by SHEETGEN_FUZZ=150)."""
    for name in ("sunnyseas.yaml", "butterbreath.yaml"):
        shutil.copy(SHEET.parent / name, tmp_path / name)
    (tmp_path / "m.yaml").write_text("card: swashbuckle\nsheets:\n  - sunnyseas.yaml\n"
                                     "  - butterbreath.yaml\n  - sunnyseas.yaml\n")
    clean_error(sheetgen("swashbuckle", "score", str(tmp_path / "m.yaml")),
                "m.yaml:5:5: two sheets for player 'Sunnyseas'")


def test_voodoo_board_barrels_row_not_a_list(sheetgen, tmp_path):
    """`barrels: {moonlight: null, ...}` was a TypeError traceback (found by SHEETGEN_FUZZ)."""
    text = (GAMES / "voodoo" / "data" / "sea_of_souls.yaml").read_text()
    bad = re.sub(r"(?m)^(\s*moonlight:).*$", r"\1 null", text, count=1)
    assert bad != text
    (tmp_path / "b.yaml").write_text(bad)
    clean_error(sheetgen("voodoo", "board", str(tmp_path / "b.yaml")),
                "b.yaml:", "barrels.moonlight must be a list of barrels")


def test_voodoo_cards_action_without_a_text_name(tmp_path):
    """An Action card named null was a TypeError while reporting the deck (SHEETGEN_FUZZ)."""
    from sheetgen.errors import SheetgenError
    from sheetgen.games.voodoo.cards import load_cards

    text = (GAMES / "voodoo" / "data" / "cards.yaml").read_text()
    bad = re.sub(r"(?m)^(\s*- name:) Jax$", r"\1 null", text, count=1)
    assert bad != text
    (tmp_path / "c.yaml").write_text(bad)
    with pytest.raises(SheetgenError) as err:
        load_cards(tmp_path / "c.yaml")
    assert err.value.position is not None and err.value.position.line > 1

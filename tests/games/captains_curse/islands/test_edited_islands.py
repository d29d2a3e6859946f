"""Edited islands keep their verification on paper (issue 32, point 3).

A sheet rendered from an island file prints the file's verification record while what
affects play is unchanged (names and place names do not), and verifies the island afresh
when play changed; the printed figure's dice depend only on what affects play; a place name
too long for its space is a warning.
"""

import copy

import pytest

from sheetgen.games.captains_curse.island import island_from_dict
from sheetgen.games.captains_curse.islands.generate import island_yaml
from sheetgen.games.captains_curse.islands.verify import (
    figure_seed,
    generate_verified,
    island_file_text,
    play_digest,
    read_record,
    record_for,
    sheet_verification,
    verify,
)
from sheetgen.layout.bundled import find_layout
from sheetgen.layout.document import RenderOptions, load_layout
from sheetgen.render.output import render_pdf


@pytest.fixture(scope="module")
def verified():
    return generate_verified(7)


def _renamed(data):
    """The same island with a new name, new place names and moved polygons: nothing that
    affects play."""
    new = copy.deepcopy(data)
    new["name"] = "A Name Of My Own"
    for i, space in enumerate(new["spaces"]):
        if "place" in space:
            space["place"] = f"Cove {i}"
        space["polygon"] = [[x + 0.5, y] for x, y in space["polygon"]]
    return new


def _symbol_swapped(data):
    """Two spaces of different symbols trade them: the same symbol counts, another game."""
    new = copy.deepcopy(data)
    a = new["spaces"][0]
    b = next(s for s in new["spaces"] if s["symbol"] != a["symbol"])
    a["symbol"], b["symbol"] = b["symbol"], a["symbol"]
    return new


def test_renaming_keeps_the_play_digest_and_the_figure_dice(verified):
    island = island_from_dict(verified.data)
    renamed = island_from_dict(_renamed(verified.data))
    assert renamed != island
    assert play_digest(renamed) == play_digest(island)
    assert figure_seed(renamed) == figure_seed(island)
    swapped = island_from_dict(_symbol_swapped(verified.data))
    assert play_digest(swapped) != play_digest(island)
    assert figure_seed(swapped) != figure_seed(island)


def test_renaming_does_not_change_the_printed_fresh_dice_figure(verified):
    """The issue's case: a renamed island printed another figure (39.1% -> 30.5%)."""
    small = {"expert_cap": 16, "min_games": 8, "greedy_games": 8, "figure_games": 48}
    before = verify(island_from_dict(verified.data), "normal", **small)
    after = verify(island_from_dict(_renamed(verified.data)), "normal", **small)
    assert before.figure_games == after.figure_games == 48
    assert before.figure_wins == after.figure_wins
    assert before.summary() == after.summary()


def test_the_record_carries_the_play_digest(verified):
    record = read_record(island_file_text(verified))
    assert record["play_digest"] == play_digest(island_from_dict(verified.data))


def test_an_untouched_or_renamed_file_prints_its_record(verified):
    text = island_file_text(verified)
    island = island_from_dict(verified.data)
    assert record_for(text, island) is not None
    line = sheet_verification(text, island)
    assert line == verified.small_print() + " · record matches the island"
    renamed = _renamed(verified.data)
    renamed_text = text.splitlines()[0] + "\n" + island_yaml(renamed)
    assert sheet_verification(renamed_text, island_from_dict(renamed)) == line


def test_a_file_whose_play_changed_is_verified_when_printed(verified):
    text = island_file_text(verified)
    swapped = _symbol_swapped(verified.data)
    island = island_from_dict(swapped)
    assert record_for(text, island) is None
    line = sheet_verification(text.splitlines()[0] + "\n" + island_yaml(swapped), island)
    assert "record matches" not in line and "not verified here" not in line
    expected = verify(island, read_record(text)["band"])
    assert expected.summary() in line
    assert ("tested when printed" in line) == expected.passed


def test_a_hand_made_file_without_record_is_verified_on_the_default_band(verified):
    island = island_from_dict(verified.data)
    line = sheet_verification(island_yaml(verified.data), island)
    assert line.startswith("Island from seed 7 · tested when printed, normal: the expert player "
                           "won ")


def _render(path, warnings):
    doc = load_layout(find_layout("captains-curse/island-sheet"),
                      RenderOptions(overrides={"island": str(path)}))
    return render_pdf(doc, warnings=warnings)


def test_a_place_name_too_long_for_its_space_is_refused_at_its_line(verified, tmp_path):
    from sheetgen.errors import SheetgenError

    good = tmp_path / "good.yaml"
    good.write_text(island_file_text(verified))
    warnings: list = []
    _render(good, warnings)
    assert not [w.message for w in warnings if "place name" in w.message]
    data = copy.deepcopy(verified.data)
    space = next(s for s in data["spaces"] if "place" in s)
    space["place"] = "The Very Long Lagoon of the Long Forgotten Admiral"
    long = tmp_path / "long.yaml"
    text = island_yaml(data)
    long.write_text(text)
    line = next(i for i, t in enumerate(text.splitlines(), 1) if "Forgotten Admiral" in t)
    with pytest.raises(SheetgenError, match="does not fit in its space") as info:
        _render(long, [])
    assert space["id"] in info.value.message and info.value.position.line == line
    assert "shorten" in info.value.hint


def test_the_studio_keeps_a_verification_through_a_rename_and_verifies_its_sheet(verified):
    from sheetgen.games.captains_curse.studio.desk import Desk, Settings
    from sheetgen.games.captains_curse.studio.work import _small_print

    desk = Desk(settings=Settings(seed=7))
    desk.replace_island(verified.data)
    assert desk.verified is None
    line = _small_print(desk)  # the sheet of an unverified island: verified when printed
    assert "not verified" not in line
    assert verify(island_from_dict(verified.data)).summary() in line
    desk.verified = {"band": "normal", "games": 48, "wins": 30, "low": 0.5, "high": 0.7,
                     "passed": True}
    desk.replace_island(_renamed(verified.data))
    assert desk.verified is not None and desk.verified["wins"] == 30
    desk.replace_island(_symbol_swapped(verified.data))
    assert desk.verified is None

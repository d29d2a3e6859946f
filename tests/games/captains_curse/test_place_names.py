"""Place names on the island map: shrunk (not below 6 pt), split, moved within their space, or
refused; never over a border, a sink line or another name (issue 27, finding 10)."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
import yaml
from shapely.geometry import Polygon, box

from sheetgen.canvas import MM
from sheetgen.games.captains_curse.island import island_from_dict
from sheetgen.games.captains_curse.sheet.elements import (
    SHEET_MAP,
    SHEET_NAME_SIZE,
    SHEET_SYMBOL,
    PlaceDoesNotFit,
    island_land,
    map_frame,
    map_places,
)
from sheetgen.games.captains_curse.sheet.place_names import MIN_SIZE, fit_place_name

REPO = Path(__file__).resolve().parents[3]
ISLAND = sorted((REPO / "layouts" / "captains_curse" / "islands").glob("*.yaml"))[0]


def _data() -> dict:
    return yaml.safe_load(ISLAND.read_text(encoding="utf-8"))


def _places(data: dict):
    island = island_from_dict(data)
    polys, land = island_land(island)
    fr = map_frame(land, 0.0, 0.0, *SHEET_MAP)
    pages = [Polygon(fr.pts(p.exterior.coords[:-1])) for p in polys]
    return island, pages, map_places(island, polys, fr, SHEET_SYMBOL, SHEET_NAME_SIZE)


def _assert_clear(island, pages, placed):
    boxes = []
    for space, page, ((ix, iy), label) in zip(island.spaces, pages, placed, strict=True):
        icon = box(ix - SHEET_SYMBOL / 2, iy - SHEET_SYMBOL / 2, ix + SHEET_SYMBOL / 2,
                   iy + SHEET_SYMBOL / 2)
        if label is None:
            continue
        assert label.size >= MIN_SIZE
        for b in label.boxes:
            assert page.contains(b), space.id  # over no border, sink line or coast
            assert not b.intersects(icon), space.id
        boxes.append(label.boxes)
    for one, other in itertools.combinations(boxes, 2):  # two names, not two lines of one
        assert not any(a.intersects(b) for a in one for b in other)


def test_the_bundled_island_sets_every_name_clear_of_every_other():
    _assert_clear(*_places(_data()))


@pytest.mark.parametrize("length", [16, 22, 28])
def test_long_names_shrink_split_or_move_never_overlap_or_are_refused(length):
    """The studio takes up to 28 characters: each name either gets a clear setting of at
    least 6 pt or is refused, naming its space."""
    words = "Old Tom's Rotten Lantern Landing by the Sands of Gallows Cove"
    data = _data()
    for space in data["spaces"]:
        if "place" in space:
            space["place"] = words[:length].strip()
    try:
        placed = _places(data)
    except PlaceDoesNotFit as err:
        assert "does not fit in its space" in str(err)
        assert data["spaces"][err.index].get("place")
        return
    _assert_clear(*placed)


def test_a_name_moves_away_from_a_label_already_there():
    space = box(0, 0, 60 * MM, 40 * MM)
    free = fit_place_name("Gallows Cove", 30 * MM, 10 * MM, space, 8, [])
    assert free is not None and free.x is None and free.size == 8
    blocked = box(0, 8 * MM, 60 * MM, 16 * MM)  # another label right under the symbol
    moved = fit_place_name("Gallows Cove", 30 * MM, 10 * MM, space, 8, [blocked])
    assert moved is not None and (moved.x is not None or moved.top != 10 * MM)
    assert not any(b.intersects(blocked) for b in moved.boxes)
    assert fit_place_name("Gallows Cove", 30 * MM, 10 * MM, space, 8, [space]) is None


def test_a_cramped_name_shrinks_to_six_points_and_no_further():
    space = box(0, 0, 18 * MM, 6 * MM)  # one line high, narrower than the name at 9 pt
    label = fit_place_name("Lantern Landing", 9 * MM, 0.5 * MM, space, 9, [])
    assert label is not None and MIN_SIZE <= label.size < 9 and len(label.lines) == 1
    assert fit_place_name("Lantern Landing of the Drowned", 6 * MM, 1 * MM,
                          box(0, 0, 12 * MM, 5 * MM), 9, []) is None


def test_the_studio_refuses_a_place_name_with_no_room():
    from sheetgen.games.captains_curse.studio.edit import Edit, EditRejected, apply_edit

    data = _data()
    space = next(s for s in data["spaces"] if "place" in s)
    with pytest.raises(EditRejected, match="does not fit in its space"):
        apply_edit(data, Edit("set_place", space=space["id"],
                              text="Lanternlandingofthedrownedmen"[:28]))
    assert apply_edit(data, Edit("set_place", space=space["id"], text="Eel Nook"))

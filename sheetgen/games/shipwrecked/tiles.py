"""Geometry of the Desert Island tiles: coast, name, dice spots and tally strip.

The coast is the Captain's Curse generator's (`islands.coast.make_coast`), asked for a small
round island with no centre box to speak of: the same harmonics, headlands and wiggles, so a
Shipwrecked! island looks drawn by the same hand. It is generated at a reference size and
scaled to the tile, so a tile of any size shows the same island; the dice spots are then
laid out in real millimetres (a sailor die is 12 mm whatever the tile), each one wholly on
land, numbered so the sailors on an island can be counted at a glance.

Pure geometry from (seed, index, size): the same inputs give the same tile.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from shapely import affinity
from shapely.geometry import Polygon, box

from sheetgen.engine.rng import SplitMix64
from sheetgen.games.captains_curse.islands.coast import make_coast, place_centre
from sheetgen.games.captains_curse.islands.names import island_name
from sheetgen.games.captains_curse.islands.params import IslandParams
from sheetgen.games.captains_curse.sheet.elements import MAP_SEA as MAP_SEA_MM

ISLANDS = 5  # Desert Island tiles in a set (seeds/shipwrecked.txt line 8)
REFERENCE_MM = 90.0  # tiles are generated at this size and scaled
SPOT_MM = 12.6  # a 12 mm sailor die and a hair of room
SPOT_PITCH_MM = 13.4
NAME_BAND = 0.15  # share of the tile above the island: the name
TALLY_BAND = 0.16  # share of the tile below the island: the tally strip
LAND_SHARE = 0.62  # of the island box: how much of it is land


@dataclass(frozen=True)
class TileGeometry:
    """Millimetres from the tile's top-left corner (y down)."""

    name: str
    land: Polygon  # in island-box millimetres (see island_box), reference scale
    island_box: tuple[float, float, float, float]  # x, y, w, h where the land is fitted
    spots: tuple[tuple[float, float], ...]  # top-left corner of each dice spot
    name_baseline: float
    tally_top: float
    tally_height: float


def tile_names(seed: int, count: int = ISLANDS) -> tuple[str, ...]:
    """`count` different island names for a set, from the Captain's Curse name grammar."""
    names: list[str] = []
    attempt = 0
    while len(names) < count:
        name = island_name(SplitMix64.for_step(seed, "shipwrecked-tile-name", attempt))
        attempt += 1
        if name not in names and len(name) <= 18:
            names.append(name)
    return tuple(names)


@cache
def _coast(seed: int, index: int) -> Polygon:
    """The island's coast at the reference size, in the island box's millimetres."""
    width, height = REFERENCE_MM, REFERENCE_MM * (1 - NAME_BAND - TALLY_BAND)
    centre = 0.2 * REFERENCE_MM
    area = LAND_SHARE * width * height
    params = IslandParams(map_width=width, map_height=height, centre_width=centre,
                          centre_height=centre, per_symbol=1,
                          cell_area=(area - centre * centre) / 6, sea_margin=2.0)
    frame = place_centre(params, SplitMix64.for_step(seed, f"shipwrecked-tile-centre-{index}"))
    points = make_coast(params, frame, SplitMix64.for_step(seed, f"shipwrecked-tile-coast-{index}"))
    return Polygon(points).buffer(0)


def _spots(land_on_tile: Polygon) -> tuple[tuple[float, float], ...]:
    """Dice spots on a square lattice, each wholly on land with a little shore; the lattice
    offset that fits the most spots wins (ties: the first tried, so the result is stable)."""
    inner = land_on_tile.buffer(-0.8)
    x0, y0, x1, y1 = land_on_tile.bounds
    best: list[tuple[float, float]] = []
    steps = 6
    for i in range(steps):
        for j in range(steps):
            ox = x0 + SPOT_PITCH_MM * i / steps
            oy = y0 + SPOT_PITCH_MM * j / steps
            spots = []
            y = oy
            while y + SPOT_MM <= y1:
                x = ox
                while x + SPOT_MM <= x1:
                    if inner.contains(box(x, y, x + SPOT_MM, y + SPOT_MM)):
                        spots.append((round(x, 3), round(y, 3)))
                    x += SPOT_PITCH_MM
                y += SPOT_PITCH_MM
            if len(spots) > len(best):
                best = spots
    return tuple(best)


@cache
def tile_geometry(seed: int, index: int, size_mm: float = REFERENCE_MM) -> TileGeometry:
    """Everything a tile draws, in millimetres from its top-left corner."""
    names = tile_names(seed, max(ISLANDS, index + 1))
    land = _coast(seed, index)
    top = size_mm * NAME_BAND
    island_box = (0.0, top, size_mm, size_mm * (1 - NAME_BAND - TALLY_BAND))
    # Where the land lands on the tile: the same fit as captains_curse's map_frame.
    lx0, ly0, lx1, ly1 = land.bounds
    lx0, ly0, lx1, ly1 = lx0 - MAP_SEA_MM, ly0 - MAP_SEA_MM, lx1 + MAP_SEA_MM, ly1 + MAP_SEA_MM
    _, by, bw, bh = island_box
    s = min(bw / (lx1 - lx0), bh / (ly1 - ly0))
    ox = (bw - (lx1 - lx0) * s) / 2 - lx0 * s
    oy = by + (bh - (ly1 - ly0) * s) / 2 - ly0 * s
    on_tile = affinity.translate(affinity.scale(land, s, s, origin=(0, 0)), ox, oy)
    tally_height = min(11.0, size_mm * TALLY_BAND * 0.62)
    return TileGeometry(
        name=names[index],
        land=land,
        island_box=island_box,
        spots=_spots(on_tile),
        name_baseline=top * 0.66,
        tally_top=size_mm * (1 - TALLY_BAND) + (size_mm * TALLY_BAND - tally_height) / 2,
        tally_height=tally_height,
    )

"""The studio's picture of an island: the map drawn by the layout language as SVG, plus
where each space, sink line and grid column lies on that picture.

The SVG comes from the bundled `captains-curse/island-map` layout through the same element
and drawing backend as the printed sheet, so the page shows what will be printed. The hit
geometry is computed with the element's own frame (`map_frame`, `CentreGridGeometry`), in
the SVG's coordinates (points), so a click lands on the space the map shows.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from shapely.ops import polylabel

from sheetgen.games.captains_curse.island import island_from_dict
from sheetgen.games.captains_curse.ruleset import Ruleset
from sheetgen.games.captains_curse.sheet.elements import (
    CentreGridGeometry,
    centre_grid_box,
    island_land,
    map_frame,
)
from sheetgen.layout.bundled import find_layout
from sheetgen.layout.document import load_layout
from sheetgen.render.compose import compose
from sheetgen.render.svg import SvgCanvas

MAP_LAYOUT = "captains-curse/island-map"


@dataclass(frozen=True)
class MapView:
    svg: str
    width: float
    height: float
    geometry: dict[str, Any]


def _r(value: float) -> float:
    return round(value, 2)


def render_map(data: dict[str, Any], lines: list[str] | None = None) -> MapView:
    """The island as an SVG document and the geometry of what it shows (points)."""
    layout = load_layout(find_layout(MAP_LAYOUT))
    layout.data = [{"island": data, "lines": lines}]
    # On screen the picture is the map box itself: no bleed around it (the printed page
    # has 3 mm), so SVG points are the map's points.
    layout.page = replace(layout.page, bleed=0.0)
    canvas = SvgCanvas()
    compose(layout, canvas)
    svg = canvas.finish().decode("utf-8")
    page = layout.page
    return MapView(svg, page.width, page.height, map_geometry(data, page.width, page.height))


def map_geometry(data: dict[str, Any], width: float, height: float) -> dict[str, Any]:
    """Spaces (outline, label point), sink lines (path) and grid cells, in SVG points."""
    island = island_from_dict(data)
    polys, land = island_land(island)
    fr = map_frame(land, 0.0, 0.0, width, height)
    spaces = []
    for space, poly in zip(island.spaces, polys, strict=True):
        c = polylabel(poly, tolerance=0.05)
        spaces.append({
            "id": space.id, "symbol": space.symbol, "place": space.place or "",
            "ring": space.ring,
            "outline": [[_r(x), _r(y)] for x, y in fr.pts(poly.exterior.coords[:-1])],
            "centre": [_r(v) for v in fr.pt((c.x, c.y))],
        })
    # `waits_for`: the spaces whose sinking wets an inland end (R11); the line list names them
    # so a line that is not yet choosable is not a surprise.
    lines = [{"id": line.id, "region": list(line.region),
              "waits_for": sorted({s for end in line.ends for s in end}),
              "path": [[_r(x), _r(y)] for x, y in fr.pts(line.path or ())]}
             for line in island.sink_lines]
    grid = CentreGridGeometry.of(*centre_grid_box(land, fr))
    ruleset = Ruleset()
    columns = []
    for c, symbol in enumerate(island.symbols):
        cells = [[_r(v) for v in grid.cell(c, r)] for r in range(6)]
        columns.append({"symbol": symbol, "values": list(ruleset.columns[c]), "cells": cells})
    return {"spaces": spaces, "lines": lines, "columns": columns, "symbols": list(island.symbols)}

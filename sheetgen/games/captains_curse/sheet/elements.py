"""Layout element types for the Captain's Curse island sheet.

- `captains_curse.island_map`: sea, coast, spaces with their symbols, dotted sink lines,
  place names, a compass rose, and the centre grid (symbol headers, the 6 columns of values,
  a total box under each) drawn inside the island's centre hole, wherever the island put it.
- `captains_curse.island_text`: one line about the island (its name, or the small print with
  seed, difficulty band and measured win rate), so the layout places and styles it.

The island comes from the `island` field: a path to an island file, island data (a pad puts
each island's dict in a data row), or nothing, in which case an island is generated and
verified from the layout's `seed`. Drawing sees only finished values in points.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from shapely import union_all
from shapely.errors import ShapelyError
from shapely.geometry import LineString, Point, Polygon
from shapely.ops import polylabel

from sheetgen import limits
from sheetgen.access import readable
from sheetgen.assets.fonts import ascent, string_width
from sheetgen.assets.scripts import check_printable
from sheetgen.canvas import MM
from sheetgen.canvas.draw import arrow
from sheetgen.canvas.draw import label as draw_label
from sheetgen.canvas.geometry import circle_ops, polyline_ops, rect_ops
from sheetgen.canvas.hand import hand_ops
from sheetgen.canvas.palette import INK
from sheetgen.canvas.protocol import Canvas, Stroke
from sheetgen.errors import Position, SheetgenError, did_you_mean
from sheetgen.layout.elements.base import Element, Scope, register
from sheetgen.layout.elements.icon import draw_icon
from sheetgen.layout.params import ANY, BOOL, COLOR, LENGTH, SIZE, TEXT, Choice, Number, Param

from ..island import PLACE_FONT, Island, island_from_dict, island_to_dict, load_island
from ..ruleset import Ruleset
from .place_names import MIN_SIZE, PlaceLabel, place_symbol_and_name

SEA = (0.90, 0.94, 0.96)
WAVE = (0.70, 0.80, 0.86)
LAND = (0.985, 0.965, 0.91)
BORDER = (0.52, 0.45, 0.36)
LINE = (0.58, 0.12, 0.10)


# ------------------------------------------------------------------ island sources

def _island_from_path(path: str) -> tuple[dict[str, Any], str]:
    """The island of a file and its small print: the file's verification record while it
    speaks for the island, else a verification run now (islands.verify.sheet_verification).
    Cached by content, so an edited file is verified again and a pad of copies only once."""
    from pathlib import Path

    text = Path(path).read_text(encoding="utf-8", errors="replace")
    found = _island_from_text(path, text, tuple(limits.settings().items()))
    if isinstance(found, SheetgenError):
        # A copy for every element that asks: a caller may add to the message it raises.
        # (copy.copy would call the class with its args; some take other arguments.)
        error = type(found).__new__(type(found), *found.args)
        error.__dict__.update(found.__dict__)
        raise error
    return found


@lru_cache(maxsize=8)
def _island_from_text(path: str, text: str, budgets: tuple
                      ) -> tuple[dict[str, Any], str] | SheetgenError:
    """The island and its small print, or the error of a faulty file: kept as well, since
    every element of a sheet that shows the island asks for it (three on the island sheet,
    each reading a faulty file again through the Python YAML parser for its message).
    Keyed by the budgets in force too (`sheetgen.limits`), which decide some errors."""
    from ..islands.verify import sheet_verification

    try:
        island = load_island(path)
    except SheetgenError as err:
        return err
    return island_to_dict(island), sheet_verification(text, island)


@lru_cache(maxsize=4)
def _island_from_seed(seed: int, difficulty: str) -> tuple[dict[str, Any], str]:
    from ..islands.verify import generate_verified

    verified = generate_verified(seed, difficulty)
    return verified.data, verified.small_print()


def island_source(value: Any, scope: Scope, seed: Any, difficulty: str,
                  pos: Position | None = None) -> tuple[dict[str, Any], str]:
    """(island data, small print) from a path, a dict or a seed. A path may only name a file
    the layout may read (sheetgen.access); faults in island data a layout supplies point at
    the element (`pos`)."""
    if isinstance(value, dict):
        try:
            _island(value, scope)
        except SheetgenError as err:
            if err.position is not None and err.position.line:
                raise
            raise SheetgenError(f"island data: {err.message}", pos, err.hint) from None
        return value, str(scope.names.get("small_print") or "")
    if isinstance(value, str) and value:
        path = readable(value, relative_to=scope.base_dir, root=scope.base_dir, pos=pos,
                        what="island file")
        return _island_from_path(str(path))
    if value not in (None, ""):
        raise SheetgenError(f"island must be a file name or island data, not {value!r}", pos)
    if seed is None:
        seed = 0
    if isinstance(seed, float) and seed.is_integer():
        seed = int(seed)
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2 ** 63:
        raise SheetgenError(f"the island seed must be a whole number from 0, not {seed!r}",
                            pos, hint="seed: 7 on the element, --seed 7, or a data field "
                                      "named seed holding a number")
    return _island_from_seed(seed, difficulty)


def _map_box(v: dict[str, Any], pos: Position | None) -> None:
    if v["w"] <= 0 or v["h"] <= 0:
        raise SheetgenError("the map box needs a width and a height above zero", pos)


def _land(island: Island, pos: Position | None) -> tuple[list[Polygon], Any]:
    """The spaces' polygons and the land they make; a polygon GEOS cannot use (too few
    points, crossing itself, not a number) is an error at the space, not a GEOS exception."""
    polys = []
    for i, space in enumerate(island.spaces):
        where = island.at("spaces", i, "polygon") if island.source != "<island>" else pos
        coords = space.polygon or ()
        if len(coords) < 3 or not all(math.isfinite(c) and abs(c) < 1e6
                                      for p in coords for c in p):
            raise SheetgenError(f"space {space.id}: a polygon needs at least 3 points with "
                                "finite coordinates", where)
        try:
            poly = Polygon(coords)
            valid = poly.is_valid and poly.area > 0
        except (ValueError, ShapelyError):
            valid = False
        if not valid:
            raise SheetgenError(f"space {space.id}: the polygon crosses itself or encloses no "
                                "area", where, hint="list the corners in order around the space")
        polys.append(poly)
    try:
        return polys, union_all(polys)
    except ShapelyError as err:
        raise SheetgenError(f"island '{island.name}': the spaces cannot be joined into land "
                            f"({err})", pos) from None


def _island(data: dict[str, Any], scope: Scope | None = None) -> Island:
    """The island of `data`, parsed (and checked) once per page: the sheet's name, map and
    small print all read the same data (`RenderBudget.parsed`)."""
    memo = scope.budget.parsed if scope is not None and scope.budget is not None else None
    if memo is None:
        return island_from_dict(data)
    key = ("captains_curse.island", id(data))
    found = memo.get(key)
    if found is None or found[0] is not data:
        found = memo[key] = (data, island_from_dict(data))
    return found[1]


# ------------------------------------------------------------------ geometry helpers

class _Frame:
    """Island millimetres -> page points, fitting the island and some sea into a box."""

    def __init__(self, land: Polygon, x: float, y: float, w: float, h: float, margin: float):
        x0, y0, x1, y1 = land.bounds
        x0, y0, x1, y1 = x0 - margin, y0 - margin, x1 + margin, y1 + margin
        self.s = min(w / (x1 - x0), h / (y1 - y0))
        self.ox = x + (w - (x1 - x0) * self.s) / 2 - x0 * self.s
        self.oy = y + (h - (y1 - y0) * self.s) / 2 - y0 * self.s

    def pt(self, p: tuple[float, float]) -> tuple[float, float]:
        return (self.ox + p[0] * self.s, self.oy + p[1] * self.s)

    def pts(self, ps) -> list[tuple[float, float]]:
        return [self.pt(p) for p in ps]


def island_land(island: Island, pos=None) -> tuple[list[Polygon], Polygon]:
    """The spaces' polygons and the land they make (one piece around one centre hole).

    Public because the studio hit-tests clicks against exactly what the map draws.
    """
    if any(s.polygon is None for s in island.spaces):
        raise SheetgenError(f"island '{island.name}' has spaces without polygons; the map "
                            "needs geometry", pos,
                            hint="give every space a polygon, or generate the island")
    polys, land = _land(island, pos)
    if land.geom_type != "Polygon" or len(land.interiors) != 1:
        # A hand-drawn island may leave hairline gaps between spaces: close them.
        land = land.buffer(0.2, join_style="mitre").buffer(-0.2, join_style="mitre")
    if land.geom_type != "Polygon" or len(land.interiors) != 1:
        raise SheetgenError(f"island '{island.name}': the spaces must form one piece of "
                            "land around one centre hole", pos)
    return polys, land


MAP_SEA = 6.0  # mm of sea kept around the land inside the map box


def map_frame(land: Polygon, x: float, y: float, w: float, h: float) -> _Frame:
    """Island millimetres -> page points for a map box at (x, y, w, h) points."""
    return _Frame(land, x, y, w, h, MAP_SEA)


def centre_grid_box(land: Polygon, fr: _Frame) -> tuple[float, float, float, float]:
    """The centre hole's bounding box in page points: where the centre grid is drawn."""
    hx0, hy0, hx1, hy1 = Polygon(land.interiors[0]).bounds
    x0, y0 = fr.pt((hx0, hy0))
    x1, y1 = fr.pt((hx1, hy1))
    return x0, y0, x1 - x0, y1 - y0


INLAND_ARROW = 3.8 * MM  # length of the arrow at an inland line end, on the page


def into_space(poly: Polygon, p: tuple[float, float]) -> tuple[float, float]:
    """A unit direction from `p` (a point on the border of `poly`) into `poly`: the bisector
    of the corner when `p` is one of its vertices, else towards its symbol's spot. The arrow of
    an inland line end points this way, on the sheet and in the rulebook's figure."""
    ring = [tuple(q) for q in poly.exterior.coords[:-1]]
    if p in ring:
        k = ring.index(p)
        d = [0.0, 0.0]
        for q in (ring[k - 1], ring[(k + 1) % len(ring)]):
            n = math.dist(p, q) or 1.0
            d[0] += (q[0] - p[0]) / n
            d[1] += (q[1] - p[1]) / n
        n = math.hypot(*d)
        if n > 1e-6:
            d = [d[0] / n, d[1] / n]
            if poly.contains(Point(p[0] + 0.5 * d[0], p[1] + 0.5 * d[1])):
                return (d[0], d[1])
            if poly.contains(Point(p[0] - 0.5 * d[0], p[1] - 0.5 * d[1])):
                return (-d[0], -d[1])  # a reflex corner: its bisector points outwards
    c = polylabel(poly, tolerance=0.05)
    n = math.dist(p, (c.x, c.y)) or 1.0
    return ((c.x - p[0]) / n, (c.y - p[1]) / n)


def _inland_end_marks(canvas: Canvas, island: Island, polys: list[Polygon], fr: _Frame,
                      shown: set[str], color) -> None:
    """At each inland end of a sink line (R11: an end that lists spaces), a solid arrow from
    where the line stops into each listed space: that space must be sea before the line may
    be used."""
    by_id = {s.id: poly for s, poly in zip(island.spaces, polys, strict=True)}
    for line in island.sink_lines:
        if not line.path or line.id not in shown:
            continue
        for end, spaces in zip((line.path[0], line.path[-1]), line.ends, strict=True):
            p = (float(end[0]), float(end[1]))
            x, y = fr.pt(p)
            for sid in spaces:
                dx, dy = into_space(by_id[sid], p)
                arrow(canvas, x, y, x + dx * INLAND_ARROW, y + dy * INLAND_ARROW, color, 1.3,
                      head=2.0 * MM, half=1.15 * MM, stop=2.0 * MM, cap=0)


class PlaceDoesNotFit(ValueError):
    """A place name with no setting on the map; `index` is its space's."""

    def __init__(self, message: str, index: int):
        super().__init__(message)
        self.index = index


def map_places(island: Island, polys: list[Polygon], fr: _Frame, icon: float,
               name_size: float) -> list[tuple[tuple[float, float], PlaceLabel | None]]:
    """Per space, its symbol's centre and its name's setting (None for an unnamed space),
    in page points: a symbol sits at its space's pole of inaccessibility (1.6 mm higher when
    named), its name under it, neither over a border, a sink line or another name
    (`place_names`). Raises PlaceDoesNotFit for a name that has no such setting."""
    taken: list = []
    out: list[tuple[tuple[float, float], PlaceLabel | None]] = []
    for i, (space, poly) in enumerate(zip(island.spaces, polys, strict=True)):
        c = polylabel(poly, tolerance=0.05)
        cx, cy = fr.pt((c.x, c.y))
        if not space.place:
            out.append(((cx, cy), None))
            continue
        found = place_symbol_and_name(space.place, cx, cy - 1.6 * MM, icon,
                                      Polygon(fr.pts(poly.exterior.coords[:-1])), name_size,
                                      taken)
        if found is None:
            raise PlaceDoesNotFit(
                f"the place name {space.place!r} (space {space.id}) does not fit in its "
                f"space, even at {MIN_SIZE:g} pt on two or three lines or moved: it would "
                "run over a border, a sink line or another name", i)
        taken.extend(found[1].boxes)
        out.append(found)
    return out


SHEET_MAP = (190.0 * MM, 160.0 * MM)
"""The island sheet's map box (and the island-map page): what the studio checks names on."""
SHEET_SYMBOL = 7.0 * MM
"""The map's symbol_size default."""
SHEET_NAME_SIZE = 6.2


def check_place_names(island: Island) -> None:
    """Raise PlaceDoesNotFit when a place name has no setting on the printed sheet's map
    (the studio refuses such a rename before it is drawn)."""
    polys, land = island_land(island)
    map_places(island, polys, map_frame(land, 0.0, 0.0, *SHEET_MAP), SHEET_SYMBOL,
               SHEET_NAME_SIZE)


# Where an element's island comes from: a file or data, else generated (and verified) from a seed.
ISLAND_SOURCE = {
    "island": Param(ANY, None, "island file path or data; none: generate from seed"),
        "seed": Param(ANY, None, "seed used when no island is given"),
        "difficulty": Param(Choice(options=("easy", "normal", "hard")), "normal", ""),
}


def _shown_lines(value: Any, island: Island, pos) -> set[str]:
    """The sink lines to draw: all by default, or the listed ids (a screen may hide some)."""
    known = {line.id for line in island.sink_lines}
    if value is None:
        return known
    if not isinstance(value, (list, tuple)) or not all(isinstance(x, str) for x in value):
        raise SheetgenError("lines must be a list of sink line ids", pos,
                            hint="e.g. lines: [L1, L4], or leave it out to draw every line")
    unknown = sorted(set(value) - known)
    if unknown:
        raise SheetgenError(f"lines: no sink line '{unknown[0]}' on island '{island.name}'",
                            pos, hint=did_you_mean(unknown[0], known) or None)
    return set(value)


@register
class IslandMap(Element):
    type_name = "captains_curse.island_map"
    description = "the island: sea, coast, spaces, symbols, sink lines, names, centre grid"
    params = {
        **ISLAND_SOURCE,
        "x": Param(LENGTH, 0.0, "left of the map box"),
        "y": Param(LENGTH, 0.0, "top of the map box"),
        "w": Param(SIZE, doc="map box width"),
        "h": Param(SIZE, doc="map box height"),
        "symbol_size": Param(SIZE, "7mm", "icon size at print scale"),
        "grid": Param(BOOL, True, "draw the centre grid in the centre hole"),
        "sea": Param(COLOR, "#e6eff4", "sea colour (kept light for pencil)"),
        "land": Param(COLOR, "#fbf6e8", "land colour"),
        "line_color": Param(COLOR, "#94201a", "sink line colour"),
        "name_size": Param(Number(minimum=6, maximum=20), SHEET_NAME_SIZE,
                           "place name size, points; a name too wide for its space shrinks, "
                           "not below 6"),
        "lines": Param(ANY, None, "ids of the sink lines to draw (default: all of them)"),
        "ids": Param(BOOL, False, "referee print: a number in each space and a letter on each "
                     "sink line, the labels `play --dice` shows"),
        "frame": Param(BOOL, True, "a rule around the map box (leave it off where the box "
                       "is the cut edge: a frame on the trim is half cut away)"),
        "bleed": Param(LENGTH, 0.0, "how far the sea runs past the box (3mm where the box "
                       "is the cut edge of the page)"),
    }

    def draw(self, canvas: Canvas, v: dict[str, Any], scope: Scope) -> None:
        _map_box(v, self.pos)
        data, _ = island_source(v["island"], scope, v["seed"] if v["seed"] is not None
                                else scope.names.get("seed"), v["difficulty"], self.pos)
        island = _island(data, scope)
        polys, land = island_land(island, self.pos)
        fr = map_frame(land, v["x"], v["y"], v["w"], v["h"])
        sx, sy, sw, sh = v["x"], v["y"], v["w"], v["h"]
        b = max(0.0, v["bleed"])
        canvas.push()
        canvas.clip(rect_ops(sx - b, sy - b, sw + 2 * b, sh + 2 * b))
        canvas.path(rect_ops(sx - b, sy - b, sw + 2 * b, sh + 2 * b), fill=v["sea"])
        canvas.push()
        canvas.clip(rect_ops(sx, sy, sw, sh))
        self._waves(canvas, fr, land, island.name, (sx, sy, sw, sh))
        self._compass(canvas, fr, land, (sx, sy, sw, sh))
        outer = Polygon(land.exterior).buffer(1.8, quad_segs=4)
        canvas.path(polyline_ops(fr.pts(outer.exterior.coords[:-1]), closed=True),
                    stroke=Stroke(WAVE, 0.6))
        coast = hand_ops(fr.pt, land.exterior.coords[:-1], closed=True)
        canvas.path(coast, fill=v["land"])
        for poly in polys:
            canvas.path(hand_ops(fr.pt, poly.exterior.coords[:-1], closed=True),
                        stroke=Stroke(BORDER, 0.45, join=1))
        canvas.path(coast, stroke=Stroke(INK, 1.3, join=1))
        size = v["symbol_size"]
        try:
            placed = map_places(island, polys, fr, size, v["name_size"])
        except PlaceDoesNotFit as err:
            raise SheetgenError(str(err), self._place_at(v, scope, err.index),
                                hint="shorten the name in the island file") from None
        icons = [xy for xy, _ in placed]  # each symbol's centre, for the referee print
        for space, ((ix, iy), label) in zip(island.spaces, placed, strict=True):
            draw_icon(canvas, space.symbol, ix - size / 2, iy - size / 2, size, size, INK)
            if label is None:
                continue
            lx = ix if label.x is None else label.x
            for text, baseline in zip(label.lines, label.baselines(), strict=True):
                draw_label(canvas, lx, baseline, text, PLACE_FONT, label.size, INK, "middle")
        hole = Polygon(land.interiors[0])
        canvas.path(polyline_ops(fr.pts(hole.exterior.coords[:-1]), closed=True),
                    fill=(1.0, 1.0, 1.0), stroke=Stroke(INK, 1.0))
        # Lines last, over the centre box's edge: a line that runs along the box shows.
        shown = _shown_lines(v["lines"], island, self.pos)
        for line in island.sink_lines:
            if line.path and line.id in shown:
                # Coast to coast: dots. An inland end (R11): dashes, read apart from the
                # dotted line they end on, and an arrow at that end (`_inland_end_marks`).
                inland = any(line.ends)
                canvas.path(hand_ops(fr.pt, line.path, closed=False),
                            stroke=Stroke(v["line_color"], 1.3 if inland else 1.9,
                                          dash=(2.6, 1.9) if inland else (0.01, 3.1),
                                          cap=0 if inland else 1, join=1))
        _inland_end_marks(canvas, island, polys, fr, shown, v["line_color"])
        if v["ids"]:
            self._referee_labels(canvas, island, icons, land, fr, size, shown, v["line_color"])
        canvas.pop()
        canvas.pop()
        if v["frame"]:
            canvas.path(rect_ops(sx, sy, sw, sh), stroke=Stroke(INK, 0.8))
        if v["grid"]:
            draw_centre_grid(canvas, island, Ruleset(), *centre_grid_box(land, fr))

    def _place_at(self, v: dict[str, Any], scope: Scope, index: int) -> Position | None:
        """Where space `index`'s place name is written: its line in the island file, or the
        element for island data (on the error path only: the file is read again)."""
        if isinstance(v["island"], str) and v["island"]:
            path = readable(v["island"], relative_to=scope.base_dir, root=scope.base_dir,
                            pos=self.pos, what="island file")
            return load_island(path).at("spaces", index, "place")
        return self.pos

    def _referee_labels(self, canvas: Canvas, island: Island,
                        icons: list[tuple[float, float]], land: Polygon, fr: _Frame,
                        size: float, shown: set[str], color) -> None:
        """Space numbers beside the symbols, a letter in a tag on each sink line."""
        from ..labels import line_labels, space_labels

        for label, (ix, iy) in zip(space_labels(island), icons, strict=True):
            canvas.text(ix + size / 2 + 0.3 * MM, iy - size / 2 + 2.2 * MM, label,
                        "sans-bold", 6.5, INK)
        # One tag per line, near the middle of its path: lines often share an end (a nested
        # line ends on another), but their middles lie apart; never over the centre grid.
        r = 1.9 * MM
        hole = Polygon(land.interiors[0])
        placed: list[tuple[float, float]] = []
        for label, line in zip(line_labels(island), island.sink_lines, strict=True):
            if not line.path or line.id not in shown:
                continue
            path = LineString(line.path) if len(line.path) > 1 else None
            spots = []
            for frac in (0.5, 0.4, 0.6, 0.3, 0.7, 0.2, 0.8, 0.1, 0.9):
                p = path.interpolate(frac, normalized=True) if path else Point(line.path[0])
                spots.append((fr.pt((p.x, p.y)), hole.distance(p)))
            clear = [xy for xy, gap in spots if gap * fr.s > 3 * r] or [xy for xy, _ in spots]
            ex, ey = next((xy for xy in clear if all(math.hypot(xy[0] - qx, xy[1] - qy) > 2.2 * r
                                                    for qx, qy in placed)), clear[0])
            placed.append((ex, ey))
            canvas.path(circle_ops(ex, ey, r), fill=(1.0, 1.0, 1.0), stroke=Stroke(color, 0.8))
            draw_label(canvas, ex, ey + 0.8 * MM, label, "sans-bold", 6.5, color, "middle")

    def _waves(self, canvas: Canvas, fr: _Frame, land: Polygon, name: str, area) -> None:
        """A light scatter of wave marks in open sea, placed by a hash of the island name."""
        from ..rng import SplitMix64

        rng = SplitMix64.for_step(0, "waves:" + name)
        sx, sy, sw, sh = area
        near = land.buffer(5.0)
        marks = []
        for _ in range(60):
            px, py = sx + rng.random() * sw, sy + rng.random() * sh
            mx, my = (px - fr.ox) / fr.s, (py - fr.oy) / fr.s
            if near.contains(Point(mx, my)) or any(math.dist((px, py), m) < 22 for m in marks):
                continue
            marks.append((px, py))
            ww = 7.0
            ops = [("M", px - ww, py), ("C", px - ww / 2, py - 2.2, px - ww / 2, py + 0.6, px, py),
                   ("C", px + ww / 2, py - 2.2, px + ww / 2, py + 0.6, px + ww, py)]
            canvas.path(ops, stroke=Stroke(WAVE, 0.6, cap=1))

    def _compass(self, canvas: Canvas, fr: _Frame, land: Polygon, area) -> None:
        """A small compass rose in the sea corner farthest from the land."""
        sx, sy, sw, sh = area
        r = 8.0 * MM
        # Room for the N above the rose, its line box kept 3.2 mm inside the box (the 3 mm
        # safe zone where the box is the cut edge).
        m = r + 2 + ascent("sans-bold", 7) + 3.2 * MM
        corners = [(sx + m, sy + m), (sx + sw - m, sy + m),
                   (sx + m, sy + sh - m), (sx + sw - m, sy + sh - m)]

        def clearance(p):
            return land.distance(Point((p[0] - fr.ox) / fr.s, (p[1] - fr.oy) / fr.s))
        cx, cy = max(corners, key=clearance)
        if clearance((cx, cy)) * fr.s < r * 0.8:
            return
        canvas.path(circle_ops(cx, cy, r * 0.62), stroke=Stroke(WAVE, 0.5))
        for k in range(8):
            a = k * math.pi / 4 - math.pi / 2
            long = r if k % 2 == 0 else r * 0.55
            w = r * 0.16
            tip = (cx + long * math.cos(a), cy + long * math.sin(a))
            left = (cx + w * math.cos(a - math.pi / 2), cy + w * math.sin(a - math.pi / 2))
            right = (cx + w * math.cos(a + math.pi / 2), cy + w * math.sin(a + math.pi / 2))
            canvas.path(polyline_ops([left, tip, (cx, cy)], closed=True), fill=(0.55, 0.6, 0.64))
            canvas.path(polyline_ops([right, tip, (cx, cy)], closed=True), fill=(1, 1, 1),
                        stroke=Stroke((0.55, 0.6, 0.64), 0.4))
        draw_label(canvas, cx, cy - r - 2, "N", "sans-bold", 7, (0.3, 0.33, 0.37), "middle")


@dataclass(frozen=True)
class CentreGridGeometry:
    """Where the centre grid's header, six value rows and total boxes sit (points).

    One description shared by the drawing and by the studio, which lays clickable columns
    and pencil marks over the very cells the sheet prints.
    """

    x: float
    y: float
    w: float
    h: float
    col_w: float
    head_h: float
    total_h: float
    cell_h: float

    @classmethod
    def of(cls, x: float, y: float, w: float, h: float) -> CentreGridGeometry:
        pad = 2.0 * MM
        x, y, w, h = x + pad, y + pad, w - 2 * pad, h - 2 * pad
        head_h, total_h = h * 0.15, h * 0.14
        return cls(x, y, w, h, w / 6, head_h, total_h, (h - head_h - total_h) / 6)

    def cell(self, column: int, row: int) -> tuple[float, float, float, float]:
        """The box of value row `row` (0-5) of `column` (0-5)."""
        return (self.x + column * self.col_w, self.y + self.head_h + row * self.cell_h,
                self.col_w, self.cell_h)


def draw_centre_grid(canvas: Canvas, island: Island, ruleset: Ruleset, x: float, y: float,
                     w: float, h: float) -> None:
    """The island centre: a symbol header per column, the six values, and a total box."""
    g = CentreGridGeometry.of(x, y, w, h)
    x, y, w, h = g.x, g.y, g.w, g.h
    col_w, head_h, total_h, cell_h = g.col_w, g.head_h, g.total_h, g.cell_h
    for c, symbol in enumerate(island.symbols):
        cx = x + c * col_w
        icon = min(col_w, head_h) * 0.78
        draw_icon(canvas, symbol, cx + (col_w - icon) / 2, y + (head_h - icon) / 2, icon, icon,
                  INK)
        for r, value in enumerate(ruleset.columns[c]):
            top = y + head_h + r * cell_h
            size = cell_h * 0.55
            draw_label(canvas, cx + col_w / 2, top + cell_h * 0.68, str(value), "serif",
                       size, INK, "middle")
        ty = y + head_h + 6 * cell_h + total_h * 0.12
        canvas.path(rect_ops(cx + col_w * 0.1, ty, col_w * 0.8, total_h * 0.8, 2.0),
                    fill=(0.93, 0.95, 0.9), stroke=Stroke(INK, 0.8))
    stroke = Stroke(BORDER, 0.5)
    for c in range(1, 6):
        gx = x + c * col_w
        canvas.path([("M", gx, y), ("L", gx, y + head_h + 6 * cell_h)], stroke=stroke)
    for r in range(0, 7):
        gy = y + head_h + r * cell_h
        canvas.path([("M", x, gy), ("L", x + w, gy)], stroke=stroke)


@register
class IslandText(Element):
    type_name = "captains_curse.island_text"
    description = "a line about the island: its name or the small print"
    params = {
        **ISLAND_SOURCE,
        "what": Param(Choice(options=("name", "small_print")), "name", ""),
        "x": Param(LENGTH, 0.0, "anchor x"),
        "y": Param(LENGTH, 0.0, "baseline y"),
        "font": Param(TEXT, "display", "a bundled font"),
        "size": Param(Number(minimum=2, maximum=200), 24.0, "points"),
        "w": Param(SIZE, None, "widest the line may be: a longer one shrinks (to half "
                                 "its size at most, never below 6 pt), else it is refused"),
        "color": Param(COLOR, "ink", ""),
        "align": Param(Choice(options=("left", "center", "right")), "center", ""),
    }

    def draw(self, canvas: Canvas, v: dict[str, Any], scope: Scope) -> None:
        data, note = island_source(v["island"], scope, v["seed"] if v["seed"] is not None
                                   else scope.names.get("seed"), v["difficulty"], self.pos)
        text = data["name"] if v["what"] == "name" else note
        if not text:
            return
        check_printable(text, v["font"], self.pos, f"island {v['what'].replace('_', ' ')}")
        size = v["size"]
        width = string_width(text, v["font"], size)
        if v["w"] is not None and width > v["w"]:
            # A long line shrinks, to half its size but never below 6 pt (the smallest text
            # a printed sheet carries); past that it is refused.
            size = max(min(size, max(size / 2, MIN_SIZE)), size * v["w"] / width)
            width = string_width(text, v["font"], size)
            if width > v["w"] + 0.01:
                raise SheetgenError(
                    f"the island {v['what'].replace('_', ' ')} {text!r} is "
                    f"{width / MM:.0f} mm long even at {size:.1f} pt; the sheet has "
                    f"{v['w'] / MM:.0f} mm", self.pos, hint="choose a shorter name")
        x = v["x"] - (width / 2 if v["align"] == "center" else width if v["align"] == "right"
                      else 0.0)
        canvas.text(x, v["y"], text, v["font"], size, v["color"])


@register
class CentreGrid(Element):
    type_name = "captains_curse.centre_grid"
    description = "the island centre on its own: symbol headers, 6 columns of values, totals"
    params = {
        **ISLAND_SOURCE,
        "island": Param(ANY, None, "island file path or data (for the symbol order)"),
        "x": Param(LENGTH, 0.0, "left of the grid box"),
        "y": Param(LENGTH, 0.0, "top of the grid box"),
        "w": Param(SIZE, "64mm", "grid box width"),
        "h": Param(SIZE, "66mm", "grid box height"),
        "frame": Param(BOOL, True, "draw the box around the grid"),
    }

    def draw(self, canvas: Canvas, v: dict[str, Any], scope: Scope) -> None:
        _map_box(v, self.pos)
        data, _ = island_source(v["island"], scope, v["seed"] if v["seed"] is not None
                                else scope.names.get("seed"), v["difficulty"], self.pos)
        if v["frame"]:
            canvas.path(rect_ops(v["x"], v["y"], v["w"], v["h"]), fill=(1.0, 1.0, 1.0),
                        stroke=Stroke(INK, 1.0))
        draw_centre_grid(canvas, _island(data, scope), Ruleset(), v["x"], v["y"], v["w"], v["h"])

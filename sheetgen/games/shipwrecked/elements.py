"""Layout element types of Shipwrecked! (the layout loader imports this module by name).

- `shipwrecked.island_tile`: one Desert Island tile: open sea, an island whose coastline
  comes from the Captain's Curse generator (same coast, colours and hand-drawn line, so the
  two games look like one family), a name, numbered spots where sailor dice stand, and a
  tally strip for the count at the end.
- `shipwrecked.die_labels`: a block of stickers for picture dice, one row of six faces per
  die, white pictures on black for the black crew and the other way round.
- `shipwrecked.silhouettes`: the six pictures as filled silhouettes at a die's size, the
  check a person makes that they stay distinct (pictures.py measures the same thing).

Everything is drawn here through the layout language's canvas; the tile's geometry comes
from `tiles.py` so tests can check it without drawing.
"""

from __future__ import annotations

from typing import Any

from sheetgen.canvas import MM
from sheetgen.canvas.draw import label as draw_label
from sheetgen.canvas.geometry import polyline_ops, rect_ops
from sheetgen.canvas.hand import hand_ops
from sheetgen.canvas.palette import INK
from sheetgen.canvas.protocol import Canvas, Stroke
from sheetgen.games.captains_curse.sheet.elements import (
    BORDER,
    LAND,
    WAVE,
    map_frame,
)
from sheetgen.layout.colors import legible
from sheetgen.layout.elements.base import Element, Scope, register
from sheetgen.layout.elements.icon import draw_icon
from sheetgen.layout.params import COLOR, LENGTH, SIZE, Choice, Number, Param

from .pictures import FACE_PICTURES, LABEL_SHARE, PICTURE_SHARE, silhouette
from .tiles import SPOT_MM, tile_geometry

BLACK = (0.08, 0.08, 0.09)
WHITE = (1.0, 1.0, 1.0)
CUT = (0.62, 0.62, 0.62)
SPOT_NUMBER = legible(BORDER, LAND)
"""The spots' numbers: the border's brown, darkened to 4.5:1 on the land (6 pt text)."""


@register
class IslandTile(Element):
    type_name = "shipwrecked.island_tile"
    description = "a Desert Island tile: sea, generated coast, name, dice spots, tally strip"
    params = {
        "x": Param(LENGTH, 0.0, "left edge of the tile"),
        "y": Param(LENGTH, 0.0, "top edge of the tile"),
        "size": Param(SIZE, "90mm", "side of the square tile"),
        "index": Param(Number(minimum=0, maximum=99, integer=True), 0,
                       "which island of the set (0-4; more make further islands)"),
        "seed": Param(Number(integer=True), None, "seed of the set; none: the layout's seed"),
        "sea": Param(COLOR, "#e6eff4", "sea colour"),
        "land": Param(COLOR, "#fbf6e8", "land colour"),
    }

    def draw(self, canvas: Canvas, v: dict[str, Any], scope: Scope) -> None:
        seed = int(v["seed"] if v["seed"] is not None else scope.names.get("seed") or 0)
        x, y, s = v["x"], v["y"], v["size"]
        g = tile_geometry(seed, int(v["index"]), s / MM)
        canvas.push()
        canvas.clip(rect_ops(x, y, s, s))
        canvas.path(rect_ops(x, y, s, s), fill=v["sea"])
        ix, iy, iw, ih = (c * MM for c in g.island_box)
        fr = map_frame(g.land, x + ix, y + iy, iw, ih)
        ring = g.land.buffer(1.8, quad_segs=4)
        canvas.path(polyline_ops(fr.pts(ring.exterior.coords[:-1]), closed=True),
                    stroke=Stroke(WAVE, 0.6))
        coast = hand_ops(fr.pt, g.land.exterior.coords[:-1], closed=True)
        canvas.path(coast, fill=v["land"])
        canvas.path(coast, stroke=Stroke(INK, 1.3, join=1))
        # Spots are placed in page millimetres (a die is 12 mm whatever the tile's scale).
        spot = SPOT_MM * MM
        for n, (sx, sy) in enumerate(g.spots, 1):
            px, py = x + sx * MM, y + sy * MM
            canvas.path(rect_ops(px, py, spot, spot, 1.6 * MM),
                        stroke=Stroke(BORDER, 0.6, dash=(2.0, 1.6)))
            draw_label(canvas, px + spot - 1.9 * MM, py + 2.9 * MM, str(n), "sans", 6.0,
                       SPOT_NUMBER, "middle")
        canvas.pop()
        canvas.path(rect_ops(x, y, s, s), stroke=Stroke(INK, 0.8))
        name_size = min(15.0, s / MM * 0.16)
        draw_label(canvas, x + s / 2, y + g.name_baseline * MM, g.name, "display",
                   name_size, INK, "middle")
        self._tally(canvas, x, y + g.tally_top * MM, s, g.tally_height * MM)

    def _tally(self, canvas: Canvas, x: float, top: float, s: float, h: float) -> None:
        """Two boxes to write each crew's sailors on this island at the end of the game."""
        pad = 3.0 * MM
        w = (s - 3 * pad) / 2
        for i, (crew, fill, ink) in enumerate((("BLACK", BLACK, WHITE), ("WHITE", WHITE, INK))):
            bx = x + pad + i * (w + pad)
            canvas.path(rect_ops(bx, top, w, h, 1.2 * MM), fill=WHITE, stroke=Stroke(INK, 0.7))
            tag = min(h, 11 * MM)
            canvas.path(rect_ops(bx, top, tag * 1.9, h, 1.2 * MM), fill=fill,
                        stroke=Stroke(INK, 0.7))
            draw_label(canvas, bx + tag * 0.95, top + h / 2 + 2.2, crew, "sans-bold", 6.2, ink,
                       "middle")


@register
class DieLabels(Element):
    type_name = "shipwrecked.die_labels"
    description = "stickers for picture dice: one row of six faces per die"
    params = {
        "x": Param(LENGTH, 0.0, "left edge of the block"),
        "y": Param(LENGTH, 0.0, "top edge of the block"),
        "die": Param(SIZE, "12mm", "the die's edge: 12mm sailors, 16mm captains"),
        "dice": Param(Number(minimum=1, maximum=200, integer=True), 30, "how many dice"),
        "per_row": Param(Number(minimum=1, maximum=10, integer=True), 2, "dice per row"),
        "faces_per_line": Param(Number(minimum=1, maximum=6, integer=True), 6,
                                "a die's faces per line (3: two lines of three)"),
        "gap": Param(SIZE, "1mm", "space between labels (cut along the grey lines)"),
        "crew": Param(Choice(options=("white", "black")), "white", "which crew's dice"),
    }

    def draw(self, canvas: Canvas, v: dict[str, Any], scope: Scope) -> None:
        label = v["die"] * LABEL_SHARE
        pitch = label + v["gap"]
        back, ink = (BLACK, WHITE) if v["crew"] == "black" else (WHITE, BLACK)
        pic = label * PICTURE_SHARE
        line = int(v["faces_per_line"])
        lines = -(-6 // line)
        for d in range(int(v["dice"])):
            row, col = divmod(d, int(v["per_row"]))
            for face, name in enumerate(FACE_PICTURES):
                down, across = divmod(face, line)
                lx = v["x"] + (col * line + across) * pitch + col * v["gap"] * 2
                ly = v["y"] + (row * lines + down) * pitch
                canvas.path(rect_ops(lx, ly, label, label), fill=back,
                            stroke=Stroke(CUT, 0.3))
                draw_icon(canvas, name, lx + (label - pic) / 2, ly + (label - pic) / 2,
                          pic, pic, ink)


@register
class Silhouettes(Element):
    type_name = "shipwrecked.silhouettes"
    description = "the six die pictures as filled silhouettes at a die's printed size"
    params = {
        "x": Param(LENGTH, 0.0, "left edge"),
        "y": Param(LENGTH, 0.0, "top edge"),
        "die": Param(SIZE, "12mm", "the die's edge"),
        "gap": Param(SIZE, "3mm", "space between pictures"),
        "per_row": Param(Number(minimum=1, maximum=6, integer=True), 6, "pictures per row"),
        "color": Param(COLOR, "ink", "fill colour"),
    }

    def draw(self, canvas: Canvas, v: dict[str, Any], scope: Scope) -> None:
        face = v["die"]
        for i, name in enumerate(FACE_PICTURES):
            shape = silhouette(name, face / MM)
            row, col = divmod(i, int(v["per_row"]))
            cx = v["x"] + col * (face + v["gap"]) + face / 2
            cy = v["y"] + row * (face + v["gap"]) + face / 2
            for poly in getattr(shape, "geoms", [shape]):
                pts = [(cx + px * MM, cy + py * MM) for px, py in poly.exterior.coords[:-1]]
                canvas.path(polyline_ops(pts, closed=True), fill=v["color"])

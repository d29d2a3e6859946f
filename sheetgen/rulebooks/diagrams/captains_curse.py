"""Captain's Curse figures: the island centre columns, marked as a player would mark them.

The column orders are the spec's R1 default; the end-game sheet is the source's example with
the R20 erratum, and its score is computed from the marks (`endgame_result`), never typed in.
"""

from __future__ import annotations

from dataclasses import dataclass

from sheetgen.render.backend import Stroke
from sheetgen.rulebooks.diagrams import register
from sheetgen.rulebooks.diagrams.draw import (
    INK,
    LIGHT,
    PAPER,
    PENCIL,
    RED,
    SAND,
    circle,
    icon,
    label,
    pencil_circle,
    pencil_x,
    polygon,
    rect,
)
from sheetgen.rulebooks.worked import (
    CC_COLUMNS,
    CC_ENDGAME_MARKS,
    CC_SYMBOLS,
    cc_endgame,
    cc_nested_sink,
)

SYMBOLS = CC_SYMBOLS
COLUMNS = CC_COLUMNS
ENDGAME_MARKS = CC_ENDGAME_MARKS


@dataclass(frozen=True)
class Grid:
    """Geometry of the island-centre grid as drawn in the rulebook."""

    x: float = 4.0
    y: float = 4.0
    cell_w: float = 34.0
    cell_h: float = 21.0
    header_h: float = 18.0

    def cell(self, col: int, row: int) -> tuple[float, float]:
        """Centre of a value cell."""
        return (
            self.x + (col + 0.5) * self.cell_w,
            self.y + self.header_h + (row + 0.5) * self.cell_h,
        )


def _draw_grid(canvas, grid: Grid, marks: tuple[str, ...], totals: list[str] | None) -> float:
    rows = 6 + (1 if totals is not None else 0)
    width = 6 * grid.cell_w
    height = grid.header_h + rows * grid.cell_h
    canvas.path(rect(grid.x, grid.y, width, height), fill=SAND, stroke=Stroke(INK, 1.2))
    thin = Stroke(INK, 0.5)
    for c in range(6):
        x = grid.x + c * grid.cell_w
        canvas.path(rect(x, grid.y, grid.cell_w, grid.header_h), fill=INK, stroke=thin)
        label(canvas, x + grid.cell_w / 2, grid.y + grid.header_h - 5.5, SYMBOLS[c],
              "sans-bold", 8, PAPER, "middle")
        for r in range(6):
            cx, cy = grid.cell(c, r)
            canvas.path(rect(cx - grid.cell_w / 2, cy - grid.cell_h / 2, grid.cell_w,
                             grid.cell_h), stroke=thin)
            label(canvas, cx, cy + 4, str(COLUMNS[c][r]), "serif-bold", 11, INK, "middle")
            mark = marks[c][r] if c < len(marks) else " "
            if mark == ".":
                pencil_circle(canvas, cx, cy, 8)
            elif mark == "X":
                pencil_x(canvas, cx, cy, 6.5)
        if totals is not None:
            cx, cy = grid.cell(c, 6)
            canvas.path(rect(cx - grid.cell_w / 2 + 2, cy - grid.cell_h / 2 + 2,
                             grid.cell_w - 4, grid.cell_h - 4), fill=PAPER,
                        stroke=Stroke(INK, 0.8))
            if totals[c]:
                label(canvas, cx, cy + 4.5, totals[c], "serif-bold", 12, RED, "middle")
    return height


@register("cc-column-marking")
def column_marking(canvas) -> tuple[float, float]:
    """The barrel column after taking a 5: the skipped 6 is crossed out, the 5 circled."""
    grid = Grid()
    width, height = 6 * grid.cell_w + 8, grid.header_h + 6 * grid.cell_h + 8
    canvas.begin_page(width, height)
    marks = ("X.    ",) + ("      ",) * 5
    _draw_grid(canvas, grid, marks, None)
    # Shade the untouched columns lightly so the eye goes to the barrel column.
    for c in range(1, 6):
        x = grid.x + c * grid.cell_w
        canvas.path(rect(x, grid.y + grid.header_h, grid.cell_w, 6 * grid.cell_h),
                    fill=LIGHT, opacity=0.45)
    return width, height


@register("cc-endgame")
def endgame(canvas) -> tuple[float, float]:
    """The end-game example sheet with every column total and the final score."""
    result = cc_endgame()
    grid = Grid()
    width = 6 * grid.cell_w + 8
    height = grid.header_h + 7 * grid.cell_h + 8 + 30
    canvas.begin_page(width, height)
    _draw_grid(canvas, grid, ENDGAME_MARKS, [str(t) for t in result.column_totals])
    y = grid.y + grid.header_h + 7 * grid.cell_h + 18
    total = sum(result.column_totals)
    line = f"Columns {total}   \u2212 {result.x_count} for X's   = final score {result.score}"
    label(canvas, width / 2, y, line, "sans-bold", 9.5, INK, "middle")
    return width, height


@register("cc-island-sink")
def island_sink(canvas) -> tuple[float, float]:
    """An excerpt of a generated island: line A's land has already sunk; line B is chosen now.

    The island is the one sheetgen's generator makes from `worked.CC_ISLAND_SEED`, so this is
    the kind of map the island sheets print.
    """
    from shapely.geometry import LineString, Polygon
    from shapely.ops import polylabel, unary_union

    example = cc_nested_sink()
    spaces = {s["id"]: s for s in example.island["spaces"]}
    polys = {sid: Polygon(s["polygon"]) for sid, s in spaces.items()}
    inner, outer = set(example.inner["region"]), set(example.outer["region"])
    focus = unary_union([polys[s] for s in outer] + [LineString(example.outer["path"])])
    x0, y0, x1, y1 = focus.buffer(14).bounds
    width = 300.0
    scale = width / (x1 - x0)
    height = (y1 - y0) * scale

    def pt(p):
        return ((p[0] - x0) * scale, (p[1] - y0) * scale)

    def ring(coords):
        return polygon([pt(p) for p in coords])

    canvas.begin_page(width, height)
    canvas.push()
    canvas.clip(rect(0, 0, width, height))
    canvas.path(rect(0, 0, width, height), fill=(0.90, 0.94, 0.96))
    land = unary_union(list(polys.values()))
    for piece in getattr(land, "geoms", [land]):
        canvas.path(ring(piece.exterior.coords[:-1]), fill=(0.985, 0.965, 0.91))
        for hole in piece.interiors:
            canvas.path(ring(hole.coords[:-1]), fill=PAPER)
    for sid, poly in polys.items():
        if sid in outer - inner:
            canvas.path(ring(poly.exterior.coords[:-1]), fill=(0.96, 0.80, 0.76))
        canvas.path(ring(poly.exterior.coords[:-1]), stroke=Stroke((0.52, 0.45, 0.36), 0.6))
    for piece in getattr(land, "geoms", [land]):
        canvas.path(ring(piece.exterior.coords[:-1]), stroke=Stroke(INK, 1.6, join=1))
    for line in example.island["sink_lines"]:
        if line["id"] not in (example.inner["id"], example.outer["id"]):
            canvas.path([("M", *pt(line["path"][0]))] + [("L", *pt(p)) for p in
                                                         line["path"][1:]],
                        stroke=Stroke(RED, 2.0, dash=(0.01, 4.0), cap=1, join=1))
    for sid, poly in polys.items():
        c = polylabel(poly, tolerance=0.05)
        cx, cy = pt((c.x, c.y))
        icon(canvas, spaces[sid]["symbol"], cx - 10, cy - 10, 20, INK)
    # Line A's land has already sunk: scribbled over in pencil, like on a played sheet.
    for sid in inner:
        poly = polys[sid]
        canvas.push()
        canvas.clip(ring(poly.exterior.coords[:-1]))
        bx0, by0, bx1, by1 = (v * scale for v in poly.bounds)
        bx0, bx1 = bx0 - x0 * scale, bx1 - x0 * scale
        by0, by1 = by0 - y0 * scale, by1 - y0 * scale
        k = bx0 - (by1 - by0)
        ops = []
        while k < bx1:
            ops += [("M", k, by1), ("L", k + (by1 - by0), by0)]
            k += 4.0
        canvas.path(ops, stroke=Stroke(PENCIL, 1.1, cap=1))
        canvas.pop()
    pairs = ((example.inner, example.outer, "A", Stroke(PENCIL, 2.0, dash=(5, 3), cap=1)),
             (example.outer, example.inner, "B", Stroke(RED, 3.2, cap=1, join=1)))
    for line, _other, _tag, style in pairs:
        path = [pt(p) for p in line["path"]]
        canvas.path([("M", *path[0])] + [("L", *p) for p in path[1:]], stroke=style)
    for line, other, tag, style in pairs:
        # Tag the longest stretch of the line that the other line does not share.
        shared = {tuple(p) for p in other["path"]}
        segments = [(a, b) for a, b in zip(line["path"], line["path"][1:], strict=False)
                    if not (tuple(a) in shared and tuple(b) in shared)]
        a, b = max(segments or [(line["path"][0], line["path"][-1])],
                   key=lambda seg: LineString(seg).length)
        (ax, ay), (bx, by) = pt(a), pt(b)
        mx, my = (ax + bx) / 2, (ay + by) / 2
        canvas.path(circle(mx, my, 8), fill=PAPER, stroke=Stroke(style.color, 1.2))
        label(canvas, mx, my + 3.8, tag, "sans-bold", 10, style.color, "middle")
    canvas.pop()
    canvas.path(rect(0, 0, width, height), stroke=Stroke(INK, 0.8))
    return width, height

"""Captain's Curse figures: the island centre columns, marked as a player would mark them.

The column orders are the spec's R1 default; the end-game sheet is the source's example with
the R20 erratum, and its score is computed from the marks (`endgame_result`), never typed in.
"""

from __future__ import annotations

from dataclasses import dataclass

from sheetgen.canvas.draw import (
    INK,
    PAPER,
    PENCIL,
    RED,
    arrow,
    circle,
    icon,
    label,
    pencil_circle,
    pencil_x,
    polygon,
    rect,
    rounded_rect,
)
from sheetgen.canvas.protocol import Stroke
from sheetgen.games.captains_curse.examples import (
    CC_COLUMNS,
    CC_ENDGAME_MARKS,
    CC_SYMBOLS,
    cc_endgame,
    cc_inland_sink,
    cc_nested_sink,
)
from sheetgen.rulebooks.diagrams import register

SYMBOLS = CC_SYMBOLS
COLUMNS = CC_COLUMNS
ENDGAME_MARKS = CC_ENDGAME_MARKS


@dataclass(frozen=True)
class SheetGrid:
    """Where the island sheet's centre grid put its cells (page points)."""

    cells: dict[tuple[int, int], tuple[float, float]]  # (column, row) -> centre
    totals: list[tuple[float, float]]  # centre of each column's total box
    cell_h: float


def _sheet_grid(canvas, x: float, y: float, w: float, h: float) -> SheetGrid:
    """Draw the centre grid with the island sheet's own drawing code, and find its cells.

    The grid is drawn by `draw_centre_grid` (the function the printed sheets use), recorded
    first so the cell positions can be read back from where it wrote each value: pencil
    marks then land on the right cells even if the sheet's proportions change.
    """
    from types import SimpleNamespace

    from sheetgen.assets.fonts import string_width
    from sheetgen.games.captains_curse.ruleset import Ruleset
    from sheetgen.games.captains_curse.sheet.elements import draw_centre_grid
    from sheetgen.render.recording import RecordingCanvas

    canvas.path(rounded_rect(x, y, w, h, 6), fill=PAPER, stroke=Stroke(INK, 1.0))
    ruleset = Ruleset(columns=COLUMNS)
    recording = RecordingCanvas()
    symbols = tuple(name.lower() for name in SYMBOLS)
    draw_centre_grid(recording, SimpleNamespace(symbols=symbols), ruleset, x, y, w, h)
    recording.replay(canvas)
    texts = [args for name, args in recording.calls if name == "text"]
    if len(texts) != 36:
        raise ValueError(f"the sheet's centre grid wrote {len(texts)} values, expected 36")
    cells = {}
    for k, (tx, baseline, text, font, size, *_rest) in enumerate(texts):
        column, row = divmod(k, 6)
        if text != str(COLUMNS[column][row]):
            raise ValueError("the sheet's centre grid is not in the expected column order")
        cells[(column, row)] = (tx + string_width(text, font, size) / 2, baseline - size * 0.36)
    # The total boxes: the filled shapes drawn below the last row of values.
    last_row = max(cy for _, cy in cells.values())
    totals = []
    for name, args in recording.calls:
        if name != "path" or args[1] is None:
            continue
        xs = [v for op in args[0] for v in op[1::2]]
        ys = [v for op in args[0] for v in op[2::2]]
        if xs and min(ys) > last_row:
            totals.append(((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2))
    if len(totals) != 6:
        raise ValueError(f"found {len(totals)} total boxes under the centre grid, expected 6")
    totals.sort()
    rows = sorted({round(cy, 3) for _, cy in cells.values()})
    return SheetGrid(cells, totals, rows[1] - rows[0])


def _mark(canvas, grid: SheetGrid, marks: tuple[str, ...]) -> None:
    radius = grid.cell_h * 0.4
    for (column, row), (cx, cy) in grid.cells.items():
        mark = marks[column][row] if column < len(marks) else " "
        if mark == ".":
            pencil_circle(canvas, cx, cy, radius)
        elif mark == "X":
            pencil_x(canvas, cx, cy, radius * 0.8)


GRID_W, GRID_H = 216.0, 200.0


@register("cc-column-marking")
def column_marking(canvas) -> tuple[float, float]:
    """The barrel column after taking a 5: the skipped 6 is crossed out, the 5 circled."""
    width, height = GRID_W + 8, GRID_H + 8
    canvas.begin_page(width, height)
    grid = _sheet_grid(canvas, 4, 4, GRID_W, GRID_H)
    _mark(canvas, grid, ("X.    ",) + ("      ",) * 5)
    return width, height


@register("cc-endgame")
def endgame(canvas) -> tuple[float, float]:
    """The end-game example sheet with every column total and the final score."""
    result = cc_endgame()
    width, height = GRID_W + 8, GRID_H + 8 + 26
    canvas.begin_page(width, height)
    grid = _sheet_grid(canvas, 4, 4, GRID_W, GRID_H)
    _mark(canvas, grid, ENDGAME_MARKS)
    for (cx, cy), total in zip(grid.totals, result.column_totals, strict=True):
        label(canvas, cx, cy + 4.5, str(total), "serif-italic", 13, PENCIL, "middle")
    total = sum(result.column_totals)
    line = f"Columns {total}   \u2212 {result.x_count} for X's   = final score {result.score}"
    label(canvas, width / 2, GRID_H + 8 + 18, line, "sans-bold", 9.5, INK, "middle")
    return width, height


@register("cc-island-sink")
def island_sink(canvas) -> tuple[float, float]:
    """An excerpt of a generated island: line A's land has already sunk; line B is chosen now.

    The island is the one sheetgen's generator makes from `examples.CC_ISLAND_SEED`, so this is
    the kind of map the island sheets print.
    """
    return _sink_excerpt(canvas, cc_nested_sink())


@register("cc-inland-sink")
def inland_sink(canvas) -> tuple[float, float]:
    """The same island: A's headland has sunk, so the dashed line B, whose arrow points into
    A's space, now runs from water to water and is chosen."""
    return _sink_excerpt(canvas, cc_inland_sink())


def _sink_excerpt(canvas, example) -> tuple[float, float]:
    from shapely.geometry import LineString, Polygon
    from shapely.ops import polylabel, unary_union

    from sheetgen.games.captains_curse.sheet.elements import into_space

    spaces = {s["id"]: s for s in example.island["spaces"]}
    polys = {sid: Polygon(s["polygon"]) for sid, s in spaces.items()}
    inner, outer = set(example.inner["region"]), set(example.outer["region"])
    focus = unary_union([polys[s] for s in outer | inner] + [LineString(example.outer["path"])])
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
                        stroke=Stroke(RED, 1.4, dash=(4.0, 3.0), cap=0, join=1)
                        if any(line["ends"]) else
                        Stroke(RED, 2.0, dash=(0.01, 4.0), cap=1, join=1))
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
    inland = any(example.outer["ends"])
    b_style = Stroke(RED, 3.2, dash=(9, 4), cap=0, join=1) if inland else \
        Stroke(RED, 3.2, cap=1, join=1)
    pairs = ((example.inner, example.outer, "A", Stroke(PENCIL, 2.0, dash=(5, 3), cap=1)),
             (example.outer, example.inner, "B", b_style))
    for line, _other, _tag, style in pairs:
        path = [pt(p) for p in line["path"]]
        canvas.path([("M", *path[0])] + [("L", *p) for p in path[1:]], stroke=style)
    # An inland end: the arrow into the space that had to sink first, as the sheet draws it.
    for end, listed in zip((example.outer["path"][0], example.outer["path"][-1]),
                           example.outer["ends"], strict=True):
        for sid in listed:
            dx, dy = into_space(polys[sid], (float(end[0]), float(end[1])))
            x, y = pt(end)
            arrow(canvas, x, y, x + dx * 16, y + dy * 16, RED, 3.2, head=9, half=5, stop=9,
                  cap=0)
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

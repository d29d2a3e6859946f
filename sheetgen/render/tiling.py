"""Poster tiling: a page larger than the paper (a game board) split across sheets that are
cut and glued into the whole.

Each sheet prints a window of the board inside a margin (the printer's border plus room for
labels). Neighbouring windows overlap by `overlap`: on each tile the strip along its right
and bottom seams is the glue strip (a dashed line marks where the neighbour's edge goes);
a tile with a neighbour to its left or above is cut along its art's edge there (ticks in the
margin) and laid on that neighbour's glue strip. Registration crosses are drawn at the same
board points on both tiles of a seam, so they lie on each other when the tiles sit right.
Every tile names itself (row letter, column number) and carries a small map of the poster
with its own place filled.
"""

from __future__ import annotations

import math
import string
from dataclasses import dataclass

from sheetgen.canvas import MM
from sheetgen.canvas.draw import REGISTRATION
from sheetgen.canvas.geometry import rect_ops
from sheetgen.canvas.pieces import HOME_MARGIN, Piece, SheetPlan, home_paper
from sheetgen.canvas.protocol import Canvas, PageBoxes, Stroke
from sheetgen.layout.document import Tiling  # the layout's `tile:` section

INK = REGISTRATION
GUIDE = Stroke((0.35, 0.35, 0.35), 0.4, dash=(3.0, 2.0))
REG = Stroke(INK, 0.3)


@dataclass(frozen=True)
class Tile:
    """One sheet's window on the board: (x0, y0)-(x1, y1) in board points, y down."""

    row: int
    col: int
    x0: float
    y0: float
    x1: float
    y1: float

    @property
    def name(self) -> str:
        return f"{row_letter(self.row)}{self.col + 1}"


def row_letter(row: int) -> str:
    """A, B, ... Z, AA, AB, ...: rows as spreadsheets name columns."""
    letters = ""
    row += 1
    while row:
        row, rest = divmod(row - 1, 26)
        letters = string.ascii_uppercase[rest] + letters
    return letters


def _spans(length: float, window: float, overlap: float) -> list[tuple[float, float]]:
    """Windows of `window` covering 0..length, each overlapping the next by `overlap`."""
    if length <= window + 1e-9:
        return [(0.0, length)]
    step = window - overlap
    n = math.ceil((length - overlap) / step - 1e-9)
    return [(i * step, min(i * step + window, length)) for i in range(n)]


def tile_plan(width: float, height: float, area: tuple[float, float],
              overlap: float) -> list[Tile]:
    """The tiles, row by row, for a board `width` x `height` and a printable `area` per
    sheet; neighbours overlap by exactly `overlap` (less only where the board is smaller)."""
    xs = _spans(width, area[0], overlap)
    ys = _spans(height, area[1], overlap)
    return [Tile(r, c, x0, y0, x1, y1) for r, (y0, y1) in enumerate(ys)
            for c, (x0, x1) in enumerate(xs)]


def sheet_for(tiling: Tiling, width: float, height: float) -> tuple[float, float]:
    """The sheet (width, height) to use: as given, or the orientation needing fewer tiles."""
    w, h = sorted((tiling.sheet_width, tiling.sheet_height))
    options = {"portrait": (w, h), "landscape": (h, w)}
    if tiling.orientation is not None:
        return options[tiling.orientation]

    def count(sheet: tuple[float, float]) -> int:
        area = (sheet[0] - 2 * tiling.margin, sheet[1] - 2 * tiling.margin)
        return len(tile_plan(width, height, area, tiling.overlap))

    return min(options.values(), key=count)  # portrait first: it wins ties


def draw_tiles(canvas: Canvas, tiling: Tiling, width: float, height: float,
               draw_board, title: str = "") -> int:
    """Every tile of one board page on its own sheet; `draw_board(canvas)` draws the board
    with its trim's top-left corner at (0, 0). Returns the number of sheets."""
    sw, sh = sheet_for(tiling, width, height)
    m, o = tiling.margin, tiling.overlap
    plan = tile_plan(width, height, (sw - 2 * m, sh - 2 * m), o)
    rows = max(t.row for t in plan) + 1
    cols = max(t.col for t in plan) + 1
    for tile in plan:
        tw, th = tile.x1 - tile.x0, tile.y1 - tile.y0
        art = (m, m, m + tw, m + th)
        canvas.begin_page(sw, sh, PageBoxes((0, 0, sw, sh), (0, 0, sw, sh), (0, 0, sw, sh)))
        canvas.page_plan(tile_plan_of(tile, art, (sw, sh)))
        canvas.push()
        canvas.clip(rect_ops(m, m, tw, th))
        canvas.transform(1, 0, 0, 1, m - tile.x0, m - tile.y0)
        draw_board(canvas)
        canvas.pop()
        _seams(canvas, tile, art, o, rows, cols)
        _label(canvas, tile, art, (sw, sh), m, rows, cols, title)
        canvas.end_page()
    return len(plan)


def tile_plan_of(tile: Tile, art: tuple[float, ...], sheet: tuple[float, float]
                 ) -> SheetPlan:
    """A tile is a home sheet whose one piece is its window on the board (y-up boxes). Its
    left and top edges are cut where it is laid on a neighbour's glue strip, but that cut is
    a join, not an edge of the finished board: the art (and any text) goes on across it on
    the neighbour, so it asks for neither bleed nor a safe zone."""
    sw, sh = sheet
    x0, y0, x1, y1 = art
    trim = (x0, sh - y1, x1, sh - y0)
    return SheetPlan(kind="home" if home_paper(sw, sh) else "shop", paper=home_paper(sw, sh),
                     pieces=(Piece(trim=trim, bleed=trim, cut=(False,) * 4),))


def _seams(canvas: Canvas, tile: Tile, art: tuple[float, ...], o: float, rows: int,
           cols: int) -> None:
    """Glue guides and registration crosses on the right/bottom seams, cut ticks on the
    left/top ones."""
    ax0, ay0, ax1, ay1 = art
    guides, ticks, marks = [], [], []
    tick = 4 * MM
    if tile.col < cols - 1:  # glue strip along the right edge
        gx = ax1 - o
        guides += [("M", gx, ay0), ("L", gx, ay1)]
        marks += [(ax1 - o / 2, ay0 + f * (ay1 - ay0)) for f in (0.25, 0.75)]
    if tile.row < rows - 1:  # glue strip along the bottom edge
        gy = ay1 - o
        guides += [("M", ax0, gy), ("L", ax1, gy)]
        marks += [(ax0 + f * (ax1 - ax0), ay1 - o / 2) for f in (0.25, 0.75)]
    if tile.col > 0:  # cut along the left edge of the art; it then overlaps the glue strip
        ticks += [("M", ax0, ay0 - 1 * MM), ("L", ax0, ay0 - 1 * MM - tick),
                  ("M", ax0, ay1 + 1 * MM), ("L", ax0, ay1 + 1 * MM + tick)]
        marks += [(ax0 + o / 2, ay0 + f * (ay1 - ay0)) for f in (0.25, 0.75)]
    if tile.row > 0:
        ticks += [("M", ax0 - 1 * MM, ay0), ("L", ax0 - 1 * MM - tick, ay0),
                  ("M", ax1 + 1 * MM, ay0), ("L", ax1 + 1 * MM + tick, ay0)]
        marks += [(ax0 + f * (ax1 - ax0), ay0 + o / 2) for f in (0.25, 0.75)]
    if guides:
        canvas.path(guides, stroke=GUIDE)
    if ticks:
        canvas.path(ticks, stroke=Stroke(INK, 0.5))
    for x, y in marks:
        _registration(canvas, x, y)


def _registration(canvas: Canvas, x: float, y: float) -> None:
    """A registration cross in a circle, white under black so it shows on any art."""
    r = 2.2 * MM
    k = 0.5523 * r
    circle = [("M", x + r, y), ("C", x + r, y + k, x + k, y + r, x, y + r),
              ("C", x - k, y + r, x - r, y + k, x - r, y),
              ("C", x - r, y - k, x - k, y - r, x, y - r),
              ("C", x + k, y - r, x + r, y - k, x + r, y), ("Z",)]
    cross = [("M", x - 1.6 * r, y), ("L", x + 1.6 * r, y), ("M", x, y - 1.6 * r),
             ("L", x, y + 1.6 * r)]
    canvas.path(circle + cross, stroke=Stroke((1.0, 1.0, 1.0), 1.2))
    canvas.path(circle + cross, stroke=REG)


def _label(canvas: Canvas, tile: Tile, art: tuple[float, ...], sheet: tuple[float, float],
           m: float, rows: int, cols: int, title: str) -> None:
    """Below the art: the tile's name, what to do with its edges, and the assembly map."""
    from sheetgen.assets.fonts import string_width

    ax0, _, _, ay1 = art
    sw = sheet[0]
    band = m - HOME_MARGIN  # the printable part of the bottom margin
    cell = min(2.5 * MM, (band - 2 * MM) / rows, 30 * MM / cols)
    mx = sw - m - cols * cell  # the assembly map at the right of the bottom margin
    my = ay1 + (band - rows * cell) / 2
    room = mx - ax0 - 5 * MM
    name = f"{tile.name}  ({tile.row + 1}/{rows} down, {tile.col + 1}/{cols} across)"
    size = max(6.0, min(8.0, (band - 1 * MM) * 0.45))
    canvas.text(ax0 + 2 * MM, ay1 + 1.5 * MM + size * 0.8, name, "sans-bold", size, INK)
    steps = []
    if tile.col > 0 or tile.row > 0:
        edges = " and ".join(e for e, on in (("left", tile.col > 0), ("top", tile.row > 0)) if on)
        steps.append(f"cut along the {edges} edge of the picture")
    if tile.col < cols - 1 or tile.row < rows - 1:
        steps.append("the next tiles' edges go on the dashed lines (glue there)")
    note = "; ".join(steps) or "one sheet: nothing to join"
    if title:
        note = f"{title}: {note}"
    small = size * 0.75
    width = string_width(note, "sans", small)
    if width > room:  # shrink to the room beside the map, never below 6 pt
        small = max(6.0, small * room / width)
    canvas.text(ax0 + 2 * MM, ay1 + 1.5 * MM + size * 0.8 + small * 1.3, note, "sans", small, INK)
    for r in range(rows):
        for c in range(cols):
            canvas.path(rect_ops(mx + c * cell, my + r * cell, cell, cell),
                        fill=INK if (r, c) == (tile.row, tile.col) else None,
                        stroke=Stroke(INK, 0.3))

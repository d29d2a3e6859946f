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
    RED,
    SAND,
    label,
    pencil_circle,
    pencil_x,
    rect,
)
from sheetgen.rulebooks.worked import CC_COLUMNS, CC_ENDGAME_MARKS, CC_SYMBOLS, cc_endgame

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

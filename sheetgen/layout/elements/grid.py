"""Grids and tables: rows and columns of boxes with merged cells and per-cell content."""

from __future__ import annotations

from typing import Any

from sheetgen.canvas.geometry import make_stroke, rect_ops
from sheetgen.canvas.protocol import Canvas
from sheetgen.errors import SheetgenError, did_you_mean
from sheetgen.layout.colors import parse_color
from sheetgen.layout.elements.base import Element, Scope, register
from sheetgen.layout.elements.icon import draw_icon
from sheetgen.layout.elements.text import fit_text
from sheetgen.layout.params import (
    COLOR,
    FONT,
    LENGTH,
    SIZE,
    Choice,
    Lengths,
    ListOf,
    Number,
    Param,
)
from sheetgen.layout.units import parse_length

CELL_KEYS = {"row", "col", "rowspan", "colspan", "text", "fill", "font", "size", "color",
             "align", "icon", "icon_color", "icon_size"}


@register
class Grid(Element):
    type_name = "grid"
    static = True
    description = "a table of boxes: column widths, row heights, merged cells, cell content"
    params = {
        "x": Param(LENGTH, 0.0, "left edge"),
        "y": Param(LENGTH, 0.0, "top edge"),
        "columns": Param(Lengths(), doc="column widths: [20mm, 12mm] or {count: 6, size: 12mm}"),
        "rows": Param(Lengths(), doc="row heights: [8mm, 8mm] or {count: 6, size: 8mm}"),
        "stroke": Param(COLOR, "ink", "rule colour"),
        "stroke_width": Param(SIZE, 0.5, "inner rule width"),
        "border_width": Param(SIZE, None, "outer border width (default: the rule width)"),
        "radius": Param(SIZE, 0.0, "rounded outer corners"),
        "fill": Param(COLOR, None, "background of every cell"),
        "header_rows": Param(Number(minimum=0, integer=True), 0, "rows filled as headers"),
        "header_fill": Param(COLOR, None, "background of header rows"),
        "header_color": Param(COLOR, None, "text colour in header rows"),
        "font": Param(FONT, "sans", "cell text font"),
        "size": Param(Number(minimum=1), 9.0, "cell text size in points"),
        "color": Param(COLOR, "ink", "cell text colour"),
        "align": Param(Choice(options=("left", "center", "right")), "center", ""),
        "padding": Param(SIZE, "1.2mm", "inner padding of cell text"),
        "cells": Param(ListOf(), [], "[{row, col, rowspan, colspan, text, fill, icon, ...}]"),
    }

    def draw(self, canvas: Canvas, v: dict[str, Any], scope: Scope) -> None:
        x0, y0 = v["x"], v["y"]
        col_x = [x0]
        for w in v["columns"]:
            col_x.append(col_x[-1] + w)
        row_y = [y0]
        for h in v["rows"]:
            row_y.append(row_y[-1] + h)
        n_rows, n_cols = len(v["rows"]), len(v["columns"])
        cells = [self._cell(c, i, n_rows, n_cols, scope) for i, c in enumerate(v["cells"])]
        width, height = col_x[-1] - x0, row_y[-1] - y0

        if v["fill"] is not None:
            canvas.path(rect_ops(x0, y0, width, height, v["radius"]), fill=v["fill"])
        if v["header_rows"] and v["header_fill"] is not None:
            hy = row_y[min(v["header_rows"], n_rows)]
            canvas.path(_top_rounded(x0, y0, width, hy - y0, v["radius"]), fill=v["header_fill"])
        owner: dict[tuple[int, int], int] = {}
        for k, c in enumerate(cells):
            for r in range(c["row"], c["row"] + c["rowspan"]):
                for q in range(c["col"], c["col"] + c["colspan"]):
                    owner[(r, q)] = k
            if c["fill"] is not None:
                cx, cy = col_x[c["col"]], row_y[c["row"]]
                cw = col_x[c["col"] + c["colspan"]] - cx
                ch = row_y[c["row"] + c["rowspan"]] - cy
                canvas.path(rect_ops(cx, cy, cw, ch), fill=c["fill"])

        def own(r: int, q: int) -> object:
            """The merged cell covering (r, q), or the unit cell itself when none does."""
            return owner.get((r, q), (r, q))

        stroke = make_stroke(v["stroke"], v["stroke_width"])
        if stroke is not None:
            ops: list = []
            for q in range(1, n_cols):  # inner vertical rules, broken where a cell spans
                ops.extend(_segments(
                    [(r, own(r, q - 1) != own(r, q)) for r in range(n_rows)],
                    lambda r, xq=col_x[q]: (xq, row_y[r]),
                    lambda r, xq=col_x[q]: (xq, row_y[r + 1])))
            for r in range(1, n_rows):
                ops.extend(_segments(
                    [(q, own(r - 1, q) != own(r, q)) for q in range(n_cols)],
                    lambda q, yr=row_y[r]: (col_x[q], yr),
                    lambda q, yr=row_y[r]: (col_x[q + 1], yr)))
            if ops:
                canvas.path(ops, stroke=stroke)
        border = make_stroke(v["stroke"], v["border_width"] if v["border_width"] is not None
                             else v["stroke_width"])
        if border is not None:
            canvas.path(rect_ops(x0, y0, width, height, v["radius"]), stroke=border)

        for c in cells:
            cx, cy = col_x[c["col"]], row_y[c["row"]]
            cw = col_x[c["col"] + c["colspan"]] - cx
            ch = row_y[c["row"] + c["rowspan"]] - cy
            header = c["row"] < v["header_rows"]
            color = c["color"] or (v["header_color"] if header and v["header_color"] else None) \
                or v["color"]
            if c["icon"]:
                s = c["icon_size"] or min(cw, ch) * 0.72
                draw_icon(canvas, c["icon"], cx + (cw - s) / 2, cy + (ch - s) / 2, s, s,
                          c["icon_color"] or color, self.raw.pos_of("cells"))
            if c["text"]:
                self._cell_text(canvas, c, v, cx, cy, cw, ch, color)

    def _cell_text(self, canvas: Canvas, c: dict, v: dict, cx: float, cy: float, cw: float,
                   ch: float, color: Any) -> None:
        font, size = c["font"] or v["font"], c["size"] or v["size"]
        pad = v["padding"]
        fit = fit_text(c["text"], font, size, cw - 2 * pad, None, min_size=5.0, leading=1.15)
        fit.draw(canvas, cx, cy, cw, ch, color, c["align"] or v["align"], "middle", pad=pad)

    def _cell(self, raw: Any, index: int, n_rows: int, n_cols: int, scope: Scope) -> dict:
        pos = self.raw.pos_of("cells")
        if isinstance(self.raw.get("cells"), list) and index < len(self.raw["cells"]):
            src = self.raw["cells"]
            pos = src.pos_of(index) if hasattr(src, "pos_of") else pos
        if not isinstance(raw, dict):
            raise SheetgenError("each grid cell must be a mapping like {row: 0, col: 1, text: A}",
                                pos)
        for key in raw:
            if key not in CELL_KEYS:
                raise SheetgenError(f"grid cell has no field '{key}'", pos,
                                    hint=did_you_mean(str(key), CELL_KEYS))
        try:
            row, col = int(raw.get("row", 0)), int(raw.get("col", 0))
            rowspan, colspan = int(raw.get("rowspan", 1)), int(raw.get("colspan", 1))
            size = raw.get("size")
            cell = {
                "row": row, "col": col, "rowspan": rowspan, "colspan": colspan,
                "text": "" if raw.get("text") is None else _as_text(raw["text"]),
                "fill": parse_color(raw.get("fill")),
                "font": FONT.convert(raw["font"], scope.unit) if "font" in raw else None,
                "size": float(size) if size is not None else None,
                "color": parse_color(raw["color"]) if "color" in raw else None,
                "align": raw.get("align"),
                "icon": raw.get("icon"),
                "icon_color": parse_color(raw["icon_color"]) if "icon_color" in raw else None,
                "icon_size": parse_length(raw["icon_size"], scope.unit)
                if "icon_size" in raw else None,
            }
        except (ValueError, TypeError, OverflowError) as err:  # int(None), int(inf), float([1])
            raise SheetgenError(f"grid cell: {err}", pos,
                                hint="row, col, rowspan, colspan and size are numbers") from None
        if not (0 <= row and 0 <= col and row + rowspan <= n_rows and col + colspan <= n_cols
                and rowspan >= 1 and colspan >= 1):
            raise SheetgenError(
                f"grid cell at row {row}, col {col} (span {rowspan}x{colspan}) lies outside the "
                f"{n_rows}x{n_cols} grid", pos, hint="rows and columns count from 0")
        if cell["align"] not in (None, "left", "center", "right"):
            raise SheetgenError(f"grid cell align '{cell['align']}' is not left, center or right",
                                pos)
        return cell


def _as_text(value: Any) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _segments(flags: list[tuple[int, bool]], start, end) -> list:
    """Join consecutive drawn pieces of one rule into single segments."""
    ops: list = []
    run_start = None
    for index, (k, draw) in enumerate(flags):
        if draw and run_start is None:
            run_start = k
        last = index == len(flags) - 1
        if run_start is not None and (not draw or last):
            stop = k if draw else flags[index - 1][0]
            ops.append(("M", *start(run_start)))
            ops.append(("L", *end(stop)))
            run_start = None
    return ops


def _top_rounded(x: float, y: float, w: float, h: float, r: float) -> list:
    """A box whose top corners follow the grid's rounded border."""
    if r <= 0:
        return rect_ops(x, y, w, h)
    ops = rect_ops(x, y, w, h + r, r)  # keep its top edge and corners, square off the bottom
    return ops[:4] + [("L", x + w, y + h), ("L", x, y + h), ("L", x, y + r),
                                     ops[-2], ("Z",)]

"""A layout drawn for the screen: one data row as one card, as SVG pages (front, and back
when the layout has one), through the same drawing backend as the PDF. Used by the studio
to show a layout or a game's printed piece while it is being changed."""

from __future__ import annotations

from dataclasses import replace

from sheetgen.errors import LayoutWarning, Position
from sheetgen.layout.document import Layout, Row
from sheetgen.render.compose import compose
from sheetgen.render.svg import SvgCanvas


def one_card(layout: Layout, index: int = 0) -> Layout:
    """The layout for data row `index` alone, drawn as one card per page: no imposition,
    tiling or crop marks (its `copies:` ignored)."""
    row = layout.rows[index] if layout.rows else Row({}, Position(str(layout.path)), 1)
    fields = {k: v for k, v in row.fields.items() if k != "copies"}
    return replace(layout, imposition=None, tile=None,
                   rows=[Row(fields, row.pos, row.number)],
                   page=replace(layout.page, crop_marks=False))


def svg_pages(layout: Layout, index: int = 0,
              warnings: list[LayoutWarning] | None = None) -> list[str]:
    """Row `index` of `layout` as SVG documents: the front, then the back if any. Page
    numbers and warnings count it as page index+1 of the whole document."""
    total = max(len(layout.rows), 1)
    canvas = SvgCanvas()
    compose(one_card(layout, index), canvas, warnings=warnings, numbering=(index, total))
    return [canvas.page_svg(i).decode("utf-8") for i in range(canvas.page_count)]

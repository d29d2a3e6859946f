"""What a layout file means once read: page geometry, imposition, backs, tiling, data rows and
the `Layout` that holds them with the parsed elements. Plain dataclasses; nothing here reads
a file (`sheetgen.layout.document.load_layout` fills them) or draws.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sheetgen.errors import Position
from sheetgen.layout.elements.base import Component, Element, Scope
from sheetgen.layout.source import Mapping
from sheetgen.layout.units import PT_PER


@dataclass
class PageSpec:
    """Trim size and print geometry, in points."""

    width: float
    height: float
    bleed: float = 3.0 * PT_PER["mm"]
    margin: float = 5.0 * PT_PER["mm"]
    crop_marks: bool = False
    colorspace: str = "rgb"
    shape: str = "rect"
    """The piece's outline: rect, rounded (corners of `corner`) or circle (die-cut tokens)."""
    corner: float = 0.0
    background: tuple[float, float, float] | None = None


@dataclass
class Imposition:
    """Several trimmed layouts on one printer sheet, with cut marks."""

    sheet_width: float
    sheet_height: float
    across: int
    down: int
    gap: float = 0.0
    cut_marks: bool = True
    cut_outline: bool = False
    """Draw a thin guide along each piece's outline (`cut: outline` or `both`)."""
    margin: float = 0.0
    """The sheet's unprinted border: the slots (with their bleed) must fit inside it."""
    duplex: str = "long-edge"
    """How the printer turns the sheet for the back: about its long or its short edge."""
    back_offset: tuple[float, float] = (0.0, 0.0)
    """Points to move every back by (x, y as seen on the back), to undo a printer's shift."""

    @property
    def per_sheet(self) -> int:
        return self.across * self.down


@dataclass
class Back:
    """What is printed behind every page: elements drawn with the page's own names (its data
    row, `page`), on the page background unless `background` is given."""

    elements: list[Element]
    background: tuple[float, float, float] | None
    pos: Position
    layout: Layout | None = None
    """A whole layout used as the back (`back: {layout: file.yaml}`): its elements are drawn
    with its own vars, styles and components, and the front page's row and `page`."""


@dataclass
class Row:
    """One data row: its fields, where it was written, and its 1-based number in the data."""

    fields: dict[str, Any]
    pos: Position
    number: int

    def label(self) -> str:
        """`row 3, 'Black Bart'`: the number and the first field, for error messages."""
        first = next(iter(self.fields.values()), None) if self.fields else None
        text = f"row {self.number}"
        if first is not None and not isinstance(first, (dict, list)):
            shown = str(first)
            text += f", '{shown[:40]}{'...' if len(shown) > 40 else ''}'"
        return text


@dataclass(frozen=True)
class Tiling:
    """The `tile:` section: sheets to split a large page over (points; drawn by
    `sheetgen.render.tiling`). `sheet_height` >= 0 given; when
    `orientation` is None the orientation needing fewer sheets is chosen."""

    sheet_width: float
    sheet_height: float
    orientation: str | None = None
    overlap: float = 10.0 * PT_PER["mm"]
    margin: float = 13.0 * PT_PER["mm"]


@dataclass
class Layout:
    path: Path
    name: str
    description: str
    page: PageSpec
    imposition: Imposition | None
    unit: str
    names: dict[str, Any]
    styles: dict[str, Mapping]
    components: dict[str, Component]
    rows: list[Row]
    """The data rows with their positions; `data` is their fields."""
    elements: list[Element]
    back: Back | None = None
    tile: Tiling | None = None
    """Split each page over several sheets (a poster or board; sheetgen.render.tiling)."""
    colorspace: str = "rgb"
    """rgb, or cmyk: every colour written as inks (sheetgen.layout.colors)."""
    pdfx: str = "x4"
    """The PDF/X standard a CMYK file is made to (sheetgen.render.pdfx.STANDARDS)."""

    @property
    def data(self) -> list[dict[str, Any]]:
        """The data rows' fields, one mapping per row. Setting it (a pad filling a sheet
        with its islands) replaces the rows; their positions are then the layout file."""
        return [row.fields for row in self.rows]

    @data.setter
    def data(self, rows: list[dict[str, Any]]) -> None:
        self.rows = [Row(d, Position(str(self.path)), i + 1) for i, d in enumerate(rows)]

    def copies_of(self) -> list[tuple[Row, int]]:
        """Each row with the number of pages it makes (its `copies:` field, default 1)."""
        return [(row, row.fields.get("copies", 1)) for row in self.rows]

    def page_rows(self, count: int = 1) -> list[Row]:
        """Every page's row in print order: the whole data `count` times (pads), each row
        repeated by its `copies:`."""
        one = [row for row, n in self.copies_of() for _ in range(n)]
        return one * count

    def scope(self) -> Scope:
        return Scope(dict(self.names), self.unit, self.styles, self.components, self.path.parent)


def page_names(page: PageSpec, index: int, count: int) -> dict[str, Any]:
    """The `page.*` names of page `index` of `count` (sizes in mm and in points)."""
    mm = PT_PER["mm"]
    return {
        "index": index, "number": index + 1, "count": count,
        "width": page.width / mm, "height": page.height / mm,
        "margin": page.margin / mm, "bleed": page.bleed / mm,
        "width_pt": page.width, "height_pt": page.height, "bleed_pt": page.bleed,
    }

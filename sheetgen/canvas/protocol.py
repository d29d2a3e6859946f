"""The drawing backend protocol: the only interface that draws anything.

Everything sheetgen prints (layouts, game elements such as island maps, rulebook diagrams)
goes through `Canvas`. Coordinates are PostScript points in a y-down space whose origin is the
top-left corner of the media box, the way designers measure a page; backends flip as their
format needs. Values arriving here are final: units converted, styles resolved.

Implementations live in `sheetgen.render`: `pdf.PdfCanvas` (reportlab), `svg.SvgCanvas`
(diagrams for rulebooks) and `recording.RecordingCanvas` (a test double that logs calls as
text).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from sheetgen.canvas.pieces import SheetPlan

MM = 72.0 / 25.4
"""Points per millimetre: the one conversion constant (`sheetgen.canvas.MM`)."""

Color = tuple[float, float, float]
"""RGB, each 0..1."""

# Path operations: ("M", x, y), ("L", x, y), ("C", x1, y1, x2, y2, x, y), ("Z",)
PathOp = tuple


@dataclass(frozen=True)
class Stroke:
    color: Color = (0.0, 0.0, 0.0)
    width: float = 0.5
    dash: tuple[float, ...] | None = None  # on/off lengths in points; None is solid
    cap: int = 0  # 0 butt, 1 round, 2 square (PDF values)
    join: int = 0  # 0 miter, 1 round, 2 bevel


@dataclass(frozen=True)
class PageBoxes:
    """Page boxes in points, as (x0, y0, x1, y1) in PDF's y-up space of the media box."""

    media: tuple[float, float, float, float]
    bleed: tuple[float, float, float, float]
    trim: tuple[float, float, float, float]


class Canvas(Protocol):
    def begin_page(self, width: float, height: float, boxes: PageBoxes | None = None) -> None:
        """Start a page of the given media size (points)."""

    def page_plan(self, plan: SheetPlan) -> None:
        """Say what the current page is for (`sheetgen.canvas.pieces`): kept by the PDF
        backend for `sheetgen preflight`, ignored by the others."""

    def end_page(self) -> None: ...

    def push(self) -> None:
        """Save the graphics state (transform, clip)."""

    def pop(self) -> None: ...

    def transform(self, a: float, b: float, c: float, d: float, e: float, f: float) -> None:
        """Concatenate an affine matrix to the current (y-down) transform."""

    def clip(self, ops: list[PathOp]) -> None:
        """Intersect the clip with a path (non-zero winding)."""

    def path(
        self,
        ops: list[PathOp],
        fill: Color | None = None,
        stroke: Stroke | None = None,
        opacity: float = 1.0,
        even_odd: bool = False,
    ) -> None:
        """Fill and/or stroke a path."""

    def text(self, x: float, y: float, s: str, font: str, size: float, color: Color,
             opacity: float = 1.0) -> None:
        """Draw one line of text, baseline starting at (x, y). `font` is a bundled font name."""

    def image(self, path: str, x: float, y: float, w: float, h: float) -> None:
        """Place a raster image (PNG/JPEG) in the box (x, y, w, h)."""

    def begin_form(self, key: str) -> bool:
        """Start recording reusable artwork under `key`; False if `key` already exists
        (then the caller skips drawing and just uses it)."""

    def end_form(self) -> None: ...

    def use_form(self, key: str) -> None:
        """Draw the artwork recorded under `key` at the current transform."""

    def finish(self) -> bytes:
        """Close the document and return its bytes."""

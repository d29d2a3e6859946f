"""Where recorded artwork lands: a Canvas that only measures.

Figures that show an excerpt of a layout replay just the recorded blocks that reach into the
excerpt; everything else would be clipped away anyway but would still cost weasyprint time
to draw. `BoundsCanvas` follows the transform stack and collects the page-space bounding box
of paths and text (text by its advance width and size), which is all that decision needs.
"""

from __future__ import annotations

from sheetgen.assets.fonts import string_width
from sheetgen.canvas.geometry import IDENTITY, Matrix, concat
from sheetgen.canvas.protocol import PageBoxes


def _mul(m: Matrix, n: Matrix) -> Matrix:
    """m then n... as PDF 'cm': the new CTM is n x m (n applied first)."""
    return concat(n, m)


class BoundsCanvas:
    """Implements the drawing calls recordings replay; records only a bounding box."""

    def __init__(self) -> None:
        self.ctm: Matrix = IDENTITY
        self._stack: list[Matrix] = []
        self.box: tuple[float, float, float, float] | None = None

    def _add(self, x: float, y: float) -> None:
        a, b, c, d, e, f = self.ctm
        px, py = a * x + c * y + e, b * x + d * y + f
        if self.box is None:
            self.box = (px, py, px, py)
        else:
            x0, y0, x1, y1 = self.box
            self.box = (min(x0, px), min(y0, py), max(x1, px), max(y1, py))

    def begin_page(self, width: float, height: float, boxes: PageBoxes | None = None) -> None:
        pass

    def page_plan(self, plan: object) -> None:
        pass

    def end_page(self) -> None:
        pass

    def push(self) -> None:
        self._stack.append(self.ctm)

    def pop(self) -> None:
        self.ctm = self._stack.pop()

    def transform(self, a: float, b: float, c: float, d: float, e: float, f: float) -> None:
        self.ctm = _mul(self.ctm, (a, b, c, d, e, f))

    def clip(self, ops) -> None:
        pass

    def path(self, ops, fill=None, stroke=None, opacity: float = 1.0,
             even_odd: bool = False) -> None:
        for op in ops:
            coords = op[1:]
            for i in range(0, len(coords), 2):
                self._add(coords[i], coords[i + 1])

    def text(self, x: float, y: float, s: str, font: str, size: float, color,
             opacity: float = 1.0) -> None:
        self._add(x, y - size)
        self._add(x + string_width(s, font, size), y + size * 0.3)

    def image(self, path: str, x: float, y: float, w: float, h: float) -> None:
        self._add(x, y)
        self._add(x + w, y + h)

    def begin_form(self, key: str) -> bool:
        return True

    def end_form(self) -> None:
        pass

    def use_form(self, key: str) -> None:
        pass

    def finish(self) -> bytes:
        return b""


def reaches(recording, area: tuple[float, float, float, float]) -> bool:
    """Whether a recording draws anything inside `area` (x0, y0, x1, y1, page points)."""
    canvas = BoundsCanvas()
    recording.replay(canvas)
    if canvas.box is None:
        return False
    x0, y0, x1, y1 = canvas.box
    ax0, ay0, ax1, ay1 = area
    return x0 <= ax1 and x1 >= ax0 and y0 <= ay1 and y1 >= ay0

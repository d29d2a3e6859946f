"""Small drawing helpers shared by rulebook diagrams and game pieces: shapes as path ops,
measured text, die faces, arrows, icons.

Everything here produces protocol path ops or calls `Canvas` methods, so the same helpers
would draw into a PDF as well as into SVG.
"""

from __future__ import annotations

import math

from sheetgen.assets.fonts import string_width
from sheetgen.canvas.geometry import (
    circle_ops,
    ellipse_ops,
    make_stroke,
    polyline_ops,
    rect_ops,
    rotation,
)
from sheetgen.canvas.palette import INK as INK  # the one ink; figures import it from here too
from sheetgen.canvas.protocol import Canvas, Color, PathOp, Stroke

REGISTRATION: Color = (0.0, 0.0, 0.0)
"""Pure black for marks a printer or a cutter must register against (tile crosses, the duplex
calibration scale): never the warm ink."""
PAPER: Color = (1.0, 1.0, 1.0)
SEA: Color = (0.78, 0.87, 0.92)
SAND: Color = (0.96, 0.91, 0.78)
RED: Color = (0.70, 0.13, 0.10)
PENCIL: Color = (0.25, 0.25, 0.32)
GREY: Color = (0.55, 0.55, 0.55)
LIGHT: Color = (0.90, 0.90, 0.90)


def rect(x: float, y: float, w: float, h: float) -> list[PathOp]:
    return rect_ops(x, y, w, h)


def rounded_rect(x: float, y: float, w: float, h: float, r: float) -> list[PathOp]:
    return rect_ops(x, y, w, h, r)


def circle(cx: float, cy: float, r: float) -> list[PathOp]:
    return circle_ops(cx, cy, r)


def ellipse(cx: float, cy: float, rx: float, ry: float) -> list[PathOp]:
    return ellipse_ops(cx, cy, rx, ry)


def polygon(points: list[tuple[float, float]]) -> list[PathOp]:
    return polyline_ops(points, closed=True)


def polyline(points: list[tuple[float, float]]) -> list[PathOp]:
    return polyline_ops(points)


def pencil_x(canvas: Canvas, cx: float, cy: float, r: float, color: Color = PENCIL) -> None:
    """A hand-drawn-looking X: two slightly uneven strokes."""
    stroke = Stroke(color=color, width=1.4, cap=1)
    canvas.path([("M", cx - r, cy - r * 0.9), ("L", cx + r * 0.95, cy + r)], stroke=stroke)
    canvas.path([("M", cx + r, cy - r), ("L", cx - r * 0.9, cy + r * 0.95)], stroke=stroke)


def pencil_circle(canvas: Canvas, cx: float, cy: float, r: float, color: Color = PENCIL) -> None:
    """A pencil ring, slightly oval, the way a player circles a number."""
    canvas.path(ellipse(cx, cy, r * 1.08, r * 0.95), stroke=Stroke(color=color, width=1.2))


def text_width(s: str, font: str, size: float) -> float:
    """Advance width of `s` in points, as the bundled font's metrics give it."""
    return string_width(s, font, size)


def label(
    canvas: Canvas, x: float, y: float, s: str, font: str = "sans", size: float = 9,
    color: Color = INK, anchor: str = "start",
) -> float:
    """Draw text with its baseline at y, anchored start/middle/end at x; returns its width."""
    width = text_width(s, font, size)
    shift = {"start": 0.0, "middle": width / 2, "end": width}[anchor]
    canvas.text(x - shift, y, s, font, size, color)
    return width


PIPS: dict[int, tuple[tuple[int, int], ...]] = {
    1: ((1, 1),),
    2: ((0, 0), (2, 2)),
    3: ((0, 0), (1, 1), (2, 2)),
    4: ((0, 0), (2, 0), (0, 2), (2, 2)),
    5: ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)),
    6: ((0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)),
}
"""Pip centres on a 3x3 lattice (0..2), per face value."""


def draw_die(canvas: Canvas, value: int, x: float, y: float, size: float, fill: Color | None,
             stroke: Color | None, pip: Color | None, stroke_width: float,
             radius: float | None = None) -> None:
    """The one die face: a rounded square (corner 16% of the size unless `radius`) with
    vector pips (value 0: blank), as the layout's `die` element and every figure draw it."""
    r = size * 0.16 if radius is None else radius
    canvas.path(rect_ops(x, y, size, size, r), fill=fill,
                stroke=make_stroke(stroke, stroke_width))
    pip_r = size * 0.095
    inset = size * 0.25
    step = (size - 2 * inset) / 2
    ops: list = []
    for col, row in PIPS.get(value, ()):
        ops.extend(circle_ops(x + inset + col * step, y + inset + row * step, pip_r))
    if ops:
        canvas.path(ops, fill=pip)


def die_face(
    canvas: Canvas, x: float, y: float, size: float, value: int, dark: bool = False,
    color: Color | None = None,
) -> None:
    """A die seen from above with its pips (white die, black die, or coloured)."""
    body = color if color is not None else (INK if dark else PAPER)
    pip = PAPER if dark or color is not None else INK
    draw_die(canvas, value, x, y, size, body, INK, pip, 0.8)


ARROW_ANGLE = 0.4
"""Half the angle of an arrow's default head, radians (about 23 degrees)."""


def arrow(canvas: Canvas, x0: float, y0: float, x1: float, y1: float,
          color: Color = INK, width: float = 1.0, *, head: float | None = None,
          half: float | None = None, stop: float = 0.0, cap: int = 1) -> None:
    """The one arrow: a shaft from (x0, y0) towards the tip (x1, y1) and a filled triangle
    at the tip, `head` long along the shaft and `2 * half` wide at its base. The shaft
    stops `stop` short of the tip (0: it runs under the head to the tip; `head`: it meets the
    head's base, as a butt-capped pointer does) and has PDF line cap `cap`.

    Without `head`/`half` the head grows with the line: a triangle of sides 5 + 2 * width
    at ARROW_ANGLE either side of the shaft (a figure's arrow); callers that must draw the
    same mark at two scales (a sink line's inland end on the sheet and in the rulebook, the
    Voodoo board's compass arrows) give both."""
    length = math.hypot(x1 - x0, y1 - y0)
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    side = 5 + width * 2
    h = side * math.cos(ARROW_ANGLE) if head is None else head
    w = side * math.sin(ARROW_ANGLE) if half is None else half
    canvas.path(polyline([(x0, y0), (x1 - ux * stop, y1 - uy * stop)]),
                stroke=Stroke(color=color, width=width, cap=cap))
    bx, by = x1 - ux * h, y1 - uy * h
    canvas.path(polygon([(x1, y1), (bx - uy * w, by + ux * w), (bx + uy * w, by - ux * w)]),
                fill=color)


ICONS_USED: set[str] = set()
"""Icons drawn since the last reset: the colophon credits their artists."""


def icon(canvas: Canvas, name: str, x: float, y: float, size: float,
         color: Color = INK, *, height: float | None = None, rotate: float = 0.0) -> None:
    """The one icon drawer: a library icon fitted into the box at (x, y), `size` wide and
    `height` (default `size`) tall, aspect kept, turned `rotate` degrees clockwise about the
    box centre; every icon drawn is recorded for the colophon's credits (ICONS_USED)."""
    from sheetgen.assets.icons import get_icon

    glyph = get_icon(name)
    ICONS_USED.add(name)
    h = size if height is None else height
    if rotate:
        canvas.push()
        cx, cy = x + size / 2, y + h / 2
        a, b, c, d, _, _ = rotation(rotate)
        canvas.transform(a, b, c, d, cx - a * cx - c * cy, cy - b * cx - d * cy)
    canvas.path(glyph.placed(x, y, size, h), fill=color, even_odd=glyph.even_odd)
    if rotate:
        canvas.pop()


def icon_credits() -> list[str]:
    """Attribution lines for every icon drawn since the last reset, sorted."""
    from sheetgen.assets.icons import get_icon

    return sorted({get_icon(name).credit for name in ICONS_USED})

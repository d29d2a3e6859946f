"""Small drawing helpers shared by rulebook diagrams and game pieces: shapes as path ops,
measured text, die faces, arrows, icons.

Everything here produces protocol path ops or calls `Canvas` methods, so the same helpers
would draw into a PDF as well as into SVG.
"""

from __future__ import annotations

import math

from sheetgen.assets.fonts import string_width
from sheetgen.canvas.protocol import Canvas, Color, PathOp, Stroke

INK: Color = (0.13, 0.11, 0.09)
PAPER: Color = (1.0, 1.0, 1.0)
SEA: Color = (0.78, 0.87, 0.92)
SAND: Color = (0.96, 0.91, 0.78)
RED: Color = (0.70, 0.13, 0.10)
PENCIL: Color = (0.25, 0.25, 0.32)
GREY: Color = (0.55, 0.55, 0.55)
LIGHT: Color = (0.90, 0.90, 0.90)
K = 0.5522847498  # circle-by-Bezier constant


def rect(x: float, y: float, w: float, h: float) -> list[PathOp]:
    return [("M", x, y), ("L", x + w, y), ("L", x + w, y + h), ("L", x, y + h), ("Z",)]


def rounded_rect(x: float, y: float, w: float, h: float, r: float) -> list[PathOp]:
    k = r * (1 - K)
    return [
        ("M", x + r, y), ("L", x + w - r, y), ("C", x + w - k, y, x + w, y + k, x + w, y + r),
        ("L", x + w, y + h - r), ("C", x + w, y + h - k, x + w - k, y + h, x + w - r, y + h),
        ("L", x + r, y + h), ("C", x + k, y + h, x, y + h - k, x, y + h - r),
        ("L", x, y + r), ("C", x, y + k, x + k, y, x + r, y), ("Z",),
    ]


def circle(cx: float, cy: float, r: float) -> list[PathOp]:
    c = r * K
    return [
        ("M", cx + r, cy), ("C", cx + r, cy + c, cx + c, cy + r, cx, cy + r),
        ("C", cx - c, cy + r, cx - r, cy + c, cx - r, cy),
        ("C", cx - r, cy - c, cx - c, cy - r, cx, cy - r),
        ("C", cx + c, cy - r, cx + r, cy - c, cx + r, cy), ("Z",),
    ]


def ellipse(cx: float, cy: float, rx: float, ry: float) -> list[PathOp]:
    cxk, cyk = rx * K, ry * K
    return [
        ("M", cx + rx, cy), ("C", cx + rx, cy + cyk, cx + cxk, cy + ry, cx, cy + ry),
        ("C", cx - cxk, cy + ry, cx - rx, cy + cyk, cx - rx, cy),
        ("C", cx - rx, cy - cyk, cx - cxk, cy - ry, cx, cy - ry),
        ("C", cx + cxk, cy - ry, cx + rx, cy - cyk, cx + rx, cy), ("Z",),
    ]


def polygon(points: list[tuple[float, float]]) -> list[PathOp]:
    ops: list[PathOp] = [("M", *points[0])]
    ops += [("L", *p) for p in points[1:]]
    ops.append(("Z",))
    return ops


def polyline(points: list[tuple[float, float]]) -> list[PathOp]:
    return [("M", *points[0])] + [("L", *p) for p in points[1:]]


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


def die_face(
    canvas: Canvas, x: float, y: float, size: float, value: int, dark: bool = False,
    color: Color | None = None,
) -> None:
    """A die seen from above with its pips (white die, black die, or coloured)."""
    body = color if color is not None else (INK if dark else PAPER)
    pip = PAPER if dark or color is not None else INK
    canvas.path(rounded_rect(x, y, size, size, size * 0.18), fill=body,
                stroke=Stroke(color=INK, width=0.8))
    spots = {
        1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
        4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
        5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
        6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)],
    }[value]
    cx, cy, step = x + size / 2, y + size / 2, size * 0.26
    for dx, dy in spots:
        canvas.path(circle(cx + dx * step, cy + dy * step, size * 0.085), fill=pip)


def arrow(canvas: Canvas, x0: float, y0: float, x1: float, y1: float,
          color: Color = INK, width: float = 1.0) -> None:
    """A straight arrow from (x0, y0) to (x1, y1)."""
    canvas.path([("M", x0, y0), ("L", x1, y1)], stroke=Stroke(color=color, width=width, cap=1))
    angle = math.atan2(y1 - y0, x1 - x0)
    head = 5 + width * 2
    left = (x1 - head * math.cos(angle - 0.4), y1 - head * math.sin(angle - 0.4))
    right = (x1 - head * math.cos(angle + 0.4), y1 - head * math.sin(angle + 0.4))
    canvas.path(polygon([(x1, y1), left, right]), fill=color)


def pointer(canvas: Canvas, x: float, y: float, dx: float, dy: float, length: float,
            head: float, half: float, color: Color = INK, width: float = 1.0) -> None:
    """An arrow from (x, y) along the unit direction (dx, dy) whose tip lies `length` away:
    a butt-capped shaft up to a `head`-long triangle `2 * half` wide. Unlike `arrow`, the
    head is sized by the caller, so a sheet and a figure can draw the same mark at
    their own scales (a sink line's inland end)."""
    tip = (x + dx * length, y + dy * length)
    back = length - head
    base = (x + dx * back, y + dy * back)
    canvas.path(polyline([(x, y), base]), stroke=Stroke(color=color, width=width))
    canvas.path(polygon([tip, (base[0] - dy * half, base[1] + dx * half),
                         (base[0] + dy * half, base[1] - dx * half)]), fill=color)


ICONS_USED: set[str] = set()
"""Icons drawn since the last reset: the colophon credits their artists."""


def icon(canvas: Canvas, name: str, x: float, y: float, size: float,
         color: Color = INK) -> None:
    """A library icon in the size x size box at (x, y)."""
    from sheetgen.assets.icons import get_icon

    glyph = get_icon(name)
    ICONS_USED.add(name)
    canvas.path(glyph.placed(x, y, size, size), fill=color, even_odd=glyph.even_odd)


def icon_credits() -> list[str]:
    """Attribution lines for every icon drawn since the last reset, sorted."""
    from sheetgen.assets.icons import get_icon

    return sorted({get_icon(name).credit for name in ICONS_USED})

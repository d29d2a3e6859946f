"""Path construction shared by every element: boxes, circles, polylines, dash patterns."""

from __future__ import annotations

import math

from sheetgen.canvas.protocol import Color, PathOp, Stroke

KAPPA = 0.5522847498307936  # cubic Bezier handle length for a quarter circle


def rect_ops(x: float, y: float, w: float, h: float, r: float = 0.0) -> list[PathOp]:
    if r <= 0:
        return [("M", x, y), ("L", x + w, y), ("L", x + w, y + h), ("L", x, y + h), ("Z",)]
    r = min(r, w / 2, h / 2)
    k = r * KAPPA
    return [
        ("M", x + r, y),
        ("L", x + w - r, y),
        ("C", x + w - r + k, y, x + w, y + r - k, x + w, y + r),
        ("L", x + w, y + h - r),
        ("C", x + w, y + h - r + k, x + w - r + k, y + h, x + w - r, y + h),
        ("L", x + r, y + h),
        ("C", x + r - k, y + h, x, y + h - r + k, x, y + h - r),
        ("L", x, y + r),
        ("C", x, y + r - k, x + r - k, y, x + r, y),
        ("Z",),
    ]


def ellipse_ops(cx: float, cy: float, rx: float, ry: float) -> list[PathOp]:
    kx, ky = rx * KAPPA, ry * KAPPA
    return [
        ("M", cx + rx, cy),
        ("C", cx + rx, cy + ky, cx + kx, cy + ry, cx, cy + ry),
        ("C", cx - kx, cy + ry, cx - rx, cy + ky, cx - rx, cy),
        ("C", cx - rx, cy - ky, cx - kx, cy - ry, cx, cy - ry),
        ("C", cx + kx, cy - ry, cx + rx, cy - ky, cx + rx, cy),
        ("Z",),
    ]


def circle_ops(cx: float, cy: float, r: float) -> list[PathOp]:
    return ellipse_ops(cx, cy, r, r)


def polyline_ops(points: list[tuple[float, float]], closed: bool = False) -> list[PathOp]:
    ops: list[PathOp] = [("M", *points[0])]
    ops.extend(("L", x, y) for x, y in points[1:])
    if closed:
        ops.append(("Z",))
    return ops


def make_stroke(color: Color | None, width: float, dash: str | tuple[float, ...] = "solid",
                cap: int | None = None, join: int = 1) -> Stroke | None:
    """A Stroke, or None when there is nothing to stroke. Dotted lines get round dots."""
    if color is None or width <= 0:
        return None
    pattern: tuple[float, ...] | None
    if dash == "dashed":
        pattern, default_cap = (width * 4, width * 3), 0
    elif dash == "dotted":
        pattern, default_cap = (0.0, width * 2.2), 1
    elif dash == "solid" or dash is None:
        pattern, default_cap = None, 0
    else:
        pattern, default_cap = tuple(dash), 0
    return Stroke(color=color, width=width, dash=pattern,
                  cap=default_cap if cap is None else cap, join=join)


def rotation(deg: float) -> tuple[float, float, float, float, float, float]:
    rad = math.radians(deg)
    c, s = math.cos(rad), math.sin(rad)
    return (c, s, -s, c, 0.0, 0.0)


def bbox(ops: list[PathOp]) -> tuple[float, float, float, float]:
    xs: list[float] = []
    ys: list[float] = []
    for op in ops:
        coords = op[1:]
        xs.extend(coords[0::2])
        ys.extend(coords[1::2])
    return (min(xs), min(ys), max(xs), max(ys))


Matrix = tuple[float, float, float, float, float, float]
"""An affine matrix [a b c d e f] as PDF writes it (x' = a x + c y + e, y' = b x + d y + f)."""

IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


def concat(first: Matrix, then: Matrix) -> Matrix:
    """The matrix applying `first`, then `then` (PDF: `first cm` inside a CTM `then` gives
    concat(first, then))."""
    a, b, c, d, e, f = first
    A, B, C, D, E, F = then
    return (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D,
            e * A + f * C + E, e * B + f * D + F)

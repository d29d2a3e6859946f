"""Lines drawn as by a steady hand: long segments bow gently, the same way every time.

The Captain's Curse island sheet and the Shipwrecked desert island tiles draw coasts, cell
borders and sink lines with `hand_ops`. The bow of a segment is a pure function of its
unordered endpoints (seeded SplitMix64, `sheetgen.splitmix`), so two cells sharing a border
and a line running along it draw the very same curve and nothing ever gaps.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence

from sheetgen.canvas.protocol import PathOp
from sheetgen.splitmix import SplitMix64

WOBBLE = 0.08  # a border bows by up to this share of its length, as if drawn by hand
WOBBLE_MIN = 3.0  # mm: shorter segments (the coast's own wiggles) stay straight

Point = tuple[float, float]


def bow(p: Point, q: Point) -> Point | None:
    """The control point of a segment's gentle curve (mm), or None for a straight one."""
    a, b = (p, q) if p <= q else (q, p)
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy)
    if length < WOBBLE_MIN or abs(dx) < 0.01 or abs(dy) < 0.01:
        return None  # short, or on the centre box: straight
    key = (round(a[0] * 100) * 1_000_003 + round(a[1] * 100)) * 1_000_033 + \
        round(b[0] * 100) * 1_009 + round(b[1] * 100)
    off = (SplitMix64(key).random() - 0.5) * 2 * WOBBLE * length
    return ((a[0] + b[0]) / 2 - dy / length * off, (a[1] + b[1]) / 2 + dx / length * off)


def hand_ops(pt: Callable[[Point], Point], points: Iterable[Sequence[float]],
             closed: bool) -> list[PathOp]:
    """Path ops through `points` (mm; `pt` maps a point to the page), long segments bowed
    as by a steady hand (see `bow`)."""
    pts = [tuple(p) for p in points]
    ops: list[PathOp] = [("M", *pt(pts[0]))]
    pairs = list(zip(pts, pts[1:] + pts[:1], strict=True)) if closed else \
        list(zip(pts, pts[1:], strict=False))
    for p, q in pairs:
        c = bow(p, q)
        if c is None:
            ops.append(("L", *pt(q)))
            continue
        c1 = (p[0] + 2 / 3 * (c[0] - p[0]), p[1] + 2 / 3 * (c[1] - p[1]))
        c2 = (q[0] + 2 / 3 * (c[0] - q[0]), q[1] + 2 / 3 * (c[1] - q[1]))
        ops.append(("C", *pt(c1), *pt(c2), *pt(q)))
    if closed:
        ops.append(("Z",))
    return ops

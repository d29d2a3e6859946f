"""Boxes, lines, polylines, polygons and circles."""

from __future__ import annotations

from typing import Any

from sheetgen.canvas.geometry import circle_ops, make_stroke, polyline_ops, rect_ops
from sheetgen.canvas.protocol import Canvas
from sheetgen.layout.elements.base import Element, Scope, register
from sheetgen.layout.params import (
    BOOL,
    COLOR,
    DASH,
    LENGTH,
    SIZE,
    Number,
    Param,
    Points,
)

PAINT = {
    "fill": Param(COLOR, None, "fill colour, e.g. '#f3e7c9', or none"),
    "stroke": Param(COLOR, None, "outline colour, or none"),
    "stroke_width": Param(SIZE, 0.8, "outline width, e.g. 0.3mm or 1pt"),
    "dash": Param(DASH, "solid", "solid, dashed, dotted, or a list of on/off lengths"),
    "opacity": Param(Number(minimum=0, maximum=1), 1.0, "0 (invisible) to 1 (opaque)"),
}

BOX = {
    "x": Param(LENGTH, 0.0, "left edge, from the trim's left edge"),
    "y": Param(LENGTH, 0.0, "top edge, from the trim's top edge"),
    "w": Param(SIZE, doc="width, e.g. 40mm"),
    "h": Param(SIZE, doc="height, e.g. 12mm"),
}


def paint(canvas: Canvas, ops: list, v: dict[str, Any], closed: bool = True) -> None:
    stroke = make_stroke(v["stroke"], v["stroke_width"], v["dash"])
    fill = v["fill"] if closed else None
    if fill is None and stroke is None:
        return
    canvas.path(ops, fill=fill, stroke=stroke, opacity=v["opacity"])


@register
class Rect(Element):
    type_name = "rect"
    static = True
    description = "a box, square or rounded, filled and/or outlined"
    params = {
        **BOX,
        "radius": Param(SIZE, 0.0, "corner radius for a rounded box"),
        "bleed": Param(BOOL, False, "extend edges that touch the trim into the bleed"),
        **PAINT,
    }

    def draw(self, canvas: Canvas, v: dict[str, Any], scope: Scope) -> None:
        x, y, w, h = v["x"], v["y"], v["w"], v["h"]
        if v["bleed"]:
            x, y, w, h = _extend_into_bleed(x, y, w, h, scope)
        paint(canvas, rect_ops(x, y, w, h, v["radius"]), v)


def _extend_into_bleed(x: float, y: float, w: float, h: float,
                       scope: Scope) -> tuple[float, float, float, float]:
    """Edges lying on the trim edge move out by the bleed, so cutting leaves no white hairline.
    Positions are compared on the trim (through the scope's origin, so a box inside a moved
    group counts where it really is); inside a rotated or scaled group nothing is extended."""
    page = scope.names.get("page", {})
    bleed = page.get("bleed_pt", 0.0)
    tw, th = page.get("width_pt", 0.0), page.get("height_pt", 0.0)
    if scope.origin is None or not bleed:
        return x, y, w, h
    ox, oy = scope.origin
    eps = 0.01
    x0, y0, x1, y1 = x, y, x + w, y + h
    if x0 + ox <= eps:
        x0 -= bleed
    if y0 + oy <= eps:
        y0 -= bleed
    if x1 + ox >= tw - eps:
        x1 += bleed
    if y1 + oy >= th - eps:
        y1 += bleed
    return x0, y0, x1 - x0, y1 - y0


@register
class Polyline(Element):
    type_name = "polyline"
    static = True
    description = "an open path through a list of points"
    params = {
        "points": Param(Points(minimum=2), doc="[[x, y], [x, y], ...]"),
        **{k: p for k, p in PAINT.items() if k != "fill"},
        "stroke": Param(COLOR, "ink", "line colour"),
    }
    max_points: int | None = None

    def draw(self, canvas: Canvas, v: dict[str, Any], scope: Scope) -> None:
        v["fill"] = None
        paint(canvas, polyline_ops(v["points"][: self.max_points]), v, closed=False)


@register
class Line(Polyline):
    """A polyline that draws only its first two points."""

    type_name = "line"
    static = True
    description = "a straight line between two points"
    params = {**Polyline.params,
              "points": Param(Points(minimum=2), doc="[[x1, y1], [x2, y2]]")}
    max_points = 2


@register
class Polygon(Element):
    type_name = "polygon"
    static = True
    description = "a closed shape through a list of points"
    params = {
        "points": Param(Points(minimum=3), doc="[[x, y], [x, y], [x, y], ...]"),
        **PAINT,
    }

    def draw(self, canvas: Canvas, v: dict[str, Any], scope: Scope) -> None:
        paint(canvas, polyline_ops(v["points"], closed=True), v)


@register
class Circle(Element):
    type_name = "circle"
    static = True
    description = "a circle given by its centre and radius"
    params = {
        "cx": Param(LENGTH, doc="centre x"),
        "cy": Param(LENGTH, doc="centre y"),
        "r": Param(SIZE, doc="radius"),
        **PAINT,
    }

    def draw(self, canvas: Canvas, v: dict[str, Any], scope: Scope) -> None:
        paint(canvas, circle_ops(v["cx"], v["cy"], v["r"]), v)

"""Icons from the bundled vector library, and die faces with vector pips."""

from __future__ import annotations

from typing import Any

from sheetgen.assets.icons import get_icon
from sheetgen.canvas.geometry import circle_ops, make_stroke, rect_ops
from sheetgen.canvas.protocol import Canvas, Color
from sheetgen.errors import Position, SheetgenError
from sheetgen.layout.elements.base import Element, Scope, register
from sheetgen.layout.params import COLOR, LENGTH, SIZE, TEXT, Number, Param


def draw_icon(canvas: Canvas, name: str, x: float, y: float, w: float, h: float,
              color: Color | None, pos: Position | None = None, rotate: float = 0.0) -> None:
    """Draw a library icon fitted into the box (aspect kept: icons live in a unit square)."""
    try:
        icon = get_icon(name)
    except SheetgenError as err:
        raise SheetgenError(err.message, pos or err.position, hint=err.hint) from None
    s = min(w, h)
    ox, oy = x + (w - s) / 2, y + (h - s) / 2
    ops = [(op[0], *[ox + c * s if i % 2 == 0 else oy + c * s
                      for i, c in enumerate(op[1:])]) for op in icon.ops]
    if rotate:
        canvas.push()
        cx, cy = x + w / 2, y + h / 2
        from sheetgen.canvas.geometry import rotation

        a, b, c, d, _, _ = rotation(rotate)
        canvas.transform(a, b, c, d, cx - a * cx - c * cy, cy - b * cx - d * cy)
    canvas.path(ops, fill=color if color is not None else (0.12, 0.1, 0.09),
                even_odd=icon.even_odd)
    if rotate:
        canvas.pop()


@register
class Icon(Element):
    type_name = "icon"
    description = "a named vector symbol from the icon library, sized and coloured"
    params = {
        "name": Param(TEXT, doc="icon name, e.g. skull, barrel (`sheetgen icons` lists them)"),
        "x": Param(LENGTH, 0.0, "left edge of the icon's box"),
        "y": Param(LENGTH, 0.0, "top edge of the icon's box"),
        "size": Param(SIZE, doc="width and height of the icon's box, e.g. 12mm"),
        "color": Param(COLOR, "ink", "fill colour"),
        "rotate": Param(Number(), 0.0, "degrees, clockwise, about the box centre"),
    }

    def check(self, ctx: Any) -> None:
        name = self.raw.get("name")
        if isinstance(name, str) and "${" not in name:
            try:
                get_icon(name)
            except SheetgenError as err:
                raise SheetgenError(err.message, self.raw.pos_of("name"), hint=err.hint) from None

    def draw(self, canvas: Canvas, v: dict[str, Any], scope: Scope) -> None:
        draw_icon(canvas, v["name"], v["x"], v["y"], v["size"], v["size"], v["color"],
                  self.raw.pos_of("name"), v["rotate"])


# Pip centres on a 3x3 lattice (0..2), per face value.
PIPS: dict[int, tuple[tuple[int, int], ...]] = {
    1: ((1, 1),),
    2: ((0, 0), (2, 2)),
    3: ((0, 0), (1, 1), (2, 2)),
    4: ((0, 0), (2, 0), (0, 2), (2, 2)),
    5: ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)),
    6: ((0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)),
}


def draw_die(canvas: Canvas, value: int, x: float, y: float, size: float, fill: Color | None,
             stroke: Color | None, pip: Color | None, stroke_width: float,
             radius: float | None = None) -> None:
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


@register
class Die(Element):
    type_name = "die"
    description = "a six-sided die face (1-6; 0 for blank) with vector pips"
    params = {
        "value": Param(Number(minimum=0, maximum=6, integer=True), doc="face value 1-6, 0 blank"),
        "x": Param(LENGTH, 0.0, "left edge"),
        "y": Param(LENGTH, 0.0, "top edge"),
        "size": Param(SIZE, doc="edge length, e.g. 10mm"),
        "fill": Param(COLOR, "white", "face colour"),
        "stroke": Param(COLOR, "ink", "outline colour"),
        "stroke_width": Param(SIZE, 0.8, "outline width"),
        "pip": Param(COLOR, "ink", "pip colour"),
        "radius": Param(SIZE, None, "corner radius (default: 16% of size)"),
    }

    def draw(self, canvas: Canvas, v: dict[str, Any], scope: Scope) -> None:
        draw_die(canvas, v["value"], v["x"], v["y"], v["size"], v["fill"], v["stroke"],
                 v["pip"], v["stroke_width"], v["radius"])

"""Icons from the bundled vector library, and die faces with vector pips."""

from __future__ import annotations

from typing import Any

from sheetgen.assets.icons import get_icon
from sheetgen.canvas.draw import draw_die, icon
from sheetgen.canvas.palette import INK
from sheetgen.canvas.protocol import Canvas, Color
from sheetgen.errors import Position, SheetgenError
from sheetgen.layout.elements.base import Element, Scope, register
from sheetgen.layout.params import COLOR, LENGTH, SIZE, TEXT, Number, Param


def draw_icon(canvas: Canvas, name: str, x: float, y: float, w: float, h: float,
              color: Color | None, pos: Position | None = None, rotate: float = 0.0) -> None:
    """Draw a library icon fitted into the box (aspect kept: icons live in a unit square),
    through the one icon drawer (`canvas.draw.icon`, which records its credit); an unknown
    name is an error at `pos`."""
    try:
        get_icon(name)
    except SheetgenError as err:
        raise SheetgenError(err.message, pos or err.position, hint=err.hint) from None
    icon(canvas, name, x, y, w, color if color is not None else INK, height=h,
         rotate=rotate)


@register
class Icon(Element):
    type_name = "icon"
    static = True
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


@register
class Die(Element):
    type_name = "die"
    static = True
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

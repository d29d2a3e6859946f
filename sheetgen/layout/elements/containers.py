"""Groups, repeats and components: the elements that hold other elements."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sheetgen.canvas.geometry import rect_ops, rotation
from sheetgen.canvas.protocol import Canvas
from sheetgen.errors import SheetgenError, did_you_mean
from sheetgen.layout.elements.base import Element, ParseContext, Scope, register
from sheetgen.layout.params import ANY, LENGTH, TEXT, Kind, Number, Param


def _apply_transform(canvas: Canvas, x: float, y: float, rotate: float, scale: float) -> None:
    canvas.transform(1, 0, 0, 1, x, y)
    if rotate:
        canvas.transform(*rotation(rotate))
    if scale != 1:
        canvas.transform(scale, 0, 0, scale, 0, 0)


TRANSFORM = {
    "x": Param(LENGTH, 0.0, "move the contents right by this much"),
    "y": Param(LENGTH, 0.0, "move the contents down by this much"),
    "rotate": Param(Number(), 0.0, "degrees clockwise about the group's origin (x, y)"),
    "scale": Param(Number(minimum=0.001), 1.0, "scale factor"),
}


@register
class Group(Element):
    type_name = "group"
    static = True
    description = "elements moved, rotated and scaled together; optionally clipped"
    has_children = True
    params = {
        **TRANSFORM,
        "clip": Param(ANY, None, "[w, h]: clip the contents to this box at the origin"),
    }

    def draw(self, canvas: Canvas, v: dict[str, Any], scope: Scope) -> None:
        canvas.push()
        _apply_transform(canvas, v["x"], v["y"], v["rotate"], v["scale"])
        if v["clip"] is not None:
            from sheetgen.layout.params import Point

            try:
                w, h = Point().convert(v["clip"], scope.unit)
            except ValueError as err:
                raise SheetgenError(f"group.clip: {err}", self.raw.pos_of("clip")) from None
            canvas.clip(rect_ops(0, 0, w, h))
        self.render_children(canvas, scope.moved(v["x"], v["y"], v["rotate"], v["scale"]))
        canvas.pop()


@register
class Repeat(Element):
    """`count` copies, or one per item of `over`; copy i is offset by i * (dx, dy), wrapping to a
    new row every `wrap` copies (offset by the row's (row_dx, row_dy))."""

    type_name = "repeat"
    static = True
    description = "elements repeated n times with an offset, or once per item of a list"
    has_children = True
    params = {
        "count": Param(Number(minimum=0, maximum=10000, integer=True), None, "how many copies"),
        "over": Param(ANY, None, "a list (or ${expression}) to repeat over"),
        "as": Param(TEXT, "item", "name of the current item in expressions"),
        "index": Param(TEXT, "i", "name of the current copy number (from 0)"),
        "x": Param(LENGTH, 0.0, "origin x"),
        "y": Param(LENGTH, 0.0, "origin y"),
        "dx": Param(LENGTH, 0.0, "offset between copies, across"),
        "dy": Param(LENGTH, 0.0, "offset between copies, down"),
        "wrap": Param(Number(minimum=1, integer=True), None, "copies per row"),
        "row_dx": Param(LENGTH, 0.0, "offset between rows, across"),
        "row_dy": Param(LENGTH, 0.0, "offset between rows, down"),
    }

    def check(self, ctx: ParseContext) -> None:
        if ("count" in self.raw) == ("over" in self.raw):
            raise SheetgenError("repeat needs exactly one of 'count' or 'over'", self.pos,
                                hint="count: 6  or  over: ${players}")

    def draw(self, canvas: Canvas, v: dict[str, Any], scope: Scope) -> None:
        items = list(range(v["count"])) if v["count"] is not None else v["over"]
        if not isinstance(items, list):
            raise SheetgenError(f"repeat.over must be a list, got {type(items).__name__}",
                                self.raw.pos_of("over"))
        wrap = v["wrap"] or max(len(items), 1)
        budget = scope.budget
        if budget is not None:  # the copies count against repeat_product before any is drawn
            budget.enter(self.pos, len(items))
        try:
            for i, item in enumerate(items):
                col, row = i % wrap, i // wrap
                ox = v["x"] + col * v["dx"] + row * v["row_dx"]
                oy = v["y"] + col * v["dy"] + row * v["row_dy"]
                inner = scope.child(**{v["index"]: i, v["as"]: item,
                                       f"{v['index']}_col": col, f"{v['index']}_row": row}
                                    ).moved(ox, oy)
                canvas.push()
                canvas.transform(1, 0, 0, 1, ox, oy)
                try:
                    for child in self.children:
                        child.render(canvas, inner)
                except SheetgenError as err:  # say which copy failed: item i and its value
                    err.message += f" (repeat item {i}{_shown(item)})"
                    err.args = (err.message,)
                    raise
                canvas.pop()
        finally:
            if budget is not None:
                budget.leave(len(items))


def _shown(item: Any) -> str:
    """`, 'Black Bart'`: a repeat item (or the first field of a mapping item) for messages."""
    if isinstance(item, dict):
        item = next(iter(item.values()), None)
    if item is None or isinstance(item, (dict, list)):
        return ""
    text = str(item)
    return f", '{text[:40]}{'...' if len(text) > 40 else ''}'"


@register
class Use(Element):
    type_name = "use"
    description = "place a named component, with values for its variables"
    params = {
        "component": Param(TEXT, doc="a name defined under 'components:'"),
        "with": Param(Kind(label="mapping"), {}, "values for the component's variables"),
        **TRANSFORM,
    }

    def check(self, ctx: ParseContext) -> None:
        name = self.raw.get("component")
        if isinstance(name, str) and "${" not in name and name not in ctx.components:
            raise SheetgenError(f"unknown component '{name}'", self.raw.pos_of("component"),
                                hint=did_you_mean(name, ctx.components)
                                or "define it under 'components:' in this layout or an include")
        if not isinstance(self.raw.get("with", {}), dict):
            raise SheetgenError("'with' must be a mapping of variable: value",
                                self.raw.pos_of("with"))
        component = ctx.components.get(name) if isinstance(name, str) else None
        given = self.raw.get("with", {})
        if component is not None and isinstance(given, Mapping):
            for key in given:
                if key not in component.defaults:
                    raise SheetgenError(
                        f"component '{name}' has no variable '{key}'",
                        given.key_pos_of(key) if hasattr(given, "key_pos_of")
                        else self.raw.pos_of("with"),
                        hint=did_you_mean(str(key), component.defaults)
                        or f"declare it under the component's vars: ({name}: {{vars: "
                           f"{{{key}: ...}}}})")

    def draw(self, canvas: Canvas, v: dict[str, Any], scope: Scope) -> None:
        component = scope.components.get(v["component"])
        if component is None:
            raise SheetgenError(f"unknown component '{v['component']}'",
                                self.raw.pos_of("component"),
                                hint=did_you_mean(v["component"], scope.components))
        names = dict(component.defaults)
        given = v["with"] or {}
        if not isinstance(given, dict) or not all(isinstance(k, str) for k in given):
            raise SheetgenError("'with' must map variable names to values",
                                self.raw.pos_of("with"))
        names.update(given)
        inner = scope.child(**names).moved(v["x"], v["y"], v["rotate"], v["scale"])
        canvas.push()
        _apply_transform(canvas, v["x"], v["y"], v["rotate"], v["scale"])
        self.render_children(canvas, inner, component.elements)
        canvas.pop()

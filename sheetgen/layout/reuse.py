"""The sections of a layout that name things to reuse: `vars:` (with the command line's
`--set` overrides), `components:` (which may place one another, never in a circle) and
`back:` (elements, a component, or a whole other layout drawn behind every page).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from sheetgen.errors import Position, SheetgenError, did_you_mean
from sheetgen.layout.colors import parse_color
from sheetgen.layout.elements.base import (
    Component,
    Element,
    ParseContext,
    Scope,
    parse_elements,
    resolve_value,
)
from sheetgen.layout.model import Back
from sheetgen.layout.options import RenderOptions
from sheetgen.layout.sections import checked_section, names_are_words, plain
from sheetgen.layout.source import Mapping, Sequence
from sheetgen.layout.tree import read_tree, relative
from sheetgen.layout.units import PT_PER
from sheetgen.layout.variables import check_override

BACK_KEYS = {"elements", "background", "component", "with", "layout"}


def _set_path(target: dict[str, Any], key: str, value: Any) -> None:
    parts = key.split(".")
    for part in parts[:-1]:
        nxt = target.get(part)
        if not isinstance(nxt, dict):
            nxt = {}
            target[part] = nxt
        target = nxt
    target[parts[-1]] = value


def read_vars(raw: Mapping, options: RenderOptions, scope: Scope) -> dict[str, Any]:
    section = raw.get("vars", Mapping(pos=raw.pos))
    if not isinstance(section, Mapping):
        raise SheetgenError("'vars' must map names to values", raw.pos_of("vars"))
    names = scope.names
    names_are_words(section, "variable")
    for key in options.overrides:
        root = key.split(".")[0]
        if root not in section:
            raise SheetgenError(f"--set {key}: this layout has no variable '{root}'",
                                raw.key_pos_of("vars") if "vars" in raw else raw.pos,
                                hint=did_you_mean(root, section)
                                or f"variables: {', '.join(section) or '(none)'}")
    written = {key: plain(value) for key, value in section.items()}
    for key, value in section.items():
        names[key] = resolve_value(plain(value), section.pos_of(key), scope)
        for okey, ovalue in options.overrides.items():
            if okey == key or okey.startswith(key + "."):
                check_override(okey, plain(ovalue), {**written, key: names[key]},
                               section.key_pos_of(key))
            if okey == key:
                names[key] = plain(ovalue)
            elif okey.startswith(key + "."):
                copy = json.loads(json.dumps(names[key])) if isinstance(names[key], dict) else {}
                _set_path({key: copy}, okey, plain(ovalue))
                names[key] = copy
    return names


def read_components(raw: Mapping, ctx: ParseContext) -> None:
    """Read `components:` into ctx.components (two passes: components may use each other)."""
    comps = raw.get("components", Mapping(pos=raw.pos))
    if not isinstance(comps, Mapping):
        raise SheetgenError("'components' must map names to {elements: [...]}",
                            raw.pos_of("components"))
    names_are_words(comps, "component")
    for cname, body in comps.items():
        if not isinstance(body, Mapping) or "elements" not in body:
            raise SheetgenError(f"component '{cname}' needs 'elements:'", comps.pos_of(cname))
        for key in body:
            if key not in ("elements", "vars", "description"):
                raise SheetgenError(f"component '{cname}' has no key '{key}'",
                                    body.key_pos_of(key), hint="components hold elements, vars")
        if "vars" in body and not isinstance(body["vars"], Mapping):
            raise SheetgenError(f"component '{cname}': 'vars' must map names to default values",
                                body.pos_of("vars"), hint="vars: {label: '?', size: 8}")
        names_are_words(body.get("vars", {}), f"component '{cname}' variable")
        ctx.components[cname] = Component(cname, [], plain(body.get("vars", {})), body.pos)
    for cname, body in comps.items():  # second pass: components may use each other
        ctx.components[cname].elements = parse_elements(body["elements"], ctx,
                                                        body.pos_of("elements"))
    _no_component_cycle(ctx.components)


def _no_component_cycle(components: dict[str, Component]) -> None:
    """A component that places itself, directly or through others, is an error at the `use`
    that closes the circle (names given by `${}` are caught at render by the `nesting` budget)."""
    from sheetgen.layout.elements.containers import Use

    def uses(elements: list[Element]) -> list[Element]:
        found, stack = [], list(elements)
        while stack:
            element = stack.pop()
            if isinstance(element, Use):
                found.append(element)
            stack.extend(element.children)
        return found

    state: dict[str, int] = {}  # 1 visiting, 2 done

    def visit(name: str, chain: tuple[str, ...]) -> None:
        state[name] = 1
        for use in uses(components[name].elements):
            target = use.raw.get("component")
            if not isinstance(target, str) or target not in components:
                continue
            if state.get(target) == 1:
                circle = " -> ".join((*chain[chain.index(target):], target))
                raise SheetgenError(f"component '{target}' places itself: {circle}", use.pos,
                                    hint="a component cannot contain itself")
            if target not in state:
                visit(target, (*chain, target))
        state[name] = 2

    for name in components:
        if name not in state:
            visit(name, (name,))


def read_back(raw: Mapping, ctx: ParseContext, load: Callable[[Path], Any]) -> Back | None:
    """`back:` as a list of elements, a component's name (`${}` allowed: a back per row), or
    a mapping {elements | component (+ with), background}. `load` reads a back layout
    (`document.load_layout`, passed in so that this module does not import its caller)."""
    if "back" not in raw or raw["back"] is None:
        return None
    value, pos = raw["back"], raw.pos_of("back")
    background = None
    if isinstance(value, str):
        value = Mapping({"component": value}, pos=pos)
        value.value_pos["component"] = pos
    if isinstance(value, list):
        return Back(parse_elements(value, ctx, pos), None, pos)
    if not isinstance(value, Mapping):
        raise SheetgenError("'back' must be a list of elements, a component name, or a "
                            "mapping with elements: or component:", pos,
                            hint="back: [{type: rect, x: 0, y: 0, w: 63, h: 88, fill: navy}]")
    checked_section(value, BACK_KEYS, "back", pos)
    try:
        background = parse_color(value.get("background"))
    except ValueError as err:
        raise SheetgenError(f"back.background: {err}", value.pos_of("background")) from None
    if sum(key in value for key in ("elements", "component", "layout")) != 1:
        raise SheetgenError("'back' needs one of elements:, component: or layout:", value.pos,
                            hint="back: {component: card-back}  or  back: {elements: [...]}  "
                                 "or  back: {layout: card-back.yaml}")
    if "layout" in value:
        return _back_layout(value, ctx, background, pos, load)
    if "elements" in value:
        return Back(parse_elements(value["elements"], ctx, value.pos_of("elements")),
                    background, pos)
    use = Mapping({"type": "use", "component": value["component"]}, pos=value.pos)
    use.value_pos["component"] = value.pos_of("component")
    if "with" in value:
        use["with"] = value["with"]
        use.value_pos["with"] = value.pos_of("with")
    return Back(parse_elements(Sequence([use], pos=value.pos), ctx, value.pos), background, pos)


def _back_layout(value: Mapping, ctx: ParseContext, background: Any, pos: Position,
                 load: Callable[[Path], Any]) -> Back:
    """`back: {layout: file.yaml}`: another layout of the same page size as the back."""
    where = value.pos_of("layout")
    path = relative(Path(ctx.file), value["layout"], where, Path(ctx.file).resolve().parent)
    if path.resolve() == Path(ctx.file).resolve():
        raise SheetgenError("a layout cannot be its own back", where)
    if read_tree(path, (Path(ctx.file).resolve(),), where).get("back") is not None:
        raise SheetgenError(f"the back layout {path.name} has a back: of its own", where,
                            hint="a back is one side; remove back: from that layout")
    back = load(path)
    if back.data != [{}]:
        raise SheetgenError(f"the back layout {path.name} has data: rows", where,
                            hint="the back is drawn with the front's row; drop its data:")
    mine = ctx.page_size
    if mine is not None and (abs(back.page.width - mine[0]) > 0.5
                             or abs(back.page.height - mine[1]) > 0.5):
        mm = PT_PER["mm"]
        raise SheetgenError(f"the back layout {path.name} is {back.page.width / mm:.1f} x "
                            f"{back.page.height / mm:.1f} mm, the page "
                            f"{mine[0] / mm:.1f} x {mine[1] / mm:.1f} mm", where,
                            hint="give both the same page size")
    return Back(back.elements, background if background is not None else back.page.background,
                pos, back)

"""The element protocol: one small class per layout verb.

An element class declares `type_name` and its `params`; `parse` checks a YAML mapping against
them once (unknown keys with a 'did you mean', missing required fields, literal values of the
wrong kind), and `render` resolves every field (explicit value, then named style, then default;
`${}` expressions evaluated in the current scope) before `draw` sees finished values in points.
Games add their components (island maps, quest tiles, boards) by subclassing `Element` and
decorating the class with `@register`.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar

from sheetgen import access, limits, registry
from sheetgen.canvas.protocol import Canvas
from sheetgen.errors import Position, SheetgenError, check_keys, did_you_mean, raise_all
from sheetgen.layout.expressions import ExpressionError, evaluate, has_expression
from sheetgen.layout.params import REQUIRED, FileName, Param
from sheetgen.layout.source import Mapping, Sequence

ELEMENT_TYPES: dict[str, type[Element]] = {}

COMMON_KEYS = {"type", "style", "when", "id", "note"}


def register(cls: type[Element]) -> type[Element]:
    """Make an element class available to layouts under its `type_name`."""
    if cls.type_name in ELEMENT_TYPES and ELEMENT_TYPES[cls.type_name] is not cls:
        raise RuntimeError(f"element type '{cls.type_name}' registered twice")
    ELEMENT_TYPES[cls.type_name] = cls
    return cls


@dataclass
class Component:
    """A named, reusable list of elements (`components:` in a layout, `type: use` to place)."""

    name: str
    elements: list[Element]
    defaults: dict[str, Any]
    pos: Position


@dataclass
class ParseContext:
    """What parsing needs to know: the file, default unit, styles and components so far."""

    file: str
    base_dir: Path
    unit: str = "mm"
    styles: dict[str, Mapping] = field(default_factory=dict)
    components: dict[str, Component] = field(default_factory=dict)
    page_size: tuple[float, float] | None = None
    """The page's trim (points), for parts that must match it (a back layout)."""


@dataclass
class RenderBudget:
    """What one page has drawn so far, against the budgets `elements_per_page`, `nesting` and
    `repeat_product` (sheetgen.limits): repeats nested a thousand deep or a component that
    places itself stop with an error naming the limit instead of eating the machine."""

    drawn: int = 0
    depth: int = 0
    copies: int = 1
    max_drawn: int = field(default_factory=lambda: limits.get("elements_per_page"))
    max_depth: int = field(default_factory=lambda: limits.get("nesting"))
    max_copies: int = field(default_factory=lambda: limits.get("repeat_product"))
    warnings: list[tuple[Position, str]] = field(default_factory=list)
    """What elements noticed while drawing (text that does not fit), for the page's report."""
    parsed: dict[Any, Any] = field(default_factory=dict)
    """What the page's elements parsed from the same data, kept for the page (the Captain's
    Curse sheet's name, map and small print read one island): key -> (the data, its parse);
    holding the data keeps an id() key from being reused while the page is drawn."""

    def enter(self, pos: Position, copies: int = 1) -> None:
        """Going one level into a group, repeat (of `copies`) or component."""
        self.depth += 1
        self.copies *= max(copies, 1)
        if self.depth > self.max_depth:
            raise limits.exceeded("nesting", "elements are nested too deeply (does a "
                                  "component place itself?)", pos)
        if self.copies > self.max_copies:
            raise limits.exceeded("repeat_product", f"nested repeats make {self.copies:,} "
                                  "copies", pos)

    def leave(self, copies: int = 1) -> None:
        self.depth -= 1
        self.copies //= max(copies, 1)


@dataclass
class Scope:
    """Names visible to `${}` expressions plus what elements need to resolve fields."""

    names: dict[str, Any]
    unit: str
    styles: dict[str, Mapping]
    components: dict[str, Component]
    base_dir: Path
    origin: tuple[float, float] | None = (0.0, 0.0)
    """Where this scope's (0, 0) lies from the trim's top-left corner while only translations
    apply (groups, repeats, components); None once rotated or scaled. Elements that reach
    into the bleed (`rect` with `bleed: true`) use it to know whether they touch the trim."""
    budget: RenderBudget | None = None
    """The page's budget while a page is composed (None: unchecked, as in unit tests)."""

    def child(self, **names: Any) -> Scope:
        merged = dict(self.names)
        merged.update(names)
        return Scope(merged, self.unit, self.styles, self.components, self.base_dir,
                     self.origin, self.budget)

    def moved(self, x: float, y: float, rotate: float = 0.0, scale: float = 1.0) -> Scope:
        """The same names, with the origin moved as a container's transform moves it."""
        origin = None
        if self.origin is not None and not rotate and scale == 1:
            origin = (self.origin[0] + x, self.origin[1] + y)
        return Scope(self.names, self.unit, self.styles, self.components, self.base_dir, origin,
                     self.budget)


def resolve_value(raw: Any, pos: Position, scope: Scope) -> Any:
    """Evaluate `${}` in a raw value, turning expression faults into positioned errors."""
    try:
        with access.reading_for(scope.base_dir):  # for providers that take a file name
            return evaluate(raw, scope.names)
    except ExpressionError as err:
        raise SheetgenError(str(err), pos, hint=err.hint) from None
    except SheetgenError as err:
        if err.position is None:  # a provider's fault: it happened at this value
            raise SheetgenError(err.message, pos, hint=err.hint) from None
        raise


class Element:
    type_name: ClassVar[str] = ""
    description: ClassVar[str] = ""
    params: ClassVar[dict[str, Param]] = {}
    has_children: ClassVar[bool] = False
    static: ClassVar[bool] = False
    """True on a type whose drawing depends on nothing but its own fields, so an element of
    it with no `${}` is the same on every page and drawn once per document
    (`render.compose.StaticCache`). Read from the class that declares it, never inherited:
    a game's element built on `rect` may read the page's names."""

    @classmethod
    def draws_alike_on_every_page(cls) -> bool:
        """`static` as this very class declares it (see `static`)."""
        return bool(vars(cls).get("static", False))

    def __init__(self, raw: Mapping, ctx: ParseContext):
        self.raw = raw
        self.pos = raw.pos
        self.children: list[Element] = []
        self.style_names = self._style_names(raw, ctx)
        self._check_keys(raw, ctx)
        if self.has_children:
            self.children = parse_elements(raw.get("elements", Sequence()), ctx,
                                           raw.pos_of("elements"))
        self.check(ctx)

    # --- parsing -----------------------------------------------------------------------
    def _style_names(self, raw: Mapping, ctx: ParseContext) -> list[str]:
        style = raw.get("style")
        if style is None:
            return []
        names = [style] if isinstance(style, str) else style
        if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
            raise SheetgenError("style must be a style name or a list of names",
                                raw.pos_of("style"))
        for name in names:
            if name not in ctx.styles and not has_expression(name):
                raise SheetgenError(f"unknown style '{name}'", raw.pos_of("style"),
                                    hint=did_you_mean(name, ctx.styles)
                                    or "define it under 'styles:' in this layout or an include")
        return names

    def _check_keys(self, raw: Mapping, ctx: ParseContext) -> None:
        allowed = set(self.params) | COMMON_KEYS | ({"elements"} if self.has_children else set())
        check_keys(raw, allowed, raw.key_pos_of, f"'{self.type_name}' has no field '{{key}}'",
                   f"fields of '{self.type_name}'", shown=self.params)
        supplied = set(raw)
        for name in self.style_names:
            supplied |= set(ctx.styles.get(name, {}))
        for name, param in self.params.items():
            if param.required and name not in supplied:
                raise SheetgenError(f"'{self.type_name}' needs a '{name}' field", raw.pos,
                                    hint=param.doc or None)
        # Literal values are checked now, so `validate` catches them without rendering.
        for key, value in raw.items():
            param = self.params.get(key)
            if param is None or _contains_expression(value):
                continue
            self._convert(key, param, value, raw.pos_of(key), ctx.unit)

    def check(self, ctx: ParseContext) -> None:
        """Hook for element-specific checks at parse time."""

    # --- resolving ---------------------------------------------------------------------
    def _convert(self, key: str, param: Param, value: Any, pos: Position, unit: str) -> Any:
        try:
            return param.kind.convert(value, unit)
        except ValueError as err:
            raise SheetgenError(f"{self.type_name}.{key}: {err}", pos,
                                hint=param.doc or None) from None

    def resolve(self, scope: Scope) -> dict[str, Any]:
        """Every field's final value: explicit, else from the named styles, else the default."""
        styles: list[Mapping] = []
        for name in self.style_names:
            name = resolve_value(name, self.raw.pos_of("style"), scope)
            style = scope.styles.get(name) if isinstance(name, str) else None
            if style is None:
                raise SheetgenError(f"unknown style '{name}'", self.raw.pos_of("style"),
                                    hint=did_you_mean(name, scope.styles))
            styles.append(style)
        values: dict[str, Any] = {}
        for key, param in self.params.items():
            if key in self.raw:
                source, raw = self.raw, self.raw[key]
            else:
                source = next((s for s in reversed(styles) if key in s), None)
                if source is None:
                    values[key] = self._default(key, param)
                    continue
                raw = source[key]
            pos = source.pos_of(key)
            value = resolve_value(raw, pos, scope)
            values[key] = self._convert(key, param, value, pos, scope.unit)
            if isinstance(param.kind, FileName):
                values[key] = access.readable(
                    values[key], relative_to=scope.base_dir, root=scope.base_dir, pos=pos,
                    what=param.kind.what, missing=param.kind.missing) if values[key] else None
        return values

    def _default(self, key: str, param: Param) -> Any:
        """Defaults are written in the declarations with units (bare numbers are points)."""
        if param.default is REQUIRED or param.default is None:
            return None
        cache = type(self).__dict__.get("_defaults")
        if cache is None:
            cache = {}
            type(self)._defaults = cache
        if key not in cache:
            cache[key] = param.kind.convert(param.default, "pt")
        value = cache[key]
        return list(value) if isinstance(value, list) else value

    def visible(self, scope: Scope) -> bool:
        if "when" not in self.raw:
            return True
        return bool(resolve_value(self.raw["when"], self.raw.pos_of("when"), scope))

    def render(self, canvas: Canvas, scope: Scope) -> None:
        budget = scope.budget
        if budget is not None:
            budget.drawn += 1
            if budget.drawn > budget.max_drawn:
                raise limits.exceeded("elements_per_page", "this page draws too many elements",
                                      self.pos)
        if not self.visible(scope):
            return
        self.draw(canvas, self.resolve(scope), scope)

    def draw(self, canvas: Canvas, v: dict[str, Any], scope: Scope) -> None:
        raise NotImplementedError

    def render_children(self, canvas: Canvas, scope: Scope,
                        children: list[Element] | None = None) -> None:
        """Render `children` (default: this element's own) one nesting level deeper."""
        if scope.budget is not None:
            scope.budget.enter(self.pos)
        try:
            for child in self.children if children is None else children:
                child.render(canvas, scope)
        finally:
            if scope.budget is not None:
                scope.budget.leave()


def contains_expression(value: Any) -> bool:
    """Whether a raw value holds `${}` anywhere (in text, lists or mappings)."""
    return _contains_expression(value)


def _contains_expression(value: Any) -> bool:
    if isinstance(value, str):
        return has_expression(value)
    if isinstance(value, list):
        return any(_contains_expression(v) for v in value)
    if isinstance(value, dict):
        return any(_contains_expression(v) for v in value.values())
    return False


def parse_element(raw: Any, ctx: ParseContext, pos: Position) -> Element:
    if not isinstance(raw, Mapping):
        raise SheetgenError("an element must be a mapping with a 'type'", pos,
                            hint="e.g. - {type: rect, x: 10mm, y: 10mm, w: 20mm, h: 8mm}")
    type_name = raw.get("type")
    if type_name is None:
        raise SheetgenError("element has no 'type'", raw.pos,
                            hint=f"one of: {', '.join(sorted(ELEMENT_TYPES))}")
    if not isinstance(type_name, str):
        raise SheetgenError("an element's 'type' must be a name such as rect or text",
                            raw.pos_of("type"), hint=f"one of: {', '.join(sorted(ELEMENT_TYPES))}")
    cls = ELEMENT_TYPES.get(type_name) or _game_element(type_name)
    if cls is None:
        raise SheetgenError(f"unknown element type '{type_name}'", raw.pos_of("type"),
                            hint=did_you_mean(str(type_name), ELEMENT_TYPES)
                            or f"known types: {', '.join(sorted(ELEMENT_TYPES))}")
    return cls(raw, ctx)


def _game_element(type_name: Any) -> type[Element] | None:
    """`<game id>.<name>` types live in the game's element module (`Game.elements` in the
    game registry), imported on first use, so a layout of one game never loads another
    game's code."""
    if not isinstance(type_name, str) or "." not in type_name:
        return None
    game = registry.find(type_name.split(".", 1)[0])
    if game is None or not game.elements:
        return None
    importlib.import_module(game.elements)
    return ELEMENT_TYPES.get(type_name)


def load_game_elements() -> None:
    """Import every game's element module, so ELEMENT_TYPES lists them all (`sheetgen
    elements`)."""
    for game in registry.games().values():
        if game.elements:
            importlib.import_module(game.elements)


def parse_elements(raw: Any, ctx: ParseContext, pos: Position) -> list[Element]:
    if raw is None:
        return []
    if not isinstance(raw, list):
        raise SheetgenError("'elements' must be a list of elements", pos)
    parsed, errors = [], []
    for i, item in enumerate(raw):  # every faulty element is reported, not only the first
        try:
            parsed.append(parse_element(item, ctx, raw.pos_of(i) if isinstance(raw, Sequence)
                                        else pos))
        except SheetgenError as err:
            errors.append(err)
    raise_all(errors)
    return parsed


def warn(scope: Scope, pos: Position, message: str) -> None:
    """Note something a person would stumble on; the page's report carries it (no-op when
    drawing outside a page, as in unit tests)."""
    if scope.budget is not None:
        scope.budget.warnings.append((pos, message))

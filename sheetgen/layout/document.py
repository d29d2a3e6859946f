"""A layout file, fully read: page geometry, imposition, variables, styles, components, data
and elements, with `extends` and `include` merged and every literal value checked.

`load_layout(path, overrides)` is the only entry point; the result is a `Layout` that the
renderer turns into pages. Nothing here draws.
"""

from __future__ import annotations

import csv
import io
import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sheetgen import access, limits
from sheetgen.access import readable
from sheetgen.errors import Position, SheetgenError, check_keys, did_you_mean, raise_all
from sheetgen.layout import elements as _elements  # noqa: F401  (registers element types)
from sheetgen.layout.colors import parse_color
from sheetgen.layout.elements.base import (
    ELEMENT_TYPES,
    Component,
    Element,
    ParseContext,
    Scope,
    parse_elements,
    resolve_value,
)
from sheetgen.layout.source import Mapping, Sequence, load_yaml, parse_yaml, read_text
from sheetgen.layout.units import PAPER_MM, PT_PER, UnitError, parse_length

TOP_KEYS = {"version", "name", "description", "extends", "include", "vars", "styles",
            "components", "page", "imposition", "data", "elements", "back",
            "tile"}
PAGE_KEYS = {"size", "width", "height", "orientation", "bleed", "margin", "crop_marks",
             "shape", "corner", "colorspace",
             "background", "unit"}
IMPOSITION_KEYS = {"sheet", "orientation", "across", "down", "gap", "cut_marks", "cut", "margin",
                   "duplex", "back_offset"}
BACK_KEYS = {"elements", "background", "component", "with", "layout"}
DATA_KEYS = {"file", "columns", "provide"}
TILE_KEYS = {"paper", "orientation", "overlap", "margin"}
DUPLEX = ("long-edge", "short-edge")
SHAPES = ("rect", "rounded", "circle")
CUT_KINDS = ("marks", "outline", "both", "none")
COLUMN_TYPES = ("str", "int", "float", "bool")
INCLUDE_KEYS = {"version", "description", "vars", "styles", "components"}


@dataclass
class PageSpec:
    """Trim size and print geometry, in points."""

    width: float
    height: float
    bleed: float = 3.0 * PT_PER["mm"]
    margin: float = 5.0 * PT_PER["mm"]
    crop_marks: bool = False
    colorspace: str = "rgb"
    shape: str = "rect"
    """The piece's outline: rect, rounded (corners of `corner`) or circle (die-cut tokens)."""
    corner: float = 0.0
    background: tuple[float, float, float] | None = None


@dataclass
class Imposition:
    """Several trimmed layouts on one printer sheet, with cut marks."""

    sheet_width: float
    sheet_height: float
    across: int
    down: int
    gap: float = 0.0
    cut_marks: bool = True
    cut_outline: bool = False
    """Draw a thin guide along each piece's outline (`cut: outline` or `both`)."""
    margin: float = 0.0
    """The sheet's unprinted border: the slots (with their bleed) must fit inside it."""
    duplex: str = "long-edge"
    """How the printer turns the sheet for the back: about its long or its short edge."""
    back_offset: tuple[float, float] = (0.0, 0.0)
    """Points to move every back by (x, y as seen on the back), to undo a printer's shift."""

    @property
    def per_sheet(self) -> int:
        return self.across * self.down


@dataclass
class Back:
    """What is printed behind every page: elements drawn with the page's own names (its data
    row, `page`), on the page background unless `background` is given."""

    elements: list[Element]
    background: tuple[float, float, float] | None
    pos: Position
    layout: Layout | None = None
    """A whole layout used as the back (`back: {layout: file.yaml}`): its elements are drawn
    with its own vars, styles and components, and the front page's row and `page`."""


@dataclass
class Row:
    """One data row: its fields, where it was written, and its 1-based number in the data."""

    fields: dict[str, Any]
    pos: Position
    number: int

    def label(self) -> str:
        """`row 3, 'Black Bart'`: the number and the first field, for error messages."""
        first = next(iter(self.fields.values()), None) if self.fields else None
        text = f"row {self.number}"
        if first is not None and not isinstance(first, (dict, list)):
            shown = str(first)
            text += f", '{shown[:40]}{'...' if len(shown) > 40 else ''}'"
        return text


@dataclass(frozen=True)
class Tiling:
    """The `tile:` section: sheets to split a large page over (points; drawn by
    `sheetgen.render.tiling`). `sheet_height` >= 0 given; when
    `orientation` is None the orientation needing fewer sheets is chosen."""

    sheet_width: float
    sheet_height: float
    orientation: str | None = None
    overlap: float = 10.0 * PT_PER["mm"]
    margin: float = 10.0 * PT_PER["mm"]


@dataclass
class Layout:
    path: Path
    name: str
    description: str
    page: PageSpec
    imposition: Imposition | None
    unit: str
    names: dict[str, Any]
    styles: dict[str, Mapping]
    components: dict[str, Component]
    data: list[dict[str, Any]]
    elements: list[Element]
    back: Back | None = None
    rows: list[Row] = field(default_factory=list)
    """The data rows with their positions (`data` holds their fields)."""
    tile: Tiling | None = None
    """Split each page over several sheets (a poster or board; sheetgen.render.tiling)."""
    colorspace: str = "rgb"
    """rgb, or cmyk: every colour written as inks (sheetgen.layout.colors)."""

    def copies_of(self) -> list[tuple[Row, int]]:
        """Each row with the number of pages it makes (its `copies:` field, default 1)."""
        rows = self.rows
        if len(rows) != len(self.data) or any(r.fields is not d
                                              for r, d in zip(rows, self.data, strict=True)):
            rows = [Row(d, Position(str(self.path)), i + 1) for i, d in enumerate(self.data)]
        return [(row, row.fields.get("copies", 1)) for row in rows]

    def page_rows(self, count: int = 1) -> list[Row]:
        """Every page's row in print order: the whole data `count` times (pads), each row
        repeated by its `copies:`."""
        one = [row for row, n in self.copies_of() for _ in range(n)]
        return one * count

    def scope(self) -> Scope:
        return Scope(dict(self.names), self.unit, self.styles, self.components, self.path.parent)


# --- merging ---------------------------------------------------------------------------------
def _merge(base: Mapping, child: Mapping) -> Mapping:
    """Child values win; mappings merge key by key; `elements` lists concatenate."""
    out = Mapping(pos=child.pos)
    for src in (base, child):
        for key, value in src.items():
            if key in out and isinstance(out[key], Mapping) and isinstance(value, Mapping) \
                    and key != "data":
                out[key] = _merge(out[key], value)
            elif key == "elements" and key in out and isinstance(value, list):
                merged = Sequence(pos=value.pos if isinstance(value, Sequence) else child.pos)
                for part in (out[key], value):
                    merged.extend(part)
                    merged.item_pos.extend(part.item_pos if isinstance(part, Sequence)
                                           else [child.pos] * len(part))
                out[key] = merged
            else:
                out[key] = value
            out.key_pos[key] = src.key_pos_of(key)
            out.value_pos[key] = src.pos_of(key)
    return out


def _read_tree(path: Path, chain: tuple[Path, ...], ref: Position | None = None,
               root: Path | None = None) -> Mapping:
    """Read a layout and everything it extends or includes, merged, detecting cycles.
    `ref` is where the including file names this one (the place a cycle is reported);
    `root` is the top layout's folder, the tree that included files must lie in (see
    sheetgen.access)."""
    path = path.resolve()
    root = root or path.parent
    if path in chain:
        cycle = " -> ".join(p.name for p in (*chain, path))
        raise SheetgenError(f"layouts extend or include each other in a circle: {cycle}",
                            ref or Position(str(chain[-1])),
                            hint="remove one of these 'extends:' or 'include:' entries")
    raw = load_yaml(path, empty=None)
    if raw is None:
        raise SheetgenError("the layout file is empty", ref or Position(str(path)),
                            hint="a layout needs at least 'elements:' (see "
                                 "docs/layout-language.md)")
    if not isinstance(raw, Mapping):
        raise SheetgenError("a layout file must be a mapping of keys such as page: and "
                            "elements:", Position(str(path), 1, 1))
    for key in raw:
        if key == "game":
            raise SheetgenError("a layout has no 'game:' key", raw.key_pos_of(key),
                                hint="delete it: a game's element types already name their "
                                     "game (type: captains_curse.island_map), and game data "
                                     "comes from provide('<game>.<name>')")
    check_keys(raw, TOP_KEYS, raw.key_pos_of, "unknown layout key '{key}'", "layout keys")
    merged = Mapping(pos=raw.pos)
    includes = raw.get("include", [])
    if isinstance(includes, str):
        includes = [includes]
    if not isinstance(includes, list):
        raise SheetgenError("'include' must be a file name or a list of them",
                            raw.pos_of("include"))
    for i, name in enumerate(includes):
        pos = includes.pos_of(i) if isinstance(includes, Sequence) else raw.pos_of("include")
        inc_path = _relative(path, name, pos, root)
        inc = _read_tree(inc_path, (*chain, path), pos, root)
        for key in inc:
            if key not in INCLUDE_KEYS:
                raise SheetgenError(f"an included file may define only vars, styles and "
                                    f"components, not '{key}'", inc.key_pos_of(key),
                                    hint="use 'extends:' to build on a whole layout")
        merged = _merge(merged, inc)
    if "extends" in raw:
        base = _read_tree(_relative(path, raw["extends"], raw.pos_of("extends"), root),
                          (*chain, path), raw.pos_of("extends"), root)
        merged = _merge(merged, base)
    own = Mapping(pos=raw.pos)
    for key, value in raw.items():
        if key not in ("include", "extends"):
            own[key] = value
            own.key_pos[key] = raw.key_pos_of(key)
            own.value_pos[key] = raw.pos_of(key)
    return _merge(merged, own)


def _relative(path: Path, name: Any, pos: Position, root: Path,
              what: str = "layout file") -> Path:
    """The file `name` names from the layout `path`, if the layout may read it."""
    return readable(name, relative_to=path.parent, root=root, pos=pos, what=what)


# --- sections --------------------------------------------------------------------------------
def _length(section: Mapping, key: str, unit: str, default: float) -> float:
    if key not in section:
        return default
    try:
        value = parse_length(section[key], unit)
    except UnitError as err:
        raise SheetgenError(f"{key}: {err}", section.pos_of(key)) from None
    if value < 0:
        raise SheetgenError(f"{key} cannot be negative", section.pos_of(key))
    return value


def _paper(value: Any, orientation: str | None, pos: Position,
           unit: str) -> tuple[float, float]:
    if isinstance(value, str):
        key = value.lower()
        if key not in PAPER_MM:
            raise SheetgenError(f"unknown paper size '{value}'", pos,
                                hint=did_you_mean(key, PAPER_MM)
                                or f"known sizes: {', '.join(PAPER_MM)}, or [width, height]")
        w, h = (v * PT_PER["mm"] for v in PAPER_MM[key])
    elif isinstance(value, list) and len(value) == 2:
        try:
            w, h = parse_length(value[0], unit), parse_length(value[1], unit)
        except UnitError as err:
            raise SheetgenError(f"size: {err}", pos) from None
    else:
        raise SheetgenError("size must be a paper name (a4, letter, a5...) or [width, height]",
                            pos)
    if orientation is None and isinstance(value, str):
        orientation = "portrait"
    if orientation == "landscape" and w < h or orientation == "portrait" and w > h:
        w, h = h, w
    return w, h


def _orientation(section: Mapping) -> str | None:
    """portrait or landscape; None when not given, which keeps a [width, height] size as
    written (named paper sizes are then portrait)."""
    if "orientation" not in section:
        return None
    value = section["orientation"]
    if value not in ("portrait", "landscape"):
        raise SheetgenError(f"orientation '{value}' is not portrait or landscape",
                            section.pos_of("orientation"))
    return value


def _check_keys(section: Any, allowed: set[str], what: str, pos: Position) -> Mapping:
    if not isinstance(section, Mapping):
        raise SheetgenError(f"'{what}' must be a mapping", pos)
    check_keys(section, allowed, section.key_pos_of, f"'{what}' has no key '{{key}}'",
               f"keys of '{what}'")
    return section


def _page(raw: Mapping, options: RenderOptions) -> tuple[PageSpec, str]:
    section = _check_keys(raw.get("page", Mapping(pos=raw.pos)), PAGE_KEYS, "page",
                          raw.pos_of("page"))
    unit = section.get("unit", "mm")
    if not isinstance(unit, str) or unit not in PT_PER:
        raise SheetgenError(f"unknown unit '{unit}'", section.pos_of("unit"),
                            hint="use mm, cm, in or pt")
    orientation = _orientation(section)
    if "width" in section or "height" in section:
        w = _length(section, "width", unit, 0.0)
        h = _length(section, "height", unit, 0.0)
        if not w or not h:
            raise SheetgenError("page needs both width and height", section.pos)
    else:
        size = section.get("size", "a4")
        if options.paper and raw.get("imposition") is None:
            size = options.paper
        w, h = _paper(size, orientation, section.pos_of("size"), unit)
    spec = PageSpec(w, h)
    spec.bleed = _length(section, "bleed", unit, spec.bleed)
    spec.margin = _length(section, "margin", unit, spec.margin)
    crop = section.get("crop_marks", False)
    if not isinstance(crop, bool):
        raise SheetgenError("crop_marks must be true or false", section.pos_of("crop_marks"))
    spec.crop_marks = crop
    shape = section.get("shape", "rect")
    if shape not in SHAPES:
        raise SheetgenError(f"page.shape '{shape}' is not one of {', '.join(SHAPES)}",
                            section.pos_of("shape"), hint=did_you_mean(str(shape), SHAPES))
    spec.shape = shape
    spec.colorspace = section.get("colorspace", "rgb")
    if spec.colorspace not in ("rgb", "cmyk"):
        raise SheetgenError(f"page.colorspace '{spec.colorspace}' is not rgb or cmyk",
                            section.pos_of("colorspace"))
    spec.corner = _length(section, "corner", unit, 3 * PT_PER["mm"] if shape == "rounded"
                          else 0.0)
    try:
        spec.background = parse_color(section.get("background"))
    except ValueError as err:
        raise SheetgenError(f"background: {err}", section.pos_of("background")) from None
    if options.bleed is False:
        spec.bleed = 0.0
    if options.crop_marks is not None:
        spec.crop_marks = options.crop_marks
    return spec, unit


def _imposition(raw: Mapping, unit: str, page: PageSpec,
                options: RenderOptions) -> Imposition | None:
    if raw.get("imposition") is None:
        return None
    section = _check_keys(raw["imposition"], IMPOSITION_KEYS, "imposition",
                          raw.pos_of("imposition"))
    sheet = options.paper or section.get("sheet", "a4")
    w, h = _paper(sheet, _orientation(section), section.pos_of("sheet"), unit)
    counts = []
    for key in ("across", "down"):
        value = section.get(key, 1)
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise SheetgenError(f"imposition.{key} must be a whole number of at least 1",
                                section.pos_of(key))
        counts.append(value)
    gap = _length(section, "gap", unit, 0.0)
    cut = section.get("cut_marks", True)
    if not isinstance(cut, bool):
        raise SheetgenError("cut_marks must be true or false", section.pos_of("cut_marks"))
    outline = False
    if "cut" in section:
        kind = section["cut"]
        if kind not in CUT_KINDS:
            raise SheetgenError(f"imposition.cut '{kind}' is not one of {', '.join(CUT_KINDS)}",
                                section.pos_of("cut"), hint=did_you_mean(str(kind), CUT_KINDS))
        cut, outline = kind in ("marks", "both"), kind in ("outline", "both")
    if options.crop_marks is not None:  # --crop-marks/--no-crop-marks rule imposed sheets too
        cut = options.crop_marks
    margin = _length(section, "margin", unit, 0.0)
    duplex = section.get("duplex", "long-edge")
    if duplex not in DUPLEX:
        raise SheetgenError(f"imposition.duplex '{duplex}' is not long-edge or short-edge",
                            section.pos_of("duplex"),
                            hint="long-edge: the sheet turns like a book page (portrait); "
                                 "short-edge: like a calendar")
    offset = section.get("back_offset", [0, 0])
    if not isinstance(offset, list) or len(offset) != 2:
        raise SheetgenError("imposition.back_offset must be [x, y]",
                            section.pos_of("back_offset"),
                            hint="e.g. back_offset: [0.5mm, -1mm] (read from `sheetgen "
                                 "calibrate duplex`)")
    try:
        shift = (parse_length(offset[0], unit), parse_length(offset[1], unit))
    except UnitError as err:
        raise SheetgenError(f"back_offset: {err}", section.pos_of("back_offset")) from None
    if max(abs(shift[0]), abs(shift[1])) > 20 * PT_PER["mm"]:
        raise SheetgenError("imposition.back_offset is more than 20 mm", section.pos_of(
            "back_offset"), hint="printers shift by a few millimetres; check the sign and unit")
    imp = Imposition(w, h, counts[0], counts[1], gap, cut, cut_outline=outline, margin=margin,
                     duplex=duplex, back_offset=shift)
    need_w = imp.across * page.width + (imp.across - 1) * gap + 2 * margin
    need_h = imp.down * page.height + (imp.down - 1) * gap + 2 * margin
    if need_w > w + 0.5 or need_h > h + 0.5:
        if margin and need_w - 2 * margin <= w + 0.5 and need_h - 2 * margin <= h + 0.5:
            raise SheetgenError(
                f"{imp.across} x {imp.down} pages fit on the sheet but not inside its "
                f"{margin / PT_PER['mm']:.1f} mm margin", section.pos_of("margin"),
                hint="use a smaller imposition.margin, a smaller gap or fewer pages")
        raise SheetgenError(
            f"{imp.across} x {imp.down} pages of {page.width / PT_PER['mm']:.0f} x "
            f"{page.height / PT_PER['mm']:.0f} mm do not fit on a {w / PT_PER['mm']:.0f} x "
            f"{h / PT_PER['mm']:.0f} mm sheet", raw.pos_of("imposition"),
            hint="use fewer pages across/down, a larger sheet, or the other orientation")
    return imp


def _styles(raw: Mapping) -> dict[str, Mapping]:
    section = raw.get("styles", Mapping(pos=raw.pos))
    if not isinstance(section, Mapping):
        raise SheetgenError("'styles' must map style names to fields", raw.pos_of("styles"))
    known_fields = {k for cls in ELEMENT_TYPES.values() for k in cls.params}
    flat: dict[str, Mapping] = {}
    _names_are_words(section, "style")

    def flatten(name: str, chain: tuple[str, ...]) -> Mapping:
        if name in flat:
            return flat[name]
        style = section[name]
        if not isinstance(style, Mapping):
            raise SheetgenError(f"style '{name}' must be a mapping of fields",
                                section.pos_of(name))
        out = Mapping(pos=style.pos)
        parent = style.get("extends")
        if parent is not None and not isinstance(parent, str):
            raise SheetgenError(f"style '{name}' extends must name one style",
                                style.pos_of("extends"))
        if parent is not None:
            if parent in chain:
                raise SheetgenError(f"styles extend each other in a circle: "
                                    f"{' -> '.join((*chain, parent))}", style.pos_of("extends"))
            if parent not in section:
                raise SheetgenError(f"style '{name}' extends unknown style '{parent}'",
                                    style.pos_of("extends"), hint=did_you_mean(parent, section))
            out = _merge(flatten(parent, (*chain, parent)), out)
        for key, value in style.items():
            if key == "extends":
                continue
            if key not in known_fields:
                raise SheetgenError(f"style '{name}' sets '{key}', which no element has",
                                    style.key_pos_of(key),
                                    hint=did_you_mean(str(key), known_fields))
            out[key] = value
            out.key_pos[key] = style.key_pos_of(key)
            out.value_pos[key] = style.pos_of(key)
        flat[name] = out
        return out

    for name in section:
        flatten(name, (name,))
    return flat


def _data(raw: Mapping, path: Path) -> list[Row]:
    data = raw.get("data")
    if data is None:
        return [Row({}, raw.pos, 1)]
    pos = raw.pos_of("data")
    columns: dict[str, str] = {}
    if isinstance(data, Mapping):
        _check_keys(data, DATA_KEYS, "data", pos)
        if "provide" in data:
            return _provided_rows(data, pos)
        if not isinstance(data.get("file"), str):
            raise SheetgenError("data: {file: ..., columns: ...} needs the file's name",
                                data.pos, hint="data: {file: crew.csv, columns: {id: str}}")
        columns = _columns(data)
        pos, data = data.pos_of("file"), data["file"]
    positions: list[Position] = []
    if isinstance(data, str):
        source = _relative(path, data, pos, path.resolve().parent, "data file")
        suffix = source.suffix.lower()
        if suffix == ".csv":
            data, positions = _csv_rows(source, columns)
        elif suffix == ".json":
            try:
                data = json.loads(read_text(source, "data file"))
            except json.JSONDecodeError as err:
                raise SheetgenError(f"invalid JSON: {err.msg}",
                                    Position(str(source), err.lineno, err.colno)) from None
            except RecursionError:
                raise limits.exceeded("yaml_depth", "lists and mappings nest too deeply",
                                      Position(str(source))) from None
        else:
            data = load_yaml(source)
    if not isinstance(data, list) or not all(isinstance(r, dict) for r in data):
        raise SheetgenError("'data' must be a list of mappings (one per page) or a file name",
                            pos, hint="data: [{name: Anne}, {name: Mary}]  or  data: crew.csv")
    if not data:
        raise SheetgenError("'data' is empty: nothing to render", pos)
    rows = []
    for i, row in enumerate(data):
        where = (positions[i] if positions else row.pos if isinstance(row, Mapping)
                 else data.pos_of(i) if isinstance(data, Sequence) else pos)
        for key in row:
            if not isinstance(key, str):
                raise SheetgenError(f"data field names must be words, not {key!r}",
                                    row.key_pos_of(key) if isinstance(row, Mapping) else where,
                                    hint="quote it as a name: '5': ...")
        rows.append(Row(dict(row), where, i + 1))
        copies = row.get("copies", 1)
        if isinstance(copies, bool) or not isinstance(copies, int) or not 0 <= copies <= 10000:
            raise SheetgenError(f"copies must be a whole number from 0 to 10000, not "
                                f"{copies!r} ({rows[-1].label()})",
                                row.pos_of("copies") if isinstance(row, Mapping) else where,
                                hint="copies: 3 prints this row's page three times; 0 skips it")
    if not any(row.fields.get("copies", 1) for row in rows):
        raise SheetgenError("every data row has copies: 0: nothing to render", pos)
    return rows


def _provided_rows(data: Mapping, pos: Position) -> list[Row]:
    """`data: {provide: <game>.<name>}`: the rows a game computes from its own data (the Black
    Dice pirate tiles from the engine's pirates), so a layout never copies a game's list."""
    from sheetgen.layout.expressions import ExpressionError, provide

    where = data.pos_of("provide")
    if set(data) != {"provide"}:
        raise SheetgenError("data: {provide: ...} takes no other keys", pos,
                            hint="data: {provide: black_dice.pirates}")
    try:
        rows = provide(str(data["provide"]))
    except ExpressionError as err:
        raise SheetgenError(str(err), where, hint=err.hint) from None
    if not isinstance(rows, list) or not rows or not all(isinstance(r, dict) for r in rows):
        raise SheetgenError(f"provide('{data['provide']}') gives no rows (a list of mappings)",
                            where)
    return [Row(dict(row), where, i + 1) for i, row in enumerate(rows)]


def _columns(data: Mapping) -> dict[str, str]:
    """`columns: {name: str}`: the type a CSV column is read as, overriding the guess."""
    columns = data.get("columns", {})
    if not isinstance(columns, Mapping):
        raise SheetgenError("data.columns must map column names to a type",
                            data.pos_of("columns"), hint="columns: {id: str, rum: int}")
    for name, kind in columns.items():
        if kind not in COLUMN_TYPES:
            raise SheetgenError(f"column '{name}': unknown type {kind!r}", columns.pos_of(name),
                                hint=did_you_mean(str(kind), COLUMN_TYPES)
                                or f"types: {', '.join(COLUMN_TYPES)}")
    return dict(columns)


_INT = re.compile(r"[+-]?(0|[1-9][0-9]*)")
_DECIMAL = re.compile(r"[+-]?([0-9]+\.[0-9]*|\.[0-9]+)")


def typed_cell(text: str | None, kind: str | None = None) -> Any:
    """A CSV cell as the value it looks like: `12` an int, `1.5` a float, `true`/`false` a
    bool, anything else (including `007`, kept with its zeros) text. `kind` forces a type
    and raises ValueError when the cell cannot be read as it."""
    if text is None:
        return None
    stripped = text.strip()
    if kind == "str":
        return text
    if kind == "int":
        return int(stripped)
    if kind == "float":
        return float(stripped)
    if kind == "bool":
        if stripped.lower() not in ("true", "false"):
            raise ValueError(f"{text!r} is not true or false")
        return stripped.lower() == "true"
    if _INT.fullmatch(stripped):
        return int(stripped)
    if _DECIMAL.fullmatch(stripped):
        return float(stripped)
    if stripped.lower() in ("true", "false"):
        return stripped.lower() == "true"
    return text


def _csv_rows(source: Path, columns: dict[str, str] | None = None
              ) -> tuple[list[dict[str, Any]], list[Position]]:
    """Rows of a CSV file with a header line, typed (see `typed_cell`), with the position of
    each; a row with more cells than the header is an error at its line (csv.DictReader
    would file the extras under a key that is not a name). A short row's missing cells are
    None, except `copies`, which a spreadsheet user leaving it blank means as one copy."""
    columns = columns or {}
    text = read_text(source, "data file").removeprefix("\ufeff")  # spreadsheets add a BOM
    reader = csv.reader(io.StringIO(text, newline=""))
    rows: list[dict[str, Any]] = []
    positions: list[Position] = []
    try:
        header = next(reader, None)
        if header is None:
            return rows, positions
        twice = sorted({name for name in header if header.count(name) > 1})
        if twice:
            col = text.split("\n", 1)[0].find(twice[0]) + 1
            raise SheetgenError(f"the header names the column '{twice[0]}' twice",
                                Position(str(source), 1, max(col, 1)),
                                hint="every column needs its own name (a later one would "
                                     "hide the earlier)")
        for name in columns:
            if name not in header:
                raise SheetgenError(f"data.columns names '{name}', which is not a column of "
                                    f"{source.name}", Position(str(source), 1, 1),
                                    hint=did_you_mean(name, header)
                                    or f"columns: {', '.join(header)}")
        for cells in reader:
            if not cells:
                continue
            if len(cells) > len(header):
                raise SheetgenError(f"this row has {len(cells)} cells but the header names "
                                    f"{len(header)} columns",
                                    Position(str(source), reader.line_num, 1),
                                    hint="add a column name to the first line, or remove "
                                         "the extra cells")
            where = Position(str(source), reader.line_num, 1)
            row = {}
            for name, cell in zip(header, cells + [None] * (len(header) - len(cells)),
                                  strict=True):
                try:
                    row[name] = typed_cell(cell, columns.get(name))
                except ValueError:
                    raise SheetgenError(f"column '{name}' is declared {columns[name]} but "
                                        f"holds {cell!r}", where,
                                        hint="fix the cell or the type in data.columns"
                                        ) from None
            if "copies" in row and row["copies"] in (None, ""):
                row["copies"] = 1  # a blank cell in a spreadsheet's copies column: one copy
            rows.append(row)
            positions.append(where)
    except csv.Error as err:
        raise SheetgenError(f"cannot read CSV: {err}",
                            Position(str(source), reader.line_num, 1)) from None
    return rows, positions


@dataclass
class RenderOptions:
    """What the command line may override."""

    overrides: dict[str, Any] = field(default_factory=dict)  # --set key=value
    paper: str | None = None
    bleed: bool | None = None
    crop_marks: bool | None = None
    seed: int = 0
    tile: str | None = None  # --tile PAPER
    colorspace: str | None = None  # --colorspace rgb|cmyk

def parse_override(text: str) -> tuple[str, Any]:
    """`key=value` from --set; the value is read as YAML, so numbers and lists work."""
    if "=" not in text:
        raise SheetgenError(f"--set '{text}' is not key=value", hint="e.g. --set matches=4")
    key, value = text.split("=", 1)
    key = key.strip()
    if not key.replace("_", "").replace(".", "").isalnum():
        raise SheetgenError(f"--set: '{key}' is not a variable name")
    parsed = parse_yaml(value, "--set") if value.strip() else ""
    if isinstance(parsed, Mapping) and not parsed and value.strip():
        parsed = value
    return key, parsed


def _set_path(target: dict[str, Any], key: str, value: Any) -> None:
    parts = key.split(".")
    for part in parts[:-1]:
        nxt = target.get(part)
        if not isinstance(nxt, dict):
            nxt = {}
            target[part] = nxt
        target = nxt
    target[parts[-1]] = value


def _vars(raw: Mapping, options: RenderOptions, scope: Scope) -> dict[str, Any]:
    section = raw.get("vars", Mapping(pos=raw.pos))
    if not isinstance(section, Mapping):
        raise SheetgenError("'vars' must map names to values", raw.pos_of("vars"))
    names = scope.names
    _names_are_words(section, "variable")
    for key in options.overrides:
        root = key.split(".")[0]
        if root not in section:
            raise SheetgenError(f"--set {key}: this layout has no variable '{root}'",
                                raw.key_pos_of("vars") if "vars" in raw else raw.pos,
                                hint=did_you_mean(root, section)
                                or f"variables: {', '.join(section) or '(none)'}")
    for key, value in section.items():
        names[key] = resolve_value(_plain(value), section.pos_of(key), scope)
        for okey, ovalue in options.overrides.items():
            if okey == key:
                names[key] = _plain(ovalue)
            elif okey.startswith(key + "."):
                copy = json.loads(json.dumps(names[key])) if isinstance(names[key], dict) else {}
                _set_path({key: copy}, okey, _plain(ovalue))
                names[key] = copy
    return names


def _plain(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


def _allow_named_files(overrides: dict[str, Any]) -> None:
    """A file named in an override (`--island FILE`, `--set island=FILE`) was named by the
    user, not by the layout, so the layout may read it wherever it lies (sheetgen.access)."""
    for value in overrides.values():
        if isinstance(value, str) and 0 < len(value) < access.MAX_NAME and "\0" not in value:
            try:
                if Path(value).is_file():
                    access.allow([value])
            except OSError:
                continue


def load_layout(path: str | Path, options: RenderOptions | None = None) -> Layout:
    """Read, merge and check a layout. Faults in independent sections (page and imposition,
    styles, vars, data, tiling, components and elements) are all collected and raised
    together in line order; a section that builds on a faulty one is not checked, so no
    fault is reported that only follows from another."""
    options = options or RenderOptions()
    path = Path(path)
    _allow_named_files(options.overrides)
    raw = _read_tree(path, ())
    faults: list[SheetgenError] = []

    def attempt(step: Any, fallback: Any = None) -> Any:
        try:
            return step()
        except SheetgenError as err:
            faults.append(err)
            return fallback

    page_ok = attempt(lambda: _page(raw, options))
    page, unit = page_ok or (PageSpec(*(v * PT_PER["mm"] for v in PAPER_MM["a4"])), "mm")
    imposition = attempt(lambda: _imposition(raw, unit, page, options)) if page_ok else None
    styles = attempt(lambda: _styles(raw))
    ctx = ParseContext(str(path), path.parent, unit, styles or {}, {},
                       (page.width, page.height))
    base_names: dict[str, Any] = {
        "seed": options.seed,
        "page": page_names(page, 0, 1),
    }
    scope = Scope(base_names, unit, styles or {}, ctx.components, path.parent)
    names = attempt(lambda: _vars(raw, options, scope), base_names)
    rows = attempt(lambda: _data(raw, path), [Row({}, raw.pos, 1)])
    tile = attempt(lambda: _tile(raw, unit, options))
    if tile is not None and imposition is not None:
        faults.append(SheetgenError(
            "a layout cannot be both tiled and imposed",
            raw.key_pos_of("tile") if "tile" in raw else raw.pos_of("imposition"),
            hint="tiling splits a page larger than the paper; imposition puts several small "
                 "pages on one sheet"))
    elements: list[Element] = []
    back = None
    if styles is not None and attempt(lambda: _components(raw, ctx) or True):
        elements = attempt(lambda: parse_elements(raw.get("elements", Sequence(pos=raw.pos)),
                                                  ctx, raw.pos_of("elements")), [])
        back = attempt(lambda: _back(raw, ctx))
    raise_all(faults)
    return Layout(path=path, name=str(raw.get("name", path.stem)),
                  description=str(raw.get("description", "")), page=page,
                  imposition=imposition, unit=unit, names=names, styles=styles,
                  components=ctx.components, data=[r.fields for r in rows], elements=elements,
                  back=back, rows=rows, tile=tile,
                  colorspace=options.colorspace or page.colorspace)


def _components(raw: Mapping, ctx: ParseContext) -> None:
    """Read `components:` into ctx.components (two passes: components may use each other)."""
    comps = raw.get("components", Mapping(pos=raw.pos))
    if not isinstance(comps, Mapping):
        raise SheetgenError("'components' must map names to {elements: [...]}",
                            raw.pos_of("components"))
    _names_are_words(comps, "component")
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
        _names_are_words(body.get("vars", {}), f"component '{cname}' variable")
        ctx.components[cname] = Component(cname, [], _plain(body.get("vars", {})), body.pos)
    for cname, body in comps.items():  # second pass: components may use each other
        ctx.components[cname].elements = parse_elements(body["elements"], ctx,
                                                        body.pos_of("elements"))
    _no_component_cycle(ctx.components)


def _tile(raw: Mapping, unit: str, options: RenderOptions) -> Tiling | None:
    """`tile: a4` or `tile: {paper, orientation, overlap, margin}`; `--tile` overrides."""
    section = raw.get("tile")
    if options.tile is not None:
        section = options.tile if not isinstance(section, Mapping) else \
            Mapping({**section, "paper": options.tile}, pos=section.pos)
    if section is None or section is False:
        return None
    pos = raw.pos_of("tile")
    if isinstance(section, str):
        section = Mapping({"paper": section}, pos=pos)
        section.value_pos["paper"] = pos
    if not isinstance(section, Mapping):
        raise SheetgenError("tile must be a paper name or {paper, orientation, overlap, "
                            "margin}", pos, hint="tile: a4  or  tile: {paper: letter, "
                                                 "overlap: 10mm}")
    section = _check_keys(section, TILE_KEYS, "tile", pos)
    orientation = _orientation(section)
    w, h = _paper(section.get("paper", "a4"), "portrait", section.pos_of("paper"), unit)
    overlap = _length(section, "overlap", unit, 10 * PT_PER["mm"])
    margin = _length(section, "margin", unit, 10 * PT_PER["mm"])
    if margin < 5 * PT_PER["mm"]:
        raise SheetgenError("tile.margin must be at least 5 mm", section.pos_of("margin"),
                            hint="the margin holds the tile's name, cut ticks and map")
    if 2 * margin >= min(w, h) - 10 * PT_PER["mm"]:
        raise SheetgenError("tile.margin leaves no room on the sheet",
                            section.pos_of("margin"),
                            hint="a margin of 10 mm suits most printers")
    if overlap * 2 >= min(w, h) - 2 * margin:
        raise SheetgenError("tile.overlap leaves no room on the sheet",
                            section.pos_of("overlap"), hint="10mm is usual")
    return Tiling(w, h, orientation, overlap, margin)


def _back(raw: Mapping, ctx: ParseContext) -> Back | None:
    """`back:` as a list of elements, a component's name (`${}` allowed: a back per row), or
    a mapping {elements | component (+ with), background}."""
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
    _check_keys(value, BACK_KEYS, "back", pos)
    try:
        background = parse_color(value.get("background"))
    except ValueError as err:
        raise SheetgenError(f"back.background: {err}", value.pos_of("background")) from None
    if sum(key in value for key in ("elements", "component", "layout")) != 1:
        raise SheetgenError("'back' needs one of elements:, component: or layout:", value.pos,
                            hint="back: {component: card-back}  or  back: {elements: [...]}  "
                                 "or  back: {layout: card-back.yaml}")
    if "layout" in value:
        return _back_layout(value, ctx, background, pos)
    if "elements" in value:
        return Back(parse_elements(value["elements"], ctx, value.pos_of("elements")),
                    background, pos)
    use = Mapping({"type": "use", "component": value["component"]}, pos=value.pos)
    use.value_pos["component"] = value.pos_of("component")
    if "with" in value:
        use["with"] = value["with"]
        use.value_pos["with"] = value.pos_of("with")
    return Back(parse_elements(Sequence([use], pos=value.pos), ctx, value.pos), background, pos)


def _back_layout(value: Mapping, ctx: ParseContext, background: Any, pos: Position) -> Back:
    """`back: {layout: file.yaml}`: another layout of the same page size as the back."""
    where = value.pos_of("layout")
    path = _relative(Path(ctx.file), value["layout"], where, Path(ctx.file).resolve().parent)
    if path.resolve() == Path(ctx.file).resolve():
        raise SheetgenError("a layout cannot be its own back", where)
    if _read_tree(path, (Path(ctx.file).resolve(),), where).get("back") is not None:
        raise SheetgenError(f"the back layout {path.name} has a back: of its own", where,
                            hint="a back is one side; remove back: from that layout")
    back = load_layout(path)
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


def _names_are_words(section: Any, what: str) -> None:
    """Names that layouts refer to (styles, variables, components) must be text: `5:` as a
    style name would be the number 5, which no `style: '5'` can reach."""
    for key in section if isinstance(section, dict) else ():
        if not isinstance(key, str):
            where = section.key_pos_of(key) if isinstance(section, Mapping) else None
            raise SheetgenError(f"a {what} name must be a word, not the "
                                f"{type(key).__name__} {key!r}", where,
                                hint=f"quote it: '{key}':")


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


def page_names(page: PageSpec, index: int, count: int) -> dict[str, Any]:
    """The `page.*` names of page `index` of `count` (sizes in mm and in points)."""
    mm = PT_PER["mm"]
    return {
        "index": index, "number": index + 1, "count": count,
        "width": page.width / mm, "height": page.height / mm,
        "margin": page.margin / mm, "bleed": page.bleed / mm,
        "width_pt": page.width, "height_pt": page.height, "bleed_pt": page.bleed,
    }

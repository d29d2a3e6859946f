"""The sections of a layout that describe the sheet: `page:`, `imposition:`, `tile:` and
`styles:`, each read from the merged tree into its model (`sheetgen.layout.model`) with every
literal checked at its `file:line:column`; and the small readers they share (lengths, paper
sizes, orientation, a section's keys, names that must be words).
"""

from __future__ import annotations

from typing import Any

from sheetgen.errors import Position, SheetgenError, check_keys, did_you_mean
from sheetgen.layout.colors import parse_color
from sheetgen.layout.elements.base import ELEMENT_TYPES
from sheetgen.layout.model import Imposition, PageSpec, Tiling
from sheetgen.layout.options import RenderOptions
from sheetgen.layout.source import Mapping
from sheetgen.layout.tree import merge
from sheetgen.layout.units import PAPER_MM, PT_PER, UnitError, parse_length

PAGE_KEYS = {"size", "width", "height", "orientation", "bleed", "margin", "crop_marks",
             "shape", "corner", "colorspace",
             "background", "unit"}
IMPOSITION_KEYS = {"sheet", "orientation", "across", "down", "gap", "cut_marks", "cut", "margin",
                   "duplex", "back_offset", "papers"}
PAPER_GRID_KEYS = {"orientation", "across", "down", "gap", "margin"}
"""What `imposition.papers.<paper>` may change when the sheet is that paper."""
TILE_KEYS = {"paper", "orientation", "overlap", "margin"}
DUPLEX = ("long-edge", "short-edge")
SHAPES = ("rect", "rounded", "circle")
CUT_KINDS = ("marks", "outline", "both", "none")


def read_length(section: Mapping, key: str, unit: str, default: float) -> float:
    if key not in section:
        return default
    try:
        value = parse_length(section[key], unit)
    except UnitError as err:
        raise SheetgenError(f"{key}: {err}", section.pos_of(key)) from None
    if value < 0:
        raise SheetgenError(f"{key} cannot be negative", section.pos_of(key))
    return value


def read_paper(value: Any, orientation: str | None, pos: Position,
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


def read_orientation(section: Mapping) -> str | None:
    """portrait or landscape; None when not given, which keeps a [width, height] size as
    written (named paper sizes are then portrait)."""
    if "orientation" not in section:
        return None
    value = section["orientation"]
    if value not in ("portrait", "landscape"):
        raise SheetgenError(f"orientation '{value}' is not portrait or landscape",
                            section.pos_of("orientation"))
    return value


def checked_section(section: Any, allowed: set[str], what: str, pos: Position) -> Mapping:
    if not isinstance(section, Mapping):
        raise SheetgenError(f"'{what}' must be a mapping", pos)
    check_keys(section, allowed, section.key_pos_of, f"'{what}' has no key '{{key}}'",
               f"keys of '{what}'")
    return section


def names_are_words(section: Any, what: str) -> None:
    """Names that layouts refer to (styles, variables, components) must be text: `5:` as a
    style name would be the number 5, which no `style: '5'` can reach."""
    for key in section if isinstance(section, dict) else ():
        if not isinstance(key, str):
            where = section.key_pos_of(key) if isinstance(section, Mapping) else None
            raise SheetgenError(f"a {what} name must be a word, not the "
                                f"{type(key).__name__} {key!r}", where,
                                hint=f"quote it: '{key}':")


def plain(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [plain(v) for v in value]
    return value


def read_page(raw: Mapping, options: RenderOptions) -> tuple[PageSpec, str]:
    section = checked_section(raw.get("page", Mapping(pos=raw.pos)), PAGE_KEYS, "page",
                          raw.pos_of("page"))
    unit = section.get("unit", "mm")
    if not isinstance(unit, str) or unit not in PT_PER:
        raise SheetgenError(f"unknown unit '{unit}'", section.pos_of("unit"),
                            hint="use mm, cm, in or pt")
    orientation = read_orientation(section)
    if "width" in section or "height" in section:
        w = read_length(section, "width", unit, 0.0)
        h = read_length(section, "height", unit, 0.0)
        if not w or not h:
            raise SheetgenError("page needs both width and height", section.pos)
    else:
        size = section.get("size", "a4")
        if options.paper and raw.get("imposition") is None:
            size = options.paper
        w, h = read_paper(size, orientation, section.pos_of("size"), unit)
    spec = PageSpec(w, h)
    spec.bleed = read_length(section, "bleed", unit, spec.bleed)
    spec.margin = read_length(section, "margin", unit, spec.margin)
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
    spec.corner = read_length(section, "corner", unit, 3 * PT_PER["mm"] if shape == "rounded"
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


def _paper_grid(section: Mapping, sheet: Any) -> Mapping:
    """The imposition with `papers.<sheet>` laid over it: a grid that suits one paper but
    not another (3 x 3 poker cards leave 3 mm of bleed inside a home printer's margin on A4,
    not on Letter, which takes them 4 x 2 across) says so per paper."""
    papers = section.get("papers")
    if papers is None:
        return section
    if not isinstance(papers, Mapping):
        raise SheetgenError("imposition.papers must map paper names to grids",
                            section.pos_of("papers"),
                            hint="e.g. papers: {letter: {orientation: landscape, across: 4, "
                                 "down: 2}}")
    for name, grid in papers.items():
        checked_section(grid, PAPER_GRID_KEYS, f"imposition.papers.{name}",
                        papers.pos_of(name))
    grid = papers.get(str(sheet).lower()) if isinstance(sheet, str) else None
    if grid is None:
        return section
    merged = Mapping(section, pos=section.pos)
    merged.key_pos, merged.value_pos = dict(section.key_pos), dict(section.value_pos)
    for key, value in grid.items():
        merged[key] = value
        merged.key_pos[key], merged.value_pos[key] = grid.key_pos_of(key), grid.pos_of(key)
    return merged


def read_imposition(raw: Mapping, unit: str, page: PageSpec,
                options: RenderOptions) -> Imposition | None:
    if raw.get("imposition") is None:
        return None
    section = checked_section(raw["imposition"], IMPOSITION_KEYS, "imposition",
                          raw.pos_of("imposition"))
    sheet = options.paper or section.get("sheet", "a4")
    section = _paper_grid(section, sheet)
    w, h = read_paper(sheet, read_orientation(section), section.pos_of("sheet"), unit)
    counts = []
    for key in ("across", "down"):
        value = section.get(key, 1)
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise SheetgenError(f"imposition.{key} must be a whole number of at least 1",
                                section.pos_of(key))
        counts.append(value)
    gap = read_length(section, "gap", unit, 0.0)
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
    margin = read_length(section, "margin", unit, 0.0)
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


def read_tile(raw: Mapping, unit: str, options: RenderOptions) -> Tiling | None:
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
    section = checked_section(section, TILE_KEYS, "tile", pos)
    orientation = read_orientation(section)
    w, h = read_paper(section.get("paper", "a4"), "portrait", section.pos_of("paper"), unit)
    overlap = read_length(section, "overlap", unit, 10 * PT_PER["mm"])
    margin = read_length(section, "margin", unit, 13 * PT_PER["mm"])
    if margin < 5 * PT_PER["mm"]:
        raise SheetgenError("tile.margin must be at least 5 mm", section.pos_of("margin"),
                            hint="the margin holds the tile's name, cut ticks and map")
    if 2 * margin >= min(w, h) - 10 * PT_PER["mm"]:
        raise SheetgenError("tile.margin leaves no room on the sheet",
                            section.pos_of("margin"),
                            hint="a margin of 13 mm suits most printers (5 mm they cannot "
                                 "print, 8 mm for the tile's labels)")
    if overlap * 2 >= min(w, h) - 2 * margin:
        raise SheetgenError("tile.overlap leaves no room on the sheet",
                            section.pos_of("overlap"), hint="10mm is usual")
    return Tiling(w, h, orientation, overlap, margin)


def read_styles(raw: Mapping) -> dict[str, Mapping]:
    section = raw.get("styles", Mapping(pos=raw.pos))
    if not isinstance(section, Mapping):
        raise SheetgenError("'styles' must map style names to fields", raw.pos_of("styles"))
    known_fields = {k for cls in ELEMENT_TYPES.values() for k in cls.params}
    flat: dict[str, Mapping] = {}
    names_are_words(section, "style")

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
            out = merge(flatten(parent, (*chain, parent)), out)
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

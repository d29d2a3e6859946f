"""A layout file, fully read: page geometry, imposition, variables, styles, components, data
and elements, with `extends` and `include` merged and every literal value checked.

`load_layout(path, options)` is the only entry point; the result is a `Layout`
(`sheetgen.layout.model`) that the renderer turns into pages. Nothing here draws. The work
is split by concern: `tree` reads and merges the files, `sections` the sheet's sections
(page, imposition, tile, styles), `reuse` vars, components and backs, `data` the rows,
`options` what the command line changes. The names other packages use are re-exported here.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sheetgen.errors import SheetgenError, raise_all
from sheetgen.layout import elements as _elements  # noqa: F401  (registers element types)
from sheetgen.layout.data import COLUMN_TYPES, DATA_KEYS, read_rows, typed_cell
from sheetgen.layout.elements.base import Element, ParseContext, Scope, parse_elements
from sheetgen.layout.model import Back, Imposition, Layout, PageSpec, Row, Tiling, page_names
from sheetgen.layout.options import RenderOptions, allow_named_files, parse_override
from sheetgen.layout.reuse import BACK_KEYS, read_back, read_components, read_vars
from sheetgen.layout.sections import (
    IMPOSITION_KEYS,
    PAGE_KEYS,
    TILE_KEYS,
    read_imposition,
    read_page,
    read_styles,
    read_tile,
)
from sheetgen.layout.source import Sequence
from sheetgen.layout.tree import INCLUDE_KEYS, TOP_KEYS, read_tree
from sheetgen.layout.units import PAPER_MM, PT_PER

__all__ = ["BACK_KEYS", "COLUMN_TYPES", "DATA_KEYS", "IMPOSITION_KEYS", "INCLUDE_KEYS",
           "PAGE_KEYS", "TILE_KEYS", "TOP_KEYS", "Back", "Imposition", "Layout", "PageSpec",
           "RenderOptions", "Row", "Tiling", "load_layout", "page_names", "parse_override",
           "typed_cell"]


def load_layout(path: str | Path, options: RenderOptions | None = None) -> Layout:
    """Read, merge and check a layout. Faults in independent sections (page and imposition,
    styles, vars, data, tiling, components and elements) are all collected and raised
    together in line order; a section that builds on a faulty one is not checked, so no
    fault is reported that only follows from another."""
    options = options or RenderOptions()
    path = Path(path)
    allow_named_files(options.overrides)
    raw = read_tree(path, ())
    faults: list[SheetgenError] = []

    def attempt(step: Any, fallback: Any = None) -> Any:
        try:
            return step()
        except SheetgenError as err:
            faults.append(err)
            return fallback

    page_ok = attempt(lambda: read_page(raw, options))
    page, unit = page_ok or (PageSpec(*(v * PT_PER["mm"] for v in PAPER_MM["a4"])), "mm")
    imposition = attempt(lambda: read_imposition(raw, unit, page, options)) if page_ok else None
    styles = attempt(lambda: read_styles(raw))
    ctx = ParseContext(str(path), path.parent, unit, styles or {}, {},
                       (page.width, page.height))
    base_names: dict[str, Any] = {
        "seed": options.seed,
        "page": page_names(page, 0, 1),
    }
    scope = Scope(base_names, unit, styles or {}, ctx.components, path.parent)
    names = attempt(lambda: read_vars(raw, options, scope), base_names)
    rows = attempt(lambda: read_rows(raw, path), [Row({}, raw.pos, 1)])
    tile = attempt(lambda: read_tile(raw, unit, options))
    if tile is not None and imposition is not None:
        faults.append(SheetgenError(
            "a layout cannot be both tiled and imposed",
            raw.key_pos_of("tile") if "tile" in raw else raw.pos_of("imposition"),
            hint="tiling splits a page larger than the paper; imposition puts several small "
                 "pages on one sheet"))
    elements: list[Element] = []
    back = None
    if styles is not None and attempt(lambda: read_components(raw, ctx) or True):
        elements = attempt(lambda: parse_elements(raw.get("elements", Sequence(pos=raw.pos)),
                                                  ctx, raw.pos_of("elements")), [])
        back = attempt(lambda: read_back(raw, ctx, load_layout))
    raise_all(faults)
    return Layout(path=path, name=str(raw.get("name", path.stem)),
                  description=str(raw.get("description", "")), page=page,
                  imposition=imposition, unit=unit, names=names, styles=styles,
                  components=ctx.components, rows=rows, elements=elements, back=back,
                  tile=tile,
                  colorspace=options.colorspace or page.colorspace,
                  pdfx=options.pdfx or "x4")

"""Any layout, live: what the layouts page asks of the layout language.

A layout is opened by its bundled name or by a file path, and a path is read only if the
access sandbox lets a document with no folder of its own read it (the bundled layouts and
the folders the user allowed with `sheetgen studio --allow-path DIR` or
SHEETGEN_ALLOW_PATH; sheetgen.access). Its variables become typed form fields with their
defaults; a change is a `--set` override (only the changed ones are sent, so variables
computed from others follow them). One data row is drawn at a time, as SVG through the
same backend as the map; errors and warnings carry their place in the layout source.
"""

from __future__ import annotations

import io
import os
import re
import tempfile
import zipfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from sheetgen import access
from sheetgen.errors import LayoutWarning, Position, SheetgenError, SheetgenErrors
from sheetgen.layout.bundled import bundled_layouts
from sheetgen.layout.document import Layout, RenderOptions, Row, load_layout
from sheetgen.layout.variables import COLOR
from sheetgen.layout.variables import kind_of as layout_kind
from sheetgen.render.preview import one_card, svg_pages
from sheetgen.resources import layout_dirs

BASE_NAMES = ("seed", "page")  # names every layout has; its variables are the others
MAX_USER_FILES = 300
MAX_DEPTH = 4
MAX_WARNINGS = 50


@dataclass
class LayoutDesk:
    """The layout a tab has open and the values its form holds."""

    path: Path | None = None
    label: str = ""
    kinds: dict[str, str] = field(default_factory=dict)
    defaults: dict[str, Any] = field(default_factory=dict)
    overrides: dict[str, Any] = field(default_factory=dict)
    seed: int = 0
    row: int = 0


# ------------------------------------------------------------------ finding layouts

def _shown(path: Path) -> str:
    """A path as the page shows it: relative to a layout folder when it is bundled."""
    real = path.resolve()
    for root in layout_dirs():
        try:
            return "layouts/" + real.relative_to(root.resolve()).as_posix()
        except ValueError:
            continue
    return str(real)


def user_folders() -> list[Path]:
    """The folders the user allowed (access sandbox), in order, that exist."""
    env = [Path(p).expanduser().resolve() for p in
           os.environ.get(access.ENV, "").split(os.pathsep) if p.strip()]
    return [p for p in [*access.allowed(), *env] if p.is_dir()]


def catalogue() -> dict[str, Any]:
    """Bundled layouts by name, and the .yaml files in the allowed folders."""
    bundled = [{"id": name, "label": name} for name in bundled_layouts()]
    files = []
    for folder in user_folders():
        for path in sorted(folder.rglob("*.yaml")):
            if len(files) >= MAX_USER_FILES:
                break
            rel = path.relative_to(folder)
            if len(rel.parts) > MAX_DEPTH or any(p.startswith(".") for p in rel.parts):
                continue
            files.append({"id": str(path), "label": f"{folder.name}/{rel.as_posix()}"})
    return {"bundled": bundled, "files": files,
            "folders": [str(f) for f in user_folders()]}


def resolve(ident: str) -> tuple[Path, str]:
    """A layout chosen on the page: a bundled name, or a file the sandbox lets us read."""
    if not isinstance(ident, str) or not ident.strip():
        raise SheetgenError("choose a layout")
    bundled = bundled_layouts()
    if ident in bundled:
        return bundled[ident], ident
    if not ident.endswith((".yaml", ".yml")):
        raise SheetgenError(f"no bundled layout named '{ident[:80]}'",
                            hint="choose one from the list, or a .yaml file in an allowed "
                                 "folder")
    path = access.readable(ident, relative_to=Path.cwd(), root=None, pos=None,
                           what="layout")
    return path, str(path)


# ------------------------------------------------------------------ variables

def kind_of(value: Any) -> str:
    """The form field for a default: lists, mappings and nulls are edited as YAML text."""
    kind = layout_kind(value)
    return "yaml" if kind in ("list", "mapping", "any") else kind


def _field_value(kind: str, value: Any) -> Any:
    """A default as the form shows it (lists and mappings as YAML text)."""
    if kind == "yaml":
        return yaml.safe_dump(value, sort_keys=False, allow_unicode=True).strip()
    if kind == "float":
        return round(value, 6)  # 122.80000000000001, computed, shows as 122.8
    return value


def _same(kind: str, value: Any, default: Any) -> bool:
    if kind == "float":
        return abs(value - default) <= 1e-6 * max(1.0, abs(default))
    return value == default


def open_layout(desk: LayoutDesk, ident: str) -> dict[str, Any]:
    path, label = resolve(ident)
    layout = load_layout(path)  # faults here are the file's own: shown with their place
    names = {k: v for k, v in layout.names.items() if k not in BASE_NAMES}
    desk.path, desk.label = path, label
    desk.kinds = {k: kind_of(v) for k, v in names.items()}
    desk.defaults = names
    desk.overrides = {}
    desk.row = 0
    return {"label": label, "name": layout.name, "description": layout.description,
            "source": _shown(path),
            "vars": [{"name": k, "kind": desk.kinds[k],
                      "default": _field_value(desk.kinds[k], v)} for k, v in names.items()],
            **preview(desk)}


def set_values(desk: LayoutDesk, values: dict[str, Any]) -> dict[str, str]:
    """The form's values as overrides (only those unlike the default); field -> problem for
    a value of the wrong type, which is left out and shown beside its field."""
    problems: dict[str, str] = {}
    overrides: dict[str, Any] = {}
    for name, value in values.items():
        kind = desk.kinds.get(name)
        if kind is None:
            problems[name] = "this layout has no such variable"
            continue
        try:
            typed = _typed(kind, value)
        except ValueError as err:
            problems[name] = str(err)
            continue
        if not _same(kind, typed, desk.defaults[name]):
            overrides[name] = typed
    desk.overrides = overrides
    return problems


def _typed(kind: str, value: Any) -> Any:
    if kind == "bool":
        if not isinstance(value, bool):
            raise ValueError("yes or no")
        return value
    if kind in ("int", "float"):
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise ValueError("a number")
        if kind == "int" and value != int(value):
            raise ValueError("a whole number")
        return int(value) if kind == "int" else float(value)
    if not isinstance(value, str):
        raise ValueError("text")
    if kind == "color" and not COLOR.match(value):
        raise ValueError("a colour like #7a1616")
    if kind == "yaml":
        try:
            return yaml.safe_load(value)
        except yaml.YAMLError as err:
            mark = getattr(err, "problem_mark", None)
            where = f" (line {mark.line + 1}, column {mark.column + 1})" if mark else ""
            raise ValueError(f"not YAML{where}: {getattr(err, 'problem', err)}") from None
    return value


# ------------------------------------------------------------------ drawing

def _place(pos: Position | None) -> dict[str, Any]:
    """Where a fault or warning arose: the file as shown, line, column, and the source line
    with a caret (only for a YAML file the loader parsed, as the command line quotes it)."""
    if pos is None:
        return {"file": "", "line": 0, "column": 0, "excerpt": ""}
    quoted = SheetgenError("", pos).format().splitlines()[1:]
    excerpt = "\n".join(line for line in quoted if not line.startswith("hint:"))
    return {"file": _shown(Path(pos.file)) if pos.file else "", "line": pos.line or 0,
            "column": pos.column or 0, "excerpt": excerpt}


def faults_of(err: SheetgenError) -> list[dict[str, Any]]:
    errors = err.errors if isinstance(err, SheetgenErrors) else [err]
    return [{**_place(e.position), "message": e.message, "hint": e.hint or ""}
            for e in errors]


def _load(desk: LayoutDesk) -> Layout:
    if desk.path is None:
        raise SheetgenError("open a layout first")
    return load_layout(desk.path, RenderOptions(overrides=dict(desk.overrides),
                                                seed=desk.seed))


def preview(desk: LayoutDesk) -> dict[str, Any]:
    """The current row drawn as SVG (front, and back when the layout has one), with the
    warnings it raised, or the faults that stopped it, each at its place."""
    out: dict[str, Any] = {"row": desk.row, "rows": 0, "row_label": "", "pages": [],
                           "warnings": [], "errors": [], "overrides": desk.overrides}
    try:
        layout = _load(desk)
        rows = layout.rows or [Row({}, Position(str(layout.path)), 1)]
        out["rows"] = len(rows)
        desk.row = out["row"] = min(max(desk.row, 0), len(rows) - 1)
        out["row_label"] = rows[desk.row].label() if rows[desk.row].fields else ""
        warnings: list[LayoutWarning] = []
        pages = svg_pages(layout, desk.row, warnings)
    except SheetgenError as err:
        out["errors"] = faults_of(err)
        return out
    out["pages"] = pages
    out["size_mm"] = [round(layout.page.width / 72 * 25.4, 1),
                      round(layout.page.height / 72 * 25.4, 1)]
    out["warnings"] = [{**_place(w.position), "message": w.message}
                       for w in warnings[:MAX_WARNINGS]]
    return out


# ------------------------------------------------------------------ downloads

def stem(desk: LayoutDesk) -> str:
    base = desk.path.stem if desk.path else "layout"
    return re.sub(r"[^a-z0-9]+", "-", base.lower()).strip("-") or "layout"


def layout_pdf(desk: LayoutDesk) -> bytes:
    """The whole document, every row, as `sheetgen render` prints it with these values."""
    from sheetgen.render.output import render_pdf

    layout = _load(desk)
    single = len(layout.data) == 1 and layout.imposition is not None
    return render_pdf(layout, layout.imposition.per_sheet if single else 1)


def row_png(desk: LayoutDesk, dpi: int = 150) -> bytes:
    """The current row's card as a PNG (trimmed), as `sheetgen export png` draws it."""
    from sheetgen.render.images import card_images

    layout = _load(desk)
    rows = len(layout.rows) or 1
    image = next(card_images(one_card(layout, min(desk.row, rows - 1)), dpi))
    buf = io.BytesIO()
    image.save(buf, format="PNG", dpi=(dpi, dpi))
    return buf.getvalue()


def tts_zip(desk: LayoutDesk, dpi: int = 150) -> bytes:
    """`sheetgen export tts` of the document, zipped (written in a temporary folder that is
    removed at once)."""
    from sheetgen.render.images import export_tts

    layout = _load(desk)
    buf = io.BytesIO()
    with tempfile.TemporaryDirectory(prefix="sheetgen-studio-") as tmp:
        written = export_tts(layout, tmp, dpi)
        with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
            for path in sorted(written):
                zf.write(path, Path(path).name)
    return buf.getvalue()

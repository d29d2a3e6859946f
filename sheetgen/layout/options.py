"""What the command line may change in a layout: `RenderOptions` (paper, bleed, crop marks,
seed, tiling, colour space and `--set` overrides), `parse_override` for `--set key=value`,
and `allow_named_files`, which lets a layout read a file the user named on the command line
(`--set island=FILE`) wherever it lies (a process-wide grant in `sheetgen.access`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sheetgen import access
from sheetgen.errors import SheetgenError
from sheetgen.layout.source import Mapping, parse_yaml


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
    pdfx: str | None = None  # --pdfx x4|x1a (CMYK files; sheetgen.render.pdfx)


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


def allow_named_files(overrides: dict[str, Any]) -> None:
    """A file named in an override (`--island FILE`, `--set island=FILE`) was named by the
    user, not by the layout, so the layout may read it wherever it lies (sheetgen.access)."""
    for value in overrides.values():
        if isinstance(value, str) and 0 < len(value) < access.MAX_NAME and "\0" not in value:
            try:
                if Path(value).is_file():
                    access.allow([value])
            except OSError:
                continue

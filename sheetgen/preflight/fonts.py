"""Fonts: every font a page uses is embedded, so the print shop's RIP sets the same glyphs."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from sheetgen.preflight.model import Finding, PageInfo

_FILES = ("/FontFile", "/FontFile2", "/FontFile3")


def embedded(font: Any) -> bool:
    """Whether a font dictionary carries its font program (Type 3 fonts are their own
    program; a Type 0 font's is in its descendant)."""
    subtype = font.get("/Subtype")
    if subtype == "/Type3":
        return True
    if subtype == "/Type0":
        descendants = font.get("/DescendantFonts")
        if not descendants:
            return False
        return embedded(descendants[0].get_object())
    desc = font.get("/FontDescriptor")
    if desc is None:
        return False
    desc = desc.get_object()
    return any(key in desc for key in _FILES)


def check_fonts(page: PageInfo) -> Iterator[Finding]:
    for name, font in sorted(page.content.fonts.items()):
        if not embedded(font):
            yield Finding("fonts", page.number, None, f"font {name.lstrip('/')} is not "
                          "embedded")

"""Checks of the printed words: size, distance from the cut, contrast with what is under
them."""

from __future__ import annotations

import math
from collections.abc import Iterator
from functools import lru_cache
from typing import Any

from sheetgen.canvas import MM
from sheetgen.layout.colors import luminance
from sheetgen.preflight.content import TextRun
from sheetgen.preflight.model import Finding, PageInfo, mm
from sheetgen.preflight.raster import Raster

MIN_SIZE = 6.0
"""Smallest text, points (glyph height as set: the font size on paper)."""

LARGE = 14.0
"""From this size text is large, and 3:1 contrast is enough (WCAG 2.x: 14 pt bold or 18 pt;
sheetgen's display faces are bold)."""

SMALL_CONTRAST = 4.5
LARGE_CONTRAST = 3.0
CONTRAST_SHARE = 0.2
"""The contrast is that of the worst 20 % of the background under the text's box: a rule or
a speck under a word does not fail it, half a word on yellow does."""

SAFE_SLACK = 0.05 * MM


def _shown(page: PageInfo) -> list[TextRun]:
    return [t for t in page.content.texts if not t.invisible and t.visible is not None
            and t.text.strip()]


def _quote(text: str) -> str:
    text = " ".join(text.split())
    return repr(text if len(text) <= 30 else text[:29] + "...")


def check_text_size(page: PageInfo) -> Iterator[Finding]:
    for t in _shown(page):
        if t.size < MIN_SIZE - 1e-3:
            where = page.piece_at(t.box)
            yield Finding("text-size", page.number, where[0] if where else None,
                          f"{_quote(t.text)} is {t.size:.1f} pt (at least {MIN_SIZE:g} pt)")


def check_safe_zone(page: PageInfo) -> Iterator[Finding]:
    """Text inside a piece keeps the piece's safe distance from each cut edge; text outside
    every piece (sheet notes in the margin) is the margin check's business."""
    for t in _shown(page):
        found = page.piece_at(t.visible)
        if found is None:
            continue
        i, piece = found
        bx0, by0, bx1, by1 = t.visible
        tx0, ty0, tx1, ty1 = piece.trim
        gaps = []
        for edge, gap, cut in (("left", bx0 - tx0, piece.cut[0]),
                               ("bottom", by0 - ty0, piece.cut[1]),
                               ("right", tx1 - bx1, piece.cut[2]),
                               ("top", ty1 - by1, piece.cut[3])):
            if cut and gap < piece.safe - SAFE_SLACK:
                gaps.append((gap, edge))
        if gaps:
            gap, edge = min(gaps)
            yield Finding("safe-zone", page.number, i,
                          f"{_quote(t.text)} is {mm(gap)} from the {edge} cut "
                          f"(keep {mm(piece.safe)})")


def as_rgb(color: tuple[float, ...], space: str) -> tuple[float, float, float] | None:
    """The colour as sRGB for contrast; CMYK as pdfium shows it (`rendered_cmyk`), like the
    page behind the text, so that both sides of the ratio are estimated alike."""
    if len(color) == 3:
        return color  # type: ignore[return-value]
    if len(color) == 1:
        return (color[0],) * 3  # type: ignore[return-value]
    if len(color) == 4:
        from sheetgen.preflight.raster import rendered_cmyk

        return rendered_cmyk(tuple(color))
    return None


@lru_cache(maxsize=1)
def _linear() -> Any:
    """Linear light of each 8-bit sRGB channel value (WCAG's formula), as a table: looked up
    per pixel instead of raising every pixel to the power 2.4."""
    import numpy as np

    px = np.arange(256, dtype=np.float64) / 255.0
    return np.where(px <= 0.03928, px / 12.92, ((px + 0.055) / 1.055) ** 2.4)


def quantile(values: Any, q: float) -> float:
    """`np.quantile(values, q)` (numpy's default, linear method), computed as numpy computes
    it, step for step, without its set-up: called once per text run, np.quantile's own
    overhead was a third of the contrast check. `values` (a 1-d float array, not empty) is
    partitioned in place, at the lower of the two order statistics only: the next one is
    the least of what lies above it (a third of the time of partitioning at both)."""

    n = values.size
    virtual = (n - 1) * q
    if virtual >= n - 1:
        return float(values.max())
    lo = math.floor(virtual)
    values.partition(lo)
    a, b = float(values[lo]), float(values[lo + 1:].min())
    gamma = virtual - lo
    diff = b - a
    return b - diff * (1 - gamma) if gamma >= 0.5 else a + diff * gamma


def text_contrast(t: TextRun, background: Raster) -> float | None:
    """The contrast of `t` against the worst CONTRAST_SHARE of the pixels under it (on the
    page rendered without text); None when it cannot be told.

    Most text stands on one colour (paper, a card's fill): then every pixel's ratio is the
    same, and so is any quantile of them, so the ratio is worked out for two of those
    pixels instead of all. Two, not one: numpy computes a matrix's row luminances with
    BLAS's gemv (the same value for a row whatever the number of rows from two up), a
    single row by a dot product, which may round differently."""
    import numpy as np

    rgb = as_rgb(t.color, t.space)
    if rgb is None or t.visible is None:
        return None
    crop = background.crop(t.visible)
    if crop is None:
        return None
    if crop.size > 3 and _one_colour(crop):
        crop = np.repeat(crop[:1, :1], 2, axis=0)
    lin = _linear().take(crop)  # a gather, as indexing by the pixels is, but quicker
    lum = lin.reshape(-1, 3) @ np.array([0.2126, 0.7152, 0.0722])
    fg = luminance(rgb)
    ratios = np.maximum(lum, fg)
    lo = np.minimum(lum, fg, out=lum)
    ratios += 0.05
    lo += 0.05
    ratios /= lo
    return quantile(ratios, CONTRAST_SHARE)


def _one_colour(crop: Any) -> bool:
    """Whether every pixel of `crop` (height, width, 3) is the same colour: every byte the
    same (white or grey paper), else each row the first pixel over and over (compared a row
    of bytes at a time: numpy compares a pixel with a pixel three bytes at a time)."""
    import numpy as np

    if crop.min() == crop.max():
        return True
    h, w = crop.shape[:2]
    return bool((crop.reshape(h, w * 3) == np.tile(crop[0, 0], w)).all())


def check_contrast(page: PageInfo, background: Raster) -> Iterator[Finding]:
    for t in _shown(page):
        value = text_contrast(t, background)
        if value is None:
            continue
        need = LARGE_CONTRAST if t.size >= LARGE else SMALL_CONTRAST
        if value < need - 1e-6:
            where = page.piece_at(t.visible)
            yield Finding("contrast", page.number, where[0] if where else None,
                          f"{_quote(t.text)} ({t.size:.1f} pt) has contrast {value:.2f}:1 "
                          f"against what is under it (needs {need:g}:1)")


def needs_contrast(page: PageInfo) -> bool:
    return bool(_shown(page))

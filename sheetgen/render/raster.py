"""The pixel budget of rasterising (export png/tts, previews), shared by `images` and
`output`: a page at a high dpi takes gigabytes, so the size is checked before any memory is
taken (issue 28, finding 10)."""

from __future__ import annotations

from sheetgen.errors import SheetgenError


def check_raster(width_pt: float, height_pt: float, dpi: int, what: str) -> None:
    """Refuse, before any memory is taken, to rasterise more pixels than `raster_pixels`."""
    from sheetgen import limits

    w, h = round(width_pt * dpi / 72.0), round(height_pt * dpi / 72.0)
    if w * h > limits.get("raster_pixels"):
        err = limits.exceeded("raster_pixels", f"{what} of {width_pt / 72 * 25.4:.0f} x "
                              f"{height_pt / 72 * 25.4:.0f} mm at {dpi} dpi is {w:,} x {h:,} "
                              "pixels")
        raise SheetgenError(err.message, hint=f"use a lower --dpi, or {err.hint}")

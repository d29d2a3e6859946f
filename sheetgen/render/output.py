"""Finished files: PDF bytes from a layout, written atomically; PNG previews."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from sheetgen.atomic import atomic_path, write_bytes
from sheetgen.errors import LayoutWarning, SheetgenError
from sheetgen.layout.document import Layout
from sheetgen.render.compose import compose
from sheetgen.render.pdf import PdfCanvas


def render_pdf(layout: Layout, count: int = 1,
               progress: Callable[[int], None] | None = None, sides: str = "both",
               warnings: list[LayoutWarning] | None = None) -> bytes:
    """The finished PDF; what a person would stumble on is added to `warnings`."""
    canvas = PdfCanvas(title=layout.name, subject=layout.description,
                       colorspace=layout.colorspace)
    compose(layout, canvas, count, progress, sides, warnings)
    return canvas.finish()


def write_pdf(layout: Layout, out: str | Path, count: int = 1,
              progress: Callable[[int], None] | None = None, sides: str = "both",
              warnings: list[LayoutWarning] | None = None) -> int:
    """Render and write atomically: a failure leaves any existing file untouched."""
    data = render_pdf(layout, count, progress, sides, warnings)
    write_bytes(out, data)
    return len(data)


def pdf_to_png(pdf: bytes, out: str | Path, dpi: int = 100, page: int = 0) -> None:
    """Rasterise one page (pypdfium2: no system dependency) and write it atomically."""
    import pypdfium2 as pdfium

    if not 10 <= dpi <= 1200:
        raise SheetgenError(f"--dpi {dpi} is out of range", hint="use 10 to 1200")
    doc = pdfium.PdfDocument(pdf)
    try:
        image = doc[page].render(scale=dpi / 72.0).to_pil()
    finally:
        doc.close()
    with atomic_path(out) as tmp:
        image.save(tmp, format="PNG")

"""Finished files: PDF bytes from a layout, written atomically; PDFs streamed in parts; PNG
previews."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any, BinaryIO

from sheetgen.atomic import atomic_path, write_bytes
from sheetgen.errors import LayoutWarning, SheetgenError
from sheetgen.layout.document import Layout
from sheetgen.render.compose import compose
from sheetgen.render.pdf import PdfCanvas
from sheetgen.render.raster import check_raster


def render_pdf(layout: Layout, count: int = 1,
               progress: Callable[[int], None] | None = None, sides: str = "both",
               warnings: list[LayoutWarning] | None = None,
               numbering: tuple[int, int] | None = None, press: bool = True) -> bytes:
    """The finished PDF; what a person would stumble on is added to `warnings`.
    `numbering` (first page index, total pages) when this is one part of a longer
    document (see `stream_rows`). A CMYK layout comes out as PDF/X (`layout.pdfx`) unless
    `press` is False (a part of a streamed document: the whole file is made PDF/X)."""
    canvas = PdfCanvas(title=document_title(layout), subject=layout.description,
                       colorspace=layout.colorspace)
    compose(layout, canvas, count, progress, sides, warnings, numbering=numbering)
    data = canvas.finish()
    if layout.colorspace == "cmyk" and press:
        from sheetgen.render.pdfx import make_pdfx

        data = make_pdfx(data, layout.pdfx, title=document_title(layout))
    return data


def document_title(layout: Layout) -> str:
    """The PDF's Title: the layout's name, unless that is a template (`${row.name}` names
    each page, not the document), then the layout file's name."""
    if "${" in layout.name:
        return Path(str(layout.path)).stem
    return layout.name


PART_ROWS = 16
"""Data rows rendered per part when a document is streamed. Fixed, so that the bytes do not
depend on how the rows were computed; big enough that the parts' own copies of fonts and
shared artwork (merged where identical) add only a few per cent, small enough that a part's
recordings stay a few tens of MB."""


def stream_rows(layout: Layout, rows: Iterable[dict[str, Any]], out: BinaryIO, total: int,
                part_rows: int | None = None,
                warnings: list[LayoutWarning] | None = None) -> int:
    """Render `layout` with the data `rows`, taken lazily `part_rows` (default PART_ROWS)
    at a time, and write the PDF to `out` as it goes; returns the pages written. Memory
    holds one part, whatever `total` (the number of rows, for `page.count`). The same
    drawing path as `render_pdf`: each part is rendered by it (`render_part`) and appended
    to the file by `StreamingPdf`.

    Only for layouts that print each row on its own page (and its back): no imposition,
    tiling or `copies:`, so that a part's pages are exactly its rows' pages. A caller that
    renders the parts elsewhere (the Captain's Curse pad, in its worker processes) splits
    the rows with `row_parts` and hands the finished parts to `stream_parts`: the bytes are
    the same, since a part depends only on its rows, its first index and `total`."""
    return stream_parts((render_part(layout, part, first, total, warnings)
                         for first, part in row_parts(layout, rows, part_rows)), out)


def row_parts(layout: Layout, rows: Iterable[dict[str, Any]], part_rows: int | None = None
              ) -> Iterator[tuple[int, list[dict[str, Any]]]]:
    """(index of the part's first row, its rows): `rows` taken lazily `part_rows` (default
    PART_ROWS) at a time, each part checked streamable (see `stream_rows`)."""
    if layout.imposition is not None or layout.tile is not None:
        raise ValueError(f"{layout.name}: imposed or tiled layouts are not streamed")
    part_rows = part_rows or PART_ROWS
    it = iter(rows)
    done = 0
    while part := list(itertools.islice(it, part_rows)):
        if any("copies" in row for row in part):
            raise ValueError(f"{layout.name}: rows with copies: are not streamed")
        yield done, part
        done += len(part)


def render_part(layout: Layout, part: list[dict[str, Any]], first: int, total: int,
                warnings: list[LayoutWarning] | None = None) -> bytes:
    """One part of a streamed document: `layout` with the data rows `part`, its pages
    numbered from `first` of `total`. A pure function of those (the layout's own data is
    restored), so any process with the same layout renders the same bytes."""
    data = layout.data
    layout.data = part
    try:
        return render_pdf(layout, warnings=warnings, numbering=(first, total), press=False)
    finally:
        layout.data = data


def stream_parts(parts: Iterable[bytes], out: BinaryIO) -> int:
    """Append the finished parts (PDFs from `render_part`, in order) to `out` and close the
    document; returns the pages written."""
    from sheetgen.render.stream import StreamingPdf

    writer = StreamingPdf(out)
    for pdf in parts:
        writer.add_part(pdf)
    writer.close()
    return writer.pages


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
        check_raster(*doc[page].get_size(), dpi, "a page")
        image = doc[page].render(scale=dpi / 72.0).to_pil()
    finally:
        doc.close()
    with atomic_path(out) as tmp:
        image.save(tmp, format="PNG")

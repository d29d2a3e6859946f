"""Saddle-stitch imposition: print double-sided, fold once, staple, read in order.

A booklet of m pages (m a multiple of 4; blanks pad the end) uses m/4 sheets. Sheet s carries
on its front the pages m-1-2s (left) and 2s (right), and on its back 2s+1 (left) and m-2-2s
(right), counting from 0. Stacked and folded, the sheets read 1, 2, 3, ... m. The order is a
pure function so tests can check it without a PDF; `impose_saddle_stitch` applies it with
pypdf, placing each book page unchanged (as vectors, fonts intact) 2-up on a landscape sheet.
"""

from __future__ import annotations

import io
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pypdf.generic import IndirectObject

Side = tuple[int | None, int | None]
"""(left page, right page) of one side of a sheet; None is a blank half."""


def booklet_order(n_pages: int, last_on_back: bool = False) -> list[Side]:
    """Sides in print order (front of sheet 1, back of sheet 1, front of sheet 2, ...).

    With `last_on_back` the padding blanks go before the last page instead of after it, so
    the book's last page (the quick reference) becomes the back cover.
    """
    if n_pages < 1:
        raise ValueError("a booklet needs at least one page")
    padded = -(-n_pages // 4) * 4
    blanks: list[int | None] = [None] * (padded - n_pages)
    if last_on_back and blanks:
        sequence = [*range(n_pages - 1), *blanks, n_pages - 1]
    else:
        sequence = [*range(n_pages), *blanks]

    sides: list[Side] = []
    for s in range(padded // 4):
        sides.append((sequence[padded - 1 - 2 * s], sequence[2 * s]))
        sides.append((sequence[2 * s + 1], sequence[padded - 2 - 2 * s]))
    return sides


FLIP_NOTE = "Print double-sided, flip on the short edge; fold in half, staple on the fold"


def flip_note_pdf(width: float, height: float) -> bytes:
    """A one-page PDF of the sheet's size holding only the printing note, centred on the fold
    6 mm above the bottom edge (in the pages' bottom margins, between their folios, inside a
    home printer's 5 mm)."""
    from sheetgen.assets.fonts import string_width
    from sheetgen.canvas import MM
    from sheetgen.render.pdf import PdfCanvas

    canvas = PdfCanvas(title="note")
    canvas.begin_page(width, height)
    size = 6.5
    x = (width - string_width(FLIP_NOTE, "sans", size)) / 2
    canvas.text(x, height - 6 * MM, FLIP_NOTE, "sans", size, (0.25, 0.25, 0.25))
    canvas.end_page()
    return canvas.finish()


def impose_saddle_stitch(pdf: bytes, sheet_width: float, sheet_height: float,
                         last_on_back: bool = False) -> bytes:
    """Place the pages of `pdf` 2-up on sheets of the given size (points, landscape).

    Each book page becomes one Form XObject (its content stream and resources, untouched and
    still compressed) drawn with a `cm` on the sheet: no content stream is parsed or
    rewritten, so imposing is quick and the booklet is no bigger than the book.
    """
    from pypdf import PageObject, PdfReader, PdfWriter
    from pypdf.generic import (
        ArrayObject,
        DictionaryObject,
        FloatObject,
        NameObject,
        StreamObject,
    )

    reader = PdfReader(io.BytesIO(pdf))
    writer = PdfWriter()
    forms: dict[int, IndirectObject] = {}

    def page_form(page) -> IndirectObject:
        stream = StreamObject()
        stream.set_data(page.get_contents().get_data())
        stream.update({
            NameObject("/Type"): NameObject("/XObject"),
            NameObject("/Subtype"): NameObject("/Form"),
            NameObject("/BBox"): ArrayObject(FloatObject(v) for v in page.mediabox),
            NameObject("/Resources"): page[NameObject("/Resources")],
        })
        return writer._add_object(stream.flate_encode().clone(writer))

    def form(index: int) -> IndirectObject:
        if index not in forms:
            forms[index] = page_form(reader.pages[index])
        return forms[index]

    half = sheet_width / 2
    note = PdfReader(io.BytesIO(flip_note_pdf(sheet_width, sheet_height))).pages[0]
    for number, (left, right) in enumerate(booklet_order(len(reader.pages), last_on_back)):
        sheet = PageObject.create_blank_page(writer, width=sheet_width, height=sheet_height)
        xobjects = DictionaryObject()
        ops = []
        if number == 0:  # the first side says how to print the rest
            xobjects[NameObject("/FlipNote")] = page_form(note)
            ops.append("/FlipNote Do")
        for slot, index in enumerate((left, right)):
            if index is None:
                continue
            page = reader.pages[index]
            width, height = float(page.mediabox.width), float(page.mediabox.height)
            scale = min(half / width, sheet_height / height)
            x = slot * half + (half - width * scale) / 2
            y = (sheet_height - height * scale) / 2
            name = f"/Page{index}"
            xobjects[NameObject(name)] = form(index)
            ops.append(f"q {scale:.6f} 0 0 {scale:.6f} {x:.4f} {y:.4f} cm {name} Do Q")
        sheet[NameObject("/Resources")] = DictionaryObject({NameObject("/XObject"): xobjects})
        content = StreamObject()
        content.set_data(" ".join(ops).encode("ascii"))
        sheet[NameObject("/Contents")] = writer._add_object(content.flate_encode())
        writer.add_page(sheet)
    writer.add_metadata({"/Producer": "sheetgen rulebook booklet"})
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()

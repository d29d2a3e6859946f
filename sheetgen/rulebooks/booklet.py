"""Saddle-stitch imposition: print double-sided, fold once, staple, read in order.

A booklet of m pages (m a multiple of 4; blanks pad the end) uses m/4 sheets. Sheet s carries
on its front the pages m-1-2s (left) and 2s (right), and on its back 2s+1 (left) and m-2-2s
(right), counting from 0. Stacked and folded, the sheets read 1, 2, 3, ... m. The order is a
pure function so tests can check it without a PDF; `impose_saddle_stitch` applies it with
pypdf, placing each book page unchanged (as vectors, fonts intact) 2-up on a landscape sheet.
"""

from __future__ import annotations

import io

from pypdf import PageObject, PdfReader, PdfWriter, Transformation

Side = tuple[int | None, int | None]
"""(left page, right page) of one side of a sheet; None is a blank half."""


def booklet_order(n_pages: int) -> list[Side]:
    """Sides in print order (front of sheet 1, back of sheet 1, front of sheet 2, ...)."""
    if n_pages < 1:
        raise ValueError("a booklet needs at least one page")
    padded = -(-n_pages // 4) * 4

    def real(index: int) -> int | None:
        return index if index < n_pages else None

    sides: list[Side] = []
    for s in range(padded // 4):
        sides.append((real(padded - 1 - 2 * s), real(2 * s)))
        sides.append((real(2 * s + 1), real(padded - 2 - 2 * s)))
    return sides


def impose_saddle_stitch(pdf: bytes, sheet_width: float, sheet_height: float) -> bytes:
    """Place the pages of `pdf` 2-up on sheets of the given size (points, landscape)."""
    reader = PdfReader(io.BytesIO(pdf))
    writer = PdfWriter()
    half = sheet_width / 2
    for left, right in booklet_order(len(reader.pages)):
        sheet = PageObject.create_blank_page(width=sheet_width, height=sheet_height)
        for slot, index in enumerate((left, right)):
            if index is None:
                continue
            page = reader.pages[index]
            width, height = float(page.mediabox.width), float(page.mediabox.height)
            scale = min(half / width, sheet_height / height)
            x = slot * half + (half - width * scale) / 2
            y = (sheet_height - height * scale) / 2
            sheet.merge_transformed_page(
                page, Transformation().scale(scale, scale).translate(x, y)
            )
        writer.add_page(sheet)
    writer.add_metadata({"/Producer": "sheetgen rulebook booklet"})
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()

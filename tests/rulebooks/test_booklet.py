"""Saddle-stitch imposition: the page order, and the order actually found in imposed PDFs."""

from __future__ import annotations

import io
import re
import subprocess
import tempfile

import pytest
import weasyprint
from pypdf import PdfReader

from sheetgen.rulebooks.booklet import booklet_order, impose_saddle_stitch


def test_order_for_8_pages():
    # Two sheets: outer sheet 8|1 and 2|7, inner sheet 6|3 and 4|5 (1-based).
    assert booklet_order(8) == [(7, 0), (1, 6), (5, 2), (3, 4)]


def test_order_for_12_pages():
    assert booklet_order(12) == [
        (11, 0), (1, 10), (9, 2), (3, 8), (7, 4), (5, 6),
    ]


@pytest.mark.parametrize("n", [1, 2, 3, 5, 7, 8, 9, 12, 13, 20])
def test_order_is_a_fold(n):
    sides = booklet_order(n)
    padded = -(-n // 4) * 4
    assert len(sides) == padded // 2
    pages = [p for side in sides for p in side if p is not None]
    assert sorted(pages) == list(range(n))  # every page exactly once
    assert sum(p is None for side in sides for p in side) == padded - n  # blanks pad
    for left, right in sides:
        # Facing halves of one side always add up to padded-1 (that is what folding does).
        if left is not None and right is not None:
            assert left + right == padded - 1


def test_order_rejects_empty():
    with pytest.raises(ValueError):
        booklet_order(0)


def _numbered_pdf(n: int) -> bytes:
    html = "".join(
        f'<p style="break-after: page">PAGE-{i + 1:02d}</p>' for i in range(n)
    )
    css = weasyprint.CSS(string="@page { size: 148mm 210mm; margin: 10mm }")
    return weasyprint.HTML(string=html).write_pdf(stylesheets=[css])


def _halves(pdf: bytes) -> list[tuple[str, str]]:
    """For each imposed side, the page label found in its left and right half, located by
    poppler (which places text drawn inside form XObjects where it really lands)."""
    with tempfile.NamedTemporaryFile(suffix=".pdf") as tmp:
        tmp.write(pdf)
        tmp.flush()
        html = subprocess.run(["pdftotext", "-bbox", tmp.name, "-"], check=True,
                              capture_output=True, text=True).stdout
    out = []
    for page in re.findall(r'<page width="([\d.]+)"[^>]*>(.*?)</page>', html, re.S):
        width, body = float(page[0]), page[1]
        found = {"left": "", "right": ""}
        for x_min, word in re.findall(r'<word xMin="([\d.]+)"[^>]*>(PAGE-\d+)</word>', body):
            found["left" if float(x_min) < width / 2 else "right"] = word
        out.append((found["left"], found["right"]))
    return out


@pytest.mark.parametrize("n", [8, 12])
def test_imposed_pdf_reads_in_booklet_order(n):
    imposed = impose_saddle_stitch(_numbered_pdf(n), 842, 595)
    reader = PdfReader(io.BytesIO(imposed))
    assert len(reader.pages) == n // 2
    assert all(float(p.mediabox.width) == 842 for p in reader.pages)
    expected = [
        tuple("" if i is None else f"PAGE-{i + 1:02d}" for i in side) for side in booklet_order(n)
    ]
    assert _halves(imposed) == expected


def test_imposition_pads_with_blanks():
    imposed = impose_saddle_stitch(_numbered_pdf(6), 842, 595)
    halves = _halves(imposed)
    assert len(halves) == 4
    assert halves[0] == ("", "PAGE-01")  # the back cover is a blank
    assert halves[1] == ("PAGE-02", "")


def test_last_page_can_be_the_back_cover():
    # 6 pages pad to 8; the blanks go before the last page, which lands on the back cover.
    assert booklet_order(6, last_on_back=True) == [(5, 0), (1, None), (None, 2), (3, 4)]
    assert booklet_order(8, last_on_back=True) == booklet_order(8)  # nothing to pad


def test_imposed_back_cover():
    halves = _halves(impose_saddle_stitch(_numbered_pdf(6), 842, 595, last_on_back=True))
    assert halves[0] == ("PAGE-06", "PAGE-01")


def test_first_side_says_how_to_print():
    """Issue 27: a booklet printed duplex says on the page which edge to flip."""
    imposed = impose_saddle_stitch(_numbered_pdf(8), 842, 595)
    texts = [page.extract_text() or "" for page in PdfReader(io.BytesIO(imposed)).pages]
    assert "flip on the short edge" in " ".join(texts[0].split())
    assert not any("flip on" in t for t in texts[1:])

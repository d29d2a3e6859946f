"""Read finished PDFs back the way a printer or reader would: boxes, text, fonts, pixels.

Boxes come from pypdf (not `pdfinfo -box`, which shows the CropBox where a TrimBox is
missing); fonts from poppler's `pdffonts`; the structural check from `qpdf --check`.
"""

from __future__ import annotations

import io
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

MM = 72.0 / 25.4

Box = tuple[float, float, float, float]


def _reader(pdf: bytes | str | Path):
    from pypdf import PdfReader

    if isinstance(pdf, bytes):
        return PdfReader(io.BytesIO(pdf))
    return PdfReader(str(pdf))


@dataclass(frozen=True)
class Boxes:
    """A page's boxes in points, (x0, y0, x1, y1), y up as in the PDF."""

    media: Box
    bleed: Box
    trim: Box
    has_bleed: bool
    has_trim: bool

    def mm(self, which: str) -> Box:
        return tuple(round(v / MM, 2) for v in getattr(self, which))


def page_boxes(pdf: bytes | str | Path) -> list[Boxes]:
    out = []
    for page in _reader(pdf).pages:
        def box(name: str, page=page) -> Box:
            return tuple(float(v) for v in getattr(page, name))
        out.append(Boxes(box("mediabox"), box("bleedbox"), box("trimbox"),
                         "/BleedBox" in page, "/TrimBox" in page))
    return out


def page_texts(pdf: bytes | str | Path) -> list[str]:
    """The text of each page as pdfium reads it (the engine `preflight` renders with, and
    Chrome's): 0.06 s of CPU for the Black Dice pad's 22 pages, where pypdf's
    `extract_text` took 3.8 s. Lines end in "\r\n"; compare words, not layout."""
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(pdf if isinstance(pdf, bytes) else str(pdf))
    try:
        texts = []
        for page in doc:
            textpage = page.get_textpage()
            texts.append(textpage.get_text_range())
            textpage.close()
            page.close()
        return texts
    finally:
        doc.close()


def inside(inner: Box, outer: Box, tol: float = 0.01) -> bool:
    return (inner[0] >= outer[0] - tol and inner[1] >= outer[1] - tol
            and inner[2] <= outer[2] + tol and inner[3] <= outer[3] + tol)


def tool(name: str) -> str:
    """Path of a command-line tool the print checks need; fails the test if it is missing
    (the README's set-up installs poppler-utils and qpdf)."""
    path = shutil.which(name)
    assert path, f"{name} is not installed (apt-get install poppler-utils qpdf)"
    return path


def qpdf_check(path: str | Path) -> tuple[int, str]:
    done = subprocess.run([tool("qpdf"), "--check", str(path)], capture_output=True, text=True)
    return done.returncode, done.stdout + done.stderr


@dataclass(frozen=True)
class FontRow:
    name: str
    type: str
    embedded: bool


def pdffonts(path: str | Path) -> list[FontRow]:
    """Rows of `pdffonts`; columns are found from the dashes under the header."""
    done = subprocess.run([tool("pdffonts"), str(path)], capture_output=True, text=True,
                          check=True)
    lines = done.stdout.splitlines()
    dashes = lines[1]
    spans, start = [], 0
    for part in dashes.split(" "):
        spans.append((start, start + len(part)))
        start += len(part) + 1
    spans = [s for s in spans if s[1] > s[0]]
    rows = []
    for line in lines[2:]:
        cols = [line[a:b].strip() for a, b in spans]
        rows.append(FontRow(cols[0], cols[1], cols[3] == "yes"))
    return rows


def render_png(pdf: bytes, dpi: int = 60, page: int = 0):
    """Page `page` of a PDF as an RGB PIL image (pypdfium2)."""
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(pdf)
    try:
        return doc[page].render(scale=dpi / 72.0).to_pil().convert("RGB")
    finally:
        doc.close()


def pixel_difference(a, b) -> tuple[float, float]:
    """(mean absolute difference per channel 0..255, share of pixels differing by > 32)."""
    from PIL import ImageChops

    assert a.size == b.size, f"image sizes differ: {a.size} vs {b.size}"
    diff = ImageChops.difference(a.convert("RGB"), b.convert("RGB"))
    hist = diff.histogram()
    total = a.size[0] * a.size[1]
    mean = sum(sum(i * n for i, n in enumerate(hist[c * 256:(c + 1) * 256]))
               for c in range(3)) / (3 * total)
    grey = diff.convert("L")
    differing = sum(grey.histogram()[33:])
    return mean, differing / total


def _mul(m: tuple[float, ...], n: tuple[float, ...]) -> tuple[float, ...]:
    """Matrix product m x n of PDF matrices [a b c d e f] (m applied first)."""
    a, b, c, d, e, f = m
    A, B, C, D, E, F = n
    return (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D,
            e * A + f * C + E, e * B + f * D + F)


def path_boxes(pdf: bytes | str | Path, page: int = 0) -> list[Box]:
    """The bounding box, in page points (y up), of every subpath drawn on a page: what a
    ruler laid on the printed page would measure. Follows `cm`, `q`/`Q` and Form XObjects
    (`Do`, with their /Matrix), so artwork stored once and placed by a form is measured
    where it lands."""
    from pypdf.generic import ContentStream

    reader = _reader(pdf)
    boxes: list[Box] = []

    def run(stream_owner, resources, ctm: tuple[float, ...]) -> None:
        content = ContentStream(stream_owner, reader)
        stack: list[tuple[float, ...]] = []
        points: list[tuple[float, float]] = []

        def close() -> None:
            if len(points) > 1:
                xs = [p[0] for p in points]
                ys = [p[1] for p in points]
                boxes.append((min(xs), min(ys), max(xs), max(ys)))
            points.clear()

        def put(x: float, y: float) -> None:
            a, b, c, d, e, f = ctm
            points.append((a * x + c * y + e, b * x + d * y + f))

        for operands, op in content.operations:
            args = [float(v) for v in operands] if op in (b"cm", b"m", b"l", b"c", b"re",
                                                          b"v", b"y") else []
            if op == b"q":
                stack.append(ctm)
            elif op == b"Q":
                ctm = stack.pop()
            elif op == b"cm":
                ctm = _mul(tuple(args), ctm)
            elif op == b"m":
                close()
                put(*args)
            elif op in (b"l",):
                put(*args)
            elif op in (b"c", b"v", b"y"):
                put(*args[-2:])
            elif op == b"re":
                close()
                x, y, w, h = args
                for px, py in ((x, y), (x + w, y), (x + w, y + h), (x, y + h)):
                    put(px, py)
                close()
            elif op in (b"S", b"s", b"f", b"F", b"f*", b"B", b"B*", b"b", b"b*", b"n"):
                close()
            elif op == b"Do":
                xobj = resources["/XObject"][operands[0]].get_object()
                if xobj.get("/Subtype") == "/Form":
                    matrix = tuple(float(v) for v in xobj.get("/Matrix", [1, 0, 0, 1, 0, 0]))
                    run(xobj, xobj.get("/Resources", resources), _mul(matrix, ctm))
        close()

    pg = reader.pages[page]
    run(pg.get_contents(), pg["/Resources"], (1.0, 0.0, 0.0, 1.0, 0.0, 0.0))
    return boxes

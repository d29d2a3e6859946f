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
    return [page.extract_text() or "" for page in _reader(pdf).pages]


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

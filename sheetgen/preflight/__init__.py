"""`sheetgen preflight`: check a finished PDF the way a print shop (or a careful person at a
home printer) would, before paper is spent.

Each page is read twice: its content streams are played (`content`) to measure text, lines,
fonts and colours, and it is rendered (`raster`) to see where ink lands. What the page is
for (home sheet or print-shop piece, its cut pieces, bleed and safe zone, front or back) is
the `SheetPlan` sheetgen's renderer wrote into the page (`sheetgen.canvas.pieces`); pages
without one are judged from their boxes. The check families live in their own modules:
`boxes` (boxes, page size, bleed), `ink` (printer margin, hairlines), `text` (size, safe
zone, contrast), `fonts`, `duplex`, `colour` (colour spaces, PDF/X). docs/preflight.md
lists every check and threshold.
"""

from __future__ import annotations

import gc
import io
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from sheetgen.canvas.pieces import PIECE_INFO_KEY, Piece, SheetPlan
from sheetgen.errors import SheetgenError
from sheetgen.preflight.boxes import check_bleed, check_boxes, check_page_size, paper_of
from sheetgen.preflight.colour import check_colour, check_pdfx
from sheetgen.preflight.content import Interpreter, Streams
from sheetgen.preflight.duplex import check_duplex
from sheetgen.preflight.fonts import check_fonts
from sheetgen.preflight.ink import check_hairlines, check_margin
from sheetgen.preflight.model import CHECKS, Finding, PageInfo, Report
from sheetgen.preflight.raster import Renderer, without_text
from sheetgen.preflight.text import (
    check_contrast,
    check_safe_zone,
    check_text_size,
    needs_contrast,
)

__all__ = ["CHECKS", "Finding", "Report", "preflight", "preflight_bytes"]


def _box(page, name: str) -> tuple[float, float, float, float]:
    box = getattr(page, name)
    return tuple(float(v) for v in (box.left, box.bottom, box.right, box.top))


def _guess_plan(media, trim, bleed) -> SheetPlan:
    """A plan from the boxes alone: a page that is a home paper and is not trimmed is a
    home sheet; anything else is one piece cut from its sheet at the TrimBox."""
    w, h = media[2] - media[0], media[3] - media[1]
    paper = paper_of(w, h)
    if trim == media and paper is not None:
        return SheetPlan(kind="home", paper=paper,
                         pieces=(Piece(trim=trim, bleed=trim, cut=(False,) * 4),))
    cut = tuple(abs(t - m) > 0.01 for t, m in zip(trim, media, strict=True))
    return SheetPlan(kind="shop", pieces=(Piece(trim=trim, bleed=bleed, cut=cut),))


def _plan_of(page) -> SheetPlan | None:
    info = page.get("/PieceInfo")
    if info is None:
        return None
    entry = info.get_object().get(PIECE_INFO_KEY)
    if entry is None:
        return None
    private = entry.get_object().get("/Private")
    if private is None:
        return None
    return SheetPlan.from_json(str(private))


def _read(data: bytes, name: str):
    from pypdf import PdfReader
    from pypdf.errors import PdfReadError

    if not data.lstrip()[:5].startswith(b"%PDF-"):
        raise SheetgenError(f"{name}: not a PDF (it does not start with %PDF-)",
                            hint="give the PDF sheetgen (or another program) wrote")
    try:
        reader = PdfReader(io.BytesIO(data))
        pages = list(reader.pages)
    except (PdfReadError, ValueError, KeyError, TypeError) as err:
        raise SheetgenError(f"{name}: cannot read this PDF ({err})",
                            hint="check it with qpdf --check") from None
    if not pages:
        raise SheetgenError(f"{name}: the PDF has no pages")
    return reader, pages


@contextmanager
def _collector_paused() -> Iterator[None]:
    """The cyclic garbage collector off for the block (and on again after, unless it was
    off before). Reading a document makes hundreds of thousands of small objects that live
    as long as the report (operands, points, marks), and the collector passed over them
    again and again (1,600 passes over the 55 bundled outputs and rulebooks, 5% of their
    preflight's CPU in a process of its own, more in one with a large heap such as a test
    worker's) though none of them can be freed; the cycles a reading leaves (pypdf's
    objects) are freed by the first collection after it."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def preflight_bytes(data: bytes, name: str = "<pdf>", dpi: float = 150.0,
                    checks: set[str] | None = None) -> Report:
    """Every check (or those in `checks`) over a PDF's bytes."""
    with _collector_paused():
        return _preflight_bytes(data, name, dpi, checks)


def _preflight_bytes(data: bytes, name: str, dpi: float, checks: set[str] | None) -> Report:
    reader, raw_pages = _read(data, name)
    wanted = set(CHECKS) if checks is None else checks
    pages: list[PageInfo] = []
    notes = []
    streams = Streams(data, reader)
    for index, page in enumerate(raw_pages):
        # asked before the boxes are read: pypdf's box accessors store the box they fall
        # back to (the CropBox) in the page, after which every page "has" a TrimBox
        has_trim, has_bleed = "/TrimBox" in page, "/BleedBox" in page
        media, trim, bleed = _box(page, "mediabox"), _box(page, "trimbox"), _box(page,
                                                                                "bleedbox")
        try:
            plan = _plan_of(page)
        except (ValueError, KeyError, TypeError) as err:
            raise SheetgenError(f"{name}: page {index + 1}: unreadable sheetgen page plan "
                                f"({err})") from None
        planned = plan is not None
        if plan is None:
            plan = _guess_plan(media, trim, bleed)
        content = Interpreter(reader, page, streams).run()
        text = " ".join(t.text for t in content.texts)
        pages.append(PageInfo(index, media, trim, bleed, has_trim, has_bleed, plan, planned,
                              content, text))
    if not all(p.planned for p in pages):
        notes.append("pages without a sheetgen page plan are judged from their boxes")
    report = Report(name, pages, notes=notes)
    found = report.findings

    def run(check: str, findings) -> None:
        if check in wanted:
            found.extend(findings)

    for page in pages:
        run("boxes", check_boxes(page))
        run("page-size", check_page_size(page))
        run("text-size", check_text_size(page))
        run("safe-zone", check_safe_zone(page))
        run("hairlines", check_hairlines(page))
        run("fonts", check_fonts(page))
    inked = bool(wanted & {"bleed", "margin"})
    contrast = {p.index for p in pages if needs_contrast(p)} if "contrast" in wanted else set()
    if inked or contrast:  # each page rendered, then rendered again without its text
        renderer = Renderer(data, dpi, lambda: without_text(data, streams))
        try:
            for page in pages:
                if inked:
                    raster = renderer.page(page.index)
                    run("margin", check_margin(page, raster))
                    run("bleed", check_bleed(page, raster))
                if page.index in contrast:
                    run("contrast", check_contrast(page, renderer.text_free(page.index)))
        finally:
            renderer.close()
    run("duplex", check_duplex(pages))
    run("colour", check_colour(pages, reader))
    header = data.lstrip()[5:8].decode("latin-1", "replace")
    run("pdfx", check_pdfx(pages, reader, header))
    order = list(CHECKS)
    found.sort(key=lambda f: (order.index(f.check), f.page or 0, f.piece or 0))
    return report


def preflight(path: str | Path, dpi: float = 150.0, checks: set[str] | None = None) -> Report:
    """Preflight a PDF file; bad input (missing, not a PDF) is a SheetgenError."""
    path = Path(path)
    try:
        data = path.read_bytes()
    except OSError as err:
        raise SheetgenError(f"{path}: cannot read ({err.strerror})") from None
    return preflight_bytes(data, str(path), dpi, checks)

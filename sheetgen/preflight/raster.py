"""Pages as pixels, for the checks that are about what ink lands where: the printer margin,
bleed at the cut, and the colour under small text.

pdfium renders without anti-aliasing of paths and text, so an edge pixel is ink or paper,
not a blend that would look like a third colour. The text-free copy (every text object set
to render mode 3, invisible) gives what lies under the text.
"""

from __future__ import annotations

import io
import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

PAPER_WHITE = 250
"""A pixel with every channel at or above this is unprinted paper."""

MAX_PIXELS = 6_000_000
"""Pages are rendered at `dpi`, or less where that would exceed this (an A2 board)."""


@lru_cache(maxsize=1024)
def rendered_cmyk(inks: tuple[float, ...]) -> tuple[float, float, float]:
    """How pdfium shows a CMYK colour (0..1), as sRGB: a patch of it rendered by the same
    renderer that renders the page behind the text, so that text and background are
    estimated alike (pdfium shows CMYK with its own fixed conversion, not the file's
    output intent)."""
    import pypdfium2 as pdfium

    c, m, y, k = (min(1.0, max(0.0, float(v))) for v in inks[:4])
    content = b"%.4f %.4f %.4f %.4f k 0 0 4 4 re f" % (c, m, y, k)
    objects = [b"<< /Type /Catalog /Pages 2 0 R >>",
               b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
               b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 4 4] /Contents 4 0 R >>",
               b"<< /Length %d >>\nstream\n%s\nendstream" % (len(content), content)]
    out = bytearray(b"%PDF-1.4\n")
    offsets = []
    for number, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n%s\nendobj\n" % (number, body)
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % o for o in offsets)
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (
        len(objects) + 1, xref)
    doc = pdfium.PdfDocument(bytes(out))
    try:
        pixel = doc[0].render(scale=1).to_pil().convert("RGB").getpixel((2, 2))
    finally:
        doc.close()
    return tuple(v / 255 for v in pixel)  # type: ignore[return-value]


@dataclass
class Raster:
    """One page's pixels (RGB, top row first) and the scale from PDF points."""

    pixels: Any  # numpy uint8 array, (height, width, 3)
    scale: float  # pixels per point
    height_pt: float
    origin: tuple[float, float]  # the media box's lower-left corner, points
    _bitmap: Any = None
    """The pdfium bitmap `pixels` is a view of (kept here, so that it lives as long)."""

    def inked(self, ix: int, iy: int) -> bool:
        """Whether ink lands on pixel (ix, iy): some channel below PAPER_WHITE."""
        return min(self.pixels[iy, ix].tolist()) < PAPER_WHITE

    def ink_at(self, xs: Any, ys: Any) -> Any:
        """Whether ink lands where each PDF point (xs[i], ys[i]) falls (float64 arrays), as
        an array: 1 ink, 0 paper, -1 off the page. The pixel is `px`'s, truncated as `int`
        truncates (towards zero), so each point reads the pixel `inked` reads for it, all
        at once."""
        import numpy as np

        out = np.full(len(xs), -1, dtype=np.int8)
        ox, oy = self.origin
        ix = ((xs - ox) * self.scale).astype(np.int64)
        iy = ((self.height_pt - (ys - oy)) * self.scale).astype(np.int64)
        h, w = self.pixels.shape[:2]
        on = (ix >= 0) & (ix < w) & (iy >= 0) & (iy < h)
        out[on] = self.pixels[iy[on], ix[on]].min(axis=1) < PAPER_WHITE
        return out

    def edge_gaps(self, within: float) -> dict[str, int]:
        """The unprinted pixels between each edge of the page and its nearest ink, for the
        edges ("left", "right", "top", "bottom", in that order) where that is less than
        `within` pixels: the page's gaps, read off bands `within` wide along the edges
        only (a tenth of an A4 page at 5 mm). Ink in a band is the ink nearest its edge,
        so a gap found there is the page's; a band without ink leaves a gap of at least
        its width, which is not less than `within`."""
        h, w = self.pixels.shape[:2]
        band = max(0, math.ceil(within))
        if band == 0:
            return {}
        rows = self.pixels.reshape(h, w * 3)
        bw, bh = min(w, band), min(h, band)
        left = rows[:, :bw * 3].min(axis=0).reshape(bw, 3).min(axis=1)
        right = rows[:, (w - bw) * 3:].min(axis=0).reshape(bw, 3).min(axis=1)
        # each band's darkest byte per column (left, right) or row (top, bottom), from the
        # edge inwards: the gap is the index of the first inked one
        darkest = {"left": left, "right": right[::-1], "top": rows[:bh].min(axis=1),
                   "bottom": rows[h - bh:].min(axis=1)[::-1]}
        gaps: dict[str, int] = {}
        for edge, line in darkest.items():
            inked = (line < PAPER_WHITE).nonzero()[0]
            if inked.size and inked[0] < within:
                gaps[edge] = int(inked[0])
        return gaps

    def px(self, x: float, y: float) -> tuple[float, float]:
        """Pixel coordinates of PDF point (x, y) (y up)."""
        ox, oy = self.origin
        return (x - ox) * self.scale, (self.height_pt - (y - oy)) * self.scale

    def crop(self, box: tuple[float, float, float, float]) -> Any:
        """The pixels of a PDF box (clamped to the page), or None when empty."""
        x0, y1 = self.px(box[0], box[1])
        x1, y0 = self.px(box[2], box[3])
        h, w = self.pixels.shape[:2]
        left, top = max(0, int(x0)), max(0, int(y0))
        right, bottom = min(w, int(x1 + 0.999)), min(h, int(y1 + 0.999))
        if right <= left or bottom <= top:
            return None
        return self.pixels[top:bottom, left:right]


def without_text(pdf: bytes, streams: Any = None) -> bytes:
    """The same document with every text object invisible (render mode 3): `Tr 3` after
    each BT and in place of each Tr, in the page's content and in every form XObject its
    resources reach. `streams` (a `content.Streams` of the same bytes) lends the streams
    preflight has already read (`Streams.text_free`); qpdf writes the copy (pikepdf). A
    document qpdf cannot parse is rewritten by pypdf (`_without_text_pypdf`), as before."""
    import pikepdf

    from sheetgen.preflight.content import Streams

    if streams is None or streams.pdf is None:
        streams = Streams(pdf, None)
    if streams.pdf is None:
        return _without_text_pypdf(pdf)
    doc = pikepdf.open(io.BytesIO(pdf))
    seen: set[tuple[int, int]] = set()
    hide = streams.text_free

    def walk(resources: Any) -> bool:
        xobjects = resources.get("/XObject") if resources is not None else None
        for ref in (xobjects.values() if xobjects is not None else ()):
            key = ref.objgen
            if key in seen:
                continue
            seen.add(key)
            if ref.get("/Subtype") == "/Form":
                data = hide(key)
                if data is None:
                    return False
                ref.write(data)  # stored plain
                if not walk(ref.get("/Resources")):
                    return False
        return True

    for page in doc.pages:
        if "/Contents" in page.obj:
            data = hide(page.obj.objgen)
            if data is None:
                return _without_text_pypdf(pdf)
            page.obj.Contents = doc.make_stream(data)
        if not walk(page.obj.get("/Resources")):
            return _without_text_pypdf(pdf)
    out = io.BytesIO()
    doc.save(out, compress_streams=False, deterministic_id=True)  # the same bytes each time
    return out.getvalue()


def _without_text_pypdf(pdf: bytes) -> bytes:
    """`without_text` by pypdf's parser and writer, for what qpdf cannot parse."""
    from pypdf import PdfReader, PdfWriter
    from pypdf.generic import ContentStream, NameObject, NumberObject, StreamObject

    reader = PdfReader(io.BytesIO(pdf))
    writer = PdfWriter(clone_from=reader)
    seen: set[int] = set()

    def hide(owner: Any, is_page: bool) -> Any:
        content = ContentStream(owner, writer)
        ops = []
        for operands, op in content.operations:
            ops.append((operands, op))
            if op == b"BT":
                ops.append(([NumberObject(3)], b"Tr"))
            elif op == b"Tr":
                ops[-1] = ([NumberObject(3)], b"Tr")
        content.operations = ops
        return content

    def walk(resources: Any) -> None:
        xobjects = (resources or {}).get("/XObject") or {}
        for ref in xobjects.values():
            key = getattr(ref, "idnum", None)
            if key in seen:
                continue
            seen.add(key)
            obj = ref.get_object()
            if obj.get("/Subtype") == "/Form":
                data = hide(obj, False).get_data()
                for key in ("/Filter", "/DecodeParms"):  # stored plain: pypdf re-encodes
                    if key in obj:                         # only Flate
                        del obj[key]
                obj.decoded_self = None
                StreamObject.set_data(obj, data)
                walk(obj.get("/Resources"))

    for page in writer.pages:
        contents = page.get_contents()
        if contents is not None:
            page[NameObject("/Contents")] = writer._add_object(hide(contents, True))
        walk(page.get("/Resources"))
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


WHITE = (255, 255, 255, 255)
"""pypdfium2's default fill colour (RGBA): paper."""


def paper_bitmap(width: int, height: int, format: int, rev_byteorder: bool) -> Any:
    """A packed pdfium bitmap (`PdfBitmap.new_native`) that fills itself white by setting
    every byte of its buffer to 255: what pdfium's `FPDFBitmap_FillRect` writes for opaque
    white in every pixel format (each channel, and the unused byte of BGRx, at 255), but
    pdfium fills one pixel at a time, and filling an A4 page at 150 dpi before rendering it
    was a sixth of the render. Other fills are pdfium's."""
    return _paper_bitmap_class().new_native(width, height, format,
                                            rev_byteorder=rev_byteorder)


@lru_cache(maxsize=1)
def _paper_bitmap_class() -> Any:
    import ctypes

    from pypdfium2 import PdfBitmap

    class PaperBitmap(PdfBitmap):
        def fill_rect(self, color: tuple[int, ...], left: int, top: int, width: int,
                      height: int) -> None:
            size = ctypes.sizeof(self.buffer)
            if (tuple(color) == WHITE and (left, top, width, height)
                    == (0, 0, self.width, self.height) and self.stride * self.height == size):
                ctypes.memset(self.buffer, 255, size)
            else:
                super().fill_rect(color, left, top, width, height)

    return PaperBitmap


class Renderer:
    """Renders pages of one document on demand (pdfium): each page as it is (`page`) and
    without its text (`text_free`), each at most once. A page's `Raster` holds good until
    the next page of its kind is asked for: pages of one size and kind are rendered into
    the same bitmap, filled white before each render (`paper_bitmap`) (a fresh bitmap a page,
    allocated, zeroed and its memory touched for the first time, was about a tenth of
    rendering)."""

    def __init__(self, pdf: bytes, dpi: float = 150.0,
                 text_free_copy: Callable[[], bytes] | None = None) -> None:
        """`text_free_copy` makes `without_text(pdf)`, for pages whose text clips."""
        import pypdfium2 as pdfium

        self._doc = pdfium.PdfDocument(pdf)
        self._pdf = pdf
        self._dpi = dpi
        self._cache: dict[tuple[str, int], Raster] = {}
        self._bitmaps: dict[tuple, Any] = {}
        self._loaded: tuple[int, Any] | None = None
        self._hidden = False
        """The loaded page's text is hidden (`text_free`)."""
        self._text_free_copy = text_free_copy
        self._copy: Renderer | None = None

    def _maker(self, kind: str) -> Callable[..., Any]:
        """pypdfium2's `bitmap_maker`: the bitmap of this kind, size and format, made once."""

        def bitmap(width: int, height: int, format: int, rev_byteorder: bool) -> Any:
            key = (kind, width, height, format, rev_byteorder)
            if key not in self._bitmaps:
                self._bitmaps[key] = paper_bitmap(width, height, format, rev_byteorder)
            return self._bitmaps[key]

        return bitmap

    def _page(self, index: int) -> Any:
        """pdfium's page, loaded once for both renders of it."""
        if self._loaded is None or self._loaded[0] != index:
            self._loaded, self._hidden = (index, self._doc[index]), False
        return self._loaded[1]

    def _render(self, kind: str, index: int, page: Any) -> Raster:
        w, h = page.get_size()
        scale = self._dpi / 72.0
        if w * h * scale * scale > MAX_PIXELS:
            scale = (MAX_PIXELS / (w * h)) ** 0.5
        bitmap = page.render(scale=scale, no_smoothtext=True, no_smoothpath=True,
                             no_smoothimage=True, rev_byteorder=True,  # RGB, not BGR
                             bitmap_maker=self._maker(kind))
        box = page.get_mediabox()
        for key in [k for k in self._cache if k[0] == kind]:
            del self._cache[key]  # one page at a time: memory stays one page's pixels
        raster = Raster(bitmap.to_numpy(), scale, h, (box[0], box[1]), _bitmap=bitmap)
        self._cache[(kind, index)] = raster
        return raster

    def page(self, index: int) -> Raster:
        """The page as it prints."""
        if ("page", index) not in self._cache:
            if self._hidden:
                self._loaded = None  # its text was hidden: load it again
            self._render("page", index, self._page(index))
        return self._cache[("page", index)]

    def text_free(self, index: int) -> Raster:
        """The page with every text object invisible: what lies under the text. Its text
        objects (on the page and in the forms it draws) are set to render mode 3 in
        pdfium's parse of the page, the one `page` rendered, which then renders again: the
        same pixels as the text-free copy `without_text` writes (`3 Tr` after each BT and in
        place of each Tr) without writing, parsing and loading a second document. A page
        with text that clips (modes 4-7: the clip is already part of what follows it) is
        rendered from that copy instead."""
        if ("text-free", index) not in self._cache:
            page = self._page(index)
            if not _hide_text(page):
                # The copy's renderer keeps its own one-page cache over its reused bitmap;
                # keeping its raster here too would hand back a later page's pixels.
                if self._copy is None:
                    copy = (self._text_free_copy() if self._text_free_copy is not None
                            else without_text(self._pdf))
                    self._copy = Renderer(copy, self._dpi)
                return self._copy.page(index)
            self._hidden = True
            self._render("text-free", index, page)
        return self._cache[("text-free", index)]

    def close(self) -> None:
        self._loaded = None
        self._cache.clear()
        if self._copy is not None:
            self._copy.close()
        for bitmap in self._bitmaps.values():
            bitmap.close()
        self._bitmaps.clear()
        self._doc.close()


def _hide_text(page: Any) -> bool:
    """Set every text object of the page, and of the forms it draws, to render mode 3
    (invisible); False, having changed nothing, when some text clips (modes 4-7) or its
    mode cannot be read."""
    import pypdfium2.raw as pdfium_c

    texts = []
    forms = [(pdfium_c.FPDFPage_CountObjects(page), pdfium_c.FPDFPage_GetObject, page)]
    while forms:
        count, get, owner = forms.pop()
        for i in range(count):
            obj = get(owner, i)
            kind = pdfium_c.FPDFPageObj_GetType(obj)
            if kind == pdfium_c.FPDF_PAGEOBJ_TEXT:
                if not 0 <= pdfium_c.FPDFTextObj_GetTextRenderMode(obj) <= 3:
                    return False
                texts.append(obj)
            elif kind == pdfium_c.FPDF_PAGEOBJ_FORM:
                forms.append((pdfium_c.FPDFFormObj_CountObjects(obj),
                              pdfium_c.FPDFFormObj_GetObject, obj))
    for obj in texts:
        pdfium_c.FPDFTextObj_SetTextRenderMode(obj, pdfium_c.FPDF_TEXTRENDERMODE_INVISIBLE)
    return True

"""The PDF backend: the Canvas protocol on top of reportlab.

Pages are drawn in a y-down space (the page's CTM is flipped once at the start of each page);
text and images flip back locally so they read upright. Fonts are the bundled TrueType faces,
embedded as subsets, and the canvas is created with an embedded initial font so that no
non-embedded Helvetica sneaks into the file. `invariant=1` fixes dates and ids, which makes
the same input give the same bytes.
"""

from __future__ import annotations

import hashlib
import io

from reportlab.lib.rl_accel import fp_str
from reportlab.pdfgen import canvas as rl_canvas

from sheetgen import __version__
from sheetgen.assets.fonts import face_runs, register_reportlab, string_width
from sheetgen.assets.scripts import check_printable, visual_order
from sheetgen.canvas.pieces import PIECE_INFO_KEY, SheetPlan
from sheetgen.canvas.protocol import Color, PageBoxes, PathOp, Stroke
from sheetgen.layout.colors import to_cmyk

THIN_LINE = 1.0
"""Strokes thinner than this (points) count as thin lines: in near-black they print in black
ink alone, like text (`to_cmyk(..., black_only=True)`)."""


def _attach_plan(page, plan: SheetPlan) -> None:
    """The page-piece dictionary of `sheetgen.canvas.pieces` on a reportlab page."""
    from reportlab.pdfbase.pdfdoc import PDFDictionary, PDFString

    page.PieceInfo = PDFDictionary({PIECE_INFO_KEY.lstrip("/"): PDFDictionary({
        "LastModified": PDFString("D:20000101000000+00'00'"),  # fixed: same input, same bytes
        "Private": PDFString(plan.to_json()),
    })})


try:  # reportlab's C accelerator, when installed, speeds up string and float formatting
    import _rl_accel  # noqa: F401
except ImportError:  # pragma: no cover - optional
    pass


class PdfCanvas:
    def __init__(self, title: str = "sheetgen", subject: str = "", colorspace: str = "rgb"
                 ) -> None:
        register_reportlab()
        self._buffer = io.BytesIO()
        self._c = rl_canvas.Canvas(self._buffer, invariant=1, pageCompression=1,
                                   initialFontName="sans", initialFontSize=10)
        self._c.setTitle(title)
        self._c.setSubject(subject)
        self._c.setCreator(f"sheetgen {__version__}")
        self._c.setAuthor("sheetgen")
        self._cmyk = colorspace == "cmyk"  # PDF/X markers: sheetgen.render.pdfx, after
        self._forms: set[str] = set()
        self._pages = 0
        self._in_form = False
        self._page_open = False
        self._plan: SheetPlan | None = None

    # --- pages -------------------------------------------------------------------------
    def begin_page(self, width: float, height: float, boxes: PageBoxes | None = None) -> None:
        c = self._c
        c.setPageSize((width, height))
        if boxes is not None:
            c.setBleedBox(list(boxes.bleed))
            c.setTrimBox(list(boxes.trim))
        c.saveState()
        c.transform(1, 0, 0, -1, 0, height)
        self._page_open = True

    def page_plan(self, plan: SheetPlan) -> None:
        """What the current page is for (its pieces, sheet kind and side): written into the
        page's /PieceInfo when it ends, for `sheetgen preflight`."""
        self._plan = plan

    def end_page(self) -> None:
        self._c.restoreState()
        self._c.showPage()
        self._pages += 1
        self._page_open = False
        if self._plan is not None:
            _attach_plan(self._c._doc.Pages.pages[-1], self._plan)
            self._plan = None

    # --- state -------------------------------------------------------------------------
    def push(self) -> None:
        self._c.saveState()

    def pop(self) -> None:
        self._c.restoreState()

    def transform(self, a: float, b: float, c: float, d: float, e: float, f: float) -> None:
        self._c.transform(a, b, c, d, e, f)

    def _path(self, ops: list[PathOp]):
        """A reportlab path of `ops`. Its operators are written here as reportlab's
        moveTo/lineTo/curveTo/close write them (`fp_str` numbers, then m, l, c or h), the
        first through the path's own append (which opens the path with `n` and checks it
        starts with a move): the same bytes, without a method call per point of a map."""
        p = self._c.beginPath()
        code = []
        add = code.append
        for op in ops:
            kind = op[0]
            if kind == "L":
                add(fp_str(op[1], op[2]) + " l")
            elif kind == "C":
                add(fp_str(op[1], op[2], op[3], op[4], op[5], op[6]) + " c")
            elif kind == "M":
                add(fp_str(op[1], op[2]) + " m")
            elif kind == "Z":
                add("h")
            else:  # pragma: no cover - programming error, not user input
                raise ValueError(f"unknown path op {op!r}")
        if code:
            p._code_append(code[0])
            p._code.extend(code[1:])
        return p

    def clip(self, ops: list[PathOp]) -> None:
        self._c.clipPath(self._path(ops), stroke=0, fill=0)

    # --- drawing -----------------------------------------------------------------------
    def path(self, ops: list[PathOp], fill: Color | None = None, stroke: Stroke | None = None,
             opacity: float = 1.0, even_odd: bool = False) -> None:
        if not ops or (fill is None and stroke is None):
            return
        c = self._c
        c.saveState()
        if opacity < 1:
            c.setFillAlpha(opacity)
            c.setStrokeAlpha(opacity)
        if fill is not None:
            self._fill(fill)
        if stroke is not None:
            if self._cmyk:
                c.setStrokeColorCMYK(*to_cmyk(stroke.color,
                                              black_only=stroke.width < THIN_LINE))
            else:
                c.setStrokeColorRGB(*stroke.color)
            c.setLineWidth(stroke.width)
            c.setLineCap(stroke.cap)
            c.setLineJoin(stroke.join)
            if stroke.dash:
                c.setDash(list(stroke.dash), 0)
        c.drawPath(self._path(ops), stroke=1 if stroke is not None else 0,
                   fill=1 if fill is not None else 0,
                   fillMode=rl_canvas.FILL_EVEN_ODD if even_odd else rl_canvas.FILL_NON_ZERO)
        c.restoreState()

    def text(self, x: float, y: float, s: str, font: str, size: float, color: Color,
             opacity: float = 1.0) -> None:
        check_printable(s, font)  # the last line of defence: elements name the line
        c = self._c
        c.saveState()
        if opacity < 1:
            c.setFillAlpha(opacity)
        self._fill(color or (0.0, 0.0, 0.0), text=True)
        c.transform(1, 0, 0, -1, x, y)
        dx = 0.0
        for run, face in face_runs(visual_order(s), font):  # Hebrew in its fallback face
            c.setFont(face, size)
            c.drawString(dx, 0, run)
            dx += string_width(run, face, size)
        c.restoreState()

    def _fill(self, color: Color, text: bool = False) -> None:
        """The fill colour, as inks in CMYK mode (converted from RGB where given as RGB);
        black text in black ink alone."""
        if self._cmyk:
            self._c.setFillColorCMYK(*to_cmyk(color, black_only=text))
        else:
            self._c.setFillColorRGB(*color)

    def image(self, path: str, x: float, y: float, w: float, h: float) -> None:
        c = self._c
        c.saveState()
        c.transform(1, 0, 0, -1, x, y + h)
        c.drawImage(path, 0, 0, w, h, mask="auto")
        c.restoreState()

    # --- forms -------------------------------------------------------------------------
    @staticmethod
    def _name(key: str) -> str:
        return "F" + hashlib.sha1(key.encode("utf-8")).hexdigest()[:16]

    def begin_form(self, key: str) -> bool:
        name = self._name(key)
        if name in self._forms:
            return False
        self._forms.add(name)
        self._c.beginForm(name, -20000, -20000, 20000, 20000)
        self._in_form = True
        return True

    def end_form(self) -> None:
        self._c.endForm()
        self._in_form = False

    def use_form(self, key: str) -> None:
        self._c.doForm(self._name(key))

    def finish(self) -> bytes:
        self._c.save()
        return self._buffer.getvalue()

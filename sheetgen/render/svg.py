"""An SVG implementation of the drawing protocol, for rulebook diagrams.

Rulebook figures are drawn by the same code that draws sheets, through `Canvas`, and land in
the rulebook PDF as vectors. Text is written as glyph outlines (paths) taken from the bundled
fonts, so an SVG needs no font at all and looks the same wherever it is opened. Reusable
artwork (forms) becomes `<defs>` plus `<use>`. Output is deterministic: ids are counters and
numbers are printed with fixed precision.

Coordinates are the protocol's: points, y down, origin top-left, which is SVG's own space.
"""

from __future__ import annotations

import base64
import mimetypes
from dataclasses import dataclass, field
from pathlib import Path
from xml.sax.saxutils import escape, quoteattr

from sheetgen.canvas.protocol import Color, PageBoxes, PathOp, Stroke

_GLYPH_UNITS = 1000.0  # glyph outlines are stored at this size and scaled per use


def _num(value: float) -> str:
    """A number with at most 3 decimals and no trailing zeros ("-0" becomes "0")."""
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _color(color: Color) -> str:
    return "#" + "".join(f"{max(0, min(255, round(c * 255))):02x}" for c in color)


def path_data(ops: list[PathOp]) -> str:
    """SVG path data for protocol path ops (M/L/C/Z)."""
    parts: list[str] = []
    for op in ops:
        kind = op[0]
        if kind not in ("M", "L", "C", "Z"):
            raise ValueError(f"unknown path op {kind!r}")
        parts.append(kind + " ".join(_num(v) for v in op[1:]))
    return "".join(parts)


@dataclass
class _State:
    open_groups: int = 0  # <g> elements opened by transform()/clip() since the last push


@dataclass
class _Page:
    width: float
    height: float
    body: list[str] = field(default_factory=list)


class SvgCanvas:
    """Draws into SVG documents, one per page; `finish()` returns the first page."""

    def __init__(self, text_as_paths: bool = True) -> None:
        self._text_as_paths = text_as_paths
        self._pages: list[_Page] = []
        self._defs: list[str] = []
        self._forms: set[str] = set()
        self._out: list[str] | None = None  # where elements go (page body or a form)
        self._saved_out: list[list[str] | None] = []
        self._states: list[_State] = []
        self._ids = 0
        self._glyphs: dict[tuple[str, str], str | None] = {}

    # -- pages ------------------------------------------------------------------------------
    def begin_page(self, width: float, height: float, boxes: PageBoxes | None = None) -> None:
        page = _Page(width, height)
        self._pages.append(page)
        self._out = page.body
        self._states = [_State()]

    def page_plan(self, plan: object) -> None:
        """Ignored: the page plan is for preflighting PDFs (see `PdfCanvas.page_plan`)."""

    def end_page(self) -> None:
        while len(self._states) > 1:
            self.pop()
        self._close_groups(self._states[0])
        self._out = None

    # -- graphics state ---------------------------------------------------------------------
    def push(self) -> None:
        self._emit("<g>")
        self._states.append(_State())

    def pop(self) -> None:
        if len(self._states) <= 1:
            raise ValueError("pop() without push()")
        self._close_groups(self._states.pop())
        self._emit("</g>")

    def transform(self, a: float, b: float, c: float, d: float, e: float, f: float) -> None:
        matrix = " ".join(_num(v) for v in (a, b, c, d, e, f))
        self._emit(f'<g transform="matrix({matrix})">')
        self._states[-1].open_groups += 1

    def clip(self, ops: list[PathOp]) -> None:
        clip_id = self._new_id("clip")
        # userSpaceOnUse: the clip path lives in the coordinates of the group that uses it,
        # which is the current transform, as the protocol requires.
        self._emit(
            f'<clipPath id="{clip_id}" clipPathUnits="userSpaceOnUse">'
            f'<path d="{path_data(ops)}"/></clipPath>'
        )
        self._emit(f'<g clip-path="url(#{clip_id})">')
        self._states[-1].open_groups += 1

    # -- drawing ----------------------------------------------------------------------------
    def path(
        self,
        ops: list[PathOp],
        fill: Color | None = None,
        stroke: Stroke | None = None,
        opacity: float = 1.0,
        even_odd: bool = False,
    ) -> None:
        attrs = [f'd="{path_data(ops)}"', f'fill="{_color(fill) if fill else "none"}"']
        if fill and even_odd:
            attrs.append('fill-rule="evenodd"')
        if stroke is not None:
            attrs.append(f'stroke="{_color(stroke.color)}"')
            attrs.append(f'stroke-width="{_num(stroke.width)}"')
            if stroke.dash:
                attrs.append(f'stroke-dasharray="{" ".join(_num(v) for v in stroke.dash)}"')
            attrs.append(f'stroke-linecap="{("butt", "round", "square")[stroke.cap]}"')
            attrs.append(f'stroke-linejoin="{("miter", "round", "bevel")[stroke.join]}"')
        if opacity < 1.0:
            attrs.append(f'opacity="{_num(opacity)}"')
        self._emit(f"<path {' '.join(attrs)}/>")

    def text(
        self, x: float, y: float, s: str, font: str, size: float, color: Color,
        opacity: float = 1.0,
    ) -> None:
        if not s:
            return
        extra = f' opacity="{_num(opacity)}"' if opacity < 1.0 else ""
        if self._text_as_paths:
            from sheetgen.assets.fonts import string_width

            # Each glyph is outlined once (in <defs>, at 1000 units) and placed with <use>:
            # a figure full of labels stays small. Advances are the fonts' own widths, the
            # same that text_outline and the PDF backend use.
            uses = []
            dx = 0.0
            scale = f"{size / _GLYPH_UNITS:.6g}"
            from sheetgen.assets.scripts import visual_order

            for ch in visual_order(s):  # a Hebrew line is drawn right to left
                glyph = self._glyph(font, ch)
                if glyph:
                    uses.append(f'<use href="#{glyph}" transform="translate({_num(dx)} 0) '
                                f'scale({scale})"/>')
                dx += string_width(ch, font, size)
            self._emit(
                f'<g transform="translate({_num(x)} {_num(y)})" fill="{_color(color)}"{extra}>'
                f"<title>{escape(s)}</title>{''.join(uses)}</g>"
            )
            return
        self._emit(
            f'<text x="{_num(x)}" y="{_num(y)}" font-family={quoteattr(font)} '
            f'font-size="{_num(size)}" fill="{_color(color)}"{extra}>{escape(s)}</text>'
        )

    def image(self, path: str, x: float, y: float, w: float, h: float) -> None:
        data = Path(path).read_bytes()
        mime = mimetypes.guess_type(path)[0] or "image/png"
        uri = f"data:{mime};base64,{base64.b64encode(data).decode('ascii')}"
        self._emit(
            f'<image x="{_num(x)}" y="{_num(y)}" width="{_num(w)}" height="{_num(h)}" '
            f'preserveAspectRatio="none" href="{uri}"/>'
        )

    # -- forms ------------------------------------------------------------------------------
    def begin_form(self, key: str) -> bool:
        if key in self._forms:
            return False
        self._forms.add(key)
        self._saved_out.append(self._out)
        self._out = [f'<g id="{self._form_id(key)}">']
        self._states.append(_State())
        return True

    def end_form(self) -> None:
        state = self._states.pop()
        self._close_groups(state)
        assert self._out is not None
        self._out.append("</g>")
        self._defs.append("".join(self._out))
        self._out = self._saved_out.pop()

    def use_form(self, key: str) -> None:
        if key not in self._forms:
            raise KeyError(f"no form named {key!r}")
        self._emit(f'<use href="#{self._form_id(key)}"/>')

    # -- output -----------------------------------------------------------------------------
    def finish(self) -> bytes:
        """The SVG document of the first page."""
        if not self._pages:
            raise ValueError("nothing was drawn: begin_page() was never called")
        return self.page_svg(0)

    @property
    def page_count(self) -> int:
        return len(self._pages)

    def page_svg(self, index: int) -> bytes:
        page = self._pages[index]
        w, h = _num(page.width), _num(page.height)
        defs = f"<defs>{''.join(self._defs)}</defs>" if self._defs else ""
        head = (
            '<svg xmlns="http://www.w3.org/2000/svg" '
            f'width="{w}pt" height="{h}pt" viewBox="0 0 {w} {h}">'
        )
        return (head + defs + "".join(page.body) + "</svg>\n").encode("utf-8")

    def _glyph(self, font: str, ch: str) -> str | None:
        """The id of the glyph's outline in <defs> (None for blank glyphs)."""
        key = (font, ch)
        if key not in self._glyphs:
            from sheetgen.assets.fonts import text_outline

            ops = text_outline(ch, font, _GLYPH_UNITS)
            if ops:
                glyph_id = f"g{len(self._glyphs) + 1}"
                self._defs.append(f'<path id="{glyph_id}" d="{path_data(ops)}"/>')
                self._glyphs[key] = glyph_id
            else:
                self._glyphs[key] = None
        return self._glyphs[key]

    # -- internals --------------------------------------------------------------------------
    def _emit(self, element: str) -> None:
        if self._out is None:
            raise ValueError("drawing outside a page: call begin_page() first")
        self._out.append(element)

    def _close_groups(self, state: _State) -> None:
        for _ in range(state.open_groups):
            self._emit("</g>")
        state.open_groups = 0

    def _new_id(self, prefix: str) -> str:
        self._ids += 1
        return f"{prefix}{self._ids}"

    @staticmethod
    def _form_id(key: str) -> str:
        safe = "".join(ch if ch.isalnum() or ch in "-_" else "_" for ch in key)
        return f"form-{safe}"

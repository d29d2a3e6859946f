"""CMYK output: `cmyk()` colours and the palette keep their inks, RGB is converted under the
ink limit, content streams (pages and every form, nested) hold no RGB operator, and the PDF
declares an output intent (the conversion and PDF/X themselves: test_pdfx.py)."""

from __future__ import annotations

import io
import re

import pytest
from pypdf import PdfReader

from sheetgen.layout.colors import ColorError, parse_color, to_cmyk
from sheetgen.layout.document import RenderOptions, load_layout
from sheetgen.render.output import render_pdf

RGB_OPS = re.compile(rb"(?<![A-Za-z])(rg|RG|sc|SC|scn|SCN|cs|CS)(?![A-Za-z])")
CMYK_OPS = re.compile(rb"(?<![A-Za-z])(k|K)(?![A-Za-z])")

LAYOUT = """
page: {size: poker, background: parchment}
imposition: {sheet: a4, across: 3, down: 3}
data: [{n: 1, copies: 4}, {n: 2}]
back: [{type: rect, x: 0, y: 0, w: 63.5, h: 88.9, fill: "cmyk(100, 80, 0, 30)", bleed: true}]
elements:
  - {type: rect, x: 3, y: 3, w: 57, h: 82, radius: 3, stroke: "#336699", fill: sand}
  - {type: text, text: "Card **${n}** *of* the deck", x: 6, y: 8, w: 51, h: 10, color: blood}
  - {type: circle, cx: 31, cy: 44, r: 12, fill: "cmyk(0, 20, 100, 0)", stroke: ink}
  - {type: icon, name: skull, x: 20, y: 60, size: 12, color: "#ff0000"}
  - {type: die, value: 5, x: 40, y: 60, size: 12}
  - {type: line, points: [[3, 50], [60, 50]], stroke: sea, dash: dashed}
  - type: grid
    x: 5
    y: 70
    columns: [10mm, 10mm]
    rows: [5mm]
    header_fill: gold
    cells: [{row: 0, col: 0, text: "A"}]
"""


def _streams(pdf: bytes) -> list[bytes]:
    """Every content stream: pages and forms, forms inside forms too."""
    out, seen = [], set()

    def walk(resources) -> None:
        xobjects = (resources or {}).get("/XObject") or {}
        for ref in xobjects.values():
            if getattr(ref, "idnum", None) in seen:
                continue
            seen.add(getattr(ref, "idnum", None))
            obj = ref.get_object()
            if obj.get("/Subtype") == "/Form":
                out.append(obj.get_data())
                walk(obj.get("/Resources"))

    for page in PdfReader(io.BytesIO(pdf)).pages:
        out.append(page.get_contents().get_data())
        walk(page.get("/Resources"))
    return out


def test_cmyk_mode_writes_no_rgb_operator(write_layout):
    layout = load_layout(write_layout(LAYOUT), RenderOptions(colorspace="cmyk"))
    pdf = render_pdf(layout)
    streams = _streams(pdf)
    assert len(streams) > 4
    assert not any(RGB_OPS.search(s) for s in streams)
    assert any(CMYK_OPS.search(s) for s in streams)
    assert b"1 .8 0 .3 k" in b"".join(streams)  # the given inks, as given
    root = PdfReader(io.BytesIO(pdf)).trailer["/Root"]
    (intent,) = root["/OutputIntents"]
    assert intent["/S"] == "/GTS_PDFX" and intent["/OutputConditionIdentifier"] == "FOGRA39"


def test_rgb_mode_is_unchanged_by_cmyk_colours(write_layout):
    pdf = render_pdf(load_layout(write_layout(LAYOUT)))
    streams = b"".join(_streams(pdf))
    assert RGB_OPS.search(streams) and not CMYK_OPS.search(streams)
    assert "/OutputIntents" not in PdfReader(io.BytesIO(pdf)).trailer["/Root"]


def test_page_colorspace_in_the_layout(write_layout):
    text = LAYOUT.replace("background: parchment}", "background: parchment, colorspace: cmyk}")
    streams = b"".join(_streams(render_pdf(load_layout(write_layout(text)))))
    assert not RGB_OPS.search(streams)


@pytest.mark.parametrize("rgb", [(0, 0, 0), (1, 1, 1), (0.2, 0.4, 0.6), (0.05, 0.0, 0.02),
                                 (1, 0, 0), (0.12, 0.1, 0.09)])
def test_rgb_converts_within_the_ink_limit(rgb):
    c, m, y, k = to_cmyk(rgb)
    assert all(0 <= v <= 1 for v in (c, m, y, k))
    assert (c + m + y + k) * 100 <= 300 + 1e-6
    if rgb == (0, 0, 0):
        assert k >= 0.9  # a deep (rich) black for areas; text is black ink alone
        assert to_cmyk(rgb, black_only=True) == (0, 0, 0, 1)


def test_palette_and_cmyk_colours_keep_their_inks():
    assert to_cmyk(parse_color("navy")) == (1.0, 0.8, 0.35, 0.3)
    assert to_cmyk(parse_color("cmyk(0, 60, 100, 20)")) == (0.0, 0.6, 1.0, 0.2)
    assert tuple(parse_color("cmyk(0, 0, 0, 0)")) == (1.0, 1.0, 1.0)


@pytest.mark.parametrize("text", ["cmyk(0, 0, 0)", "cmyk(0, 0, 0, 120)", "cmyk(a, 0, 0, 0)",
                                  "cmyk(100, 100, 100, 100)"])
def test_bad_cmyk_is_an_error(text):
    with pytest.raises(ColorError):
        parse_color(text)

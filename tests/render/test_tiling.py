"""Poster tiling: every point of the board is on at least one tile, neighbours overlap by
exactly the configured amount, and the PDF has one sheet per tile of the paper asked for."""

from __future__ import annotations

import itertools

import pytest
from helpers.pdfcheck import MM, page_boxes, page_texts
from hypothesis import given, settings
from hypothesis import strategies as st

from sheetgen.errors import SheetgenError
from sheetgen.layout.document import RenderOptions, load_layout
from sheetgen.render.compose import sheet_count
from sheetgen.render.output import render_pdf
from sheetgen.render.tiling import Tiling, row_letter, sheet_for, tile_plan


def _covered(tiles, x: float, y: float) -> bool:
    return any(t.x0 - 1e-6 <= x <= t.x1 + 1e-6 and t.y0 - 1e-6 <= y <= t.y1 + 1e-6
               for t in tiles)


@settings(max_examples=200, deadline=None)
@given(w=st.floats(20, 2000), h=st.floats(20, 2000), aw=st.floats(60, 400),
       ah=st.floats(60, 400), overlap=st.floats(0, 25))
def test_tiles_cover_the_board_and_overlap_as_configured(w, h, aw, ah, overlap):
    tiles = tile_plan(w, h, (aw, ah), overlap)
    xs = sorted({(t.x0, t.x1) for t in tiles})
    ys = sorted({(t.y0, t.y1) for t in tiles})
    assert len(tiles) == len(xs) * len(ys)
    for spans, length, window in ((xs, w, aw), (ys, h, ah)):
        assert spans[0][0] == 0 and spans[-1][1] == pytest.approx(length)
        for (_, a1), (b0, _) in itertools.pairwise(spans):
            assert a1 - b0 == pytest.approx(overlap)  # exactly the overlap, no gap
        assert all(s1 - s0 <= window + 1e-9 for s0, s1 in spans)
    for fx, fy in itertools.product([0, 0.13, 0.5, 0.77, 0.999, 1], repeat=2):
        assert _covered(tiles, fx * w, fy * h)


def test_corner_points_and_seams_of_an_a1_board_on_a4():
    t = Tiling(210 * MM, 297 * MM)
    sw, sh = sheet_for(t, 841 * MM, 594 * MM)
    tiles = tile_plan(841 * MM, 594 * MM, (sw - 2 * t.margin, sh - 2 * t.margin), t.overlap)
    for x in range(0, 842, 7):
        for y in range(0, 595, 7):
            assert _covered(tiles, x * MM, y * MM)
    assert {t.name for t in tiles} >= {"A1", "B2"}


def test_orientation_needing_fewer_sheets_is_chosen():
    t = Tiling(210 * MM, 297 * MM)
    assert sheet_for(t, 594 * MM, 420 * MM) == pytest.approx((210 * MM, 297 * MM))
    assert sheet_for(Tiling(210 * MM, 297 * MM, "landscape"), 594 * MM, 420 * MM) == \
        pytest.approx((297 * MM, 210 * MM))


def test_row_letters():
    assert [row_letter(i) for i in (0, 1, 25, 26, 27)] == ["A", "B", "Z", "AA", "AB"]


BOARD = """
page: {size: a2, orientation: landscape, bleed: 0}
TILE
elements:
  - {type: rect, x: 0, y: 0, w: 594, h: 420, fill: sand}
  - {type: text, text: "HERE", x: 290, y: 200, size: 20}
"""


def test_tiled_pdf_has_a_sheet_per_tile(write_layout):
    layout = load_layout(write_layout(BOARD.replace("TILE", "tile: {paper: a4, overlap: 12mm}")))
    pdf = render_pdf(layout)
    boxes = page_boxes(pdf)
    assert len(boxes) == sheet_count(layout, 1) == 8
    assert all(b.media[2:] == pytest.approx((210 * MM, 297 * MM)) for b in boxes)
    texts = page_texts(pdf)
    assert sum("HERE" in t for t in texts) >= 1
    assert "A1" in texts[0] and "B4" in texts[-1]
    assert pdf.count(b"/Subtype /Form") >= 1  # the board is stored once, placed per tile


def test_tile_option_overrides_and_letter_works(write_layout):
    path = write_layout(BOARD.replace("TILE", "tile: a4"))
    layout = load_layout(path, RenderOptions(tile="letter"))
    assert layout.tile.sheet_width == pytest.approx(215.9 * MM)
    plain = load_layout(write_layout(BOARD.replace("TILE", ""), "plain.yaml"),
                        RenderOptions(tile="a3"))
    assert sheet_count(plain, 1) == len(page_boxes(render_pdf(plain)))


@pytest.mark.parametrize("tile,message", [
    ("tile: {paper: a4, overlap: 120mm}", "leaves no room"),
    ("tile: {paper: a4, margin: 2mm}", "at least 5 mm"),
    ("tile: {paper: a44}", "unknown paper size"),
    ("tile: {papr: a4}", "no key 'papr'"),
    ("tile: [a4]", "tile must be a paper name or"),
    ("tile: a4\nimposition: {sheet: a0}", "both tiled and imposed"),
])
def test_bad_tiling_is_an_error(write_layout, tile, message):
    with pytest.raises(SheetgenError, match=message):
        load_layout(write_layout(BOARD.replace("TILE", tile)))

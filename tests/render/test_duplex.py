"""Backs and duplex imposition, read back from the PDF: every back's trim lies exactly
(0.01 mm) behind its front for both ways of turning the sheet, portrait and landscape sheets,
odd counts, partial last sheets and a printer offset; fronts-only and backs-only keep one side.

Positions come from the text each card prints ("F3" on the front of card 3, "B3" on its
back) as the PDF's text matrices place it; the offset of that label from the trim is
measured once on a page without imposition, so nothing here trusts the code under test.
"""

from __future__ import annotations

import io
import re

import pytest
from helpers.pdfcheck import MM, page_boxes
from pypdf import PdfReader, mult

from sheetgen.layout.document import load_layout
from sheetgen.render.compose import sheet_count
from sheetgen.render.output import render_pdf

CARD_W, CARD_H = 40.0, 50.0
CARD = """
page: {size: [WIDTHmm, HEIGHTmm], bleed: 2mm}
IMPOSITION
data: [ROWS]
back:
  - {type: text, text: "B${n}", x: 3, y: 7, size: 8}
elements:
  - {type: text, text: "F${n}", x: 3, y: 7, size: 8}
""".replace("WIDTH", str(CARD_W)).replace("HEIGHT", str(CARD_H))


def _layout(write_layout, n: int, imposition: str = "") -> object:
    rows = ", ".join(f"{{n: {i}}}" for i in range(1, n + 1))
    text = CARD.replace("IMPOSITION", imposition).replace("ROWS", rows)
    return load_layout(write_layout(text))


def _labels(pdf: bytes) -> list[dict[str, tuple[float, float]]]:
    """Per page: label -> (x, y) of its baseline start in PDF points (y up)."""
    pages = []
    for page in PdfReader(io.BytesIO(pdf)).pages:
        found: dict[str, tuple[float, float]] = {}

        def visit(text, cm, tm, font, size, found=found):
            if text.strip() and not text.startswith("Print double-sided"):  # the flip note
                m = mult(tm, cm)
                found[text.strip()] = (m[4], m[5])

        page.extract_text(visitor_text=visit)
        pages.append(found)
    return pages


@pytest.fixture
def label_offset(write_layout) -> tuple[float, float]:
    """(label x - trim left, trim top - label y) in points, from a page without imposition."""
    pdf = render_pdf(_layout(write_layout, 1))
    x, y = _labels(pdf)[0]["F1"]
    trim = page_boxes(pdf)[0].trim
    return x - trim[0], trim[3] - y


def _trim(label: tuple[float, float], offset: tuple[float, float]) -> tuple[float, ...]:
    x0, y1 = label[0] - offset[0], label[1] + offset[1]
    return (x0, y1 - CARD_H * MM, x0 + CARD_W * MM, y1)


CASES = [  # sheet, orientation, across, down, cards, duplex, back_offset (mm)
    ("a4", "portrait", 3, 2, 5, "long-edge", (0, 0)),
    ("a4", "portrait", 3, 2, 5, "short-edge", (0, 0)),
    ("a4", "landscape", 4, 2, 11, "long-edge", (0, 0)),
    ("a4", "landscape", 4, 2, 11, "short-edge", (0, 0)),
    ("letter", "portrait", 2, 2, 7, "long-edge", (1.5, -0.7)),
    ("letter", "portrait", 4, 4, 16, "short-edge", (-2, 3)),
]


@pytest.mark.parametrize("sheet,orient,across,down,cards,duplex,offset", CASES)
def test_every_back_lies_behind_its_front(write_layout, label_offset, sheet, orient, across,
                                          down, cards, duplex, offset):
    imposition = (f"imposition: {{sheet: {sheet}, orientation: {orient}, across: {across}, "
                  f"down: {down}, gap: 3mm, duplex: {duplex}, "
                  f"back_offset: [{offset[0]}mm, {offset[1]}mm]}}")
    layout = _layout(write_layout, cards, imposition)
    pdf = render_pdf(layout)
    pages = _labels(pdf)
    sheets = -(-cards // (across * down))
    assert len(pages) == 2 * sheets == sheet_count(layout, 1)
    media = page_boxes(pdf)[0].media
    sw, sh = media[2], media[3]
    # Turning about the long edge flips a portrait sheet left-right, a landscape one top-bottom.
    flip_x = (duplex == "long-edge") == (sw <= sh)
    seen = 0
    for s in range(sheets):
        front, back = pages[2 * s], pages[2 * s + 1]
        assert sorted(k[1:] for k in front) == sorted(k[1:] for k in back)
        for label, pos in front.items():
            fx0, fy0, fx1, fy1 = _trim(pos, label_offset)
            if flip_x:
                expected = (sw - fx1, fy0, sw - fx0, fy1)
            else:
                expected = (fx0, sh - fy1, fx1, sh - fy0)
            dx, dy = offset[0] * MM, -offset[1] * MM  # offset is y-down, as seen on the back
            expected = (expected[0] + dx, expected[1] + dy, expected[2] + dx, expected[3] + dy)
            got = _trim(back["B" + label[1:]], label_offset)
            assert got == pytest.approx(expected, abs=0.01 * MM), (label, duplex)
            seen += 1
    assert seen == cards


def test_pages_without_imposition_alternate_front_and_back(write_layout):
    pdf = render_pdf(_layout(write_layout, 3))
    assert [next(iter(p)) for p in _labels(pdf)] == ["F1", "B1", "F2", "B2", "F3", "B3"]
    boxes = page_boxes(pdf)
    assert all(b.trim == boxes[0].trim for b in boxes)


def test_fronts_only_and_backs_only(write_layout):
    layout = _layout(write_layout, 7, "imposition: {sheet: a4, across: 3, down: 2}")
    fronts = _labels(render_pdf(layout, sides="fronts"))
    backs = _labels(render_pdf(layout, sides="backs"))
    both = _labels(render_pdf(layout))
    assert fronts == both[0::2] and backs == both[1::2]
    assert len(fronts) == 2 == sheet_count(layout, 1, "fronts")
    assert all(k.startswith("B") for page in backs for k in page)


def test_back_sheet_trim_box_is_the_mirror_of_the_front(write_layout):
    layout = _layout(write_layout, 4, "imposition: {sheet: a4, across: 3, down: 2, gap: 2mm}")
    front, back = page_boxes(render_pdf(layout))
    sw = front.media[2]
    assert back.trim == pytest.approx((sw - front.trim[2], front.trim[1],
                                       sw - front.trim[0], front.trim[3]), abs=1e-6)


def test_backs_only_without_a_back_is_an_error(write_layout):
    from sheetgen.errors import SheetgenError

    layout = load_layout(write_layout("elements: [{type: rect, w: 5, h: 5}]"))
    with pytest.raises(SheetgenError, match="no 'back:'"):
        render_pdf(layout, sides="backs")


def test_a_back_per_row_by_component_name(write_layout):
    layout = load_layout(write_layout("""
        page: {size: [40mm, 50mm]}
        components:
          sea: {elements: [{type: text, text: "SEA", x: 3, y: 7}]}
          land: {elements: [{type: text, text: "LAND", x: 3, y: 7}]}
        data: [{n: 1, back: sea}, {n: 2, back: land}, {n: 3, back: sea}]
        back: "${back}"
        elements: [{type: text, text: "F${n}", x: 3, y: 7}]
        """))
    pages = _labels(render_pdf(layout))
    assert [next(iter(p)) for p in pages] == ["F1", "SEA", "F2", "LAND", "F3", "SEA"]


def test_a_back_naming_no_component_is_an_error_at_the_row(write_layout):
    from sheetgen.errors import SheetgenError

    layout = load_layout(write_layout("""
        components:
          sea: {elements: [{type: text, text: "SEA"}]}
        data: [{n: 1, back: sea}, {n: 2, back: sae}]
        back: "${back}"
        elements: [{type: text, text: "F${n}"}]
        """))
    with pytest.raises(SheetgenError, match=r"unknown component 'sae' \(row 2, '2'\)"):
        render_pdf(layout)


def test_a_whole_layout_as_the_back(write_layout):
    write_layout("""
        page: {size: [40mm, 50mm], background: navy}
        vars: {word: AHOY}
        styles: {big: {size: 12}}
        components:
          mark: {elements: [{type: text, text: "${word}-${n}", style: big, x: 3, y: 7}]}
        elements: [{type: use, component: mark}]
        """, "back.yaml")
    layout = load_layout(write_layout("""
        page: {size: [40mm, 50mm]}
        data: [{n: 1}, {n: 2}]
        back: {layout: back.yaml}
        elements: [{type: text, text: "F${n}", x: 3, y: 7}]
        """))
    assert layout.back.background == (0x1d / 255, 0x35 / 255, 0x57 / 255)
    pages = _labels(render_pdf(layout))
    assert [next(iter(p)) for p in pages] == ["F1", "AHOY-1", "F2", "AHOY-2"]


@pytest.mark.parametrize("back,message", [
    ("page: {size: [41mm, 50mm]}\nelements: []", "is 41.0 x 50.0 mm, the page 40.0 x 50.0"),
    ("page: {size: [40mm, 50mm]}\nback: [{type: rect, w: 1, h: 1}]\nelements: []",
     "has a back: of its own"),
    ("page: {size: [40mm, 50mm]}\ndata: [{a: 1}]\nelements: []", "has data: rows"),
])
def test_a_back_layout_must_fit(write_layout, back, message):
    from sheetgen.errors import SheetgenError

    write_layout(back, "back.yaml")
    path = write_layout("""
        page: {size: [40mm, 50mm]}
        back: {layout: back.yaml}
        elements: []
        """)
    with pytest.raises(SheetgenError, match=re.escape(message)) as err:
        load_layout(path)
    assert err.value.position.line == 2


def test_layouts_that_are_each_others_back_are_an_error(write_layout):
    from sheetgen.errors import SheetgenError

    write_layout("page: {size: [40mm, 50mm]}\nback: {layout: a.yaml}\nelements: []", "b.yaml")
    path = write_layout("page: {size: [40mm, 50mm]}\nback: {layout: b.yaml}\nelements: []",
                        "a.yaml")
    with pytest.raises(SheetgenError, match="has a back: of its own"):
        load_layout(path)

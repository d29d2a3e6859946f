"""The finished PDF, read back: text, page boxes, marks, fonts, structure, determinism and
reuse of repeated artwork."""

from __future__ import annotations

import pytest
from helpers.pdfcheck import MM, inside, page_boxes, page_texts, pdffonts, qpdf_check

from sheetgen.layout.bundled import find_layout
from sheetgen.layout.document import RenderOptions, load_layout
from sheetgen.render.compose import MARK_STROKE, compose
from sheetgen.render.output import render_pdf
from sheetgen.render.recording import RecordingCanvas

CARD = """
page: {{size: [100mm, 60mm], bleed: {bleed}, crop_marks: {marks}, background: sand}}
elements:
  - {{type: rect, x: 0, y: 0, w: 100, h: 12, fill: navy, bleed: true}}
  - {{type: text, text: "Ahoy **Captain**", x: 5, y: 15, font: serif, size: 14}}
  - {{type: die, value: 5, x: 5, y: 30, size: 12}}
  - {{type: icon, name: skull, x: 30, y: 30, size: 12}}
  - {{type: grid, x: 50, y: 30, columns: [10, 10], rows: [6, 6],
      cells: [{{row: 0, col: 0, colspan: 2, text: Plunder}}]}}
"""


def card(write_layout, bleed="3mm", marks="false", name="card.yaml"):
    return write_layout(CARD.format(bleed=bleed, marks=marks), name)


def scorecard(**kw):
    return load_layout(find_layout("swashbuckle/scorecard"), RenderOptions(**kw))


def mm_box(box):
    return tuple(round(v / MM, 2) for v in box)


@pytest.fixture(scope="module")
def pad6(tmp_path_factory):
    """The scorecard pad with --count 6 (three A4 sheets), rendered once."""
    path = tmp_path_factory.mktemp("pad") / "pad6.pdf"
    path.write_bytes(render_pdf(scorecard(), count=6))
    return path


# --- text --------------------------------------------------------------------------------
def test_text_is_extractable(write_layout):
    pdf = render_pdf(load_layout(card(write_layout)))
    text = page_texts(pdf)[0]
    assert "Ahoy" in text and "Captain" in text and "Plunder" in text


def test_scorecard_text_is_extractable_on_every_sheet(pad6):
    texts = page_texts(pad6)
    assert len(texts) == 3
    for text in texts:
        for words in ("Swashbuckle", "Pirate name", "TOTAL PLUNDER", "Succession of 4",
                      "Swashbuckle Bonus", "Captain"):
            assert text.count(words) >= 2, words  # on both cards of the sheet


# --- page boxes --------------------------------------------------------------------------
def test_boxes_with_bleed(write_layout):
    (b,) = page_boxes(render_pdf(load_layout(card(write_layout))))
    assert b.has_bleed and b.has_trim
    assert mm_box(b.media) == (0, 0, 106, 66)
    assert mm_box(b.bleed) == (0, 0, 106, 66)
    assert mm_box(b.trim) == (3, 3, 103, 63)


def test_boxes_without_bleed(write_layout):
    lay = load_layout(card(write_layout), RenderOptions(bleed=False))
    (b,) = page_boxes(render_pdf(lay))
    assert mm_box(b.media) == mm_box(b.bleed) == mm_box(b.trim) == (0, 0, 100, 60)


def test_zero_bleed_in_the_layout(write_layout):
    (b,) = page_boxes(render_pdf(load_layout(card(write_layout, bleed=0))))
    assert mm_box(b.media) == mm_box(b.trim) == (0, 0, 100, 60)


def test_boxes_with_crop_marks(write_layout):
    lay = load_layout(card(write_layout, marks="true"))
    (b,) = page_boxes(render_pdf(lay))
    slug = 2 + 6 + 1  # mark offset + mark length + 1 mm
    o = 3 + slug
    assert mm_box(b.media) == (0, 0, 100 + 2 * o, 60 + 2 * o)
    assert mm_box(b.bleed) == (slug, slug, 100 + o + 3, 60 + o + 3)
    assert mm_box(b.trim) == (o, o, 100 + o, 60 + o)
    assert inside(b.trim, b.bleed) and inside(b.bleed, b.media)


def _mark_segments(canvas: RecordingCanvas, page: int = 0):
    """Crop-mark segments of one page, y-down, as ((x0, y0), (x1, y1))."""
    pages, current = [], []
    for name, args in canvas.calls:
        if name == "begin_page":
            current = []
        elif name == "path" and args[2] == MARK_STROKE:
            ops = args[0]
            current += [((a[1], a[2]), (b[1], b[2])) for a, b in zip(ops[::2], ops[1::2],
                                                                      strict=True)]
        elif name == "end_page":
            pages.append(current)
    return pages[page]


def _outside(seg, box):
    (x0, y0), (x1, y1) = seg
    bx0, by0, bx1, by1 = box
    return max(x0, x1) <= bx0 + 0.01 or min(x0, x1) >= bx1 - 0.01 \
        or max(y0, y1) <= by0 + 0.01 or min(y0, y1) >= by1 - 0.01


def test_crop_marks_sit_on_the_trim_lines_outside_the_bleed(write_layout):
    lay = load_layout(card(write_layout, marks="true"))
    canvas = RecordingCanvas()
    compose(lay, canvas)
    marks = _mark_segments(canvas)
    assert len(marks) == 8  # two at each corner
    o = (3 + 9) * MM
    bleed_area = (o - 3 * MM, o - 3 * MM, o + 103 * MM, o + 63 * MM)
    assert all(_outside(s, bleed_area) for s in marks)
    on_trim_x = {round(s[0][0] / MM, 2) for s in marks if s[0][0] == s[1][0]}
    on_trim_y = {round(s[0][1] / MM, 2) for s in marks if s[0][1] == s[1][1]}
    assert on_trim_x == {12.0, 112.0} and on_trim_y == {12.0, 72.0}


def test_no_crop_marks_option(write_layout):
    lay = load_layout(card(write_layout, marks="true"), RenderOptions(crop_marks=False))
    canvas = RecordingCanvas()
    compose(lay, canvas)
    assert _mark_segments(canvas) == []


def test_imposed_scorecards_two_up(pad6):
    boxes = page_boxes(pad6)
    assert len(boxes) == 3
    for b in boxes:
        assert mm_box(b.media) == (0, 0, 297, 210)
        # two 132 x 188 mm cards and a 6 mm gap, centred on the landscape A4 sheet
        assert mm_box(b.trim) == (13.5, 11, 283.5, 199)
        assert mm_box(b.bleed) == (10.5, 8, 286.5, 202)
        assert inside(b.trim, b.bleed) and inside(b.bleed, b.media)


def test_imposed_cards_and_marks_geometry():
    canvas = RecordingCanvas()
    compose(scorecard(), canvas, count=2)
    end = next(i for i, (n, _) in enumerate(canvas.calls) if n == "end_page")
    origins = [(round(a[4] / MM, 2), round(a[5] / MM, 2)) for n, a in canvas.calls[:end]
               if n == "transform" and a[:4] == (1, 0, 0, 1)]
    # the first translation of each card puts its trim's top-left corner on the sheet
    card_origins = [o for o in origins if o in {(13.5, 11.0), (151.5, 11.0)}]
    assert set(card_origins) == {(13.5, 11.0), (151.5, 11.0)}
    sheet = (0, 0, 297 * MM, 210 * MM)
    for x0, y0 in card_origins:
        assert inside((x0 * MM, y0 * MM, (x0 + 132) * MM, (y0 + 188) * MM), sheet)
    marks = _mark_segments(canvas)
    assert marks
    cells = [((x - 3) * MM, (11 - 3) * MM, (x + 135) * MM, (11 + 191) * MM)
             for x in (13.5, 151.5)]
    for seg in marks:
        assert all(_outside(seg, cell) for cell in cells), seg
        (x0, y0), (x1, y1) = seg
        assert inside((min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1)), sheet), seg
    xs = {round(s[0][0] / MM, 2) for s in marks if s[0][0] == s[1][0]}
    assert xs == {13.5, 145.5, 151.5, 283.5}  # every cut line across gets its marks


def test_odd_count_leaves_the_second_slot_empty():
    canvas = RecordingCanvas()
    compose(scorecard(), canvas, count=3)
    assert [n for n, _ in canvas.calls].count("begin_page") == 2


def test_imposition_three_by_three_cards(write_layout):
    path = write_layout("""
        page: {size: poker, bleed: 3mm}
        imposition: {sheet: a4, across: 3, down: 3, gap: 0}
        elements:
          - {type: rect, x: 0, y: 0, w: 63.5, h: 88.9, fill: sea, bleed: true}
        """)
    boxes = page_boxes(render_pdf(load_layout(path), count=10))
    assert len(boxes) == 2
    b = boxes[0]
    w, h = 3 * 63.5, 3 * 88.9
    x0, y0 = (210 - w) / 2, (297 - h) / 2
    assert mm_box(b.trim) == pytest.approx((x0, y0, x0 + w, y0 + h), abs=0.01)
    # without a gap there is no room for bleed between cards; the outer edges keep theirs
    assert mm_box(b.bleed) == pytest.approx((x0 - 3, y0 - 3, x0 + w + 3, y0 + h + 3), abs=0.01)


# --- print checks ------------------------------------------------------------------------
def test_qpdf_check_is_clean(pad6, write_layout, tmp_path):
    for path in (pad6, tmp_path / "card.pdf"):
        if path.name == "card.pdf":
            path.write_bytes(render_pdf(load_layout(card(write_layout, marks="true"))))
        code, output = qpdf_check(path)
        assert code == 0, output
        assert "No syntax or stream encoding errors found" in output
        assert "WARNING" not in output.upper()


def test_every_font_is_embedded_and_none_is_helvetica(pad6, write_layout, tmp_path):
    card_pdf = tmp_path / "card.pdf"
    card_pdf.write_bytes(render_pdf(load_layout(card(write_layout))))
    for path in (pad6, card_pdf):
        rows = pdffonts(path)
        assert rows, "no fonts listed"
        assert all(r.embedded for r in rows), rows
        assert not any("helvetica" in r.name.lower() for r in rows), rows
        assert all(r.type == "TrueType" for r in rows), rows
    names = {r.name.split("+", 1)[1] for r in pdffonts(pad6)}
    assert len(names) >= 4  # display, sans, sans-bold, serif at least


def test_an_empty_layout_still_has_no_helvetica(write_layout, tmp_path):
    out = tmp_path / "empty.pdf"
    out.write_bytes(render_pdf(load_layout(write_layout("name: empty\n"))))
    assert not any("helvetica" in r.name.lower() for r in pdffonts(out))
    assert qpdf_check(out)[0] == 0


# --- determinism and reuse ---------------------------------------------------------------
def test_same_layout_twice_gives_identical_bytes(write_layout):
    path = card(write_layout, marks="true")
    assert render_pdf(load_layout(path)) == render_pdf(load_layout(path))


def test_scorecard_pad_is_byte_identical_twice(pad6):
    assert render_pdf(scorecard(), count=6) == pad6.read_bytes()


def test_different_values_give_different_bytes():
    assert render_pdf(scorecard()) != render_pdf(scorecard(overrides={"matches": 5}))


def test_repeated_artwork_is_stored_once():
    two = render_pdf(scorecard(), count=2)
    forty = render_pdf(scorecard(), count=40)
    assert len(page_boxes(forty)) == 20
    assert len(forty) < 2 * len(two), (len(two), len(forty))
    assert forty.count(b"/Subtype /Form") == two.count(b"/Subtype /Form") >= 1


def test_data_rows_share_their_common_artwork(write_layout):
    path = write_layout("""
        page: {size: poker}
        data: [{n: Anne}, {n: Mary}, {n: Grace}, {n: Jack}]
        elements:
          - {type: rect, x: 5, y: 5, w: 50, h: 70, fill: sand, stroke: ink}
          - {type: icon, name: skull, x: 10, y: 10, size: 40}
          - {type: text, text: "${n}", x: 10, y: 60}
        """)
    canvas = RecordingCanvas()
    compose(load_layout(path), canvas)
    forms = [a[0] for n, a in canvas.calls if n == "use_form"]
    assert len(forms) == 4 and len(set(forms)) == 1
    assert page_texts(render_pdf(load_layout(path)))[3].strip().endswith("Jack")


@pytest.mark.parametrize("option, expected", [(None, True), (False, False), (True, True)])
def test_crop_marks_option_rules_imposed_sheets_too(option, expected):
    canvas = RecordingCanvas()
    compose(scorecard(crop_marks=option), canvas, count=2)
    assert bool(_mark_segments(canvas)) is expected


def test_identical_bytes_across_processes_with_different_hash_seeds(tmp_path):
    """Nothing may depend on set or dict order that varies between interpreter runs."""
    import os
    import subprocess
    import sys

    script = ("import sys\n"
              "from sheetgen.layout.bundled import find_layout\n"
              "from sheetgen.layout.document import load_layout\n"
              "from sheetgen.render.output import render_pdf\n"
              "sys.stdout.buffer.write(render_pdf(load_layout("
              "find_layout('swashbuckle/scorecard')), count=4))\n")
    outputs = []
    for seed in ("1", "2"):
        env = dict(os.environ, PYTHONHASHSEED=seed)
        done = subprocess.run([sys.executable, "-c", script], capture_output=True, env=env,
                              check=True)
        outputs.append(done.stdout)
    assert outputs[0][:5] == b"%PDF-" and outputs[0] == outputs[1]


def test_scorecard_is_all_vectors_and_a_png_is_embedded_once(write_layout, tmp_path, pad6):
    from PIL import Image as PILImage

    assert b"/Subtype /Image" not in pad6.read_bytes()  # lines, symbols and text are vectors
    PILImage.new("RGB", (30, 20), (10, 120, 200)).save(tmp_path / "flag.png")
    path = write_layout("""
        page: {size: a6}
        data: [{n: 1}, {n: 2}, {n: 3}]
        elements:
          - {type: image, src: flag.png, x: 10, y: 10, w: 30, h: 20}
        """)
    pdf = render_pdf(load_layout(path))
    assert pdf.count(b"/Subtype /Image") == 1


def test_y_down_coordinates_land_where_a_designer_expects(write_layout):
    """(0, 0) is the trim's top-left corner: a box there prints top-left, text reads upright
    (its ink sits above its baseline)."""
    from helpers.pdfcheck import render_png

    path = write_layout("""
        page: {size: [40mm, 20mm], bleed: 0}
        elements:
          - {type: rect, x: 0, y: 0, w: 10, h: 5, fill: black}
          - {type: text, text: "HHHH", x: 20, y: 15, size: 20, valign: baseline}
        """)
    image = render_png(render_pdf(load_layout(path)), dpi=72 * 2).convert("L")
    px = 2 * 72 / 25.4  # pixels per mm
    assert image.getpixel((int(2 * px), int(2 * px))) < 50          # inside the box
    assert image.getpixel((int(2 * px), int(18 * px))) > 200        # bottom-left is paper
    above = [image.getpixel((int(x * px), int(13 * px))) for x in range(20, 38)]
    below = [image.getpixel((int(x * px), int(17 * px))) for x in range(20, 38)]
    assert min(above) < 100 and min(below) > 200  # capitals stand on the baseline


def test_every_character_of_the_scorecard_is_in_its_font():
    """A glyph missing from the bundled font prints as an empty box, silently."""
    from fontTools.ttLib import TTFont

    from sheetgen.assets.fonts import font_path
    from sheetgen.render.compose import record_instances

    cmaps: dict[str, dict] = {}
    missing = set()
    for inst in record_instances(scorecard(overrides={"show_par": True})):
        for _, rec in inst.blocks:
            for name, args in rec.calls:
                if name != "text":
                    continue
                font = args[3]
                if font not in cmaps:
                    cmaps[font] = TTFont(font_path(font)).getBestCmap()
                missing |= {(font, ch) for ch in args[2] if ord(ch) not in cmaps[font]}
    assert len(cmaps) >= 4 and missing == set()

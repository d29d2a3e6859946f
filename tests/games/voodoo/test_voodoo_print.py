"""Voodoo Pirate's printed parts: every card's text fits at a readable size, the layouts
print every card once, the board is drawn from the model, the pad holds the whole game."""

from __future__ import annotations

import pytest

from sheetgen.games.voodoo import draw
from sheetgen.games.voodoo.board import default_board
from sheetgen.games.voodoo.cards import default_cards
from sheetgen.layout.bundled import find_layout
from sheetgen.layout.document import RenderOptions, load_layout
from sheetgen.render.recording import RecordingCanvas

CARDS = default_cards()


@pytest.mark.parametrize("card", CARDS.actions, ids=lambda c: c.name)
def test_action_card_text_fits(card):
    fit = draw.action_fit(card)
    assert fit.fits and fit.size >= draw.MIN_TEXT_PT, (card.name, fit.size)


@pytest.mark.parametrize("card", CARDS.objects, ids=lambda c: c.name)
def test_object_card_text_fits(card):
    fit = draw.object_fit(card)
    assert fit.fits and fit.size >= draw.MIN_TEXT_PT, (card.name, fit.size)


@pytest.mark.parametrize("pirate", CARDS.pirates, ids=lambda p: p.colour)
def test_skill_text_fits_the_mat(pirate):
    fit = draw.fit_text(pirate.skill_text, "serif", 10, draw.MAT_W - 16 * draw.MM,
                        10 * draw.MM, min_size=draw.MIN_TEXT_PT)
    assert fit.fits and fit.size >= draw.MIN_TEXT_PT


def test_fit_text_reports_overflow():
    long = "word " * 400
    fit = draw.fit_text(long, "serif", 9, 100, 40, min_size=draw.MIN_TEXT_PT)
    assert not fit.fits and fit.size == draw.MIN_TEXT_PT


@pytest.mark.parametrize("name,count", [("voodoo/action-cards", 30),
                                        ("voodoo/object-cards", 27),
                                        ("voodoo/ship-mats", 5)])
def test_layouts_print_every_card_once(name, count):
    layout = load_layout(find_layout(name), RenderOptions())
    assert len(layout.data) == count
    if "cards" in name:
        assert sorted(r["index"] for r in layout.data) == list(range(count))
        assert layout.imposition.across * layout.imposition.down == 9


def _texts(name: str, **kw) -> list[str]:
    from sheetgen.render.compose import compose

    canvas = RecordingCanvas()
    compose(load_layout(find_layout(name), RenderOptions(**kw)), canvas, 1)
    return [str(args[2]) for name_, args in canvas.calls if name_ == "text"]


def test_object_card_names_printed_with_their_counts():
    texts = "\n".join(_texts("voodoo/object-cards"))
    for card in CARDS.objects:
        assert texts.count(card.name) >= card.count, card.name


def test_board_prints_every_value_and_the_harbour_order():
    texts = "\n".join(_texts("voodoo/board"))
    board = default_board()
    for n in range(1, len(board.harbour_order) + 1):
        assert f"CP {n}" in texts
    for name in board.wind + board.moonlight_barrels + board.dusk_barrels:
        assert name in texts


@pytest.mark.parametrize("paper", ["a4", "letter", "a2"])
def test_pad_holds_the_whole_game(paper):
    from sheetgen.games.voodoo.pad import PARTS, build_pad
    from sheetgen.render.compose import sheet_count

    pad = build_pad(paper=paper)
    data, pages = pad.pdf, pad.pages
    small = paper if paper != "a2" else "a4"
    expected = 0
    for name, _ in PARTS:
        if name == "voodoo/board" and paper == "a2":
            continue  # the print shop's board is a file of its own
        options = RenderOptions(tile=paper) if name == "voodoo/board" \
            else RenderOptions(paper=small)
        expected += sheet_count(load_layout(find_layout(name), options), 1)
    board_sheets = 0 if paper == "a2" else 8  # A2 on 4 x 2 portrait A4 or Letter sheets
    # the file is printed double-sided as a whole: each one-sided sheet (board, mats 3,
    # aids 3, tokens 2) gets a blank back, so every card front is on an odd page
    one_sided = board_sheets + 3 + 3 + 2
    assert pages == expected + one_sided
    # Action cards (30) 4 sheets + 4 of backs; Object cards (27) 3 + 3 at 3 x 3 on A4, 4 + 4 at
    # 4 x 2 on landscape Letter (the whole 3 mm bleed does not fit a 3 x 3 Letter grid)
    object_sheets = 3 if small == "a4" else 4
    assert pages == 2 * one_sided + 8 + 2 * object_sheets
    assert data.startswith(b"%PDF")
    if paper != "a2":
        assert pad.extras == ()
        return
    ((suffix, board),) = pad.extras
    assert suffix == "-board-a2"
    from helpers.pdfcheck import page_boxes

    (boxes,) = page_boxes(board)
    # the A2 sheet is the trim, with 3 mm of bleed and room for crop marks around it
    assert boxes.mm("trim")[2] - boxes.mm("trim")[0] == pytest.approx(594, abs=0.01)
    assert boxes.mm("trim")[0] - boxes.mm("bleed")[0] == pytest.approx(3, abs=0.01)
    assert boxes.mm("media")[2] > boxes.mm("bleed")[2]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_tiled_board_covers_every_point(paper):
    from sheetgen.render.tiling import sheet_for, tile_plan

    layout = load_layout(find_layout("voodoo/board"), RenderOptions(tile=paper))
    t, page = layout.tile, layout.page
    sw, sh = sheet_for(t, page.width, page.height)
    tiles = tile_plan(page.width, page.height, (sw - 2 * t.margin, sh - 2 * t.margin),
                      t.overlap)
    assert len(tiles) == 8
    for x in range(0, 595, 5):
        for y in range(0, 421, 5):
            assert any(tl.x0 - 1e-6 <= x * draw.MM <= tl.x1 + 1e-6
                       and tl.y0 - 1e-6 <= y * draw.MM <= tl.y1 + 1e-6 for tl in tiles)
    xs = sorted({(tl.x0, tl.x1) for tl in tiles})
    for (_, a1), (b0, _) in zip(xs, xs[1:], strict=False):
        assert a1 - b0 == pytest.approx(t.overlap)


def _labels(pdf: bytes) -> list[list[tuple[str, float, float]]]:
    """Per page: (text, x, y) of each text run's baseline start, PDF points, y up."""
    import io

    from pypdf import PdfReader, mult

    pages = []
    for page in PdfReader(io.BytesIO(pdf)).pages:
        found: list[tuple[str, float, float]] = []

        def visit(text, cm, tm, font, size, found=found):
            if text.strip():
                m = mult(tm, cm)
                found.append((text.strip(), m[4], m[5]))

        page.extract_text(visitor_text=visit)
        pages.append(found)
    return pages


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_action_card_backs_land_behind_their_fronts(paper):
    """Each front prints '<Colour> pirate' centred at its foot. On the sheet of backs that
    follows, the point behind each front's top edge band (the card's centre mirrored across
    the sheet, as a long-edge flip turns it, 2 mm below its top) must be that pirate's colour:
    backs land behind their own fronts, partial last sheet included. A long-edge flip mirrors
    a portrait sheet left to right and a landscape one (4 x 2 on Letter) top to bottom."""
    from helpers.pdfcheck import page_boxes, render_png

    from sheetgen.assets.fonts import string_width
    from sheetgen.render.output import render_pdf

    layout = load_layout(find_layout("voodoo/action-cards"), RenderOptions(paper=paper))
    pdf = render_pdf(layout)
    pages = _labels(pdf)
    media = page_boxes(pdf)[0].media
    sheet_w, sheet_h = media[2] - media[0], media[3] - media[1]
    colours = {p.colour: p.rgb for p in CARDS.pirates}
    mm, dpi = draw.MM, 40
    assert len(pages) == 8
    checked = 0
    for k in range(0, len(pages), 2):
        image = render_png(pdf, dpi, k + 1)
        for text, x, y in pages[k]:
            if not text.endswith(" pirate"):
                continue
            colour = colours[text.split()[0]]
            centre = x + string_width(text, "sans-bold", 6.5) / 2
            top = y - draw.FOOT_BASELINE + 88 * mm           # PDF y, up
            if sheet_w < sheet_h:                            # portrait: mirrored left to right
                px = (sheet_w - centre) * dpi / 72
                py = (sheet_h - top + 2 * mm) * dpi / 72     # 2 mm into the card, y down
            else:                                            # landscape: top to bottom
                px = centre * dpi / 72
                py = (top - 2 * mm) * dpi / 72
            got = image.getpixel((round(px), round(py)))
            assert all(abs(g / 255 - c) < 0.06 for g, c in zip(got, colour, strict=True)), \
                (text, k, got)
            checked += 1
    assert checked == 30

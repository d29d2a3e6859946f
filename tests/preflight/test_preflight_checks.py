"""Preflight, check by check: a PDF made here with exactly one defect fails exactly that check,
and its clean twin passes every check. The PDFs are drawn with the PDF backend directly (not
through layouts), so a fix in the composer cannot make a known-bad PDF good by accident."""

from __future__ import annotations

import io
import re

import pytest

from sheetgen.canvas import MM
from sheetgen.canvas.geometry import rect_ops
from sheetgen.canvas.pieces import Piece, SheetPlan
from sheetgen.canvas.protocol import PageBoxes, Stroke
from sheetgen.errors import SheetgenError
from sheetgen.preflight import preflight_bytes
from sheetgen.render.pdf import PdfCanvas

A4 = (210 * MM, 297 * MM)
BLACK = (0.0, 0.0, 0.0)


def _home_page(canvas: PdfCanvas, draw, side: str = "single", duplex: str | None = None,
               size: tuple[float, float] = A4) -> None:
    w, h = size
    canvas.begin_page(w, h, PageBoxes((0, 0, w, h), (0, 0, w, h), (0, 0, w, h)))
    canvas.page_plan(SheetPlan(kind="home", paper="a4", side=side, duplex=duplex,
                               pieces=(Piece(trim=(0, 0, w, h), bleed=(0, 0, w, h),
                                             cut=(False,) * 4),)))
    draw(canvas)
    canvas.end_page()


def _clean(c: PdfCanvas) -> None:
    c.text(30 * MM, 40 * MM, "A clean line of text", "serif", 10, BLACK)
    c.path(rect_ops(30 * MM, 50 * MM, 60 * MM, 20 * MM), stroke=Stroke(BLACK, 0.5))


def _home_pdf(draw, **kw) -> bytes:
    canvas = PdfCanvas()
    _home_page(canvas, draw, **kw)
    return canvas.finish()


CARD = (60 * MM, 80 * MM)


def _card_sheet(draw_card, bleed: float = 3 * MM) -> bytes:
    """An A4 home sheet with one card (60 x 80 mm) at (40, 40) mm, its art clipped to
    `bleed` around the trim, as the composer places it."""
    canvas = PdfCanvas()
    w, h = A4
    tx, ty = 40 * MM, 40 * MM
    cw, ch = CARD
    canvas.begin_page(w, h, PageBoxes((0, 0, w, h), (tx - bleed, h - ty - ch - bleed,
                                                     tx + cw + bleed, h - ty + bleed),
                                      (tx, h - ty - ch, tx + cw, h - ty)))
    canvas.page_plan(SheetPlan(kind="home", paper="a4", pieces=(Piece(
        trim=(tx, h - ty - ch, tx + cw, h - ty),
        bleed=(tx - bleed, h - ty - ch - bleed, tx + cw + bleed, h - ty + bleed)),)))
    canvas.push()
    canvas.clip(rect_ops(tx - bleed, ty - bleed, cw + 2 * bleed, ch + 2 * bleed))
    canvas.transform(1, 0, 0, 1, tx, ty)
    draw_card(canvas)
    canvas.pop()
    canvas.end_page()
    return canvas.finish()


def _good_card(c: PdfCanvas) -> None:
    c.path(rect_ops(-3 * MM, -3 * MM, CARD[0] + 6 * MM, CARD[1] + 6 * MM),
           fill=(0.95, 0.9, 0.8))
    c.text(5 * MM, 10 * MM, "Card title", "serif", 10, BLACK)


def _failed(pdf: bytes) -> set[str]:
    return preflight_bytes(pdf).failed()


def test_clean_home_sheet_and_card_pass_every_check():
    report = preflight_bytes(_home_pdf(_clean))
    assert report.ok, report.text()
    report = preflight_bytes(_card_sheet(_good_card))
    assert report.ok, report.text()
    assert len(report.pages[0].plan.pieces) == 1 and report.pages[0].planned


def test_the_garbage_collector_is_on_again_after(monkeypatch):
    """preflight_bytes pauses the cyclic collector while it reads and checks (so it does
    not pass again and again over what the reading made), and leaves it as it found it: on
    again after a report and after bad input, still off if it was off."""
    import gc

    import sheetgen.preflight as preflight

    seen: list[bool] = []
    check = preflight.check_boxes
    monkeypatch.setattr(preflight, "check_boxes",
                        lambda page: seen.append(gc.isenabled()) or check(page))
    pdf = _home_pdf(lambda c: None)
    assert gc.isenabled()
    assert preflight_bytes(pdf).ok
    assert seen == [False] and gc.isenabled()
    with pytest.raises(SheetgenError):
        preflight_bytes(b"not a pdf")
    assert gc.isenabled()
    gc.disable()
    try:
        preflight_bytes(pdf)
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_ink_in_the_printer_margin():
    def bad(c):
        _clean(c)
        c.path(rect_ops(2 * MM, 100 * MM, 10 * MM, 10 * MM), fill=(0.2, 0.3, 0.8))
    report = preflight_bytes(_home_pdf(bad))
    assert report.failed() == {"margin"}, report.text()
    (finding,) = report.findings
    assert re.search(r"(1\.9|2\.0) mm from the left edge", finding.message)  # 1 px: 0.17 mm


def test_crop_mark_in_the_margin_counts_as_ink():
    def bad(c):
        _clean(c)
        c.path([("M", 100 * MM, 1 * MM), ("L", 100 * MM, 4 * MM)], stroke=Stroke(BLACK, 0.25))
    assert _failed(_home_pdf(bad)) == {"margin"}


def test_art_to_the_cut_without_bleed():
    def bad(c):  # the background stops at the trim
        c.path(rect_ops(0, 0, *CARD), fill=(0.2, 0.3, 0.5))
        c.text(5 * MM, 10 * MM, "Card title", "serif", 10, (1, 1, 1))
    report = preflight_bytes(_card_sheet(bad))
    assert report.failed() == {"bleed"}, report.text()
    assert {f.message.split(" cut")[0] for f in report.findings} == {
        f"art reaches the {edge}" for edge in ("left", "bottom", "right", "top")}


@pytest.mark.parametrize("bleed_mm, fails", [(2.7, True), (3.0, False)])
def test_bleed_of_2_7_mm_is_short(bleed_mm, fails):
    """2.7 mm (Voodoo cards on Letter before their 4 x 2 grid) passed a 0.3 mm slack; the
    slack is now 0.2 mm, a little over one pixel of the 150 dpi raster."""
    def art(c):
        c.path(rect_ops(-5 * MM, -5 * MM, CARD[0] + 10 * MM, CARD[1] + 10 * MM),
               fill=(0.2, 0.3, 0.5))
        c.text(5 * MM, 10 * MM, "Card title", "serif", 10, (1, 1, 1))
    report = preflight_bytes(_card_sheet(art, bleed=bleed_mm * MM))
    assert ("bleed" in report.failed()) == fails, report.text()


def test_frame_on_the_trim_is_ink_at_the_cut_without_bleed():
    def bad(c):
        c.path(rect_ops(0, 0, *CARD), stroke=Stroke((0.4, 0.1, 0.1), 2.5))
        c.text(5 * MM, 10 * MM, "Card title", "serif", 10, BLACK)
    assert _failed(_card_sheet(bad)) == {"bleed"}


def test_text_outside_the_safe_zone():
    def bad(c):
        _good_card(c)
        c.text(1.5 * MM, 40 * MM, "Near the cut", "serif", 8, BLACK)
    report = preflight_bytes(_card_sheet(bad))
    assert report.failed() == {"safe-zone"}, report.text()
    assert "from the left cut" in report.findings[0].message


def test_text_smaller_than_6_pt():
    def bad(c):
        _clean(c)
        c.text(30 * MM, 90 * MM, "tiny print", "serif", 5.5, BLACK)
    report = preflight_bytes(_home_pdf(bad))
    assert report.failed() == {"text-size"}, report.text()
    assert "5.5 pt" in report.findings[0].message


def test_text_scaled_below_6_pt_by_the_transform():
    def bad(c):
        _clean(c)
        c.push()
        c.transform(0.5, 0, 0, 0.5, 30 * MM, 90 * MM)
        c.text(0, 0, "scaled down", "serif", 10, BLACK)
        c.pop()
    assert _failed(_home_pdf(bad)) == {"text-size"}


@pytest.mark.parametrize("fg, bg, ok", [
    ((1.0, 0.85, 0.2), (1.0, 1.0, 1.0), False),   # yellow on white, about 1.5:1
    ((1.0, 1.0, 1.0), (0.95, 0.8, 0.2), False),   # white on yellow
    ((0.1, 0.1, 0.1), (0.95, 0.8, 0.2), True),    # near black on yellow
])
def test_contrast_of_small_text(fg, bg, ok):
    def page(c):
        _clean(c)
        c.path(rect_ops(30 * MM, 80 * MM, 80 * MM, 15 * MM), fill=bg)
        c.text(33 * MM, 90 * MM, "Gold Skull", "serif", 8, fg)
    report = preflight_bytes(_home_pdf(page))
    assert report.failed() == (set() if ok else {"contrast"}), report.text()


def test_hairline():
    def bad(c):
        _clean(c)
        c.path([("M", 30 * MM, 100 * MM), ("L", 90 * MM, 100 * MM)], stroke=Stroke(BLACK, 0.1))
    report = preflight_bytes(_home_pdf(bad))
    assert report.failed() == {"hairlines"}, report.text()
    assert "0.100 pt" in report.findings[0].message


def test_font_not_embedded():
    from reportlab.pdfgen import canvas as rl

    buf = io.BytesIO()
    c = rl.Canvas(buf, pagesize=A4, invariant=1)
    c.setFont("Helvetica", 10)
    c.drawString(40 * MM, 200 * MM, "Helvetica is not embedded")
    c.showPage()
    c.save()
    report = preflight_bytes(buf.getvalue())
    assert "fonts" in report.failed(), report.text()
    # no page plan: judged as a home sheet from its boxes
    assert not report.pages[0].planned and report.pages[0].plan.kind == "home"


def test_home_page_is_not_its_paper():
    canvas = PdfCanvas()
    w, h = 216 * MM, 303 * MM  # A4 plus 3 mm bleed
    canvas.begin_page(w, h, PageBoxes((0, 0, w, h), (0, 0, w, h),
                                      (3 * MM, 3 * MM, w - 3 * MM, h - 3 * MM)))
    canvas.page_plan(SheetPlan(kind="home", paper="a4", pieces=(Piece(
        trim=(3 * MM, 3 * MM, w - 3 * MM, h - 3 * MM),
        bleed=(3 * MM, 3 * MM, w - 3 * MM, h - 3 * MM), cut=(False,) * 4),)))
    _clean(canvas)
    canvas.end_page()
    report = preflight_bytes(canvas.finish())
    assert report.failed() == {"page-size"}, report.text()
    assert "216.0 x 303.0 mm is not the paper (a4" in report.findings[0].message


def _sides(*sides: str, note: bool = True) -> bytes:
    canvas = PdfCanvas()
    for side in sides:
        def draw(c, side=side):
            _clean(c)
            if side == "front" and note:
                c.text(30 * MM, 280 * MM, "Print both sides: flip on the long edge", "serif", 8,
                       BLACK)
        _home_page(canvas, draw, side=side,
                   duplex="long-edge" if side in ("front", "back") else None)
    return canvas.finish()


def test_duplex_order():
    assert preflight_bytes(_sides("single", "blank", "front", "back", "front", "back")).ok
    report = preflight_bytes(_sides("single", "front", "back"))
    assert report.failed() == {"duplex"}, report.text()
    assert "page 2 lands on its back" in report.findings[0].message
    assert "duplex" in _failed(_sides("front", "front", "back"))
    assert "duplex" in _failed(_sides("front", "back", "back"))


def test_duplex_needs_the_flip_note():
    report = preflight_bytes(_sides("front", "back", note=False))
    assert report.failed() == {"duplex"}
    assert "which edge to flip" in report.findings[0].message


def _press_pdf(draw=None, standard: str = "x4") -> bytes:
    """A clean home page made PDF/X by sheetgen.render.pdfx."""
    from sheetgen.render.pdfx import make_pdfx

    canvas = PdfCanvas(colorspace="cmyk")
    _home_page(canvas, draw or _clean)
    return make_pdfx(canvas.finish(), standard)


def _edited(pdf: bytes, edit) -> bytes:
    """`pdf` with one defect made by `edit(pikepdf document)`."""
    import pikepdf

    doc = pikepdf.open(io.BytesIO(pdf))
    edit(doc)
    out = io.BytesIO()
    doc.save(out, deterministic_id=True)
    return out.getvalue()


def _set_info(**values):
    import pikepdf

    def edit(doc):
        for key, value in values.items():
            if value is None:
                del doc.trailer.Info["/" + key]
            else:
                doc.trailer.Info["/" + key] = (pikepdf.Name(value) if value.startswith("/")
                                               else pikepdf.String(value))
    return edit


def _set_xmp(old: str, new: str):
    def edit(doc):
        text = doc.Root.Metadata.read_bytes().decode()
        assert old in text
        doc.Root.Metadata.write(text.replace(old, new).encode())
    return edit


def test_press_pdfs_pass_both_standards():
    for standard in ("x4", "x1a"):
        report = preflight_bytes(_press_pdf(standard=standard))
        assert report.ok, report.text()


def _no_intent(doc):
    del doc.Root["/OutputIntents"]


def _no_profile(doc):
    del doc.Root.OutputIntents[0]["/DestOutputProfile"]


def _broken_profile(doc):
    profile = doc.Root.OutputIntents[0].DestOutputProfile
    profile.write(profile.read_bytes()[:300])  # cut short


def _rgb_profile(doc):
    from PIL import ImageCms

    srgb = ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes()
    doc.Root.OutputIntents[0].DestOutputProfile.write(srgb)


def _no_trim(doc):
    del doc.pages[0].obj["/TrimBox"]


def _no_xmp(doc):
    del doc.Root["/Metadata"]


@pytest.mark.parametrize("edit, message", [
    (_set_info(GTS_PDFXVersion=None), "not PDF/X: no GTS_PDFXVersion"),
    (_no_intent, "has no GTS_PDFX output intent"),
    (_no_profile, "needs the press's ICC profile embedded"),
    (_broken_profile, "littleCMS"),
    (_rgb_profile, "not CMYK"),
    (_no_trim, "no TrimBox"),
    (_no_xmp, "needs XMP metadata"),
    (_set_info(GTS_PDFXVersion="PDF/X-9"), "preflight knows PDF/X-1a and PDF/X-4"),
    (_set_xmp("<pdfxid:GTS_PDFXVersion>PDF/X-4<", "<pdfxid:GTS_PDFXVersion>PDF/X-4p<"),
     "the XMP says PDF/X-4p"),
    (_set_info(ModDate="D:20240101000000+00'00'"), "xmp:ModifyDate"),
    (_set_info(Trapped="/Unknown"), "/Trapped is not /True or /False"),
    (_set_info(Title="Another title"), "the XMP title is not"),
])
def test_each_pdfx_defect_fails_the_pdfx_check(edit, message):
    report = preflight_bytes(_edited(_press_pdf(), edit))
    assert report.failed() == ({"pdfx", "boxes"} if edit is _no_trim else {"pdfx"}), \
        report.text()
    assert any(message in f.message for f in report.findings), report.text()


def test_pdf_version_too_new_for_x1a():
    import pikepdf

    doc = pikepdf.open(io.BytesIO(_press_pdf(standard="x1a")))
    out = io.BytesIO()
    doc.save(out, force_version="1.6")
    report = preflight_bytes(out.getvalue())
    assert report.failed() == {"pdfx"}, report.text()
    assert "allows up to 1.4" in report.findings[0].message


def test_rgb_and_icc_colour_in_pdfx_1a():
    """A press file with RGB left in it fails `colour` (and as X-1a, `pdfx`); an X-1a file
    painting in an ICC-based space (allowed in X-4, not X-1a) fails `pdfx`."""
    import pikepdf

    def rgb(doc):
        page = doc.pages[0]
        page.contents_add(doc.make_stream(b"1 0 0 rg 200 300 20 20 re f"))

    report = preflight_bytes(_edited(_press_pdf(standard="x1a"), rgb))
    assert report.failed() == {"colour", "pdfx"}, report.text()
    assert all("DeviceRGB" in f.message for f in report.findings)

    def icc(doc):
        profile = doc.Root.OutputIntents[0].DestOutputProfile
        page = doc.pages[0]
        page.Resources.ColorSpace = pikepdf.Dictionary(
            {"/CS9": pikepdf.Array([pikepdf.Name.ICCBased, profile])})
        page.contents_add(doc.make_stream(b"/CS9 cs 0 1 1 0 scn 200 300 20 20 re f"))

    report = preflight_bytes(_edited(_press_pdf(standard="x1a"), icc))
    assert report.failed() == {"pdfx"}, report.text()
    assert "ICCBasedCMYK" in report.findings[0].message
    assert preflight_bytes(_edited(_press_pdf(standard="x4"), icc)).ok


def test_transparency_in_pdfx_1a():
    def draw(c):
        _clean(c)
        c.path(rect_ops(30 * MM, 100 * MM, 20 * MM, 20 * MM), fill=(0.2, 0.3, 0.5),
               opacity=0.5)

    x4 = _press_pdf(draw, "x4")  # X-4 allows it; relabelled as X-1a it fails
    assert preflight_bytes(x4).ok
    relabelled = _edited(x4, _set_info(GTS_PDFXVersion="PDF/X-1:2003",
                                       GTS_PDFXConformance="PDF/X-1a:2003"))
    report = preflight_bytes(relabelled)
    assert report.failed() == {"pdfx"}, report.text()
    assert any("transparency" in f.message for f in report.findings)


def test_rich_black_text_in_a_press_file(monkeypatch):
    import sheetgen.render.pdf as pdf

    # as a writer that keeps four-colour black under text
    monkeypatch.setattr(pdf, "to_cmyk", lambda rgb, black_only=False: (0.6, 0.5, 0.4, 1.0))

    def draw(c):
        c.text(30 * MM, 40 * MM, "four-colour black", "serif", 10, BLACK)
    report = preflight_bytes(_press_pdf(draw))
    assert "colour" in report.failed(), report.text()


def test_not_a_pdf_is_bad_input():
    with pytest.raises(SheetgenError, match="not a PDF"):
        preflight_bytes(b"hello", "x.pdf")
    with pytest.raises(SheetgenError, match="cannot read"):
        preflight_bytes(b"%PDF-1.4\n garbage", "x.pdf")


def test_voodoo_cards_on_letter_take_a_grid_with_the_whole_bleed(tmp_path):
    """3 x 3 poker cards fit Letter only with 2.7 mm of bleed inside the 5 mm home margin;
    the layouts' `imposition.papers.letter` sets them 4 x 2 across, which keeps 3 mm."""
    from sheetgen.layout.bundled import find_layout
    from sheetgen.layout.document import RenderOptions, load_layout
    from sheetgen.render.output import render_pdf

    path = find_layout("voodoo/action-cards")
    letter = load_layout(path, RenderOptions(paper="letter"))
    assert (letter.imposition.across, letter.imposition.down) == (4, 2)
    assert letter.imposition.sheet_width > letter.imposition.sheet_height  # landscape
    a4 = load_layout(path, RenderOptions(paper="a4"))
    assert (a4.imposition.across, a4.imposition.down) == (3, 3)
    old = tmp_path / "cards.yaml"  # the same cards without the Letter grid
    text = path.read_text(encoding="utf-8")
    old.write_text(re.sub(r"  papers:.*\n    letter:.*\n", "", text), encoding="utf-8")
    assert "papers" not in old.read_text(encoding="utf-8")
    three = load_layout(old, RenderOptions(paper="letter"))
    assert (three.imposition.across, three.imposition.down) == (3, 3)
    assert "bleed" in preflight_bytes(render_pdf(three)).failed()
    assert not preflight_bytes(render_pdf(letter)).failed()


def test_a_paper_grid_with_an_unknown_key_is_an_error(write_layout):
    path = write_layout("page: {size: [63mm, 88mm]}\nimposition:\n  sheet: a4\n"
                        "  papers:\n    letter: {acros: 4}\nelements: []\n")
    from sheetgen.layout.document import load_layout

    with pytest.raises(SheetgenError, match="acros") as info:
        load_layout(path)
    assert info.value.position.line == 5

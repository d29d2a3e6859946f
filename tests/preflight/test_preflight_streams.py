"""Content streams as preflight reads them: straight from their bytes (`content.scan`), or by
qpdf's parser (pikepdf) with the fast reading of its lines, gives what pypdf's parser gave
(the measured page content, the text-free copy's pixels), and the contrast's quantile is
numpy's to the last bit."""

from __future__ import annotations

import io

import numpy as np
import pikepdf
import pytest

from sheetgen.preflight import _read
from sheetgen.preflight.content import (
    PATH_RUN,
    Interpreter,
    Streams,
    _plain,
    _plain_operations,
    scan,
)
from sheetgen.preflight.raster import (
    PAPER_WHITE,
    Raster,
    Renderer,
    _without_text_pypdf,
    without_text,
)
from sheetgen.preflight.text import quantile

FORM = (b"q 0.2 0.4 0.6 rg 0 0 40 20 re f BT /F1 9 Tf 2 5 Td (in a form) Tj ET "
        b"[3 2] 0 d 1 0 0 RG 0.5 w 0 0 m 40 20 l S Q")
PAGE = (b"q 1 0 0 1 50 700 cm 0.9 g 0 0 200 60 re f 0 g "
        b"BT /F1 12 Tf 14.5 TL 10 40 Td (Plain \\(words\\) with spaces) Tj T* "
        b"[(Kerned) -120 (text) 50.5 <414243>] TJ 2 Tr 1.5 Tc (next line) ' "
        b"3 1 (quoted) \" ET Q "
        b"/P << /MCID 0 >> BDC q 0 0 1 0 k 100 100 m 150 120 160 180 200 200 c "
        b"210 100 v 220 90 y h W n 0.25 w 1 0 0 1 10 10 cm 0 0 30 30 re B* Q EMC "
        b"q 1 0 0 1 300 300 cm /Fm1 Do 0.5 0 0 2 10 400 cm /Fm1 Do Q "
        b"/GS1 gs /CS1 cs 0.5 scn q 20 0 0 10 400 50 cm "
        b"BI /W 2 /H 1 /BPC 8 /CS /G ID \n\xff\x00 EI Q")


def _pdf() -> bytes:
    """One page with text (strings with escapes and spaces, TJ arrays with hex strings, the
    ' and \" operators), curves, clips, colours by name, a form drawn twice, a marked content
    dictionary and an inline image whose data holds a line break."""
    pdf = pikepdf.new()
    font = pdf.make_indirect(pikepdf.Dictionary(
        Type=pikepdf.Name.Font, Subtype=pikepdf.Name.Type1, BaseFont=pikepdf.Name.Helvetica,
        FirstChar=32, Widths=[278] * 95))
    form = pdf.make_stream(FORM, Type=pikepdf.Name.XObject, Subtype=pikepdf.Name.Form,
                           BBox=[0, 0, 40, 20], Matrix=[1, 0, 0, 1, 5, 5],
                           Resources=pikepdf.Dictionary(Font=pikepdf.Dictionary(F1=font)))
    page = pikepdf.Dictionary(
        Type=pikepdf.Name.Page, MediaBox=[0, 0, 595, 842],
        Resources=pikepdf.Dictionary(
            Font=pikepdf.Dictionary(F1=font), XObject=pikepdf.Dictionary(Fm1=form),
            ExtGState=pikepdf.Dictionary(GS1=pikepdf.Dictionary(ca=0.5)),
            ColorSpace=pikepdf.Dictionary(CS1=[pikepdf.Name.Separation, pikepdf.Name.Spot,
                                               pikepdf.Name.DeviceCMYK, form])))
    pdf.pages.append(pikepdf.Page(page))
    pdf.pages[0].obj.Contents = pdf.make_stream(PAGE)
    out = io.BytesIO()
    pdf.save(out)
    return out.getvalue()


def _content(streams_of) -> tuple:
    data = _pdf()
    reader, pages = _read(data, "test.pdf")
    c = Interpreter(reader, pages[0], streams_of(data, reader)).run()
    return (c.texts, c.paths, c.images, c.spaces, sorted(c.fonts), c.alpha)


def test_qpdf_reads_the_page_as_pypdf_did():
    fast = _content(Streams)
    assert fast == _content(lambda data, reader: Streams(None, reader))  # pypdf's parser
    texts = [t.text for t in fast[0]]
    assert texts == ["Plain (words) with spaces", "KernedtextABC",
                     "next line", "quoted", "in a form", "in a form"]
    assert len(fast[1]) == 6 and fast[5]  # two paths on the page, two in each form; alpha


def test_lines_of_numbers_read_as_pikepdf_objects_read():
    pdf = pikepdf.open(io.BytesIO(_pdf()))
    for owner in (pdf.pages[0].obj, pdf.pages[0].obj.Resources.XObject.Fm1):
        parsed = pikepdf.parse_content_stream(owner)
        slow = [([_plain(v) for v in operands], bytes(op)) for operands, op in parsed]
        fast = _plain_operations(parsed)
        assert [(ops, [type(v) for v in ops], op) for ops, op in fast] == \
               [(ops, [type(v) for v in ops], op) for ops, op in slow]


def test_a_stream_without_inline_images_takes_the_fast_reading(monkeypatch):
    pdf = pikepdf.open(io.BytesIO(_pdf()))
    parsed = pikepdf.parse_content_stream(pdf.pages[0].obj.Resources.XObject.Fm1)
    calls = []
    monkeypatch.setattr("sheetgen.preflight.content._plain",
                        lambda v: calls.append(v) or _plain(v))
    ops = _plain_operations(parsed)
    assert ops[1] == ([0.2, 0.4, 0.6], b"rg") and ops[2] == ([0, 0, 40, 20], b"re")
    assert [type(v) for v in ops[2][0]] == [int] * 4
    assert ops[5] == (["/F1", 9], b"Tf") and ops[9] == ([[3, 2], 0], b"d")
    assert calls == []  # names, strings and arrays read from qpdf's lines too
    # a line `_read_line` does not read (a dictionary) is read from pikepdf's objects
    marked = pikepdf.parse_content_stream(pikepdf.Stream(pdf, b"/P << /MCID 0 >> BDC 1 g EMC"))
    assert _plain_operations(marked)[1] == ([1], b"g") and calls


STREAMS = [FORM, PAGE.replace(b"<< /MCID 0 >>", b"/MC0").split(b"BI")[0] + b"Q", (
    b"BT/F1 9 Tf(a\\(b\\)c\\\\d\\n\\101\\7\\0123)Tj[<00410042>-20(x y)3.5<4a>]TJ"
    b"(it's)' 1 2(q)\" T* 2 Tr ET\n\t.5 -1. m +3 4 l 1 2 3 4 5 6 c\r\n7 8 9 10 v h 0 0 1 1 re f\f"
    b"1 0 0 1 0 0 cm /Fm1 Do [ ] 0 d"), b"0.5 1 2 m 1 2 m3 4 l 5 6 7 8 c", (
    b"BT /F1 14 Tf [ <0048> 0 <0079> 9 () -40.0 <0105> -38 ] TJ [<00>()<0A0b>-5()+3 .5 4.]TJ"
    b"[()]TJ[<>]TJ[ (a) 1 <41>]TJ [()(\\()] TJ[\n<4142>\t-2\r\n]TJ ET")]
"""Streams in the forms `scan` reads: names, literal strings with every escape (octal with
one to three digits), hex strings, flat arrays (TJ as WeasyPrint writes it: hex strings,
numbers and empty strings), the text operators, path runs split by line breaks of every
kind, numbers with a sign or a leading or trailing point; a path instruction with an operand
too many and an operator glued to a number end a run and read as qpdf reads them."""


@pytest.mark.parametrize("data", STREAMS)
def test_scan_reads_as_qpdf_reads(data):
    pdf = pikepdf.new()
    scanned = scan(data)
    assert scanned is not None
    parsed = pikepdf.parse_content_stream(pikepdf.Stream(pdf, data))
    slow = [([_plain(v) for v in operands], bytes(op)) for operands, op in parsed]
    fast = []  # path runs written out as their lines' numbers
    for operands, op in scanned.ops:
        assert [type(v) for v in operands] == [type(v) for v in slow[len(fast)][0]] or \
            op is PATH_RUN
        if op is not PATH_RUN:
            fast.append((operands, op))
            continue
        numbers: list[float] = []  # the lines it stands for: path lines up to its numbers
        while len(fast) < len(slow) and slow[len(fast)][1] in (b"m", b"l", b"c", b"v", b"y",
                                                               b"h") and (
                len(numbers) < len(operands) or slow[len(fast)][1] == b"h"):
            numbers += [float(v) for v in slow[len(fast)][0]]
            fast.append(slow[len(fast)])
        assert operands == numbers
    assert fast == slow
    # the text-free copy: the same instructions as the edit of qpdf's (Tr 3 after BT)
    hidden = pikepdf.parse_content_stream(pikepdf.Stream(pdf, scanned.text_free()))
    want = []
    for operands, op in slow:
        want.append(([3], b"Tr") if op == b"Tr" else (operands, op))
        if op == b"BT":
            want.append(([3], b"Tr"))
    assert [([_plain(v) for v in o], bytes(op)) for o, op in hidden] == want


@pytest.mark.parametrize("data", [
    b"/P << /MCID 0 >> BDC EMC", b"q % a comment\nQ", b"[[1] 2] 0 d", b"(a(b)c) Tj",
    b"(a\\\nb) Tj", b"(a\rb) Tj", b"<41 42> Tj", b"<414> Tj", b"/A#20B gs", b"true 1 d0",
    b"1 2", b"1.2.3 w", b"q\x00Q", b"BI /W 1 ID \x00 EI", b"[<414> 1] TJ"])
def test_scan_leaves_other_forms_to_qpdf(data):
    """Nested strings and arrays, dictionaries, comments, line continuations, raw carriage
    returns in strings, spaced or odd hex strings, escaped names, keywords, dangling or
    operands, NUL bytes and inline images: qpdf's parser reads them."""
    assert scan(data) is None


def test_the_text_free_copy_renders_as_pypdfs_did():
    data = _pdf()
    reader, _ = _read(data, "test.pdf")
    ours, theirs = without_text(data, Streams(data, reader)), _without_text_pypdf(data)
    assert without_text(data) == ours  # with or without the parse preflight shares
    a, b = _rendered(ours), _rendered(theirs)
    assert np.array_equal(a, b)
    copy = pikepdf.open(io.BytesIO(ours))
    assert b"3 Tr" in copy.pages[0].obj.Contents.read_bytes()


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5, 6, 7, 11, 100, 1001])
def test_quantile_is_numpys(n):
    rng = np.random.default_rng(n)
    for values in (rng.random(n) * 20 + 1, np.repeat(rng.random(3), n)[:n] + 1,
                   np.full(n, 4.5)):
        for q in (0.0, 0.2, 0.5, 0.75, 1.0):
            assert quantile(values.copy(), q) == float(np.quantile(values, q))


def _gaps_of_the_whole_page(pixels: np.ndarray) -> dict[str, int]:
    """Each edge's unprinted pixels before the first ink, from every pixel of the page (as
    the margin check measured before it read bands along the edges)."""
    inked = (pixels < PAPER_WHITE).any(axis=2)
    rows, cols = inked.any(axis=1).nonzero()[0], inked.any(axis=0).nonzero()[0]
    if rows.size == 0:
        return {}
    h, w = inked.shape
    return {"left": int(cols[0]), "right": w - 1 - int(cols[-1]), "top": int(rows[0]),
            "bottom": h - 1 - int(rows[-1])}


@pytest.mark.parametrize("seed", range(40))
def test_edge_gaps_are_the_whole_pages(seed):
    """Raster.edge_gaps reads only bands along the edges: it gives the gaps the whole page
    gives, for every edge nearer its ink than the limit (limits inside the band, at its
    pixel boundary, wider than the page, zero or less; blank pages and ink at the edge)."""
    rng = np.random.default_rng(seed)
    h, w = (int(v) for v in rng.integers(1, 60, size=2))
    pixels = np.full((h, w, 3), 255, dtype=np.uint8)
    for _ in range(int(rng.integers(0, 4))):
        y, x, c = int(rng.integers(h)), int(rng.integers(w)), int(rng.integers(3))
        pixels[y, x, c] = int(rng.choice([0, PAPER_WHITE - 1, PAPER_WHITE]))
    raster = Raster(pixels, 1.0, float(h), (0.0, 0.0))
    whole = _gaps_of_the_whole_page(pixels)
    for within in (-1.0, 0.0, 0.5, 1.0, 3.0, 3.5, float(rng.integers(1, 70)), 100.0):
        want = {edge: gap for edge, gap in whole.items() if gap < within}
        assert raster.edge_gaps(within) == want, within


def _rendered(data: bytes) -> np.ndarray:
    """The first page's pixels (a copy: the renderer's bitmap closes with it)."""
    renderer = Renderer(data)
    try:
        return renderer.page(0).pixels.copy()
    finally:
        renderer.close()


def _text_in_a_form(mode: bytes) -> bytes:
    """A page with text on grey, drawn by the page (in `mode`) and by a form twice (nested
    in a second form once)."""
    pdf = pikepdf.new()
    font = pdf.make_indirect(pikepdf.Dictionary(
        Type=pikepdf.Name.Font, Subtype=pikepdf.Name.Type1, BaseFont=pikepdf.Name.Helvetica))
    fonts = pikepdf.Dictionary(F1=font)
    inner = pdf.make_stream(b"0.8 g 0 0 120 30 re f 0 g BT /F1 14 Tf 4 8 Td (in a form) Tj ET",
                            Type=pikepdf.Name.XObject, Subtype=pikepdf.Name.Form,
                            BBox=[0, 0, 120, 30], Resources=pikepdf.Dictionary(Font=fonts))
    outer = pdf.make_stream(b"q 1 0 0 1 0 40 cm /In Do Q",
                            Type=pikepdf.Name.XObject, Subtype=pikepdf.Name.Form,
                            BBox=[0, 0, 120, 80],
                            Resources=pikepdf.Dictionary(XObject=pikepdf.Dictionary(In=inner)))
    page = pikepdf.Dictionary(
        Type=pikepdf.Name.Page, MediaBox=[0, 0, 300, 300],
        Resources=pikepdf.Dictionary(Font=fonts,
                                     XObject=pikepdf.Dictionary(In=inner, Out=outer)))
    pdf.pages.append(pikepdf.Page(page))
    pdf.pages[0].obj.Contents = pdf.make_stream(
        b"0.8 g 20 200 200 40 re f 0 g BT /F1 16 Tf " + mode + b" 24 210 Td (on the page) Tj "
        b"ET q 1 0 0 1 20 20 cm /In Do Q q 1 0 0 1 150 20 cm /Out Do Q")
    out = io.BytesIO()
    pdf.save(out)
    return out.getvalue()


@pytest.mark.parametrize("mode", [b"0 Tr", b"2 Tr", b"7 Tr"])
def test_text_hidden_in_place_renders_as_the_text_free_copy(mode):
    """Renderer.text_free hides the text of the page it has parsed (on the page and in the
    forms it draws, nested too): the same pixels as the text-free copy's; a page whose text
    clips (7 Tr: what follows is clipped by the text, hidden in place or not) is rendered
    from the copy. The page renders with its text again after."""
    data = _text_in_a_form(mode)
    renderer = Renderer(data)
    try:
        page = renderer.page(0).pixels.copy()
        hidden = renderer.text_free(0).pixels.copy()
        assert np.array_equal(renderer.page(0).pixels, page)
    finally:
        renderer.close()
    assert np.array_equal(hidden, _rendered(without_text(data)))
    assert np.array_equal(hidden[:, :, 0] < 100, np.zeros(hidden.shape[:2], bool))  # no text
    grey = (hidden[:, :, 0] < 250).sum()
    if mode == b"7 Tr":  # the text clips all that follows it; the copy, as Tr 3, does not
        assert (page[:, :, 0] < 250).sum() < grey
    else:
        assert (page[:, :, 0] < 100).sum() > 100


def test_text_free_pages_from_the_copy_are_right_when_asked_again():
    """Pages whose text clips are rendered from the text-free copy, whose renderer reuses
    one bitmap for every page: asking for an earlier page again must render it again, not
    hand back a raster whose pixels are now a later page's."""
    pdf = pikepdf.open(io.BytesIO(_text_in_a_form(b"7 Tr")))
    pdf.pages.append(pdf.pages[0])
    second = pdf.pages[1]
    second.obj.Contents = pdf.make_stream(b"0 g 0 0 60 60 re f " + second.obj.Contents.read_bytes())
    out = io.BytesIO()
    pdf.save(out)
    renderer = Renderer(out.getvalue())
    try:
        first = renderer.text_free(0).pixels.copy()
        later = renderer.text_free(1).pixels.copy()
        assert not np.array_equal(first, later)
        assert np.array_equal(renderer.text_free(0).pixels, first)
    finally:
        renderer.close()


@pytest.mark.parametrize("format", ["BGR", "BGRx", "BGRA", "Gray"])
def test_paper_bitmap_fills_as_pdfium_fills(format):
    """paper_bitmap's white fill (every byte 255) leaves the bytes pdfium's FillRect leaves
    in each pixel format; other colours and part-page fills are still pdfium's."""
    import ctypes

    import pypdfium2.raw as pdfium_c
    from pypdfium2 import PdfBitmap

    from sheetgen.preflight.raster import WHITE, paper_bitmap

    code = getattr(pdfium_c, f"FPDFBitmap_{format}")
    for rev in (False, True):
        for color, rect in ((WHITE, (0, 0, 7, 5)), ((200, 100, 50, 255), (0, 0, 7, 5)),
                            (WHITE, (1, 2, 3, 2))):
            ours = paper_bitmap(7, 5, code, rev)
            theirs = PdfBitmap.new_native(7, 5, code, rev_byteorder=rev)
            try:
                for bitmap in (ours, theirs):
                    ctypes.memmove(bitmap.buffer, bytes(range(ctypes.sizeof(bitmap.buffer))),
                                   ctypes.sizeof(bitmap.buffer))
                    bitmap.fill_rect(color, *rect)
                assert bytes(ours.buffer) == bytes(theirs.buffer), (color, rect, rev)
            finally:
                ours.close()
                theirs.close()


def test_pages_render_into_paper_bitmaps_as_into_pdfiums():
    """A page rendered by Renderer (into its reused, self-filled bitmap, after another page
    dirtied it) has the pixels of pypdfium2's own render into a fresh bitmap."""
    import pypdfium2 as pdfium

    pdf = pikepdf.open(io.BytesIO(_text_in_a_form(b"0 Tr")))
    pdf.pages.append(pdf.pages[0])
    pdf.pages[0].obj.Contents = pdf.make_stream(b"0 0 1 rg 0 0 300 300 re f")
    out = io.BytesIO()
    pdf.save(out)
    data = out.getvalue()
    doc = pdfium.PdfDocument(data)
    renderer = Renderer(data)
    try:
        assert not (renderer.page(0).pixels.min(axis=2) == 255).any()  # blue all over
        raster = renderer.page(1)
        bitmap = doc[1].render(scale=raster.scale, no_smoothtext=True, no_smoothpath=True,
                               no_smoothimage=True, rev_byteorder=True)
        try:
            assert np.array_equal(raster.pixels, bitmap.to_numpy())
        finally:
            bitmap.close()
        assert (raster.pixels.min(axis=2) == 255).any()  # white paper again
    finally:
        renderer.close()
        doc.close()


def _contrast_of_every_pixel(t, background: Raster) -> float:
    """text_contrast as it was written first: every pixel's luminance, ratio and numpy's
    quantile of them all."""
    from sheetgen.layout.colors import luminance
    from sheetgen.preflight.text import CONTRAST_SHARE, _linear, as_rgb

    lum = _linear()[background.crop(t.visible).reshape(-1, 3)] @ np.array(
        [0.2126, 0.7152, 0.0722])
    fg = luminance(as_rgb(t.color, t.space))
    ratios = (np.maximum(lum, fg) + 0.05) / (np.minimum(lum, fg) + 0.05)
    return float(np.quantile(ratios, CONTRAST_SHARE))


@pytest.mark.parametrize("seed", range(12))
def test_text_contrast_is_every_pixels(seed):
    """text_contrast (which works out a one-colour background from two of its pixels) gives
    the value every pixel's ratios give, to the last bit: on one colour (crops of one
    pixel, a row, a column, a block), on two colours and on noise; RGB, grey and CMYK
    text."""
    from sheetgen.preflight.content import TextRun
    from sheetgen.preflight.text import text_contrast

    rng = np.random.default_rng(seed)
    h, w = 30, 40
    pixels = np.empty((h, w, 3), dtype=np.uint8)
    pixels[:] = rng.integers(0, 256, size=3, dtype=np.uint8)  # one colour all over
    pixels[20:, :] = rng.integers(0, 256, size=3, dtype=np.uint8)  # a second below
    pixels[25:, 30:] = rng.integers(0, 256, size=(5, 10, 3), dtype=np.uint8)  # noise
    pixels[:4, :10] = 255  # white paper (every byte the same)
    pixels[:4, 10:20] = rng.integers(0, 256, dtype=np.uint8)  # grey
    pixels[:4, 20:30] = pixels[0, 0] // 2  # one colour but for one byte of its last row
    pixels[3, 20:30, int(rng.integers(3))] += 1
    raster = Raster(pixels, 1.0, float(h), (0.0, 0.0))
    boxes = [(3, 27, 4, 28), (3, 27, 10, 28), (3, 20, 4, 28), (0, 12, 40, 30),
             (5, 5, 35, 18), (0, 0, 40, 30), (30, 0, 40, 5), (0, 8, 40, 12), (31, 1, 32, 2),
             (0, 26, 10, 30), (10, 26, 20, 30), (20, 26, 30, 30), (0, 24, 30, 30)]
    colors = [((0.0, 0.0, 0.0), "DeviceRGB"), ((1.0,), "DeviceGray"),
              (tuple(rng.random(3)), "DeviceRGB"), (tuple(rng.random(4)), "DeviceCMYK")]
    for box in boxes:
        for color, space in colors:
            t = TextRun("x", "/F1", 9.0, box, box, color, space)
            assert text_contrast(t, raster) == _contrast_of_every_pixel(t, raster), (box,
                                                                                    color)


def test_ink_at_reads_the_pixels_inked_reads():
    """Raster.ink_at (every point at once) reads, for each PDF point, the pixel `px` puts
    it on truncated towards zero, as `inked` does point by point; points off the page
    (a pixel before the first row or column, or past the last) are -1."""
    rng = np.random.default_rng(5)
    pixels = np.full((20, 30, 3), 255, dtype=np.uint8)
    pixels[rng.integers(0, 20, 200), rng.integers(0, 30, 200), rng.integers(0, 3, 200)] = (
        PAPER_WHITE - 1)
    raster = Raster(pixels, 1.7, 12.0, (-3.0, 2.0))
    points = [(float(x), float(y)) for x, y in rng.uniform(-6, 22, size=(3000, 2))]
    points += [(-3.5, 5.0), (-3.0, 5.0), (5.0, 14.5), (5.0, 14.0)]  # truncated onto the page
    got = raster.ink_at(np.array([x for x, _ in points]), np.array([y for _, y in points]))
    for (x, y), value in zip(points, got, strict=True):
        px, py = raster.px(x, y)
        ix, iy = int(px), int(py)
        want = raster.inked(ix, iy) if 0 <= ix < 30 and 0 <= iy < 20 else -1
        assert value == want, (x, y)
    assert {-1, 0, 1} <= set(got.tolist())
    assert raster.ink_at(np.zeros(0), np.zeros(0)).size == 0


@pytest.mark.parametrize("text", [
    b" <0048> 0 <0079> 9 () -40.0 <0105> -38 ", b"<00>()<0A0b>-5()+3 .5 4.", b"()", b"",
    b"<>", b"\n<4142>\t-2\r\n", b"()()", b" (a) 1 <41>", b"() (\\()", b"/N 1", b"(x y) <41>"])
def test_arrays_split_read_as_item_by_item(text):
    """`_array` (split at spaces and brackets when it holds only numbers, hex strings and
    empty strings) gives the items, and their types, that reading item by item gives."""
    from sheetgen.preflight.content import _array, _array_items

    got, want = _array(text), _array_items(text)
    assert got == want and [type(v) for v in got] == [type(v) for v in want]
    with pytest.raises(ValueError):
        _array(text + b" <414>")

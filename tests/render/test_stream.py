"""Streamed PDFs (`stream_rows`, `StreamingPdf`): a document rendered a few rows at a time and
appended to the file as it goes is a valid PDF that looks exactly like the one rendered at
once, and never holds more than one part."""

from __future__ import annotations

import io

import pytest
from helpers.pdfcheck import (
    page_boxes,
    page_texts,
    pdffonts,
    pixel_difference,
    qpdf_check,
    render_png,
)

from sheetgen.layout.document import load_layout
from sheetgen.render import output
from sheetgen.render.output import render_pdf, stream_rows
from sheetgen.render.pdf import PdfCanvas
from sheetgen.render.stream import StreamingPdf, StreamingPdfError

CARD = """
page: {size: [90mm, 60mm], bleed: 3mm, crop_marks: true, background: sand}
elements:
  - {type: rect, x: 0, y: 0, w: 90, h: 12, fill: navy, bleed: true}
  - {type: text, text: "Ahoy ${name}", x: 5, y: 15, font: serif, size: 14}
  - {type: text, text: "page ${page.number} of ${page.count}", x: 5, y: 40, size: 9}
  - {type: die, value: 5, x: 60, y: 30, size: 12}
  - {type: icon, name: skull, x: 40, y: 30, size: 12}
"""

NAMES = ["Anne", "Mary", "Jack", "Calico", "Edward"]


def rows(names=NAMES):
    return [{"name": n} for n in names]


def streamed(layout, data, part_rows, **kw) -> bytes:
    buf = io.BytesIO()
    pages = stream_rows(layout, iter(data), buf, len(data), part_rows=part_rows, **kw)
    assert pages == len(data)
    return buf.getvalue()


def whole(layout, data) -> bytes:
    layout.data = list(data)
    return render_pdf(layout)


@pytest.fixture
def card(write_layout):
    return load_layout(write_layout(CARD))


@pytest.mark.parametrize("part_rows", [1, 2, 5, 16])  # 2: 5 rows end in a part of one
def test_streamed_pages_look_exactly_like_the_whole_render(card, part_rows):
    one = whole(card, rows())
    parts = streamed(card, rows(), part_rows)
    for page in range(len(NAMES)):
        mean, share = pixel_difference(render_png(one, 60, page), render_png(parts, 60, page))
        assert (mean, share) == (0.0, 0.0), page
    assert page_texts(parts) == page_texts(one)


def test_page_number_and_count_run_across_parts(card):
    texts = page_texts(streamed(card, rows(), 2))
    assert [f"page {i} of 5" in t for i, t in enumerate(texts, 1)] == [True] * 5
    assert "Ahoy Calico" in texts[3]


def test_streamed_pdf_is_valid_with_boxes_and_embedded_fonts(card, tmp_path):
    path = tmp_path / "s.pdf"
    path.write_bytes(streamed(card, rows(), 2))
    code, said = qpdf_check(path)
    assert code == 0, said
    fonts = pdffonts(path)
    assert fonts and all(f.embedded for f in fonts)
    expected = page_boxes(whole(card, rows()))
    got = page_boxes(path)
    assert got == expected
    assert all(b.has_trim and b.has_bleed and b.trim != b.media for b in got)


def test_same_rows_same_bytes_and_the_id_follows_the_content(card):
    a = streamed(card, rows(), 2)
    assert streamed(card, rows(), 2) == a
    b = streamed(card, rows(NAMES[:4] + ["Blackbeard"]), 2)
    assert a != b
    id_of = [x.rsplit(b"/ID [<", 1)[1][:32] for x in (a, b)]
    assert id_of[0] != id_of[1]


def test_objects_the_parts_share_are_written_once(card):
    """Five identical rows in parts of two: the fonts and forms of parts 2 and 3 come out
    byte-identical to part 1's and are not written again."""
    same = rows(["Anne"] * 5)
    one_part = streamed(card, same, 5)
    three_parts = streamed(card, same, 2)
    for name in (b"/FontFile2", b"/Subtype /Form"):
        assert three_parts.count(name) == one_part.count(name) > 0, name


def test_parts_that_disagree_on_the_catalog_are_refused():
    from sheetgen.render.pdfx import make_pdfx

    def part(press: bool) -> bytes:
        c = PdfCanvas(colorspace="cmyk" if press else "rgb")
        c.begin_page(100, 100)
        c.path([("M", 0, 0), ("L", 50, 50)], stroke=None, fill=(0, 0, 0))
        c.end_page()
        return make_pdfx(c.finish()) if press else c.finish()

    writer = StreamingPdf(io.BytesIO())
    writer.add_part(part(False))
    with pytest.raises(StreamingPdfError):
        writer.add_part(part(True))  # an output intent the first part has not


def test_rows_are_taken_a_part_at_a_time_and_written_before_the_next(card, monkeypatch):
    """The memory guarantee, watched directly: the renderer never gets more than a part's
    rows, no row is taken before the previous part is in the file, and the file grows part
    by part (so nothing holds the whole document)."""
    taken = []
    rendered = []
    real = output.render_pdf

    def spy(layout, *args, **kw):
        rendered.append(len(layout.data))
        return real(layout, *args, **kw)

    monkeypatch.setattr(output, "render_pdf", spy)

    class Out(io.BytesIO):
        """Records, at each write, how many rows had been taken."""

        def __init__(self) -> None:
            super().__init__()
            self.sizes: dict[int, int] = {}

        def write(self, data: bytes) -> int:
            n = super().write(data)
            self.sizes[len(taken)] = self.tell()
            return n

    def source():
        for i in range(7):
            taken.append(i)
            yield {"name": f"Pirate {i}"}

    out = Out()
    assert stream_rows(card, source(), out, 7, part_rows=3) == 7
    assert rendered == [3, 3, 1]
    # bytes of part 1 were in the file when 3 rows had been taken, before the 4th was
    assert out.sizes[3] > 1000 and out.sizes[6] > out.sizes[3]
    assert max(out.sizes) == 7


def test_imposed_layouts_are_not_streamed(write_layout):
    layout = load_layout(write_layout("""
        page: {size: poker}
        imposition: {sheet: a4}
        elements: [{type: rect, x: 0, y: 0, w: 10, h: 10}]
    """))
    with pytest.raises(ValueError, match="imposed"):
        stream_rows(layout, iter([{}]), io.BytesIO(), 1)

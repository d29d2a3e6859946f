"""The bundled fonts: they exist, reportlab embeds them (and nothing else), and the metrics and
outlines sheetgen computes agree with what reportlab prints."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from fontTools.ttLib import TTFont
from hypothesis import given, settings
from hypothesis import strategies as st
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen import canvas

from sheetgen.assets import fonts
from sheetgen.errors import SheetgenError

SAMPLE = "Captain’s Curse — “Blimey!” 3 Alike × 12 − 5… • Æsir Œuvre ½ 0123456789"
NAMES = fonts.font_names()


def test_the_names_layouts_use_are_all_there():
    assert set(NAMES) >= {"display", "serif", "serif-bold", "serif-italic", "sans", "sans-bold"}


@pytest.mark.parametrize("name", NAMES)
def test_each_font_is_static_truetype_covering_latin_1_and_punctuation(name):
    font = TTFont(fonts.font_path(name))
    assert "glyf" in font and "CFF " not in font and "fvar" not in font
    cmap = font.getBestCmap()
    needed = [chr(c) for c in range(0x20, 0x7F)] + [chr(c) for c in range(0xA1, 0x100)]
    needed += list("’‘“”—–…•×−€")
    if name == "display":  # Pirata One has no ¼ and ¾ (documented in fonts.py)
        needed = [c for c in needed if c not in "¼¾"]
    assert [c for c in needed if ord(c) not in cmap] == []


@pytest.mark.parametrize("name", NAMES)
def test_each_font_ships_with_its_licence(name):
    licence = fonts.font_path(name).parent / "OFL.txt"
    assert "SIL OPEN FONT LICENSE VERSION 1.1" in licence.read_text(encoding="utf-8").upper()


def test_bundle_stays_small():
    total = sum(fonts.font_path(n).stat().st_size for n in NAMES)
    assert total < 5_000_000


def test_sans_digits_are_tabular():
    widths = {fonts.string_width(d, "sans", 10) for d in "0123456789"}
    assert len(widths) == 1


def test_bold_is_a_real_bold_face():
    regular = TTFont(fonts.font_path("serif"))
    bold = TTFont(fonts.font_path("serif-bold"))
    assert regular["OS/2"].usWeightClass == 400 and bold["OS/2"].usWeightClass == 700
    assert regular["glyf"]["a"].coordinates != bold["glyf"]["a"].coordinates


def test_unknown_font_is_a_user_error_with_a_suggestion():
    with pytest.raises(SheetgenError) as err:
        fonts.font_path("serif-bald")
    assert "serif-bold" in (err.value.hint or "")
    with pytest.raises(SheetgenError) as err:
        fonts.string_width("x", "comic-sans-ms", 10)
    assert "bundled fonts" in (err.value.hint or "") or "did you mean" in (err.value.hint or "")


def test_register_reportlab_is_idempotent():
    fonts.register_reportlab()
    fonts.register_reportlab()
    for name in NAMES:
        assert name in pdfmetrics.getRegisteredFontNames()


@pytest.mark.skipif(shutil.which("pdffonts") is None, reason="poppler-utils not installed")
def test_pdf_embeds_every_font_and_nothing_else(tmp_path: Path):
    fonts.register_reportlab()
    out = tmp_path / "fonts.pdf"
    # The documented way: an embedded initial font keeps reportlab's Helvetica out.
    c = canvas.Canvas(str(out), invariant=1, initialFontName="sans", initialFontSize=10)
    for page in range(2):
        for i, name in enumerate(NAMES):
            c.setFont(name, 11)
            c.drawString(40, 780 - 20 * i, f"{name}: {SAMPLE} {page}")
        c.showPage()
    c.save()
    report = subprocess.run(["pdffonts", str(out)], check=True, capture_output=True,
                            text=True).stdout.splitlines()[2:]
    rows = [line.split() for line in report if line.strip()]
    assert len(rows) == len(NAMES)
    for row in rows:
        assert "+" in row[0], row  # a subset
        assert row[-5:-3] == ["yes", "yes"], row  # emb yes, sub yes
    psnames = {row[0].split("+", 1)[1] for row in rows}
    expected = {
        str(TTFont(fonts.font_path(n))["name"].getDebugName(6)) for n in NAMES
    }
    assert psnames == expected


@pytest.mark.skipif(shutil.which("pdffonts") is None, reason="poppler-utils not installed")
def test_without_an_initial_font_reportlab_adds_helvetica(tmp_path: Path):
    """Guards the advice in fonts.py: if reportlab stops doing this, the docs can change."""
    fonts.register_reportlab()
    out = tmp_path / "helvetica.pdf"
    c = canvas.Canvas(str(out), invariant=1)
    c.setFont("serif", 12)
    c.drawString(40, 700, "x")
    c.save()
    report = subprocess.run(["pdffonts", str(out)], check=True, capture_output=True,
                            text=True).stdout
    assert "Helvetica" in report


@pytest.mark.parametrize("name", NAMES)
def test_string_width_matches_reportlab(name):
    fonts.register_reportlab()
    for text in (SAMPLE, "", " ", "\u00a0", "☃ not in the font", "Total Plunder"):
        assert fonts.string_width(text, name, 9.5) == pytest.approx(
            pdfmetrics.stringWidth(text, name, 9.5), abs=1e-9)


@settings(max_examples=60, deadline=None)
@given(text=st.text(max_size=30), size=st.floats(1, 200), name=st.sampled_from(NAMES))
def test_string_width_matches_reportlab_for_any_text(text, size, name):
    """The width is what reportlab measures for the runs the PDF sets, each in its own face
    (a Hebrew letter in the fallback face, everything else, control characters included, in
    the asked one)."""
    fonts.register_reportlab()
    expected = sum(pdfmetrics.stringWidth(run, face, size)
                   for run, face in fonts.face_runs(text, name))
    assert fonts.string_width(text, name, size) == pytest.approx(expected, rel=1e-9, abs=1e-9)


@pytest.mark.parametrize("name", NAMES)
def test_control_characters_stay_in_the_asked_face(name):
    assert fonts.face_runs("\x00\x80a", name) == [("\x00\x80a", name)]


@pytest.mark.parametrize("name", NAMES)
def test_vertical_metrics_have_documented_signs(name):
    assert fonts.ascent(name, 10) > fonts.cap_height(name, 10) > fonts.x_height(name, 10) > 0
    assert fonts.descent(name, 10) < 0
    assert fonts.ascent(name, 20) == pytest.approx(2 * fonts.ascent(name, 10))


def _bbox(ops):
    xs = [v for op in ops for v in op[1::2]]
    ys = [v for op in ops for v in op[2::2]]
    return min(xs), min(ys), max(xs), max(ys)


@pytest.mark.parametrize("name", NAMES)
def test_text_outline_spans_width_by_cap_height(name):
    text, size = "HEXAMETER", 20.0
    ops = text_ops = fonts.text_outline(text, name, size)
    assert ops and text_ops[0][0] == "M" and {op[0] for op in ops} <= {"M", "L", "C", "Z"}
    x0, y0, x1, y1 = _bbox(ops)
    width = fonts.string_width(text, name, size)
    cap = fonts.cap_height(name, size)
    # y-down: capitals sit on the baseline (y = 0) and rise to -cap height.
    assert y1 == pytest.approx(0, abs=0.06 * size)
    assert -y0 == pytest.approx(cap, rel=0.08)
    # Side bearings make the ink a little narrower than the advance (a display face may
    # overhang its origin slightly).
    assert -0.05 * size <= x0 < 0.1 * size
    assert width - 0.1 * size < x1 <= width + 0.02 * size


def test_text_outline_advances_like_string_width():
    one = fonts.text_outline("I", "sans", 10)
    two = fonts.text_outline("II", "sans", 10)
    shift = fonts.string_width("I", "sans", 10)
    second = two[len(one):]
    assert [op[0] for op in second] == [op[0] for op in one]
    for a, b in zip(one, second, strict=True):
        assert b[1::2] == pytest.approx([v + shift for v in a[1::2]])
        assert b[2::2] == pytest.approx(a[2::2])


def test_text_outline_of_spaces_is_empty():
    assert fonts.text_outline("   ", "serif", 12) == []


@pytest.mark.skipif(shutil.which("pdffonts") is None, reason="poppler-utils not installed")
def test_platypus_paragraphs_pick_bold_and_italic_faces_and_embed_only_ours(tmp_path: Path):
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.platypus import Paragraph, SimpleDocTemplate

    fonts.register_reportlab()
    out = tmp_path / "para.pdf"
    doc = SimpleDocTemplate(str(out), initialFontName="sans", invariant=1)
    doc.build([Paragraph("Roll <b>three</b> <i>alike</i>", ParagraphStyle("rule",
                                                                        fontName="serif"))])
    report = subprocess.run(["pdffonts", str(out)], check=True, capture_output=True,
                            text=True).stdout
    names = {line.split()[0].split("+", 1)[-1] for line in report.splitlines()[2:] if line}
    assert names == {"Alegreya-Regular", "Alegreya-Bold", "Alegreya-Italic"}


def test_outlines_from_many_threads_at_once_on_a_fresh_font():
    """The studio draws SVG for several sessions in parallel: a lazily read font must give
    every thread its glyphs (fontTools' lazy tables raised AttributeError 'glyphs' when two
    threads loaded them at once)."""
    import threading

    from sheetgen.assets import fonts

    expected = {ch: fonts.text_outline(ch, "serif", 10) for ch in "Swashbuckle"}
    def draw(start: threading.Barrier, results: list, errors: list, chars: str) -> None:
        start.wait()
        try:
            results.extend((ch, fonts.text_outline(ch, "serif", 10)) for ch in chars)
        except Exception as err:  # noqa: BLE001 - collected and asserted below
            errors.append(err)

    for _attempt in range(5):
        fonts._font.cache_clear()
        fonts._metrics.cache_clear()
        fonts._glyph_ops.cache_clear()
        start = threading.Barrier(8)
        results: list = []
        errors: list = []
        threads = [threading.Thread(target=draw,
                                    args=(start, results, errors, "Swashbuckle"[k:] + "Swash"))
                   for k in range(8)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert not errors, errors
        assert all(ops == expected[ch] for ch, ops in results if ch in expected)


def _outlines_of(chars: str) -> list:
    from sheetgen.assets import fonts

    return [fonts.text_outline(ch, face, 10) for face in ("serif", "sans", "serif-bold")
            for ch in chars]


def test_outlines_in_forked_processes_of_a_process_that_opened_the_fonts():
    """`rulebook --all` and the pad's workers fork from a process that may already have the
    fonts open. A lazily read font file shares its file offset with every fork, so processes
    reading glyphs at once read each other's bytes (struct errors, glyphs with no
    coordinates, wrong outlines: seen in the suite). Each process must read its own copy."""
    import multiprocessing

    from sheetgen.assets import fonts

    chars = "".join(chr(c) for c in range(0x21, 0x7F)) + "àéîõüçß–—‘’“”…€"
    fonts._font.cache_clear()
    fonts._metrics.cache_clear()
    fonts._glyph_ops.cache_clear()
    for face in ("serif", "sans", "serif-bold"):  # open here (widths), no outline read yet
        fonts.string_width("Ahoy", face, 10)
    with multiprocessing.get_context("fork").Pool(4) as pool:
        pending = [pool.apply_async(_outlines_of, (chars,)) for _ in range(4)]
        here = _outlines_of(chars)
        there = [p.get(timeout=120) for p in pending]
    fonts._font.cache_clear()
    fonts._metrics.cache_clear()
    fonts._glyph_ops.cache_clear()
    assert all(outlines == here for outlines in there)
    assert here == _outlines_of(chars)  # and this process read its own glyphs right

"""PDF/X with colour management: RGB goes through the press profile by littleCMS (checked
against ImageCms's own transform, never a number typed in here), near-black text and thin
lines are black ink alone, colours are never set inside a path, the file carries an output
intent with the profile embedded and consistent version keys, the same input gives the same
bytes, and qpdf finds nothing wrong."""

from __future__ import annotations

import io
import re
import shutil
import subprocess

import pikepdf
import pytest
from PIL import Image, ImageCms

from sheetgen.assets.icc import profile_path
from sheetgen.canvas import MM
from sheetgen.canvas.geometry import rect_ops
from sheetgen.canvas.protocol import PageBoxes, Stroke
from sheetgen.errors import SheetgenError
from sheetgen.layout.colors import parse_color, to_cmyk
from sheetgen.preflight import preflight_bytes
from sheetgen.render.pdf import PdfCanvas
from sheetgen.render.pdfx import make_pdfx

PIRATE_RED = "#bd2e26"
NEAR_BLACK = (0x1f / 255, 0x1a / 255, 0x17 / 255)


def _reference_inks(hex_colour: str) -> tuple[float, ...]:
    """The inks ImageCms itself gives for an sRGB colour: sRGB to the bundled profile,
    relative colorimetric with black point compensation."""
    transform = ImageCms.buildTransform(
        ImageCms.createProfile("sRGB"), ImageCms.getOpenProfile(str(profile_path())),
        "RGB", "CMYK", renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC,
        flags=ImageCms.Flags.BLACKPOINTCOMPENSATION)
    rgb = tuple(int(hex_colour[i:i + 2], 16) for i in (1, 3, 5))
    pixel = ImageCms.applyTransform(Image.new("RGB", (1, 1), rgb), transform).getpixel((0, 0))
    return tuple(v / 255 for v in pixel)


def test_pirate_red_converts_through_the_profile():
    inks = to_cmyk(parse_color(PIRATE_RED))
    assert inks == pytest.approx(_reference_inks(PIRATE_RED), abs=1e-4)
    assert inks != pytest.approx((0, 0.76, 0.80, 0.26), abs=0.02)  # not the old formula


def test_the_profile_is_a_cmyk_output_profile_littlecms_reads():
    from sheetgen.preflight.colour import profile_problem

    data = profile_path().read_bytes()
    assert profile_problem(data) is None
    profile = ImageCms.getOpenProfile(str(profile_path()))
    assert profile.profile.xcolor_space.strip() == "CMYK"
    assert profile.profile.device_class.strip() == "prtr"


def test_black_areas_are_rich_black_text_and_thin_lines_black_ink_alone():
    area = to_cmyk((0.0, 0.0, 0.0))
    assert area[3] >= 0.9 and sum(area[:3]) > 0.5  # deep black for large areas
    assert sum(area) <= 3.0 + 1e-6  # within the 300 % ink limit
    assert to_cmyk((0.0, 0.0, 0.0), black_only=True) == (0, 0, 0, 1)
    assert to_cmyk(NEAR_BLACK, black_only=True) == (0, 0, 0, 1)
    assert to_cmyk(parse_color("ink"), black_only=True) == (0, 0, 0, 1)
    navy = parse_color("#1d3557")  # dark, but a colour: converted as it is
    assert to_cmyk(navy, black_only=True) == to_cmyk(navy)


def _page(canvas: PdfCanvas, draw) -> None:
    w, h = 100 * MM, 80 * MM
    canvas.begin_page(w, h, PageBoxes((0, 0, w, h), (0, 0, w, h), (0, 0, w, h)))
    draw(canvas)
    canvas.end_page()


def _drawing(c: PdfCanvas) -> None:
    red = parse_color(PIRATE_RED)
    c.path(rect_ops(5 * MM, 5 * MM, 40 * MM, 20 * MM), fill=red)
    c.path(rect_ops(50 * MM, 5 * MM, 40 * MM, 20 * MM), fill=(0.0, 0.0, 0.0))
    c.path(rect_ops(5 * MM, 30 * MM, 40 * MM, 20 * MM), stroke=Stroke(NEAR_BLACK, 0.5))
    c.path(rect_ops(50 * MM, 30 * MM, 40 * MM, 20 * MM), stroke=Stroke(NEAR_BLACK, 3.0))
    c.text(10 * MM, 65 * MM, "Near-black words", "serif", 10, NEAR_BLACK)


def _rgb_pdf(draw=_drawing) -> bytes:
    canvas = PdfCanvas(title="pdfx test")
    _page(canvas, draw)
    return canvas.finish()


def _number(value):
    try:
        return float(value)
    except (TypeError, ValueError):
        return value


def _ops(pdf: bytes, page: int = 0) -> list[tuple[str, list[float]]]:
    doc = pikepdf.open(io.BytesIO(pdf))
    out = []
    for item in pikepdf.parse_content_stream(doc.pages[page]):
        operands = [_number(v) for v in item.operands]
        out.append((str(item.operator), operands))
    return out


def _painted(ops) -> dict[str, list[tuple[float, ...]]]:
    """The inks each kind of painting used: 'fill', 'stroke-thin', 'stroke-thick', 'text'."""
    fill = stroke = None
    width = 1.0
    used: dict[str, list[tuple[float, ...]]] = {}
    for op, args in ops:
        if op == "k":
            fill = tuple(args)
        elif op == "K":
            stroke = tuple(args)
        elif op == "w":
            width = args[0]
        elif op in ("f", "f*"):
            used.setdefault("fill", []).append(fill)
        elif op in ("S", "s"):
            used.setdefault("stroke-thin" if width < 1 else "stroke-thick", []).append(stroke)
        elif op in ("Tj", "TJ"):
            used.setdefault("text", []).append(fill)
    return used


@pytest.mark.parametrize("route", ["converted", "native"])
def test_rgb_becomes_profile_inks_and_black_text_black_ink(route):
    """Both routes give the same inks: a PDF drawn in RGB then converted (pads, rulebooks),
    and one drawn in CMYK by the canvas (render)."""
    if route == "converted":
        pdf = make_pdfx(_rgb_pdf())
    else:
        canvas = PdfCanvas(title="pdfx test", colorspace="cmyk")
        _page(canvas, _drawing)
        pdf = make_pdfx(canvas.finish())
    ops = _ops(pdf)
    assert not [op for op, _ in ops if op in ("rg", "RG", "sc", "scn", "SC", "SCN")]
    used = _painted(ops)
    red = tuple(to_cmyk(parse_color(PIRATE_RED)))
    assert [pytest.approx(v, abs=2e-4) for v in used["fill"][0]] == list(red)
    assert used["fill"][1][3] >= 0.9 and sum(used["fill"][1][:3]) > 0.5  # rich black area
    assert used["stroke-thin"] == [(0, 0, 0, 1)]
    assert used["stroke-thick"][0] != (0, 0, 0, 1)
    assert used["text"] == [(0, 0, 0, 1)]


def test_no_colour_is_set_inside_a_path():
    ops = _ops(make_pdfx(_rgb_pdf()))
    inside = False
    for op, _ in ops:
        if op in ("m", "re"):
            inside = True
        elif op in ("f", "f*", "F", "S", "s", "B", "B*", "b", "b*", "n"):
            inside = False
        elif op in ("k", "K", "g", "G", "rg", "RG", "cs", "CS", "sc", "scn"):
            assert not inside, "colour set inside a path object"


def test_images_and_palettes_are_converted(tmp_path):
    photo = tmp_path / "red.png"
    Image.new("RGB", (8, 8), PIRATE_RED).save(photo)
    paletted = tmp_path / "p.png"
    Image.new("RGB", (8, 8), PIRATE_RED).convert("P", palette=Image.Palette.ADAPTIVE).save(
        paletted)

    def draw(c):
        c.image(str(photo), 10 * MM, 10 * MM, 20 * MM, 20 * MM)
        c.image(str(paletted), 40 * MM, 10 * MM, 20 * MM, 20 * MM)

    pdf = make_pdfx(_rgb_pdf(draw))
    doc = pikepdf.open(io.BytesIO(pdf))
    images = [obj for obj in doc.objects if isinstance(obj, pikepdf.Stream)
              and obj.get("/Subtype") == "/Image"]
    assert images
    expected = tuple(round(v * 255) for v in _reference_inks(PIRATE_RED))
    for image in images:
        space = image.ColorSpace
        if isinstance(space, pikepdf.Array):
            assert space[0] == "/Indexed" and space[1] == "/DeviceCMYK"
        else:
            assert space == "/DeviceCMYK"
        picture = pikepdf.PdfImage(image).as_pil_image()
        pixel = picture.getpixel((4, 4))
        if picture.mode == "P":
            palette = bytes(space[3])
            pixel = tuple(palette[pixel * 4:pixel * 4 + 4])
        assert all(abs(a - b) <= 1 for a, b in zip(pixel, expected, strict=True)), pixel
    report = preflight_bytes(pdf)
    assert not {"colour", "pdfx"} & report.failed(), report.text()


def _info_and_xmp(pdf: bytes):
    doc = pikepdf.open(io.BytesIO(pdf))
    info = {k: str(v) for k, v in doc.trailer.Info.items()}
    xmp = doc.Root.Metadata.read_bytes().decode("utf-8")
    return doc, info, xmp


def test_pdfx4_markers():
    doc, info, xmp = _info_and_xmp(make_pdfx(_rgb_pdf(), "x4", title="Pirates & Co"))
    (intent,) = doc.Root.OutputIntents
    assert intent.S == "/GTS_PDFX" and str(intent.OutputConditionIdentifier) == "FOGRA39"
    assert intent.DestOutputProfile.read_bytes() == profile_path().read_bytes()
    assert info["/GTS_PDFXVersion"] == "PDF/X-4" and info["/Trapped"] == "/False"
    assert "<pdfxid:GTS_PDFXVersion>PDF/X-4</pdfxid:GTS_PDFXVersion>" in xmp
    assert info["/Title"] == "Pirates & Co" and "Pirates &amp; Co" in xmp
    stamp = re.match(r"D:(\d{4})(\d\d)(\d\d)(\d\d)(\d\d)(\d\d)", info["/CreationDate"])
    iso = "{}-{}-{}T{}:{}:{}+00:00".format(*stamp.groups())
    assert f"<xmp:CreateDate>{iso}</xmp:CreateDate>" in xmp
    assert f"<xmp:ModifyDate>{iso}</xmp:ModifyDate>" in xmp
    assert doc.pdf_version == "1.6"


def test_pdfx1a_markers_and_no_transparency():
    pdf = make_pdfx(_rgb_pdf(), "x1a")
    doc, info, xmp = _info_and_xmp(pdf)
    assert info["/GTS_PDFXVersion"] == "PDF/X-1:2003"
    assert info["/GTS_PDFXConformance"] == "PDF/X-1a:2003"
    assert doc.pdf_version == "1.4" and pdf.startswith(b"%PDF-1.4")
    assert preflight_bytes(pdf).failed() <= {"page-size", "margin"}  # a test page, no plan

    def see_through(c):
        c.path(rect_ops(5 * MM, 5 * MM, 40 * MM, 20 * MM), fill=(0.2, 0.4, 0.6), opacity=0.5)

    with pytest.raises(SheetgenError, match="transparency") as err:
        make_pdfx(_rgb_pdf(see_through), "x1a")
    assert "--pdfx x4" in err.value.hint
    assert b"/GTS_PDFX" in make_pdfx(_rgb_pdf(see_through), "x4")


def test_same_input_same_bytes_and_dates_from_source_date_epoch(monkeypatch):
    rgb = _rgb_pdf()
    assert rgb == _rgb_pdf()
    assert make_pdfx(rgb) == make_pdfx(rgb)
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")  # 2023-11-14 22:13:20 UTC
    pdf = make_pdfx(rgb)
    assert pdf == make_pdfx(rgb)
    _, info, xmp = _info_and_xmp(pdf)
    assert info["/CreationDate"] == info["/ModDate"] == "D:20231114221320+00'00'"
    assert "<xmp:CreateDate>2023-11-14T22:13:20+00:00</xmp:CreateDate>" in xmp


@pytest.mark.skipif(shutil.which("qpdf") is None, reason="qpdf not installed")
@pytest.mark.parametrize("standard", ["x4", "x1a"])
def test_qpdf_check_is_clean(standard, tmp_path):
    path = tmp_path / "x.pdf"
    path.write_bytes(make_pdfx(_rgb_pdf(), standard))
    result = subprocess.run(["qpdf", "--check", str(path)], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "No syntax or stream encoding errors" in result.stdout


def test_render_cli_pdfx_options(runner, tmp_path, write_layout):
    from sheetgen.cli import main

    layout = write_layout("""
        page: {size: [60mm, 40mm], bleed: 3mm}
        elements:
          - {type: rect, x: 0, y: 0, w: 60, h: 10, fill: "#bd2e26", bleed: true}
          - {type: text, text: "Ahoy", x: 4, y: 14, size: 12, color: "#1f1a17"}
        """)
    out = tmp_path / "x.pdf"
    result = runner.invoke(main, ["render", str(layout), "-o", str(out), "--pdfx", "x1a", "-q"])
    assert result.exit_code == 0, result.output
    _, info, _ = _info_and_xmp(out.read_bytes())
    assert info["/GTS_PDFXConformance"] == "PDF/X-1a:2003"
    first = out.read_bytes()
    runner.invoke(main, ["render", str(layout), "-o", str(out), "--pdfx", "x1a", "-q"])
    assert out.read_bytes() == first
    result = runner.invoke(main, ["render", str(layout), "-o", str(out), "--colorspace",
                                  "cmyk", "-q", "--preflight"])
    assert result.exit_code == 0, result.output
    assert _info_and_xmp(out.read_bytes())[1]["/GTS_PDFXVersion"] == "PDF/X-4"
    result = runner.invoke(main, ["render", str(layout), "-o", str(out), "--colorspace", "rgb",
                                  "--pdfx", "x4"])
    assert result.exit_code == 2 and "contradicts" in result.stderr


@pytest.mark.parametrize("command", [["pad", "shipwrecked"], ["rulebook", "voodoo"]])
def test_pad_and_rulebook_take_the_press_options(runner, command):
    from sheetgen.cli import main

    help_text = runner.invoke(main, [*command, "--help"]).output
    assert "--colorspace" in help_text and "--pdfx" in help_text
    result = runner.invoke(main, [*command, "-o", "x.pdf", "--colorspace", "rgb", "--pdfx",
                                  "x1a"])
    assert result.exit_code == 2 and "contradicts" in result.stderr


def test_pad_cli_writes_pdfx(runner, tmp_path):
    """The pad is drawn in RGB by its builder, then the written file is made PDF/X."""
    from sheetgen.cli import main

    out = tmp_path / "pad.pdf"
    result = runner.invoke(main, ["pad", "shipwrecked", "-o", str(out), "--pdfx", "x1a",
                                  "-q"])
    assert result.exit_code == 0, result.output
    pdf = out.read_bytes()
    _, info, _ = _info_and_xmp(pdf)
    assert info["/GTS_PDFXConformance"] == "PDF/X-1a:2003"
    report = preflight_bytes(pdf, "pad", checks={"colour", "pdfx", "boxes"})
    assert not report.failed(), report.text()


def test_a_pad_that_cannot_be_x1a_leaves_no_rgb_file_under_its_name(tmp_path):
    from sheetgen.cli.press_options import convert_written

    def see_through(c):
        c.path(rect_ops(5 * MM, 5 * MM, 40 * MM, 20 * MM), fill=(0.2, 0.4, 0.6), opacity=0.5)

    written = [tmp_path / "pad.pdf", tmp_path / "pad-extra.pdf"]
    written[0].write_bytes(_rgb_pdf(see_through))
    written[1].write_bytes(_rgb_pdf())
    with pytest.raises(SheetgenError, match="nothing written"):
        convert_written(written, "x1a")
    assert not any(path.exists() for path in written)
    written[1].write_bytes(_rgb_pdf())
    convert_written(written[1:], "x1a")
    assert b"PDF/X-1a:2003" in written[1].read_bytes()

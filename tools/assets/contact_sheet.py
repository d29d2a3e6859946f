"""Draw every icon at 8, 15 and 25 mm (and a line of each font) to judge them as printed.

Run from the repository root:
    .venv/bin/python tools/assets/contact_sheet.py [--data icons.json] [-o sheet.pdf] [--png]

With --png it also runs `pdftoppm -r 150` and prints the PNG paths. Icons that read badly at
8 mm do not belong in the library. The drawing is the same recipe a reportlab backend uses:
flip y (the ops are y-down, PDF is y-up), moveTo/lineTo/curveTo/close, drawPath with the
icon's fill rule.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.pdfgen import canvas

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from sheetgen.assets import fonts, icons  # noqa: E402

SIZES_MM = (8, 15, 25)
FONT_SAMPLE = "Captain’s Curse — Full Boat × 3… “Blimey!” 0123456789 ½ €"


def draw_icon(c: canvas.Canvas, icon: icons.Icon, x: float, y_top: float, size: float) -> None:
    """Draw `icon` filling a size x size square whose top-left corner is (x, y_top) in PDF
    coordinates (y-up)."""
    path = c.beginPath()
    for op in icon.ops:
        kind, v = op[0], op[1:]
        pts = [(x + v[i] * size, y_top - v[i + 1] * size) for i in range(0, len(v), 2)]
        if kind == "M":
            path.moveTo(*pts[0])
        elif kind == "L":
            path.lineTo(*pts[0])
        elif kind == "C":
            path.curveTo(*pts[0], *pts[1], *pts[2])
        else:
            path.close()
    c.drawPath(path, stroke=0, fill=1, fillMode=1 if icon.even_odd else 0)


def draw_text_outline(c: canvas.Canvas, text: str, font: str, size: float, x: float,
                      y: float) -> None:
    """fonts.text_outline drawn as a path, to compare with real text set beside it."""
    path = c.beginPath()
    for op in fonts.text_outline(text, font, size):
        kind, v = op[0], op[1:]
        pts = [(x + v[i], y - v[i + 1]) for i in range(0, len(v), 2)]
        if kind == "M":
            path.moveTo(*pts[0])
        elif kind == "L":
            path.lineTo(*pts[0])
        elif kind == "C":
            path.curveTo(*pts[0], *pts[1], *pts[2])
        else:
            path.close()
    c.drawPath(path, stroke=0, fill=1, fillMode=0)


def font_page(c: canvas.Canvas) -> None:
    width, height = A4
    y = height - 20 * mm
    c.setFont("display", 28)
    c.drawString(15 * mm, y, "sheetgen fonts")
    y -= 14 * mm
    for name in fonts.font_names():
        c.setFont("sans", 7)
        c.setFillGray(0.4)
        c.drawString(15 * mm, y + 5 * mm, name)
        c.setFillGray(0)
        c.setFont(name, 13)
        c.drawString(15 * mm, y, FONT_SAMPLE)
        y -= 7 * mm
        draw_text_outline(c, FONT_SAMPLE, name, 13, 15 * mm, y)
        width_pt = fonts.string_width(FONT_SAMPLE, name, 13)
        c.setLineWidth(0.3)
        c.setStrokeColorRGB(0.9, 0.2, 0.2)
        c.line(15 * mm, y - 2, 15 * mm + width_pt, y - 2)  # the advance string_width gives
        y -= 14 * mm


def icon_pages(c: canvas.Canvas, library: dict[str, icons.Icon]) -> None:
    width, height = A4
    row_h = 33 * mm
    col_w = (width - 20 * mm) / 2
    per_page = 2 * int((height - 30 * mm) // row_h)
    names = sorted(library)
    for start in range(0, len(names), per_page):
        c.setFont("sans-bold", 10)
        c.drawString(10 * mm, height - 12 * mm, "sheetgen icons at 8, 15 and 25 mm")
        for k, name in enumerate(names[start:start + per_page]):
            col, row = k % 2, k // 2
            x = 10 * mm + col * col_w
            top = height - 20 * mm - row * row_h
            c.setFont("sans", 8)
            c.setFillGray(0)
            icon = library[name]
            c.drawString(x, top - 3 * mm, name)
            c.setFont("sans", 5)
            c.setFillGray(0.45)
            c.drawString(x, top - 6 * mm, icon.credit)
            c.setFillGray(0)
            ix = x
            for size in SIZES_MM:
                c.setStrokeGray(0.8)
                c.setLineWidth(0.25)
                c.rect(ix, top - 8 * mm - size * mm, size * mm, size * mm, stroke=1, fill=0)
                draw_icon(c, icon, ix, top - 8 * mm, size * mm)
                ix += (size + 4) * mm
        c.showPage()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=icons.LIBRARY)
    parser.add_argument("-o", "--out", type=Path, default=Path("/tmp/sheetgen-contact.pdf"))
    parser.add_argument("--png", action="store_true", help="also render PNGs with pdftoppm")
    args = parser.parse_args(argv)
    fonts.register_reportlab()
    c = canvas.Canvas(str(args.out), pagesize=A4, invariant=1, initialFontName="sans")
    font_page(c)
    c.showPage()
    icon_pages(c, icons.load_library(args.data))
    c.save()
    print(args.out)
    if args.png:
        prefix = args.out.with_suffix("")
        subprocess.run(["pdftoppm", "-r", "150", "-png", str(args.out), str(prefix)],
                       check=True)
        for png in sorted(prefix.parent.glob(prefix.name + "-*.png")):
            print(png)
    return 0


if __name__ == "__main__":
    sys.exit(main())

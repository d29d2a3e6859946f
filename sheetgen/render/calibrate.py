"""The duplex calibration sheet: a two-page print that tells a person how far their printer
shifts the back of a sheet, in millimetres, as `imposition.back_offset` wants it.

The front carries thin crosses; the back carries, at the mirror of each cross (where its
back would land on a perfect printer), a pair of scales whose zero is the cross's expected
place. Held against a light, the cross shows through and sits on the scales at the printer's
error; the reading, taken as printed on the back (right and down positive), is the offset
to give. Drawn through the Canvas protocol like every other page.
"""

from __future__ import annotations

from sheetgen.canvas import MM
from sheetgen.canvas.draw import REGISTRATION
from sheetgen.canvas.protocol import Canvas, PageBoxes, Stroke
from sheetgen.render.compose import mirror_box

INK = REGISTRATION
GREY = (0.45, 0.45, 0.45)
HAIR = Stroke(INK, 0.35)
SCALE_MM = 6  # the scales read -6 .. +6 mm in 0.5 mm steps
INSET_MM = 35.0  # crosses this far in from the sheet's edges (and one at the centre)


def _targets(width: float, height: float) -> list[tuple[str, float, float]]:
    i = INSET_MM * MM
    return [("centre", width / 2, height / 2), ("top left", i, i), ("top right", width - i, i),
            ("bottom left", i, height - i), ("bottom right", width - i, height - i)]


def _cross(canvas: Canvas, x: float, y: float) -> None:
    arm = 22 * MM  # long enough to run over both scales on the back
    canvas.path([("M", x - arm, y), ("L", x + arm, y), ("M", x, y - arm), ("L", x, y + arm)],
                stroke=HAIR)


def _scales(canvas: Canvas, x: float, y: float) -> None:
    """A horizontal scale under (x, y) and a vertical one beside it, zero at (x, y)."""
    below, beside = 9 * MM, 9 * MM
    ops: list = []
    for k in range(-2 * SCALE_MM, 2 * SCALE_MM + 1):
        tick = (3.0 if k % 2 == 0 else 1.6) * MM
        d = k * 0.5 * MM
        ops += [("M", x + d, y + below), ("L", x + d, y + below + tick)]
        ops += [("M", x + beside, y + d), ("L", x + beside + tick, y + d)]
    ops += [("M", x - SCALE_MM * MM, y + below), ("L", x + SCALE_MM * MM, y + below)]
    ops += [("M", x + beside, y - SCALE_MM * MM), ("L", x + beside, y + SCALE_MM * MM)]
    canvas.path(ops, stroke=Stroke(INK, 0.3))
    for k in range(-SCALE_MM, SCALE_MM + 1, 2):
        label = str(k)
        canvas.text(x + k * MM - 1.1 * len(label), y + below + 5.6 * MM, label, "sans", 4.5, INK)
        canvas.text(x + beside + 3.8 * MM, y + k * MM + 1.6, label, "sans", 4.5, INK)
    canvas.text(x - SCALE_MM * MM, y + below + 8.8 * MM, "x (mm)", "sans", 5, GREY)
    canvas.text(x + beside + 4 * MM, y - (SCALE_MM + 1.5) * MM, "y (mm)", "sans", 5, GREY)


def _lines(canvas: Canvas, x: float, y: float, lines: list[str], size: float = 8.5) -> None:
    for n, line in enumerate(lines):
        canvas.text(x, y + n * size * 1.35, line, "sans-bold" if n == 0 else "sans", size, INK)


def draw_duplex_calibration(canvas: Canvas, width: float, height: float,
                            duplex: str = "long-edge") -> None:
    """Front and back of the calibration sheet for paper `width` x `height` (points)."""
    boxes = PageBoxes((0, 0, width, height), (0, 0, width, height), (0, 0, width, height))
    canvas.begin_page(width, height, boxes)
    for _, x, y in _targets(width, height):
        _cross(canvas, x, y)
    _lines(canvas, 20 * MM, height / 2 - 40 * MM, [
        "sheetgen duplex calibration: front",
        f"Print both pages on one sheet: duplex, {duplex.replace('-', ' ')} binding, at 100 %",
        "(actual size, no fit-to-page). Then turn the sheet over and follow the back.",
    ])
    bar = 50 * MM
    canvas.path([("M", 20 * MM, height / 2 + 30 * MM), ("L", 20 * MM + bar, height / 2 + 30 * MM)],
                stroke=Stroke(INK, 1.0))
    canvas.text(20 * MM, height / 2 + 35 * MM, "this bar is 50 mm long when printed at 100 %",
                "sans", 7, INK)
    canvas.end_page()
    canvas.begin_page(width, height, boxes)
    for _, x, y in _targets(width, height):
        bx, by, _, _ = mirror_box((x, y, x, y), (width, height), duplex)
        _scales(canvas, bx, by)
    _lines(canvas, 20 * MM, height / 2 + 45 * MM, [
        "sheetgen duplex calibration: back",
        "Hold the sheet against a light. Each cross printed on the front shows through",
        "near a pair of scales; read where its lines cross the x and the y scale.",
        "Give the readings at the centre as   imposition: {back_offset: [x mm, y mm]}",
        "(right and down positive, as you read them on this side). The corner readings",
        "show whether the printer also turns or stretches the back: if they differ from",
        "the centre by more than 0.5 mm, no single offset fits the whole sheet.",
        f"Made for {duplex} duplex; print again with the offset set to check.",
    ])
    canvas.end_page()

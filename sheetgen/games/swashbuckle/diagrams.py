"""Swashbuckle figures: the bundled scorecard itself, drawn by the layout renderer.

The scorecard excerpt is not a copy: the lead's layout (`swashbuckle/scorecard`) is resolved
and recorded by the layout engine and replayed onto our SVG canvas, so the rulebook shows
exactly the card sheetgen prints. The worked example's match is then pencilled into the first
match column at the positions the layout's own variables give.
"""

from __future__ import annotations

from sheetgen.canvas import MM
from sheetgen.canvas.draw import PENCIL, die_face, label, rect
from sheetgen.canvas.protocol import Canvas
from sheetgen.games.swashbuckle.examples import SB_ROLL, swashbuckle_example
from sheetgen.rulebooks.diagrams import register
from sheetgen.rulebooks.diagrams.bounds import reaches

SHOWN_MATCHES = 2


def _scorecard():
    """The bundled card, resolved and recorded by the layout engine."""
    from sheetgen.layout.bundled import find_layout
    from sheetgen.layout.document import load_layout
    from sheetgen.render.compose import record_instances

    layout = load_layout(find_layout("swashbuckle/scorecard"))
    return layout, record_instances(layout, 1)[0]


@register("sb-scorecard")
def scorecard(canvas: Canvas) -> tuple[float, float]:
    """The top of the card through the waterline and the tallies, two match columns wide."""
    layout, instance = _scorecard()
    v = layout.names
    col_w = v["cols_w"] / v["matches"]
    left = v["x0"] - 1
    right = v["x0"] + v["band_w"] + v["label_w"] + SHOWN_MATCHES * col_w + 1
    top = v["table_y"] - 1
    bottom = v["lower_y"] + 9 * v["row_h"] + 1
    width, height = (right - left) * MM, (bottom - top) * MM
    canvas.begin_page(width, height)
    canvas.push()
    canvas.clip(rect(0, 0, width, height))
    canvas.transform(1, 0, 0, 1, -left * MM, -top * MM)
    area = (left * MM, top * MM, right * MM, bottom * MM)
    for _key, recording in instance.blocks:
        if reaches(recording, area):  # the rest would be clipped away anyway
            recording.replay(canvas)
    # Pencil the example match into column 1.
    example = swashbuckle_example()
    d = example.derived
    x = (v["x0"] + v["band_w"] + v["label_w"] + col_w / 2) * MM
    row_h = v["row_h"] * MM
    y0 = (v["table_y"] + v["header_h"]) * MM
    values = [str(pts) for _id, _label, pts in example.boxes[:6]]
    values += [str(d["crows_nest_subtotal"]), str(d["blimey_bonus"]), str(d["crows_nest_tally"])]
    values += [str(pts) for _id, _label, pts in example.boxes[6:]]
    for i, text in enumerate(values):
        label(canvas, x, y0 + (i + 0.78) * row_h, text, "serif-italic", 9.5, PENCIL, "middle")
    lower = [
        "", str(d["smooth_sailing"]), "", "", "", str(d["swashbuckle_bonus_tally"]),
        str(d["bilge_tally"]), str(d["crows_nest_tally"]), str(d["total_plunder"]),
    ]
    for i, text in enumerate(lower):
        if text:
            label(canvas, x, v["lower_y"] * MM + (i + 0.78) * row_h, text, "serif-italic",
                  9.5, PENCIL, "middle")
    canvas.pop()
    return width, height


@register("sb-roll")
def roll(canvas: Canvas) -> tuple[float, float]:
    """The example's final roll as five dice."""
    size, gap = 24.0, 8.0
    width = len(SB_ROLL) * size + (len(SB_ROLL) - 1) * gap + 4
    canvas.begin_page(width, size + 4)
    for i, value in enumerate(SB_ROLL):
        die_face(canvas, 2 + i * (size + gap), 2, size, value)
    return width, size + 4

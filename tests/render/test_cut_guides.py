"""Cut marks never vanish silently; `cut: outline` draws guides along each piece's outline;
`imposition.margin` keeps slots, bleed and marks off the sheet's unprinted border."""

from __future__ import annotations

import pytest

from sheetgen.errors import SheetgenError
from sheetgen.layout.document import load_layout
from sheetgen.render.compose import OUTLINE_STROKE, compose
from sheetgen.render.recording import RecordingCanvas

DECK = """
page: {size: poker, bleed: 3mm, SHAPE}
imposition: {sheet: a4, across: 3, down: 3, IMP}
data: [{n: 1, copies: 9}]
elements: [{type: rect, x: 0, y: 0, w: 63.5, h: 88.9, fill: sand, bleed: true}]
"""


def _compose(write_layout, imp: str, shape: str = "shape: rect"):
    layout = load_layout(write_layout(DECK.replace("IMP", imp).replace("SHAPE", shape)))
    canvas, warnings = RecordingCanvas(), []
    compose(layout, canvas, warnings=warnings)
    return canvas.calls, [w.message for w in warnings]


def test_marks_that_cannot_be_drawn_are_reported(write_layout):
    _, warnings = _compose(write_layout, "gap: 6mm")
    assert len(warnings) == 1
    # 202.5 x 278.7 mm of cards with their bleed leave no room for a mark inside a home
    # printer's 5 mm on either axis
    assert "cut marks for 12 cut line(s) cannot be drawn" in warnings[0]


def test_marks_that_fit_give_no_warning(write_layout):
    _, warnings = _compose(write_layout, "gap: 0mm")
    assert warnings == []


def test_outline_guides_follow_each_piece(write_layout):
    calls, warnings = _compose(write_layout, "gap: 6mm, cut: outline",
                               "shape: rounded, corner: 4mm")
    guides = [args for op, args in calls if op == "path" and args[2] == OUTLINE_STROKE]
    assert len(guides) == 1 and warnings == []
    ops = guides[0][0]
    assert sum(op[0] == "M" for op in ops) == 9  # one closed outline per piece
    assert any(op[0] == "C" for op in ops)  # rounded corners


def test_round_pieces_with_marks_only_are_reported(write_layout):
    _, warnings = _compose(write_layout, "gap: 0mm", "shape: circle")
    assert any("box around each circle piece" in w for w in warnings)
    _, warnings = _compose(write_layout, "gap: 0mm, cut: both", "shape: circle")
    assert warnings == []


def test_margin_is_kept_clear(write_layout):
    calls, _ = _compose(write_layout, "gap: 0mm, margin: 8mm")
    mm = 72 / 25.4
    sw, sh = 210 * mm, 297 * mm
    for op, args in calls:
        if op == "path" and args[2] is not None and args[2].width == 0.25:  # the marks
            for item in args[0]:
                if item[0] in "ML":
                    assert 8 * mm - 1e-6 <= item[1] <= sw - 8 * mm + 1e-6
                    assert 8 * mm - 1e-6 <= item[2] <= sh - 8 * mm + 1e-6


@pytest.mark.parametrize("imp,shape,message", [
    ("gap: 0mm, cut: dotted", "shape: rect", "imposition.cut 'dotted'"),
    ("gap: 0mm", "shape: star", "page.shape 'star'"),
    ("gap: 0mm, margin: 20mm", "shape: rect", "not inside its 20.0 mm margin"),
])
def test_bad_cut_settings_are_errors(write_layout, imp, shape, message):
    with pytest.raises(SheetgenError, match=message):
        _compose(write_layout, imp, shape)


def test_marks_that_do_not_fit_fall_back_to_outlines(write_layout):
    """Issue 32, point 6: 3 x 3 poker cards whose marks do not fit still get a guide on
    every cut line: each piece's outline, with a note saying so."""
    calls, warnings = _compose(write_layout, "gap: 6mm")
    guides = [args for op, args in calls if op == "path" and args[2] == OUTLINE_STROKE]
    assert len(guides) == 1
    assert sum(op[0] == "M" for op in guides[0][0]) == 9
    assert "outline is drawn to cut along instead" in warnings[0]
    calls, _ = _compose(write_layout, "gap: 0mm")  # marks that fit: no outlines
    assert not [a for op, a in calls if op == "path" and a[2] == OUTLINE_STROKE]


def test_poker_cards_three_by_three_on_letter_are_cut_guided(write_layout):
    layout = load_layout(write_layout(DECK.replace("IMP", "gap: 2mm").replace(
        "SHAPE", "shape: rect").replace("sheet: a4", "sheet: letter")))
    canvas, warnings = RecordingCanvas(), []
    compose(layout, canvas, warnings=warnings)
    guides = [args for op, args in canvas.calls if op == "path" and args[2] == OUTLINE_STROKE]
    assert len(guides) == 1 and "cut along instead" in warnings[0].message

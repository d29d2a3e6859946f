"""Golden files for the Swashbuckle scorecard: the draw calls of its first sheet as text, and a
60 dpi picture of the same sheet.

Both references live in tests/golden/. They are compared exactly (the calls, to 0.01 pt) or
within a tolerance (the picture), and are rewritten only on purpose:

    SHEETGEN_REFRESH_GOLDEN=1 .venv/bin/python -m pytest tests/render/test_render_golden.py

then review the diff (`git diff tests/golden/scorecard.calls.txt`; look at the PNG) before
committing. Without that variable a missing or different reference fails the test.
"""

from __future__ import annotations

import difflib
import os
from pathlib import Path

import pytest
from helpers.pdfcheck import pixel_difference, render_png
from PIL import Image

from sheetgen.layout.bundled import find_layout
from sheetgen.layout.document import RenderOptions, load_layout
from sheetgen.render.compose import compose
from sheetgen.render.output import render_pdf
from sheetgen.render.recording import RecordingCanvas, format_calls

GOLDEN = Path(__file__).resolve().parents[1] / "golden"
REFRESH = os.environ.get("SHEETGEN_REFRESH_GOLDEN") == "1"
CALLS = GOLDEN / "scorecard.calls.txt"
PICTURE = GOLDEN / "scorecard.png"
DPI = 60
MAX_MEAN = 1.5        # mean absolute difference per channel, 0..255
MAX_DIFFERING = 0.005  # share of pixels differing by more than 32 in any channel


def scorecard(**overrides):
    return load_layout(find_layout("swashbuckle/scorecard"), RenderOptions(overrides=overrides))


def first_sheet_calls(layout) -> str:
    """The draw calls of the first printed sheet (two cards, so the shared forms show)."""
    canvas = RecordingCanvas()
    compose(layout, canvas, count=2)
    end = next(i for i, (name, _) in enumerate(canvas.calls) if name == "end_page")
    return format_calls(canvas.calls[:end + 1])


def first_sheet_png(layout):
    return render_png(render_pdf(layout, count=2), dpi=DPI)


def test_scorecard_draw_calls_match_the_golden_file():
    text = first_sheet_calls(scorecard())
    if REFRESH:
        CALLS.write_text(text, encoding="utf-8")
    assert CALLS.is_file(), "no golden file: run with SHEETGEN_REFRESH_GOLDEN=1 and review it"
    golden = CALLS.read_text(encoding="utf-8")
    if text != golden:
        diff = "".join(list(difflib.unified_diff(golden.splitlines(True), text.splitlines(True),
                                                 "golden", "now", n=1))[:60])
        pytest.fail("scorecard draw calls differ from tests/golden/scorecard.calls.txt "
                    "(set SHEETGEN_REFRESH_GOLDEN=1 to accept on purpose):\n" + diff)


def test_golden_calls_cover_the_whole_sheet():
    """The reference is a real sheet: both cards, their forms, the marks, one page."""
    golden = CALLS.read_text(encoding="utf-8").splitlines()
    assert golden[0].startswith("begin_page 841.89 595.28 PageBoxes(")
    assert golden[-1] == "end_page"
    assert sum(line.startswith("use_form") for line in golden) >= 2
    for words in ("Swashbuckle", "Crow's Nest", "TOTAL PLUNDER", "Succession of 5",
                  "Hornswaggle", "341+ Captain"):
        assert any(words in line for line in golden if line.startswith("text ")), words


def test_draw_calls_change_when_the_layout_does():
    assert first_sheet_calls(scorecard(matches=4)) != CALLS.read_text(encoding="utf-8")


def test_scorecard_picture_matches_the_reference():
    image = first_sheet_png(scorecard())
    if REFRESH:
        image.save(PICTURE, format="PNG", optimize=True)
    assert PICTURE.is_file(), "no reference image: run with SHEETGEN_REFRESH_GOLDEN=1, look"
    reference = Image.open(PICTURE).convert("RGB")
    mean, differing = pixel_difference(image, reference)
    assert mean <= MAX_MEAN and differing <= MAX_DIFFERING, (
        f"scorecard picture differs from tests/golden/scorecard.png: mean {mean:.2f}, "
        f"{differing:.2%} of pixels (set SHEETGEN_REFRESH_GOLDEN=1 to accept on purpose)")


def test_picture_comparison_notices_a_real_change():
    """The tolerance is tight enough to catch a visible change (four match columns)."""
    reference = Image.open(PICTURE).convert("RGB")
    mean, differing = pixel_difference(first_sheet_png(scorecard(matches=4)), reference)
    assert mean > MAX_MEAN or differing > MAX_DIFFERING

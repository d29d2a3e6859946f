"""Every layout under layouts/examples/ (the runnable examples of docs/layout-language.md)
loads and renders, so the documentation cannot drift from what sheetgen accepts."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers.pdfcheck import page_boxes

from sheetgen.layout.document import load_layout
from sheetgen.render.compose import sheet_count
from sheetgen.render.output import render_pdf

REPO = Path(__file__).resolve().parents[2]
EXAMPLES = sorted((REPO / "layouts" / "examples").glob("*.yaml"))


def test_there_are_examples():
    assert EXAMPLES


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_example_renders(path):
    layout = load_layout(path)
    pdf = render_pdf(layout)
    assert len(page_boxes(pdf)) == sheet_count(layout, 1)


def test_calibration_sheet_has_two_pages(tmp_path):
    from click.testing import CliRunner

    from sheetgen.cli import main

    out = tmp_path / "cal.pdf"
    result = CliRunner().invoke(main, ["calibrate", "duplex", "--paper", "letter",
                                       "--duplex", "short-edge", "-o", str(out)])
    assert result.exit_code == 0, result.output
    boxes = page_boxes(out.read_bytes())
    assert len(boxes) == 2 and boxes[0].media[2] == pytest.approx(215.9 * 72 / 25.4)

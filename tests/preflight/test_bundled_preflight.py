"""Every bundled output (each pad on both home papers and the print-shop A2, each bundled
layout, the examples, CMYK renders) through `sheetgen preflight`. Each is rendered once per
session (`bundled_pdf` in tests/conftest.py); the rulebooks are preflighted in
tests/rulebooks/test_rulebook_preflight.py, where they are rendered anyway.

An output passes every check, unless REMAINING names the checks it still fails and why (what
of issue 27 is not done yet). That table is exact both ways: a new failure fails the test,
and so does a listed one that has been fixed (then remove it from the table)."""

from __future__ import annotations

import pytest

from sheetgen.layout.bundled import bundled_layouts
from sheetgen.preflight import preflight_bytes

pytestmark = pytest.mark.slow  # renders and preflights every bundled output

PADS = ["pad:voodoo:a4", "pad:voodoo:letter", "pad:voodoo:a2", "pad:voodoo:a2-board-a2",
        "pad:black-dice:a4",
        "pad:black-dice:letter", "pad:shipwrecked:a4", "pad:shipwrecked:letter",
        "pad:captains-curse:a4"]
LAYOUTS = [f"render:{name}" for name in sorted(bundled_layouts())]
EXAMPLES = ["example:card_backs", "example:text_and_icons", "example:tiled_board"]
CMYK = ["cmyk:voodoo/action-cards", "cmyk:black-dice/tokens", "cmyk:swashbuckle/scorecard",
        "x1a:voodoo/action-cards", "x1a:black-dice/tokens"]

REMAINING: dict[str, dict[str, str]] = {}
"""output -> {check: why it still fails}."""


@pytest.mark.parametrize("name", PADS + LAYOUTS + EXAMPLES + CMYK)
def test_bundled_output_passes_preflight(name, bundled_pdf):
    report = preflight_bytes(bundled_pdf(name), name)
    expected = set(REMAINING.get(name, {}))
    assert report.failed() == expected, report.text()


PRESS_PADS = {"pad:black-dice:a4": {}, "pad:shipwrecked:a4": {}, "pad:captains-curse:a4": {},
              "pad:voodoo:a4": {}}
"""Pads as `sheetgen pad GAME --colorspace cmyk` writes them: the RGB pad converted as a whole
file (sheetgen.render.pdfx); output -> {check: why it still fails}."""


@pytest.mark.parametrize("name", sorted(PRESS_PADS))
def test_pads_for_a_press_pass_preflight(name, bundled_pdf):
    from sheetgen.render.pdfx import make_pdfx

    report = preflight_bytes(make_pdfx(bundled_pdf(name)), name)
    assert report.failed() == set(PRESS_PADS[name]), report.text()

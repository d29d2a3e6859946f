"""Every A4 rulebook (rendered once per session by the `books` fixture) passes `sheetgen
preflight`: boxes, 5 mm printer margin, text size and contrast, fonts, hairlines; and so does
its press version (`rulebook --pdfx x4|x1a`: WeasyPrint's PDF converted to CMYK PDF/X)."""

from __future__ import annotations

import pytest

from sheetgen.preflight import preflight
from sheetgen.rulebooks import GAMES

pytestmark = pytest.mark.slow  # preflights every rendered rulebook


@pytest.mark.parametrize("game", sorted(GAMES))
def test_rulebook_passes_preflight(game, books):
    report = preflight(books[game])
    assert report.ok, report.text()


@pytest.mark.parametrize("game", sorted(GAMES))
def test_press_rulebook_passes_preflight(game, books):
    from sheetgen.preflight import preflight_bytes
    from sheetgen.render.pdfx import make_pdfx

    data = books[game].read_bytes()
    for standard in ("x4", "x1a"):
        pdf = make_pdfx(data, standard)
        report = preflight_bytes(pdf, f"{game} {standard}")
        assert report.ok, report.text()
        assert b"/DestOutputProfile" in pdf

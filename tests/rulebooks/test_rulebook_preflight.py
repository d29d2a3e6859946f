"""Every A4 rulebook (rendered once per session by the `books` fixture) passes `sheetgen
preflight`: boxes, 5 mm printer margin, text size and contrast, fonts, hairlines."""

from __future__ import annotations

import pytest

from sheetgen.preflight import preflight
from sheetgen.rulebooks import GAMES


@pytest.mark.parametrize("game", sorted(GAMES))
def test_rulebook_passes_preflight(game, books):
    report = preflight(books[game])
    assert report.ok, report.text()

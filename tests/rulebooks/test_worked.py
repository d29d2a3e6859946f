"""Worked examples quoted in the rulebooks are computed; these pin their arithmetic."""

from __future__ import annotations

from sheetgen.rulebooks import worked


def test_captains_curse_erratum_example_scores_90():
    result = worked.cc_endgame()
    assert result.column_totals == (13, 15, 21, 19, 19, 13)  # R20: 13, not 14
    assert result.x_count == 10
    assert result.score == 90
    assert result.goals == (False, True, False)
    assert result.title == "Quartermaster"

"""The committed 16-box strategy table: readable, consistent with its summary and with a
fresh solve of a late-game position."""

from __future__ import annotations

import pytest

from sheetgen.games.swashbuckle.advisor import advise
from sheetgen.games.swashbuckle.card import default_card
from sheetgen.games.swashbuckle.table import load_summary, load_table, par_figures, table_paths

CARD = default_card()
HAVE_TABLE = table_paths(CARD)[0].exists()
pytestmark = pytest.mark.skipif(not HAVE_TABLE, reason="no persisted Swashbuckle table")


@pytest.fixture(scope="module")
def table():
    return load_table(CARD)


def test_par_figures_of_the_committed_table() -> None:
    figures = par_figures()
    assert figures["mean"] == pytest.approx(load_summary()["expected"])
    assert figures["p5"] <= figures["p10"] <= figures["p50"] <= figures["p90"] <= figures["p95"]
    assert figures["games"] >= 10000
    assert figures["moniker"] == CARD.moniker(round(figures["mean"]))


def test_table_start_value_matches_summary(table) -> None:
    # q128 storage: within 1/256 point of the exact expectation.
    assert table.values[0, 0, 0, 0] == pytest.approx(load_summary()["expected"], abs=1 / 256)


def test_table_agrees_with_a_fresh_solve_of_a_late_position(table) -> None:
    filled = {"ones": 3, "twos": 6, "threes": 9, "fours": 16, "fives": 15, "flotsam": 22,
              "swashbuckle": 50}
    dice = [5, 5, 6, 6, 2]
    from_table = advise(CARD, filled, dice, 1, table=table)
    fresh = advise(CARD, filled, dice, 1)  # 9 open boxes: solved from this position
    assert from_table.best.keep == fresh.best.keep
    assert [o.value for o in from_table.options] == pytest.approx(
        [o.value for o in fresh.options], abs=1 / 128)

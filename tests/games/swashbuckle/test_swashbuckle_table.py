"""The 16-box strategy table: its committed summary, and the values (solved at first use, about
a minute and a half on two cores, then cached; so a clean CI machine checks them too):
consistent with the summary and with a fresh solve of a late-game position. The first-use
build and the deterministic file on a tiny card."""

from __future__ import annotations

from pathlib import Path

import pytest

from sheetgen.games.swashbuckle import table as table_module
from sheetgen.games.swashbuckle.advisor import advise
from sheetgen.games.swashbuckle.card import card_from_text, default_card
from sheetgen.games.swashbuckle.solver import solve
from sheetgen.games.swashbuckle.table import (
    load_summary,
    load_table,
    par_figures,
    save_table,
    table_paths,
)

CARD = default_card()


@pytest.fixture(scope="module")
def table():
    return load_table(CARD)


def test_summaries_of_both_scuttle_readings_are_committed() -> None:
    strict = load_summary(CARD.with_options(scuttle="only_if_nothing_scores"))
    free = load_summary(CARD.with_options(scuttle="any"))
    assert strict["scuttle"] == "only_if_nothing_scores" and free["scuttle"] == "any"
    # The strict reading only takes choices away.
    assert strict["expected"] < free["expected"]
    for summary in (strict, free):
        assert 0 < summary["hornswaggle"]["adds"] < 15


TINY = """name: Tiny
dice: 2
faces: 3
rolls: 2
sections:
  - id: s
    boxes:
      - {id: pair, rule: alike, n: 2, points: 5}
      - {id: flotsam, rule: chance}
"""


def test_values_are_built_at_first_use_and_cached_byte_identical(tmp_path: Path,
                                                                 monkeypatch) -> None:
    card = card_from_text(TINY)
    npz, summary = save_table(solve(card), directory=tmp_path / "pkg")
    first = npz.read_bytes()
    npz.unlink()
    monkeypatch.setattr(table_module, "TABLE_DIR", tmp_path / "pkg")
    monkeypatch.setenv("SHEETGEN_CACHE", str(tmp_path / "cache"))
    told = []
    built = load_table(card, build=told.append)
    cached = table_paths(card)[0]
    assert told == [cached] and cached.parent.parent == tmp_path / "cache"
    assert cached.read_bytes() == first  # same table, same bytes
    assert built.expected == pytest.approx(load_summary(card)["expected"])
    assert load_table(card, build=False).values[0, 0, 0, 0] == pytest.approx(built.expected)


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

"""The 16-box strategy table: its committed summary, and the values the package ships packed
(`<stem>.values.xz`): consistent with the summary, equal to the solver's own q128 values on
every state of fresh solves of late-game positions, read in the order the solver enumerates
states. The packing round trip; the first-use build and the deterministic file on a tiny card."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from sheetgen.games.swashbuckle import table as table_module
from sheetgen.games.swashbuckle.advisor import advise, state_of
from sheetgen.games.swashbuckle.card import card_from_text, default_card, load_card
from sheetgen.games.swashbuckle.solver import card_tables, reachable_states, solve
from sheetgen.games.swashbuckle.table import (
    PACKED_SUFFIX,
    Q,
    load_summary,
    load_table,
    pack_values,
    par_figures,
    save_table,
    storage_order,
    table_paths,
    unpack_values,
)

CARD = default_card()


@pytest.fixture(scope="module")
def table():
    return load_table(CARD)


class _LateSolves(dict):
    """filled-box mask -> the solver's fresh solve of the 16-box card from that position
    (`solve(CARD, base=mask)`, a few seconds each), made on first use and shared by the
    tests of this module that compare the table with it: the same deterministic solve was
    made twice for the same position."""

    def __missing__(self, base: int):
        self[base] = fresh = solve(CARD, base=base)
        return fresh


@pytest.fixture(scope="module")
def late_solves() -> _LateSolves:
    return _LateSolves()


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


def test_table_agrees_with_a_fresh_solve_of_a_late_position(table, late_solves,
                                                             monkeypatch) -> None:
    filled = {"ones": 3, "twos": 6, "threes": 9, "fours": 16, "fives": 15, "flotsam": 22,
              "swashbuckle": 50}
    dice = [5, 5, 6, 6, 2]
    from_table = advise(CARD, filled, dice, 1, table=table)
    # Without a table the advisor solves from this position (9 open boxes): it asks the
    # solver for exactly that solve, which this module makes once (`late_solves`).
    from sheetgen.games.swashbuckle import advisor

    asked = []

    def shared_solve(card, base=0, **kwargs):
        asked.append((card, base, kwargs))
        return late_solves[base]

    monkeypatch.setattr(advisor, "solve", shared_solve)
    fresh = advise(CARD, filled, dice, 1)
    assert asked == [(CARD, int(state_of(CARD, filled).mask[0]), {})]
    assert from_table.best.keep == fresh.best.keep
    assert [o.value for o in from_table.options] == pytest.approx(
        [o.value for o in fresh.options], abs=1 / 128)


def test_the_default_card_ships_its_values_packed() -> None:
    values, _ = table_paths(CARD)
    assert values.name.endswith(PACKED_SUFFIX)
    assert values.parent == table_module.TABLE_DIR
    assert values.stat().st_size < 4_000_000


def test_packing_is_lossless_and_deterministic() -> None:
    rng = np.random.default_rng(5)
    walk = np.cumsum(rng.integers(-40, 41, 50_000)) + 30_000
    values = np.concatenate([[0, 65535, 0, 1, 65534], walk]).astype(np.uint16)
    packed = pack_values(values)
    assert packed == pack_values(values.copy())
    unpacked = unpack_values(packed)
    assert unpacked.dtype == np.uint16 and np.array_equal(unpacked, values)


def test_a_damaged_packed_table_is_a_clear_error() -> None:
    from sheetgen.errors import SheetgenError

    packed = pack_values(np.arange(100, dtype=np.uint16))
    with pytest.raises(SheetgenError, match="damaged"):
        unpack_values(packed[:-8], "x.values.xz")


@pytest.mark.parametrize("card", [load_card("yacht13"), card_from_text(TINY), CARD],
                         ids=["yacht13", "tiny", "swashbuckle"])
def test_storage_order_is_the_solvers_enumeration(card) -> None:
    """The whole-card order computed at once lists the states `reachable_states` lists, layer
    by layer (every layer of the smaller cards; the ends of the 16-box card)."""
    ct = card_tables(card)
    masks, reachable = storage_order(ct)
    used = np.array([int(m).bit_count() for m in masks])
    layers = range(ct.n_boxes - 1, -1, -1)
    if card is CARD:
        layers = [15, 14, 13, 2, 1, 0]
    for n_used in layers:
        rows = used == n_used
        cells = np.argwhere(reachable[rows])
        st = reachable_states(ct, n_used)
        listed = masks[rows][cells[:, 0]]
        assert np.array_equal(listed, st.mask), n_used
        assert np.array_equal(cells[:, 1], st.j) and np.array_equal(cells[:, 2], st.z)
        assert np.array_equal(cells[:, 3], st.sub), n_used


LATE = [
    {"ones": 3, "twos": 6, "threes": 9, "fours": 16, "fives": 15, "flotsam": 22,
     "swashbuckle": 50},
    {"sixes": 24, "threes": 6, "swashbuckle": 0, "ones": 2, "twos": 4, "fives": 20,
     "fours": 8},
]


@pytest.mark.parametrize("filled", LATE, ids=["bonus-made", "scuttled-swashbuckle"])
def test_shipped_values_are_the_solvers_own_on_late_positions(table, late_solves,
                                                               filled) -> None:
    """Every state a fresh solve from a late position reaches holds exactly the solver's value
    in q128 (the stored numbers are the solve's, so the advisor decides as a solve would)."""
    fresh = late_solves[int(state_of(CARD, filled).mask[0])].values
    known = np.isfinite(fresh)
    assert known.sum() > 1000
    assert np.array_equal(np.rint(fresh[known] * Q), np.rint(table.values[known] * Q))

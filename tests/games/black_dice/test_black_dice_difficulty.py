"""The rulebook's difficulty table is measured by the engine at build time, and cached."""

from __future__ import annotations

import pytest

from sheetgen.games.black_dice import difficulty as module
from sheetgen.games.black_dice.quest import BUNDLED, load_quest
from sheetgen.games.black_dice.simulate import simulate


@pytest.fixture
def small(monkeypatch, tmp_path):
    monkeypatch.setenv("SHEETGEN_CACHE", str(tmp_path / "cache"))
    monkeypatch.setattr(module, "GAMES", 4)
    module.difficulty.cache_clear()
    yield tmp_path / "cache"
    module.difficulty.cache_clear()


def test_the_table_is_the_engines_figures(small):
    table = module.difficulty()
    assert [name for name, _ in table.rows] == [load_quest(q).name for q in BUNDLED]
    kraken = dict(table.rows)[load_quest("kraken").name]
    for count, cell in zip(table.counts, kraken, strict=True):
        b = simulate(load_quest("kraken"), count, 4, module.SEED, module.POLICY)
        assert (cell.wins, cell.games) == (b.outcomes.get("won", 0), 4)


def test_the_table_is_cached_until_a_source_changes(small, monkeypatch):
    first = module.difficulty()
    assert list(small.glob("black-dice/difficulty-*.json"))
    module.difficulty.cache_clear()
    monkeypatch.setattr(module, "_measure", lambda: pytest.fail("measured again"))
    assert module.difficulty() == first
    module.difficulty.cache_clear()
    monkeypatch.setattr(module, "_digest", lambda: "changed")
    with pytest.raises(pytest.fail.Exception):
        module.difficulty()

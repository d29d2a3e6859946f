"""The rulebook's difficulty table is measured by the engine at build time, and cached."""

from __future__ import annotations

import pytest

from sheetgen.cache import cached_json_path
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


def test_the_table_is_cached_until_a_source_changes(small, monkeypatch, tmp_path):
    first = module.difficulty()
    name, sources, settings = module._cache()
    assert cached_json_path(name, sources, settings).is_relative_to(small)
    assert cached_json_path(name, sources, settings).is_file() and module.is_measured()
    module.difficulty.cache_clear()
    monkeypatch.setattr(module, "_measure", lambda: pytest.fail("measured again"))
    assert module.difficulty() == first
    module.difficulty.cache_clear()
    # A quest file edited: measured again.
    quest = next(p for p in sources if p.name == "kraken.yaml")
    edited = tmp_path / "kraken.yaml"
    edited.write_text(quest.read_text() + "# an edit\n")
    monkeypatch.setattr(module, "_cache", lambda: (
        name, [edited if p == quest else p for p in sources], settings))
    assert not module.is_measured()
    with pytest.raises(pytest.fail.Exception, match="measured again"):
        module.difficulty()


def test_the_table_depends_on_every_black_dice_and_engine_source_and_quest():
    _, sources, settings = module._cache()
    names = {p.name for p in sources}
    assert {"difficulty.py", "simulate.py", "rules.py", "runner.py", "stats.py",
            "kraken.yaml"} <= names
    assert {f"{q}.yaml" for q in BUNDLED} <= names
    assert f"{module.GAMES} {module.SEED} {module.POLICY}" in settings

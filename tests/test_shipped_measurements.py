"""The figures the package ships so a fresh install does not measure them (the Black Dice
difficulty table, the Voodoo book's verdict) are golden files: keyed by the digest of the
sources their caches use, rewritten on purpose by tools/ship_measurements.py.

The key tests are cheap and fail as soon as a source changes, naming the tool; the
re-measuring tests play a representative part again with the same seeds and compare it
exactly, so a shipped figure cannot silently differ from what the code measures."""

from __future__ import annotations

import json

import pytest

from sheetgen.cache import read_shipped, shipped_key
from sheetgen.games.black_dice import difficulty
from sheetgen.games.black_dice.quest import load_quest
from sheetgen.games.black_dice.simulate import simulate
from sheetgen.games.voodoo import verify

TOOL = "PYTHONPATH=$PWD .venv/bin/python tools/ship_measurements.py"


def _stale(what: str, name: str) -> str:
    return (f"the shipped {what} was measured from other sources than these (a Black Dice, "
            f"Voodoo or engine source changed): run `{TOOL} {name}` and commit the "
            f"rewritten file with the change")


def test_the_shipped_difficulty_table_is_keyed_by_the_current_sources():
    assert shipped_key(difficulty.SHIPPED) == difficulty.difficulty_key(), _stale(
        "Black Dice difficulty table", "black-dice")


def test_the_shipped_voodoo_verdict_is_keyed_by_the_current_sources():
    assert shipped_key(verify.SHIPPED_VERDICT) == verify.bundled_verdict_key(), _stale(
        "Voodoo verdict", "voodoo")


def test_a_shipped_file_is_read_only_under_its_key(tmp_path):
    from sheetgen.cache import shipped_text

    path = tmp_path / "figures.json"
    path.write_text(shipped_text("abc", {"x": [1, 2]}))
    assert read_shipped(path, "abc") == {"x": [1, 2]}
    assert read_shipped(path, "abd") is None
    assert read_shipped(tmp_path / "missing.json", "abc") is None
    path.write_text('{"key": "abc", "data": 1}')  # not the shipped format
    assert read_shipped(path, "abc") is None


def test_difficulty_reads_the_shipped_table_and_measures_when_a_source_changed(
        monkeypatch, tmp_path):
    monkeypatch.setenv("SHEETGEN_CACHE", str(tmp_path / "cache"))
    shipped = read_shipped(difficulty.SHIPPED, difficulty.difficulty_key())
    assert shipped is not None
    difficulty.difficulty.cache_clear()
    try:
        monkeypatch.setattr(difficulty, "_measure", lambda: pytest.fail("measured"))
        assert difficulty.is_measured()
        table = difficulty.difficulty()
        assert {name: [[c.wins, c.games] for c in cells] for name, cells in table.rows} == shipped
        assert not (tmp_path / "cache").exists()  # read from the package, nothing cached
        difficulty.difficulty.cache_clear()
        monkeypatch.setattr(difficulty, "_cache",
                            lambda: ("black-dice-difficulty", [], "another setting"))
        assert not difficulty.is_measured()
        with pytest.raises(pytest.fail.Exception, match="measured"):
            difficulty.difficulty()
    finally:
        difficulty.difficulty.cache_clear()


def test_the_voodoo_verdict_is_read_from_the_package_and_measured_when_a_source_changed(
        monkeypatch, tmp_path):
    monkeypatch.setenv("SHEETGEN_CACHE", str(tmp_path / "cache"))
    monkeypatch.setattr(verify, "verify_board", lambda *a, **k: pytest.fail("measured"))
    assert verify.bundled_verdict_is_cached()
    assert verify.bundled_verdict() == read_shipped(verify.SHIPPED_VERDICT,
                                                    verify.bundled_verdict_key())
    monkeypatch.setattr(verify, "_verdict_cache",
                        lambda: ("voodoo-verify", [], "another plan"))
    assert not verify.bundled_verdict_is_cached()
    with pytest.raises(pytest.fail.Exception, match="measured"):
        verify.bundled_verdict()


def test_the_shipped_difficulty_table_is_what_the_engine_measures():
    """One quest, every player count, the table's games and seed: measured again, the same
    wins (the whole table is some 3,600 games; each quest is played alike)."""
    table = read_shipped(difficulty.SHIPPED, difficulty.difficulty_key())
    assert table is not None, _stale("Black Dice difficulty table", "black-dice")
    quest = load_quest("kraken")
    for count, (wins, games) in zip(difficulty.PLAYER_COUNTS, table[quest.name], strict=True):
        b = simulate(quest, count, difficulty.GAMES, difficulty.SEED, difficulty.POLICY)
        assert (b.outcomes.get("won", 0), b.games) == (wins, games), count


def test_the_shipped_voodoo_verdict_is_what_verify_measures():
    """The cursed lineup of the documented plan (120 games, the book's seed; each lineup is
    played from the same seed, apart from the others): its figures and checks measured
    again, exactly the shipped ones."""
    shipped = read_shipped(verify.SHIPPED_VERDICT, verify.bundled_verdict_key())
    assert shipped is not None, _stale("Voodoo verdict", "voodoo")
    again = json.loads(json.dumps(verify.verify_board(
        None, verify.DEFAULT_PLAN, verify.BOOK_SEED, lineups=("cursed",)).to_dict()))
    assert again["figures"]["cursed"] == shipped["figures"]["cursed"]
    assert again["checks"] == [c for c in shipped["checks"]
                               if c["name"] in {c["name"] for c in again["checks"]}]
    assert again["checks"]

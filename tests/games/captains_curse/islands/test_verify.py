"""Verification: structural faults, the Wilson decision, generate-and-test limits."""

import copy

import pytest

from sheetgen.errors import SheetgenError
from sheetgen.games.captains_curse.island import island_from_dict
from sheetgen.games.captains_curse.islands import verify as V
from sheetgen.games.captains_curse.islands.generate import generate_island


@pytest.fixture(scope="module")
def data():
    return generate_island(3).data


def test_generated_island_passes_a_lenient_band(data):
    band = V.Band("lenient", 0.01)
    verdict = V.verify(island_from_dict(data), band, data=data, greedy_games=32)
    assert verdict.passed and not verdict.faults
    lo, _ = verdict.expert_ci
    assert lo >= 0.01
    assert verdict.expert_games < V.EXPERT_CAP  # stopped early


def test_unreachable_band_fails_with_evidence(data):
    # "At most 1% won": the island is clearly easier, and the interval shows it early.
    verdict = V.verify(island_from_dict(data), V.Band("absurd", 0.0, 0.01), data=data,
                       greedy_games=16)
    assert not verdict.passed
    assert verdict.expert_games == V.MIN_GAMES  # decided at the first chance
    assert verdict.expert_ci[0] > 0.01


def test_broken_region_is_rejected(data):
    broken = copy.deepcopy(data)
    # Make two regions overlap without nesting: not laminar (R12).
    lines = broken["sink_lines"]
    small = [x for x in lines if len(x["region"]) == 1]
    big = max(lines, key=lambda x: len(x["region"]))
    outside = next(x for x in small if x["region"][0] not in big["region"])
    big["region"] = big["region"][1:] + outside["region"]
    verdict = V.verify(island_from_dict(broken), "normal", data=broken)
    assert not verdict.passed
    assert any("laminar" in f for f in verdict.faults)


def test_impossible_difficulty_ends_with_a_clear_error(monkeypatch):
    monkeypatch.setitem(V.BANDS, "absurd", V.Band("absurd", 0.0, 0.01))
    with pytest.raises(SheetgenError, match="no island for seed 4 reached difficulty"):
        V.generate_verified(4, "absurd", max_attempts=2)


def test_pad_seeds_do_not_depend_on_order():
    assert V.pad_seed(7, 3) == V.pad_seed(7, 3)
    assert len({V.pad_seed(7, i) for i in range(100)}) == 100


def test_failures_need_no_figure_and_keep_their_decision(data):
    """generate_verified skips the greedy games and the figure of a failing island: the
    acceptance record is the same, nothing else is played; a passing verdict is unchanged."""
    island = island_from_dict(data)
    hard = V.Band("unreachable", 0.0, 0.01)
    full = V.verify(island, hard, data=data, greedy_games=16, figure_games=16)
    lean = V.verify(island, hard, data=data, greedy_games=16, figure_games=16,
                    report_failures=False)
    assert not full.passed and not lean.passed
    assert (lean.expert_games, lean.expert_wins) == (full.expert_games, full.expert_wins)
    assert full.figure_games == 16 and full.greedy_games == 16
    assert lean.figure_games == lean.greedy_games == 0
    easy = V.Band("lenient", 0.01)
    assert V.verify(island, easy, data=data, greedy_games=16, figure_games=16,
                    report_failures=False) == V.verify(island, easy, data=data,
                                                       greedy_games=16, figure_games=16)

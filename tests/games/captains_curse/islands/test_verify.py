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

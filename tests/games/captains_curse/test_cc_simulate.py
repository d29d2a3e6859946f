"""simulate(): statistics, determinism across jobs, the Wilson interval."""

from __future__ import annotations

import pytest

from sheetgen.errors import SheetgenError
from sheetgen.games.captains_curse.simulate import (
    game_seed,
    play_game,
    play_games,
    simulate,
    wilson_interval,
)


def test_wilson_interval_known_values():
    low, high = wilson_interval(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-4)
    assert high == pytest.approx(0.5962, abs=1e-4)
    assert wilson_interval(0, 10)[0] == 0.0
    assert wilson_interval(10, 10)[1] == pytest.approx(1.0)
    assert wilson_interval(0, 10)[1] == pytest.approx(0.2775, abs=1e-4)


def test_game_seed_is_stable_and_distinct():
    seeds = {game_seed(7, i) for i in range(1000)}
    assert len(seeds) == 1000
    assert game_seed(7, 3) == game_seed(7, 3)
    assert game_seed(7, 3) != game_seed(8, 3)


def test_same_seed_same_results_whatever_jobs(roomy, ruleset):
    one = simulate(roomy, ruleset, "greedy", 200, seed=5, jobs=1)
    two = simulate(roomy, ruleset, "greedy", 200, seed=5, jobs=2)
    assert one.results == two.results
    assert one.to_dict() == two.to_dict()
    assert one.games == 200 and one.wins == sum(r.won for r in one.results)
    lo, hi = one.win_rate_ci
    assert lo <= one.win_rate <= hi


def test_pieces_of_a_run_and_a_dask_cluster_give_the_same_games(roomy, ruleset):
    """`play_games` goes through `engine.runner` in batches: a run continued from game 100
    over two processes, or played on a local dask cluster, has exactly the games of the
    whole run in one process."""
    whole = play_games(roomy, ruleset, "greedy", 5, 0, 300)
    assert play_games(roomy, ruleset, "greedy", 5, 100, 300, jobs=2) == whole[100:]
    pytest.importorskip("distributed")
    assert play_games(roomy, ruleset, "greedy", 5, 0, 80, jobs=1, scheduler="local") \
        == whole[:80]


def test_simulate_results_are_the_single_games(roomy, ruleset):
    sim = simulate(roomy, ruleset, "random", 20, seed=11)
    for i in (0, 7, 19):
        assert sim.results[i] == play_game(roomy, ruleset, "random", game_seed(11, i))


def test_unknown_policy_is_a_clear_error(roomy, ruleset):
    with pytest.raises(SheetgenError, match="unknown policy") as err:
        simulate(roomy, ruleset, "gredy", 10, seed=1)
    assert "greedy" in err.value.hint


def test_too_many_spaces_is_a_clear_error():
    from sheetgen.games.captains_curse.island import island_from_dict
    from sheetgen.games.captains_curse.ruleset import Ruleset

    spaces = [{"id": f"s{i}", "symbol": "abcdef"[i % 6], "ring": i == 0} for i in range(66)]
    lines = [{"id": f"L{i}", "region": [f"s{i}"], "ends": [[], []]} for i in range(66)]
    island = island_from_dict({"format": "captains-curse-island/1", "name": "Huge",
                               "seed": None, "symbols": list("abcdef"), "spaces": spaces,
                               "sink_lines": lines})
    with pytest.raises(SheetgenError, match="at most 62"):
        simulate(island, Ruleset(symbol_counts=(11,) * 6), "greedy", 5, seed=1)

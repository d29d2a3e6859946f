"""Wilson intervals, per-game seeds and `run_games`: the same list whatever `jobs`."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sheetgen.engine.dicenim import play_seeded
from sheetgen.engine.rng import game_seed
from sheetgen.engine.runner import chunk_bounds, game_seeds, run_games
from sheetgen.engine.stats import wilson, wilson_interval


def test_wilson_known_values():
    p = wilson(50, 100)
    assert p.rate == 0.5 and p.wins == 50 and p.n == 100
    assert p.low == pytest.approx(0.4038, abs=1e-4) and p.high == pytest.approx(0.5962, abs=1e-4)
    assert wilson(10, 10).high == pytest.approx(1.0)
    assert wilson(0, 0) == (0.0, 0.0, 1.0, 0, 0)
    with pytest.raises(ValueError):
        wilson(11, 10)


@given(st.integers(1, 10_000).flatmap(lambda n: st.tuples(st.integers(0, n), st.just(n))))
def test_wilson_contains_the_rate_and_stays_in_0_1(case):
    wins, n = case
    p = wilson(wins, n)
    assert 0.0 <= p.low <= p.rate <= p.high <= 1.0
    assert (p.low, p.high) == pytest.approx(wilson_interval(wins, n), abs=1e-15)


def test_captains_curse_uses_the_engine_interval():
    from sheetgen.games.captains_curse import simulate

    assert simulate.wilson_interval is wilson_interval


@given(st.integers(0, 2000), st.integers(1, 16))
def test_chunks_cover_every_game_once_in_order(n, jobs):
    bounds = chunk_bounds(n, jobs)
    assert [i for lo, hi in bounds for i in range(lo, hi)] == list(range(n))


def test_game_seeds_depend_on_seed_and_index_only():
    assert game_seeds(3, 5) == [game_seed(3, i) for i in range(5)]
    assert len(set(game_seeds(3, 1000))) == 1000
    assert game_seeds(3, 5) != game_seeds(4, 5)


def _seed_and_index(seed, index, offset):
    return (seed, index + offset)


def test_run_games_passes_seed_index_and_args_in_index_order():
    assert run_games(_seed_and_index, 4, 11, args=(100,)) == [
        (game_seed(11, i), 100 + i) for i in range(4)]
    assert run_games(_seed_and_index, 0, 11, args=(0,)) == []


def test_run_games_is_the_same_whatever_jobs():
    one = run_games(play_seeded, 300, seed=5, args=(15,))
    two = run_games(play_seeded, 300, seed=5, args=(15,), jobs=2)
    assert one == two
    assert len({o.winners for o in one}) == 2  # both seats win some games


def _batch(seeds, first, offset):
    """Many games a call: the seeds of games first.. and their indices."""
    return [(seed, first + k + offset) for k, seed in enumerate(seeds)]


def _worker_pid(seed, index):
    import os

    return os.getpid()


@pytest.mark.parametrize("jobs", [1, 2])
def test_batches_and_offsets_give_the_same_games_as_one_at_a_time(jobs):
    """`batch=True` hands a chunk's seeds to one call; `start` continues a run where an
    earlier call stopped. Both give exactly the games of the plain run, whatever `jobs`."""
    whole = run_games(_seed_and_index, 700, 9, args=(0,))
    assert run_games(_batch, 700, 9, args=(0,), batch=True, jobs=jobs) == whole
    assert run_games(_seed_and_index, 300, 9, args=(0,), start=400, jobs=jobs) == whole[400:]
    assert run_games(_batch, 300, 9, args=(0,), start=400, batch=True, jobs=jobs) \
        == whole[400:]


@pytest.mark.skipif((__import__("os").cpu_count() or 1) < 2, reason="jobs are capped at the cores")
def test_a_pool_runs_the_chunks_in_its_workers_with_the_runs_args():
    """With jobs=2 the chunks run in worker processes (not here), which were handed the
    run's args when they started."""
    import os

    pids = set(run_games(_worker_pid, 400, 1, jobs=2))
    assert os.getpid() not in pids and pids
    assert run_games(_batch, 400, 1, args=(5,), batch=True, jobs=2)[-1] == (game_seed(1, 399),
                                                                              404)


def test_run_games_reports_progress_up_to_n():
    seen = []
    run_games(_seed_and_index, 700, 1, args=(0,), progress=lambda d, n: seen.append((d, n)))
    assert seen[-1] == (700, 700) and all(n == 700 for _, n in seen)
    assert [d for d, _ in seen] == sorted(d for d, _ in seen)


def test_run_games_on_a_local_dask_cluster_gives_the_same_list():
    pytest.importorskip("distributed")
    one = run_games(play_seeded, 40, seed=2, args=(12,))
    assert run_games(play_seeded, 40, seed=2, args=(12,), jobs=1, scheduler="local") == one

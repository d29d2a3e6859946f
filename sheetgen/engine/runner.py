"""Many seeded games at once, with figures that do not depend on how they were spread.

Game `i` of a run with base seed `S` gets the seed `game_seeds(S, n)[i]`, derived from
(S, i) alone; `run_games` returns the results in index order. So a run gives the same
figures with `jobs=1`, `jobs=8` or a dask.distributed cluster (`scheduler`), and any one
game can be played again alone from its seed.

The work function is called as `fn(game_seed, index, *args)`; it must be a top-level
(picklable) function when `jobs > 1` or a `scheduler` is given, and so must `args`.
Games are sent to workers in contiguous chunks, a bounded number ahead of the results
taken, so a long run neither floods the pool nor holds every result twice.
"""

from __future__ import annotations

import math
import os
from collections.abc import Callable, Iterator
from typing import Any

from sheetgen.splitmix import game_seed

CHUNKS_PER_JOB = 4
"""A run is cut into about this many chunks per worker (fewer for short runs): enough to
even out slow and fast games, few enough that the per-chunk overhead stays small."""

MAX_CHUNK = 256
"""At most this many games per chunk, so progress is reported and Ctrl-C is honoured
within about a chunk's time."""


def game_seeds(seed: int, n: int) -> list[int]:
    """The seeds of games 0..n-1 of a run with base seed `seed`.

    >>> game_seeds(7, 3)[:2] == game_seeds(7, 2)
    True
    """
    return [game_seed(seed, i) for i in range(n)]


def _run_chunk(fn: Callable[..., Any], seed: int, start: int, stop: int,
               args: tuple[Any, ...]) -> list[Any]:
    return [fn(game_seed(seed, i), i, *args) for i in range(start, stop)]


def chunk_bounds(n: int, jobs: int) -> list[tuple[int, int]]:
    """Contiguous (start, stop) chunks covering 0..n-1 for `jobs` workers.

    >>> chunk_bounds(10, 2)
    [(0, 2), (2, 4), (4, 6), (6, 8), (8, 10)]
    """
    per = max(1, min(MAX_CHUNK, math.ceil(n / (max(jobs, 1) * CHUNKS_PER_JOB))))
    return [(lo, min(n, lo + per)) for lo in range(0, n, per)]


def iter_runs(fn: Callable[..., Any], n: int, seed: int, *, jobs: int = 1,
              scheduler: str | None = None, args: tuple[Any, ...] = ()
              ) -> Iterator[list[Any]]:
    """The results of games 0..n-1 a chunk at a time, in index order (a caller may stop
    between chunks, e.g. on Ctrl-C, and keep what it has). See `run_games`."""
    if n <= 0:
        return
    if scheduler:
        from sheetgen.workers import dask_client, map_ahead

        bounds = chunk_bounds(n, jobs)
        with dask_client(scheduler, jobs) as client:
            yield from map_ahead(
                lambda b: client.submit(_run_chunk, fn, seed, b[0], b[1], args, pure=False),
                bounds, max(2, 2 * jobs))
        return
    jobs = max(1, min(jobs, os.cpu_count() or 1))
    if jobs == 1:
        for lo, hi in chunk_bounds(n, 1):
            yield _run_chunk(fn, seed, lo, hi, args)
        return
    from sheetgen.workers import map_ahead, worker_pool

    with worker_pool(jobs) as pool:
        yield from map_ahead(lambda b: pool.submit(_run_chunk, fn, seed, b[0], b[1], args),
                             chunk_bounds(n, jobs), 3 * jobs)


def run_games(fn: Callable[..., Any], n: int, seed: int, *, jobs: int = 1,
              scheduler: str | None = None, args: tuple[Any, ...] = (),
              progress: Callable[[int, int], None] | None = None) -> list[Any]:
    """`[fn(game_seed(seed, i), i, *args) for i in range(n)]`, spread over `jobs` worker
    processes (`sheetgen.workers.worker_pool`: they die with this process and leave Ctrl-C
    to it) or over a dask.distributed cluster (`scheduler`: "local" or "tcp://HOST:PORT").
    The list is the same whatever `jobs` or `scheduler`. `progress(done, n)` is called as
    chunks of games finish.

    >>> from sheetgen.engine.dicenim import play_seeded
    >>> [o.winners for o in run_games(play_seeded, 3, seed=1, args=(10,))]
    [(0,), (0,), (1,)]
    """
    results: list[Any] = []
    for part in iter_runs(fn, n, seed, jobs=jobs, scheduler=scheduler, args=args):
        results.extend(part)
        if progress is not None:
            progress(len(results), n)
    return results

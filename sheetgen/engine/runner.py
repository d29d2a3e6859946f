"""Many seeded games at once, with figures that do not depend on how they were spread.

Game `i` of a run with base seed `S` gets the seed `game_seeds(S, n)[i]`, derived from
(S, i) alone; `run_games` returns the results in index order. So a run gives the same
figures with `jobs=1`, `jobs=8` or a dask.distributed cluster (`scheduler`), and any one
game can be played again alone from its seed.

The work function is called as `fn(game_seed, index, *args)`; it must be a top-level
(picklable) function when `jobs > 1` or a `scheduler` is given, and so must `args`.
An engine that plays many games in one call (Captain's Curse's compiled loop) passes
`batch=True`: `fn(seeds, start, *args)` then plays games `start..start+len(seeds)-1` and
returns their results as a list, so the per-call cost is paid once a chunk, not once a game.
Games are sent to workers in contiguous chunks, a bounded number ahead of the results
taken, so a long run neither floods the pool nor holds every result twice. A process pool's
workers receive `args` once, when they start, not with every chunk (an island with its
geometry is a 200 kB pickle).
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
               args: tuple[Any, ...], batch: bool = False) -> list[Any]:
    if batch:
        return list(fn([game_seed(seed, i) for i in range(start, stop)], start, *args))
    return [fn(game_seed(seed, i), i, *args) for i in range(start, stop)]


_WORKER_ARGS: tuple[Any, ...] = ()
"""In a pool's worker: the run's `args`, received once when the worker started."""


def _keep_args(args: tuple[Any, ...]) -> None:
    global _WORKER_ARGS
    _WORKER_ARGS = args


def _run_chunk_here(fn: Callable[..., Any], seed: int, start: int, stop: int,
                    batch: bool) -> list[Any]:
    return _run_chunk(fn, seed, start, stop, _WORKER_ARGS, batch)


def chunk_bounds(n: int, jobs: int) -> list[tuple[int, int]]:
    """Contiguous (start, stop) chunks covering 0..n-1 for `jobs` workers.

    >>> chunk_bounds(10, 2)
    [(0, 2), (2, 4), (4, 6), (6, 8), (8, 10)]
    """
    per = max(1, min(MAX_CHUNK, math.ceil(n / (max(jobs, 1) * CHUNKS_PER_JOB))))
    return [(lo, min(n, lo + per)) for lo in range(0, n, per)]


def iter_runs(fn: Callable[..., Any], n: int, seed: int, *, jobs: int = 1,
              scheduler: str | None = None, args: tuple[Any, ...] = (), start: int = 0,
              batch: bool = False) -> Iterator[list[Any]]:
    """The results of games start..start+n-1 a chunk at a time, in index order (a caller may
    stop between chunks, e.g. on Ctrl-C, and keep what it has; an early-stopping verifier
    asks for the next games with `start`). See `run_games`; `batch` in the module
    docstring."""
    if n <= 0:
        return
    bounds = [(start + lo, start + hi) for lo, hi in chunk_bounds(n, jobs)]
    if scheduler:
        from sheetgen.workers import dask_client, map_ahead

        with dask_client(scheduler, jobs) as client:
            yield from map_ahead(
                lambda b: client.submit(_run_chunk, fn, seed, b[0], b[1], args, batch,
                                        pure=False),
                bounds, max(2, 2 * jobs))
        return
    jobs = max(1, min(jobs, os.cpu_count() or 1))
    if jobs == 1:
        for lo, hi in bounds:
            yield _run_chunk(fn, seed, lo, hi, args, batch)
        return
    from sheetgen.workers import map_ahead, worker_pool

    with worker_pool(jobs, _keep_args, (args,)) as pool:
        yield from map_ahead(lambda b: pool.submit(_run_chunk_here, fn, seed, b[0], b[1], batch),
                             bounds, 3 * jobs)


def run_games(fn: Callable[..., Any], n: int, seed: int, *, jobs: int = 1,
              scheduler: str | None = None, args: tuple[Any, ...] = (),
              progress: Callable[[int, int], None] | None = None, start: int = 0,
              batch: bool = False) -> list[Any]:
    """`[fn(game_seed(seed, i), i, *args) for i in range(n)]`, spread over `jobs` worker
    processes (`sheetgen.workers.worker_pool`: they die with this process and leave Ctrl-C
    to it) or over a dask.distributed cluster (`scheduler`: "local" or "tcp://HOST:PORT").
    The list is the same whatever `jobs` or `scheduler`. `progress(done, n)` is called as
    chunks of games finish. `start` shifts the run to games start..start+n-1; `batch=True`
    calls `fn(seeds, first_index, *args)` once a chunk (module docstring).

    >>> from sheetgen.engine.dicenim import play_seeded
    >>> [o.winners for o in run_games(play_seeded, 3, seed=1, args=(10,))]
    [(0,), (0,), (1,)]
    >>> def play_batch(seeds, first, stones):  # many games a call, same games
    ...     return [play_seeded(s, first + k, stones) for k, s in enumerate(seeds)]
    >>> run_games(play_batch, 3, seed=1, args=(10,), batch=True) == run_games(
    ...     play_seeded, 3, seed=1, args=(10,))
    True
    """
    results: list[Any] = []
    for part in iter_runs(fn, n, seed, jobs=jobs, scheduler=scheduler, args=args, start=start,
                          batch=batch):
        results.extend(part)
        if progress is not None:
            progress(len(results), n)
    return results

"""Many games at once: statistics for a policy on an island, reproducible whatever `jobs` is.

Game `i` of a run with base seed `S` always uses `game_seed(S, i)`; its dice come from that
seed alone (see `rng`), so every island and every policy faces the same dice sequences
(common random numbers) and an early-stopping verifier can play games `start..stop` in
chunks with `play_games`. Results are ordered by game index, never by completion.
"""

from __future__ import annotations

import itertools
import math
import os
import statistics
from collections import Counter, deque
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import numpy as np

from sheetgen.engine.stats import Z95, wilson_interval
from sheetgen.workers import worker_pool

from .island import Island
from .players import (
    get_policy,
    play_results,
    play_summaries,
    play_turns,
    results_from_summaries,
)
from .rng import game_seed
from .ruleset import Ruleset
from .state import GameResult

__all__ = ["Z95", "SimulationResult", "game_seed", "play_game", "play_game_turns", "play_games",
           "simulate", "summarize", "wilson_interval"]

@dataclass(frozen=True)
class SimulationResult:
    """What `simulate` measured. `results[i]` is game i (seed `game_seed(seed, i)`)."""

    policy: str
    seed: int
    games: int
    wins: int
    win_rate: float
    win_rate_ci: tuple[float, float]
    mean_score: float
    median_score: float
    score_histogram: dict[int, int]
    titles: dict[str, int]
    lost_to_sinking: float  # share of games lost because the centre ring sank (R15)
    results: tuple[GameResult, ...]

    def to_dict(self) -> dict[str, Any]:
        """The JSON summary printed by `sheetgen captains-curse simulate --json` (no per-game
        results)."""
        return {"policy": self.policy, "seed": self.seed, "games": self.games,
                "wins": self.wins, "win_rate": self.win_rate,
                "win_rate_ci": list(self.win_rate_ci), "mean_score": self.mean_score,
                "median_score": self.median_score,
                "score_histogram": {str(k): v for k, v in sorted(self.score_histogram.items())},
                "titles": self.titles, "lost_to_sinking": self.lost_to_sinking}


def play_game_turns(island: Island, ruleset: Ruleset, policy: str,
                    seed: int) -> tuple[GameResult, list[dict[str, Any]]]:
    """Play one game with seed `seed` (see `game_seed`); the result and its log turns."""
    return play_turns(island, ruleset, get_policy(policy), seed)


def play_game(island: Island, ruleset: Ruleset, policy: str, seed: int) -> GameResult:
    """Play one game with seed `seed` (see `game_seed`) and return its result."""
    return play_game_turns(island, ruleset, policy, seed)[0]


def play_logged(seed: int, index: int, island: Island, ruleset: Ruleset, policy: str
                ) -> tuple[GameResult, list[dict[str, Any]]]:
    """Game `index` of a run, with its log turns: `engine.runner.run_games`'s work function
    when a run writes logs (each game is played once, its log kept from that play)."""
    return play_game_turns(island, ruleset, policy, seed)


def play_one(seed: int, index: int, island: Island, ruleset: Ruleset, policy: str
             ) -> GameResult:
    """Game `index` of a run (`engine.runner.run_games`'s work function on a cluster)."""
    return play_game(island, ruleset, policy, seed)


_WORKER: dict[str, Any] = {}


def _init_worker(island: Island, ruleset: Ruleset, policy: str, base: int) -> None:
    """Each pool process receives the island once, not once per chunk."""
    _WORKER.update(island=island, ruleset=ruleset, policy=get_policy(policy), base=base)


def _play_range(bounds: tuple[int, int]) -> np.ndarray:
    start, stop = bounds
    w = _WORKER
    return play_summaries(w["island"], w["ruleset"], w["policy"],
                          [game_seed(w["base"], i) for i in range(start, stop)])


CHUNK = 256
"""Games played per step of `iter_games`: under a second of expert play, so Ctrl-C in
`simulate` stops within about a second and keeps the games already played."""


def iter_games(island: Island, ruleset: Ruleset, policy: str, seed: int, start: int,
               stop: int, jobs: int = 1, chunk: int = CHUNK) -> Iterator[list[GameResult]]:
    """Games `start..stop-1` of the run with base seed `seed`, in index order, a chunk at a
    time (a caller may stop between chunks and keep what was played).

    `jobs > 1` spreads contiguous chunks over a process pool; the results are identical.
    """
    p = get_policy(policy)  # fail early on an unknown name
    n = stop - start
    if n <= 0:
        return
    jobs = max(1, min(jobs, os.cpu_count() or 1))
    if jobs == 1 or n < 64:
        for lo in range(start, stop, chunk):
            yield play_results(island, ruleset, p,
                               [game_seed(seed, i) for i in range(lo, min(stop, lo + chunk))])
        return
    play_summaries(island, ruleset, p, [game_seed(seed, start)])  # compile before forking
    per = max(1, min(chunk // jobs, math.ceil(n / (jobs * 4))))
    bounds = ((lo, min(stop, lo + per)) for lo in range(start, stop, per))
    with worker_pool(jobs, _init_worker, (island, ruleset, policy, seed)) as pool:
        # A few chunks in flight per worker, not the whole run: a million games start at
        # once, and Ctrl-C has little queued work to cancel.
        pending = deque(pool.submit(_play_range, b) for b in itertools.islice(bounds, 3 * jobs))
        while pending:
            rows = pending.popleft().result()
            for b in itertools.islice(bounds, 1):
                pending.append(pool.submit(_play_range, b))
            yield results_from_summaries(ruleset, rows)


def play_games(island: Island, ruleset: Ruleset, policy: str, seed: int, start: int,
               stop: int, jobs: int = 1) -> list[GameResult]:
    """Play games `start..stop-1` of the run with base seed `seed`, in index order.

    `jobs > 1` spreads contiguous chunks over a process pool; the results are identical.
    """
    return [r for part in iter_games(island, ruleset, policy, seed, start, stop, jobs)
            for r in part]


def summarize(results: list[GameResult] | tuple[GameResult, ...], ruleset: Ruleset,
              policy: str, seed: int) -> SimulationResult:
    """Statistics over finished games (win rate with a Wilson 95% interval, scores, titles)."""
    n = len(results)
    wins = sum(r.won for r in results)
    scores = [r.score for r in results]
    titles = Counter(r.title for r in results if r.title)
    return SimulationResult(
        policy=policy, seed=seed, games=n, wins=wins, win_rate=wins / n if n else 0.0,
        win_rate_ci=wilson_interval(wins, n),
        mean_score=statistics.fmean(scores) if scores else 0.0,
        median_score=float(statistics.median(scores)) if scores else 0.0,
        score_histogram=dict(sorted(Counter(scores).items())),
        titles={t.name: titles.get(t.name, 0) for t in ruleset.titles},
        lost_to_sinking=sum(r.lost for r in results) / n if n else 0.0,
        results=tuple(results))


def simulate(island: Island, ruleset: Ruleset, policy: str, n_games: int, seed: int,
             jobs: int = 1) -> SimulationResult:
    """Play `n_games` games with `policy` and summarise them. Same seed, same result."""
    results = play_games(island, ruleset, policy, seed, 0, n_games, jobs)
    return summarize(results, ruleset, policy, seed)

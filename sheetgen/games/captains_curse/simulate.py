"""Many games at once: statistics for a policy on an island, reproducible whatever `jobs` is.

Game `i` of a run with base seed `S` always uses `game_seed(S, i)`; its dice come from that
seed alone (see `rng`), so every island and every policy faces the same dice sequences
(common random numbers) and an early-stopping verifier can play games `start..stop` in
chunks with `play_games`. Results are ordered by game index, never by completion.

The games are spread like every game's, by `sheetgen.engine.runner` (processes or a dask
cluster); what is Captain's Curse's own is `play_batch`, which plays a whole chunk of games
in one call into the compiled loop.
"""

from __future__ import annotations

import statistics
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from sheetgen.engine.runner import iter_runs
from sheetgen.engine.stats import Z95, wilson_interval

from .island import Island
from .players import (
    get_policy,
    play_results,
    play_summaries,
    play_turns,
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


def play_batch(seeds: list[int], start: int, island: Island, ruleset: Ruleset, policy: str
               ) -> list[GameResult]:
    """Games `start..start+len(seeds)-1` of a run in one compiled call: the work function
    `engine.runner` calls once a chunk of games (`batch=True`), so a chunk costs one call
    into the fast path, not one a game."""
    return play_results(island, ruleset, get_policy(policy), seeds)


SERIAL_BELOW = 64
"""Runs shorter than this are played in this process whatever `jobs`: starting workers
would cost more than the games."""


def iter_games(island: Island, ruleset: Ruleset, policy: str, seed: int, start: int,
               stop: int, jobs: int = 1, scheduler: str | None = None
               ) -> Iterator[list[GameResult]]:
    """Games `start..stop-1` of the run with base seed `seed`, in index order, a chunk at a
    time (a caller may stop between chunks and keep what was played).

    `engine.runner` spreads contiguous chunks over `jobs` processes or a dask cluster
    (`scheduler`); the results are identical whichever.
    """
    p = get_policy(policy)  # fail early on an unknown name
    n = stop - start
    if n <= 0:
        return
    if n < SERIAL_BELOW and not scheduler:
        jobs = 1
    if jobs > 1 and not scheduler:
        play_summaries(island, ruleset, p, [game_seed(seed, start)])  # compile before forking
    yield from iter_runs(play_batch, n, seed, jobs=jobs, scheduler=scheduler,
                         args=(island, ruleset, policy), start=start, batch=True)


def play_games(island: Island, ruleset: Ruleset, policy: str, seed: int, start: int,
               stop: int, jobs: int = 1, scheduler: str | None = None) -> list[GameResult]:
    """Play games `start..stop-1` of the run with base seed `seed`, in index order.

    `jobs > 1` (or a dask `scheduler`) spreads contiguous chunks over processes; the results
    are identical.
    """
    return [r for part in iter_games(island, ruleset, policy, seed, start, stop, jobs,
                                     scheduler) for r in part]


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
             jobs: int = 1, scheduler: str | None = None) -> SimulationResult:
    """Play `n_games` games with `policy` and summarise them. Same seed, same result."""
    results = play_games(island, ruleset, policy, seed, 0, n_games, jobs, scheduler)
    return summarize(results, ruleset, policy, seed)

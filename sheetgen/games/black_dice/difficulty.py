"""How hard each bundled quest is: the crew's win rate per quest and player count, computed
from the engine when the rulebook is built (never typed in), so the table players read is
the one the rules give.

`GAMES` games per cell with greedy players at every seat, seed `SEED`: about 3,600 games in
all, some 30 s of CPU, spread over the machine's cores (the figures do not depend on how).
The figures are kept in sheetgen's cache (`sheetgen.cache.cached_json`, one process
measuring at a time) under a digest of every Black Dice and engine source, quest file and
setting, so a rebuild reuses them until the engine or a quest changes; a cache that cannot be
written only costs the time. The package ships the table measured under the current digest
(`SHIPPED`, written on purpose by tools/ship_measurements.py), so a fresh install reads it
rather than measuring; a changed source measures again, as before.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from sheetgen.engine.stats import wilson

GAMES = 300
SEED = 1
POLICY = "greedy"
PLAYER_COUNTS = (2, 3, 4)
PACKAGE = Path(__file__).resolve().parent
SHIPPED = PACKAGE / "measured" / "difficulty.json"


@dataclass(frozen=True)
class Cell:
    wins: int
    games: int

    @property
    def rate(self) -> float:
        return self.wins / self.games

    def text(self) -> str:
        p = wilson(self.wins, self.games)
        return f"{100 * p.rate:.0f}% ({100 * p.low:.0f}-{100 * p.high:.0f})"


@dataclass(frozen=True)
class Difficulty:
    games: int
    seed: int
    policy: str
    counts: tuple[int, ...]
    rows: tuple[tuple[str, tuple[Cell, ...]], ...]  # (quest name, cell per player count)


def _cache() -> tuple[str, list[Path], str]:
    """`cached_json`'s name, sources and settings for the table: every Black Dice and engine
    source and the quests."""
    from sheetgen.cache import game_sources

    return ("black-dice-difficulty", game_sources(PACKAGE, "quests/*.yaml"),
            f"{GAMES} {SEED} {POLICY} {PLAYER_COUNTS}")


def difficulty_key() -> str:
    """The digest the table is cached and shipped under (`sheetgen.cache.sources_key`)."""
    from sheetgen.cache import sources_key

    _, sources, settings = _cache()
    return sources_key(sources, settings)


def is_measured() -> bool:
    """Whether `difficulty` would read the table (shipped or cached) rather than measure it:
    the test suite measures it before its workers start when not."""
    from sheetgen.cache import is_cached

    return is_cached(*_cache(), shipped=SHIPPED)


def _cell(quest_id: str, count: int, games: int) -> list[int]:
    """One cell of the table: [crew wins, games] of `quest_id` with `count` players."""
    from .quest import load_quest
    from .simulate import simulate

    b = simulate(load_quest(quest_id), count, games, SEED, POLICY)
    return [b.outcomes.get("won", 0), b.games]


def _measure() -> dict[str, list[list[int]]]:
    import multiprocessing
    import os

    from .quest import BUNDLED, load_quest

    # Spread over the cores, but not from inside a worker (parallel rulebook rendering):
    # a pool within a pool would only fight for the same cores. The cells are the work
    # items, all in one pool: a pool for each cell's games started the workers twelve
    # times. A cell's figures do not depend on where it is played.
    main = multiprocessing.parent_process() is None
    jobs = max(1, min(4, os.cpu_count() or 1)) if main else 1
    cells = [(quest_id, count, GAMES) for quest_id in BUNDLED for count in PLAYER_COUNTS]
    if jobs == 1:
        measured = [_cell(*cell) for cell in cells]
    else:
        from sheetgen.workers import worker_pool

        with worker_pool(jobs) as pool:
            measured = [f.result() for f in [pool.submit(_cell, *cell) for cell in cells]]
    out: dict[str, list[list[int]]] = {}
    for (quest_id, _, _), figures in zip(cells, measured, strict=True):
        out.setdefault(load_quest(quest_id).name, []).append(figures)
    return out


@lru_cache(maxsize=1)
def difficulty() -> Difficulty:
    """The table (from the package or the cache when the engine and quests are unchanged)."""
    from sheetgen.cache import cached_json

    data = cached_json(*_cache(), _measure, shipped=SHIPPED)
    rows = tuple((name, tuple(Cell(w, n) for w, n in cells)) for name, cells in data.items())
    return Difficulty(GAMES, SEED, POLICY, PLAYER_COUNTS, rows)

"""How hard each bundled quest is: the crew's win rate per quest and player count, computed
from the engine when the rulebook is built (never typed in), so the table players read is
the one the rules give.

`GAMES` games per cell with greedy players at every seat, seed `SEED`: about 3,600 games in
all, some 30 s of CPU, spread over the machine's cores (the figures do not depend on how).
The figures are kept in sheetgen's cache folder (`sheetgen.cache.cache_root()/black-dice`)
under a digest of every engine source, quest file and setting, so a rebuild reuses them
until the engine or a quest changes; a cache that cannot be written only costs the time.
The package ships the table measured under the current digest (`SHIPPED`, written on purpose
by tools/ship_measurements.py), so a fresh install reads it rather than measuring; a changed
source measures again, as before.
"""

from __future__ import annotations

import json
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


def _digest() -> str:
    """Every source the figures depend on: this package, its quests and the engine layer
    (`sheetgen.cache.sources_key`, the key its shipped table is measured under)."""
    from sheetgen.cache import sources_key

    engine = PACKAGE.parents[1] / "engine"
    return sources_key([*PACKAGE.glob("*.py"), *(PACKAGE / "quests").glob("*.yaml"),
                        *engine.glob("*.py")], f"{GAMES} {SEED} {POLICY} {PLAYER_COUNTS}")


def _cache_file() -> Path:
    from sheetgen.cache import cache_root

    return cache_root() / "black-dice" / f"difficulty-{_digest()}.json"


def _shipped() -> dict[str, list[list[int]]] | None:
    """The table the package ships, when it was measured from these very sources."""
    from sheetgen.cache import read_shipped

    return read_shipped(SHIPPED, _digest())


def is_measured() -> bool:
    """Whether `difficulty` would read the table (shipped or cached) rather than measure it:
    the test suite measures it before its workers start when not."""
    return _shipped() is not None or _cache_file().is_file()


def _measure() -> dict[str, list[list[int]]]:
    import multiprocessing
    import os

    from .quest import BUNDLED, load_quest
    from .simulate import simulate

    # Spread over the cores, but not from inside a worker (parallel rulebook rendering):
    # a pool within a pool would only fight for the same cores.
    main = multiprocessing.parent_process() is None
    jobs = max(1, min(4, os.cpu_count() or 1)) if main else 1

    out = {}
    for quest_id in BUNDLED:
        quest = load_quest(quest_id)
        cells = []
        for count in PLAYER_COUNTS:
            b = simulate(quest, count, GAMES, SEED, POLICY, jobs)
            cells.append([b.outcomes.get("won", 0), b.games])
        out[quest.name] = cells
    return out


@lru_cache(maxsize=1)
def difficulty() -> Difficulty:
    """The table (from the cache when the engine and quests are unchanged)."""
    path = _cache_file()
    data = _shipped()
    if data is None:
        try:
            data = json.loads(path.read_text())
        except (OSError, ValueError):
            pass
    if not isinstance(data, dict):
        data = _measure()
        try:
            from sheetgen.atomic import write_text

            path.parent.mkdir(parents=True, exist_ok=True)
            write_text(path, json.dumps(data, indent=1) + "\n")
        except OSError:
            pass  # no cache: the next build measures again
    rows = tuple((name, tuple(Cell(w, n) for w, n in cells)) for name, cells in data.items())
    return Difficulty(GAMES, SEED, POLICY, PLAYER_COUNTS, rows)

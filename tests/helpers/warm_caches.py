"""Fill the machine's caches before the suite's xdist workers start, once, when they are empty.

On an empty cache (a new machine, as CI sees it) the first test in each xdist worker that
plays Captain's Curse paid numba's compile of the fast path, about 75 s of CPU, both
workers at the same time; the first Black Dice rulebook measured its quests' figures
(about 40 s of CPU); and the Voodoo book's verdict figures (about 50 s) were measured by
the first worker to ask while the other waited on the cache's lock (two tests of
tests/rulebooks/test_sources.py, 54 s and 48 s in the first step). tests/conftest.py runs
this file once per cold cache, each warm-up in a process of its own at the same time
(`python tests/helpers/warm_caches.py captains-curse`, `black-dice`, `voodoo`), and the
workers wait for them before their first test: each is then computed once and loaded
from the cache by every worker and every CLI subprocess.

What it calls is what the suite calls: the fast path's whole-game entry points (`play`,
`play_summaries`) and the per-decision ones a `FastPlayer` uses through the engine
contract, on the bundled roomy island; the Black Dice difficulty table.

The Black Dice table and the Voodoo verdict ship with the package, keyed by the digest of
their sources (tools/ship_measurements.py): they count as warm unless a source changed
since they were shipped, so a fresh clone only compiles the fast path here.
"""

from __future__ import annotations

import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def _done_marker() -> Path:
    """One marker for every checkout of the same sources: with numba >= 0.62 copies of the
    same sources at other paths share one compiled copy (`sheetgen.numba_locator`), so a
    fresh clone on a warm cache has nothing to compile (it started a warm-up that only
    loaded, and ordered its Captain's Curse tests last as if it compiled). Older numba files
    compiled code under the full path of its source folder: there each checkout compiles
    its own, and the marker is named after the checkout too."""
    import hashlib

    from numba.core import config

    from sheetgen.games.captains_curse import fast

    if hasattr(config, "CACHE_LOCATOR_CLASSES"):
        return fast.CACHE_FOLDER / "suite-warm-up.done"
    checkout = hashlib.sha256(str(REPO).encode()).hexdigest()[:12]
    return fast.CACHE_FOLDER / f"suite-warm-up-{checkout}.done"


def fast_path_warm() -> bool:
    """Whether this warm-up already compiled the fast path for its current sources: it
    leaves a marker in the cache folder (`sheetgen.cache.numba_cache_for`; the folder alone
    says little: island generation compiles the random stream into it)."""
    return _done_marker().is_file()


def compile_fast_path() -> None:
    """Call each compiled entry point once, so numba compiles and caches it."""
    from sheetgen.engine import play
    from sheetgen.games.captains_curse.island import load_island
    from sheetgen.games.captains_curse.players import make_player
    from sheetgen.games.captains_curse.rng import dice_stream, game_seed
    from sheetgen.games.captains_curse.ruleset import DEFAULT_RULESET
    from sheetgen.games.captains_curse.simulate import play_game_turns, play_games
    from sheetgen.games.captains_curse.state import GameState

    island = load_island(REPO / "layouts" / "captains_curse" / "islands" / "roomy.yaml")
    seed = game_seed(1, 0)
    play_games(island, DEFAULT_RULESET, "expert", 1, 0, 1)  # play_summaries
    play_game_turns(island, DEFAULT_RULESET, "expert", seed)  # play, termination
    # enum_placements, choose_placement/_loot/_sink, new_work: a FastPlayer's decisions
    play(GameState(island, DEFAULT_RULESET), [make_player("expert", seed)], dice_stream(seed))
    _done_marker().write_text("compiled by tests/helpers/warm_caches.py\n")


def measure_black_dice() -> None:
    """The Black Dice difficulty table the rulebook prints (cached under its sources)."""
    from sheetgen.games.black_dice.difficulty import difficulty

    difficulty()


def black_dice_measured() -> bool:
    """Shipped with the package for these sources, or cached: nothing to measure."""
    from sheetgen.games.black_dice.difficulty import is_measured

    return is_measured()


def measure_voodoo() -> None:
    """The Voodoo book's verdict on the bundled Sea of Souls (`cached_json`)."""
    from sheetgen.games.voodoo.verify import bundled_verdict

    bundled_verdict()


def voodoo_measured() -> bool:
    from sheetgen.games.voodoo.verify import bundled_verdict_is_cached

    return bundled_verdict_is_cached()


def bind_compiled_code() -> None:
    """Import the compiled kernels that sheetgen imports on first use, so that each is cached
    in the run's cache folder. Numba picks a function's cache folder when the module that
    defines it is imported (`sheetgen.cache.numba_cache_for`, under `$SHEETGEN_CACHE`), and
    several tests point SHEETGEN_CACHE at a temporary folder: a worker whose first use of a
    kernel came inside such a test compiled it there, and the run's cache never received it
    (the other worker and the next run compiled it again). Importing compiles nothing."""
    from sheetgen.games.captains_curse import fast  # noqa: F401 (imported for its cache)
    from sheetgen.games.captains_curse.islands import cells, coast, symbols
    from sheetgen.games.swashbuckle import solver

    solver._turn_kernel()
    coast._outline_kernels()
    symbols._anneal()
    cells._lloyd_kernels()


WARM = {"captains-curse": (fast_path_warm, compile_fast_path),
        "black-dice": (black_dice_measured, measure_black_dice),
        "voodoo": (voodoo_measured, measure_voodoo)}
"""name -> (whether its cache is filled, what fills it)."""


def cold() -> list[str]:
    """The warm-ups whose caches are empty (each check reads a file name or two)."""
    return [name for name, (warm, _) in WARM.items() if not warm()]


if __name__ == "__main__":
    WARM[sys.argv[1]][1]()

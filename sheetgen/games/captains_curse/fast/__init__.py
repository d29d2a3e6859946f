"""The compiled fast path: whole games in numba, for simulation and island verification.

Same rules as `state.GameState` (the referee), same move order, same random streams: a game
played here and replayed through the referee agrees move by move (test_cc_fastpath.py checks
it for every policy). A game never allocates Python objects. One job per module:

- `arrays`: the int64 layouts (island table `T_*`, state `S_*`, turn record `R_*`, summary
  row `SUM_*`) and `build_table`;
- `primitives`: popcount, the die wrap, SplitMix64 draws;
- `rules`: legal decisions and their effects, termination and the final score;
- `estimate`: greedy's position value, sink and loot choices (`DEFAULT_PARAMS`);
- `policies`: the random, greedy and expert players (`POLICY_IDS`);
- `games`: `play` one game with its turn records, `play_summaries` for many.

Functions that allocate no array are compiled with `_nrt=False` (no numba runtime): numba
otherwise increments and decrements the reference count of every array argument on each
call, two atomic library calls per array, and the expert's search makes tens of thousands
of such calls per game (a quarter of its time went there). They take the arrays they are
given and return scalars; only the callers that allocate work arrays (`play`,
`choose_placement`, `greedy_top`, ...) keep the runtime. Compiling an allocation without it
fails at compile time, so the flag cannot silently go wrong.

Small functions are inlined by LLVM (`forceinline=True`), not by numba (`inline="always"`
copied a callee's IR into each call site and typed it again there, inlined functions
calling inlined functions: about 7% of the fast path's cold compile). LLVM inlines them into
their callers just the same, so the expert is as fast.
Every other function says `forceinline=False`, and every one that allocates `_nrt=True`:
numba gives a function compiled from inside another that function's settings unless it
sets its own, and an inlined function's callee would otherwise be inlined everywhere, an
allocating one compiled without the runtime (which fails), depending on which caller
compiled it first.

This package re-exports what the rest of sheetgen uses (`fast.play`, `fast.S_SUNK`, ...).
Its modules are imported here, inside `numba_cache_for`, so their compiled code is cached
under a digest of these sources (see `sheetgen.cache`).
"""

from pathlib import Path

from sheetgen.cache import numba_cache_for

_HERE = Path(__file__).resolve().parent
# Compiled code is cached per digest of everything it is compiled from (sheetgen/cache.py):
# numba alone would reuse a stale play() after an edit to a module it calls.
with numba_cache_for("captains-curse-fast",
                     [*_HERE.glob("*.py"), _HERE.parents[2] / "splitmix.py"]) as CACHE_FOLDER:
    from sheetgen.games.captains_curse.fast.arrays import (
        M_COLUMN,
        M_DELTA,
        M_DIE,
        M_SIZE,
        M_SPEND,
        M_TAKE,
        M_VALUE,
        MAX_PLACEMENTS,
        MAX_TURNS,
        R_BLACK,
        R_COL,
        R_DCIRC,
        R_LOOT,
        R_MDELTA,
        R_MDIE,
        R_MSPEND,
        R_NPLACE,
        R_SINK,
        R_SIZE,
        R_TAKE,
        R_WHITE,
        S_CIRC,
        S_DBL,
        S_LOOTED,
        S_MARKED,
        S_NEXT,
        S_SIZE,
        S_SUNK,
        SUM_LOST,
        SUM_PERFECT,
        SUM_SCORE,
        SUM_SIZE,
        SUM_TERM,
        SUM_TOTALS,
        SUM_TURNS,
        SUM_UNSUNK,
        SUM_X,
        TAKE_BLACK,
        TAKE_PASS,
        TAKE_WHITE,
        build_table,
    )
    from sheetgen.games.captains_curse.fast.estimate import DEFAULT_PARAMS, new_work, value
    from sheetgen.games.captains_curse.fast.games import play, play_summaries
    from sheetgen.games.captains_curse.fast.policies import (
        POLICY_IDS,
        choose_loot,
        choose_placement,
        choose_sink,
    )
    from sheetgen.games.captains_curse.fast.rules import enum_placements, termination

__all__ = [
    "DEFAULT_PARAMS",
    "M_COLUMN",
    "M_DELTA",
    "M_DIE",
    "M_SIZE",
    "M_SPEND",
    "M_TAKE",
    "M_VALUE",
    "MAX_PLACEMENTS",
    "MAX_TURNS",
    "POLICY_IDS",
    "R_BLACK",
    "R_COL",
    "R_DCIRC",
    "R_LOOT",
    "R_MDELTA",
    "R_MDIE",
    "R_MSPEND",
    "R_NPLACE",
    "R_SINK",
    "R_SIZE",
    "R_TAKE",
    "R_WHITE",
    "S_CIRC",
    "S_DBL",
    "S_LOOTED",
    "S_MARKED",
    "S_NEXT",
    "S_SIZE",
    "S_SUNK",
    "SUM_LOST",
    "SUM_PERFECT",
    "SUM_SCORE",
    "SUM_SIZE",
    "SUM_TERM",
    "SUM_TOTALS",
    "SUM_TURNS",
    "SUM_UNSUNK",
    "SUM_X",
    "TAKE_BLACK",
    "TAKE_PASS",
    "TAKE_WHITE",
    "build_table",
    "choose_loot",
    "choose_placement",
    "choose_sink",
    "enum_placements",
    "new_work",
    "play",
    "play_summaries",
    "termination",
    "value",
]

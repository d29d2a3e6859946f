"""The int64 arrays the compiled kernels share, and how to build the island table.

A game in the fast path never allocates Python objects: the island and ruleset are flattened
into one int64 *table* (`T_*` offsets, built by `build_table`), the position is an int64
*state* (`S_*`), each turn is written to a *record* row (`R_*`), and a finished game can be
summed up in a *summary* row (`SUM_*`).

Table layout (offset: contents):

    T_ROW          0  row of value v in column c: [c*7 + v], v in 1..6
    T_VAL         42  value at row r of column c: [c*6 + r]
    T_SYM         78  mask of the spaces of column c's symbol: [c]
    T_RING        84  mask of the centre ring (R15)
    T_ALL         85  mask of every space
    T_NSPACES     86  number of spaces (at most 62: masks are int64 bit sets)
    T_NLINES      87  number of sink lines
    T_SPENT_COUNTS 88      R8 option: spent doubles count as circled
    T_UNFINISHED_SCORE 89  R16 option: unfinished columns score
    T_GOAL        90  the winning score
    T_SYMOF       96  symbol (column) of each space: [s], 64 slots
    T_SUFFIX     160  sum of (value + 1) over rows r..5 of column c: [c*7 + r]
    T_MASKSUM    202  sum of the values of circled-row mask m in column c: [c*64 + m]
    T_LINES      586  per line L: region [L], first end [n_lines + L], second end
                      [2*n_lines + L]; the lines by region size [3*n_lines + k]; then per
                      space s the start of its holders [4*n_lines + s] (n_spaces + 1
                      offsets) into a flat list of the lines whose region holds s
"""

from __future__ import annotations

import numpy as np

from sheetgen.errors import SheetgenError
from sheetgen.games.captains_curse.island import Island
from sheetgen.games.captains_curse.ruleset import Ruleset

# ---- island table (see the module docstring)
T_ROW = 0
T_VAL = T_ROW + 6 * 7
T_SYM = T_VAL + 6 * 6
T_RING = T_SYM + 6
T_ALL = T_RING + 1
T_NSPACES = T_ALL + 1
T_NLINES = T_NSPACES + 1
T_SPENT_COUNTS = T_NLINES + 1
T_UNFINISHED_SCORE = T_SPENT_COUNTS + 1
T_GOAL = T_UNFINISHED_SCORE + 1
T_SYMOF = T_GOAL + 6  # five slots left free after the goal
T_SUFFIX = T_SYMOF + 64
T_MASKSUM = T_SUFFIX + 6 * 7
T_LINES = T_MASKSUM + 6 * 64

# ---- state layout (int64)
S_NEXT = 0  # first open row per column
S_CIRC = 6  # circled-row mask per column
S_DBL = 12  # doubles state per value-1: 0 blank, 1 circled, 2 spent
S_MARKED = 18
S_LOOTED = 19
S_SUNK = 20
S_SIZE = 21

# ---- turn record layout (int64), one row per turn
R_WHITE, R_BLACK, R_MDIE, R_MDELTA, R_MSPEND, R_TAKE, R_COL, R_LOOT, R_DCIRC, R_SINK, R_NPLACE = (
    range(11)
)
R_SIZE = 11
TAKE_WHITE, TAKE_BLACK, TAKE_PASS = 0, 1, 2

# ---- placement rows: one legal die decision per row (int64)
M_DIE = 0  # the die a doubles symbol modifies: -1 none, 0 white, 1 black
M_DELTA = 1  # +1 or -1 (R7)
M_SPEND = 2  # the doubles value spent for it (0 when none)
M_TAKE = 3  # TAKE_WHITE, TAKE_BLACK or TAKE_PASS
M_COLUMN = 4  # the column circled (-1 on a pass)
M_VALUE = 5  # the value circled
M_SIZE = 6
MAX_PLACEMENTS = 320
MAX_TURNS = 400

# summary row of a finished game (R15-R17), so Python need not loop over cells
SUM_SCORE, SUM_TOTALS, SUM_X, SUM_UNSUNK, SUM_LOST, SUM_PERFECT, SUM_TERM, SUM_TURNS = (
    0,
    1,
    7,
    8,
    9,
    10,
    11,
    12,
)
SUM_SIZE = 13


def build_table(island: Island, ruleset: Ruleset) -> np.ndarray:
    """Flatten an island and ruleset into the int64 table the kernels read."""
    n = len(island.spaces)
    if n > 62:  # masks are int64 bit sets
        raise SheetgenError(
            f"island {island.name!r} has {n} spaces; the engine plays islands of at most 62",
            island.at("spaces"),
            hint="use fewer spaces per symbol (symbol_counts in the ruleset)",
        )
    n_lines = len(island.sink_lines)
    holders = [[i for i in range(n_lines) if island.region_masks[i] >> s & 1] for s in range(n)]
    flat_start = T_LINES + 4 * n_lines + n + 1
    table = np.zeros(flat_start + sum(len(h) for h in holders), dtype=np.int64)
    for c in range(6):
        for r, v in enumerate(ruleset.columns[c]):
            table[T_ROW + c * 7 + v] = r
            table[T_VAL + c * 6 + r] = v
        table[T_SYM + c] = island.symbol_masks[c]
    table[T_RING] = island.ring_mask
    table[T_ALL] = island.all_mask
    table[T_NSPACES] = n
    table[T_NLINES] = n_lines
    table[T_SPENT_COUNTS] = int(ruleset.spent_doubles_count_as_circled)
    table[T_UNFINISHED_SCORE] = int(ruleset.unfinished_columns_score)
    table[T_GOAL] = ruleset.goal
    for i, c in enumerate(island.symbol_of_space):
        table[T_SYMOF + i] = c
    for c in range(6):
        col = ruleset.columns[c]
        for r in range(7):
            table[T_SUFFIX + c * 7 + r] = sum(v + 1 for v in col[r:])
        for m in range(64):
            table[T_MASKSUM + c * 64 + m] = sum(col[r] for r in range(6) if m >> r & 1)
    for i in range(n_lines):
        table[T_LINES + i] = island.region_masks[i]
        table[T_LINES + n_lines + i] = island.end_masks[i][0]
        table[T_LINES + 2 * n_lines + i] = island.end_masks[i][1]
    by_size = sorted(range(n_lines), key=lambda i: (bin(island.region_masks[i]).count("1"), i))
    table[T_LINES + 3 * n_lines : T_LINES + 4 * n_lines] = by_size
    at = flat_start
    for sp in range(n):
        table[T_LINES + 4 * n_lines + sp] = at
        for i in holders[sp]:
            table[at] = i
            at += 1
    table[T_LINES + 4 * n_lines + n] = at
    return table

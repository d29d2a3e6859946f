"""Whole games in one compiled call: `play` (one game, with its turn records) and
`play_summaries` (many games, one summary row each, for simulation and verification)."""

from __future__ import annotations

import numpy as np
from numba import njit

from sheetgen.games.captains_curse.fast.arrays import (
    M_COLUMN,
    M_DELTA,
    M_DIE,
    M_SIZE,
    M_SPEND,
    M_TAKE,
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
    S_NEXT,
    S_SIZE,
    S_SUNK,
    SUM_LOST,
    SUM_PERFECT,
    SUM_SCORE,
    SUM_TERM,
    SUM_TOTALS,
    SUM_TURNS,
    SUM_UNSUNK,
    SUM_X,
    T_ALL,
    T_LINES,
    T_MASKSUM,
    T_RING,
    T_UNFINISHED_SCORE,
    TAKE_PASS,
    TAKE_WHITE,
)
from sheetgen.games.captains_curse.fast.estimate import new_work
from sheetgen.games.captains_curse.fast.policies import (
    KEPT_SIZE,
    choose_loot,
    choose_placement_keeping,
    choose_sink_knowing,
    decision_work,
)
from sheetgen.games.captains_curse.fast.primitives import draw, popcount
from sheetgen.games.captains_curse.fast.rules import (
    apply_loot,
    apply_placement,
    enum_placements,
    termination,
)

POLICY_STREAM = np.uint64(0xD1B54A32D192ED03)
"""XORed into a game's seed to give the players' own random stream."""
ROLLS = np.int64(36)
"""A roll's outcomes, not a literal (see policies.FIRST_ROW)."""


@njit(cache=True, forceinline=False, _nrt=True)
def play(
    table: np.ndarray,
    policy: int,
    seed: np.uint64,
    params: np.ndarray,
    state: np.ndarray,
    rec: np.ndarray,
) -> int:
    """Play one game from the empty sheet; fill state (final state) and rec; return turns."""
    for k in range(S_SIZE):
        state[k] = 0
    dice = np.empty(1, dtype=np.uint64)
    dice[0] = seed
    policy_rng = np.empty(1, dtype=np.uint64)
    policy_rng[0] = seed ^ POLICY_STREAM
    moves = np.empty((MAX_PLACEMENTS, M_SIZE), dtype=np.int64)
    need = new_work()
    kept = np.zeros(KEPT_SIZE, dtype=np.int64)  # the expert's chosen position, for its sink
    kept_value = np.zeros(1)
    work = decision_work(table)  # the expert's work arrays, for all its decisions
    turn = 0
    while turn < MAX_TURNS:
        r = draw(dice, ROLLS)
        w = r // 6 + 1
        b = r % 6 + 1
        doubles_circled = 0
        if w == b and state[S_DBL + w - 1] == 0:  # R8
            state[S_DBL + w - 1] = 1
            doubles_circled = w
        n = enum_placements(table, state, w, b, doubles_circled, moves)
        i = choose_placement_keeping(table, state, moves, n, policy, policy_rng, params, need,
                                     kept, kept_value, work)
        row = rec[turn]
        row[R_WHITE] = w
        row[R_BLACK] = b
        row[R_MDIE] = moves[i, M_DIE]
        row[R_MDELTA] = moves[i, M_DELTA]
        row[R_MSPEND] = moves[i, M_SPEND]
        row[R_TAKE] = moves[i, M_TAKE]
        row[R_COL] = moves[i, M_COLUMN]
        row[R_DCIRC] = doubles_circled
        row[R_NPLACE] = n
        row[R_LOOT] = -1
        row[R_SINK] = -1
        apply_placement(table, state, moves, i)
        if moves[i, M_TAKE] != TAKE_PASS:
            c = moves[i, M_COLUMN]
            s = choose_loot(table, state, c, policy, policy_rng)
            apply_loot(table, state, c, s)
            row[R_LOOT] = s
        if moves[i, M_TAKE] != TAKE_WHITE:  # R9 (R13 when no line is usable)
            line = choose_sink_knowing(table, state, policy, policy_rng, params, need, kept,
                                       kept_value, work)
            if line >= 0:
                state[S_SUNK] |= table[T_LINES + line]
                row[R_SINK] = line
        turn += 1
        if termination(table, state):
            break
    return turn


def play_summaries(
    table: np.ndarray, policy: int, seeds: np.ndarray, params: np.ndarray, out: np.ndarray
) -> None:
    """Play one game per seed; out[g] = score, six column totals, X, unsunk, lost,
    any perfect column, termination code, turns (`summarize`).

    A Python loop over the compiled `play`, not compiled itself: a compiled loop was a
    compile of its own, in which numba optimised and made machine code for play's whole
    call tree once more (about 2 s of CPU on an empty cache), to save a call from Python per
    game (a few microseconds, against the milliseconds of an expert's game)."""
    rec = np.empty((MAX_TURNS, R_SIZE), dtype=np.int64)
    state = np.empty(S_SIZE, dtype=np.int64)
    for g in range(seeds.shape[0]):
        summarize(table, state, play(table, policy, seeds[g], params, state, rec), out[g])


@njit(cache=True, forceinline=False, _nrt=False)
def summarize(table: np.ndarray, state: np.ndarray, turns: int, row: np.ndarray) -> None:
    """The summary row (SUM_*) of a game that ended in `state` after `turns` turns."""
    x_total = 0
    perfect = 0
    for c in range(6):
        circ = state[S_CIRC + c]
        total = table[T_MASKSUM + c * 64 + circ]
        if state[S_NEXT + c] < 6 and table[T_UNFINISHED_SCORE] == 0:  # R16 option
            total = 0
        xs = 6 - popcount(circ)  # R16: every cell not circled ends as an X
        if xs == 0:
            perfect = 1
        x_total += xs
        row[SUM_TOTALS + c] = total
    score = -x_total
    for c in range(6):
        score += row[SUM_TOTALS + c]
    row[SUM_SCORE] = score  # R17
    row[SUM_X] = x_total
    row[SUM_UNSUNK] = popcount(table[T_ALL] & ~state[S_SUNK])
    row[SUM_LOST] = 1 if table[T_RING] & ~state[S_SUNK] == 0 else 0  # R15
    row[SUM_PERFECT] = perfect
    row[SUM_TERM] = termination(table, state)
    row[SUM_TURNS] = turns

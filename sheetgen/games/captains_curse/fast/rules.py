"""The rules on the arrays: what may be played (R6-R8, R11), what a move does (R6, R7, R10)
and when and how a game ends (R14, R16-R17). The referee (`state.GameState`) is the readable
version; tests play both side by side."""

from __future__ import annotations

import numpy as np
from numba import njit

from sheetgen.games.captains_curse.fast.arrays import (
    M_COLUMN,
    M_DELTA,
    M_DIE,
    M_SPEND,
    M_TAKE,
    M_VALUE,
    S_CIRC,
    S_DBL,
    S_LOOTED,
    S_MARKED,
    S_NEXT,
    S_SIZE,
    S_SUNK,
    T_ALL,
    T_LINES,
    T_RING,
    T_ROW,
    T_SPENT_COUNTS,
    T_SYM,
    T_UNFINISHED_SCORE,
    T_VAL,
    TAKE_PASS,
)
from sheetgen.games.captains_curse.fast.primitives import wrap


@njit(cache=True, forceinline=True, _nrt=False)
def available(table: np.ndarray, state: np.ndarray) -> int:
    return table[T_ALL] & ~state[S_MARKED] & ~state[S_SUNK]


@njit(cache=True, forceinline=True, _nrt=False)
def placeable(table: np.ndarray, state: np.ndarray, avail: int, c: int, v: int) -> bool:
    """R6."""
    nr = state[S_NEXT + c]
    return nr < 6 and table[T_ROW + c * 7 + v] >= nr and (avail & table[T_SYM + c]) != 0


@njit(cache=True, forceinline=True, _nrt=False)
def line_usable(table: np.ndarray, sunk: int, i: int, n_lines: int) -> bool:
    """R11: both ends wet and something left to sink."""
    region = table[T_LINES + i]
    e0 = table[T_LINES + n_lines + i]
    e1 = table[T_LINES + 2 * n_lines + i]
    return (region & ~sunk) != 0 and (e0 == 0 or (e0 & sunk) != 0) and (e1 == 0 or (e1 & sunk) != 0)


@njit(cache=True, forceinline=True, _nrt=False)
def lowest_circled_double(state: np.ndarray) -> int:
    """The lowest doubles value circled and not yet spent (R7: the one a spend uses), or 0
    when none is; the move generator and the expert's reply search both ask it."""
    for d in range(1, 7):
        if state[S_DBL + d - 1] == 1:
            return d
    return 0


@njit(cache=True, forceinline=True, _nrt=False)
def copy_state(dst: np.ndarray, src: np.ndarray) -> None:
    """dst = src, element by element: `dst[:] = src` compiles numba's shape-mismatch error
    (string formatting, a few seconds of every cold compile) into each function using it."""
    for k in range(S_SIZE):
        dst[k] = src[k]


@njit(cache=True, forceinline=False, _nrt=False)
def termination(table: np.ndarray, state: np.ndarray) -> int:
    """R14: 0 = go on; 1 columns complete, 2 ring sunk, 3 island sunk, 4 nothing to loot."""
    done = True
    for c in range(6):
        if state[S_NEXT + c] < 6:
            done = False
    if done:
        return 1
    sunk = state[S_SUNK]
    if table[T_RING] & ~sunk == 0:
        return 2
    if table[T_ALL] & ~sunk == 0:
        return 3
    if available(table, state) == 0:
        return 4
    return 0


@njit(cache=True, forceinline=False, _nrt=False)
def final_score(table: np.ndarray, state: np.ndarray) -> int:
    """R16-R17 on a finished sheet: totals minus X, X = every cell not circled."""
    score = 0
    for c in range(6):
        circ = state[S_CIRC + c]
        complete = state[S_NEXT + c] == 6
        for r in range(6):
            if circ >> r & 1:
                if complete or table[T_UNFINISHED_SCORE] != 0:
                    score += table[T_VAL + c * 6 + r]
            else:
                score -= 1
    return score


@njit(cache=True, forceinline=False, _nrt=False)
def enum_placements(
    table: np.ndarray, state: np.ndarray, w: int, b: int, doubles_circled: int, moves: np.ndarray
) -> int:
    """All legal die decisions (R6-R8) in the referee's order; returns their count."""
    avail = available(table, state)
    n = 0
    if w == b:
        d = w
        forced = doubles_circled == d or (state[S_DBL + d - 1] == 2 and table[T_SPENT_COUNTS] == 0)
        any_ok = False
        for take in range(2):
            if take == 0 and forced:
                continue
            for c in range(6):
                if placeable(table, state, avail, c, d):
                    any_ok = True
                    moves[n, M_DIE] = -1
                    moves[n, M_DELTA] = 0
                    moves[n, M_SPEND] = 0
                    moves[n, M_TAKE] = take
                    moves[n, M_COLUMN] = c
                    moves[n, M_VALUE] = d
                    n += 1
        if not any_ok:
            moves[n, M_DIE] = -1
            moves[n, M_DELTA] = 0
            moves[n, M_SPEND] = 0
            moves[n, M_TAKE] = TAKE_PASS
            moves[n, M_COLUMN] = -1
            moves[n, M_VALUE] = 0
            n += 1
        return n
    lowest = lowest_circled_double(state)
    n_mods = 1
    if lowest:
        n_mods = 5
    for m in range(n_mods):
        mdie = -1
        delta = 0
        if m > 0:
            mdie = (m - 1) // 2
            delta = 1 if (m - 1) % 2 == 0 else -1
        for spend in range(1, 7):
            if m == 0:
                if spend > 1:
                    break
                sp = 0
            else:
                if state[S_DBL + spend - 1] != 1:
                    continue
                if table[T_SPENT_COUNTS] != 0 and spend != lowest:
                    continue
                sp = spend
            mw = w
            mb = b
            if mdie == 0:
                mw = wrap(w + delta)
            elif mdie == 1:
                mb = wrap(b + delta)
            start = n
            for take in range(2):
                v = mw if take == 0 else mb
                for c in range(6):
                    if placeable(table, state, avail, c, v):
                        moves[n, M_DIE] = mdie
                        moves[n, M_DELTA] = delta
                        moves[n, M_SPEND] = sp
                        moves[n, M_TAKE] = take
                        moves[n, M_COLUMN] = c
                        moves[n, M_VALUE] = v
                        n += 1
            if n == start:
                moves[n, M_DIE] = mdie
                moves[n, M_DELTA] = delta
                moves[n, M_SPEND] = sp
                moves[n, M_TAKE] = TAKE_PASS
                moves[n, M_COLUMN] = -1
                moves[n, M_VALUE] = 0
                n += 1
    return n


@njit(cache=True, forceinline=False, _nrt=False)
def apply_placement(table: np.ndarray, state: np.ndarray, moves: np.ndarray, i: int) -> None:
    """Spend the doubles symbol (R7) and circle the value, crossing cells above (R6)."""
    if moves[i, M_DIE] >= 0:
        state[S_DBL + moves[i, M_SPEND] - 1] = 2
    if moves[i, M_TAKE] != TAKE_PASS:
        c = moves[i, M_COLUMN]
        row = table[T_ROW + c * 7 + moves[i, M_VALUE]]
        state[S_CIRC + c] |= 1 << row
        state[S_NEXT + c] = row + 1


@njit(cache=True, forceinline=False, _nrt=False)
def apply_loot(table: np.ndarray, state: np.ndarray, c: int, space: int) -> None:
    """R6 loot, then R10 abandonment if the column is complete."""
    bit = 1 << space
    state[S_MARKED] |= bit
    state[S_LOOTED] |= bit
    if state[S_NEXT + c] == 6:
        state[S_MARKED] |= available(table, state) & table[T_SYM + c]

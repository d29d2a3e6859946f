"""Whole games in one compiled call: `play` (one game, with its turn records) and
`play_summaries` (many games, one summary row each, for simulation and verification)."""

from __future__ import annotations

import numpy as np
from numba import njit

from sheetgen.games.captains_curse.fast.arrays import (
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
    choose_loot,
    choose_placement,
    choose_sink,
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


@njit(cache=True)
def play(tab: np.ndarray, policy: int, seed: np.uint64, P: np.ndarray, st: np.ndarray,
         rec: np.ndarray) -> int:
    """Play one game from the empty sheet; fill st (final state) and rec; return turns."""
    for k in range(S_SIZE):
        st[k] = 0
    dice = np.empty(1, dtype=np.uint64)
    dice[0] = seed
    prs = np.empty(1, dtype=np.uint64)
    prs[0] = seed ^ POLICY_STREAM
    pl = np.empty((MAX_PLACEMENTS, 6), dtype=np.int64)
    need = new_work()
    turn = 0
    while turn < MAX_TURNS:
        r = draw(dice, 36)
        w = r // 6 + 1
        b = r % 6 + 1
        dcirc = 0
        if w == b and st[S_DBL + w - 1] == 0:  # R8
            st[S_DBL + w - 1] = 1
            dcirc = w
        n = enum_placements(tab, st, w, b, dcirc, pl)
        i = choose_placement(tab, st, pl, n, policy, prs, P, need)
        row = rec[turn]
        row[R_WHITE] = w
        row[R_BLACK] = b
        row[R_MDIE] = pl[i, 0]
        row[R_MDELTA] = pl[i, 1]
        row[R_MSPEND] = pl[i, 2]
        row[R_TAKE] = pl[i, 3]
        row[R_COL] = pl[i, 4]
        row[R_DCIRC] = dcirc
        row[R_NPLACE] = n
        row[R_LOOT] = -1
        row[R_SINK] = -1
        apply_placement(tab, st, pl, i)
        if pl[i, 3] != TAKE_PASS:
            c = pl[i, 4]
            s = choose_loot(tab, st, c, policy, prs)
            apply_loot(tab, st, c, s)
            row[R_LOOT] = s
        if pl[i, 3] != TAKE_WHITE:  # R9 (R13 when no line is usable)
            line = choose_sink(tab, st, policy, prs, P, need)
            if line >= 0:
                st[S_SUNK] |= tab[T_LINES + line]
                row[R_SINK] = line
        turn += 1
        if termination(tab, st):
            break
    return turn


@njit(cache=True)
def play_summaries(tab: np.ndarray, policy: int, seeds: np.ndarray, P: np.ndarray,
                   out: np.ndarray) -> None:
    """Play one game per seed; out[g] = score, six column totals, X, unsunk, lost,
    any perfect column, termination code, turns."""
    rec = np.empty((MAX_TURNS, R_SIZE), dtype=np.int64)
    st = np.empty(S_SIZE, dtype=np.int64)
    for g in range(seeds.shape[0]):
        turns = play(tab, policy, seeds[g], P, st, rec)
        x_total = 0
        perfect = 0
        for c in range(6):
            circ = st[S_CIRC + c]
            total = tab[T_MASKSUM + c * 64 + circ]
            if st[S_NEXT + c] < 6 and tab[T_UNFINISHED_SCORE] == 0:  # R16 option
                total = 0
            xs = 6 - popcount(circ)  # R16: every cell not circled ends as an X
            if xs == 0:
                perfect = 1
            x_total += xs
            out[g, SUM_TOTALS + c] = total
        score = -x_total
        for c in range(6):
            score += out[g, SUM_TOTALS + c]
        out[g, SUM_SCORE] = score  # R17
        out[g, SUM_X] = x_total
        out[g, SUM_UNSUNK] = popcount(tab[T_ALL] & ~st[S_SUNK])
        out[g, SUM_LOST] = 1 if tab[T_RING] & ~st[S_SUNK] == 0 else 0  # R15
        out[g, SUM_PERFECT] = perfect
        out[g, SUM_TERM] = termination(tab, st)
        out[g, SUM_TURNS] = turns

"""The three bundled players on the arrays: random (0), greedy (1) and expert (2).

- random: every decision uniform over the legal ones, in the referee's order.
- greedy: one-ply. Each die decision is scored by `estimate.value()`. Loot takes the space
  most likely to sink soon; a sink takes, of the three lines that destroy the least
  still-needed treasure (`sink_cost`), the one that leaves the best value (`value_sink`).
- expert: two-ply expectimax. Each of greedy's six favourite die decisions, and each of the
  three cheapest sinks, is scored by the expectation over all 36 next rolls of greedy's best
  reply value (`reply_value`), computed per die value and reused across rolls so that the
  whole lookahead costs a few dozen evaluations.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sheetgen.games.captains_curse.fast.arrays import (
    S_DBL,
    S_SIZE,
    S_SUNK,
    T_LINES,
    T_NLINES,
    T_NSPACES,
    T_SPENT_COUNTS,
    T_SYM,
    TAKE_PASS,
    TAKE_WHITE,
)
from sheetgen.games.captains_curse.fast.estimate import (
    P_EXPERT_K,
    P_EXPERT_SINKS,
    P_GREEDY_SINKS,
    P_RESOLVE_SINKS,
    best_loot,
    need_weights,
    sink_cost,
    value,
    value_above,
    value_sink,
)
from sheetgen.games.captains_curse.fast.primitives import draw, popcount, wrap
from sheetgen.games.captains_curse.fast.rules import (
    apply_loot,
    apply_placement,
    available,
    line_usable,
    placeable,
    termination,
)

POLICY_IDS = {"random": 0, "greedy": 1, "expert": 2}


@njit(cache=True)
def resolve(tab: np.ndarray, st: np.ndarray, pl: np.ndarray, i: int, P: np.ndarray,
            need: np.ndarray, loots: np.ndarray, out: np.ndarray) -> None:
    """Apply placement i with greedy loot and sink; out = [loot, sink] (-1 when none).

    `loots[c]` caches best_loot per column for the state before the placement (placing a
    value changes neither marks nor water, so the choice is the same); -1 = not yet known.
    """
    apply_placement(tab, st, pl, i)
    out[0] = -1
    out[1] = -1
    if pl[i, 3] != TAKE_PASS:
        c = pl[i, 4]
        if loots[c] < 0:
            loots[c] = best_loot(tab, st, c)
        s = loots[c]
        apply_loot(tab, st, c, s)
        out[0] = s
    if pl[i, 3] != TAKE_WHITE:  # R9
        line = value_sink(tab, st, P, need, int(P[P_RESOLVE_SINKS]))
        if line >= 0:
            st[S_SUNK] |= tab[T_LINES + line]
            out[1] = line


@njit(cache=True)
def reply_value(tab: np.ndarray, st: np.ndarray, P: np.ndarray, need: np.ndarray,
                pl: np.ndarray, scratch: np.ndarray, out: np.ndarray) -> float:
    """Expected value over the 36 next rolls of greedy's best reply (the expert's leaf)."""
    if termination(tab, st):
        return value(tab, st, P, need)
    # Per die value: best position after placing it without / with a sink.
    free = np.full(7, -1.0e9)
    cursed = np.full(7, -1.0e9)
    ok = np.zeros(7, dtype=np.bool_)
    loots = np.full(6, -1, dtype=np.int64)
    avail = available(tab, st)
    for v in range(1, 7):
        for c in range(6):
            if placeable(tab, st, avail, c, v):
                ok[v] = True
                pl[0, 0] = -1
                pl[0, 3] = TAKE_WHITE
                pl[0, 4] = c
                pl[0, 5] = v
                scratch[:] = st
                resolve(tab, scratch, pl, 0, P, need, loots, out)
                val = value_above(tab, scratch, P, need, free[v])
                if val > free[v]:
                    free[v] = val
                # the same move with the black die
                line = value_sink(tab, scratch, P, need, int(P[P_RESOLVE_SINKS]))
                if line >= 0:
                    scratch[S_SUNK] |= tab[T_LINES + line]
                val = value_above(tab, scratch, P, need, cursed[v])
                if val > cursed[v]:
                    cursed[v] = val
    pl[0, 0] = -1
    pl[0, 3] = TAKE_PASS
    scratch[:] = st
    resolve(tab, scratch, pl, 0, P, need, loots, out)
    pass_value = value(tab, scratch, P, need)
    # Spending a circled doubles symbol: its effect on value() is a constant shift.
    lowest = 0
    for d in range(1, 7):
        if st[S_DBL + d - 1] == 1:
            lowest = d
            break
    spend_shift = 0.0
    if lowest:
        scratch[:] = st
        base = value(tab, scratch, P, need)
        scratch[S_DBL + lowest - 1] = 2
        spend_shift = value(tab, scratch, P, need) - base
    circle_shift = np.zeros(7)
    total = 0.0
    for w in range(1, 7):
        for b in range(1, 7):
            if w == b:
                d = w
                blank = st[S_DBL + d - 1] == 0
                forced = blank or (st[S_DBL + d - 1] == 2 and tab[T_SPENT_COUNTS] == 0)
                if blank:
                    if circle_shift[d] == 0.0:
                        scratch[:] = st
                        base = value(tab, scratch, P, need)
                        scratch[S_DBL + d - 1] = 1
                        circle_shift[d] = value(tab, scratch, P, need) - base + 1e-12
                    shift = circle_shift[d]
                else:
                    shift = 0.0
                if ok[d]:
                    best = cursed[d] if forced else max(free[d], cursed[d])
                else:
                    best = pass_value
                total += best + shift
                continue
            best = -1.0e9
            if ok[w] or ok[b]:
                if ok[w]:
                    best = free[w]
                if ok[b] and cursed[b] > best:
                    best = cursed[b]
            else:
                best = pass_value
            if lowest:
                for m in range(4):
                    mw = w
                    mb = b
                    if m == 0:
                        mw = wrap(w + 1)
                    elif m == 1:
                        mw = wrap(w - 1)
                    elif m == 2:
                        mb = wrap(b + 1)
                    else:
                        mb = wrap(b - 1)
                    alt = -1.0e9
                    if ok[mw] or ok[mb]:
                        if ok[mw]:
                            alt = free[mw]
                        if ok[mb] and cursed[mb] > alt:
                            alt = cursed[mb]
                    else:
                        alt = pass_value
                    alt += spend_shift
                    if alt > best:
                        best = alt
            total += best
    return total / 36.0


@njit(cache=True)
def choose_placement(tab: np.ndarray, st: np.ndarray, pl: np.ndarray, n: int, policy: int,
                     prs: np.ndarray, P: np.ndarray, need: np.ndarray) -> int:
    """The policy's die decision among the n legal placements in pl.

    `need` is the heuristics' work array (`new_work()`); its memo may be kept for a game.
    """
    if n == 1:
        return 0
    if policy == 0:
        return draw(prs, n)
    out = np.zeros(2, dtype=np.int64)
    scratch = np.empty(S_SIZE, dtype=np.int64)
    loots = np.full(6, -1, dtype=np.int64)
    best = 0
    best_v = -1.0e18
    if policy == 1:
        for i in range(n):
            scratch[:] = st
            resolve(tab, scratch, pl, i, P, need, loots, out)
            v = value_above(tab, scratch, P, need, best_v)
            if v > best_v:
                best_v = v
                best = i
        return best
    # expert: two-ply expectimax with the greedy reply as leaf, over the K decisions that
    # greedy rates best (ties keep the enumeration order, so the choice is deterministic)
    k = int(P[P_EXPERT_K])
    order = np.arange(n)
    if 0 < k < n:
        first = np.empty(n)
        for i in range(n):
            scratch[:] = st
            resolve(tab, scratch, pl, i, P, need, loots, out)
            first[i] = -value(tab, scratch, P, need)
        order = np.argsort(first, kind="mergesort")[:k]
        order.sort()
    pl2 = np.zeros((2, 6), dtype=np.int64)
    scratch2 = np.empty(S_SIZE, dtype=np.int64)
    for j in range(order.shape[0]):
        i = order[j]
        scratch[:] = st
        resolve(tab, scratch, pl, i, P, need, loots, out)
        v = reply_value(tab, scratch, P, need, pl2, scratch2, out)
        if v > best_v:
            best_v = v
            best = i
    return best


@njit(cache=True)
def choose_loot(tab: np.ndarray, st: np.ndarray, c: int, policy: int, prs: np.ndarray) -> int:
    if policy == 0:
        cand = available(tab, st) & tab[T_SYM + c]
        cnt = popcount(cand)
        k = draw(prs, cnt) if cnt > 1 else 0
        for s in range(tab[T_NSPACES]):
            if cand >> s & 1:
                if k == 0:
                    return s
                k -= 1
        return -1
    return best_loot(tab, st, c)


@njit(cache=True)
def choose_sink(tab: np.ndarray, st: np.ndarray, policy: int, prs: np.ndarray,
                P: np.ndarray, need: np.ndarray) -> int:
    """A usable line (R11), or -1 when none is (R13)."""
    n_lines = tab[T_NLINES]
    if policy == 0:
        k = 0
        for i in range(n_lines):
            if line_usable(tab, st[S_SUNK], i, n_lines):
                k += 1
        if k == 0:
            return -1
        j = draw(prs, k) if k > 1 else 0
        for i in range(n_lines):
            if line_usable(tab, st[S_SUNK], i, n_lines):
                if j == 0:
                    return i
                j -= 1
        return -1
    if policy == 1:
        return value_sink(tab, st, P, need, int(P[P_GREEDY_SINKS]))
    k = int(P[P_EXPERT_SINKS])
    if k <= 1:
        return value_sink(tab, st, P, need, int(P[P_GREEDY_SINKS]))
    # the k cheapest usable lines, judged by the value after sinking (two-ply for the expert)
    avail = available(tab, st)
    need_weights(tab, st, avail, P, need)
    costs = np.full(n_lines, 1.0e18)
    n_usable = 0
    for i in range(n_lines):
        if line_usable(tab, st[S_SUNK], i, n_lines):
            costs[i] = sink_cost(tab, st, avail, need, i, n_lines, P)
            n_usable += 1
    if n_usable == 0:
        return -1
    order = np.argsort(costs, kind="mergesort")[:min(k, n_usable)]
    scratch = np.empty(S_SIZE, dtype=np.int64)
    scratch2 = np.empty(S_SIZE, dtype=np.int64)
    pl2 = np.zeros((2, 6), dtype=np.int64)
    out = np.zeros(2, dtype=np.int64)
    best = -1
    best_v = -1.0e18
    for j in range(order.shape[0]):
        i = order[j]
        scratch[:] = st
        scratch[S_SUNK] |= tab[T_LINES + i]
        if policy == 2:
            v = reply_value(tab, scratch, P, need, pl2, scratch2, out)
        else:
            v = value(tab, scratch, P, need)
        if v > best_v:
            best_v = v
            best = i
    return best

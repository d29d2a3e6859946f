"""The greedy player's position estimate: `value()` of a position at the end of a turn, and
the sink and loot choices that serve it.

`value()` is a hand-written estimate of the final score: banked points; open cells weighted
by how likely the column is to be finished given its symbol's remaining spaces; doubles
powers; distance from losing the centre ring; cost of the next sink (`sink_cost` of the
cheapest usable line, remembered in a small memo). Its weights are `DEFAULT_PARAMS`.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sheetgen.games.captains_curse.fast.arrays import (
    S_CIRC,
    S_DBL,
    S_NEXT,
    S_SIZE,
    S_SUNK,
    T_GOAL,
    T_LINES,
    T_MASKSUM,
    T_NLINES,
    T_NSPACES,
    T_RING,
    T_SPENT_COUNTS,
    T_SUFFIX,
    T_SYM,
    T_SYMOF,
    T_UNFINISHED_SCORE,
)
from sheetgen.games.captains_curse.fast.primitives import popcount
from sheetgen.games.captains_curse.fast.rules import (
    available,
    copy_state,
    final_score,
    line_usable,
    termination,
)

# ---- value() parameters. Hand-written terms; weights from a coordinate search on greedy's
# win rate over both test islands and four generated ones (1,500 games each, common random
# numbers), checked on four other generated islands (greedy 34-41% -> 54-63% there, at the
# cost of 1-3 points on the hand-made islands, whose losses are X-bound rather than sinking).
P_Q0 = 0
P_DOUBLE_CIRCLED = 1
P_DOUBLE_PROTECT = 2
P_RING = 3
P_SINK = 4
P_NEED_TIGHT = 5
P_NEED_SLACK = 6
P_WIN_BONUS = 7
P_LOST = 8
P_RING_SINK = 9
P_EXPERT_K = 10  # the expert searches the K decisions greedy likes best (0 = all)
P_EXPERT_SINKS = 11  # ... and compares the K cheapest sink lines two turns deep (<= 1: greedy's)
P_GREEDY_SINKS = 12  # greedy compares its K cheapest sink lines by value() (<= 1: cheapest)
P_RESOLVE_SINKS = 13  # the same when judging a black-die decision before taking it
DEFAULT_PARAMS = np.array(
    [0.5, 4.0, 3.0, 24.0, 1.6, 1.5, 1.0, 20.0, 150.0, 12.0, 6.0, 3.0, 3.0, 1.0], dtype=np.float64
)

# ---- the heuristics' float64 work array: need weights, then a small exact memo of
# cheapest_sink keyed by (available, sunk, need codes). Keys are stored as floats, exact
# below 2**53, so the memo is used only on islands of at most 52 spaces.
LAND_COST = 0.02
"""What sink_cost charges per space of land sunk, needed or not: the least a line can cost
with weights that are not negative, which lets cheapest_sink stop at such a line."""

MEMO = 64  # direct-mapped by a hash of the key
W_MEMO = 7
WORK_SIZE = W_MEMO + 5 * MEMO


@njit(cache=True, forceinline=False, _nrt=True)
def new_work() -> np.ndarray:
    work = np.zeros(WORK_SIZE)
    for j in range(MEMO):
        work[W_MEMO + 5 * j] = -1.0  # no mask is negative: an empty slot never matches
    return work


@njit(cache=True, forceinline=False, _nrt=False)
def need_weights(
    table: np.ndarray, state: np.ndarray, avail: int, params: np.ndarray, need: np.ndarray
) -> int:
    """Per column, what losing one available space of its symbol costs (points); returns
    the columns' codes (0 complete, 1 slack, 2 tight; 2 bits each) for the memo key."""
    code = 0
    for c in range(6):
        nr = state[S_NEXT + c]
        if nr >= 6:
            need[c] = 0.0
            continue
        a = popcount(avail & table[T_SYM + c])
        if a - 1 >= 6 - nr:
            need[c] = params[P_NEED_SLACK]
            code |= 1 << (2 * c)
        else:
            need[c] = params[P_NEED_TIGHT]
            code |= 2 << (2 * c)
    return code


@njit(cache=True, forceinline=True, _nrt=False)
def need_masks(table: np.ndarray, code: int) -> tuple[int, int]:
    """The spaces of the slack and of the tight columns' symbols, from need_weights' code."""
    slack = 0
    tight = 0
    for c in range(6):
        kind = code >> (2 * c) & 3
        if kind == 1:
            slack |= table[T_SYM + c]
        elif kind == 2:
            tight |= table[T_SYM + c]
    return slack, tight


@njit(cache=True, forceinline=True, _nrt=False)
def sums_exact(params: np.ndarray) -> bool:
    """Whether every sum of at most 64 need weights is exact in float64: both weights whole
    multiples of 2**-16 below 2**20 (the defaults are 1.0 and 1.5). Then the treasure a
    line destroys is slack * count + tight * count, the very float the space-by-space sum
    gives, in any order."""
    ok = True
    for p in (P_NEED_SLACK, P_NEED_TIGHT):
        x = params[p] * 65536.0
        ok = ok and abs(params[p]) < 1048576.0 and x == np.floor(x)
    return ok


@njit(cache=True, forceinline=True, _nrt=False)
def sink_cost(
    table: np.ndarray,
    state: np.ndarray,
    avail: int,
    need: np.ndarray,
    i: int,
    n_lines: int,
    params: np.ndarray,
    counted: bool,
    slack: int,
    tight: int,
) -> float:
    """What sinking line i destroys: needed treasure, centre-ring safety, a little land.

    `counted` (sums_exact) takes the treasure from the need masks (`need_masks`, the
    slack and tight columns' spaces) by two popcounts, else space by space."""
    sunk = state[S_SUNK]
    region = table[T_LINES + i] & ~sunk
    cost = 0.0
    ra = region & avail
    if counted:
        cost += params[P_NEED_SLACK] * popcount(ra & slack)
        cost += params[P_NEED_TIGHT] * popcount(ra & tight)
    else:
        while ra:
            low = ra & -ra
            cost += need[table[T_SYMOF + popcount(low - 1)]]
            ra ^= low
    ring_here = popcount(region & table[T_RING])
    if ring_here:
        ring_left = popcount(table[T_RING] & ~sunk)  # rare: only lines reaching the ring
        if ring_left == ring_here:
            return 1.0e6  # this sink would lose the game (R15)
        cost += params[P_RING_SINK] * ring_here / (ring_left - ring_here)
    cost += LAND_COST * popcount(region)
    return cost


@njit(cache=True, _nrt=False, forceinline=True)
def fresh_region(table: np.ndarray, sunk: int, i: int, n_lines: int, covered: int) -> int:
    """Line i's unsunk region if the line is usable (R11) and its region misses `covered`,
    else 0. Regions are laminar (R12): visiting lines by region size, one that meets the
    regions seen before is nested with one of them."""
    if not line_usable(table, sunk, i, n_lines):
        return 0
    region = table[T_LINES + i] & ~sunk
    if region & covered:
        return 0
    return region


@njit(cache=True, _nrt=False, forceinline=True)
def cheapest_sink(
    table: np.ndarray, state: np.ndarray, avail: int, params: np.ndarray, need: np.ndarray,
    code: int,
) -> tuple[int, float]:
    """The usable line with the least sink_cost and that cost, or (-1, 0.0) (R13).

    Lines are visited smallest region first. Regions are laminar (R12) and sink_cost only
    grows with the region, so a line whose unsunk region meets an already costed one
    contains it and cannot be cheaper: it is skipped. Ties go to the smaller region, then
    to the line listed first.

    With weights that are not negative no line costs less than LAND_COST (one space of land,
    see sink_cost), so once a line costs that the rest cannot win and are not costed.
    """
    n_lines = table[T_NLINES]
    sunk = state[S_SUNK]
    early = params[P_NEED_TIGHT] >= 0.0 and params[P_NEED_SLACK] >= 0.0
    early = early and params[P_RING_SINK] >= 0.0
    counted = sums_exact(params)
    slack, tight = need_masks(table, code)
    covered = 0
    best = -1
    best_cost = 0.0
    for k in range(n_lines):
        i = table[T_LINES + 3 * n_lines + k]
        region = fresh_region(table, sunk, i, n_lines, covered)
        if region == 0:
            continue
        covered |= region
        cost = sink_cost(table, state, avail, need, i, n_lines, params, counted, slack, tight)
        if best < 0 or cost < best_cost:
            best = i
            best_cost = cost
            if early and cost <= LAND_COST:
                break
    return best, best_cost


@njit(cache=True, _nrt=False, forceinline=True)
def cheapest_sink_memo(
    table: np.ndarray, state: np.ndarray, avail: int, params: np.ndarray, need: np.ndarray
) -> tuple[int, float]:
    """cheapest_sink, remembered: within a decision many positions share water and loot."""
    code = need_weights(table, state, avail, params, need)
    use_memo = table[T_NSPACES] <= 52
    o = 0
    if use_memo:
        h = (avail * 0x9E3779B97F4A7C15) ^ (state[S_SUNK] * 0x632BE59BD9B4E019) ^ code
        o = W_MEMO + 5 * ((h >> 20) & (MEMO - 1))
        if (
            need[o] == float(avail)
            and need[o + 1] == float(state[S_SUNK])
            and need[o + 2] == float(code)
        ):
            return int(need[o + 3]), need[o + 4]
    line, cost = cheapest_sink(table, state, avail, params, need, code)
    if use_memo:
        need[o] = float(avail)
        need[o + 1] = float(state[S_SUNK])
        need[o + 2] = float(code)
        need[o + 3] = float(line)
        need[o + 4] = cost
    return line, cost


@njit(cache=True, forceinline=False, _nrt=False)
def best_sink(table: np.ndarray, state: np.ndarray, params: np.ndarray, need: np.ndarray) -> int:
    """Greedy's sink: the cheapest usable line (see cheapest_sink), or -1 (R13)."""
    return cheapest_sink_memo(table, state, available(table, state), params, need)[0]


@njit(cache=True, forceinline=False, _nrt=True)
def value_sink(
    table: np.ndarray, state: np.ndarray, params: np.ndarray, need: np.ndarray, k: int
) -> int:
    """Among the k cheapest usable lines (by sink_cost), the one whose sinking leaves the
    best value(); -1 when no line is usable (R13). sink_cost alone misjudges which land
    still matters; value() sees columns, doubles and the ring together."""
    if k <= 1:
        return best_sink(table, state, params, need)
    n_lines = table[T_NLINES]
    sunk = state[S_SUNK]
    avail = available(table, state)
    code = need_weights(table, state, avail, params, need)
    counted = sums_exact(params)
    slack, tight = need_masks(table, code)
    # each usable line's cost once: value() below reuses `need` for its own positions
    costs = np.empty(n_lines)
    for i in range(n_lines):
        if line_usable(table, sunk, i, n_lines):
            costs[i] = sink_cost(table, state, avail, need, i, n_lines, params, counted, slack,
                                 tight)
    best = -1
    best_v = -1.0e18
    # k passes of "next cheapest" by (cost, line), allocation-free (k is small)
    last_cost = -1.0
    last_line = -1
    scratch = np.empty(S_SIZE, dtype=np.int64)
    for _ in range(k):
        pick = -1
        pick_cost = 0.0
        for i in range(n_lines):
            if not line_usable(table, sunk, i, n_lines):
                continue
            cost = costs[i]
            after_last = cost > last_cost or (cost == last_cost and i > last_line)
            if after_last and (pick < 0 or cost < pick_cost):
                pick = i
                pick_cost = cost
        if pick < 0:
            break
        last_cost = pick_cost
        last_line = pick
        copy_state(scratch, state)
        scratch[S_SUNK] |= table[T_LINES + pick]
        v = value_above(table, scratch, params, need, best_v)
        if v > best_v:
            best_v = v
            best = pick
    return best


@njit(cache=True, forceinline=False, _nrt=False)
def best_loot(table: np.ndarray, state: np.ndarray, c: int) -> int:
    """Loot first the space whose region is most at risk: inside cheap, usable lines."""
    avail = available(table, state)
    cand = avail & table[T_SYM + c]
    n_lines = table[T_NLINES]
    sunk = state[S_SUNK]
    best = -1
    best_risk = -1.0
    starts = T_LINES + 4 * n_lines
    while cand:
        low = cand & -cand
        cand ^= low
        s = popcount(low - 1)
        risk = 0.0
        for j in range(table[starts + s], table[starts + s + 1]):
            i = table[j]
            region = table[T_LINES + i] & ~sunk
            k = popcount(region & avail)  # >= 1: s itself is available
            w = 1.0 / k
            if line_usable(table, sunk, i, n_lines):
                w *= 2.0
            if w > risk:
                risk = w
        if table[T_RING] >> s & 1:
            risk *= 0.9  # the ring sinks last; its treasure can wait a little
        if risk > best_risk:
            best_risk = risk
            best = s
    return best


@njit(cache=True, forceinline=False, _nrt=False)
def value(table: np.ndarray, state: np.ndarray, params: np.ndarray, need: np.ndarray) -> float:
    """Estimated final score of a position at the end of a turn (see module docstring)."""
    return value_above(table, state, params, need, -1.0e18)


@njit(cache=True, forceinline=False, _nrt=False)
def value_above(
    table: np.ndarray, state: np.ndarray, params: np.ndarray, need: np.ndarray, floor: float
) -> float:
    """value(), or some number <= floor when value() <= floor (branch and bound).

    The sink term only subtracts, so once the rest is <= floor the exact value cannot beat
    floor and its costly part is skipped; callers comparing with `>` choose the same move.
    """
    term = termination(table, state)
    if term:
        score = final_score(table, state)
        if term == 2:
            return score - params[P_LOST]
        if score >= table[T_GOAL]:
            return score + params[P_WIN_BONUS]
        return float(score)
    v = partial_value(table, state, params)
    if v <= floor:
        return v
    return v - sink_penalty(table, state, params, need)


@njit(cache=True, _nrt=False, forceinline=True)
def sink_penalty(table: np.ndarray, state: np.ndarray, params: np.ndarray, need: np.ndarray
                 ) -> float:
    """value()'s sink term on a position that is not over: value() is partial_value() less
    this, exactly (0.0 when no line is usable). It does not depend on the doubles."""
    # the next owed sink will cost at least the cheapest usable line
    line, cheapest = cheapest_sink_memo(table, state, available(table, state), params, need)
    if line >= 0:
        if cheapest > 1.0e5:
            cheapest = params[P_LOST] * 0.3
        return params[P_SINK] * cheapest
    return 0.0


@njit(cache=True, forceinline=True, _nrt=False)
def column_terms(table: np.ndarray, c: int, nr: int, circ: int, a: int, q0: float
                 ) -> tuple[bool, float, int]:
    """partial_value's terms of column c (first open row nr, circled mask circ, a spaces of
    its symbol available): (has_open, open_term, banked). partial_value adds open_term when
    has_open, then banked, column by column, so a caller that knows the terms of a
    position's columns can value a position differing in one column by the same additions
    (the expert's reply search does), the same float."""
    banked = table[T_MASKSUM + c * 64 + circ] - (nr - popcount(circ))
    if nr >= 6:
        return False, 0.0, banked
    open_cells = 6 - nr
    if a == 0:
        if table[T_UNFINISHED_SCORE] == 0:
            banked = -(nr - popcount(circ))
        return True, -float(open_cells), banked  # v - n is v + (-n), the same float
    q = q0
    if a < open_cells:
        q = q0 * a / open_cells
    # each open cell: circled with chance q (its value), else an X (-1)
    return True, q * table[T_SUFFIX + c * 7 + nr] - open_cells, banked


@njit(cache=True, forceinline=True, _nrt=False)
def tail_terms(table: np.ndarray, state: np.ndarray, params: np.ndarray
               ) -> tuple[float, float, float]:
    """partial_value's last three terms (doubles circled, centre ring, doubles protecting),
    added in that order after the columns' (the ring's subtracted)."""
    n_circ = 0
    n_prot = 0
    for d in range(6):
        s = state[S_DBL + d]
        if s == 1:
            n_circ += 1
            n_prot += 1
        elif s == 2 and table[T_SPENT_COUNTS] != 0:
            n_prot += 1
    ring_left = popcount(table[T_RING] & ~state[S_SUNK])
    return (params[P_DOUBLE_CIRCLED] * n_circ, params[P_RING] / ring_left,
            params[P_DOUBLE_PROTECT] * n_prot)


@njit(cache=True, forceinline=True, _nrt=False)
def partial_value(table: np.ndarray, state: np.ndarray, params: np.ndarray) -> float:
    """value() of a position that is not over, without its sink term (which only subtracts).

    It can only fall when more land sinks (the same marks and columns, fewer available
    spaces, a smaller ring), as long as params[P_Q0] and params[P_RING] are not negative:
    greedy uses that to skip choosing the sink of a black-die decision that cannot win.
    """
    avail = available(table, state)
    q0 = params[P_Q0]
    v = 0.0
    for c in range(6):
        has_open, open_term, banked = column_terms(
            table, c, state[S_NEXT + c], state[S_CIRC + c], popcount(avail & table[T_SYM + c]),
            q0)
        if has_open:
            v += open_term
        v += banked
    return with_tail(v, table, state, params)


@njit(cache=True, forceinline=True, _nrt=False)
def with_tail(columns: float, table: np.ndarray, state: np.ndarray, params: np.ndarray
              ) -> float:
    """partial_value from the sum of its column terms (`columns`, added in its order): the
    tail terms added as partial_value adds them, the same float. The tail reads only the
    doubles and the ring, so positions differing only there share `columns`."""
    circled, ring, protect = tail_terms(table, state, params)
    v = columns
    v += circled
    v -= ring
    v += protect
    return v

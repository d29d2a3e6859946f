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
    M_COLUMN,
    M_DIE,
    M_SIZE,
    M_TAKE,
    M_VALUE,
    MAX_PLACEMENTS,
    S_CIRC,
    S_DBL,
    S_NEXT,
    S_SIZE,
    S_SUNK,
    T_LINES,
    T_NLINES,
    T_NSPACES,
    T_RING,
    T_ROW,
    T_SPENT_COUNTS,
    T_SYM,
    TAKE_PASS,
    TAKE_WHITE,
)
from sheetgen.games.captains_curse.fast.estimate import (
    P_EXPERT_K,
    P_EXPERT_SINKS,
    P_GREEDY_SINKS,
    P_LOST,
    P_NEED_SLACK,
    P_NEED_TIGHT,
    P_Q0,
    P_RESOLVE_SINKS,
    P_RING,
    P_RING_SINK,
    P_SINK,
    best_loot,
    best_sink,
    column_terms,
    fresh_region,
    need_masks,
    need_weights,
    partial_value,
    sink_cost,
    sink_penalty,
    sums_exact,
    tail_terms,
    value,
    value_above,
    value_sink,
    with_tail,
)
from sheetgen.games.captains_curse.fast.primitives import draw, popcount, wrap
from sheetgen.games.captains_curse.fast.rules import (
    apply_loot,
    apply_placement,
    available,
    copy_state,
    line_usable,
    lowest_circled_double,
    placeable,
    termination,
)

POLICY_IDS = {"random": 0, "greedy": 1, "expert": 2}

# Arguments spelled as NumPy scalars, not literals: numba compiles a function called with a
# literal 0 or True once more for that literal (resolve and reply_search were compiled
# twice each, a tenth of the fast path's cold compile). A variable that starts as a literal
# is one too while numba infers its type: a call on it compiles that literal's version
# before the loop that assigns the variable widens it (NONE, ZERO).
FIRST_ROW = np.int64(0)
"""moves row 0, where the searches write the one move they resolve."""
TIES_LOSE = np.bool_(True)
NONE = np.int64(-1)
ZERO = np.int64(0)


@njit(cache=True, forceinline=True, _nrt=False)
def place_and_loot(
    table: np.ndarray, state: np.ndarray, moves: np.ndarray, i: int, loots: np.ndarray
) -> int:
    """Apply placement i and greedy's loot (cached per column in `loots`, see resolve);
    returns the space looted or -1."""
    apply_placement(table, state, moves, i)
    if moves[i, M_TAKE] == TAKE_PASS:
        return -1
    c = moves[i, M_COLUMN]
    if loots[c] < 0:
        loots[c] = best_loot(table, state, c)
    s = loots[c]
    apply_loot(table, state, c, s)
    return s


@njit(cache=True, forceinline=True, _nrt=False)
def sink_greedily(
    table: np.ndarray, state: np.ndarray, params: np.ndarray, need: np.ndarray, k: int
) -> int:
    """Sink greedy's line (of its k cheapest, the one leaving the best value); returns the
    line or -1 when none may be chosen (R13)."""
    # value_sink(k <= 1) is best_sink; called directly, this path allocates no array (and
    # so compiles without NRT, see the package docstring)
    if k <= 1:
        line = best_sink(table, state, params, need)
    else:
        line = value_sink(table, state, params, need, k)
    if line >= 0:
        state[S_SUNK] |= table[T_LINES + line]
    return line


@njit(cache=True, forceinline=False, _nrt=True)
def largest_usable_regions(table: np.ndarray, sunk: int) -> np.ndarray:
    """The unsunk regions of the usable lines (R11) that no other usable line's region
    contains: a sink destroys a subset of one of them (regions are laminar, R12)."""
    out = np.empty(table[T_NLINES], dtype=np.int64)
    return out[:usable_regions_into(table, sunk, out)]


@njit(cache=True, forceinline=False, _nrt=False)
def resolve(
    table: np.ndarray,
    state: np.ndarray,
    moves: np.ndarray,
    i: int,
    params: np.ndarray,
    need: np.ndarray,
    loots: np.ndarray,
    out: np.ndarray,
) -> None:
    """Apply placement i with greedy loot and sink; out = [loot, sink] (-1 when none).

    `loots[c]` caches best_loot per column for the state before the placement (placing a
    value changes neither marks nor water, so the choice is the same); -1 = not yet known.
    """
    out[0] = place_and_loot(table, state, moves, i, loots)
    out[1] = -1
    if moves[i, M_TAKE] != TAKE_WHITE:  # R9
        out[1] = sink_greedily(table, state, params, need, int(params[P_RESOLVE_SINKS]))


@njit(cache=True, forceinline=False, _nrt=True)
def reply_value(
    table: np.ndarray,
    state: np.ndarray,
    params: np.ndarray,
    need: np.ndarray,
    moves: np.ndarray,
    scratch: np.ndarray,
    out: np.ndarray,
) -> float:
    """Expected value over the 36 next rolls of greedy's best reply (the expert's leaf),
    every reply valued: the search for any weights. reply_search gives the same number
    with fewer replies valued where bounds_hold."""
    if termination(table, state):
        return value(table, state, params, need)
    # Per die value: best position after placing it without / with a sink.
    free = np.full(7, -1.0e9)
    cursed = np.full(7, -1.0e9)
    ok = np.zeros(7, dtype=np.bool_)
    loots = np.full(6, -1, dtype=np.int64)
    avail = available(table, state)
    for v in range(1, 7):
        for c in range(6):
            if placeable(table, state, avail, c, v):
                ok[v] = True
                moves[0, M_DIE] = -1
                moves[0, M_TAKE] = TAKE_WHITE
                moves[0, M_COLUMN] = c
                moves[0, M_VALUE] = v
                copy_state(scratch, state)
                resolve(table, scratch, moves, FIRST_ROW, params, need, loots, out)
                val = value_above(table, scratch, params, need, free[v])
                if val > free[v]:
                    free[v] = val
                # the same move with the black die
                sink_greedily(table, scratch, params, need, int(params[P_RESOLVE_SINKS]))
                val = value_above(table, scratch, params, need, cursed[v])
                if val > cursed[v]:
                    cursed[v] = val
    moves[0, M_DIE] = -1
    moves[0, M_TAKE] = TAKE_PASS
    copy_state(scratch, state)
    resolve(table, scratch, moves, FIRST_ROW, params, need, loots, out)
    pass_value = value(table, scratch, params, need)
    # Spending a circled doubles symbol: its effect on value() is a constant shift.
    lowest = lowest_circled_double(state)
    spend_shift = 0.0
    if lowest:
        copy_state(scratch, state)
        base = value(table, scratch, params, need)
        scratch[S_DBL + lowest - 1] = 2
        spend_shift = value(table, scratch, params, need) - base
    # Circling a blank doubles symbol: likewise a constant shift.
    circle_shift = np.zeros(7)
    for d in range(1, 7):
        if state[S_DBL + d - 1] == 0:
            copy_state(scratch, state)
            base = value(table, scratch, params, need)
            scratch[S_DBL + d - 1] = 1
            circle_shift[d] = value(table, scratch, params, need) - base
            circle_shift[d] += 1e-12
    # The rolls as reply_search sums them, every entry exact.
    opt_val = np.empty(2 * N_ENTRIES)
    for v in range(1, 7):
        opt_val[E_FREE + v - 1] = free[v]
        opt_val[E_CURSED + v - 1] = cursed[v]
    opt_val[E_PASS] = pass_value
    for e in range(N_ENTRIES):
        opt_val[N_ENTRIES + e] = opt_val[e] + spend_shift
    facts = np.empty(FACTS_SIZE, dtype=np.int64)
    roll_shift = np.empty(7)
    roll_options(table, state, ok, lowest, circle_shift, facts, roll_shift)
    exact = np.ones(N_ENTRIES, dtype=np.bool_)
    refine = np.zeros(N_ENTRIES, dtype=np.bool_)
    return rolls_total(opt_val, exact, ok, facts, roll_shift, np.empty(14),
                       np.empty(14, dtype=np.int64), refine)


# The lazy leaf (reply_search): its entries are free[v], cursed[v] and the pass of
# reply_value, each known either exactly or only by an upper bound.
E_FREE = 0  # free[v] at E_FREE + v - 1
E_CURSED = 6  # cursed[v] at E_CURSED + v - 1
E_PASS = 12
N_ENTRIES = 13
UNKNOWN = 1.0e300
"""The upper bound of a value nothing cheap bounds (a reply after which a sink could end
the game, or one that ends it): such a value is computed when it could matter."""

# A roll's options are codes o: entry o, or entry o - N_ENTRIES with the doubles symbol
# spent (its value plus spend_shift). What a search's rolls offer (`roll_options`) is kept
# in a few facts: the rolls (bits r = 6 * (w - 1) + b - 1) where the pass is an option,
# without and with the symbol spent, whether one may be spent, and what each double offers.
FACT_PASS, FACT_SPENT_PASS, FACT_LOWEST, FACT_DOUBLE = 0, 1, 2, 2  # FACT_DOUBLE + d
FACTS_SIZE = FACT_DOUBLE + 7
DOUBLE_BOTH, DOUBLE_CURSED, DOUBLE_PASS = 0, 1, 2  # a double d's options (see roll_options)

# reply_search's work arrays, made once per decision (`search_work`), sliced here.
F_UB, F_UBC, F_VAL, F_EX, F_SHIFT, F_OPT, F_ROLL, F_GROUP, F_PV, F_COLX = (
    0, 36, 72, 85, 98, 105, 131, 138, 152, 188)
F_SPEND = F_COLX + 6  # spend_shift
F_TOTAL = F_SPEND + 1  # the sum of the rolls so far (an upper bound until exact)
F_SIZE = F_TOTAL + 1
I_LOOTS, I_FIRST, I_FACTS, I_GROUP = 0, 6, 13, 13 + FACTS_SIZE
I_COL = I_GROUP + 14
I_COLB = I_COL + 36
I_WET = I_COLB + 6
B_EXACT, B_OK, B_REFINE, B_MADE, B_COLHX, B_SIZE = 0, 13, 20, 33, 69, 75


@njit(cache=True, forceinline=False, _nrt=True)
def search_work(table: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """reply_search's work arrays: positions of the replies, floats, ints, flags."""
    return (np.empty((36, S_SIZE), dtype=np.int64), np.empty(F_SIZE),
            np.empty(I_WET + table[T_NLINES], dtype=np.int64), np.empty(B_SIZE, dtype=np.bool_))


@njit(cache=True, forceinline=False, _nrt=True)
def search_works(table: np.ndarray, m: int
                 ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """search_work for m searches kept side by side: search j's are the [j] of each."""
    return (np.empty((m, 36, S_SIZE), dtype=np.int64), np.empty((m, F_SIZE)),
            np.empty((m, I_WET + table[T_NLINES]), dtype=np.int64),
            np.empty((m, B_SIZE), dtype=np.bool_))


@njit(cache=True, forceinline=False, _nrt=False)
def usable_regions_into(table: np.ndarray, sunk: int, out: np.ndarray) -> int:
    """largest_usable_regions written into out[:m]; returns m."""
    n_lines = table[T_NLINES]
    m = 0
    covered = 0
    for k in range(n_lines - 1, -1, -1):  # largest first: containers before their parts
        region = fresh_region(table, sunk, table[T_LINES + 3 * n_lines + k], n_lines, covered)
        if region == 0:
            continue
        covered |= region
        out[m] = region
        m += 1
    return m


@njit(cache=True, forceinline=False, _nrt=False)
def reply_search(
    table: np.ndarray,
    state: np.ndarray,
    params: np.ndarray,
    need: np.ndarray,
    bar: float,
    ties_lose: bool,
    work: tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray],
    moves: np.ndarray,
    scratch: np.ndarray,
    out: np.ndarray,
) -> tuple[float, bool]:
    """reply_value against a bar, for weights where bounds_hold: (reply_value, True), or
    (an upper bound of it, False) as soon as that bound shows the candidate cannot win:
    below `bar`, or equal to it when `ties_lose`.

    Every reply is first bounded by partial_value, which skips the costly sink term
    (value() <= partial_value on a position that is not over), taken before a black die's
    sink unless a sink could end the game (partial_value only falls with more water).
    free[v] and cursed[v] are maxima over the columns v can go in, so each starts as the
    largest bound of its replies. The 36 rolls are then summed as in reply_value, and only
    the entries that decide some roll (its best option, not matched by an exactly known
    one) are computed exactly, their replies from the highest bound down until no bound is
    above the best value found. A roll whose best is exact has the best reply_value would
    give it (the others are at most their bounds), so once every roll is decided the sum
    is reply_value bit for bit: the same floats added in the same order. Until then the
    sum is an upper bound: rounding is monotone, so adding bounds in place of values
    cannot give less. `work` = search_work(table).

    The expert calls the two halves itself (choose_placement_keeping, choose_sink_knowing):
    a compile of this function was one more optimisation and machine code of both halves
    (about a second of CPU on an empty cache). It stays as their one-call form, which
    tests/games/captains_curse/test_cc_reply_search.py checks against reply_value.
    """
    total, done = reply_start(table, state, params, need, work, moves, scratch, out)
    if done:
        return total, True
    return reply_resume(table, state, params, need, bar, ties_lose, work, moves, scratch, out)


@njit(cache=True, forceinline=False, _nrt=False)
def reply_start(
    table: np.ndarray,
    state: np.ndarray,
    params: np.ndarray,
    need: np.ndarray,
    work: tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray],
    moves: np.ndarray,
    scratch: np.ndarray,
    out: np.ndarray,
) -> tuple[float, bool]:
    """reply_search's first step: every reply bounded and the rolls summed once; returns
    (that sum, whether it is already exact). The search lives in `work` (and `state`),
    so reply_resume can carry it on later, against whatever bar is known by then."""
    if termination(table, state):
        return value(table, state, params, need), True
    items, fw, iw, bw = work
    ub = fw[F_UB:F_UBC]  # per reply: bound of its value free, then of its value cursed
    ubc = fw[F_UBC:F_VAL]
    val = fw[F_VAL:F_EX]
    ex = fw[F_EX:F_SHIFT]
    circle_shift = fw[F_SHIFT:F_OPT]
    pvs = fw[F_PV:F_COLX]  # per reply not over: its partial_value
    colx = fw[F_COLX:F_SIZE]  # the position's column_terms
    loots = iw[I_LOOTS:I_FIRST]
    first = iw[I_FIRST:I_FACTS]  # replies of die v: first[v - 1]..first[v] - 1
    col = iw[I_COL:I_COLB]  # per reply: its column
    colb = iw[I_COLB:I_WET]
    exact = bw[B_EXACT:B_OK]
    ok = bw[B_OK:B_REFINE]
    refine = bw[B_REFINE:B_MADE]
    made = bw[B_MADE:B_COLHX]  # per reply: items[] holds its position
    colhx = bw[B_COLHX:B_SIZE]
    loots[:] = -1
    ok[:] = False
    exact[:] = False
    refine[:] = False
    circle_shift[:] = 0.0
    avail = available(table, state)
    ring = table[T_RING] & ~state[S_SUNK]
    wet = iw[I_WET:I_WET + usable_regions_into(table, state[S_SUNK], iw[I_WET:])]
    for e in range(N_ENTRIES):
        ex[e] = -1.0e9  # reply_value's floor: a maximum starts there
    # A reply changes one column and the marks of that column's symbol, nothing else that
    # partial_value reads: its bound is the position's terms with that column's swapped,
    # added in partial_value's order (the same float), and its position is made only when
    # it is valued exactly (`reply_position`).
    q0 = params[P_Q0]
    complete = 0
    columns = 0.0  # partial_value's column sum, in its order
    for c in range(6):
        colhx[c], colx[c], colb[c] = column_terms(
            table, c, state[S_NEXT + c], state[S_CIRC + c], popcount(avail & table[T_SYM + c]),
            q0)
        if colhx[c]:
            columns += colx[c]
        columns += colb[c]
        complete += state[S_NEXT + c] >= 6
    circled, ring_term, protect = tail_terms(table, state, params)
    n = 0
    moves[0, M_DIE] = -1
    moves[0, M_TAKE] = TAKE_WHITE
    for v in range(1, 7):
        first[v - 1] = n
        for c in range(6):
            if not placeable(table, state, avail, c, v):
                continue
            ok[v] = True
            col[n] = c
            made[n] = False
            if loots[c] < 0:  # as place_and_loot chooses it: placing changes no mark
                loots[c] = best_loot(table, state, c)
            row = table[T_ROW + c * 7 + v]
            left = avail & ~(1 << loots[c])  # apply_loot: the loot, then R10 abandonment
            if row == 5:
                left &= ~table[T_SYM + c]
            if left == 0 or (row == 5 and complete == 5):  # R14: the reply ends the game
                reply_position(table, state, moves, n, v, work)
                x = value(table, items[n], params, need)
                if x > ex[E_FREE + v - 1]:
                    ex[E_FREE + v - 1] = x
                ub[n] = -UNKNOWN  # known: never computed again
                ubc[n] = UNKNOWN
                n += 1
                continue
            has_open, open_term, banked = column_terms(
                table, c, row + 1, state[S_CIRC + c] | (1 << row),
                popcount(left & table[T_SYM + c]), q0)
            x = 0.0
            for k in range(6):
                if k == c:
                    if has_open:
                        x += open_term
                    x += banked
                    continue
                if (avail & ~left) & table[T_SYM + k]:  # symbols sharing a space
                    h, o, b = column_terms(table, k, state[S_NEXT + k], state[S_CIRC + k],
                                           popcount(left & table[T_SYM + k]), q0)
                else:
                    h, o, b = colhx[k], colx[k], colb[k]
                if h:
                    x += o
                x += b
            x += circled
            x -= ring_term
            x += protect
            pvs[n] = x
            ub[n] = x
            ubc[n] = x if not wet_may_end(left, ring, wet) else UNKNOWN
            n += 1
    first[6] = n
    # ex[e] is the exact part (the maximum over replies computed); bounds go on top
    for v in range(1, 7):
        top_f = -UNKNOWN
        top_c = -UNKNOWN
        for k in range(first[v - 1], first[v]):
            top_f = max(top_f, ub[k])
            top_c = max(top_c, ubc[k])
        e = E_FREE + v - 1
        exact[e] = top_f <= ex[e]
        val[e] = ex[e] if exact[e] else top_f
        e = E_CURSED + v - 1
        exact[e] = top_c <= ex[e]
        val[e] = ex[e] if exact[e] else top_c
    pv = with_tail(columns, table, state, params)  # partial_value(state)
    val[E_PASS] = UNKNOWN if sink_may_end(table, state, wet) else pv
    # The doubles shifts, as reply_value computes them with value(): doubles change neither
    # the end of the game nor the sink term, so value() is partial_value less one penalty;
    # nor the columns, so partial_value is the same column sum with another tail.
    lowest = lowest_circled_double(state)
    spend_shift = 0.0
    blanks = False
    for d in range(1, 7):
        blanks = blanks or state[S_DBL + d - 1] == 0
    if lowest or blanks:
        penalty = sink_penalty(table, state, params, need)
        base = pv - penalty
        copy_state(scratch, state)
        if lowest:
            scratch[S_DBL + lowest - 1] = 2
            spend_shift = (with_tail(columns, table, scratch, params) - penalty) - base
            scratch[S_DBL + lowest - 1] = 1
        for d in range(1, 7):
            if state[S_DBL + d - 1] == 0:
                scratch[S_DBL + d - 1] = 1
                circle_shift[d] = (with_tail(columns, table, scratch, params) - penalty) - base
                circle_shift[d] += 1e-12
                scratch[S_DBL + d - 1] = 0
    roll_options(table, state, ok, lowest, circle_shift, iw[I_FACTS:I_GROUP],
                 fw[F_ROLL:F_GROUP])
    fw[F_SPEND] = spend_shift
    return rolls_sum(work), not refine_any(work)


@njit(cache=True, forceinline=True, _nrt=False)
def rolls_sum(work: tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]) -> float:
    """rolls_total over the search's current entries; kept in fw[F_TOTAL]."""
    items, fw, iw, bw = work
    opt_val = fw[F_OPT:F_ROLL]
    spend_shift = fw[F_SPEND]
    for e in range(N_ENTRIES):
        opt_val[e] = fw[F_VAL + e]
        opt_val[N_ENTRIES + e] = fw[F_VAL + e] + spend_shift
    total = rolls_total(opt_val, bw[B_EXACT:B_OK], bw[B_OK:B_REFINE], iw[I_FACTS:I_GROUP],
                        fw[F_ROLL:F_GROUP], fw[F_GROUP:F_PV], iw[I_GROUP:I_COL],
                        bw[B_REFINE:B_MADE])
    fw[F_TOTAL] = total
    return total


@njit(cache=True, forceinline=True, _nrt=False)
def refine_any(work: tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]) -> bool:
    """Whether some entry decides a roll and is not yet exact."""
    bw = work[3]
    todo = False
    for e in range(N_ENTRIES):
        todo = todo or bw[B_REFINE + e]
    return todo


@njit(cache=True, forceinline=False, _nrt=False)
def reply_resume(
    table: np.ndarray,
    state: np.ndarray,
    params: np.ndarray,
    need: np.ndarray,
    bar: float,
    ties_lose: bool,
    work: tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray],
    moves: np.ndarray,
    scratch: np.ndarray,
    out: np.ndarray,
) -> tuple[float, bool]:
    """reply_search after reply_start (of this `state` and `work`): refines until the sum
    is exact or bounded out by the bar, as reply_search describes."""
    items, fw, iw, bw = work
    ub = fw[F_UB:F_UBC]
    ubc = fw[F_UBC:F_VAL]
    val = fw[F_VAL:F_EX]
    ex = fw[F_EX:F_SHIFT]
    pvs = fw[F_PV:F_COLX]
    loots = iw[I_LOOTS:I_FIRST]
    first = iw[I_FIRST:I_FACTS]
    exact = bw[B_EXACT:B_OK]
    refine = bw[B_REFINE:B_MADE]
    made = bw[B_MADE:B_COLHX]
    k_sinks = int(params[P_RESOLVE_SINKS])
    total = fw[F_TOTAL]
    while True:
        if not refine_any(work):
            return total, True
        if total < bar or (ties_lose and total == bar):
            return total, False
        for e in range(N_ENTRIES):
            if not refine[e]:
                continue
            refine[e] = False
            exact[e] = True
            if e == E_PASS:
                moves[0, M_DIE] = -1
                moves[0, M_TAKE] = TAKE_PASS
                copy_state(scratch, state)
                resolve(table, scratch, moves, FIRST_ROW, params, need, loots, out)
                val[e] = value(table, scratch, params, need)
                continue
            cursed = e >= E_CURSED
            v = e - E_CURSED + 1 if cursed else e - E_FREE + 1
            best = ex[e]
            while True:  # this die's replies, highest bound first, while one may beat best
                j = -1
                for k in range(first[v - 1], first[v]):
                    b = ubc[k] if cursed else ub[k]
                    if b > best and (j < 0 or b > (ubc[j] if cursed else ub[j])):
                        j = k
                if j < 0:
                    break
                if not made[j]:
                    reply_position(table, state, moves, j, v, work)
                if cursed:
                    ubc[j] = -UNKNOWN
                    copy_state(scratch, items[j])
                    sink_greedily(table, scratch, params, need, k_sinks)
                    x = value_above(table, scratch, params, need, best)
                else:  # value_above of a position not over, its partial_value known
                    ub[j] = -UNKNOWN
                    x = pvs[j]
                    if x > best:
                        x -= sink_penalty(table, items[j], params, need)
                if x > best:
                    best = x
            val[e] = best
        total = rolls_sum(work)


@njit(cache=True, forceinline=False, _nrt=False)
def roll_options(
    table: np.ndarray,
    state: np.ndarray,
    ok: np.ndarray,
    lowest: int,
    circle_shift: np.ndarray,
    facts: np.ndarray,
    roll_shift: np.ndarray,
) -> None:
    """What the 36 rolls offer, as reply_value weighs them, into `facts` (FACT_*) and
    roll_shift[d] (what circling double d's symbol adds to that roll's best).

    Roll (w, b), not a double: the white die free (entry E_FREE + w - 1) if w can be
    placed (ok[w]), the black die with a sink (E_CURSED + b - 1) if b can, the pass if
    neither; and when a circled doubles symbol may be spent (`lowest`), the same for each of
    the modified rolls (w + 1, b), (w - 1, b), (w, b + 1), (w, b - 1), each value plus
    spend_shift. A double d: the white die free unless the roll must sink (R8), the black
    die, or the pass when d cannot be placed; never a spend. The options depend on which
    dice can be placed and on the doubles, not on values: made once per search, then
    rolls_total runs on them as values are refined."""
    passes = 0
    spent_passes = 0
    for w in range(1, 7):
        for b in range(1, 7):
            if w == b:
                continue
            r = 6 * (w - 1) + b - 1
            if not ok[w] and not ok[b]:
                passes |= 1 << r
            if lowest and ((not ok[b] and (not ok[wrap(w + 1)] or not ok[wrap(w - 1)]))
                           or (not ok[w] and (not ok[wrap(b + 1)] or not ok[wrap(b - 1)]))):
                spent_passes |= 1 << r
    facts[FACT_PASS] = passes
    facts[FACT_SPENT_PASS] = spent_passes
    facts[FACT_LOWEST] = lowest
    for d in range(1, 7):
        blank = state[S_DBL + d - 1] == 0
        forced = blank or (state[S_DBL + d - 1] == 2 and table[T_SPENT_COUNTS] == 0)
        roll_shift[d] = circle_shift[d] if blank else 0.0
        if not ok[d]:
            facts[FACT_DOUBLE + d] = DOUBLE_PASS
        elif forced:
            facts[FACT_DOUBLE + d] = DOUBLE_CURSED
        else:
            facts[FACT_DOUBLE + d] = DOUBLE_BOTH


@njit(cache=True, forceinline=True, _nrt=False)
def weigh_option(opt_val: np.ndarray, code: int, best: float, at: int) -> tuple[float, int]:
    """(best, at) after option `code`: the maximum so far and the entries whose option
    values equal it (bit e for entry e, spent or not)."""
    x = opt_val[code]
    bit = 1 << (code - N_ENTRIES if code >= N_ENTRIES else code)
    if x > best:
        return x, bit
    if x == best:
        return best, at | bit
    return best, at


@njit(cache=True, forceinline=True, _nrt=False)
def die_group(opt_val: np.ndarray, ok: np.ndarray, lowest: bool, entry: int, v: int
              ) -> tuple[float, int]:
    """The best of a die value's options and the entries at it (see weigh_option): die v
    played as `entry` (E_FREE or E_CURSED), and when a symbol may be spent (`lowest`), v,
    v + 1 and v - 1 so played with it; -inf and no entry when v has no option."""
    best = -np.inf
    at = 0
    if ok[v]:
        best, at = weigh_option(opt_val, entry + v - 1, best, at)
    if lowest:
        for u in (v, wrap(v + 1), wrap(v - 1)):
            if ok[u]:
                best, at = weigh_option(opt_val, N_ENTRIES + entry + u - 1, best, at)
    return best, at


@njit(cache=True, forceinline=False, _nrt=False)
def rolls_total(
    opt_val: np.ndarray,
    exact: np.ndarray,
    ok: np.ndarray,
    facts: np.ndarray,
    roll_shift: np.ndarray,
    group: np.ndarray,
    group_at: np.ndarray,
    refine: np.ndarray,
) -> float:
    """reply_value's average over the 36 rolls of the best option (roll_options), from the
    options' values `opt_val` (an entry's value, then the same plus spend_shift); marks in
    `refine` the inexact entries that are a roll's best option where no exact one equals it
    (the rolls whose best may still fall). `group`, `group_at`: 14 slots of work each.

    A roll's options other than the pass are those of its white die's value w (the white
    die free with w, w + 1 or w - 1 showing, the last two only with the symbol spent) and
    those of its black die's value b (likewise with a sink), so the best of each die value's
    group is found once (and the entries at it), and a roll takes the larger of its two
    groups' and the pass where it has one: each roll's best is the same maximum of the same
    floats as over its options one by one, and the rolls are added in reply_value's order,
    so the total is the same float. reply_value shifts a maximum (max(a, b) + s) where this
    shifts each value (max(a + s, b + s)), the same float since rounding is monotone."""
    exact_bits = 0
    for e in range(N_ENTRIES):
        if exact[e]:
            exact_bits |= 1 << e
    lowest = facts[FACT_LOWEST] != 0
    for v in range(1, 7):
        group[v], group_at[v] = die_group(opt_val, ok, lowest, E_FREE, v)
        group[7 + v], group_at[7 + v] = die_group(opt_val, ok, lowest, E_CURSED, v)
    passes = facts[FACT_PASS]
    spent_passes = facts[FACT_SPENT_PASS]
    total = 0.0
    todo = 0
    for w in range(1, 7):
        for b in range(1, 7):
            if w == b:
                kind = facts[FACT_DOUBLE + w]
                if kind == DOUBLE_PASS:
                    best = opt_val[E_PASS]
                    at = 1 << E_PASS
                else:
                    best = opt_val[E_CURSED + w - 1]
                    at = 1 << (E_CURSED + w - 1)
                    if kind == DOUBLE_BOTH:
                        best, at = weigh_option(opt_val, E_FREE + w - 1, best, at)
                total += best + roll_shift[w]
            else:
                r = 6 * (w - 1) + b - 1
                best = group[w]
                at = group_at[w]
                x = group[7 + b]
                if x > best:
                    best = x
                    at = group_at[7 + b]
                elif x == best:
                    at |= group_at[7 + b]
                if passes >> r & 1:
                    best, at = weigh_option(opt_val, E_PASS, best, at)
                if spent_passes >> r & 1:
                    best, at = weigh_option(opt_val, N_ENTRIES + E_PASS, best, at)
                total += best
            if at & exact_bits == 0:
                todo |= at
    for e in range(N_ENTRIES):
        if todo >> e & 1:
            refine[e] = True
    return total / 36.0


@njit(cache=True, forceinline=False, _nrt=False)
def sink_may_end(table: np.ndarray, state: np.ndarray, wet: np.ndarray) -> bool:
    """Whether some usable line could end the game (R14: ring sunk, nothing to loot) when
    sunk now; `wet` = largest_usable_regions of the position's water."""
    return wet_may_end(available(table, state), table[T_RING] & ~state[S_SUNK], wet)


@njit(cache=True, forceinline=True, _nrt=False)
def wet_may_end(avail: int, ring: int, wet: np.ndarray) -> bool:
    """sink_may_end of a position with these available spaces and unsunk ring."""
    for j in range(wet.shape[0]):
        if avail & ~wet[j] == 0 or ring & ~wet[j] == 0:
            return True
    return False


@njit(cache=True, forceinline=True, _nrt=False)
def reply_position(
    table: np.ndarray,
    state: np.ndarray,
    moves: np.ndarray,
    n: int,
    v: int,
    work: tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray],
) -> None:
    """reply_search's reply n (die v free in its column, greedy's loot): its position into
    items[n], as place_and_loot makes it."""
    items, fw, iw, bw = work
    st = items[n]
    copy_state(st, state)
    moves[0, M_DIE] = -1
    moves[0, M_TAKE] = TAKE_WHITE
    moves[0, M_COLUMN] = iw[I_COL + n]
    moves[0, M_VALUE] = v
    place_and_loot(table, st, moves, FIRST_ROW, iw[I_LOOTS:I_FIRST])
    bw[B_MADE + n] = True


@njit(cache=True, forceinline=False, _nrt=True)
def greedy_placement(
    table: np.ndarray,
    state: np.ndarray,
    moves: np.ndarray,
    n: int,
    params: np.ndarray,
    need: np.ndarray,
) -> int:
    """Greedy's die decision: the first of the n placements whose position after greedy's
    loot and sink has the highest value().

    Branch and bound, same choice: each placement first gets an upper bound on its value,
    the value without the sink term (which only subtracts) and, for a black-die decision,
    before its sink (partial_value only falls with more water, see there) unless a sink
    could end the game. Placements are then valued exactly from the highest bound down
    until no bound can beat (or tie at a lower index) the best value found. Weights that
    break those inequalities take the plain one-by-one loop.
    """
    scratch = np.empty(S_SIZE, dtype=np.int64)
    loots = np.full(6, -1, dtype=np.int64)
    k_sinks = int(params[P_RESOLVE_SINKS])
    wet = largest_usable_regions(table, state[S_SUNK])
    if not bounds_hold(params):
        return greedy_one_by_one(table, state, moves, n, params, need, scratch, loots, wet)
    bound = np.empty(n)
    exact = np.zeros(n, dtype=np.bool_)
    for i in range(n):
        copy_state(scratch, state)
        place_and_loot(table, scratch, moves, i, loots)
        if termination(table, scratch) == 0:
            if moves[i, M_TAKE] == TAKE_WHITE or not sink_may_end(table, scratch, wet):
                bound[i] = partial_value(table, scratch, params)
                continue
        if moves[i, M_TAKE] != TAKE_WHITE:  # R9
            sink_greedily(table, scratch, params, need, k_sinks)
        bound[i] = value(table, scratch, params, need)
        exact[i] = True
    best = 0
    best_v = -1.0e18
    done = np.zeros(n, dtype=np.bool_)
    while True:
        j = NONE
        for i in range(n):
            if not done[i] and (j < 0 or bound[i] > bound[j]):
                j = i
        if j < 0 or bound[j] < best_v or (bound[j] == best_v and j > best):
            return best
        done[j] = True
        v = bound[j]
        if not exact[j]:
            copy_state(scratch, state)
            place_and_loot(table, scratch, moves, j, loots)
            if moves[j, M_TAKE] != TAKE_WHITE:
                sink_greedily(table, scratch, params, need, k_sinks)
            if j > best:  # must beat best_v strictly: a bound <= best_v is enough to know
                v = value_above(table, scratch, params, need, best_v)
            else:
                v = value(table, scratch, params, need)
        if v > best_v or (v == best_v and j < best):
            best_v = v
            best = j


@njit(cache=True, forceinline=False)
def bounds_hold(params: np.ndarray) -> bool:
    """The weights under which value() <= partial_value() and partial_value() only falls
    with more water (greedy_placement's bounds): sink costs and their weight not negative."""
    return (
        params[P_Q0] >= 0.0
        and params[P_RING] >= 0.0
        and params[P_SINK] >= 0.0
        and params[P_LOST] >= 0.0
        and params[P_RING_SINK] >= 0.0
        and params[P_NEED_TIGHT] >= 0.0
        and params[P_NEED_SLACK] >= 0.0
    )


@njit(cache=True, forceinline=False)
def greedy_one_by_one(
    table: np.ndarray,
    state: np.ndarray,
    moves: np.ndarray,
    n: int,
    params: np.ndarray,
    need: np.ndarray,
    scratch: np.ndarray,
    loots: np.ndarray,
    wet: np.ndarray,
) -> int:
    """greedy_placement in enumeration order, each value bounded by the best so far (for
    any weights). A black-die decision already no better before its sink is skipped when
    partial_value only falls with more water and no sink could end the game."""
    monotone = params[P_Q0] >= 0.0 and params[P_RING] >= 0.0
    k_sinks = int(params[P_RESOLVE_SINKS])
    best = 0
    best_v = -1.0e18
    for i in range(n):
        copy_state(scratch, state)
        place_and_loot(table, scratch, moves, i, loots)
        if moves[i, M_TAKE] != TAKE_WHITE:  # R9
            if (
                monotone
                and termination(table, scratch) == 0
                and partial_value(table, scratch, params) <= best_v
                and not sink_may_end(table, scratch, wet)
            ):
                continue
            sink_greedily(table, scratch, params, need, k_sinks)
        v = value_above(table, scratch, params, need, best_v)
        if v > best_v:
            best_v = v
            best = i
    return best


@njit(cache=True, forceinline=False, _nrt=False)
def greedy_top(
    table: np.ndarray,
    state: np.ndarray,
    moves: np.ndarray,
    n: int,
    k: int,
    params: np.ndarray,
    need: np.ndarray,
    loots: np.ndarray,
    resolved: np.ndarray,
    have: np.ndarray,
    bound: np.ndarray,
    vals: np.ndarray,
    exact: np.ndarray,
    top: np.ndarray,
    wet_work: np.ndarray,
) -> int:
    """The k placements greedy values best, best first, ties to the lower index: what a
    stable argsort of -value() over all n gives, for weights where bounds_hold. They are
    written to top[:m]; returns m. bound, vals, exact (n each) and wet_work (a line each)
    are work arrays.

    Each placement is first bounded as greedy_placement bounds it; placements are then
    valued exactly from the highest bound down until k are known and no bound reaches the
    k-th value (a placement whose bound equals it could tie and come first). The others are
    below the k-th and cannot be among the k. Positions valued exactly are kept in
    `resolved` (`have` set), so the expert's search need not play them again.
    """
    k_sinks = int(params[P_RESOLVE_SINKS])
    wet = wet_work[:usable_regions_into(table, state[S_SUNK], wet_work)]
    for i in range(n):
        exact[i] = False
        st = resolved[i]
        copy_state(st, state)
        place_and_loot(table, st, moves, i, loots)
        if termination(table, st) == 0:
            if moves[i, M_TAKE] == TAKE_WHITE or not sink_may_end(table, st, wet):
                bound[i] = partial_value(table, st, params)
                continue
        if moves[i, M_TAKE] != TAKE_WHITE:  # R9
            sink_greedily(table, st, params, need, k_sinks)
        vals[i] = value(table, st, params, need)
        bound[i] = vals[i]
        exact[i] = True
        have[i] = True
    while True:
        # the k best valued so far, by (value desc, index asc)
        m = 0
        for i in range(n):
            if not exact[i]:
                continue
            # insert i into top[:m], keeping at most k
            p = m
            while p > 0 and vals[top[p - 1]] < vals[i]:
                p -= 1
            if p < k:
                m = insert_ranked(top, m, k, p, i)
        j = -1
        for i in range(n):
            if not exact[i] and (j < 0 or bound[i] > bound[j]):
                j = i
        if j < 0 or (m == k and bound[j] < vals[top[k - 1]]):
            return m
        st = resolved[j]
        if moves[j, M_TAKE] != TAKE_WHITE:  # R9
            sink_greedily(table, st, params, need, k_sinks)
        vals[j] = value(table, st, params, need)
        exact[j] = True
        have[j] = True


KEEP = 8
"""Candidate searches a game's work arrays hold (the expert's default k is 6); a decision
that searches more candidates makes its own."""
KEEP_SEARCHES = np.int64(KEEP)
"""KEEP for search_works, not a literal (see FIRST_ROW): one compile of it, not two."""


@njit(cache=True, forceinline=False, _nrt=False)
def smallest_first(x: np.ndarray, n: int, k: int, top: np.ndarray) -> int:
    """The indices of the k smallest of x[:n], smallest first, ties to the lower index (NaN
    last), into top[:m]; returns m = min(k, n). What a stable argsort(x[:n])[:k] gives,
    by insertion into at most k places: numba's merge sort was a compile of its own (about
    a second of CPU on an empty cache) for two sorts of a few dozen floats per decision."""
    m = 0
    for i in range(n):
        p = m
        while p > 0 and (x[i] < x[top[p - 1]] or (np.isnan(x[top[p - 1]])
                                                   and not np.isnan(x[i]))):
            p -= 1
        if p < k:
            m = insert_ranked(top, m, k, p, i)
    return m


@njit(cache=True, forceinline=True, _nrt=False)
def insert_ranked(top: np.ndarray, m: int, k: int, p: int, i: int) -> int:
    """i into the ranking top[:m] at place p (< k), the later ones down by one, at most k
    kept; returns the new m."""
    for q in range(min(m, k - 1), p, -1):
        top[q] = top[q - 1]
    top[p] = i
    return m + 1 if m < k else m


# decision_work's floats: greedy_top's bounds and values, the candidates' bounds, then a
# sink's line costs; ints: out, loots, greedy_top's top, then its wet regions; flags:
# have, greedy_top's exact, the candidates' done and left.
W_BOUND, W_VALS, W_CAND, W_COSTS = 0, MAX_PLACEMENTS, 2 * MAX_PLACEMENTS, 3 * MAX_PLACEMENTS
W_FLOATS = W_COSTS
W_OUT, W_LOOTS, W_TOP, W_WET = 0, 2, 8, 8 + MAX_PLACEMENTS
W_INTS = W_WET
W_HAVE, W_EXACT, W_DONE, W_LEFT, W_FLAGS = (0, MAX_PLACEMENTS, 2 * MAX_PLACEMENTS,
                                            3 * MAX_PLACEMENTS, 4 * MAX_PLACEMENTS)


@njit(cache=True, forceinline=False, _nrt=True)
def decision_work(table: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray,
                                              np.ndarray, np.ndarray, tuple[np.ndarray,
                                              np.ndarray, np.ndarray, np.ndarray]]:
    """The expert's work arrays, made once per game (`play`) and reused by each of its
    decisions, which allocated two dozen arrays each (malloc, free and reference counts were
    a twelfth of its time): positions (one per legal placement), positions (scratch, then
    one per candidate searched), floats, ints, flags, moves, and search_works for KEEP
    candidates. Sizes: W_* above."""
    n_lines = table[T_NLINES]
    return (np.empty((MAX_PLACEMENTS, S_SIZE), dtype=np.int64),
            np.empty((KEEP + 2, S_SIZE), dtype=np.int64),
            np.empty(W_FLOATS + n_lines),
            np.empty(W_INTS + n_lines, dtype=np.int64),
            np.empty(W_FLAGS, dtype=np.bool_),
            np.empty((2, M_SIZE), dtype=np.int64),
            search_works(table, KEEP_SEARCHES))


KEPT_VALID = S_SIZE
KEPT_SIZE = S_SIZE + 1
"""`kept`: the expert's chosen position after greedy's loot and sink (the state), then 1
when it holds one for the choose_sink that follows (`kept_value[0]` its reply_value)."""


def choose_placement(
    table: np.ndarray,
    state: np.ndarray,
    moves: np.ndarray,
    n: int,
    policy: int,
    policy_rng: np.ndarray,
    params: np.ndarray,
    need: np.ndarray,
) -> int:
    """The policy's die decision among the n legal placements in moves.

    `need` is the heuristics' work array (`new_work()`); its memo may be kept for a game.

    Called from Python (a FastPlayer's decisions), so not compiled itself: it calls the
    compiled choose_placement_keeping with the argument types play() calls it with, whose
    code play()'s compile has already made. A compiled wrapper would be a compile of its
    own, and numba optimises a function's whole call tree again in each one (about 5 s of
    CPU on an empty cache).
    """
    return choose_placement_keeping(table, state, moves, n, policy, policy_rng, params, need,
                                    np.zeros(KEPT_SIZE, dtype=np.int64), np.zeros(1),
                                    decision_work(table))


@njit(cache=True, forceinline=False, _nrt=True)
def choose_placement_keeping(
    table: np.ndarray,
    state: np.ndarray,
    moves: np.ndarray,
    n: int,
    policy: int,
    policy_rng: np.ndarray,
    params: np.ndarray,
    need: np.ndarray,
    kept: np.ndarray,
    kept_value: np.ndarray,
    work: tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray,
                tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]],
) -> int:
    """choose_placement, and for the expert the position it chose (after greedy's loot and
    sink) with its exact reply_value in `kept` (see KEPT_SIZE): when the move is a black-die
    decision, the sink the expert then chooses compares that very position among its lines,
    and choose_sink_knowing takes its value instead of searching it again. `work` =
    decision_work(table)."""
    kept[KEPT_VALID] = 0
    if n == 1:
        return 0
    if policy == 0:
        return draw(policy_rng, n)
    if policy == 1:
        return greedy_placement(table, state, moves, n, params, need)
    resolved, states, floats, ints, flags, reply_moves, searches = work
    out = ints[W_OUT:W_LOOTS]
    out[0] = 0
    out[1] = 0
    scratch = states[KEEP]
    loots = ints[W_LOOTS:W_TOP]
    for c in range(6):
        loots[c] = -1
    best = 0
    best_v = -1.0e18
    # expert: two-ply expectimax with the greedy reply as leaf, over the K decisions that
    # greedy rates best (ties keep the enumeration order, so the choice is deterministic)
    k = int(params[P_EXPERT_K])
    bounded = bounds_hold(params)
    have = flags[W_HAVE:W_EXACT]  # resolved[i] holds i's position after greedy loot and sink
    for i in range(n):
        have[i] = False
    top = ints[W_TOP:W_WET]  # the candidates, in the order they are searched
    if not 0 < k < n:
        m = n
        for i in range(n):
            top[i] = i
    elif bounded:
        m = greedy_top(table, state, moves, n, k, params, need, loots, resolved, have,
                       floats[W_BOUND:W_VALS], floats[W_VALS:W_CAND],
                       flags[W_EXACT:W_DONE], top, ints[W_WET:])
    else:
        first = floats[W_VALS:W_VALS + n]
        for i in range(n):
            copy_state(scratch, state)
            resolve(table, scratch, moves, i, params, need, loots, out)
            first[i] = -value(table, scratch, params, need)
        m = smallest_first(first, n, k, top)
    order = top[:m]
    # The best reply_value wins, ties to the lowest index.
    for q in range(M_SIZE):
        reply_moves[0, q] = 0
        reply_moves[1, q] = 0
    scratch2 = states[KEEP + 1]
    m = order.shape[0]
    if not bounded:
        for j in range(m):
            i = order[j]
            copy_state(scratch, state)
            resolve(table, scratch, moves, i, params, need, loots, out)
            v = reply_value(table, scratch, params, need, reply_moves, scratch2, out)
            if v > best_v or (v == best_v and i < best):
                best_v = v
                best = i
                copy_state(kept, scratch)
                kept[KEPT_VALID] = 1
                kept_value[0] = v
        return best
    # Best first: every candidate's search is started (reply_start: its replies bounded,
    # the rolls summed once), then the searches are carried on (reply_resume) from the
    # highest bound down, each against the best value known, and one whose bound cannot
    # beat it is dropped: the same choice, with fewer leaves valued than searching in
    # greedy's order, where a candidate searched early to the end may lose to a later one.
    if m <= KEEP:
        items, fw, iw, bw = searches
        positions = states
    else:
        items, fw, iw, bw = search_works(table, m)
        positions = np.empty((m, S_SIZE), dtype=np.int64)
    bound = floats[W_CAND:W_CAND + m]
    done = flags[W_DONE:W_DONE + m]
    for j in range(m):
        i = order[j]
        st = positions[j]
        if have[i]:
            copy_state(st, resolved[i])
        else:
            copy_state(st, state)
            resolve(table, st, moves, i, params, need, loots, out)
        bound[j], done[j] = reply_start(table, st, params, need,
                                        (items[j], fw[j], iw[j], bw[j]), reply_moves,
                                        scratch2, out)
    left = flags[W_LEFT:W_LEFT + m]
    for j in range(m):
        left[j] = True
    while True:
        # the highest bound left, ties to the lower index (the one that would win a tie)
        j = -1
        for q in range(m):
            if left[q] and (j < 0 or bound[q] > bound[j]
                            or (bound[q] == bound[j] and order[q] < order[j])):
                j = q
        if j < 0:
            return best
        left[j] = False
        i = order[j]
        if bound[j] < best_v or (bound[j] == best_v and i > best):
            return best  # no bound left can beat the best
        v = bound[j]
        if not done[j]:
            v, known = reply_resume(table, positions[j], params, need, best_v, i > best,
                                    (items[j], fw[j], iw[j], bw[j]), reply_moves, scratch2,
                                    out)
            if not known:
                continue
        if v > best_v or (v == best_v and i < best):
            best_v = v
            best = i
            copy_state(kept, positions[j])
            kept[KEPT_VALID] = 1
            kept_value[0] = v


@njit(cache=True, forceinline=False)
def choose_loot(
    table: np.ndarray, state: np.ndarray, c: int, policy: int, policy_rng: np.ndarray
) -> int:
    if policy == 0:
        cand = available(table, state) & table[T_SYM + c]
        cnt = popcount(cand)
        k = draw(policy_rng, cnt) if cnt > 1 else 0
        for s in range(table[T_NSPACES]):
            if cand >> s & 1:
                if k == 0:
                    return s
                k -= 1
        return -1
    return best_loot(table, state, c)


def choose_sink(
    table: np.ndarray,
    state: np.ndarray,
    policy: int,
    policy_rng: np.ndarray,
    params: np.ndarray,
    need: np.ndarray,
) -> int:
    """A usable line (R11), or -1 when none is (R13). From Python, through play()'s compiled
    choose_sink_knowing, as choose_placement does."""
    return choose_sink_knowing(table, state, policy, policy_rng, params, need,
                               np.zeros(KEPT_SIZE, dtype=np.int64), np.zeros(1),
                               decision_work(table))


@njit(cache=True, forceinline=False)
def choose_sink_knowing(
    table: np.ndarray,
    state: np.ndarray,
    policy: int,
    policy_rng: np.ndarray,
    params: np.ndarray,
    need: np.ndarray,
    kept: np.ndarray,
    kept_value: np.ndarray,
    work: tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray,
                tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]],
) -> int:
    """choose_sink, where a line that leaves the position in `kept` (if valid, see
    choose_placement_keeping) has the reply_value kept with it: the same number its search
    would give (a search pruned below the best so far gives a bound; the exact value is no
    higher, so that line is not chosen either way). `work` = decision_work(table)."""
    n_lines = table[T_NLINES]
    if policy == 0:
        k = ZERO
        for i in range(n_lines):
            if line_usable(table, state[S_SUNK], i, n_lines):
                k += 1
        if k == 0:
            return -1
        j = draw(policy_rng, k) if k > 1 else 0
        for i in range(n_lines):
            if line_usable(table, state[S_SUNK], i, n_lines):
                if j == 0:
                    return i
                j -= 1
        return -1
    if policy == 1:
        return value_sink(table, state, params, need, int(params[P_GREEDY_SINKS]))
    k = int(params[P_EXPERT_SINKS])
    if k <= 1:
        return value_sink(table, state, params, need, int(params[P_GREEDY_SINKS]))
    # the k cheapest usable lines, judged by the value after sinking (two-ply for the expert)
    avail = available(table, state)
    code = need_weights(table, state, avail, params, need)
    counted = sums_exact(params)
    slack, tight = need_masks(table, code)
    resolved, states, floats, ints, flags, reply_moves, searches = work
    costs = floats[W_COSTS:W_COSTS + n_lines]
    for i in range(n_lines):
        costs[i] = 1.0e18
    n_usable = 0
    for i in range(n_lines):
        if line_usable(table, state[S_SUNK], i, n_lines):
            costs[i] = sink_cost(table, state, avail, need, i, n_lines, params, counted, slack,
                                 tight)
            n_usable += 1
    if n_usable == 0:
        return -1
    order = ints[W_TOP:]
    order = order[:smallest_first(costs, n_lines, min(k, n_usable), order)]
    scratch = states[KEEP]
    scratch2 = states[KEEP + 1]
    for q in range(M_SIZE):
        reply_moves[0, q] = 0
        reply_moves[1, q] = 0
    items, fw, iw, bw = searches
    search = (items[0], fw[0], iw[0], bw[0])
    out = ints[W_OUT:W_LOOTS]
    out[0] = 0
    out[1] = 0
    best = -1
    best_v = -1.0e18
    bounded = bounds_hold(params)
    for j in range(order.shape[0]):
        i = order[j]
        copy_state(scratch, state)
        scratch[S_SUNK] |= table[T_LINES + i]
        if policy == 2:
            # a line whose reply_value cannot beat the best so far (ties keep the earlier
            # line) needs no full search: choose_placement's pruning, same choice
            same = kept[KEPT_VALID] == 1
            for q in range(S_SIZE):
                same = same and scratch[q] == kept[q]
            if same:
                v = kept_value[0]
            elif bounded:  # reply_search, its two halves called here (see there)
                v, known = reply_start(table, scratch, params, need, search, reply_moves,
                                       scratch2, out)
                if not known:
                    v, known = reply_resume(table, scratch, params, need, best_v, TIES_LOSE,
                                            search, reply_moves, scratch2, out)
                    if not known:
                        continue
            else:
                v = reply_value(table, scratch, params, need, reply_moves, scratch2, out)
        else:
            v = value(table, scratch, params, need)
        if v > best_v:
            best_v = v
            best = i
    return best

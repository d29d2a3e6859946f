"""The compiled fast path: whole games in numba, for simulation and island verification.

Same rules as `state.GameState` (the referee), same move order, same random streams: a game
played here and replayed through the referee agrees move by move (tests check this on
thousands of seeds). The state is a small int64 array (`S_*` offsets) and the island and
ruleset are one int64 table (`T_*` offsets), so a game never allocates Python objects.

Players live here too because they run in the hot loop:
- random (0): every decision uniform over the legal ones, in the referee's order.
- greedy (1): one-ply. Each die decision is scored by `value()`, a hand-written estimate of
  the final score (banked points; open cells weighted by how likely the column is to be
  finished given its symbol's remaining spaces; doubles powers; distance from losing the
  centre ring; cost of the next sink). Loot takes the space most likely to sink soon; a
  sink takes, of the three lines that destroy the least still-needed treasure
  (`sink_cost`), the one that leaves the best `value()` (`value_sink`).
- expert (2): two-ply expectimax. Each of greedy's six favourite die decisions, and each
  of the three cheapest sinks, is scored by the expectation over all 36 next rolls of
  greedy's best reply value, computed per die value and reused across rolls so that the
  whole lookahead costs a few dozen evaluations.
"""

from __future__ import annotations

import numpy as np
from numba import njit, types
from numba.extending import intrinsic

from sheetgen.errors import SheetgenError

from .island import Island
from .ruleset import Ruleset

# ---- table layout (int64)
T_ROW = 0  # row_of[c*7 + v], v in 1..6
T_VAL = 42  # val_of[c*6 + r]
T_SYM = 78  # symbol mask per column
T_RING = 84
T_ALL = 85
T_NSPACES = 86
T_NLINES = 87
T_SPENT_COUNTS = 88  # R8 option
T_UNFINISHED_SCORE = 89  # R16 option
T_GOAL = 90
T_SYMOF = 96  # column (symbol) index of each space, 64 slots
T_SUFFIX = 160  # suffix[c*7 + r] = sum of (value + 1) over rows r..5 of column c
T_MASKSUM = 202  # masksum[c*64 + m] = sum of the values of circled-row mask m in column c
T_LINES = 586  # region[L], end0[L], end1[L], the lines in order of region size, then
# per space the lines whose region holds it: start[n + 1] offsets into a flat list

# ---- state layout (int64)
S_NEXT = 0  # first open row per column
S_CIRC = 6  # circled-row mask per column
S_DBL = 12  # doubles state per value-1: 0 blank, 1 circled, 2 spent
S_MARKED = 18
S_LOOTED = 19
S_SUNK = 20
S_SIZE = 21

# ---- turn record layout (int64), one row per turn
R_WHITE, R_BLACK, R_MDIE, R_MDELTA, R_MSPEND, R_TAKE, R_COL, R_LOOT, R_DCIRC, R_SINK, \
    R_NPLACE = range(11)
R_SIZE = 11
TAKE_WHITE, TAKE_BLACK, TAKE_PASS = 0, 1, 2

# ---- placement rows: mod_die (-1 none, 0 white, 1 black), delta, spend, take, column, value
MAX_PLACEMENTS = 320
MAX_TURNS = 400

POLICY_IDS = {"random": 0, "greedy": 1, "expert": 2}

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
DEFAULT_PARAMS = np.array([0.5, 4.0, 3.0, 24.0, 1.6, 1.5, 1.0, 20.0, 150.0, 12.0, 6.0, 3.0,
                           3.0, 1.0],
                          dtype=np.float64)

U64 = np.uint64
GAMMA = np.uint64(0x9E3779B97F4A7C15)
M1 = np.uint64(0xBF58476D1CE4E5B9)
M2 = np.uint64(0x94D049BB133111EB)
POLICY_STREAM = np.uint64(0xD1B54A32D192ED03)


def build_table(island: Island, ruleset: Ruleset) -> np.ndarray:
    """Flatten an island and ruleset into the int64 table the kernels read."""
    n = len(island.spaces)
    if n > 62:  # masks are int64 bit sets
        raise SheetgenError(f"island {island.name!r} has {n} spaces; the engine plays islands "
                            "of at most 62", island.at("spaces"),
                            hint="use fewer spaces per symbol (symbol_counts in the ruleset)")
    n_lines = len(island.sink_lines)
    holders = [[i for i in range(n_lines) if island.region_masks[i] >> s & 1]
               for s in range(n)]
    flat_start = T_LINES + 4 * n_lines + n + 1
    tab = np.zeros(flat_start + sum(len(h) for h in holders), dtype=np.int64)
    for c in range(6):
        for r, v in enumerate(ruleset.columns[c]):
            tab[T_ROW + c * 7 + v] = r
            tab[T_VAL + c * 6 + r] = v
        tab[T_SYM + c] = island.symbol_masks[c]
    tab[T_RING] = island.ring_mask
    tab[T_ALL] = island.all_mask
    tab[T_NSPACES] = n
    tab[T_NLINES] = n_lines
    tab[T_SPENT_COUNTS] = int(ruleset.spent_doubles_count_as_circled)
    tab[T_UNFINISHED_SCORE] = int(ruleset.unfinished_columns_score)
    tab[T_GOAL] = ruleset.goal
    for i, c in enumerate(island.symbol_of_space):
        tab[T_SYMOF + i] = c
    for c in range(6):
        col = ruleset.columns[c]
        for r in range(7):
            tab[T_SUFFIX + c * 7 + r] = sum(v + 1 for v in col[r:])
        for m in range(64):
            tab[T_MASKSUM + c * 64 + m] = sum(col[r] for r in range(6) if m >> r & 1)
    for i in range(n_lines):
        tab[T_LINES + i] = island.region_masks[i]
        tab[T_LINES + n_lines + i] = island.end_masks[i][0]
        tab[T_LINES + 2 * n_lines + i] = island.end_masks[i][1]
    by_size = sorted(range(n_lines), key=lambda i: (bin(island.region_masks[i]).count("1"), i))
    tab[T_LINES + 3 * n_lines:T_LINES + 4 * n_lines] = by_size
    at = flat_start
    for sp in range(n):
        tab[T_LINES + 4 * n_lines + sp] = at
        for i in holders[sp]:
            tab[at] = i
            at += 1
    tab[T_LINES + 4 * n_lines + n] = at
    return tab


# ------------------------------------------------------------------ primitives

@intrinsic
def _ctpop(typingctx, x):
    """LLVM's ctpop: one POPCNT instruction where the CPU has it."""
    sig = types.int64(types.int64)

    def codegen(context, builder, signature, args):
        return builder.ctpop(args[0])

    return sig, codegen


@njit(cache=True, inline="always")
def popcount(x: int) -> int:
    """Bits set in a mask."""
    return _ctpop(np.int64(x))


@njit(cache=True)
def next64(rs: np.ndarray) -> np.uint64:
    rs[0] = rs[0] + GAMMA
    z = rs[0]
    z = (z ^ (z >> U64(30))) * M1
    z = (z ^ (z >> U64(27))) * M2
    return z ^ (z >> U64(31))


@njit(cache=True)
def draw(rs: np.ndarray, n: int) -> int:
    """[0, n) by multiply-shift of the top 32 bits, exactly as rng.SplitMix64.randrange."""
    return np.int64(((next64(rs) >> U64(32)) * U64(n)) >> U64(32))


@njit(cache=True, inline="always")
def wrap(v: int) -> int:
    return (v - 1) % 6 + 1


@njit(cache=True, inline="always")
def available(tab: np.ndarray, st: np.ndarray) -> int:
    return tab[T_ALL] & ~st[S_MARKED] & ~st[S_SUNK]


@njit(cache=True, inline="always")
def placeable(tab: np.ndarray, st: np.ndarray, avail: int, c: int, v: int) -> bool:
    """R6."""
    nr = st[S_NEXT + c]
    return nr < 6 and tab[T_ROW + c * 7 + v] >= nr and (avail & tab[T_SYM + c]) != 0


@njit(cache=True)
def any_placeable(tab: np.ndarray, st: np.ndarray, avail: int, v: int) -> bool:
    for c in range(6):
        if placeable(tab, st, avail, c, v):
            return True
    return False


@njit(cache=True, inline="always")
def line_usable(tab: np.ndarray, sunk: int, i: int, n_lines: int) -> bool:
    """R11: both ends wet and something left to sink."""
    region = tab[T_LINES + i]
    e0 = tab[T_LINES + n_lines + i]
    e1 = tab[T_LINES + 2 * n_lines + i]
    return (region & ~sunk) != 0 and (e0 == 0 or (e0 & sunk) != 0) and \
        (e1 == 0 or (e1 & sunk) != 0)


@njit(cache=True)
def termination(tab: np.ndarray, st: np.ndarray) -> int:
    """R14: 0 = go on; 1 columns complete, 2 ring sunk, 3 island sunk, 4 nothing to loot."""
    done = True
    for c in range(6):
        if st[S_NEXT + c] < 6:
            done = False
    if done:
        return 1
    sunk = st[S_SUNK]
    if tab[T_RING] & ~sunk == 0:
        return 2
    if tab[T_ALL] & ~sunk == 0:
        return 3
    if available(tab, st) == 0:
        return 4
    return 0


@njit(cache=True)
def final_score(tab: np.ndarray, st: np.ndarray) -> int:
    """R16-R17 on a finished sheet: totals minus X, X = every cell not circled."""
    score = 0
    for c in range(6):
        circ = st[S_CIRC + c]
        complete = st[S_NEXT + c] == 6
        for r in range(6):
            if circ >> r & 1:
                if complete or tab[T_UNFINISHED_SCORE] != 0:
                    score += tab[T_VAL + c * 6 + r]
            else:
                score -= 1
    return score


# ------------------------------------------------------------------ legal decisions

@njit(cache=True)
def enum_placements(tab: np.ndarray, st: np.ndarray, w: int, b: int, dcirc: int,
                    pl: np.ndarray) -> int:
    """All legal die decisions (R6-R8) in the referee's order; returns their count."""
    avail = available(tab, st)
    n = 0
    if w == b:
        d = w
        forced = dcirc == d or (st[S_DBL + d - 1] == 2 and tab[T_SPENT_COUNTS] == 0)
        any_ok = False
        for take in range(2):
            if take == 0 and forced:
                continue
            for c in range(6):
                if placeable(tab, st, avail, c, d):
                    any_ok = True
                    pl[n, 0] = -1
                    pl[n, 1] = 0
                    pl[n, 2] = 0
                    pl[n, 3] = take
                    pl[n, 4] = c
                    pl[n, 5] = d
                    n += 1
        if not any_ok:
            pl[n, 0] = -1
            pl[n, 1] = 0
            pl[n, 2] = 0
            pl[n, 3] = TAKE_PASS
            pl[n, 4] = -1
            pl[n, 5] = 0
            n += 1
        return n
    lowest = 0
    for d in range(1, 7):
        if st[S_DBL + d - 1] == 1:
            lowest = d
            break
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
                if st[S_DBL + spend - 1] != 1:
                    continue
                if tab[T_SPENT_COUNTS] != 0 and spend != lowest:
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
                    if placeable(tab, st, avail, c, v):
                        pl[n, 0] = mdie
                        pl[n, 1] = delta
                        pl[n, 2] = sp
                        pl[n, 3] = take
                        pl[n, 4] = c
                        pl[n, 5] = v
                        n += 1
            if n == start:
                pl[n, 0] = mdie
                pl[n, 1] = delta
                pl[n, 2] = sp
                pl[n, 3] = TAKE_PASS
                pl[n, 4] = -1
                pl[n, 5] = 0
                n += 1
    return n


@njit(cache=True)
def apply_placement(tab: np.ndarray, st: np.ndarray, pl: np.ndarray, i: int) -> None:
    """Spend the doubles symbol (R7) and circle the value, crossing cells above (R6)."""
    if pl[i, 0] >= 0:
        st[S_DBL + pl[i, 2] - 1] = 2
    if pl[i, 3] != TAKE_PASS:
        c = pl[i, 4]
        row = tab[T_ROW + c * 7 + pl[i, 5]]
        st[S_CIRC + c] |= 1 << row
        st[S_NEXT + c] = row + 1


@njit(cache=True)
def apply_loot(tab: np.ndarray, st: np.ndarray, c: int, space: int) -> None:
    """R6 loot, then R10 abandonment if the column is complete."""
    bit = 1 << space
    st[S_MARKED] |= bit
    st[S_LOOTED] |= bit
    if st[S_NEXT + c] == 6:
        st[S_MARKED] |= available(tab, st) & tab[T_SYM + c]


# ------------------------------------------------------------------ heuristics

# ---- the heuristics' float64 work array: need weights, then a small exact memo of
# cheapest_sink keyed by (available, sunk, need codes). Keys are stored as floats, exact
# below 2**53, so the memo is used only on islands of at most 52 spaces.
MEMO = 64  # direct-mapped by a hash of the key
W_NEXT = 6  # (unused slot kept for layout stability)
W_MEMO = 7
WORK_SIZE = W_MEMO + 5 * MEMO


@njit(cache=True)
def new_work() -> np.ndarray:
    work = np.zeros(WORK_SIZE)
    for j in range(MEMO):
        work[W_MEMO + 5 * j] = -1.0  # no mask is negative: an empty slot never matches
    return work


@njit(cache=True)
def need_weights(tab: np.ndarray, st: np.ndarray, avail: int, P: np.ndarray,
                 need: np.ndarray) -> int:
    """Per column, what losing one available space of its symbol costs (points); returns
    the columns' codes (0 complete, 1 slack, 2 tight; 2 bits each) for the memo key."""
    code = 0
    for c in range(6):
        nr = st[S_NEXT + c]
        if nr >= 6:
            need[c] = 0.0
            continue
        a = popcount(avail & tab[T_SYM + c])
        if a - 1 >= 6 - nr:
            need[c] = P[P_NEED_SLACK]
            code |= 1 << (2 * c)
        else:
            need[c] = P[P_NEED_TIGHT]
            code |= 2 << (2 * c)
    return code


@njit(cache=True, inline="always")
def sink_cost(tab: np.ndarray, st: np.ndarray, avail: int, need: np.ndarray, i: int,
              n_lines: int, P: np.ndarray) -> float:
    """What sinking line i destroys: needed treasure, centre-ring safety, a little land."""
    sunk = st[S_SUNK]
    region = tab[T_LINES + i] & ~sunk
    cost = 0.0
    ra = region & avail
    while ra:
        low = ra & -ra
        cost += need[tab[T_SYMOF + popcount(low - 1)]]
        ra ^= low
    ring_here = popcount(region & tab[T_RING])
    if ring_here:
        ring_left = popcount(tab[T_RING] & ~sunk)  # rare: only lines reaching the ring
        if ring_left == ring_here:
            return 1.0e6  # this sink would lose the game (R15)
        cost += P[P_RING_SINK] * ring_here / (ring_left - ring_here)
    cost += 0.02 * popcount(region)
    return cost


@njit(cache=True)
def cheapest_sink(tab: np.ndarray, st: np.ndarray, avail: int, P: np.ndarray,
                  need: np.ndarray) -> tuple[int, float]:
    """The usable line with the least sink_cost and that cost, or (-1, 0.0) (R13).

    Lines are visited smallest region first. Regions are laminar (R12) and sink_cost only
    grows with the region, so a line whose unsunk region meets an already costed one
    contains it and cannot be cheaper: it is skipped. Ties go to the smaller region, then
    to the line listed first.
    """
    n_lines = tab[T_NLINES]
    sunk = st[S_SUNK]
    covered = 0
    best = -1
    best_cost = 0.0
    for k in range(n_lines):
        i = tab[T_LINES + 3 * n_lines + k]
        if not line_usable(tab, sunk, i, n_lines):
            continue
        region = tab[T_LINES + i] & ~sunk
        if region & covered:
            continue
        covered |= region
        cost = sink_cost(tab, st, avail, need, i, n_lines, P)
        if best < 0 or cost < best_cost:
            best = i
            best_cost = cost
    return best, best_cost


@njit(cache=True)
def cheapest_sink_memo(tab: np.ndarray, st: np.ndarray, avail: int, P: np.ndarray,
                       need: np.ndarray) -> tuple[int, float]:
    """cheapest_sink, remembered: within a decision many positions share water and loot."""
    code = need_weights(tab, st, avail, P, need)
    use_memo = tab[T_NSPACES] <= 52
    o = 0
    if use_memo:
        h = (avail * 0x9E3779B97F4A7C15) ^ (st[S_SUNK] * 0x632BE59BD9B4E019) ^ code
        o = W_MEMO + 5 * ((h >> 20) & (MEMO - 1))
        if need[o] == float(avail) and need[o + 1] == float(st[S_SUNK]) and \
                need[o + 2] == float(code):
            return int(need[o + 3]), need[o + 4]
    line, cost = cheapest_sink(tab, st, avail, P, need)
    if use_memo:
        need[o] = float(avail)
        need[o + 1] = float(st[S_SUNK])
        need[o + 2] = float(code)
        need[o + 3] = float(line)
        need[o + 4] = cost
    return line, cost


@njit(cache=True)
def best_sink(tab: np.ndarray, st: np.ndarray, P: np.ndarray, need: np.ndarray) -> int:
    """Greedy's sink: the cheapest usable line (see cheapest_sink), or -1 (R13)."""
    return cheapest_sink_memo(tab, st, available(tab, st), P, need)[0]


@njit(cache=True)
def value_sink(tab: np.ndarray, st: np.ndarray, P: np.ndarray, need: np.ndarray,
               k: int) -> int:
    """Among the k cheapest usable lines (by sink_cost), the one whose sinking leaves the
    best value(); -1 when no line is usable (R13). sink_cost alone misjudges which land
    still matters; value() sees columns, doubles and the ring together."""
    if k <= 1:
        return best_sink(tab, st, P, need)
    n_lines = tab[T_NLINES]
    avail = available(tab, st)
    need_weights(tab, st, avail, P, need)
    best = -1
    best_v = -1.0e18
    # k passes of "next cheapest" keep this allocation-free (k is small)
    last_cost = -1.0
    last_line = -1
    scratch = np.empty(S_SIZE, dtype=np.int64)
    for _ in range(k):
        pick = -1
        pick_cost = 0.0
        for i in range(n_lines):
            if not line_usable(tab, st[S_SUNK], i, n_lines):
                continue
            cost = sink_cost(tab, st, avail, need, i, n_lines, P)
            after_last = cost > last_cost or (cost == last_cost and i > last_line)
            if after_last and (pick < 0 or cost < pick_cost):
                pick = i
                pick_cost = cost
        if pick < 0:
            break
        last_cost = pick_cost
        last_line = pick
        scratch[:] = st
        scratch[S_SUNK] |= tab[T_LINES + pick]
        v = value_above(tab, scratch, P, need, best_v)
        if v > best_v:
            best_v = v
            best = pick
        need_weights(tab, st, avail, P, need)  # value() reused the array for its position
    return best


@njit(cache=True)
def best_loot(tab: np.ndarray, st: np.ndarray, c: int) -> int:
    """Loot first the space whose region is most at risk: inside cheap, usable lines."""
    avail = available(tab, st)
    cand = avail & tab[T_SYM + c]
    n_lines = tab[T_NLINES]
    sunk = st[S_SUNK]
    best = -1
    best_risk = -1.0
    starts = T_LINES + 4 * n_lines
    while cand:
        low = cand & -cand
        cand ^= low
        s = popcount(low - 1)
        risk = 0.0
        for j in range(tab[starts + s], tab[starts + s + 1]):
            i = tab[j]
            region = tab[T_LINES + i] & ~sunk
            k = popcount(region & avail)  # >= 1: s itself is available
            w = 1.0 / k
            if line_usable(tab, sunk, i, n_lines):
                w *= 2.0
            if w > risk:
                risk = w
        if tab[T_RING] >> s & 1:
            risk *= 0.9  # the ring sinks last; its treasure can wait a little
        if risk > best_risk:
            best_risk = risk
            best = s
    return best


@njit(cache=True)
def value(tab: np.ndarray, st: np.ndarray, P: np.ndarray, need: np.ndarray) -> float:
    """Estimated final score of a position at the end of a turn (see module docstring)."""
    return value_above(tab, st, P, need, -1.0e18)


@njit(cache=True)
def value_above(tab: np.ndarray, st: np.ndarray, P: np.ndarray, need: np.ndarray,
                floor: float) -> float:
    """value(), or some number <= floor when value() <= floor (branch and bound).

    The sink term only subtracts, so once the rest is <= floor the exact value cannot beat
    floor and its costly part is skipped; callers comparing with `>` choose the same move.
    """
    term = termination(tab, st)
    if term:
        score = final_score(tab, st)
        if term == 2:
            return score - P[P_LOST]
        if score >= tab[T_GOAL]:
            return score + P[P_WIN_BONUS]
        return float(score)
    avail = available(tab, st)
    q0 = P[P_Q0]
    v = 0.0
    for c in range(6):
        nr = st[S_NEXT + c]
        circ = st[S_CIRC + c]
        banked = tab[T_MASKSUM + c * 64 + circ] - (nr - popcount(circ))
        if nr < 6:
            a = popcount(avail & tab[T_SYM + c])
            open_cells = 6 - nr
            if a == 0:
                v -= open_cells
                if tab[T_UNFINISHED_SCORE] == 0:
                    banked = -(nr - popcount(circ))
            else:
                q = q0
                if a < open_cells:
                    q = q0 * a / open_cells
                # each open cell: circled with chance q (its value), else an X (-1)
                v += q * tab[T_SUFFIX + c * 7 + nr] - open_cells
        v += banked
    n_circ = 0
    n_prot = 0
    for d in range(6):
        s = st[S_DBL + d]
        if s == 1:
            n_circ += 1
            n_prot += 1
        elif s == 2 and tab[T_SPENT_COUNTS] != 0:
            n_prot += 1
    v += P[P_DOUBLE_CIRCLED] * n_circ
    ring_left = popcount(tab[T_RING] & ~st[S_SUNK])
    v -= P[P_RING] / ring_left
    v += P[P_DOUBLE_PROTECT] * n_prot
    if v <= floor:
        return v
    # the next owed sink will cost at least the cheapest usable line
    line, cheapest = cheapest_sink_memo(tab, st, avail, P, need)
    if line >= 0:
        if cheapest > 1.0e5:
            cheapest = P[P_LOST] * 0.3
        v -= P[P_SINK] * cheapest
    return v


# ------------------------------------------------------------------ one whole turn

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
def play_many(tab: np.ndarray, policy: int, seeds: np.ndarray, P: np.ndarray,
              finals: np.ndarray, n_turns: np.ndarray) -> None:
    """Play one game per seed; keep each final state (no turn records)."""
    rec = np.empty((MAX_TURNS, R_SIZE), dtype=np.int64)
    st = np.empty(S_SIZE, dtype=np.int64)
    for g in range(seeds.shape[0]):
        n_turns[g] = play(tab, policy, seeds[g], P, st, rec)
        finals[g, :] = st


# summary row of a finished game (R15-R17), so Python need not loop over cells
SUM_SCORE, SUM_TOTALS, SUM_X, SUM_UNSUNK, SUM_LOST, SUM_PERFECT, SUM_TERM, SUM_TURNS = \
    0, 1, 7, 8, 9, 10, 11, 12
SUM_SIZE = 13


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

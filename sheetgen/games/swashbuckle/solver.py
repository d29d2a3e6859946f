"""Exact optimal solitaire strategy by backward induction over start-of-turn states.

A start-of-turn state is (boxes used, bonus-section subtotal capped at the threshold, joker
flag, zero flag): the joker flag says the joker box (Swashbuckle) was scored, not scuttled, so
five-alike rolls earn the Swashbuckle Bonus; the zero flag says some box holds a zero, which
forfeits Smooth Sailing. `V[mask, sub, j, z]` is the expected score still to come under optimal
play, so `V[0, 0, 0, 0]` is the expected final score of a whole solitaire game.

Within a turn the value is computed exactly as in the known optimal-Yahtzee solvers: the best
box for each of the 252 final rolls, then twice (for three rolls) the expected value of each of
the 462 keeps and the best keep inside each roll. Keeps are valued one die at a time (see
`dice.py`), and all states of a layer (same number of boxes used) are processed together as
numpy arrays, `S` states at a time.

Scuttling follows the card's `scuttle` option: under `only_if_nothing_scores` (the source's
reading, the default) a box may take a zero only when the final roll scores in no open box;
under `any` every open box may take one.

Scope: the solver plays the card's score boxes only. Hornswaggle (a paid extra roll), curses
and piracy against other players are match rules and are not part of solitaire play here.
"""

from __future__ import annotations

import functools
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from sheetgen.games.swashbuckle.card import Card
from sheetgen.games.swashbuckle.dice import DiceTables
from sheetgen.games.swashbuckle.rules import Reroll

CHUNK = 4096  # states per vectorised batch; bounds memory at roughly 100 MB


@dataclass(frozen=True)
class CardTables:
    """Per-box, per-roll tables of a card, the only view of the card the solver needs."""

    card: Card
    dice: DiceTables
    n_boxes: int
    pts_bjr: np.ndarray        # (N, 2, R) expected points; [:, 1] when the joker flag is set
    zero_br: np.ndarray        # (N, R) the roll scores nothing in the box (a scuttle)
    in_bonus_b: np.ndarray     # (N,) box counts towards the bonus subtotal
    vals_b: tuple[np.ndarray, ...]  # bonus boxes: distinct integer points
    uidx_br: np.ndarray        # (N, R) index of the roll's points in vals_b[b]
    below_b: np.ndarray        # (N,) box is below the waterline (no zero while others open)
    joker_box: int             # index of the joker box, -1 without a joker rule
    joker_points: int          # bonus per further all-alike roll
    joker_pts_b: np.ndarray    # (N,) points a box takes as a joker
    alike_r: np.ndarray        # indices of the all-alike rolls
    cap: int                   # bonus-section subtotal cap (threshold + 1), 0 if none
    bonus_points: int
    no_zero_points: int
    n_sub: int
    n_j: int
    n_z: int
    strict_scuttle: bool = False  # a zero only when the roll scores in no open box

    @property
    def shape(self) -> tuple[int, int, int, int]:
        return (1 << self.n_boxes, self.n_sub, self.n_j, self.n_z)


def card_tables(card: Card) -> CardTables:
    """Score every box for every final roll once, so the solver only indexes arrays."""
    dice = card.tables
    n_boxes = len(card.boxes)
    if n_boxes > 20:
        raise ValueError("the solver handles at most 20 boxes")
    rolls = [tuple(int(c) for c in dice.hands[k]) for k in dice.full]
    n_rolls = len(rolls)
    joker = card.joker
    joker_box = card.box_index(joker.box) if joker else -1
    pts = np.zeros((n_boxes, 2, n_rolls))
    zero = np.zeros((n_boxes, n_rolls), dtype=bool)
    bonus_section = card.bonus_section
    in_bonus = np.array([bool(bonus_section and b.id in bonus_section.boxes)
                         for b in card.boxes])
    vals: list[np.ndarray] = []
    uidx = np.zeros((n_boxes, n_rolls), dtype=np.int64)
    for b, box in enumerate(card.boxes):
        for r, counts in enumerate(rolls):
            for jflag in (0, 1):
                extra = joker.points if (joker and jflag and isinstance(box.rule, Reroll)) else 0
                pts[b, jflag, r] = box.rule.expected(counts, extra_bonus=extra)
            zero[b, r] = not box.rule.qualifies(counts)
        if in_bonus[b]:
            ints = np.array([box.rule.points(c) for c in rolls], dtype=np.int64)
            uniq, inverse = np.unique(ints, return_inverse=True)
            vals.append(uniq)
            uidx[b] = inverse
            if (uniq < 0).any():
                raise ValueError("bonus-section boxes must not score negative points")
        else:
            vals.append(np.zeros(1, dtype=np.int64))
    alike = np.array([r for r, c in enumerate(rolls) if max(c) == card.n_dice], dtype=np.int64)
    cap = bonus_section.bonus.above + 1 if bonus_section else 0
    return CardTables(
        card=card, dice=dice, n_boxes=n_boxes, pts_bjr=pts, zero_br=zero, in_bonus_b=in_bonus,
        vals_b=tuple(vals), uidx_br=uidx,
        below_b=np.array([b.below_waterline for b in card.boxes]),
        joker_box=joker_box, joker_points=joker.points if joker else 0,
        joker_pts_b=np.array([b.joker_points for b in card.boxes], dtype=np.int64),
        alike_r=alike, cap=cap, bonus_points=bonus_section.bonus.points if bonus_section else 0,
        no_zero_points=card.no_zero_bonus.points if card.no_zero_bonus else 0,
        n_sub=cap + 1 if bonus_section else 1, n_j=2 if joker else 1,
        n_z=2 if card.no_zero_bonus else 1,
        strict_scuttle=card.options.strict_scuttle,
    )


@dataclass
class States:
    """A batch of start-of-turn states as parallel arrays."""

    mask: np.ndarray
    sub: np.ndarray
    j: np.ndarray
    z: np.ndarray

    def __len__(self) -> int:
        return len(self.mask)

    def take(self, rows: np.ndarray | slice) -> States:
        return States(self.mask[rows], self.sub[rows], self.j[rows], self.z[rows])


def final_values(ct: CardTables, V: np.ndarray, st: States, want_choice: bool = False,
                 per_box: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray | None]:
    """Value of each final roll for each state: best box's points plus what follows.

    Returns (S, R) values and, when asked, the (S, R) index of the best box. `per_box`, an
    (N, S, R) array of -inf, receives every box's value (the advisor lists them); like the
    returned values it includes a Swashbuckle Bonus earned by the roll.
    """
    n_states, n_rolls = len(st), ct.dice.n_rolls
    best = np.full((n_states, n_rolls), -np.inf)
    choice = np.full((n_states, n_rolls), -1, dtype=np.int64) if want_choice else None
    bits = np.int64(1) << np.arange(ct.n_boxes, dtype=np.int64)
    open_sb = (st.mask[:, None] & bits[None, :]) == 0
    above_open = (open_sb & ~ct.below_b[None, :]).any(axis=1)
    alike = ct.alike_r
    if ct.joker_box >= 0:
        scores_sa = (open_sb[:, :, None] & ~ct.zero_br[None][:, :, alike]).any(axis=1)
        joker_sa = (st.j[:, None] == 1) & ~scores_sa
    if ct.strict_scuttle:
        # Scuttle reading `only_if_nothing_scores`: a roll that scores in some open box
        # must be scored; a zero is only for rolls that score nowhere.
        scores_sr = (open_sb.astype(np.float32) @ (~ct.zero_br).astype(np.float32)) > 0
    z_max = ct.n_z - 1
    for b in range(ct.n_boxes):
        rows = np.flatnonzero(open_sb[:, b])
        if len(rows) == 0:
            continue
        mask = st.mask[rows] | bits[b]
        sub, jj, zz = st.sub[rows], st.j[rows], st.z[rows]
        is_joker_box = b == ct.joker_box
        if ct.in_bonus_b[b]:
            vals = ct.vals_b[b]
            nsub = np.minimum(sub[:, None] + vals[None, :], ct.cap)
            cross = (sub[:, None] < ct.cap) & (nsub >= ct.cap)
            nz = np.minimum(zz[:, None] | (vals == 0)[None, :], z_max)
            nj = jj[:, None] | (is_joker_box & (vals > 0))[None, :]
            gain = V[mask[:, None], nsub, nj, nz] + vals[None, :] + cross * ct.bonus_points
            val = gain[:, ct.uidx_br[b]]
        else:
            v_scored = V[mask, sub, jj | int(is_joker_box), zz]
            v_zero = V[mask, sub, jj, np.minimum(zz | 1, z_max)]
            pts = ct.pts_bjr[b][jj]
            val = np.where(ct.zero_br[b][None, :], v_zero[:, None], pts + v_scored[:, None])
        if ct.below_b[b]:
            val[ct.zero_br[b][None, :] & above_open[rows][:, None]] = -np.inf
        if ct.strict_scuttle:
            val[ct.zero_br[b][None, :] & scores_sr[rows]] = -np.inf
        if ct.joker_box >= 0:
            active = joker_sa[rows]
            if active.any():
                jp = int(ct.joker_pts_b[b])
                nz_j = np.minimum(zz | int(jp == 0), z_max)
                if ct.in_bonus_b[b]:
                    nsub = np.minimum(sub + jp, ct.cap)
                    cross = (sub < ct.cap) & (nsub >= ct.cap)
                    v_j = V[mask, nsub, jj, nz_j] + jp + cross * ct.bonus_points
                else:
                    v_j = V[mask, sub, jj, nz_j] + jp
                cols = val[:, alike]
                val[:, alike] = np.where(active, v_j[:, None], cols)
        if per_box is not None:
            per_box[b, rows] = val
            if ct.joker_box >= 0:
                per_box[b, rows[:, None], alike[None, :]] += ct.joker_points * (
                    st.j[rows, None] == 1)
        current = best[rows]
        better = val > current
        best[rows] = np.where(better, val, current)
        if choice is not None:
            choice[rows] = np.where(better, b, choice[rows])
    if ct.joker_box >= 0:
        best[:, alike] += ct.joker_points * (st.j[:, None] == 1)
    return best, choice


def expect_keeps(dice: DiceTables, v_roll: np.ndarray) -> np.ndarray:
    """(S, R) values of full rolls -> (S, K) expected value of each keep before re-rolling."""
    E = np.empty((v_roll.shape[0], dice.n_keeps))
    E[:, dice.full] = v_roll
    for size in range(dice.n_dice - 1, -1, -1):
        layer = dice.layers[size]
        E[:, layer] = E[:, dice.add_kf[layer]].mean(axis=2)
    return E


def best_subsets(dice: DiceTables, E: np.ndarray,
                 want_arg: bool = False) -> tuple[np.ndarray, np.ndarray | None]:
    """For every multiset k, the best keep inside it: max over k' <= k of E[k'].

    Built up by size: the best keep inside k is k itself or the best inside k minus one die.
    On ties the larger keep wins (keeping everything is the same as stopping).
    """
    n_states, n_keeps = E.shape
    B = np.empty((n_states, n_keeps + 1))
    B[:, n_keeps] = -np.inf  # column -1: "no such sub-multiset"
    B[:, :n_keeps] = E
    A = None
    if want_arg:
        A = np.zeros((n_states, n_keeps + 1), dtype=np.int64)
        A[:, :n_keeps] = np.arange(n_keeps)
    for size in range(1, dice.n_dice + 1):
        layer = dice.layers[size]
        cand = B[:, dice.sub_kf[layer]]
        best_sub = cand.max(axis=2)
        if A is not None:
            arg = cand.argmax(axis=2)
            sub_keep = np.take_along_axis(A[:, dice.sub_kf[layer]], arg[:, :, None], 2)[:, :, 0]
            A[:, layer] = np.where(E[:, layer] >= best_sub, layer[None, :], sub_keep)
        B[:, layer] = np.maximum(E[:, layer], best_sub)
    return B[:, :n_keeps], (A[:, :n_keeps] if A is not None else None)


@functools.cache
def _turn_kernel():
    """The compiled turn (`turn_kernel.py`), imported on first use under its own cache
    (`sheetgen.cache.numba_cache_for`): compiled once per machine and its sources, not once
    per checkout (numba's own cache sits beside the source), and by one process at a time
    (two test workers or two solves at once each compiled it, 13-27 s of CPU)."""
    from sheetgen.cache import numba_cache_for

    with numba_cache_for("swashbuckle-turn", [Path(__file__).resolve().parent /
                                              "turn_kernel.py"]):
        from sheetgen.games.swashbuckle import turn_kernel
    return turn_kernel


def start_values(ct: CardTables, V: np.ndarray, st: States) -> np.ndarray:
    """Expected remaining score at the start of a turn, for each state of the batch (the
    re-rolls in the compiled kernel of `turn_kernel.py`, on all cores)."""
    return _turn_kernel().turn_values_compiled(ct, V, st)


def start_values_numpy(ct: CardTables, V: np.ndarray, st: States) -> np.ndarray:
    """`start_values` in numpy only: the reference the compiled kernel is tested against."""
    v_roll, _ = final_values(ct, V, st)
    for _ in range(ct.card.rolls - 1):
        best, _ = best_subsets(ct.dice, expect_keeps(ct.dice, v_roll))
        v_roll = best[:, ct.dice.full]
    return v_roll @ ct.dice.roll_prob_r


def bonus_subtotals(ct: CardTables, upper: int) -> np.ndarray:
    """The capped bonus-section subtotals a game can have once the bonus boxes in `upper`
    (a mask) are filled, ascending ([0] on a card without a bonus section)."""
    if not ct.cap:
        return np.zeros(1, dtype=np.int64)
    reach = {0}
    for b in range(ct.n_boxes):
        if upper >> b & 1:
            pts = set(ct.vals_b[b].tolist())
            if ct.joker_box >= 0:
                pts.add(int(ct.joker_pts_b[b]))
            reach = {min(a + p, ct.cap) for a in reach for p in pts}
    return np.array(sorted(reach), dtype=np.int64)


@functools.lru_cache(maxsize=4)
def boxes_used(n: int) -> np.ndarray:
    """How many boxes each of the 2**n masks has filled (`reachable_states` asks for every
    layer; a Python loop over the 65,536 masks of the 16-box card took 0.3 s a solve),
    and `table.storage_order` sorts the masks by it. Read-only: it is shared."""
    every = np.arange(1 << n, dtype=np.int64)
    used = np.zeros(1 << n, dtype=np.int64)
    for b in range(n):
        used += every >> b & 1
    used.flags.writeable = False
    return used


def reachable_states(ct: CardTables, used: int, base: int = 0) -> States:
    """Every start-of-turn state with `used` boxes filled that a game can reach (from a
    position whose filled boxes are `base`, when given)."""
    n = ct.n_boxes
    bonus_bits = sum(1 << b for b in range(n) if ct.in_bonus_b[b])
    sums: dict[int, np.ndarray] = {}
    every = np.arange(1 << n, dtype=np.int64)
    masks = np.flatnonzero((boxes_used(n) == used) & (every & base == base)).tolist()
    out_m, out_s, out_j, out_z = [], [], [], []
    for m in masks:
        upper = m & bonus_bits
        if upper not in sums:
            sums[upper] = bonus_subtotals(ct, upper)
        for j in range(ct.n_j):
            if j == 1 and not (m >> ct.joker_box & 1):
                continue
            for z in range(ct.n_z):
                if ct.n_j == 2 and m >> ct.joker_box & 1 and j == 0 and z == 0 and ct.n_z == 2:
                    continue  # a scuttled joker box is a zero
                subs = sums[upper]
                out_m.append(np.full(len(subs), m, dtype=np.int64))
                out_s.append(subs)
                out_j.append(np.full(len(subs), j, dtype=np.int64))
                out_z.append(np.full(len(subs), z, dtype=np.int64))
    if not out_m:
        empty = np.zeros(0, dtype=np.int64)
        return States(empty, empty, empty, empty)
    return States(np.concatenate(out_m), np.concatenate(out_s), np.concatenate(out_j),
                  np.concatenate(out_z))


@dataclass
class Solution:
    """The solved value table of a card and how it was obtained."""

    card: Card
    values: np.ndarray                 # V[mask, sub, j, z]; NaN where unreachable
    seconds: float = 0.0
    states: int = 0
    tables: CardTables | None = field(default=None, repr=False)

    @property
    def expected(self) -> float:
        return float(self.values[0, 0, 0, 0])

    def ct(self) -> CardTables:
        if self.tables is None:
            self.tables = card_tables(self.card)
        return self.tables


def terminal_values(ct: CardTables, unknown: bool = True) -> np.ndarray:
    """The value array with only the full card known: no points left to come, except the
    no-zero bonus (Smooth Sailing) where the card has one. Solving and loading both start here.
    Every other position is NaN (unknown), or left unwritten with `unknown=False` for a
    caller that writes them all (`table.load_table`)."""
    V = np.full(ct.shape, np.nan) if unknown else np.empty(ct.shape)
    full = (1 << ct.n_boxes) - 1
    V[full] = 0.0
    if ct.n_z == 2:
        V[full, :, :, 0] = ct.no_zero_points
    return V


def solve(card: Card, progress: Callable[[int, int, float], None] | None = None,
          chunk: int = CHUNK, base: int = 0) -> Solution:
    """Backward induction from the full card to the empty one; exact up to float rounding.

    With `base` (a mask of filled boxes) only positions reachable from it are solved: the
    advisor uses this for late-game positions, where a few open boxes solve in seconds.
    `progress(used, states_done, seconds)` is called after each layer.
    """
    t0 = time.perf_counter()
    ct = card_tables(card)
    V = terminal_values(ct)
    total = 0
    for used in range(ct.n_boxes - 1, base.bit_count() - 1, -1):
        st = reachable_states(ct, used, base)
        for start in range(0, len(st), chunk):
            part = st.take(slice(start, start + chunk))
            V[part.mask, part.sub, part.j, part.z] = start_values(ct, V, part)
        total += len(st)
        if progress:
            progress(used, total, time.perf_counter() - t0)
    return Solution(card, V, time.perf_counter() - t0, total, ct)


def solve_hornswaggle(base: Solution, cost: float | None = None,
                      progress: Callable[[int, int, float], None] | None = None,
                      chunk: int = CHUNK) -> Solution:
    """Optimal play while Hornswaggle (one extra roll per match, for `cost` points, default
    the card's `hornswaggle` parameter) is still in hand, on top of `base`, the solved game
    without it. The extra roll is taken, if at all, after a turn's last roll: it is one more
    re-roll whenever it is taken, and deciding later only adds information. Returns the
    values with Hornswaggle in hand; `expected - base.expected` is what it adds to par."""
    t0 = time.perf_counter()
    turn_values_compiled = _turn_kernel().turn_values_compiled
    ct = base.ct()
    if cost is None:
        cost = base.card.parameters.get("hornswaggle", 15)
    V = terminal_values(ct)
    total = 0
    for used in range(ct.n_boxes - 1, -1, -1):
        st = reachable_states(ct, used)
        for start in range(0, len(st), chunk):
            part = st.take(slice(start, start + chunk))
            V[part.mask, part.sub, part.j, part.z] = turn_values_compiled(
                ct, V, part, base.values, float(cost))
        total += len(st)
        if progress:
            progress(used, total, time.perf_counter() - t0)
    return Solution(base.card, V, time.perf_counter() - t0, total, ct)

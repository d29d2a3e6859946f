"""A whole turn, compiled: the value of each start-of-turn state of a batch, on all cores.

`_final_row` is `solver.final_values` for one state (the best box for each final roll, with
the waterline, the scuttle reading and the joker), `_reroll` is `solver.expect_keeps` plus
`solver.best_subsets`, and `_turn_values` applies it `rolls - 1` times (once more for a
Hornswaggle), then the probability-weighted sum over first rolls. They are plain loops over
the tables of `dice.py` and `CardTables`, so numba compiles them and `prange` splits the
states between cores. The numpy versions stay in `solver.py` (the advisor and the simulator
need the best keep and box, not only values); the tests check that both give the same
values.

Why compiled: in numpy these steps gather (states x keeps x faces) arrays; a 16-box solve
took 13.5 minutes. Here each state's 252 rolls and 462 keeps stay in small local buffers.

Imported by `solver._turn_kernel` inside `numba_cache_for` (see `sheetgen.cache`): it calls
nothing compiled outside this file, so this file's bytes key its cache.
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange

from sheetgen.games.swashbuckle.dice import DiceTables


@njit(cache=True)
def _final_row(V, m, sb, j, z, card, best):
    """`solver.final_values` for one state: into `best`, the value of each final roll."""
    (pts_bjr, zero_br, in_bonus_b, vals_bu, n_vals_b, uidx_br, below_b, joker_box,
     joker_points, joker_pts_b, alike_r, cap, bonus_points, strict) = card
    n_boxes, n_rolls = zero_br.shape
    z_max = V.shape[3] - 1
    # Which rolls score in some open box (the strict reading and the joker need it).
    scores_r = np.zeros(n_rolls, dtype=np.bool_)
    above_open = False
    for b in range(n_boxes):
        if (m >> b) & 1:
            continue
        if not below_b[b]:
            above_open = True
        for r in range(n_rolls):
            if not zero_br[b, r]:
                scores_r[r] = True
    joker_r = np.zeros(n_rolls, dtype=np.bool_)
    if joker_box >= 0 and j == 1:
        for a in range(alike_r.shape[0]):
            joker_r[alike_r[a]] = not scores_r[alike_r[a]]
    best[:] = -np.inf
    gain = np.empty(vals_bu.shape[1])
    v_scored = 0.0
    v_zero = 0.0
    for b in range(n_boxes):
        if (m >> b) & 1:
            continue
        nm = m | (1 << b)
        is_jb = b == joker_box
        if in_bonus_b[b]:
            for u in range(n_vals_b[b]):
                v = vals_bu[b, u]
                ns = min(sb + v, cap)
                cross = bonus_points if (sb < cap and ns >= cap) else 0
                nz = min(z | (1 if v == 0 else 0), z_max)
                nj = j | (1 if (is_jb and v > 0) else 0)
                gain[u] = V[nm, ns, nj, nz] + v + cross
        else:
            v_scored = V[nm, sb, j | (1 if is_jb else 0), z]
            v_zero = V[nm, sb, j, min(z | 1, z_max)]
        jp = joker_pts_b[b]
        v_j = 0.0
        if joker_box >= 0 and j == 1:
            nz_j = min(z | (1 if jp == 0 else 0), z_max)
            if in_bonus_b[b]:
                ns = min(sb + jp, cap)
                cross = bonus_points if (sb < cap and ns >= cap) else 0
                v_j = V[nm, ns, j, nz_j] + jp + cross
            else:
                v_j = V[nm, sb, j, nz_j] + jp
        for r in range(n_rolls):
            if joker_r[r]:
                val = v_j
            else:
                zero = zero_br[b, r]
                if zero and ((below_b[b] and above_open) or (strict and scores_r[r])):
                    continue
                if in_bonus_b[b]:
                    val = gain[uidx_br[b, r]]
                elif zero:
                    val = v_zero
                else:
                    val = pts_bjr[b, j, r] + v_scored
            if val > best[r]:
                best[r] = val
    if joker_box >= 0 and j == 1:
        for a in range(alike_r.shape[0]):
            best[alike_r[a]] += joker_points


@njit(cache=True)
def _reroll(cur, E, B, dice):
    """One re-roll, in place: `cur` (value of each full roll after the re-roll) becomes the
    value of each full roll before it, keeping the best subset (expect_keeps + best_subsets)."""
    full, size_k, add_kf, sub_kf, n_dice = dice
    n_keeps, n_faces = add_kf.shape
    n_rolls = full.shape[0]
    for r in range(n_rolls):
        E[full[r]] = cur[r]
    # Keeps are numbered by size, smallest first: walking down fills each keep from the
    # keeps one die larger, which are already known.
    for k in range(n_keeps - 1, -1, -1):
        if size_k[k] == n_dice:
            continue
        total = 0.0
        for f in range(n_faces):
            total += E[add_kf[k, f]]
        E[k] = total / n_faces
    # The best keep inside each multiset: itself or the best inside it minus one die.
    for k in range(n_keeps):
        top = E[k]
        for f in range(n_faces):
            sk = sub_kf[k, f]
            if sk >= 0 and B[sk] > top:
                top = B[sk]
        B[k] = top
    for r in range(n_rolls):
        cur[r] = B[full[r]]


@njit(parallel=True, cache=True)
def _turn_values(V, V_used, horn_cost, mask, sub, jflag, zflag, card, dice, roll_prob,
                 rerolls):
    """Start-of-turn values. With `horn_cost` >= 0 the player still holds Hornswaggle: after
    the last roll they may pay it for one more re-roll, continuing in `V_used` (the game
    without Hornswaggle); otherwise (horn_cost < 0) `V_used` is not read."""
    n_states = mask.shape[0]
    n_rolls = dice[0].shape[0]
    n_keeps = dice[2].shape[0]
    out = np.empty(n_states)
    for s in prange(n_states):
        best = np.empty(n_rolls)
        E = np.empty(n_keeps)
        B = np.empty(n_keeps)
        _final_row(V, mask[s], sub[s], jflag[s], zflag[s], card, best)
        if horn_cost >= 0:
            # Taking the extra roll is best deferred to after the last roll (it is one
            # more re-roll whenever it is taken), so: stop here, or pay and re-roll once.
            used = np.empty(n_rolls)
            _final_row(V_used, mask[s], sub[s], jflag[s], zflag[s], card, used)
            _reroll(used, E, B, dice)
            for r in range(n_rolls):
                if used[r] - horn_cost > best[r]:
                    best[r] = used[r] - horn_cost
        for _ in range(rerolls):
            _reroll(best, E, B, dice)
        acc = 0.0
        for r in range(n_rolls):
            acc += best[r] * roll_prob[r]
        out[s] = acc
    return out


def _card_arrays(ct) -> tuple:
    n_boxes = ct.n_boxes
    width = max(len(v) for v in ct.vals_b)
    vals_bu = np.zeros((n_boxes, width), dtype=np.int64)
    n_vals_b = np.zeros(n_boxes, dtype=np.int64)
    for b, vals in enumerate(ct.vals_b):
        vals_bu[b, :len(vals)] = vals
        n_vals_b[b] = len(vals)
    return (np.ascontiguousarray(ct.pts_bjr), ct.zero_br, ct.in_bonus_b, vals_bu, n_vals_b,
            ct.uidx_br.astype(np.int64), ct.below_b, int(ct.joker_box), int(ct.joker_points),
            ct.joker_pts_b.astype(np.int64), ct.alike_r.astype(np.int64), int(ct.cap),
            int(ct.bonus_points), bool(ct.strict_scuttle))


def _dice_arrays(dice: DiceTables) -> tuple:
    return (dice.full.astype(np.int64), dice.size_k.astype(np.int64),
            dice.add_kf.astype(np.int64), dice.sub_kf.astype(np.int64), int(dice.n_dice))


def turn_values_compiled(ct, V: np.ndarray, st, V_used: np.ndarray | None = None,
                         horn_cost: float = -1.0) -> np.ndarray:
    """`solver.start_values` for a batch of states (`ct`: CardTables, `st`: States); with
    `V_used` and `horn_cost`, the values while Hornswaggle is still in hand."""
    return _turn_values(V, V if V_used is None else V_used, float(horn_cost),
                        st.mask.astype(np.int64), st.sub.astype(np.int64),
                        st.j.astype(np.int64), st.z.astype(np.int64), _card_arrays(ct),
                        _dice_arrays(ct.dice), ct.dice.roll_prob_r, ct.card.rolls - 1)

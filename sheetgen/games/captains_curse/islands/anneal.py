"""The symbol layout's annealing loop, compiled: the same swaps, costs and acceptances as the
scalar loop it replaces, number for number, about a hundred times faster.

Why compiled and not vectorised: each of the 2,500 steps depends on the one before, and the
island file depends on every comparison `delta <= 0` and `random() < exp(-delta / t)`, so the
cost change must be summed in the same order with the same roundings (numba keeps IEEE
arithmetic unless told otherwise). The group penalty is kept up to date per swap (counts of
each symbol per group) instead of recounted twice a step; its values are whole multiples of
8, so the update is exact. Random numbers come from the same SplitMix64 stream
(`fast.primitives.next64`), so the stream is where the Python loop would leave it.

Imported by `symbols.py` inside `numba_cache_for` (see `sheetgen.cache`).
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit

from sheetgen.games.captains_curse.fast.primitives import next64

U64 = np.uint64


@njit(cache=True)
def _below(rs: np.ndarray, n: int) -> int:
    """`SplitMix64.below(n)`: unbiased, by rejection on the top of the 64-bit range."""
    rem = (U64(0) - U64(n)) % U64(n)  # 2**64 mod n
    limit = U64(0) - rem  # 2**64 - rem, or 0 meaning 2**64 when rem is 0
    while True:
        x = next64(rs)
        if rem == U64(0) or x < limit:
            return np.int64(x % U64(n))


@njit(cache=True)
def _random(rs: np.ndarray) -> float:
    """`SplitMix64.random()`: 53 random bits."""
    return np.float64(next64(rs) >> U64(11)) * (1.0 / 9007199254740992.0)


@njit(cache=True)
def anneal(symbol_f: np.ndarray, near: np.ndarray, member: np.ndarray, n_symbols: int,
           rounds: int, temperature: float, rs: np.ndarray) -> None:
    """Anneal `symbol_f` in place by `rounds` swap proposals.

    `near[i, j]`: the pair penalty of faces i and j sharing a symbol; `member[g, f]`: face f is
    in group g (only groups of at least `n_symbols` faces, the ones that are penalised: 8 per
    symbol missing from a group); `rs`: the stream's state, advanced in place.
    """
    n = symbol_f.shape[0]
    groups = member.shape[0]
    count = np.zeros((groups, n_symbols), np.int64)
    for g in range(groups):
        for f in range(n):
            if member[g, f]:
                count[g, symbol_f[f]] += 1
    for step in range(rounds):
        i = _below(rs, n)
        j = _below(rs, n)
        a = symbol_f[i]
        b = symbol_f[j]
        if a == b:
            continue
        delta = 0.0
        for k in range(n):
            if k == i or k == j:
                continue
            sk = symbol_f[k]
            if sk == a:
                delta += near[j, k] - near[i, k]
            elif sk == b:
                delta += near[i, k] - near[j, k]
        # Groups holding one of the two faces: a leaves (i's side) or b leaves (j's side).
        lost = 0  # symbols a group no longer shows, minus symbols it newly shows
        for g in range(groups):
            if member[g, i] == member[g, j]:
                continue
            gone, come = (a, b) if member[g, i] else (b, a)
            count[g, gone] -= 1
            count[g, come] += 1
            lost += np.int64(count[g, gone] == 0) - np.int64(count[g, come] == 1)
        delta += 8.0 * lost
        symbol_f[i] = b
        symbol_f[j] = a
        t = temperature * (1.0 - step / rounds) + 1e-3
        if not (delta <= 0 or _random(rs) < math.exp(-delta / t)):
            symbol_f[i] = a
            symbol_f[j] = b
            for g in range(groups):
                if member[g, i] == member[g, j]:
                    continue
                gone, come = (a, b) if member[g, i] else (b, a)
                count[g, gone] += 1
                count[g, come] -= 1

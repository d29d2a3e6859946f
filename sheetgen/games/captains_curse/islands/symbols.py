"""Which symbol each space shows: six of each, spread so no symbol clusters.

A short simulated annealing over swaps (swaps keep the counts exact). The cost of a layout
sums, over every pair of spaces with the same symbol, a closeness penalty (neighbours cost
most, then anything within two spaces' width); a further penalty applies when a symbol is
missing from the centre ring or from either half of the island, because a symbol that only
lives in one sinkable half can vanish in a single stroke.
"""

from __future__ import annotations

import math

from ..rng import SplitMix64
from .cells import Mesh

ROUNDS = 2500


def assign_symbols(mesh: Mesh, n_symbols: int, per_symbol: int, groups: list[frozenset[int]],
                   rng: SplitMix64) -> list[int]:
    """Per face, a symbol index 0..n_symbols-1; `groups` are face sets each symbol should reach."""
    n = len(mesh.polygon_f)
    if n != n_symbols * per_symbol:
        raise ValueError("face count must equal symbols x per_symbol")
    anchor = mesh.anchor_f
    near = [[0.0] * n for _ in range(n)]
    for i in range(n):
        for j in range(i + 1, n):
            d = math.dist(anchor[i], anchor[j])
            w = math.exp(-d / 18.0) * 4.0
            if j in mesh.neighbours_f[i]:
                w += 6.0
            near[i][j] = near[j][i] = w
    ring = [f for f in range(n) if mesh.ring_f[f]]
    all_groups = [frozenset(ring), *groups]

    symbol_f = [f // per_symbol for f in range(n)]
    rng.shuffle(symbol_f)

    def cost(sym: list[int]) -> float:
        total = 0.0
        for i in range(n):
            row = near[i]
            for j in range(i + 1, n):
                if sym[i] == sym[j]:
                    total += row[j]
        return total + _group_penalty(sym, all_groups, n_symbols)

    current = cost(symbol_f)
    temperature = 2.0
    for step in range(ROUNDS):
        i, j = rng.below(n), rng.below(n)
        a, b = symbol_f[i], symbol_f[j]
        if a == b:
            continue
        # Pair cost change of the swap, in O(n); group penalties recomputed only if touched.
        delta = 0.0
        for k in range(n):
            if k == i or k == j:
                continue
            sk = symbol_f[k]
            if sk == a:
                delta += near[j][k] - near[i][k]
            elif sk == b:
                delta += near[i][k] - near[j][k]
        before = _group_penalty(symbol_f, all_groups, n_symbols)
        symbol_f[i], symbol_f[j] = b, a
        delta += _group_penalty(symbol_f, all_groups, n_symbols) - before
        t = temperature * (1.0 - step / ROUNDS) + 1e-3
        if delta <= 0 or rng.random() < math.exp(-delta / t):
            current += delta
        else:
            symbol_f[i], symbol_f[j] = a, b
    return symbol_f


def _group_penalty(sym: list[int], groups: list[frozenset[int]], n_symbols: int) -> float:
    total = 0.0
    for g in groups:
        if len(g) >= n_symbols:
            total += 8.0 * (n_symbols - len({sym[f] for f in g}))
    return total

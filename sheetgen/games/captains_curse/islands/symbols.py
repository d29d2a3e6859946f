"""Which symbol each space shows: six of each, spread so no symbol clusters.

A short simulated annealing over swaps (swaps keep the counts exact). The cost of a layout
sums, over every pair of spaces with the same symbol, a closeness penalty (neighbours cost
most, then anything within two spaces' width); a further penalty applies when a symbol is
missing from the centre ring or from either half of the island, because a symbol that only
lives in one sinkable half can vanish in a single stroke.

The costs are set up here; the 2,500 swap proposals run compiled (`anneal.py`), which keeps
the group penalty up to date per swap instead of recounting it, and gives the very layout
the scalar loop gave (tests/games/captains_curse/islands/test_symbols.py holds that loop).
"""

from __future__ import annotations

import functools
import math
from pathlib import Path

import numpy as np

from sheetgen.cache import numba_cache_for

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
    counted = [g for g in all_groups if len(g) >= n_symbols]  # smaller ones cost nothing
    member = np.zeros((len(counted), n), dtype=np.bool_)
    for row, g in zip(member, counted, strict=True):
        row[sorted(g)] = True
    symbols = np.array(symbol_f, dtype=np.int64)
    state = np.array([rng.state], dtype=np.uint64)
    _anneal()(symbols, np.array(near), member, n_symbols, ROUNDS, 2.0, state)
    rng.state = int(state[0])
    return symbols.tolist()


@functools.cache
def _anneal():  # type: ignore[no-untyped-def]
    """The compiled loop (islands/anneal.py), imported on first use under its own cache
    (once per process: entering `numba_cache_for` digests the sources, a few ms)."""
    here = Path(__file__).resolve().parent
    fast = here.parent / "fast"
    with numba_cache_for("captains-curse-islands",
                         [here / "anneal.py", fast / "primitives.py",
                          here.parents[2] / "splitmix.py"]):
        from .anneal import anneal
    return anneal


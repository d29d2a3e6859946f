"""The compiled symbol annealing (islands/anneal.py) against the scalar loop it replaced.

The reference below is the loop as it was written in Python (pair cost change summed face by
face, group penalty recounted before and after every swap). The compiled loop keeps the
group penalty incrementally and must give the same layout and leave the stream in the same
place for any cost matrix, groups and seed, because the island file depends on it.
"""

import math

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from sheetgen.games.captains_curse.islands.symbols import _anneal
from sheetgen.games.captains_curse.rng import SplitMix64


def _group_penalty(sym, groups, n_symbols):
    total = 0.0
    for g in groups:
        if len(g) >= n_symbols:
            total += 8.0 * (n_symbols - len({sym[f] for f in g}))
    return total


def reference(symbol_f, near, groups, n_symbols, rounds, temperature, rng):
    n = len(symbol_f)
    for step in range(rounds):
        i, j = rng.below(n), rng.below(n)
        a, b = symbol_f[i], symbol_f[j]
        if a == b:
            continue
        delta = 0.0
        for k in range(n):
            if k == i or k == j:
                continue
            sk = symbol_f[k]
            if sk == a:
                delta += near[j][k] - near[i][k]
            elif sk == b:
                delta += near[i][k] - near[j][k]
        before = _group_penalty(symbol_f, groups, n_symbols)
        symbol_f[i], symbol_f[j] = b, a
        delta += _group_penalty(symbol_f, groups, n_symbols) - before
        t = temperature * (1.0 - step / rounds) + 1e-3
        if not (delta <= 0 or rng.random() < math.exp(-delta / t)):
            symbol_f[i], symbol_f[j] = a, b
    return symbol_f


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**64 - 1), n_symbols=st.integers(2, 6),
       per_symbol=st.integers(2, 6), rounds=st.integers(0, 400),
       temperature=st.sampled_from([0.0, 0.5, 2.0, 8.0]), data=st.data())
def test_compiled_annealing_matches_the_scalar_loop(seed, n_symbols, per_symbol, rounds,
                                                      temperature, data):
    n = n_symbols * per_symbol
    rng = SplitMix64(seed)
    near = [[0.0] * n for _ in range(n)]
    for i in range(n):
        for j in range(i + 1, n):
            # Costs like the generator's (exp of a distance, +6 for neighbours), some ties.
            near[i][j] = near[j][i] = round(rng.uniform(0, 4), data.draw(st.sampled_from(
                [1, 17]))) + 6.0 * (rng.below(4) == 0)
    # Groups of about half the faces (the generator's ring and halves), some too small to count.
    groups = [frozenset(f for f in range(n) if rng.below(2)) for _ in range(data.draw(
        st.integers(0, 3)))]
    start = [f // per_symbol for f in range(n)]
    rng.shuffle(start)

    ref_rng = SplitMix64(rng.state)
    expected = reference(list(start), near, groups, n_symbols, rounds, temperature, ref_rng)

    counted = [g for g in groups if len(g) >= n_symbols]
    member = np.zeros((len(counted), n), dtype=np.bool_)
    for row, g in zip(member, counted, strict=True):
        row[sorted(g)] = True
    got = np.array(start, dtype=np.int64)
    state = np.array([rng.state], dtype=np.uint64)
    _anneal()(got, np.array(near), member, n_symbols, rounds, temperature, state)
    assert got.tolist() == expected
    assert int(state[0]) == ref_rng.state

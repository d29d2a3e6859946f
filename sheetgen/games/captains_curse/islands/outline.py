"""The coast's outline over its bearings, compiled: the numbers `coast.make_coast` computed
with NumPy arrays and `math` functions, element for element, about ten times faster.

Why compiled: the outline takes some 10,000 calls of `math.cos` and `math.exp` per coast
(38 harmonics, the headlands' bumps, 40 rounds of bisection on the land's area), and the
C library's functions are the ones to call (NumPy's own may differ in the last bit, and
between CPUs). Numba calls the same C library functions and keeps IEEE arithmetic unless
told otherwise (no fused multiply-add, no reordering), so each element is computed with the
very operations, in the same order, as the array code it replaces: products and sums left
to right, `q ** 2` as `q * q` (what NumPy does for a square), the area summed in order.
The random draws stay in `coast.py`, in their order; only arithmetic runs here.

Imported by `coast.py` inside `numba_cache_for` (see `sheetgen.cache`).
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit


@njit(cache=True)
def superellipse_rays(cos_t: np.ndarray, sin_t: np.ndarray, a: float, b: float,
                      n: float) -> np.ndarray:
    """`coast._ray_to_superellipse` along every bearing."""
    out = np.empty(cos_t.shape[0])
    for i in range(cos_t.shape[0]):
        out[i] = (abs(cos_t[i] / a) ** n + abs(sin_t[i] / b) ** n) ** (-1.0 / n)
    return out


@njit(cache=True)
def add_harmonics(acc: np.ndarray, bearings: np.ndarray, ks: np.ndarray, amps: np.ndarray,
                  phases: np.ndarray) -> None:
    """acc += amps[j] * cos(ks[j] * bearings + phases[j]), for each j in turn."""
    for j in range(ks.shape[0]):
        k = np.float64(ks[j])
        for i in range(acc.shape[0]):
            acc[i] = acc[i] + amps[j] * math.cos(k * bearings[i] + phases[j])


@njit(cache=True)
def add_bumps(acc: np.ndarray, bearings: np.ndarray, ats: np.ndarray, widths: np.ndarray,
              heights: np.ndarray) -> None:
    """acc += heights[j] * exp(-(d / widths[j]) ** 2), d the bearing's signed angle from
    ats[j] (atan2 of its sine and cosine), for each headland j in turn."""
    for j in range(ats.shape[0]):
        for i in range(acc.shape[0]):
            off = bearings[i] - ats[j]
            q = math.atan2(math.sin(off), math.cos(off)) / widths[j]
            acc[i] = acc[i] + heights[j] * math.exp(-(q * q))


@njit(cache=True)
def _outline(shape: np.ndarray, wiggle: np.ndarray, inner: np.ndarray, outer: np.ndarray,
             cos_t: np.ndarray, sin_t: np.ndarray, cx: float, cy: float, bias: float,
             x: np.ndarray, y: np.ndarray) -> None:
    """The outline for one bias, into x and y."""
    for i in range(shape.shape[0]):
        f = 1.0 / (1.0 + math.exp(-(shape[i] + bias)))
        r = inner[i] + (outer[i] - inner[i]) * f + wiggle[i]
        floor = inner[i] - 1.0
        if not r >= floor:  # np.maximum, NaN aside
            r = floor
        if not r <= outer[i]:  # np.minimum
            r = outer[i]
        x[i] = cx + r * cos_t[i]
        y[i] = cy + r * sin_t[i]


@njit(cache=True)
def _area(x: np.ndarray, y: np.ndarray) -> float:
    """Shoelace area, summed in order from the first vertex (`coast.polygon_area`)."""
    n = x.shape[0]
    s = 0.0
    for i in range(n):
        j = i + 1 if i + 1 < n else 0
        s = s + (x[i] * y[j] - x[j] * y[i])
    return abs(s) / 2.0


@njit(cache=True)
def fitted_outline(shape: np.ndarray, wiggle: np.ndarray, inner: np.ndarray,
                   outer: np.ndarray, cos_t: np.ndarray, sin_t: np.ndarray, cx: float,
                   cy: float, target: float) -> tuple[np.ndarray, np.ndarray]:
    """The outline whose bias, found by 40 rounds of bisection in [-12, 12], gives the land
    about `target` mm^2: its x and y per bearing."""
    n = shape.shape[0]
    x = np.empty(n)
    y = np.empty(n)
    lo, hi = -12.0, 12.0
    for _ in range(40):
        mid = (lo + hi) / 2
        _outline(shape, wiggle, inner, outer, cos_t, sin_t, cx, cy, mid, x, y)
        if _area(x, y) < target:
            lo = mid
        else:
            hi = mid
    _outline(shape, wiggle, inner, outer, cos_t, sin_t, cx, cy, (lo + hi) / 2, x, y)
    return x, y

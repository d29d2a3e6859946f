"""The compiled coast outline (islands/outline.py) against the array code it replaced.

The reference below is `make_coast` as it was written with NumPy arrays and `math`'s own
functions per element. The compiled kernels must give the very same coast (every vertex,
to the last bit before rounding) for any stream and centre box, because the coast of a seed
is part of its island file.
"""

import math

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from sheetgen.games.captains_curse.islands.coast import (
    _COS_T,
    _SIN_T,
    _T,
    N_BEARINGS,
    Frame,
    _inner_bound,
    _outline_kernels,
    _ray_to_superellipse,
    make_coast,
    place_centre,
)
from sheetgen.games.captains_curse.islands.params import DEFAULT_PARAMS, IslandParams
from sheetgen.games.captains_curse.rng import SplitMix64


def _apply(fn, xs):
    return np.fromiter(map(fn, xs.tolist()), dtype=float, count=len(xs))


def _area(x, y):
    xn, yn = np.concatenate((x[1:], x[:1])), np.concatenate((y[1:], y[:1]))
    return abs(float(np.cumsum(x * yn - xn * y)[-1])) / 2.0


def reference_outline(params: IslandParams, frame: Frame, rng: SplitMix64):
    """make_coast's arrays before rounding, as the array code computed them."""
    bearings, cos_t, sin_t = _T, _COS_T, _SIN_T
    corner = rng.uniform(2.5, 5.0)
    mx0, my0 = params.sea_margin, params.sea_margin
    mx1, my1 = params.map_width - params.sea_margin, params.map_height - params.sea_margin
    inner = _inner_bound(frame.half_w, frame.half_h)
    ox = min(mx1 - frame.cx, frame.cx - mx0)
    oy = min(my1 - frame.cy, frame.cy - my0)
    outer = np.array([_ray_to_superellipse(dx, dy, ox, oy, corner)
                      for dx, dy in zip(cos_t.tolist(), sin_t.tolist(), strict=True)])
    shape = np.zeros(N_BEARINGS)
    for k in range(1, 8):
        amp = rng.uniform(0.3, 1.0) * 2.6 / k ** 0.9
        phase = rng.uniform(0, 2 * math.pi)
        shape += amp * _apply(math.cos, k * bearings + phase)
    for _ in range(2 + rng.below(3)):
        at = rng.uniform(0, 2 * math.pi)
        width = rng.uniform(0.15, 0.35)
        height = rng.uniform(1.0, 3.0) * rng.choice((1.0, 1.0, -0.8))
        off = bearings - at
        d = np.array(list(map(math.atan2, _apply(math.sin, off).tolist(),
                              _apply(math.cos, off).tolist())))
        shape += height * _apply(math.exp, -(d / width) ** 2)
    wiggle = np.zeros(N_BEARINGS)
    for k in range(9, 40):
        amp = rng.uniform(0.0, 1.0) * 12.0 / k
        phase = rng.uniform(0, 2 * math.pi)
        wiggle += amp * _apply(math.cos, k * bearings + phase)
    target = params.n_spaces * params.cell_area + params.centre_width * params.centre_height
    floor = inner - 1.0
    span = outer - inner

    def outline(bias):
        f = 1.0 / (1.0 + _apply(math.exp, -(shape + bias)))
        r = np.minimum(np.maximum(inner + span * f + wiggle, floor), outer)
        return frame.cx + r * cos_t, frame.cy + r * sin_t

    lo, hi = -12.0, 12.0
    for _ in range(40):
        mid = (lo + hi) / 2
        if _area(*outline(mid)) < target:
            lo = mid
        else:
            hi = mid
    return outline((lo + hi) / 2)


def _compiled_outline(params: IslandParams, frame: Frame, rng: SplitMix64):
    """make_coast's arrays before rounding: its own steps, with the rounding left out."""
    captured = {}
    kernels = _outline_kernels()
    fitted = kernels.fitted_outline

    def keep(*args):
        captured["xy"] = fitted(*args)
        return captured["xy"]

    kernels.fitted_outline = keep
    try:
        coast = make_coast(params, frame, rng)
    finally:
        kernels.fitted_outline = fitted
    return captured["xy"], coast


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**64 - 1), centre=st.integers(0, 2**64 - 1),
       size=st.sampled_from([(64.0, 66.0), (60.0, 60.0), (70.0, 56.0)]))
def test_compiled_outline_matches_the_array_code(seed, centre, size):
    params = IslandParams(centre_width=size[0], centre_height=size[1])
    frame = place_centre(params, SplitMix64(centre))
    (x, y), coast = _compiled_outline(params, frame, SplitMix64(seed))
    rx, ry = reference_outline(params, frame, SplitMix64(seed))
    assert x.tobytes() == rx.tobytes() and y.tobytes() == ry.tobytes()
    assert coast == [(round(a, 2), round(b, 2))
                     for a, b in zip(rx.tolist(), ry.tolist(), strict=True)]


def test_the_coasts_of_islands_keep_every_bit():
    for seed in range(20):
        for attempt in range(2):
            frame = place_centre(DEFAULT_PARAMS, SplitMix64.for_step(seed, "centre", attempt))
            (x, y), _ = _compiled_outline(DEFAULT_PARAMS, frame,
                                          SplitMix64.for_step(seed, "coast", attempt))
            rx, ry = reference_outline(DEFAULT_PARAMS, frame,
                                       SplitMix64.for_step(seed, "coast", attempt))
            assert x.tobytes() == rx.tobytes() and y.tobytes() == ry.tobytes()

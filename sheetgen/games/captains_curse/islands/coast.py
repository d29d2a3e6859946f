"""The coastline: a star-shaped outline around the centre box, so it can never cross itself.

The radius at each bearing is drawn between two bounds: far enough out that a ring of spaces
fits around the centre box, close enough in that the sea margin of the map stays wet. Between
them a smooth sum of low harmonics (headlands, bays, lobes reaching into the map's corners)
decides where the coast lies; higher harmonics add the small wiggles of a drawn coast. The
overall size is then tuned by bisection so the land area suits the number of spaces, which
keeps spaces the same size on every island.

Because each bearing has exactly one radius, the outline is a simple polygon by construction.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from ..rng import SplitMix64
from .params import IslandParams

Point = tuple[float, float]

N_BEARINGS = 256
RING_DEPTH = 19.0  # mm of land kept around the centre box: one space deep at least


@dataclass(frozen=True)
class Frame:
    """Where the centre box sits in map coordinates (mm, y down)."""

    cx: float
    cy: float
    half_w: float
    half_h: float

    @property
    def box(self) -> tuple[float, float, float, float]:
        return (self.cx - self.half_w, self.cy - self.half_h,
                self.cx + self.half_w, self.cy + self.half_h)


def _ray_to_superellipse(dx: float, dy: float, a: float, b: float, n: float) -> float:
    """Distance from the centre of |x/a|^n + |y/b|^n = 1 to its edge along (dx, dy)."""
    return (abs(dx / a) ** n + abs(dy / b) ** n) ** (-1.0 / n)


def polygon_area(points: list[Point]) -> float:
    """Shoelace area (absolute)."""
    s = 0.0
    n = len(points)
    for i in range(n):
        x0, y0 = points[i]
        x1, y1 = points[(i + 1) % n]
        s += x0 * y1 - x1 * y0
    return abs(s) / 2.0


def place_centre(params: IslandParams, rng: SplitMix64) -> Frame:
    """The centre box near the middle of the map, nudged a little so islands differ."""
    slack_x = max(0.0, min(6.0, (params.map_width - params.centre_width) / 2 - 2 * RING_DEPTH))
    slack_y = max(0.0, min(4.0, (params.map_height - params.centre_height) / 2 - 2 * RING_DEPTH))
    return Frame(
        cx=params.map_width / 2 + rng.uniform(-slack_x, slack_x),
        cy=params.map_height / 2 + rng.uniform(-slack_y, slack_y),
        half_w=params.centre_width / 2,
        half_h=params.centre_height / 2,
    )


def _bearings() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The bearings of the outline and their cosines and sines: the same for every coast."""
    t = [2 * math.pi * i / N_BEARINGS for i in range(N_BEARINGS)]
    return np.array(t), np.array([math.cos(x) for x in t]), np.array([math.sin(x) for x in t])


_T, _COS_T, _SIN_T = _bearings()


@functools.lru_cache(maxsize=8)
def _inner_bound(half_w: float, half_h: float) -> np.ndarray:
    """The coast's inner bound per bearing: the centre box with rounded corners, grown by one
    space's depth. It depends on the box's size only, so it is worked out once per size."""
    bound = np.array([_ray_to_superellipse(dx, dy, half_w * 1.12, half_h * 1.12, 6.0)
                      + RING_DEPTH
                      for dx, dy in zip(_COS_T.tolist(), _SIN_T.tolist(), strict=True)])
    bound.flags.writeable = False  # shared by every coast of this size
    return bound


def make_coast(params: IslandParams, frame: Frame, rng: SplitMix64) -> list[Point]:
    """The coast polygon (counter-clockwise on screen is not promised; it is simple).

    The random draws are made here, in order; the arithmetic over the bearings runs compiled
    (`outline.py`), element for element the operations of a scalar loop in the same order
    (the coast of a seed is part of its island file)."""
    kernels = _outline_kernels()
    bearings, cos_t, sin_t = _T, _COS_T, _SIN_T
    corner = rng.uniform(2.5, 5.0)  # how far land may reach into the map's corners
    mx0, my0 = params.sea_margin, params.sea_margin
    mx1, my1 = params.map_width - params.sea_margin, params.map_height - params.sea_margin
    # Inner bound: the centre box with rounded corners, grown by one space's depth.
    inner = _inner_bound(frame.half_w, frame.half_h)
    # Outer bound: a rounded box inside the map margin, so corners stay sea.
    ox = min(mx1 - frame.cx, frame.cx - mx0)
    oy = min(my1 - frame.cy, frame.cy - my0)
    outer = kernels.superellipse_rays(cos_t, sin_t, ox, oy, corner)

    # Shape: low harmonics with random phases; amplitudes fall with frequency.
    ks, amps, phases = [], [], []
    for k in range(1, 8):
        amps.append(rng.uniform(0.3, 1.0) * 2.6 / k ** 0.9)
        phases.append(rng.uniform(0, 2 * math.pi))
        ks.append(k)
    shape = np.zeros(N_BEARINGS)
    kernels.add_harmonics(shape, bearings, np.array(ks), np.array(amps), np.array(phases))
    # A few headlands: narrow bumps at random bearings, pushing land towards the margin.
    ats, widths, heights = [], [], []
    for _ in range(2 + rng.below(3)):
        ats.append(rng.uniform(0, 2 * math.pi))
        widths.append(rng.uniform(0.15, 0.35))
        heights.append(rng.uniform(1.0, 3.0) * rng.choice((1.0, 1.0, -0.8)))
    kernels.add_bumps(shape, bearings, np.array(ats), np.array(widths), np.array(heights))
    # Wiggles: higher harmonics in millimetres, added after the shape is fitted.
    ks, amps, phases = [], [], []
    for k in range(9, 40):
        amps.append(rng.uniform(0.0, 1.0) * 12.0 / k)
        phases.append(rng.uniform(0, 2 * math.pi))
        ks.append(k)
    wiggle = np.zeros(N_BEARINGS)
    kernels.add_harmonics(wiggle, bearings, np.array(ks), np.array(amps), np.array(phases))

    # The overall size by bisection on the bias of the shape, so the land has the area
    # `target` asks for.
    target = params.n_spaces * params.cell_area + params.centre_width * params.centre_height
    x, y = kernels.fitted_outline(shape, wiggle, inner, outer, cos_t, sin_t, frame.cx,
                                  frame.cy, float(target))
    return [(round(a, 2), round(b, 2)) for a, b in zip(x.tolist(), y.tolist(), strict=True)]


@functools.cache
def _outline_kernels():
    """The compiled outline (islands/outline.py), imported on first use under its own
    cache."""
    from sheetgen.cache import numba_cache_for

    here = Path(__file__).resolve().parent
    with numba_cache_for("captains-curse-coast", [here / "outline.py"]):
        from . import outline
    return outline


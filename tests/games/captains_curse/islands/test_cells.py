"""The mesh's batched steps against the scalar ones they replaced, on awkward land shapes."""

import itertools
import math

import shapely
from hypothesis import given, settings
from hypothesis import strategies as st
from shapely.geometry import Polygon

from sheetgen.games.captains_curse.islands.cells import MeshError, _sample_sites
from sheetgen.games.captains_curse.rng import SplitMix64


def scalar_sample_sites(domain, n, rng):
    """Best-candidate sampling one draw at a time, as the generator first did it."""
    x0, y0, x1, y1 = domain.bounds
    sites = []

    def random_point():
        for _ in range(10000):
            x, y = rng.uniform(x0, x1), rng.uniform(y0, y1)
            if shapely.contains_xy(domain, x, y):
                return (x, y)
        raise MeshError("could not place a site on the land")

    for _ in range(n):
        best, best_d = None, -1.0
        for _ in range(8):
            c = random_point()
            d = min((math.dist(c, s) for s in sites), default=0.0)
            if d > best_d:
                best, best_d = c, d
        sites.append(best)
    return sites


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**64 - 1), n=st.integers(1, 40),
       thin=st.floats(0.02, 1.0), hole=st.booleans())
def test_batched_sampling_picks_the_scalar_sites(seed, n, thin, hole):
    # A slanted strip (most of its bounding box is rejected when thin), maybe with a hole.
    strip = Polygon([(0, 0), (100, 100 * thin), (100, 100 * thin + 30 * thin),
                     (0, 30 * thin)])
    domain = strip.difference(shapely.box(40, 0, 45, 100)) if hole else strip
    assert _sample_sites(domain, n, SplitMix64(seed)).tolist() == \
        [list(site) for site in scalar_sample_sites(domain, n, SplitMix64(seed))]


def test_narrow_spaces_are_found_as_measuring_every_space_finds_them(monkeypatch):
    """`_inscribed_or_narrow` measures few spaces of a refused attempt: it must refuse the
    same attempts with the same narrowest width, and keep every measure of the others."""
    import numpy as np

    from sheetgen.games.captains_curse.islands import cells
    from sheetgen.games.captains_curse.islands.coast import make_coast, place_centre
    from sheetgen.games.captains_curse.islands.params import DEFAULT_PARAMS

    asked = []
    checked = cells._inscribed_or_narrow

    def spy(shapes, sites, min_width):
        asked.append((shapes, sites, min_width))
        return checked(shapes, sites, min_width)

    monkeypatch.setattr(cells, "_inscribed_or_narrow", spy)
    for seed in range(12):
        for attempt in range(3):
            frame = place_centre(DEFAULT_PARAMS, SplitMix64.for_step(seed, "centre", attempt))
            coast = make_coast(DEFAULT_PARAMS, frame, SplitMix64.for_step(seed, "coast", attempt))
            try:
                cells.make_mesh(DEFAULT_PARAMS, frame, coast,
                                SplitMix64.for_step(seed, "cells", attempt))
            except MeshError:
                pass
    refused = 0
    for (shapes, sites, min_width), first in itertools.product(asked, (1, 4)):
        # One space measured first: the narrowest is then mostly found among the others.
        monkeypatch.setattr(cells, "FIRST_WIDTHS", first)
        centres, widths = cells.inscribed_circles(shapes)
        narrow = float(widths.min())
        assert (cells._width_floor(shapes, sites) <= widths).all()
        # Near misses too: any width a little above the bar must make the same choice.
        for bar in (min_width, narrow + 0.01, narrow + 0.3, float(np.sort(widths)[1])):
            if narrow < bar:
                refused += 1
                try:
                    checked(shapes, sites, bar)
                except MeshError as err:
                    assert str(err) == f"a space is only {narrow:.1f} mm across"
                else:
                    raise AssertionError("a narrow space was missed")
            else:
                got_centres, got_widths = checked(shapes, sites, bar)
                assert got_widths.tolist() == widths.tolist()
                assert shapely.equals_exact(got_centres, centres, 0).all()
    assert len(asked) > 20 and refused > 40


@settings(max_examples=100, deadline=None)
@given(n=st.integers(1, 40), k=st.integers(1, 8), seed=st.integers(0, 2**32 - 1),
       coarse=st.booleans())
def test_compiled_best_candidates_pick_as_numpy_picked(n, k, seed, coarse):
    """The compiled choice against the numpy loop it replaced (squared distances, the first of
    equals); coarse candidates on a small integer grid make ties and repeated points."""
    import numpy as np

    from sheetgen.games.captains_curse.islands.cells import _lloyd_kernels

    rng = np.random.default_rng(seed)
    candidates = (rng.integers(0, 6, (n, k, 2)).astype(float) if coarse
                  else rng.uniform(-50, 150, (n, k, 2)))
    expected = np.empty((n, 2))
    expected[0] = candidates[0, 0]
    for i in range(1, n):
        c = candidates[i]
        d2 = ((c[:, None, :] - expected[None, :i, :]) ** 2).sum(axis=2).min(axis=1)
        expected[i] = c[int(np.argmax(d2))]
    got = _lloyd_kernels().best_candidates(candidates)
    assert got.tobytes() == expected.tobytes()

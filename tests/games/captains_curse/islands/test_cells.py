"""The mesh's batched steps against the scalar ones they replaced, on awkward land shapes."""

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

"""The compiled Lloyd round (islands/lloyd.py) against shapely, the overlay it replaced.

The clipper's answer is an area and a centroid, so that is what is compared: on random convex
cells against random simple polygons (star-shaped, mostly non-convex, either orientation, on
a coarse integer grid too so that vertices and edges coincide), on random Voronoi cells, and
a whole round on real island land and on a C-shaped land with a hole where centroids fall
outside and pieces come out empty.
"""

import math

import numpy as np
import shapely
from hypothesis import assume, example, given, settings
from hypothesis import strategies as st
from shapely.geometry import Polygon, box

from sheetgen.games.captains_curse.islands.cells import _lloyd_kernels, _Region, _relax
from sheetgen.games.captains_curse.islands.coast import make_coast, place_centre
from sheetgen.games.captains_curse.islands.params import DEFAULT_PARAMS
from sheetgen.games.captains_curse.rng import SplitMix64

lloyd = _lloyd_kernels()

coordinate = st.floats(-50, 50, allow_nan=False).filter(lambda v: v == 0 or abs(v) >= 1e-6)
"""Millimetres, none closer to zero than 1e-6 but zero itself: a hull edge from (-5e-95, 0)
to (0, 1.2e-38) underflows the clipper's cross products to zero (it then reports no area
where shapely finds 0.125; found by this test in a run). Island cells have no such edges:
their vertices are Voronoi vertices of sites millimetres apart."""


@st.composite
def simple_polygons(draw):
    """A star-shaped ring around a random centre (simple by construction, usually not
    convex), clockwise or counter-clockwise."""
    n = draw(st.integers(3, 40))
    cx, cy = draw(coordinate), draw(coordinate)
    step = 2 * math.pi / n
    angles = [step * (k + draw(st.floats(0, 0.9))) for k in range(n)]
    radii = draw(st.lists(st.floats(1, 60), min_size=n, max_size=n))
    ring = [(cx + r * math.cos(a), cy + r * math.sin(a)) for a, r in zip(angles, radii,
                                                                         strict=True)]
    if draw(st.booleans()):
        ring.reverse()
    assume(Polygon(ring).is_valid and Polygon(ring).area > 1.0)
    return ring


@st.composite
def convex_cells(draw, ring):
    """The convex hull of a few random points and maybe some of the ring's own vertices (so
    that cell edges run through polygon vertices), counter-clockwise, without its closing
    vertex."""
    points = draw(st.lists(st.tuples(coordinate, coordinate), min_size=1, max_size=10))
    points += draw(st.lists(st.sampled_from(ring), max_size=4))
    assume(len(points) >= 3)
    hull = shapely.convex_hull(shapely.multipoints(points))
    assume(hull.geom_type == "Polygon" and hull.area > 1.0)
    hull = shapely.orient_polygons(hull)
    return np.array(hull.exterior.coords[:-1])


def signed_area(ring):
    return Polygon(ring).area * (1 if shapely.is_ccw(shapely.linearrings(ring)) else -1)


@settings(max_examples=200, deadline=None)
@given(data=st.data(), origin=st.tuples(coordinate, coordinate))
def test_clipped_area_and_centroid_match_shapely(data, origin):
    ring = data.draw(simple_polygons())
    cell = data.draw(convex_cells(ring))
    piece = shapely.intersection(Polygon(cell), Polygon(ring))
    sign = 1 if signed_area(ring) > 0 else -1
    area, mx, my = lloyd.clipped_moments(np.array(ring), cell, len(cell), *origin)
    scale = max(Polygon(ring).area, Polygon(cell).area)
    assert abs(sign * area - piece.area) <= 1e-9 * scale
    if piece.area > 1e-6 * scale:
        cx, cy = origin[0] + mx / area, origin[1] + my / area
        size = math.sqrt(scale) + max(abs(v) for v in (*origin, *cell.ravel()))
        assert abs(cx - piece.centroid.x) <= 1e-9 * size
        assert abs(cy - piece.centroid.y) <= 1e-9 * size


@settings(max_examples=200, deadline=None)
@given(sites=st.lists(st.tuples(st.integers(0, 10000), st.integers(0, 8000)), min_size=2,
                      max_size=40, unique=True))
@example(sites=[(0, 0), (16, 7993), (4217, 1258), (7377, 0)])
def test_voronoi_cells_match_shapely(sites):
    sites = np.array(sites) / 100  # on a 0.01 grid: cocircular and collinear sites happen
    extent = box(-10, -10, 110, 90)
    cells = shapely.get_parts(shapely.voronoi_polygons(shapely.multipoints(sites),
                                                       extend_to=extent, ordered=True))
    assume(len(cells) == len(sites))  # GEOS merges sites closer than its tolerance
    out = np.empty((len(sites) + 4, 2))
    for i, expected in enumerate(cells):
        m = lloyd.voronoi_cell(sites, i, np.array(extent.bounds), out)
        cell = Polygon(out[:m])
        assert shapely.is_ccw(cell.exterior)
        # GEOS clips its cells to the envelope of extent and the sites, grown a little.
        expected = expected.intersection(extent)
        # Compared by area and by the Hausdorff distance of the vertices, not by an overlay:
        # GEOS's overlay of two equal cells whose edges differ by 1e-15 (y = -10 against
        # -9.999999999999998) once gave an intersection of area 0, a symmetric difference of
        # twice the cell (hypothesis found sites (0, 0), (0.16, 79.93), (42.17, 12.58),
        # (73.77, 0)). A convex cell with the same area whose every vertex lies within 1e-6
        # of the other's, and the other way round, is the same cell.
        assert abs(cell.area - expected.area) <= 1e-9 * extent.area
        assert cell.hausdorff_distance(expected) <= 1e-6


def shapely_relax(sites, domain, extent):
    """The round as shapely computed it before (voronoi_polygons, intersection, centroid;
    an empty piece's centroid not asked for, which shapely 2.1 refuses to read)."""
    cells = shapely.get_parts(shapely.voronoi_polygons(shapely.multipoints(sites),
                                                       extend_to=extent, ordered=True))
    pieces = shapely.intersection(cells, domain)
    empty = shapely.is_empty(pieces)
    centroids = shapely.centroid(np.where(empty, shapely.points(sites), pieces))
    x, y = shapely.get_x(centroids), shapely.get_y(centroids)
    outside = ~empty & ~shapely.contains_xy(domain, x, y)
    if outside.any():
        surface = shapely.point_on_surface(pieces[outside])
        x[outside], y[outside] = shapely.get_x(surface), shapely.get_y(surface)
    return np.where(empty[:, None], sites, np.column_stack((x, y))), outside, empty


def test_rounds_on_island_land_match_shapely():
    params = DEFAULT_PARAMS
    extent = box(-10, -10, params.map_width + 10, params.map_height + 10)
    for seed in range(4):
        frame = place_centre(params, SplitMix64.for_step(seed, "centre", 0))
        coast = make_coast(params, frame, SplitMix64.for_step(seed, "coast", 0))
        domain = Polygon(coast).difference(box(*frame.box))
        region = _Region.of(domain)
        rng = np.random.default_rng(seed)
        sites = rng.uniform((0, 0), (params.map_width, params.map_height), (36, 2))
        for _ in range(6):  # from sites anywhere (some off the land) to settled ones
            expected, _, _ = shapely_relax(sites, domain, extent)
            got = _relax(sites, domain, region, extent)
            assert np.abs(got - expected).max() <= 1e-9
            sites = expected


@settings(max_examples=60, deadline=None)
@given(sites=st.lists(st.tuples(st.integers(0, 10000), st.integers(0, 10000)), min_size=1,
                      max_size=8, unique=True),
       hole=st.booleans(), clockwise=st.booleans())
def test_round_with_centroids_outside_and_empty_pieces(sites, hole, clockwise):
    # A C-shaped land: the centroid of a piece spanning its arms lies in the gap, or on the
    # land's edge (sites (0, 0) and (0, 60): the upper piece's centroid is (40, 70)). Sites on
    # a 0.01 grid, as in test_voronoi_cells_match_shapely: GEOS fails on sites 1e-308 apart.
    sites = np.array([(x / 100, y / 100) for x, y in sites])
    land = box(10, 10, 90, 90).difference(box(30, 30, 95, 70))
    if hole:
        land = land.difference(box(14, 40, 22, 60))
    land = shapely.orient_polygons(land, exterior_cw=clockwise)
    extent = box(-10, -10, 110, 110)
    expected, outside, _ = shapely_relax(sites, land, extent)
    got = _relax(sites, land, _Region.of(land), extent)
    # 1e-6 mm, not 1e-9: a site off the land can own a sliver of it whose centroid both ways
    # of summing place only to ~1e-8 ((0.87, 6.39) beside (0.67, 17.9) and (11.64, 1.55):
    # a sliver at x = 10.0003); the islands' rounds agree to 1e-13 (the test above).
    assert np.abs(got[~outside] - expected[~outside]).max(initial=0.0) <= 1e-6
    # A centroid off the land: a point on the piece, not always shapely's. On these round
    # figures point_on_surface often meets a tie (two arm tips, or the two sides of the hole,
    # equally wide), which it breaks by the order of the parts or by 1e-14 in a bisector, and
    # the compiled cell starts its ring elsewhere than GEOS's (islands never tie: digests).
    if outside.any():
        cells = shapely.get_parts(shapely.voronoi_polygons(shapely.multipoints(sites),
                                                           extend_to=extent, ordered=True))
        pieces = shapely.intersection(cells[outside], land)
        points = shapely.points(got[outside])
        assert shapely.dwithin(pieces, points, 1e-9).all()


def test_a_centroid_on_the_lands_edge_is_outside_as_for_shapely():
    land = box(10, 10, 90, 90).difference(box(30, 30, 95, 70))
    for clockwise in (False, True):
        land = shapely.orient_polygons(land, exterior_cw=clockwise)
        region = _Region.of(land)
        assert not lloyd.contains(region.rings, region.starts, 40.0, 70.0)  # the arm's edge
        assert not lloyd.contains(region.rings, region.starts, 10.0, 50.0)  # the spine's
        assert lloyd.contains(region.rings, region.starts, 40.0, 70.5)
    sites = np.array([[0.0, 0.0], [0.0, 60.0]])
    extent = box(-10, -10, 110, 110)
    expected, outside, _ = shapely_relax(sites, land, extent)
    assert outside.tolist() == [False, True]
    assert np.abs(_relax(sites, land, region, extent) - expected).max() <= 1e-9


def test_a_round_exercises_every_outcome():
    land = box(10, 10, 90, 90).difference(box(30, 30, 95, 70))
    sites = np.array([[5.0, 50.0], [100.0, 50.0]])
    region = _Region.of(land)
    new, flags, _, _ = lloyd.relax(sites, region.rings, region.starts, region.weights,
                                   np.array([-10.0, -10.0, 110.0, 110.0]))
    # Bisector x = 52.5: the first piece is the spine and the arms' roots, its centroid in
    # the spine; the second is the two arms' tips, its centroid (71.25, 50) in the gap.
    assert flags.tolist() == [lloyd.INSIDE, lloyd.OUTSIDE]
    assert new[1].tolist() == [71.25, 50.0]
    far = np.array([[20.0, 50.0], [500.0, 500.0]])
    _, flags, _, _ = lloyd.relax(far, region.rings, region.starts, region.weights,
                                 np.array([-10.0, -10.0, 600.0, 600.0]))
    # The first piece is the whole C (centroid x = 30.7, in the gap); the far cell misses it.
    assert flags.tolist() == [lloyd.OUTSIDE, lloyd.EMPTY]

"""Spaces: the land between coast and centre box cut into cells of about equal size.

Steps, after Red Blob Games' polygon maps: sites spread by best-candidate sampling, a few
rounds of Lloyd relaxation (each site moves to the centroid of its clipped Voronoi cell) so
cells come out even, then one noding of all the lines (Voronoi edges, coast, centre box) and
`polygonize`, so that neighbouring cells share their border vertices exactly and never gap.
A piece of a cell cut off by a bay (a face holding no site) joins the neighbour it shares
most border with. Coordinates are rounded to 0.01 mm once, after noding, so equal vertices
stay equal.

`Mesh` is the result, named by index in the mapgen way: `polygon_f` (per face), `faces_e`
(per edge, the faces on either side), `kind_e` (interior, coast or centre).
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

import numpy as np
import shapely
from shapely.geometry import Polygon, box

from ..rng import SplitMix64
from .coast import Frame
from .params import IslandParams

XY = tuple[float, float]

LLOYD_ROUNDS = 10
GRID = 0.01  # mm: the precision of every stored coordinate


COAST = -1  # the "face" beyond a coast edge, in `Mesh.borders_f`
CENTRE = -2  # the "face" beyond a centre-box edge


class MeshError(Exception):
    """This attempt produced an unusable mesh; the generator retries with the next attempt."""


@dataclass
class Mesh:
    """Cells of the land and the planar graph of their borders."""

    polygon_f: list[list[XY]]  # exterior ring per face, not closed, counter-clockwise y-up
    frame: Frame
    coast: list[XY]
    vertex_v: list[XY] = field(default_factory=list)
    ends_e: list[tuple[int, int]] = field(default_factory=list)  # vertex indices
    faces_e: list[tuple[int, ...]] = field(default_factory=list)  # 1 or 2 faces per edge
    kind_e: list[str] = field(default_factory=list)  # "interior", "coast" or "centre"
    chord_paths: dict[frozenset[int], tuple[int, ...] | None] = field(
        default_factory=dict, repr=False, compare=False)  # sinklines.chord_path's answers

    @cached_property
    def shape_f(self) -> np.ndarray:
        """Per face, its shapely polygon (an array, for shapely's vectorised functions)."""
        return polygons_of(self.polygon_f)

    @cached_property
    def borders_f(self) -> list[list[tuple[int, tuple[int, int]]]]:
        """Per face, its border edges as (face on the other side or COAST/CENTRE, edge key)."""
        out: list[list[tuple[int, tuple[int, int]]]] = [[] for _ in self.polygon_f]
        for key, faces, kind in zip(self.ends_e, self.faces_e, self.kind_e, strict=True):
            if kind == "interior":
                a, b = faces
                out[a].append((b, key))
                out[b].append((a, key))
            else:
                out[faces[0]].append((COAST if kind == "coast" else CENTRE, key))
        return out

    @cached_property
    def neighbours_f(self) -> list[set[int]]:
        """Faces sharing at least one border edge."""
        out: list[set[int]] = [set() for _ in self.polygon_f]
        for faces, kind in zip(self.faces_e, self.kind_e, strict=True):
            if kind == "interior":
                a, b = faces
                out[a].add(b)
                out[b].add(a)
        return out

    @cached_property
    def coastal_f(self) -> list[bool]:
        out = [False] * len(self.polygon_f)
        for faces, kind in zip(self.faces_e, self.kind_e, strict=True):
            if kind == "coast":
                out[faces[0]] = True
        return out

    @cached_property
    def ring_f(self) -> list[bool]:
        """Faces touching the centre box along an edge (R3)."""
        out = [False] * len(self.polygon_f)
        for faces, kind in zip(self.faces_e, self.kind_e, strict=True):
            if kind == "centre":
                out[faces[0]] = True
        return out

    @cached_property
    def coast_v(self) -> list[bool]:
        out = [False] * len(self.vertex_v)
        for (a, b), kind in zip(self.ends_e, self.kind_e, strict=True):
            if kind == "coast":
                out[a] = out[b] = True
        return out

    @cached_property
    def centre_v(self) -> list[bool]:
        out = [False] * len(self.vertex_v)
        for (a, b), kind in zip(self.ends_e, self.kind_e, strict=True):
            if kind == "centre":
                out[a] = out[b] = True
        return out

    @cached_property
    def rim(self) -> shapely.MultiLineString:
        """The coast and the centre box's edge: what a point inside the land must keep clear
        of to read as inland on paper."""
        ends = np.array([key for key, kind in zip(self.ends_e, self.kind_e, strict=True)
                         if kind != "interior"], dtype=np.int64).reshape(-1, 2)
        segments = np.array(self.vertex_v, dtype=float)[ends]  # (edge, end, x/y)
        return shapely.multilinestrings(shapely.linestrings(segments))

    @cached_property
    def rim_distance_v(self) -> list[float]:
        """Per vertex, its distance to `rim` (mm): measured for the vertices off the rim in
        one call when first asked (about 30 of them; one call each cost three times as
        much), 0.0 for those on it (each is an end of a rim segment)."""
        on_rim = [c or b for c, b in zip(self.coast_v, self.centre_v, strict=True)]
        off = [v for v, r in enumerate(on_rim) if not r]
        out = [0.0] * len(self.vertex_v)
        if off:
            points = shapely.points(np.array([self.vertex_v[v] for v in off]))
            for v, d in zip(off, shapely.distance(self.rim, points).tolist(), strict=True):
                out[v] = d
        return out

    @cached_property
    def on_centre_f(self) -> list[bool]:
        """Faces with a vertex on the centre box (a corner touching it is enough)."""
        centre = self.centre_v
        out = [False] * len(self.polygon_f)
        for (a, b), faces in zip(self.ends_e, self.faces_e, strict=True):
            if centre[a] or centre[b]:
                for f in faces:
                    out[f] = True
        return out

    @cached_property
    def faces_v(self) -> list[frozenset[int]]:
        """Per vertex, the faces (spaces) that touch it: where water comes from when one sinks."""
        out: list[set[int]] = [set() for _ in self.vertex_v]
        for (a, b), faces in zip(self.ends_e, self.faces_e, strict=True):
            out[a].update(faces)
            out[b].update(faces)
        return [frozenset(fs) for fs in out]

    @cached_property
    def _inscribed_f(self) -> tuple[np.ndarray, np.ndarray]:
        return inscribed_circles(self.shape_f)

    @cached_property
    def anchor_f(self) -> list[XY]:
        """Per face, the centre of its largest inscribed circle: where the symbol goes."""
        centres = self._inscribed_f[0]
        return list(zip(shapely.get_x(centres).tolist(), shapely.get_y(centres).tolist(),
                        strict=True))

    @cached_property
    def width_f(self) -> list[float]:
        """Per face, the diameter of its largest inscribed circle (mm)."""
        return self._inscribed_f[1].tolist()


def inscribed_circles(polygons: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Per polygon, the centre of its largest inscribed circle (`shapely.ops.polylabel` at
    0.05 mm, all in one call) and that circle's diameter in mm: where a space's symbol goes
    and how wide the space is. The generator refuses narrow spaces and `geometry_faults`
    checks a finished island with this one measure, so the two cannot disagree."""
    centres = shapely.get_point(shapely.maximum_inscribed_circle(polygons, INSCRIBED_TOLERANCE),
                                0)
    return centres, 2 * shapely.distance(shapely.get_exterior_ring(polygons), centres)


INSCRIBED_TOLERANCE = 0.05
"""mm: GEOS refines its search until no cell could hold a centre farther than this from the
boundary than the best one found, so the circle it returns has a radius within this of the
largest (its cells' bound is the distance at the centre plus the half-diagonal; it stops
splitting a cell only when that bound exceeds the best by no more than the tolerance)."""

FIRST_WIDTHS = 4
"""How many spaces `_inscribed_or_narrow` measures first: those most likely narrowest."""


def _width_floor(shapes: np.ndarray, sites: np.ndarray) -> np.ndarray:
    """Per space, a width `inscribed_circles` cannot measure below: twice the distance from
    its site to its border (0 for a site that the snapping to the grid left outside), less
    twice INSCRIBED_TOLERANCE and 0.1 mm (far above any rounding)."""
    points = shapely.points(sites)
    inside = shapely.contains(shapes, points)
    reach = np.where(inside, shapely.distance(shapely.get_exterior_ring(shapes), points), 0.0)
    return 2 * reach - 2 * INSCRIBED_TOLERANCE - 0.1


def _inscribed_or_narrow(shapes: np.ndarray, sites: np.ndarray,
                         min_width: float) -> tuple[np.ndarray, np.ndarray]:
    """`inscribed_circles(shapes)`, or MeshError when a space is narrower than `min_width`,
    naming the narrowest width as measuring every space would, while measuring few of them.

    Space i holds site i (its cell's Lloyd site), whose distance to the border is a radius
    no larger than the largest inscribed circle's, which `inscribed_circles` finds to within
    INSCRIBED_TOLERANCE: `_width_floor` bounds each measured width from below. The spaces
    with the smallest floors are measured first; if one is too narrow (the attempt is
    refused, about 1 in 3), only the spaces whose floor does not clear that width can be
    narrower still, and only they are measured as well; otherwise every space is measured,
    as before. Each width is the same number however many are measured in one call."""
    bound = _width_floor(shapes, sites)
    order = np.argsort(bound, kind="stable")
    centres = np.empty(len(shapes), dtype=object)
    widths = np.empty(len(shapes))
    first, rest = order[:FIRST_WIDTHS], order[FIRST_WIDTHS:]
    centres[first], widths[first] = inscribed_circles(shapes[first])
    narrow = float(widths[first].min())
    if narrow >= min_width:
        centres[rest], widths[rest] = inscribed_circles(shapes[rest])
        narrow = float(widths.min())
    else:
        rest = rest[bound[rest] <= narrow]  # the others are wider than `narrow` for sure
        if len(rest):
            narrow = min(narrow, float(inscribed_circles(shapes[rest])[1].min()))
    if narrow < min_width:
        raise MeshError(f"a space is only {narrow:.1f} mm across")
    return centres, widths


def polygons_of(rings: Sequence[Sequence[Sequence[float]]]) -> np.ndarray:
    """The shapely polygons of many rings (each at least three points) made in one call: the
    very geometries `Polygon(ring)` makes one by one (same coordinates, closed the same way),
    without its cost of about 150 microseconds per polygon in Python."""
    flat = itertools.chain.from_iterable(itertools.chain.from_iterable(rings))
    coords = np.fromiter(flat, dtype=float).reshape(-1, 2)  # a third of np.array's time
    which = np.repeat(np.arange(len(rings)), [len(ring) for ring in rings])
    return shapely.polygons(shapely.linearrings(coords, indices=which))


def _sample_sites(domain: Polygon, n: int, rng: SplitMix64) -> np.ndarray:
    """Best-candidate sampling: each new site is the farthest of a few random candidates.

    Candidates are random points of the bounding box kept when they fall on the land, drawn
    in batches (`SplitMix64.uniforms`, the same numbers one at a time would give) and tested
    together; only the cells step draws from this stream, so drawing ahead changes nothing.
    Returns the sites as an (n, 2) array.
    """
    shapely.prepare(domain)
    x0, y0, x1, y1 = domain.bounds
    need = 8 * n
    points = np.empty((0, 2))
    misses = 0  # rejected draws since the last accepted point
    while len(points) < need:
        xy = rng.uniforms(2 * max(64, 2 * (need - len(points)))).reshape(-1, 2)
        xy[:, 0] = x0 + (x1 - x0) * xy[:, 0]
        xy[:, 1] = y0 + (y1 - y0) * xy[:, 1]
        hit = np.flatnonzero(shapely.contains_xy(domain, xy[:, 0], xy[:, 1]))
        hit = hit[:need - len(points)]
        gaps = np.diff(hit, prepend=-1) - 1
        gaps[0] += misses
        if (gaps >= 10000).any() or (len(hit) == 0 and misses + len(xy) >= 10000):
            raise MeshError("could not place a site on the land")
        misses = len(xy) - 1 - hit[-1] if len(hit) else misses + len(xy)
        points = np.concatenate([points, xy[hit]])
    # Each site the farthest of its 8 candidates from the sites before it (compiled).
    return _lloyd_kernels().best_candidates(np.ascontiguousarray(points[:need].reshape(n, 8, 2)))


@dataclass(frozen=True)
class _Region:
    """The land as `lloyd.relax` reads it: every ring's vertices in one (k, 2) array (not
    closed), where each ring starts, and +1 or -1 per ring so that its shoelace moments add
    up to the region's (an exterior counted positive, a hole negative, whatever the
    orientation shapely gave it)."""

    rings: np.ndarray
    starts: np.ndarray
    weights: np.ndarray

    @classmethod
    def of(cls, domain: Polygon) -> _Region:
        parts, roles = [], []
        for poly in shapely.get_parts(domain):
            rings = [poly.exterior, *poly.interiors]
            for k, ring in enumerate(rings):
                parts.append(shapely.get_coordinates(ring)[:-1])
                roles.append(1.0 if k == 0 else -1.0)
        weights = [role * (1.0 if shapely.is_ccw(shapely.linearrings(xy)) else -1.0)
                   for role, xy in zip(roles, parts, strict=True)]
        starts = np.cumsum([0, *(len(xy) for xy in parts)])
        return cls(np.ascontiguousarray(np.concatenate(parts)), starts.astype(np.int64),
                   np.array(weights))


def _relax(sites: np.ndarray, domain: Polygon, region: _Region, extent: Polygon) -> np.ndarray:
    """One round of Lloyd relaxation inside the land: each site moves to the centroid of its
    Voronoi cell clipped to the land (`lloyd.relax`, compiled), or to a point on that piece
    (shapely's `point_on_surface`) if the centroid falls outside; a site whose piece holds no
    area stays. Sites as an (n, 2) array."""
    lloyd = _lloyd_kernels()
    new, flags, cells, counts = lloyd.relax(sites, region.rings, region.starts,
                                            region.weights, np.array(extent.bounds))
    outside = np.flatnonzero(flags == lloyd.OUTSIDE)
    if len(outside):
        pieces = shapely.intersection(
            polygons_of([cells[i, :counts[i]] for i in outside.tolist()]), domain)
        surface = shapely.point_on_surface(pieces)
        new[outside, 0], new[outside, 1] = shapely.get_x(surface), shapely.get_y(surface)
    return new


@functools.cache
def _lloyd_kernels():  # type: ignore[no-untyped-def]
    """The compiled Lloyd round (islands/lloyd.py), imported on first use under its own
    cache."""
    from sheetgen.cache import numba_cache_for

    here = Path(__file__).resolve().parent
    with numba_cache_for("captains-curse-lloyd", [here / "lloyd.py"]):
        from . import lloyd
    return lloyd


def _rings_on_grid(polys: list[Polygon]) -> list[list[XY]]:
    """Each polygon's exterior ring (not closed) on the 0.01 mm grid, repeated vertices
    dropped: all rings' coordinates snapped in one array step.

    A coordinate v goes to rint(v / GRID) / 100, which is exactly what the scalar
    `round(round(v / GRID) * GRID, 2)` gives (both round half to even; the second `round`
    yields the double nearest k/100, which is k / 100.0: checked for every k up to
    +-300,000, i.e. +-3 m), so equal vertices stay equal."""
    rings = shapely.get_exterior_ring(np.asarray(polys, dtype=object))
    coords, which = shapely.get_coordinates(rings, return_index=True)
    snapped = (np.rint(coords / GRID) / 100.0).tolist()
    bounds = np.flatnonzero(np.diff(which)).tolist()
    out: list[list[XY]] = []
    for start, stop in zip([0, *(b + 1 for b in bounds)], [*(b + 1 for b in bounds), len(which)],
                           strict=True):
        ring: list[XY] = []
        for x, y in snapped[start:stop - 1]:  # the closing vertex left out
            p = (x, y)
            if not ring or ring[-1] != p:
                ring.append(p)
        if len(ring) > 1 and ring[0] == ring[-1]:
            ring.pop()
        out.append(ring)
    return out


def _normalise(ring: list[XY]) -> list[XY]:
    """Counter-clockwise (y-up sense), starting at the smallest vertex: one spelling per cell."""
    area2 = sum(ring[i][0] * ring[(i + 1) % len(ring)][1]
                - ring[(i + 1) % len(ring)][0] * ring[i][1] for i in range(len(ring)))
    if area2 < 0:
        ring = ring[::-1]
    k = ring.index(min(ring))
    return ring[k:] + ring[:k]


def make_mesh(params: IslandParams, frame: Frame, coast: list[XY], rng: SplitMix64) -> Mesh:
    """Cut the land into `params.n_spaces` cells; raise MeshError if this attempt is unfit
    (a cell lost, holed or split, or a space narrower than `params.min_space_width`)."""
    land = polygons_of([coast])[0]
    if not land.is_valid:
        raise MeshError("coast is not a simple polygon")
    centre = box(*frame.box)
    domain = land.difference(centre)
    extent = box(-10, -10, params.map_width + 10, params.map_height + 10)

    sites = _sample_sites(domain, params.n_spaces, rng)
    region = _Region.of(domain)
    for _ in range(LLOYD_ROUNDS):
        sites = _relax(sites, domain, region, extent)

    edges = shapely.voronoi_polygons(shapely.multipoints(sites), extend_to=extent,
                                     only_edges=True)
    lines = shapely.union_all([edges, domain.boundary])
    faces = shapely.get_parts(shapely.polygonize(shapely.get_parts(lines)))
    faces = faces[(shapely.area(faces) > 1e-6)
                  & shapely.contains(domain, shapely.point_on_surface(faces))]
    covers = shapely.covers(faces[:, None], shapely.points(sites)[None, :])

    # Each site owns the face it lies in; other faces (bay-cut pieces) join a neighbour.
    owned: dict[int, Polygon] = {}
    orphans: list[Polygon] = []
    for f, row in zip(faces, covers, strict=True):
        inside = np.flatnonzero(row).tolist()
        if len(inside) == 1 and inside[0] not in owned:
            owned[inside[0]] = f
        else:
            orphans.append(f)
    if len(owned) != len(sites):
        raise MeshError("a site lost its cell")
    for piece in orphans:
        best, best_len = None, 0.0
        for i, f in owned.items():
            shared = piece.boundary.intersection(f.boundary).length
            if shared > best_len:
                best, best_len = i, shared
        if best is None:
            raise MeshError("a piece of land touches no cell")
        merged = owned[best].union(piece)
        if merged.geom_type != "Polygon":
            raise MeshError("merged cell is not one polygon")
        owned[best] = merged

    cells = [owned[i] for i in range(len(sites))]
    if (shapely.get_num_interior_rings(cells) > 0).any():
        raise MeshError("a cell has a hole")
    polygon_f = [_normalise(ring) for ring in _rings_on_grid(cells)]
    shapes = polygons_of(polygon_f)
    # Spaces too narrow to circle a symbol: the attempt is refused here, by the measure
    # geometry_faults uses, before the face graph is built for nothing (about 1 attempt in 3).
    centres, widths = _inscribed_or_narrow(shapes, sites, params.min_space_width)
    # Faces in a stable order: by bearing from the centre, starting north, clockwise on paper.
    centroids = shapely.centroid(shapes)
    bearing = [math.atan2(x - frame.cx, -(y - frame.cy)) % (2 * math.pi)
               for x, y in zip(shapely.get_x(centroids).tolist(),
                               shapely.get_y(centroids).tolist(), strict=True)]
    order = sorted(range(len(polygon_f)), key=bearing.__getitem__)
    mesh = Mesh(polygon_f=[polygon_f[i] for i in order], frame=frame, coast=coast)
    mesh.__dict__["shape_f"] = shapes[order]  # the cached properties, already built
    mesh.__dict__["_inscribed_f"] = (centres[order], widths[order])
    _build_graph(mesh)
    return mesh


def _build_graph(mesh: Mesh) -> None:
    """Index vertices and edges; classify single-face edges as coast or centre."""
    index: dict[XY, int] = {}  # vertices numbered in order of first appearance
    faces_of: dict[tuple[int, int], list[int]] = {}
    for f, ring in enumerate(mesh.polygon_f):
        ids = [index.setdefault(p, len(index)) for p in ring]
        for a, b in zip(ids, ids[1:] + ids[:1], strict=True):
            key = (a, b) if a < b else (b, a)
            known = faces_of.get(key)
            if known is None:
                faces_of[key] = [f]
            else:
                known.append(f)
    mesh.vertex_v = list(index)  # dicts keep insertion order: vertex i is the i-th key
    x0, y0, x1, y1 = mesh.frame.box

    def on_box(p: XY) -> bool:
        x, y = p
        tol = 0.02
        if not (x0 - tol <= x <= x1 + tol and y0 - tol <= y <= y1 + tol):
            return False  # most coast vertices: far from the box
        return min(abs(x - x0), abs(x - x1), abs(y - y0), abs(y - y1)) <= tol

    for key in sorted(faces_of):
        fs = faces_of[key]
        if len(fs) > 2 or (len(fs) == 2 and fs[0] == fs[1]):
            raise MeshError("an edge borders more than two cells")
        mesh.ends_e.append(key)
        mesh.faces_e.append(tuple(fs))
        if len(fs) == 2:
            mesh.kind_e.append("interior")
        else:
            a, b = (mesh.vertex_v[k] for k in key)
            mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
            mesh.kind_e.append("centre" if on_box(a) and on_box(b) and on_box(mid) else "coast")

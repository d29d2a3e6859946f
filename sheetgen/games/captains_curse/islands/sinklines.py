"""Sink lines: dotted paths along space borders, each cutting a seaward region off the island.

A region is a set of spaces; its line is the border between it and the rest of the land
(other spaces and the centre box). A region is usable when that border is one simple path
whose two ends lie on the coast and whose inside never touches the coast: then the line runs
from water to water, as R11 asks, and the region is exactly what a player would scribble out.
Working with sets on the neighbour graph and deriving the path afterwards is what keeps this
simple (cut the line's edges; what no longer reaches the centre sinks).

The family built here, and why:
- Two *halves*: two spokes from the centre box to the coast split the land into two regions
  whose lines run spoke, along the centre box, spoke. They are the deep, costly lines, the
  only ones that sink centre-ring spaces, and they make every space sinkable (R12).
- Inside each half, nested smaller regions grown from coastal spaces: cheap one-space lines
  (a headland), medium ones, and bigger ones that contain earlier ones (sink "Pip's Point",
  then the bay behind it).
- Where dotted lines meet (the halves' spokes, the Y of two neighbouring headlands), every
  coast-to-coast path a player can trace through the dots is a listed line whose region is
  laminar with the others (`Network`); otherwise lines share no vertex.
- Lines with an *inland end* (normal and hard plans, `_add_inland`): from the coast to a
  vertex inside the land, usable once the one-space headland beside them has sunk (R11:
  that end lists the headland's space). Such a line necessarily ends *on* the headland's
  own line (the headland borders its region there), so joined to the rest of that line it
  would trace a coast-to-coast path around its region. The sheet therefore draws it dashed,
  with an arrow into the headland, and the rulebook says a line is read alone, end to end;
  it is not part of the dotted network. Everything else keeps clear of it: no other line
  touches it except the headland's line at its end, and no region can bring water to that
  end before the headland sinks.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..rng import SplitMix64
from .cells import CENTRE, Mesh, MeshError
from .params import DEFAULT_PLAN, SinkPlan


@dataclass(frozen=True)
class Chord:
    """A region (face indices) and its line as an ordered vertex path from the coast.

    `wet_by` is empty for a coast-to-coast line; for a line with an inland end it holds the
    space whose sinking brings water to the path's last vertex (the island file's
    `ends: [[], [that space]]`).
    """

    region: frozenset[int]
    path: tuple[int, ...]
    wet_by: frozenset[int] = frozenset()


def _border_path(mesh: Mesh, region: frozenset[int],
                 water: frozenset[int] = frozenset()) -> list[int] | None:
    """The border of `region` with the land outside it and outside `water` (spaces taken as
    sunk), if it is one simple path; its vertices in order, from the smaller end."""
    if not region or not _connected(mesh, region):
        return None
    # The border's edges: each face's landward edges taken in turn, an edge met twice (two
    # spaces of the region share it) cancelling out; then those shared with water dropped.
    landward = _face_graph(mesh).landward
    faces = iter(region)
    border = set(landward[next(faces)])
    for f in faces:
        border ^= landward[f]
    for f in water:
        border -= landward[f]
    adjacent: dict[int, list[int]] = {}
    ends_e = mesh.ends_e
    for e in border:
        a, b = ends_e[e]
        if a in adjacent:
            adjacent[a].append(b)
        else:
            adjacent[a] = [b]
        if b in adjacent:
            adjacent[b].append(a)
        else:
            adjacent[b] = [a]
    if not adjacent:
        return None
    ends = []
    for v, nb in adjacent.items():
        if len(nb) > 2:
            return None
        if len(nb) == 1:
            ends.append(v)
    if len(ends) != 2:
        return None
    v = min(ends)
    path = [v]
    prev = -1
    while True:  # each vertex has one or two neighbours, one of them where the walk came from
        nb = adjacent[v]
        if nb[0] != prev:
            prev, v = v, nb[0]
        elif len(nb) == 2:
            prev, v = v, nb[1]
        else:
            break
        path.append(v)
    if len(path) != len(adjacent):
        return None  # a separate loop: the region wraps something
    return path


def chord_path(mesh: Mesh, region: frozenset[int]) -> tuple[int, ...] | None:
    """The border of `region` with the rest of the land, if it is one coast-to-coast path.

    Remembered per mesh: the same region is asked for as a candidate and again as the
    region a drawn path bounds (`region_of_path`)."""
    known = mesh.chord_paths
    if region in known:
        return known[region]
    path = _border_path(mesh, region)
    coast = mesh.coast_v
    if path is None or not (coast[path[0]] and coast[path[-1]]) or \
            any(coast[v] for v in path[1:-1]):
        known[region] = None
        return None
    known[region] = tuple(path)
    return known[region]


INLAND_CLEARANCE = 2.0
"""Least distance (mm) from an inland end to the coast or the centre box: closer, a pencil
reads the end as touching water already."""


def inland_path(mesh: Mesh, region: frozenset[int], wet: int) -> tuple[int, ...] | None:
    """The line of `region` once space `wet` has sunk, if it runs from the coast to an inland
    vertex that only `wet`, the region and one more space touch; ordered coast first.

    Once `wet` is sea, that path is the region's whole border with the land left, so the line
    then runs from water to water and cuts exactly the region off. Only its last vertex
    touches `wet` (no shorter piece of the line reaches that water), no vertex but the
    first lies on the coast or any on the centre box, and the end keeps `INLAND_CLEARANCE`
    from both.
    """
    if wet in region or any(mesh.on_centre_f[f] for f in region):
        return None
    path = _border_path(mesh, region, frozenset((wet,)))
    if path is None:
        return None
    coast = mesh.coast_v
    if coast[path[-1]]:
        path.reverse()
    if not coast[path[0]] or any(coast[v] for v in path[1:]):
        return None
    end = path[-1]
    touching = mesh.faces_v[end]
    if wet not in touching or len(touching) != 3 or len(touching & region) != 1:
        return None
    if any(wet in mesh.faces_v[v] for v in path[:-1]):
        return None
    if mesh.rim_distance_v[end] < INLAND_CLEARANCE:
        return None  # on paper the arrow would seem to reach the coast or the centre box
    return tuple(path)


def _connected(mesh: Mesh, region: frozenset[int]) -> bool:
    """The region's spaces are joined by shared borders (remembered per mesh and region)."""
    if len(region) == 1:
        return True
    known = _face_graph(mesh).connected
    if region in known:
        return known[region]
    start = next(iter(region))
    seen = {start}
    todo = [start]
    neighbours = mesh.neighbours_f
    while todo:
        f = todo.pop()
        for g in neighbours[f]:
            if g in region and g not in seen:
                seen.add(g)
                todo.append(g)
    known[region] = len(seen) == len(region)
    return known[region]


def _spoke(mesh: Mesh, bearing_xy: tuple[float, float], blocked: set[int]) -> list[int]:
    """A path of interior edges from a centre-box vertex out to a coast vertex, near a ray."""
    import heapq
    import math

    fr = mesh.frame
    dx, dy = bearing_xy
    interior_adj: dict[int, list[tuple[int, float]]] = {}
    for (a, b), kind in zip(mesh.ends_e, mesh.kind_e, strict=True):
        if kind != "interior":
            continue
        pa, pb = mesh.vertex_v[a], mesh.vertex_v[b]
        # Prefer edges that run along the ray: cost is length plus distance from the ray.
        mx, my = (pa[0] + pb[0]) / 2 - fr.cx, (pa[1] + pb[1]) / 2 - fr.cy
        off = abs(mx * dy - my * dx)
        behind = 40.0 if mx * dx + my * dy < 0 else 0.0
        w = math.dist(pa, pb) + 0.6 * off + behind
        interior_adj.setdefault(a, []).append((b, w))
        interior_adj.setdefault(b, []).append((a, w))
    starts = [v for v in interior_adj if mesh.centre_v[v] and v not in blocked]
    if not starts:
        raise MeshError("no vertex on the centre box to start a spoke")
    # Start at the centre-box vertex closest to the ray.
    def ray_off(v: int) -> float:
        x, y = mesh.vertex_v[v][0] - fr.cx, mesh.vertex_v[v][1] - fr.cy
        return abs(x * dy - y * dx) + (1000.0 if x * dx + y * dy < 0 else 0.0)
    start = min(starts, key=lambda v: (ray_off(v), v))
    dist = {start: 0.0}
    prev: dict[int, int] = {}
    heap = [(0.0, start)]
    while heap:
        d, v = heapq.heappop(heap)
        if d > dist[v]:
            continue
        if mesh.coast_v[v]:
            path = [v]
            while path[-1] != start:
                path.append(prev[path[-1]])
            return path[::-1]
        for u, w in interior_adj.get(v, ()):
            if u in blocked or (mesh.centre_v[u] and u != start):
                continue
            nd = d + w
            if nd < dist.get(u, float("inf")):
                dist[u] = nd
                prev[u] = v
                heapq.heappush(heap, (nd, u))
    raise MeshError("no spoke reaches the coast")


def _halves(mesh: Mesh, rng: SplitMix64) -> tuple[frozenset[int], frozenset[int]]:
    """Split the land with two spokes into two regions, each a usable chord."""
    import math

    theta = rng.uniform(0, 2 * math.pi)
    other = theta + math.pi + rng.uniform(-0.45, 0.45)
    spoke1 = _spoke(mesh, (math.cos(theta), math.sin(theta)), set())
    spoke2 = _spoke(mesh, (math.cos(other), math.sin(other)), set(spoke1))
    cut = set()
    for sp in (spoke1, spoke2):
        for a, b in zip(sp, sp[1:], strict=False):
            cut.add((min(a, b), max(a, b)))
    blocked_pairs = set()
    for key, faces, kind in zip(mesh.ends_e, mesh.faces_e, mesh.kind_e, strict=True):
        if kind == "interior" and key in cut:
            blocked_pairs.add(frozenset(faces))
    n = len(mesh.polygon_f)
    label = [-1] * n
    parts = 0
    for f in range(n):
        if label[f] >= 0:
            continue
        label[f] = parts
        todo = [f]
        while todo:
            g = todo.pop()
            for h in mesh.neighbours_f[g]:
                if label[h] < 0 and frozenset((g, h)) not in blocked_pairs:
                    label[h] = parts
                    todo.append(h)
        parts += 1
    if parts != 2:
        raise MeshError(f"the spokes cut the land into {parts} parts, not 2")
    a = frozenset(f for f in range(n) if label[f] == 0)
    b = frozenset(f for f in range(n) if label[f] == 1)
    return a, b


def _edges_of(path: tuple[int, ...]) -> set[tuple[int, int]]:
    return {(a, b) if a < b else (b, a) for a, b in zip(path, path[1:], strict=False)}


@dataclass(frozen=True)
class _FaceGraph:
    """The faces' borders in the shapes the searches here walk them, built once per mesh."""

    land: list[list[tuple[int, tuple[int, int]]]]  # per face: (neighbour, edge key)
    centre: list[tuple[int, list[tuple[int, int]]]]  # (face, its centre-box edge keys) per
    # face on the centre box
    faces: frozenset[int]  # every face
    landward: list[frozenset[int]]  # per face: its edges (indices) but those on the coast
    connected: dict[frozenset[int], bool]  # `_connected`'s answers


def _face_graph(mesh: Mesh) -> _FaceGraph:
    """The mesh's `_FaceGraph`, built on first use and kept on the mesh (a mesh's graph never
    changes once `make_mesh` returns it)."""
    known = mesh.__dict__.get("_face_graph")
    if known is None:
        borders = mesh.borders_f
        land = [[(g, key) for g, key in b if g >= 0] for b in borders]
        centre = [(f, keys) for f, keys in enumerate([key for g, key in b if g == CENTRE]
                                                     for b in borders) if keys]
        landward_f: list[set[int]] = [set() for _ in borders]
        for e, (faces, kind) in enumerate(zip(mesh.faces_e, mesh.kind_e, strict=True)):
            if kind != "coast":
                for f in faces:
                    landward_f[f].add(e)
        landward = [frozenset(es) for es in landward_f]
        known = mesh.__dict__["_face_graph"] = _FaceGraph(land, centre,
                                                          frozenset(range(len(borders))),
                                                          landward, {})
    return known


def _reaching(land: list[list[tuple[int, tuple[int, int]]]],
              centre: list[tuple[int, list[tuple[int, int]]]],
              cut: set[tuple[int, int]]) -> set[int]:
    """The faces joined to the centre box by borders not in `cut`."""
    reached = {f for f, keys in centre if any(k not in cut for k in keys)}
    todo = list(reached)
    while todo:
        f = todo.pop()
        for g, key in land[f]:
            if g not in reached and key not in cut:
                reached.add(g)
                todo.append(g)
    return reached


def region_of_path(mesh: Mesh, path: tuple[int, ...]) -> frozenset[int] | None:
    """The faces a path cuts off from the centre box, if the path bounds exactly them."""
    graph = _face_graph(mesh)
    cut = _edges_of(path)
    reached = _reaching(graph.land, graph.centre, cut)
    region = graph.faces - reached
    if not region:
        return None
    own = chord_path(mesh, region)
    if own is None or _edges_of(own) != cut:
        return None
    return region


class Network:
    """The dotted lines drawn so far, and the lines a player can read off them.

    Every coast-to-coast simple path through the drawn edges is a line a player may pick,
    so every such path must bound a region and all those regions must stay laminar (R12).
    """

    MAX_PATHS = 8

    def __init__(self, mesh: Mesh) -> None:
        self.mesh = mesh
        self.inland: list[_InlandEnd] = []  # lines with an inland end: not part of the
        # readable network (each is read alone, coast to arrow), but later lines respect them
        self.edges: set[tuple[int, int]] = set()
        self._adj: dict[int, list[int]] = {}  # per vertex, its neighbours along `edges`, sorted
        self.lines: dict[tuple[int, ...], frozenset[int]] = {}
        self._regions: dict[tuple[int, ...], frozenset[int] | None] = {}

    def _with(self, new_edges: set[tuple[int, int]]) -> dict[int, list[int]]:
        """The adjacency of `edges` plus `new_edges`: the drawn lines' lists shared, new ones
        for the vertices the new edges touch (neighbours sorted, as the searches read them)."""
        adj = dict(self._adj)
        for a, b in new_edges - self.edges:
            adj[a] = sorted([*adj.get(a, ()), b])
            adj[b] = sorted([*adj.get(b, ()), a])
        return adj

    def _paths(self, adj: dict[int, list[int]], start_path: tuple[int, ...]):
        """All coast-to-coast simple paths in the component holding `start_path` (`adj`:
        the drawn lines' adjacency with `start_path` added)."""
        comp = {start_path[0]}
        todo = [start_path[0]]
        while todo:
            v = todo.pop()
            for u in adj[v]:
                if u not in comp:
                    comp.add(u)
                    todo.append(u)
        coast = self.mesh.coast_v
        terminals = sorted(v for v in comp if coast[v])
        found: list[tuple[int, ...]] = []
        for t in terminals:
            stack = [(t, (t,))]
            while stack:
                v, path = stack.pop()
                for u in adj[v]:
                    if u in path:
                        continue
                    if coast[u]:
                        if u > t:
                            found.append((*path, u))
                            if len(found) > self.MAX_PATHS:
                                return None, comp
                        continue
                    stack.append((u, (*path, u)))
        return found, comp

    def try_add(self, path: tuple[int, ...], region: frozenset[int] | None = None) -> bool:
        """Draw `path` if every line then readable is a laminar, well-formed region.

        `path` itself (a coast-to-coast line from its smaller end) and every line drawn so
        far are among the lines readable afterwards, so `path` is first checked alone
        against the drawn lines: most candidates fail there, before the costlier search
        for every readable path. `region`, if given, is the region whose `chord_path` is
        `path`: the path then bounds that region or none (`region_of_path`), so the first
        check can use it without working out the path's region."""
        if path not in self.lines and not self._fits(path, region):
            return False
        new_edges = _edges_of(path)
        adj = self._with(new_edges)
        paths, comp = self._paths(adj, path)
        if paths is None:
            return False
        new_lines: dict[tuple[int, ...], frozenset[int]] = {}
        for p in paths:
            region = self._region(p)
            if region is None:
                return False
            new_lines[p] = region
        if not self._clear_of_inland(paths, new_lines):
            return False
        kept = {p: r for p, r in self.lines.items() if p[0] not in comp}
        regions = list(kept.values())
        for r in new_lines.values():
            if r in regions or not all(_nest(r, q) for q in regions):
                return False
            regions.append(r)
        self.edges = self.edges | new_edges
        self._adj = adj
        kept.update(new_lines)
        self.lines = kept
        return True

    def _region(self, path: tuple[int, ...]) -> frozenset[int] | None:
        if path not in self._regions:
            self._regions[path] = region_of_path(self.mesh, path)
        return self._regions[path]

    def _fits(self, path: tuple[int, ...], region: frozenset[int] | None) -> bool:
        """`path` bounds a region (`region` if given: see `try_add`), new and laminar with
        every drawn line's, and keeps clear of the inland lines: what `try_add` asks of each
        readable line, for this one."""
        if region is None:
            region = self._region(path)
            if region is None:
                return False
        drawn = self.lines.values()
        if region in drawn or not all(_nest(region, q) for q in drawn):
            return False
        return self._clear_of_inland([path], {path: region})

    def _clear_of_inland(self, paths: list[tuple[int, ...]],
                         regions: dict[tuple[int, ...], frozenset[int]]) -> bool:
        """Readable paths touch an inland line at most at its end vertex, and their regions
        are laminar with its region and never wet its end before its listed space sinks."""
        for end in self.inland:
            inner = set(end.chord.path[:-1])
            for p in paths:
                r = regions[p]
                if inner.intersection(p) or not _nest(r, end.chord.region) or \
                        not _dries_first(end, r):
                    return False
        return True


def _connected_sets(mesh: Mesh, half: frozenset[int], plan: SinkPlan) -> list[frozenset[int]]:
    """Every connected set of up to `plan.max_region` spaces of a half that touches the coast
    (centre-ring spaces only if `plan.ring_lines`), in a stable order."""
    allowed = {f for f in half if plan.ring_lines or not mesh.ring_f[f]}
    frontier = {frozenset([f]) for f in allowed if mesh.coastal_f[f]}
    found = set(frontier)
    for _ in range(plan.max_region - 1):
        grown = set()
        for region in frontier:
            for f in region:
                for g in mesh.neighbours_f[f]:
                    if g in allowed and g not in region:
                        bigger = region | {g}
                        if bigger not in found:
                            grown.add(bigger)
        found |= grown
        frontier = grown
    # Each set grew one neighbour at a time, so it is connected: `_border_path` need not
    # walk it again to find that out.
    _face_graph(mesh).connected.update(dict.fromkeys(found, True))
    return sorted(found, key=lambda r: (len(r), sorted(r)))


def make_chords(mesh: Mesh, rng: SplitMix64, plan: SinkPlan = DEFAULT_PLAN) -> list[Chord]:
    """The laminar family of regions with their paths: two halves plus nested inner lines."""
    halves = _halves(mesh, rng)
    net = Network(mesh)
    for h in halves:
        path = chord_path(mesh, h)
        if path is None or not net.try_add(path, h):
            raise MeshError("a half is not bounded by a single coast-to-coast line")

    sets = [_connected_sets(mesh, h, plan) for h in halves]
    candidates: dict[frozenset[int], tuple[int, ...]] = {}
    for half_sets in sets:
        for region in half_sets:
            path = chord_path(mesh, region)
            if path is not None:
                candidates[region] = path

    ordered = sorted(candidates, key=lambda r: (len(r), sorted(r)))
    if plan.inland:
        # Inland lines first, each with the headland it waits for, before the other lines
        # take the coast; those then keep clear of them (`Network.try_add`).
        _add_inland(mesh, net, sets, {r: candidates[r] for r in ordered if len(r) == 1},
                    plan, rng)
    passes = [(range(1, 2), plan.small), (range(2, 4), plan.medium),
              (range(4, plan.max_region + 1), plan.big)]
    for sizes, quota in passes:
        pool = [r for r in ordered if len(r) in sizes]
        rng.shuffle(pool)
        if plan.tile and sizes == range(1, 2):
            # Singles in order along the coast: adjacent pairs form Ys, then one space is
            # skipped; this packs the most one-space lines the readable network allows.
            start = rng.random() * 2 * math.pi
            cx, cy = mesh.frame.cx, mesh.frame.cy
            pool.sort(key=lambda r, a=start: (math.atan2(mesh.anchor_f[min(r)][1] - cy,
                                                          mesh.anchor_f[min(r)][0] - cx) - a)
                      % (2 * math.pi))
        # The headlands placed with inland lines count against the one-space quota.
        taken = len({e.wet for e in net.inland}) if sizes == range(1, 2) else 0
        for region in pool:
            if taken >= quota:
                break
            if region in net.lines.values():
                continue
            if net.try_add(candidates[region], region):
                taken += 1
    return [Chord(r, p) for p, r in net.lines.items()] + [e.chord for e in net.inland]


@dataclass(frozen=True)
class _InlandEnd:
    """An inland line's end vertex and the spaces touching it: `inside` (in the region),
    `kept` (on the landward side) and `wet` (the space whose sinking wets it)."""

    chord: Chord
    inside: int
    kept: int
    wet: int


def _add_inland(mesh: Mesh, net: Network, sets: list[list[frozenset[int]]],
                headlands: dict[frozenset[int], tuple[int, ...]], plan: SinkPlan,
                rng: SplitMix64) -> None:
    """Add up to `plan.inland` lines with an inland end to `net.inland`, each with the
    one-space headland line whose sinking wets that end.

    A candidate is a small coastal region R, a coastal space S beside it whose own one-space
    line exists (`headlands`), and R's line once S has sunk (`inland_path`), from the coast to
    a vertex v touching R, S and one landward space K. The island file lists S for that end;
    S's line runs through v (S and R share the border edge there), so the inland line ends
    *on* the line that frees it, and the drawing marks that end with an arrow into S.
    Kept only if the paper and the engine can never disagree:
    - Nothing else wets v first: every region holding K or R's space at v also holds S
      (v gets wet at the same sink) or all of R (nothing is left for the line to sink).
    - Regions stay laminar (R12); no other line touches the inland line but S's line at v.
    Lines added later keep all this: `Network.try_add` checks them against `net.inland`.
    """
    pool: list[tuple[frozenset[int], int, tuple[int, ...]]] = []
    for half_sets in sets:
        for region in half_sets:
            if len(region) > plan.inland_max:
                break  # sorted by size
            beside = set().union(*(mesh.neighbours_f[f] for f in region)) - region
            for wet in sorted(beside):
                if frozenset((wet,)) not in headlands:
                    continue
                path = inland_path(mesh, region, wet)
                if path is not None:
                    pool.append((region, wet, path))
    rng.shuffle(pool)
    for region, wet, path in pool:
        if len(net.inland) >= plan.inland:
            break
        regions = list(net.lines.values()) + [e.chord.region for e in net.inland]
        on_lines = {v for p in net.lines for v in p} | \
            {v for e in net.inland for v in e.chord.path}
        headland = headlands[frozenset((wet,))]
        v = path[-1]
        if on_lines.intersection(path) or set(headland).intersection(path[:-1]):
            continue
        if region in regions or not all(_nest(region, q) for q in regions):
            continue
        (inside,) = mesh.faces_v[v] & region
        (kept,) = mesh.faces_v[v] - region - {wet}
        end = _InlandEnd(Chord(region, path, frozenset((wet,))), inside, kept, wet)
        if not all(_dries_first(end, q) for q in regions) or \
                not all(_dries_first(e, region) for e in net.inland):
            continue
        net.inland.append(end)
        if frozenset((wet,)) not in net.lines.values() and \
                not net.try_add(headland, frozenset((wet,))):
            net.inland.pop()


def _nest(a: frozenset[int], b: frozenset[int]) -> bool:
    """Laminar pair (R12): disjoint, or one inside the other."""
    common = a & b
    return not common or common == a or common == b


def _dries_first(end: _InlandEnd, q: frozenset[int]) -> bool:
    """Sinking region `q` never wets `end` before its listed space does: if q touches the end
    vertex through another space, q also sinks the listed space or the whole region."""
    if end.inside not in q and end.kept not in q:
        return True
    return end.wet in q or end.chord.region <= q

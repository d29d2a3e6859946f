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
- Lines never share a vertex (except the two halves, which share their spokes). So the
  dotted network a player sees has no junction that would offer a path we did not list, and
  the regions are laminar by construction: non-crossing chords of a disk cut nested or
  disjoint pieces.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..rng import SplitMix64
from .cells import CENTRE, COAST, Mesh, MeshError


@dataclass(frozen=True)
class Chord:
    """A region (face indices) and its line as an ordered vertex path, coast to coast."""

    region: frozenset[int]
    path: tuple[int, ...]


def chord_path(mesh: Mesh, region: frozenset[int]) -> tuple[int, ...] | None:
    """The border of `region` with the rest of the land, if it is one coast-to-coast path."""
    if not region or not _connected(mesh, region):
        return None
    adjacent: dict[int, list[int]] = {}
    for f in region:
        for other, (a, b) in mesh.borders_f[f]:
            if other in region or other == COAST:
                continue  # inside the region, or on the coast: not part of the line
            adjacent.setdefault(a, []).append(b)
            adjacent.setdefault(b, []).append(a)
    if not adjacent or any(len(v) > 2 for v in adjacent.values()):
        return None
    ends = [v for v, nb in adjacent.items() if len(nb) == 1]
    if len(ends) != 2:
        return None
    start = min(ends)
    path = [start]
    prev = -1
    while True:
        nxt = [v for v in adjacent[path[-1]] if v != prev]
        if not nxt:
            break
        prev = path[-1]
        path.append(nxt[0])
    if len(path) != len(adjacent):
        return None  # a separate loop: the region wraps something
    coast = mesh.coast_v
    if not (coast[path[0]] and coast[path[-1]]) or any(coast[v] for v in path[1:-1]):
        return None
    return tuple(path)


def _connected(mesh: Mesh, region: frozenset[int]) -> bool:
    start = next(iter(region))
    seen = {start}
    todo = [start]
    while todo:
        f = todo.pop()
        for g in mesh.neighbours_f[f]:
            if g in region and g not in seen:
                seen.add(g)
                todo.append(g)
    return len(seen) == len(region)


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


@dataclass(frozen=True)
class SinkPlan:
    """How many inner lines of each size to aim for; difficulty leans on these."""

    small: int = 6  # 1 space
    medium: int = 4  # 2..3 spaces
    big: int = 3  # 4..max_region spaces
    ring_lines: bool = False  # inner lines may take centre-ring spaces
    max_region: int = 6  # largest inner region considered
    tile: bool = True  # place one-space lines in coast order (more of them) or at random


DEFAULT_PLAN = SinkPlan()


def _edges_of(path: tuple[int, ...]) -> set[tuple[int, int]]:
    return {(min(a, b), max(a, b)) for a, b in zip(path, path[1:], strict=False)}


def region_of_path(mesh: Mesh, path: tuple[int, ...]) -> frozenset[int] | None:
    """The faces a path cuts off from the centre box, if the path bounds exactly them."""
    cut = _edges_of(path)
    n = len(mesh.polygon_f)
    reached = [False] * n
    todo = []
    for f in range(n):
        for other, key in mesh.borders_f[f]:
            if other == CENTRE and key not in cut:
                reached[f] = True
                todo.append(f)
                break
    while todo:
        f = todo.pop()
        for g, key in mesh.borders_f[f]:
            if g >= 0 and not reached[g] and key not in cut:
                reached[g] = True
                todo.append(g)
    region = frozenset(f for f in range(n) if not reached[f])
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
        self.edges: set[tuple[int, int]] = set()
        self.lines: dict[tuple[int, ...], frozenset[int]] = {}
        self._regions: dict[tuple[int, ...], frozenset[int] | None] = {}

    def _paths(self, edges: set[tuple[int, int]], start_path: tuple[int, ...]):
        """All coast-to-coast simple paths in the component holding `start_path`."""
        adj: dict[int, list[int]] = {}
        for a, b in edges:
            adj.setdefault(a, []).append(b)
            adj.setdefault(b, []).append(a)
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
                for u in sorted(adj[v]):
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

    def try_add(self, path: tuple[int, ...]) -> bool:
        """Draw `path` if every line then readable is a laminar, well-formed region."""
        edges = self.edges | _edges_of(path)
        paths, comp = self._paths(edges, path)
        if paths is None:
            return False
        new_lines: dict[tuple[int, ...], frozenset[int]] = {}
        for p in paths:
            if p not in self._regions:
                self._regions[p] = region_of_path(self.mesh, p)
            region = self._regions[p]
            if region is None:
                return False
            new_lines[p] = region
        kept = {p: r for p, r in self.lines.items() if p[0] not in comp}
        regions = list(kept.values())
        for r in new_lines.values():
            if r in regions:
                return False
            for q in regions:
                common = r & q
                if common and common != r and common != q:
                    return False
            regions.append(r)
        self.edges = edges
        kept.update(new_lines)
        self.lines = kept
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
    return sorted(found, key=lambda r: (len(r), sorted(r)))


def make_chords(mesh: Mesh, rng: SplitMix64, plan: SinkPlan = DEFAULT_PLAN) -> list[Chord]:
    """The laminar family of regions with their paths: two halves plus nested inner lines."""
    halves = _halves(mesh, rng)
    net = Network(mesh)
    for h in halves:
        path = chord_path(mesh, h)
        if path is None or not net.try_add(path):
            raise MeshError("a half is not bounded by a single coast-to-coast line")

    candidates: dict[frozenset[int], tuple[int, ...]] = {}
    for h in halves:
        for region in _connected_sets(mesh, h, plan):
            path = chord_path(mesh, region)
            if path is not None:
                candidates[region] = path

    ordered = sorted(candidates, key=lambda r: (len(r), sorted(r)))
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
        taken = 0
        for region in pool:
            if taken >= quota:
                break
            if region in net.lines.values():
                continue
            if net.try_add(candidates[region]):
                taken += 1
    return [Chord(r, p) for p, r in net.lines.items()]

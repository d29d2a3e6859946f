"""One round of Lloyd relaxation, compiled: each site's Voronoi cell, clipped to the land, and
the centroid of what is left.

Why not GEOS: a round through shapely (`voronoi_polygons`, then `intersection` of 36 cells
with the land's 256-vertex coast, then `centroid`) built full overlay geometries only to take
their area and centroid, about 4.5 ms a round. Here no geometry is built:

- A Voronoi cell is convex: the bounding box cut by the bisector half-plane of every other
  site (`voronoi_cell`). 36 sites, so every pair is tried; no triangulation needed.
- The land (any polygon, holes included) is cut by the convex cell with Sutherland-Hodgman,
  one cell edge after another (`clipped_moments`). With a non-convex land the output can run
  back and forth along a cell edge (zero-width spurs, or two pieces joined by a doubled
  edge), but those spurs enclose no area: the shoelace area and first moments of the output
  are exactly those of cell x land, which is all a centroid needs.
- A polygon with holes is its rings' moments added with signs (`relax`), so the centre box's
  hole needs nothing special.

Numba keeps IEEE arithmetic (no fast-math, no reordering), so the same sites give the same
floats on every run and under any `--jobs`. Coordinates are taken relative to each cell's
site before any product, which keeps the shoelace sums small (precision near 1e-13 mm).

Imported by `cells.py` inside `numba_cache_for` (see `sheetgen.cache`).
"""

from __future__ import annotations

import numpy as np
from numba import njit

INSIDE, EMPTY, OUTSIDE = 0, 1, 2  # per site, what `relax` found


@njit(cache=True)
def voronoi_cell(sites: np.ndarray, i: int, box: np.ndarray, out: np.ndarray) -> int:
    """Site i's Voronoi cell within box (x0, y0, x1, y1), counter-clockwise, into out (at least
    len(sites) + 3 rows: each bisector adds at most one vertex to a convex polygon); returns
    its vertex count (0 if nothing is left). Each other site j
    keeps the half-plane p . d <= c, d = s_j - s_i, c = (|s_j|^2 - |s_i|^2) / 2, written relative
    to s_i as q . d <= |d|^2 / 2 with q = p - s_i."""
    n = sites.shape[0]
    sx, sy = sites[i, 0], sites[i, 1]
    a = np.empty((out.shape[0], 2))
    b = np.empty((out.shape[0], 2))
    a[0, 0], a[0, 1] = box[0] - sx, box[1] - sy
    a[1, 0], a[1, 1] = box[2] - sx, box[1] - sy
    a[2, 0], a[2, 1] = box[2] - sx, box[3] - sy
    a[3, 0], a[3, 1] = box[0] - sx, box[3] - sy
    m = 4
    for j in range(n):
        if j == i:
            continue
        dx = sites[j, 0] - sx
        dy = sites[j, 1] - sy
        c = (dx * dx + dy * dy) / 2.0
        if c == 0.0:
            continue  # the same point twice: no bisector
        cut = False
        for k in range(m):
            if a[k, 0] * dx + a[k, 1] * dy > c:
                cut = True
                break
        if not cut:
            continue
        if b.shape[0] < 2 * m:  # a cut keeps a convex cell's vertices and adds one; whatever
            b = np.empty((2 * m, 2))  # rounding does, it emits at most two per vertex
        k_out = 0
        for k in range(m):
            px, py = a[k, 0], a[k, 1]
            qx, qy = a[(k + 1) % m, 0], a[(k + 1) % m, 1]
            fp = px * dx + py * dy - c
            fq = qx * dx + qy * dy - c
            if fp <= 0.0:
                b[k_out, 0], b[k_out, 1] = px, py
                k_out += 1
                if fq > 0.0 and fp < 0.0:
                    t = fp / (fp - fq)
                    b[k_out, 0], b[k_out, 1] = px + (qx - px) * t, py + (qy - py) * t
                    k_out += 1
            elif fq < 0.0:
                t = fp / (fp - fq)
                b[k_out, 0], b[k_out, 1] = px + (qx - px) * t, py + (qy - py) * t
                k_out += 1
        m = k_out
        a, b = b, a
        if m < 3:
            return 0
    if m > out.shape[0]:
        raise ValueError("a Voronoi cell has more vertices than sites + 3: not convex")
    for k in range(m):
        out[k, 0] = a[k, 0] + sx
        out[k, 1] = a[k, 1] + sy
    return m


@njit(cache=True)
def clipped_moments(ring: np.ndarray, cell: np.ndarray, m: int, ox: float,
                    oy: float) -> tuple[float, float, float]:
    """Signed area and first moments (about (ox, oy)) of the region a ring bounds (rows
    (x, y), not closed) cut by a convex counter-clockwise cell (its first m rows): the
    ring's orientation gives the sign, as the shoelace formula does. Sutherland-Hodgman with
    each cell edge as a clip line, in the frame of (ox, oy)."""
    n = ring.shape[0]
    a = np.empty((n, 2))
    b = np.empty((2 * n, 2))
    for k in range(n):
        a[k, 0] = ring[k, 0] - ox
        a[k, 1] = ring[k, 1] - oy
    size = n
    for e in range(m):
        if b.shape[0] < 2 * size:  # a pass keeps at most its inside vertices and adds one
            b = np.empty((4 * size, 2))  # point per crossing edge: at most 2 * size in all
        ax, ay = cell[e, 0] - ox, cell[e, 1] - oy
        ex = cell[(e + 1) % m, 0] - ox - ax
        ey = cell[(e + 1) % m, 1] - oy - ay
        k_out = 0
        px, py = a[size - 1, 0], a[size - 1, 1]
        fp = ex * (py - ay) - ey * (px - ax)  # > 0: left of the edge, inside
        for k in range(size):
            qx, qy = a[k, 0], a[k, 1]
            fq = ex * (qy - ay) - ey * (qx - ax)
            if fq >= 0.0:
                if fp < 0.0:
                    t = fp / (fp - fq)
                    b[k_out, 0], b[k_out, 1] = px + (qx - px) * t, py + (qy - py) * t
                    k_out += 1
                b[k_out, 0], b[k_out, 1] = qx, qy
                k_out += 1
            elif fp >= 0.0:
                if fp > 0.0:
                    t = fp / (fp - fq)
                    b[k_out, 0], b[k_out, 1] = px + (qx - px) * t, py + (qy - py) * t
                    k_out += 1
            px, py, fp = qx, qy, fq
        size = k_out
        a, b = b, a
        if size < 3:
            return 0.0, 0.0, 0.0
    area2 = 0.0
    mx = 0.0
    my = 0.0
    for k in range(size):
        px, py = a[k, 0], a[k, 1]
        qx, qy = a[(k + 1) % size, 0], a[(k + 1) % size, 1]
        cross = px * qy - qx * py
        area2 += cross
        mx += (px + qx) * cross
        my += (py + qy) * cross
    return area2 / 2.0, mx / 6.0, my / 6.0


@njit(cache=True)
def contains(rings: np.ndarray, starts: np.ndarray, x: float, y: float) -> bool:
    """Whether (x, y) lies inside the region the rings bound (even-odd rule: an exterior and
    its holes, or several parts), by counting ring crossings of a ray to +x. A point on a
    ring is not inside, as for shapely's `contains_xy` that the GEOS round asked: the
    crossing count alone answers either way there, by the edges' direction (a piece's
    centroid can fall on the land's edge, e.g. midway between two arms of equal area)."""
    inside = False
    for r in range(starts.shape[0] - 1):
        lo, hi = starts[r], starts[r + 1]
        j = hi - 1
        for k in range(lo, hi):
            xk, yk = rings[k, 0], rings[k, 1]
            xj, yj = rings[j, 0], rings[j, 1]
            if (min(xj, xk) <= x <= max(xj, xk) and min(yj, yk) <= y <= max(yj, yk)
                    and (xk - xj) * (y - yj) == (yk - yj) * (x - xj)):
                return False  # on the edge from j to k
            if (yk > y) != (yj > y):
                if x < xk + (y - yk) * (xj - xk) / (yj - yk):
                    inside = not inside
            j = k
    return inside


@njit(cache=True)
def relax(sites: np.ndarray, rings: np.ndarray, starts: np.ndarray, weights: np.ndarray,
          box: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """One Lloyd round: per site, the centroid of its Voronoi cell (within box) cut to the
    region the rings bound (ring r is rows starts[r]:starts[r+1]; weights[r] is +1 for an
    exterior, -1 for a hole). Returns the new sites, a flag per site (INSIDE; EMPTY: the cut
    holds no area, the site stays (a cell inside a hole is the exterior's piece minus the
    hole's, which cancel to a rounding residue of some 1e-16 of them); OUTSIDE: the centroid
    is not in the region, the caller picks a point on the piece), and every cell with its
    vertex count, for the caller's fallback."""
    n = sites.shape[0]
    cells = np.zeros((n, n + 4, 2))
    counts = np.zeros(n, dtype=np.int64)
    new = sites.copy()
    flags = np.zeros(n, dtype=np.int64)
    for i in range(n):
        m = voronoi_cell(sites, i, box, cells[i])
        counts[i] = m
        sx, sy = sites[i, 0], sites[i, 1]
        area = 0.0
        mx = 0.0
        my = 0.0
        gross = 0.0  # the rings' areas in the cell, without signs
        if m >= 3:
            for r in range(starts.shape[0] - 1):
                ra, rx, ry = clipped_moments(rings[starts[r]:starts[r + 1]], cells[i], m,
                                             sx, sy)
                area += weights[r] * ra
                mx += weights[r] * rx
                my += weights[r] * ry
                gross += abs(ra)
        if not area > 1e-12 * gross:  # a cell inside a hole leaves rounding, not land
            flags[i] = EMPTY
            continue
        cx = sx + mx / area
        cy = sy + my / area
        new[i, 0], new[i, 1] = cx, cy
        if not contains(rings, starts, cx, cy):
            flags[i] = OUTSIDE
    return new, flags, cells, counts


@njit(cache=True)
def best_candidates(candidates: np.ndarray) -> np.ndarray:
    """Best-candidate sampling's choices (`cells._sample_sites`): site 0 is candidates[0, 0];
    site i the first of candidates[i] farthest from sites 0..i-1 (squared distances
    dx * dx + dy * dy, what numpy's square and two-term sum gave; the first of equals, as
    numpy's argmax). candidates is (n, k, 2); returns the (n, 2) sites."""
    n, k = candidates.shape[0], candidates.shape[1]
    sites = np.empty((n, 2))
    sites[0, 0], sites[0, 1] = candidates[0, 0, 0], candidates[0, 0, 1]
    for i in range(1, n):
        best = -1.0
        pick = 0
        for c in range(k):
            cx, cy = candidates[i, c, 0], candidates[i, c, 1]
            near = np.inf
            for j in range(i):
                dx = cx - sites[j, 0]
                dy = cy - sites[j, 1]
                d = dx * dx + dy * dy
                if d < near:
                    near = d
            if near > best:
                best = near
                pick = c
        sites[i, 0], sites[i, 1] = candidates[i, pick, 0], candidates[i, pick, 1]
    return sites

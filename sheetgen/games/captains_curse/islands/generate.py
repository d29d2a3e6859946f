"""The island generator: a chain of small seeded steps that ends in an island file.

    centre box -> coast -> cells -> sink lines -> symbols -> names -> island dict

Each step draws from its own stream, `SplitMix64.for_step(seed, step, attempt)`. An attempt that
comes out unfit (a cell too small to circle a symbol, a spoke that cannot reach the coast)
is thrown away and the next attempt, whose streams are derived from the same seed, is tried;
so the same seed and parameters always give the same island, and the attempt that produced
it is part of the record.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import shapely
from shapely.geometry import Polygon

from sheetgen.errors import SheetgenError

from ..island import ISLAND_FORMAT
from ..rng import SplitMix64
from .cells import Mesh, MeshError, inscribed_circles, make_mesh, polygons_of
from .coast import make_coast, place_centre
from .filetext import island_yaml  # noqa: F401  (the island file text; importers ask here)
from .names import island_name, place_names
from .params import DEFAULT_PARAMS, DEFAULT_PLAN, IslandParams, SinkPlan
from .sinklines import Chord, make_chords
from .symbols import assign_symbols

GENERATOR_VERSION = "islands/2"
"""Bumped whenever the island produced for some seed changes; printed beside the seed."""

MAX_NAMES = 9
MAX_GEOMETRY_ATTEMPTS = 30


@dataclass(frozen=True)
class Generated:
    """One generated island: the file data plus how it was made."""

    data: dict[str, Any]
    seed: int
    attempt: int
    mesh: Mesh
    plan: SinkPlan


def _pt(p: tuple[float, float]) -> list[float]:
    """A mesh vertex as the file writes it. Mesh coordinates are on the 0.01 mm grid
    (`cells._rings_on_grid`: the double nearest k/100), where `round(v, 2)` gives v itself
    (test_generate checks every k to +-300,000 and every coordinate of generated islands),
    so the vertex is copied, not rounded again (rounding cost 0.7 ms an island)."""
    return [p[0], p[1]]


Meshes = dict[tuple[int, int, IslandParams], Mesh | MeshError]
"""Geometry made for some attempts (`island_geometry`), by (seed, attempt, params), or the
MeshError that attempt raised: see `generate_attempt`'s `meshes`."""


def island_geometry(seed: int, attempt: int, params: IslandParams = DEFAULT_PARAMS) -> Mesh:
    """The centre box, coast and cells of one attempt: the steps no sink plan changes (their
    streams are the seed's and the attempt's alone). Raises MeshError when they are unfit."""
    frame = place_centre(params, SplitMix64.for_step(seed, "centre", attempt))
    coast = make_coast(params, frame, SplitMix64.for_step(seed, "coast", attempt))
    return make_mesh(params, frame, coast, SplitMix64.for_step(seed, "cells", attempt))


def _geometry(seed: int, attempt: int, params: IslandParams, meshes: Meshes | None) -> Mesh:
    if meshes is None:
        return island_geometry(seed, attempt, params)
    key = (seed, attempt, params)
    known = meshes.get(key)
    if known is None:
        try:
            known = island_geometry(seed, attempt, params)
        except MeshError as err:
            known = err
        meshes[key] = known
    if isinstance(known, MeshError):
        raise MeshError(*known.args)
    return known


def generate_attempt(seed: int, attempt: int, params: IslandParams = DEFAULT_PARAMS,
                     plan: SinkPlan = DEFAULT_PLAN, meshes: Meshes | None = None) -> Generated:
    """One attempt; raises MeshError when this attempt's geometry is unfit.

    `meshes`, a dict the caller keeps, holds the geometry of attempts made before for
    another plan (`island_geometry`, about half an island's CPU), so that one seed's islands
    at several difficulties make it once (tools/island_digests.py and its test make 600).
    The mesh only remembers answers that depend on it alone (`sinklines.chord_path`,
    `_connected`), so the island is the same either way."""
    mesh = _geometry(seed, attempt, params, meshes)
    chords = make_chords(mesh, SplitMix64.for_step(seed, "lines", attempt), plan)
    halves = sorted(chords, key=lambda c: -len(c.region))[:2]
    symbol_f = assign_symbols(mesh, len(params.symbols), params.per_symbol,
                              [c.region for c in halves], SplitMix64.for_step(seed, "symbols",
                                                                          attempt))
    place_f = _name_places(mesh, chords, SplitMix64.for_step(seed, "names", attempt))
    name = island_name(SplitMix64.for_step(seed, "island-name", attempt))

    ids = [f"s{f + 1:02d}" for f in range(len(mesh.polygon_f))]
    spaces = []
    for f, ring in enumerate(mesh.polygon_f):
        space: dict[str, Any] = {"id": ids[f], "symbol": params.symbols[symbol_f[f]],
                                 "ring": bool(mesh.ring_f[f]),
                                 "polygon": [_pt(p) for p in ring]}
        if f in place_f:
            space["place"] = place_f[f]
        spaces.append(space)
    ordered = sorted(chords, key=lambda c: (len(c.region), min(c.region)))
    lines = []
    for k, chord in enumerate(ordered):
        lines.append({"id": f"L{k + 1:02d}",
                      "region": [ids[f] for f in sorted(chord.region)],
                      "ends": [[], [ids[f] for f in sorted(chord.wet_by)]],
                      "path": [_pt(mesh.vertex_v[v]) for v in chord.path]})
    data = {"format": ISLAND_FORMAT, "name": name, "seed": seed,
            "symbols": list(params.symbols), "spaces": spaces, "sink_lines": lines}
    return Generated(data=data, seed=seed, attempt=attempt, mesh=mesh, plan=plan)


def _name_places(mesh: Mesh, chords: list[Chord], rng: SplitMix64) -> dict[int, str]:
    """Name the inner regions (headlands, bays): one name on the region's most seaward space."""
    fr = mesh.frame
    inner = sorted((c for c in chords if len(c.region) <= 8),
                   key=lambda c: (len(c.region), min(c.region)))
    names = place_names(MAX_NAMES, rng)
    out: dict[int, str] = {}
    for chord in inner:
        if len(out) >= len(names):
            break
        free = [f for f in chord.region if f not in out
                and not any(g in out for g in mesh.neighbours_f[f])]
        if not free:
            continue
        def seaward(f: int) -> tuple[float, int]:
            x, y = mesh.anchor_f[f]
            return (-((x - fr.cx) ** 2 + (y - fr.cy) ** 2), f)
        out[min(free, key=seaward)] = names[len(out)]
    return out


def generate_island(seed: int, params: IslandParams = DEFAULT_PARAMS,
                    plan: SinkPlan = DEFAULT_PLAN, first_attempt: int = 0,
                    meshes: Meshes | None = None) -> Generated:
    """The first fit attempt from `first_attempt` on; a clear error after too many misses.
    `meshes`: see `generate_attempt`."""
    params.check()
    reasons: list[str] = []
    for attempt in range(first_attempt, first_attempt + MAX_GEOMETRY_ATTEMPTS):
        try:
            return generate_attempt(seed, attempt, params, plan, meshes)
        except MeshError as err:
            reasons.append(str(err))
    raise SheetgenError(
        f"no usable island geometry for seed {seed} after {MAX_GEOMETRY_ATTEMPTS} attempts "
        f"(last: {reasons[-1]})",
        hint="try another seed, a larger map or a smaller min_space_width")


def geometry_faults(data: dict[str, Any], min_width: float = 0.0) -> list[str]:
    """Geometric invariants the rules do not check: every fault found, as sentences.

    Polygons valid and non-overlapping, the land one piece whose only hole is the centre,
    each space wide enough to circle a symbol, place names unique.
    """
    faults: list[str] = []
    rings = [s.get("polygon") or [] for s in data["spaces"]]
    if all(len(ring) >= 3 for ring in rings):
        polys = polygons_of(rings)  # the polygons `Polygon(ring)` makes, in one call
    else:
        polys = np.array([Polygon(ring) for ring in rings], dtype=object)
    areas = shapely.area(polys).tolist()
    for s, valid, area in zip(data["spaces"], shapely.is_valid(polys).tolist(), areas,
                              strict=True):
        if not valid or area <= 0:
            faults.append(f"space {s['id']}: polygon is not a simple polygon")
    if faults:
        return faults

    land = shapely.union_all(polys)
    total = sum(areas)
    if abs(land.area - total) > 0.01 * len(polys):
        faults.append(f"spaces overlap by {total - land.area:.2f} mm^2")
    if land.geom_type != "Polygon":
        faults.append("the land is not one piece")
    elif len(land.interiors) != 1:
        faults.append(f"the land has {len(land.interiors)} holes; only the centre is allowed")
    if min_width > 0:
        _, widths = inscribed_circles(polys)
        for s, width in zip(data["spaces"], widths.tolist(), strict=True):
            if width < min_width - 0.05:
                faults.append(f"space {s['id']} is {width:.1f} mm across, under {min_width}")
    places = [s["place"] for s in data["spaces"] if s.get("place")]
    if len(set(places)) != len(places):
        faults.append("a place name is used twice")
    return faults

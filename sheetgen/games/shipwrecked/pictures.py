"""The six die pictures of Shipwrecked!, and how distinct their silhouettes are.

The designer's players wanted pictures on the dice "as long as they were clear enough"
(seeds/shipwrecked.txt line 21): a grabbing hand sees a 12 mm die for a moment, often at an
angle and in poor light, so what must tell the faces apart is the outline alone, not inner
detail. The six were chosen from the bundled icons by their silhouettes: each icon's
outline filled solid, blurred to what a 12 mm face shows (`silhouette`), and compared by
overlap (`overlap`: intersection over union once both are centred). Blob shapes (skull) sit
beside thin spiky ones (anchor, palm), a wide one (crab) beside tall ones (ship).
"""

from __future__ import annotations

from functools import cache
from itertools import combinations

from shapely import affinity, union_all
from shapely.geometry import Polygon
from shapely.geometry.base import BaseGeometry

from sheetgen.assets.icons import get_icon

FACE_PICTURES: tuple[str, ...] = ("anchor", "ship", "palm", "crab", "shark", "skull")
"""The picture on faces 1 to 6 (a die labelled with these still reads as 1-6 by the key)."""

SAILOR_DIE_MM = 12.0
CAPTAIN_DIE_MM = 16.0
LABEL_SHARE = 0.84  # a label covers this share of a face: the die's corners are rounded
PICTURE_SHARE = 0.78  # the picture's box inside its label


def _rings(ops: tuple[tuple, ...], steps: int = 8) -> list[list[tuple[float, float]]]:
    """Each subpath of an icon as a polygon ring (curves flattened)."""
    rings: list[list[tuple[float, float]]] = []
    ring: list[tuple[float, float]] = []
    here = (0.0, 0.0)
    for op in ops:
        if op[0] == "M":
            if len(ring) > 2:
                rings.append(ring)
            here = (op[1], op[2])
            ring = [here]
        elif op[0] == "L":
            here = (op[1], op[2])
            ring.append(here)
        elif op[0] == "C":
            (x0, y0), (x1, y1, x2, y2, x3, y3) = here, op[1:]
            for k in range(1, steps + 1):
                t = k / steps
                u = 1 - t
                ring.append((u ** 3 * x0 + 3 * u * u * t * x1 + 3 * u * t * t * x2 + t ** 3 * x3,
                             u ** 3 * y0 + 3 * u * u * t * y1 + 3 * u * t * t * y2 + t ** 3 * y3))
            here = (x3, y3)
    if len(ring) > 2:
        rings.append(ring)
    return rings


@cache
def silhouette(name: str, face_mm: float = SAILOR_DIE_MM) -> BaseGeometry:
    """The icon as it is printed on a die face of `face_mm` (in mm), every hole filled and
    detail finer than 0.3 mm closed (what the eye resolves on a small die), centred on 0."""
    side = face_mm * LABEL_SHARE * PICTURE_SHARE
    parts = [Polygon(r).buffer(0) for r in _rings(get_icon(name).ops)]
    shape = union_all([Polygon(p.exterior) for g in parts
                       for p in getattr(g, "geoms", [g]) if not p.is_empty])
    shape = affinity.scale(shape, side, side, origin=(0, 0))
    shape = shape.buffer(0.3).buffer(-0.3)
    c = shape.centroid
    return affinity.translate(shape, -c.x, -c.y)


def overlap(a: str, b: str, face_mm: float = SAILOR_DIE_MM) -> float:
    """Intersection over union of two silhouettes: 1 is the same outline, 0 disjoint."""
    sa, sb = silhouette(a, face_mm), silhouette(b, face_mm)
    return sa.intersection(sb).area / sa.union(sb).area


def worst_pair(names: tuple[str, ...] = FACE_PICTURES,
               face_mm: float = SAILOR_DIE_MM) -> tuple[float, str, str]:
    """The two most alike silhouettes of a set, with their overlap."""
    return max((overlap(a, b, face_mm), a, b) for a, b in combinations(names, 2))

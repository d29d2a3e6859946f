"""Checks of the page's geometry: its boxes, its size against the paper, and bleed at the
cuts (measured on the rendered page: where art reaches a cut edge, it must go on 3 mm)."""

from __future__ import annotations

import math
from collections.abc import Iterator
from typing import Any

from sheetgen.canvas import MM
from sheetgen.canvas.pieces import BLEED, HOME_PAPERS_MM
from sheetgen.canvas.pieces import home_paper as paper_of
from sheetgen.preflight.model import Finding, PageInfo, mm
from sheetgen.preflight.raster import Raster

TOLERANCE = 0.01 * MM

def _inside(inner, outer) -> bool:
    return (inner[0] >= outer[0] - TOLERANCE and inner[1] >= outer[1] - TOLERANCE
            and inner[2] <= outer[2] + TOLERANCE and inner[3] <= outer[3] + TOLERANCE)


def check_boxes(page: PageInfo) -> Iterator[Finding]:
    if not page.has_trim:
        yield Finding("boxes", page.number, None, "no TrimBox: a print shop cannot tell "
                      "where the page is cut")
    if not page.has_bleed:
        yield Finding("boxes", page.number, None, "no BleedBox")
    if not _inside(page.trim, page.bleed):
        yield Finding("boxes", page.number, None, "the TrimBox is not inside the BleedBox")
    if not _inside(page.bleed, page.media):
        yield Finding("boxes", page.number, None, "the BleedBox is not inside the MediaBox")
    for i, piece in enumerate(page.plan.pieces, 1):
        if not _inside(piece.trim, piece.bleed) or not _inside(piece.bleed, page.media):
            yield Finding("boxes", page.number, i, "the piece's bleed does not hold its trim "
                          "or leaves the sheet")


def check_page_size(page: PageInfo) -> Iterator[Finding]:
    """A home sheet is exactly its paper; a page a few mm off a paper size is a home page
    with bleed or marks left on, which a print dialog set to "fit" shrinks."""
    x0, y0, x1, y1 = page.media
    w, h = x1 - x0, y1 - y0
    exact = paper_of(w, h)
    if page.plan.kind == "home":
        want = page.plan.paper
        if want and want in HOME_PAPERS_MM:
            pw, ph = sorted(HOME_PAPERS_MM[want])
            short, long = sorted((w / MM, h / MM))
            if abs(short - pw) > 0.05 or abs(long - ph) > 0.05:
                yield Finding("page-size", page.number, None,
                              f"{w / MM:.1f} x {h / MM:.1f} mm is not the paper "
                              f"({want}, {pw:g} x {ph:g} mm): a print dialog set to fit "
                              f"scales it by {min(pw / short, ph / long):.3f}")
        elif exact is None:
            near = paper_of(w, h, slack_mm=15.0)
            yield Finding("page-size", page.number, None,
                          f"{w / MM:.1f} x {h / MM:.1f} mm is a home sheet but no paper size"
                          + (f" (near {near})" if near else ""))
    elif not page.planned and exact is None and paper_of(w, h, slack_mm=15.0):
        yield Finding("page-size", page.number, None,
                      f"{w / MM:.1f} x {h / MM:.1f} mm is a few mm off "
                      f"{paper_of(w, h, slack_mm=15.0)}: printed at home it is scaled")


BLEED_SLACK = 0.2 * MM
"""What the bleed check forgives along a straight cut: a little over one pixel of the 150 dpi
raster (0.17 mm). It was 0.3 mm, which let 2.7 mm of bleed pass (Voodoo cards on Letter,
since given 3 mm)."""
ROUND_SLACK = 0.3 * MM
"""Along a round cut the samples run diagonally through the pixel grid, where a pixel's
centre may lie 0.7 pixel from the point sampled: 3 mm discs measure 2.8 mm at some angles."""


def check_bleed(page: PageInfo, raster: Raster) -> Iterator[Finding]:
    """Along each cut edge (not shared with a neighbour), every 1 mm: if there is ink just
    inside the trim, there must be ink 3 mm outside it (less BLEED_SLACK for the pixel
    grid). Each edge's samples are read at once (`Raster.ink_at`); how far the ink goes is
    walked pixel by pixel only where it falls short."""
    import numpy as np

    height, width = raster.pixels.shape[:2]
    inked = raster.inked
    step = 1.0 * MM
    inset = 0.4 * MM
    reach = BLEED - BLEED_SLACK
    round_reach = BLEED - ROUND_SLACK

    def ink_at(x: float, y: float) -> bool | None:
        px, py = raster.px(x, y)
        ix, iy = int(px), int(py)
        if not (0 <= ix < width and 0 <= iy < height):
            return None
        return inked(ix, iy)

    def extent(x: float, y: float, dx: float, dy: float) -> float:
        """How far ink goes from (x, y) in direction (dx, dy), points."""
        d = 0.0
        while d < BLEED + 1 * MM:
            if not ink_at(x + dx * d, y + dy * d):
                return d
            d += 0.1 * MM
        return d

    def shortest(xs: Any, ys: Any, dx: Any, dy: Any, inner: tuple[Any, Any],
                 outer: tuple[Any, Any]) -> float | None:
        """The least extent from the points (xs, ys) on the cut, in directions (dx, dy), of
        those whose `inner` point (within the cut) is inked and whose `outer` point (beyond
        it) is not (paper, or off the page: no bleed either way). Arrays of float64, dx and
        dy numbers for a straight cut."""
        short = (raster.ink_at(*inner) == 1) & (raster.ink_at(*outer) != 1)
        dxs, dys = np.broadcast_to(dx, xs.shape), np.broadcast_to(dy, xs.shape)
        got = [extent(float(xs[k]), float(ys[k]), float(dxs[k]), float(dys[k]))
               for k in short.nonzero()[0]]
        return min(got) if got else None

    for i, piece in enumerate(page.plan.pieces, 1):
        tx0, ty0, tx1, ty1 = piece.trim
        if piece.shape == "circle":
            cx, cy = (tx0 + tx1) / 2, (ty0 + ty1) / 2
            r = min(tx1 - tx0, ty1 - ty0) / 2
            n = max(8, int(2 * math.pi * r / step))
            dx = np.array([math.cos(2 * math.pi * k / n) for k in range(n)])
            dy = np.array([math.sin(2 * math.pi * k / n) for k in range(n)])
            worst = shortest(cx + dx * r, cy + dy * r, dx, dy,
                             (cx + dx * (r - inset), cy + dy * (r - inset)),
                             (cx + dx * (r + round_reach), cy + dy * (r + round_reach)))
            if worst is not None:
                yield Finding("bleed", page.number, i,
                              f"art reaches the round cut but goes on only {mm(worst)} past "
                              f"it (needs {mm(BLEED)})")
            continue
        edges = (("left", -1, 0), ("bottom", 0, -1), ("right", 1, 0), ("top", 0, 1))
        for (name, dx, dy), cut, shared in zip(edges, piece.cut, piece.shared, strict=True):
            if not cut or shared:
                continue
            if dx:
                n = max(1, int((ty1 - ty0 - 2 * MM) / step))
                ys = ty0 + MM + np.arange(n + 1, dtype=np.float64) * (ty1 - ty0 - 2 * MM) / n
                xs = np.full(n + 1, tx0 if dx < 0 else tx1, dtype=np.float64)
            else:
                n = max(1, int((tx1 - tx0 - 2 * MM) / step))
                xs = tx0 + MM + np.arange(n + 1, dtype=np.float64) * (tx1 - tx0 - 2 * MM) / n
                ys = np.full(n + 1, ty0 if dy < 0 else ty1, dtype=np.float64)
            worst = shortest(xs, ys, dx, dy, (xs - dx * inset, ys - dy * inset),
                             (xs + dx * reach, ys + dy * reach))
            if worst is not None:
                yield Finding("bleed", page.number, i,
                              f"art reaches the {name} cut but goes on only {mm(worst)} past "
                              f"it (needs {mm(BLEED)})")

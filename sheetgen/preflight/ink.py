"""Checks of where ink lands and how thin it gets: the home printer's margin (measured on
the rendered page, so crop marks, fills and text all count) and hairlines."""

from __future__ import annotations

from collections.abc import Iterator

from sheetgen.canvas import MM
from sheetgen.preflight.model import Finding, PageInfo, mm
from sheetgen.preflight.raster import Raster

HAIRLINE = 0.25
"""Thinnest stroke, points: thinner lines break up or vanish on toner and offset alike."""

MARGIN_SLACK = 0.2 * MM
"""One pixel of the 150 dpi raster (0.17 mm): ink this far into the margin is rounding."""


def check_margin(page: PageInfo, raster: Raster) -> Iterator[Finding]:
    """No ink within the plan's margin of any sheet edge (home sheets only)."""
    if page.plan.kind != "home":
        return
    limit = (page.plan.margin - MARGIN_SLACK) * raster.scale
    for edge, gap in raster.edge_gaps(limit).items():  # the edges with ink nearer than limit
        yield Finding("margin", page.number, None,
                      f"ink {mm(gap / raster.scale)} from the {edge} edge of the sheet "
                      f"(home printers leave {mm(page.plan.margin)} unprinted)")


def check_hairlines(page: PageInfo) -> Iterator[Finding]:
    thin = [p for p in page.content.paths if p.stroke and p.visible is not None
            and p.width < HAIRLINE - 1e-3]
    if thin:
        worst = min(p.width for p in thin)
        yield Finding("hairlines", page.number, None,
                      f"{len(thin)} stroke(s) thinner than {HAIRLINE} pt (thinnest "
                      f"{worst:.3f} pt)")

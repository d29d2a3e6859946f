"""Duplex order: a file printed double-sided puts page 2k on the back of page 2k-1, so every
front must be on an odd page with its back right after it, and a one-sided page among them
needs a blank back. The page must also say which edge to turn the sheet about."""

from __future__ import annotations

import re
from collections.abc import Iterator

from sheetgen.preflight.model import Finding, PageInfo

FLIP_NOTE = re.compile(r"(long|short)[\s-]+edge", re.IGNORECASE)


def check_duplex(pages: list[PageInfo]) -> Iterator[Finding]:
    sides = [p.plan.side for p in pages]
    if "back" not in sides:
        return
    for k in range(0, len(pages), 2):
        first = pages[k]
        second = pages[k + 1] if k + 1 < len(pages) else None
        a = first.plan.side
        b = second.plan.side if second is not None else None
        if a == "front" and b == "back":
            continue
        if a in ("single", "blank") and b in ("blank", None):
            continue
        if a == "blank" and b in ("single", "front"):
            yield Finding("duplex", first.number, None, "a blank page on an odd page: "
                          "what follows is printed on its back")
            continue
        if a == "back":
            yield Finding("duplex", first.number, None, "a back on an odd page: printed "
                          "duplex it lands on the front of a new sheet, behind nothing")
            continue
        if a == "front":
            yield Finding("duplex", first.number, None, "a front whose back is not the next "
                          f"page (page {first.number + 1} is {b or 'missing'})")
            continue
        # a one-sided page followed by something printed on its back
        yield Finding("duplex", first.number, None,
                      f"a one-sided page on an odd page, followed by a {b}: printed duplex, "
                      f"page {first.number + 1} lands on its back (add a blank page)")
    noted: set[str] = set()
    for page in pages:
        if page.plan.side != "front" or not page.plan.duplex:
            continue
        if page.plan.duplex in noted:
            continue
        match = FLIP_NOTE.search(page.text)
        if match and match.group(1).lower() == page.plan.duplex.split("-")[0]:
            noted.add(page.plan.duplex)
            continue
        yield Finding("duplex", page.number, None,
                      f"the first front for {page.plan.duplex} duplex does not say on the page "
                      f"which edge to flip (\"flip on the {page.plan.duplex.replace('-', ' ')}\")")
        noted.add(page.plan.duplex)

"""The studio's own page "Any layout": open a bundled layout or a file from an allowed
folder, change its variables in a form and see the page re-render, page through its data
rows, see errors and warnings where they arise, download the PDF, a PNG or a TTS deck.

It plugs in like a game's page (sheetgen/studio_contract.py); `preview` does the work.
"""

from __future__ import annotations

from typing import Any

from sheetgen.errors import SheetgenError
from sheetgen.studio_contract import MAX_SEED, Call, Download, Page, Refused, Route, whole

from . import preview as pv


def catalogue(call: Call) -> dict[str, Any]:
    return pv.catalogue()


def open_layout(call: Call) -> dict[str, Any]:
    desk: pv.LayoutDesk = call.state
    ident = call.body.get("layout")
    try:
        return pv.open_layout(desk, ident if isinstance(ident, str) else "")
    except SheetgenError as err:
        # The file's own faults are the answer (shown at their place), not a refusal.
        return {"label": str(ident)[:200], "vars": [], "pages": [], "rows": 0,
                "warnings": [], "errors": pv.faults_of(err), "opened": False}


def render(call: Call) -> dict[str, Any]:
    desk: pv.LayoutDesk = call.state
    if desk.path is None:
        raise Refused("open a layout first", 409)
    values = call.body.get("values", {})
    if not isinstance(values, dict):
        raise Refused("'values' must map variable names to values")
    desk.seed = whole(call.body, "seed", desk.seed, 0, MAX_SEED) or 0
    desk.row = whole(call.body, "row", desk.row, 0, 1_000_000) or 0
    problems = pv.set_values(desk, values)
    return {**pv.preview(desk), "problems": problems}


def download(call: Call) -> Download:
    desk: pv.LayoutDesk = call.state
    if desk.path is None:
        raise Refused("open a layout first", 409)
    what = call.params["what"]
    name = pv.stem(desk)
    if what == "pdf":
        return Download(pv.layout_pdf(desk), "application/pdf", f"{name}.pdf")
    if what == "png":
        return Download(pv.row_png(desk), "image/png", f"{name}-{desk.row + 1}.png")
    if what == "tts":
        return Download(pv.tts_zip(desk), "application/zip", f"{name}-tts.zip")
    raise Refused(f"nothing to download as '{what[:40]}' (pdf, png or tts)", 404)


PAGE = Page(
    title="Any layout",
    summary="Open a layout, change its variables and see it re-render; download PDF, PNG or "
            "a Tabletop Simulator deck",
    new_state=pv.LayoutDesk,
    credit="Layouts drawn by sheetgen's own layout engine, as SVG through the same backend "
           "as the PDF.",
    routes=(
        Route("GET", "catalogue", catalogue),
        Route("POST", "open", open_layout),
        Route("POST", "render", render),
        Route("GET", "download/{what}", download),
    ),
)

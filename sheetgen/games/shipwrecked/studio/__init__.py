"""Shipwrecked! in sheetgen studio: the pad's print options (the game's own `pad_options`,
so the form follows `sheetgen pad shipwrecked`), the pad made as a job with its pages
previewed, and the simulator's figures the rules card prints.
"""

from __future__ import annotations

import base64
from typing import Any

from sheetgen.studio_contract import Call, Download, Page, Refused, Route

from .. import GAME

MAX_PREVIEW = 8


def _option_spec() -> list[dict[str, Any]]:
    return [{"dest": o.dest, "flag": o.flag, "kind": o.kind, "default": o.default,
             "help": o.help, "choices": list(o.choices), "low": o.low, "high": o.high}
            for o in GAME.pad_options]


def _values(raw: Any) -> dict[str, Any]:
    """The form's values, checked against the pad options as the command line checks them."""
    if not isinstance(raw, dict):
        raise Refused("'options' maps the pad's options to values")
    out: dict[str, Any] = {}
    for o in GAME.pad_options:
        value = raw.get(o.dest, o.default)
        if value is None or value == "":
            if o.default is None:
                continue
            value = o.default
        if o.kind == "int" and (isinstance(value, bool) or not isinstance(value, int)):
            raise Refused(f"{o.flag} takes a whole number")
        if o.kind == "float":
            if isinstance(value, bool) or not isinstance(value, int | float):
                raise Refused(f"{o.flag} takes a number")
            value = float(value)
        if o.kind == "str" and (not isinstance(value, str) or
                                (o.choices and value not in o.choices)):
            raise Refused(f"{o.flag} takes one of {', '.join(o.choices)}")
        if o.low is not None and value < o.low or o.high is not None and value > o.high:
            raise Refused(f"{o.flag} takes {o.low:g} to {o.high:g}")
        out[o.dest] = value
    return out


def make_pad(report, options: dict[str, Any]) -> dict[str, Any]:
    """A pad job's work (in its own process): the PDF and PNG previews of its first pages."""
    import pypdfium2 as pdfium

    from ..pad import build_pad

    report(stage="drawing the pad")
    pad = build_pad(**options)
    pdf, pages = pad.pdf, pad.pages
    report(stage="previewing")
    previews = []
    doc = pdfium.PdfDocument(pdf)
    try:
        for index in range(min(len(doc), MAX_PREVIEW)):
            image = doc[index].render(scale=40 / 72.0).to_pil()
            from io import BytesIO

            buf = BytesIO()
            image.convert("RGB").save(buf, format="PNG")
            previews.append(base64.b64encode(buf.getvalue()).decode("ascii"))
    finally:
        doc.close()
    return {"pdf": pdf, "pages": pages, "previews": previews}


def describe(call: Call) -> dict[str, Any]:
    return {"options": _option_spec()}


def figures(call: Call) -> dict[str, Any]:
    """The rules card's figures (a round robin played once per server, seconds)."""
    from ..providers import length, strategy

    return {"length": length(), "strategy": strategy()}


def start_pad(call: Call) -> Any:
    return call.start("pad", make_pad, (_values(call.body.get("options", {})),))


def pad_result(call: Call) -> dict[str, Any]:
    job = call.job("pad")
    if job is None or job.state != "done":
        raise Refused("the pad is not ready", 409)
    return {"pages": job.result["pages"], "previews": job.result["previews"],
            "size": len(job.result["pdf"])}


def download(call: Call) -> Download:
    job = call.job("pad")
    if call.params["what"] != "pad.pdf":
        raise Refused("nothing to download by that name", 404)
    if job is None or job.state != "done":
        raise Refused("the pad is not ready", 409)
    return Download(job.result["pdf"], "application/pdf", "shipwrecked-pad.pdf")


PAGE = Page(
    title="Shipwrecked!",
    summary="Print options for the pad, its pages previewed, and what the simulator "
            "measured",
    credit="Shipwrecked!: figures are games played by sheetgen's simulator (five island "
           "plans, round robin, fixed seed), as the rules card prints them.",
    routes=(
        Route("GET", "info", describe),
        Route("GET", "figures", figures),
        Route("POST", "pad", start_pad),
        Route("GET", "pad", pad_result),
        Route("GET", "download/{what}", download),
    ),
)

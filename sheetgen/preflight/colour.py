"""Colour: the spaces a document paints in fit what it is for, and a file that claims PDF/X
(or declares a press with an output intent) carries what PDF/X asks for.

A home print is RGB (the printer driver separates it). A file for a press is CMYK: no RGB
anywhere, black text and thin lines in black ink alone (four-colour black smears when the
plates are a hair out of register), and, as PDF/X, an output intent naming the press with
its ICC profile (required for X-4; X-1a may name a condition registered with the ICC
instead), the version in the document information (and X-4's XMP), /Trapped set, a
TrimBox on every page, and for X-1a no transparency.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from sheetgen.preflight.model import Finding, PageInfo

RGB_SPACES = {"DeviceRGB", "ICCBasedRGB", "CalRGB"}
RICH_BLACK_K = 0.9
THIN = 1.0
"""Lines thinner than this (points) are "thin": in black they must be black ink alone."""


def pdfx_version(reader: Any) -> str | None:
    info = reader.trailer.get("/Info")
    info = info.get_object() if info is not None else {}
    version = info.get("/GTS_PDFXVersion")
    return str(version) if version is not None else None


def output_intents(reader: Any) -> list[Any]:
    root = reader.trailer["/Root"]
    intents = root.get("/OutputIntents") or []
    return [i.get_object() for i in intents]


def press_intent(reader: Any) -> Any | None:
    for intent in output_intents(reader):
        if intent.get("/S") == "/GTS_PDFX":
            return intent
    return None


def _rich_black(color: tuple[float, ...]) -> bool:
    if len(color) != 4:
        return False
    c, m, y, k = color
    return k >= RICH_BLACK_K and (c + m + y) > 0.01


def check_colour(pages: list[PageInfo], reader: Any) -> Iterator[Finding]:
    press = press_intent(reader) is not None or pdfx_version(reader) is not None
    if not press:
        return
    for page in pages:
        rgb = sorted(page.content.spaces & RGB_SPACES)
        if rgb:
            yield Finding("colour", page.number, None, f"paints in {', '.join(rgb)} in a file "
                          "for a press (CMYK only)")
        rich = [t for t in page.content.texts if t.space == "DeviceCMYK" and
                _rich_black(t.color)]
        if rich:
            c, m, y, k = rich[0].color
            yield Finding("colour", page.number, None,
                          f"{len(rich)} text run(s) in four-colour black "
                          f"({c:.2f}/{m:.2f}/{y:.2f}/{k:.2f}; black text is 0/0/0/1)")
        lines = [p for p in page.content.paths if p.stroke and p.width < THIN
                 and p.space == "DeviceCMYK" and _rich_black(p.color)]
        if lines:
            yield Finding("colour", page.number, None,
                          f"{len(lines)} thin line(s) in four-colour black (black ink alone)")


def check_pdfx(pages: list[PageInfo], reader: Any, header: str) -> Iterator[Finding]:
    version = pdfx_version(reader)
    intent = press_intent(reader)
    if version is None and intent is None:
        return
    if version is None:
        yield Finding("pdfx", None, None, "declares a press (a GTS_PDFX output intent) but "
                      "is not PDF/X: no GTS_PDFXVersion in the document information")
        return
    if intent is None:
        yield Finding("pdfx", None, None, f"claims {version} but has no GTS_PDFX output "
                      "intent")
        return
    x4 = version.startswith("PDF/X-4")
    x1a = version.startswith("PDF/X-1a")
    if not (x4 or x1a):
        yield Finding("pdfx", None, None, f"{version}: preflight knows PDF/X-1a and PDF/X-4")
        return
    profile = intent.get("/DestOutputProfile")
    if profile is None:
        if x4:
            yield Finding("pdfx", None, None, "PDF/X-4 needs the press's ICC profile embedded "
                          "(/DestOutputProfile)")
        elif not intent.get("/RegistryName"):
            yield Finding("pdfx", None, None, "no ICC profile and no registered output "
                          "condition (/RegistryName)")
    else:
        profile = profile.get_object()
        data = profile.get_data()
        if int(profile.get("/N", 0)) != 4 or data[36:40] != b"acsp" or data[16:20] != b"CMYK":
            yield Finding("pdfx", None, None, "the output intent's profile is not a CMYK ICC "
                          "profile")
        elif data[12:16] != b"prtr":
            yield Finding("pdfx", None, None, "the output intent's profile is not an output "
                          "(printer) profile")
    if not intent.get("/OutputConditionIdentifier"):
        yield Finding("pdfx", None, None, "the output intent has no OutputConditionIdentifier")
    info = reader.trailer.get("/Info")
    info = info.get_object() if info is not None else {}
    if str(info.get("/Trapped", "")) not in ("/True", "/False"):
        yield Finding("pdfx", None, None, "/Trapped is not /True or /False in the document "
                      "information")
    if "/ID" not in reader.trailer:
        yield Finding("pdfx", None, None, "no /ID in the trailer")
    if reader.is_encrypted:
        yield Finding("pdfx", None, None, "encrypted")
    top = "1.4" if x1a else "1.6"
    if header > top:
        yield Finding("pdfx", None, None, f"PDF {header}: {version} allows up to {top}")
    if x4:
        meta = reader.trailer["/Root"].get("/Metadata")
        xmp = meta.get_object().get_data() if meta is not None else b""
        if b"GTS_PDFXVersion" not in xmp:
            yield Finding("pdfx", None, None, "PDF/X-4 needs XMP metadata with "
                          "pdfxid:GTS_PDFXVersion")
    for page in pages:
        if not page.has_trim:
            yield Finding("pdfx", page.number, None, "no TrimBox")
        if x1a and page.content.alpha:
            yield Finding("pdfx", page.number, None, "transparency (PDF/X-1a has none)")

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

import html
import io
import re
from collections.abc import Iterator
from datetime import datetime, timedelta, timezone
from typing import Any

from sheetgen.preflight.model import Finding, PageInfo

RGB_SPACES = {"DeviceRGB", "ICCBasedRGB", "CalRGB", "IndexedDeviceRGB", "IndexedICCBasedRGB",
              "IndexedCalRGB"}
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
                 and p.stroke_space == "DeviceCMYK" and _rich_black(p.stroke_color)]
        if lines:
            yield Finding("colour", page.number, None,
                          f"{len(lines)} thin line(s) in four-colour black (black ink alone)")


X1A_SPACES = ("DeviceCMYK", "DeviceGray", "Separation", "DeviceN", "Pattern")
"""What PDF/X-1a paints in (and Indexed palettes of these): no RGB, no ICC-based or Lab."""


def _info(reader: Any) -> Any:
    info = reader.trailer.get("/Info")
    return info.get_object() if info is not None else {}


def _xmp(reader: Any) -> str:
    meta = reader.trailer["/Root"].get("/Metadata")
    if meta is None:
        return ""
    return meta.get_object().get_data().decode("utf-8", "replace")


def _xmp_value(xmp: str, name: str) -> str | None:
    """A simple XMP property, written as an element or as an attribute."""
    match = (re.search(rf"<{name}>\s*([^<]*?)\s*</{name}>", xmp)
             or re.search(rf'{name}="([^"]*)"', xmp))
    return match.group(1) if match else None


def _pdf_date(text: str) -> datetime | None:
    """A PDF date (D:YYYYMMDDHHmmSS+hh'mm' or Z) as an aware datetime."""
    m = re.match(r"D:(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})"
                 r"(?:(Z)|([+-])(\d{2})'?(\d{2})'?)?", text)
    if not m:
        return None
    y, mo, d, h, mi, sec, zulu, sign, oh, om = m.groups()
    offset = 0 if zulu or not sign else (1 if sign == "+" else -1) * (int(oh) * 60 + int(om))
    return datetime(int(y), int(mo), int(d), int(h), int(mi), int(sec),
                    tzinfo=timezone(timedelta(minutes=offset)))


def _xmp_date(text: str) -> datetime | None:
    try:
        when = datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        return None
    return when if when.tzinfo else None


def profile_problem(data: bytes) -> str | None:
    """Why `data` is not a usable CMYK output profile (littleCMS opens it and builds a
    transform from sRGB to it), or None."""
    from PIL import ImageCms

    if data[36:40] != b"acsp":
        return "is not an ICC profile (no 'acsp' signature)"
    try:
        profile = ImageCms.ImageCmsProfile(io.BytesIO(data))
    except (OSError, ImageCms.PyCMSError) as err:
        return f"cannot be read by littleCMS ({err})"
    if profile.profile.xcolor_space.strip() != "CMYK":
        return f"is a {profile.profile.xcolor_space.strip()} profile, not CMYK"
    if profile.profile.device_class.strip() != "prtr":
        return "is not an output (printer) profile"
    try:
        ImageCms.buildTransform(ImageCms.createProfile("sRGB"), profile, "RGB", "CMYK")
    except ImageCms.PyCMSError as err:
        return f"cannot convert colours (littleCMS: {err})"
    return None


def pdfx_kind(info: Any) -> str | None:
    """'x4' or 'x1a' from the document information, or None for a version preflight does
    not know. PDF/X-1a:2003 writes GTS_PDFXVersion (PDF/X-1:2003) and GTS_PDFXConformance
    (PDF/X-1a:2003); the 2001 edition wrote PDF/X-1a in the version itself."""
    version = str(info.get("/GTS_PDFXVersion", ""))
    conformance = str(info.get("/GTS_PDFXConformance", ""))
    if version.startswith("PDF/X-4"):
        return "x4"
    if version.startswith("PDF/X-1a") or (version.startswith("PDF/X-1:")
                                          and conformance.startswith("PDF/X-1a")):
        return "x1a"
    return None


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
    info = _info(reader)
    kind = pdfx_kind(info)
    if kind is None:
        yield Finding("pdfx", None, None, f"{version}: preflight knows PDF/X-1a and PDF/X-4 "
                      "(X-1a:2003 is GTS_PDFXVersion PDF/X-1:2003 with GTS_PDFXConformance "
                      "PDF/X-1a:2003)")
        return
    x4, x1a = kind == "x4", kind == "x1a"
    yield from _check_intent(intent, x4)
    yield from _check_info(reader, info, version, x4)
    top = "1.4" if x1a else "1.6"
    if header > top:
        yield Finding("pdfx", None, None, f"PDF {header}: {version} allows up to {top}")
    for page in pages:
        if not page.has_trim:
            yield Finding("pdfx", page.number, None, "no TrimBox")
        if x1a and page.content.alpha:
            yield Finding("pdfx", page.number, None, "transparency (PDF/X-1a has none)")
        if x1a:
            bad = sorted(s for s in page.content.spaces
                         if s.removeprefix("Indexed") not in X1A_SPACES)
            if bad:
                yield Finding("pdfx", page.number, None, f"paints in {', '.join(bad)} "
                              "(PDF/X-1a: CMYK, grey, spot colours only)")


def _check_intent(intent: Any, x4: bool) -> Iterator[Finding]:
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
        problem = profile_problem(profile.get_data())
        if problem is None and int(profile.get("/N", 0)) != 4:
            problem = f"is declared with /N {profile.get('/N')} (a CMYK profile has 4)"
        if problem:
            yield Finding("pdfx", None, None, f"the output intent's profile {problem}")
    if not intent.get("/OutputConditionIdentifier"):
        yield Finding("pdfx", None, None, "the output intent has no OutputConditionIdentifier")


def _check_info(reader: Any, info: Any, version: str, x4: bool) -> Iterator[Finding]:
    trapped = str(info.get("/Trapped", ""))
    if trapped not in ("/True", "/False"):
        yield Finding("pdfx", None, None, "/Trapped is not /True or /False in the document "
                      "information")
    for key in ("/CreationDate", "/ModDate"):
        if _pdf_date(str(info.get(key, ""))) is None:
            yield Finding("pdfx", None, None, f"no valid {key[1:]} in the document information")
    if not str(info.get("/Title", "")).strip():
        yield Finding("pdfx", None, None, "no Title in the document information")
    if "/ID" not in reader.trailer:
        yield Finding("pdfx", None, None, "no /ID in the trailer")
    if reader.is_encrypted:
        yield Finding("pdfx", None, None, "encrypted")
    xmp = _xmp(reader)
    if not xmp:
        if x4:
            yield Finding("pdfx", None, None, "PDF/X-4 needs XMP metadata with "
                          "pdfxid:GTS_PDFXVersion")
        return
    said = _xmp_value(xmp, "pdfxid:GTS_PDFXVersion")
    if said is None and x4:
        yield Finding("pdfx", None, None, "PDF/X-4 needs pdfxid:GTS_PDFXVersion in its XMP")
    elif said is not None and said != version:
        yield Finding("pdfx", None, None, f"the XMP says {said}, the document information "
                      f"{version}")
    for key, name in (("/CreationDate", "xmp:CreateDate"), ("/ModDate", "xmp:ModifyDate")):
        theirs = _xmp_value(xmp, name)
        ours = _pdf_date(str(info.get(key, "")))
        if theirs is None:
            if x4:
                yield Finding("pdfx", None, None, f"no {name} in the XMP")
            continue
        when = _xmp_date(theirs)
        if when is None or ours is None or when != ours:
            yield Finding("pdfx", None, None, f"{name} {theirs} in the XMP is not "
                          f"{key[1:]} {info.get(key)} of the document information")
    xmp_trapped = _xmp_value(xmp, "pdf:Trapped")
    if xmp_trapped is not None and f"/{xmp_trapped}" != trapped:
        yield Finding("pdfx", None, None, f"pdf:Trapped {xmp_trapped} in the XMP is not "
                      f"{trapped} of the document information")
    match = re.search(r"<dc:title>.*?<rdf:li[^>]*>([^<]*)</rdf:li>", xmp, re.S)
    title = match.group(1) if match else None
    if title is not None and str(info.get("/Title", "")) != html.unescape(title):
        yield Finding("pdfx", None, None, "the XMP title is not the document information's")

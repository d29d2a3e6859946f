"""What a printed page is for, told by the renderer to the PDF and read back by preflight.

A finished PDF alone does not say which of its rectangles are cut, how far each piece's art
reaches past its cut, or whether the sheet goes through a home printer (which cannot print
its outer 5 mm) or to a print shop (which trims the sheet). The composer knows all of it, so
each page carries a `SheetPlan` in its /PieceInfo dictionary (PDF 32000-1, 14.5, "page-piece
dictionaries": private data of the application that wrote the page), which `sheetgen
preflight` checks the drawn page against. A PDF without it (any other program's) is checked
with what its boxes say.

Coordinates are PDF points, y up, like the page boxes.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field

from sheetgen.canvas.protocol import MM

Box = tuple[float, float, float, float]

PIECE_INFO_KEY = "/SheetgenPrepress"
"""The application's key in a page's /PieceInfo."""

SAFE = 3.0 * MM
"""Text keeps this far inside the trim of its piece (a cut may wander by 1-2 mm)."""

BLEED = 3.0 * MM
"""Art that touches a cut edge continues this far past it."""

HOME_MARGIN = 5.0 * MM
"""A home printer leaves this much of every sheet edge unprinted (most print 3-4.2 mm; 5 mm
is safe on all we know of), so all ink on a home sheet stays this far inside."""

KINDS = ("home", "shop")
"""home: printed at home on a sheet of standard paper (the page is exactly the paper, all
ink inside the printer margin). shop: a page for a print shop, which prints bigger sheets
and trims them (the page is the piece, with its bleed and marks around it)."""

SIDES = ("single", "front", "back", "blank")

HOME_PAPERS_MM: dict[str, tuple[float, float]] = {
    "a4": (210.0, 297.0), "letter": (215.9, 279.4), "legal": (215.9, 355.6),
    "a5": (148.0, 210.0), "a3": (297.0, 420.0),
}
"""Papers that go through home and office printers: what is printed on them is a home
sheet (exactly the paper, all ink inside the printer margin)."""


def home_paper(width: float, height: float, slack_mm: float = 0.0) -> str | None:
    """The home paper a page of this size (points, either orientation) is, or is within
    `slack_mm` of."""
    w, h = sorted((width / MM, height / MM))
    for name, (pw, ph) in HOME_PAPERS_MM.items():
        if abs(w - pw) <= slack_mm + 0.05 and abs(h - ph) <= slack_mm + 0.05:
            return name
    return None


@dataclass(frozen=True)
class Piece:
    """One rectangle cut out of the sheet (or the sheet itself, when nothing is cut)."""

    trim: Box
    bleed: Box
    """How far the piece's art reaches (its clip); beyond the trim on cut edges."""
    cut: tuple[bool, bool, bool, bool] = (True, True, True, True)
    """Which edges (left, bottom, right, top) are cut."""
    shared: tuple[bool, bool, bool, bool] = (False, False, False, False)
    """Edges cut together with a neighbour's (no gap): one cut separates both pieces, so
    neither needs bleed there."""
    safe: float = SAFE
    name: str = ""
    shape: str = "rect"
    """rect, rounded or circle: a circle is cut along its outline, not its box."""


@dataclass(frozen=True)
class SheetPlan:
    kind: str
    pieces: tuple[Piece, ...] = ()
    side: str = "single"
    duplex: str | None = None
    """"long-edge" or "short-edge" on a page with a back (or a back)."""
    paper: str | None = None
    margin: float = HOME_MARGIN
    extra: dict = field(default_factory=dict)

    def to_json(self) -> str:
        data = asdict(self)
        data["pieces"] = [
            {**p, "trim": [round(v, 3) for v in p["trim"]],
             "bleed": [round(v, 3) for v in p["bleed"]]} for p in data["pieces"]]
        return json.dumps(data, sort_keys=True, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str) -> SheetPlan:
        data = json.loads(text)
        pieces = tuple(Piece(trim=tuple(p["trim"]), bleed=tuple(p["bleed"]),
                             cut=tuple(p.get("cut", (True,) * 4)),
                             shared=tuple(p.get("shared", (False,) * 4)),
                             safe=float(p.get("safe", SAFE)), name=p.get("name", ""),
                             shape=p.get("shape", "rect"))
                       for p in data.get("pieces", ()))
        kind = data.get("kind")
        if kind not in KINDS:
            raise ValueError(f"unknown sheet kind {kind!r}")
        side = data.get("side", "single")
        if side not in SIDES:
            raise ValueError(f"unknown side {side!r}")
        return cls(kind=kind, pieces=pieces, side=side, duplex=data.get("duplex"),
                   paper=data.get("paper"), margin=float(data.get("margin", HOME_MARGIN)),
                   extra=dict(data.get("extra", {})))

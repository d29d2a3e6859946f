"""What preflight reads a PDF into (pages with their plans and measured content) and what it
says about it (findings, per check, page and piece)."""

from __future__ import annotations

from dataclasses import dataclass, field

from sheetgen.canvas import MM
from sheetgen.canvas.pieces import Box, Piece, SheetPlan
from sheetgen.preflight.content import PageContent

CHECKS: dict[str, str] = {
    "boxes": "TrimBox and BleedBox present, trim inside bleed inside media",
    "page-size": "home sheets are exactly their paper",
    "bleed": "art that reaches a cut edge goes 3 mm past it",
    "margin": "home sheets: all ink and marks 5 mm inside the sheet edge",
    "safe-zone": "text 3 mm inside the trim of its piece",
    "text-size": "no text smaller than 6 pt",
    "contrast": "text against what is under it: 4.5:1 below 14 pt, 3:1 above",
    "hairlines": "no stroke thinner than 0.25 pt",
    "fonts": "every font embedded",
    "duplex": "fronts on odd pages, each back right after its front, a flip note",
    "colour": "colour spaces fit the document's intent (RGB for home, CMYK for PDF/X)",
    "pdfx": "PDF/X conformance markers, when the file claims PDF/X or an output intent",
}
"""Every check, in report order, with the one line that says what it wants."""


@dataclass(frozen=True)
class Finding:
    check: str
    page: int | None
    """1-based; None for the document."""
    piece: int | None
    """1-based index into the page's pieces; None for the page."""
    message: str

    def where(self) -> str:
        if self.page is None:
            return "document"
        return f"page {self.page}" + (f", piece {self.piece}" if self.piece else "")


@dataclass
class PageInfo:
    index: int
    media: Box
    trim: Box
    bleed: Box
    has_trim: bool
    has_bleed: bool
    plan: SheetPlan
    planned: bool
    """The plan was written by sheetgen (else it is guessed from the boxes)."""
    content: PageContent
    text: str = ""

    @property
    def number(self) -> int:
        return self.index + 1

    def piece_at(self, box: Box) -> tuple[int, Piece] | None:
        """The piece (1-based index) whose bleed holds the centre of `box`."""
        cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
        for i, p in enumerate(self.plan.pieces, 1):
            b = p.bleed
            if b[0] <= cx <= b[2] and b[1] <= cy <= b[3]:
                return i, p
        return None


@dataclass
class Report:
    path: str
    pages: list[PageInfo]
    findings: list[Finding] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.findings

    def failed(self) -> set[str]:
        return {f.check for f in self.findings}

    def text(self, limit: int = 5) -> str:
        """The report people read: one line per check, then up to `limit` findings per
        check and page (the rest counted)."""
        pieces = sum(len(p.plan.pieces) for p in self.pages)
        lines = [f"preflight {self.path}: {len(self.pages)} page(s), {pieces} piece(s)"]
        lines += [f"  {note}" for note in self.notes]
        for check, wants in CHECKS.items():
            found = [f for f in self.findings if f.check == check]
            if not found:
                lines.append(f"  ok    {check:<10} {wants}")
                continue
            pages = sorted({f.page or 0 for f in found})
            lines.append(f"  FAIL  {check:<10} {wants}: {len(found)} finding(s) on "
                         f"{len(pages)} page(s)")
            per_page: dict[int | None, int] = {}
            for f in found:
                per_page[f.page] = per_page.get(f.page, 0) + 1
                if per_page[f.page] <= limit:
                    lines.append(f"          {f.where()}: {f.message}")
            for page, n in per_page.items():
                if n > limit:
                    where = f"page {page}" if page else "document"
                    lines.append(f"          {where}: and {n - limit} more")
        lines.append("result: " + ("pass" if self.ok else
                                   f"FAIL ({len(self.failed())} check(s) failed)"))
        return "\n".join(lines)


def mm(points: float) -> str:
    return f"{points / MM:.1f} mm"

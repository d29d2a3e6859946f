"""docs/gallery.md: a thumbnail of every bundled layout and every game's pad, with the command
that makes it, so a newcomer can look before reading (issue 32).

    python tools/gallery.py            # render the thumbnails and write the page
    python tools/gallery.py --markdown # only the page (cheap: what the test compares)

The page and the thumbnails are made by sheetgen itself: each layout rendered as
`sheetgen render NAME` renders it (its first page), each pad built as `sheetgen pad GAME`
builds it with the options listed; page 1 rasterised to a small PNG (THUMB_WIDTH pixels
wide, 64 colours, no metadata), so the same sheetgen gives the same bytes.
tests/test_gallery.py checks the page against `gallery_markdown()` (every bundled layout and
every game's pad is listed, each thumbnail exists) and that every listed command's layout
loads; it does not re-render the PNGs.
"""

from __future__ import annotations

import argparse
import io
import os
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
THUMBS = DOCS / "gallery"
THUMB_WIDTH = 220

PAD_OPTIONS: dict[str, dict[str, Any]] = {
    # Small, quick pads for a thumbnail; the command shown is the one a person types.
    "captains-curse": {"count": 1, "seed": 7},
}


@dataclass(frozen=True)
class Entry:
    """One gallery row: what it shows, the command that prints it, its thumbnail's file."""

    kind: str  # "layout" or "pad"
    name: str
    summary: str
    command: str
    options: dict[str, Any] = field(default_factory=dict)

    @property
    def thumb(self) -> str:
        return f"{self.kind}-{self.name.replace('/', '--')}.png"


def entries() -> list[Entry]:
    """Every bundled layout (as `sheetgen list` names it) and every game with a pad."""
    from sheetgen import registry
    from sheetgen.layout.bundled import bundled_layouts, describe

    out = []
    for name, path in bundled_layouts().items():
        stem = name.replace("/", "-")
        out.append(Entry("layout", name, describe(path),
                         f"sheetgen render {name} -o {stem}.pdf"))
    for game in sorted(registry.games().values(), key=lambda g: g.name):
        if not game.pad:
            continue
        opts = PAD_OPTIONS.get(game.name, {})
        flags = "".join(f" --{k} {v}" for k, v in opts.items())
        out.append(Entry("pad", game.name, game.title,
                         f"sheetgen pad {game.name}{flags} -o {game.name}.pdf", opts))
    return out


def gallery_markdown(items: list[Entry] | None = None) -> str:
    """The page, from the entries alone (no rendering)."""
    items = entries() if items is None else items
    lines = ["# Gallery", "",
             "Every bundled layout and every game's pad, with the command that prints it "
             "(page 1 shown).", "Made by `python tools/gallery.py` with sheetgen itself; "
             "`tests/test_gallery.py` keeps it in step with `sheetgen list`. Add `--paper "
             "letter` for US Letter; `sheetgen vars NAME` lists a layout's `--set` variables.",
             ""]
    for kind, title in (("pad", "Whole games (`sheetgen pad`)"),
                        ("layout", "Layouts (`sheetgen render`)")):
        lines += [f"## {title}", "", "| | what | command |", "|---|---|---|"]
        for e in items:
            if e.kind == kind:
                lines.append(f"| ![{e.name}](gallery/{e.thumb}) | **{e.name}**<br>"
                             f"{e.summary.replace('|', '/')} | `{e.command}` |")
        lines.append("")
    return "\n".join(lines)


def _first_page(entry: Entry) -> bytes:
    if entry.kind == "layout":
        from sheetgen.layout.bundled import find_layout
        from sheetgen.layout.document import RenderOptions, load_layout
        from sheetgen.render.output import render_pdf

        return render_pdf(load_layout(find_layout(entry.name), RenderOptions()))
    from sheetgen import registry

    game = registry.get(entry.name)
    options = {o.dest: o.default for o in game.pad_options}
    options.update(entry.options)
    pad = game.pad_builder()(**options)
    return pad.pdf


def thumbnail(entry: Entry) -> bytes:
    """Page 1 of what the entry's command prints, THUMB_WIDTH pixels wide, as PNG bytes."""
    import pypdfium2 as pdfium
    from PIL import Image

    doc = pdfium.PdfDocument(_first_page(entry))
    try:
        page = doc[0]
        image = page.render(scale=THUMB_WIDTH / page.get_width()).to_pil().convert("RGB")
    finally:
        doc.close()
    buf = io.BytesIO()
    image = image.quantize(colors=64, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    image.save(buf, format="PNG", optimize=True)
    return buf.getvalue()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--markdown", action="store_true", help="write only the page")
    parser.add_argument("--only", default=None, help="render only entries containing this")
    args = parser.parse_args(argv)
    os.environ.pop("SHEETGEN_LAYOUTS", None)  # the bundled ones only
    items = entries()
    if not args.markdown:
        THUMBS.mkdir(parents=True, exist_ok=True)
        for e in items:
            if args.only and args.only not in e.name:
                continue
            (THUMBS / e.thumb).write_bytes(thumbnail(e))
            print(f"{e.thumb}", file=sys.stderr)
    (DOCS / "gallery.md").write_text(gallery_markdown(items) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())

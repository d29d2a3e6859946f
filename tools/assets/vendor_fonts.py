"""Regenerate the bundled fonts in sheetgen/assets/fonts/ from their published sources.

Run from the repository root: `.venv/bin/python tools/assets/vendor_fonts.py [NAME...]`
(only the named faces, default all). Needs `npm`
(to fetch the pinned @fontsource packages), fontTools, brotli (WOFF2 decoding) and
skia-pathops (overlap removal; `.venv/bin/pip install skia-pathops`). The output is committed,
so sheetgen itself never needs npm, brotli, skia-pathops or the network.

Why these steps:
- @fontsource ships Google Fonts' static per-weight instances as WOFF2 subsets; reportlab reads
  only TrueType (glyf) outlines in a .ttf container, so each file is decoded to a plain TTF.
  A variable or CFF font would be refused here rather than produce a file reportlab rejects.
- The static instances carry the variable font's default names ("Source Sans 3 ExtraLight"
  for every weight), so the name table is rewritten. Fonts whose copyright line declares a
  Reserved Font Name (OFL section 3) are published under a sheetgen name, since our files are
  Modified Versions (converted and subset); the others keep their own family name.
- Google's static instances are cut from variable fonts and keep their overlapping contours
  (the "4" of Source Sans Bold is one self-crossing contour). Rasterisers leave hairline seams
  along such overlaps at some resolutions, and the outlines sheetgen draws itself
  (`text_outline`) would carry them too, so the overlaps are merged away here.
- `recalcTimestamp=False` keeps the output byte-identical from one run to the next.
"""

from __future__ import annotations

import hashlib
import subprocess
import sys
import tarfile
import tempfile
from dataclasses import dataclass
from pathlib import Path

from fontTools.ttLib import TTFont
from fontTools.ttLib.removeOverlaps import removeOverlaps

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "sheetgen" / "assets" / "fonts"

# The Google Fonts "latin" subset: Basic Latin, Latin-1, OE/oe, dotless i, the General
# Punctuation block (quotes, dashes, ellipsis, bullet), euro, trademark, minus sign.
REQUIRED = "AZaz09éèàçñöüßÆŒ’‘“”—–…•×−€©°½"


@dataclass(frozen=True)
class Source:
    """One face: where it comes from and what sheetgen calls it."""

    name: str  # sheetgen font name
    family_dir: str  # folder under sheetgen/assets/fonts/
    package: str  # npm package, pinned
    file: str  # path inside the package
    family: str  # family name written into the font
    style: str  # "Regular", "Bold", "Italic"
    weight: int
    required: str = REQUIRED  # characters the face must have
    subset: str = "Latin"  # the Google Fonts subset the file is


SOURCES = [
    Source("display", "display", "@fontsource/pirata-one@5.3.0",
           "files/pirata-one-latin-400-normal.woff2", "Sheetgen Display", "Regular", 400),
    Source("serif", "serif", "@fontsource/alegreya@5.3.0",
           "files/alegreya-latin-400-normal.woff2", "Alegreya", "Regular", 400),
    Source("serif-bold", "serif", "@fontsource/alegreya@5.3.0",
           "files/alegreya-latin-700-normal.woff2", "Alegreya", "Bold", 700),
    Source("serif-italic", "serif", "@fontsource/alegreya@5.3.0",
           "files/alegreya-latin-400-italic.woff2", "Alegreya", "Italic", 400),
    Source("sans", "sans", "@fontsource/source-sans-3@5.3.1",
           "files/source-sans-3-latin-400-normal.woff2", "Sheetgen Sans", "Regular", 400),
    Source("sans-bold", "sans", "@fontsource/source-sans-3@5.3.1",
           "files/source-sans-3-latin-700-normal.woff2", "Sheetgen Sans", "Bold", 700),
    # The fallback for Hebrew letters in any face (sheetgen/assets/fonts.py, FALLBACK).
    Source("hebrew", "hebrew", "@fontsource/noto-sans-hebrew@5.3.0",
           "files/noto-sans-hebrew-hebrew-400-normal.woff2", "Noto Sans Hebrew", "Regular",
           400, required="אבגדהוזחטיכךלמםנןסעפףצץקרשת", subset="Hebrew"),
]

ORIGINAL_FAMILY = {
    "@fontsource/pirata-one@5.3.0": "Pirata One",
    "@fontsource/alegreya@5.3.0": "Alegreya",
    "@fontsource/source-sans-3@5.3.1": "Source Sans 3",
    "@fontsource/noto-sans-hebrew@5.3.0": "Noto Sans Hebrew",
}


def fetch(package: str, workdir: Path) -> Path:
    """`npm pack` one package into workdir and unpack it; returns its package/ folder."""
    target = workdir / package.replace("/", "_").replace("@", "")
    if not target.exists():
        target.mkdir(parents=True)
        out = subprocess.run(["npm", "pack", package, "--silent"], cwd=target, check=True,
                             capture_output=True, text=True).stdout.strip().splitlines()[-1]
        with tarfile.open(target / out) as tar:
            tar.extractall(target, filter="data")
    return target / "package"


def rename(font: TTFont, src: Source) -> None:
    """Write consistent names: family, style, full name, PostScript name, and a note saying
    what this file is derived from."""
    name = font["name"]
    copyright_line = str(name.getName(0, 3, 1, 0x409))
    ps_family = src.family.replace(" ", "")
    full = src.family if src.style == "Regular" else f"{src.family} {src.style}"
    original = ORIGINAL_FAMILY[src.package]
    keep = {0, 3, 5, 7, 8, 9, 11, 12, 13, 14}
    name.names = [r for r in name.names if r.nameID in keep]
    values = {
        1: src.family,
        2: src.style,
        3: f"sheetgen:{ps_family}-{src.style}",
        4: full,
        6: f"{ps_family}-{src.style}",
        10: (f"Modified Version of {original} ({copyright_line}): decoded from the "
             f"Google Fonts WOFF2 {src.subset} subset and renamed for sheetgen, under the SIL "
             "OFL 1.1."),
        16: src.family,
        17: src.style,
    }
    for name_id, value in values.items():
        name.setName(value, name_id, 3, 1, 0x409)
        name.setName(value, name_id, 1, 0, 0)
    os2 = font["OS/2"]
    os2.usWeightClass = src.weight
    # fsSelection: bit 0 italic, bit 5 bold, bit 6 regular; macStyle mirrors the first two.
    italic, bold = src.style == "Italic", src.weight >= 700
    os2.fsSelection = (os2.fsSelection & ~0b1100001) | italic | (bold << 5) | (
        (not italic and not bold) << 6)
    font["head"].macStyle = bold | (italic << 1)


def check(font: TTFont, src: Source) -> None:
    """Refuse what reportlab cannot embed or what sheetgen texts need but the face lacks."""
    if "glyf" not in font or "CFF " in font or "CFF2" in font:
        raise SystemExit(f"{src.file}: not TrueType outlines")
    if "fvar" in font:
        raise SystemExit(f"{src.file}: variable font; instance it per weight first")
    cmap = font.getBestCmap()
    missing = [c for c in src.required if ord(c) not in cmap]
    if missing:
        raise SystemExit(f"{src.file}: missing {''.join(missing)}")


def main() -> int:
    with tempfile.TemporaryDirectory() as tmp:
        workdir = Path(tmp)
        licences: dict[str, Path] = {}
        only = set(sys.argv[1:])  # font names to make (default: all)
        for src in SOURCES:
            if only and src.name not in only:
                continue
            package_dir = fetch(src.package, workdir)
            font = TTFont(package_dir / src.file, recalcTimestamp=False)
            font.flavor = None
            check(font, src)
            removeOverlaps(font)
            rename(font, src)
            dest = OUT / src.family_dir / f"{src.name}.ttf"
            dest.parent.mkdir(parents=True, exist_ok=True)
            font.save(dest)
            licences[src.family_dir] = package_dir / "LICENSE"
            digest = hashlib.sha256(dest.read_bytes()).hexdigest()[:12]
            print(f"{dest.relative_to(ROOT)}  {dest.stat().st_size:>7} bytes  sha256 {digest}")
        for family_dir, licence in licences.items():
            (OUT / family_dir / "OFL.txt").write_text(licence.read_text(encoding="utf-8"),
                                                     encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())

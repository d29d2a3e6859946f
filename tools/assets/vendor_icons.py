"""Regenerate sheetgen/assets/icons/icons.json (and CREDITS.md, CC-BY-3.0.txt) from game-icons.net.

Run from the repository root: `.venv/bin/python tools/assets/vendor_icons.py`. Needs `npm` (to
fetch the pinned packages below) and `svgelements` (`.venv/bin/pip install svgelements`): both
only here, at vendoring time; sheetgen itself reads the committed JSON with no SVG library.

What it does, and why:
- Takes the selected icons' SVG path data from `@iconify-json/game-icons` (one `<path>` per
  icon, 512x512 view box, non-zero fill, CC BY 3.0).
- Converts every segment to absolute M/L/C/Z: lines stay lines, quadratics become the exactly
  equal cubics, elliptical arcs become cubics (svgelements splits each arc into pieces of at
  most 90 degrees, far below print resolution in error). So every backend only needs
  moveTo/lineTo/curveTo/close.
- Fits each icon's outline (all points, control points included, so nothing can leave the
  box) into the unit square, keeping its aspect ratio and centring it. Icons drawn at the same
  size then look the same size whatever padding the artist left around them.
- Rounds to 4 decimals (0.0025 mm at 25 mm) and stores the ops as a compact absolute path
  string per icon.
- The iconify data has no per-icon authors; game-icons.net's own repository files each icon
  under its author's folder (lorc/anchor.svg, delapouite/...). AUTHORS below was read from that
  layout for the icons selected here; add the author when adding an icon.

`--candidates a,b,c --out FILE` writes any game-icons (by their own names) to FILE for a look
with tools/assets/contact_sheet.py, without touching the package data.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
OUT_DIR = ROOT / "sheetgen" / "assets" / "icons"
ICONS_PACKAGE = "@iconify-json/game-icons@1.2.4"
LICENCE_PACKAGE = "spdx-license-list@6.12.0"

# sheetgen name -> game-icons name. Where no game-icon is exactly what sheetgen asks for, the
# nearest is taken and NEAREST says so.
SELECTION: dict[str, str] = {
    # Captain's Curse treasure symbols: six silhouettes that must stay distinct at 6-8 mm.
    "barrel": "barrel",
    "chest": "chest",
    "skull": "death-skull",
    "map": "folded-paper",
    "coins": "two-coins",
    "rum": "brandy-bottle",
    # The rest of the library.
    "anchor": "anchor",
    "bottle": "square-bottle",
    "candle": "candle-light",
    "cannon": "cannon",
    "coin": "crown-coin",
    "compass": "compass",
    "crab": "sad-crab",
    "crossbones": "crossed-bones",
    "crown": "crown",
    "die": "dice-six-faces-five",
    "eye": "semi-closed-eye",
    "fire": "fire",
    "flag": "pirate-flag",
    "gem": "cut-diamond",
    "ghost": "ghost",
    "hat": "pirate-hat",
    "heart": "hearts",
    "hook": "pirate-hook",
    "hourglass": "hourglass",
    "island": "island",
    "key": "key",
    "lantern": "old-lantern",
    "lightning": "power-lightning",
    "palm": "palm-tree",
    "parrot": "parrot-head",
    "rope": "knot",
    "shark": "shark-fin",
    "shield": "shield",
    "ship": "galleon",
    "spiral": "divided-spiral",
    "spyglass": "spyglass",
    "sword": "broadsword",
    "swords": "crossed-sabres",
    "tentacle": "curled-tentacle",
    "treasure-map": "treasure-map",
    "voodoo-doll": "voodoo-doll",
    "wave": "big-wave",
    "wheel": "ship-wheel",
    "whirlpool": "vortex",
    # The Curse of the Black Dice: its tokens, enemies and die faces.
    "kraken": "giant-squid",
    "blockade": "barrier",
    "ship-damage": "striking-splinter",
    "cannonball": "cannon-ball",
    "spanish-galleon": "caravel",
    "ghost-ship": "ship-wreck",
}

# sheetgen name -> parts drawn together: (game-icons name, mirrored left-right, scale, x, y),
# each part first fitted to the unit box, then mirrored, scaled and moved; the whole is fitted
# again. Parts are turned to the same winding so the non-zero fill unites them where they
# cross. For symbols the set has only in halves (a die face shows a sword crossed with a hook).
COMPOSITES: dict[str, tuple[tuple[str, bool, float, float, float], ...]] = {
    "sword-hook": (("broadsword", False, 0.84, 0.0, 0.16),
                   ("pirate-hook", True, 1.0, 0.12, 0.0)),
}

NEAREST: dict[str, str] = {
    "map": "a folded map: bolder than the treasure map at small sizes",
    "rum": "no rum bottle in the set; a brandy bottle",
    "coin": "no plain single coin; one stamped with a crown",
    "bottle": "a corked bottle with a note inside",
    "whirlpool": "no whirlpool; a vortex seen from above",
    "spiral": "no plain spiral; a spiral in a ring of tiles",
    "rope": "a knot; the coil of rope is dashed and turns grey below 15 mm",
    "crab": "the frowning crab; the plain crab is cropped and unreadable small",
    "kraken": "a giant squid: the set's kraken is a tentacle over a ship, unreadable small",
    "blockade": "a road barrier: the clearest 'closed' at token size",
    "ship-damage": "splinters flying from a hit: a hole in the hull",
    "spanish-galleon": "a caravel under sails marked with crosses; the galleon is the crew's ship",
    "ghost-ship": "no ghost ship in the set; a wreck under torn sails, as the Flying Dutchman "
                  "is told",
    "sword-hook": "made for sheetgen from two icons: the broadsword crossed with the pirate "
                  "hook, mirrored",
}

# game-icons name -> author, from the folder each icon lives in on game-icons.net's repository.
AUTHORS: dict[str, str] = {
    **{n: "Lorc" for n in (
        "anchor", "big-wave", "brandy-bottle", "broadsword", "candle-light", "cannon",
        "compass", "sad-crab", "crossed-bones", "crossed-sabres", "crown", "crown-coin",
        "curled-tentacle", "cut-diamond", "divided-spiral", "folded-paper", "galleon", "ghost",
        "hourglass", "parrot-head", "power-lightning", "semi-closed-eye", "spyglass",
        "square-bottle", "treasure-map", "voodoo-doll", "vortex", "striking-splinter",
        "cannon-ball")},
    **{n: "Delapouite" for n in (
        "barrel", "chest", "two-coins", "dice-six-faces-five", "island", "old-lantern",
        "palm-tree", "pirate-flag", "pirate-hat", "pirate-hook", "knot", "shark-fin",
        "ship-wheel", "giant-squid", "barrier", "caravel", "ship-wreck")},
    **{n: "Sbed" for n in ("death-skull", "fire", "key", "shield")},
    "hearts": "Skoll",
}

AUTHOR_URLS = {  # as game-icons.net's licence file lists them
    "Lorc": "http://lorcblog.blogspot.com",
    "Delapouite": "http://delapouite.com",
    "Sbed": "http://opengameart.org/content/95-game-icons",
}


def npm_fetch(package: str, workdir: Path) -> Path:
    """`npm pack` one package into workdir and unpack it; returns its package/ folder."""
    target = workdir / re.sub(r"[^A-Za-z0-9.]+", "_", package)
    target.mkdir(parents=True, exist_ok=True)
    out = subprocess.run(["npm", "pack", package, "--silent"], cwd=target, check=True,
                         capture_output=True, text=True).stdout.strip().splitlines()[-1]
    with tarfile.open(target / out) as tar:
        tar.extractall(target, filter="data")
    return target / "package"


def path_data(body: str) -> tuple[str, bool]:
    """The `d` of an iconify body holding one <path>, and whether it fills even-odd."""
    paths = re.findall(r"<path\b[^>]*>", body)
    if len(paths) != 1:
        raise SystemExit(f"expected one <path>, got {len(paths)}: {body[:80]}")
    d = re.search(r'\sd="([^"]*)"', paths[0])
    if d is None:
        raise SystemExit(f"no path data: {body[:80]}")
    return d.group(1), 'fill-rule="evenodd"' in paths[0]


def to_ops(d: str) -> list[tuple]:
    """Absolute M/L/C/Z ops in the icon's own coordinates (y-down, as SVG)."""
    from svgelements import Arc, Close, CubicBezier, Line, Move, Path, QuadraticBezier

    ops: list[tuple] = []
    for seg in Path(d):
        if isinstance(seg, Move):
            ops.append(("M", seg.end.x, seg.end.y))
        elif isinstance(seg, Close):
            ops.append(("Z",))
        elif isinstance(seg, Line):
            ops.append(("L", seg.end.x, seg.end.y))
        elif isinstance(seg, QuadraticBezier):
            p0, p1, p2 = seg.start, seg.control, seg.end
            c1 = (p0.x + 2 / 3 * (p1.x - p0.x), p0.y + 2 / 3 * (p1.y - p0.y))
            c2 = (p2.x + 2 / 3 * (p1.x - p2.x), p2.y + 2 / 3 * (p1.y - p2.y))
            ops.append(("C", *c1, *c2, p2.x, p2.y))
        elif isinstance(seg, CubicBezier):
            ops.append(("C", seg.control1.x, seg.control1.y, seg.control2.x, seg.control2.y,
                        seg.end.x, seg.end.y))
        elif isinstance(seg, Arc):
            for cubic in seg.as_cubic_curves():
                ops.append(("C", cubic.control1.x, cubic.control1.y, cubic.control2.x,
                            cubic.control2.y, cubic.end.x, cubic.end.y))
        else:
            raise SystemExit(f"unexpected segment {type(seg).__name__}")
    return close_subpaths(ops)


def close_subpaths(ops: list[tuple]) -> list[tuple]:
    """End every sub-path with Z. SVG fills an open sub-path as if closed, and some game-icons
    leave the z out; closing them explicitly fills the same and gives backends one shape."""
    out: list[tuple] = []
    for op in ops:
        if op[0] == "M" and out and out[-1][0] != "Z":
            out.append(("Z",))
        out.append(op)
    if out and out[-1][0] != "Z":
        out.append(("Z",))
    return out


def fit_unit_box(ops: list[tuple]) -> list[tuple]:
    """Scale and shift into 0..1 on both axes, aspect kept, centred."""
    xs = [v for op in ops for v in op[1::2]]
    ys = [v for op in ops for v in op[2::2]]
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
    scale = 1 / max(x1 - x0, y1 - y0)
    dx = (1 - (x1 - x0) * scale) / 2 - x0 * scale
    dy = (1 - (y1 - y0) * scale) / 2 - y0 * scale

    def clamp(v: float) -> float:
        return min(1.0, max(0.0, round(v, 4))) + 0.0  # + 0.0 turns -0.0 into 0.0

    out: list[tuple] = []
    for op in ops:
        coords = [clamp(v * scale + (dx if i % 2 == 0 else dy)) for i, v in enumerate(op[1:])]
        out.append((op[0], *coords))
    return out


def place(ops: list[tuple], mirrored: bool, scale: float, x: float, y: float) -> list[tuple]:
    """A unit-box drawing mirrored left-right (when asked), scaled and moved by (x, y)."""
    out = []
    for op in ops:
        coords = list(op[1:])
        for i in range(0, len(coords), 2):
            u = 1 - coords[i] if mirrored else coords[i]
            coords[i], coords[i + 1] = u * scale + x, coords[i + 1] * scale + y
        out.append((op[0], *coords))
    return out


def _subpaths(ops: list[tuple]) -> list[list[tuple]]:
    paths: list[list[tuple]] = []
    for op in ops:
        if op[0] == "M":
            paths.append([])
        paths[-1].append(op)
    return paths


def _area(path: list[tuple]) -> float:
    """Signed area of a sub-path's end points (control points left out: the sign is what
    matters, and an outline's end points follow it closely)."""
    pts = [op[-2:] for op in path if op[0] != "Z"]
    pairs = zip(pts, pts[1:] + pts[:1], strict=True)
    return sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in pairs) / 2


def _orientation(ops: list[tuple]) -> bool:
    """The winding of the largest sub-path (the outline): True for positive area."""
    return _area(max(_subpaths(ops), key=lambda p: abs(_area(p)))) > 0


def reverse_subpaths(ops: list[tuple]) -> list[tuple]:
    """Every sub-path drawn the other way round (same shape, opposite winding)."""
    out: list[tuple] = []
    for path in _subpaths(ops):
        body = [op for op in path if op[0] != "Z"]
        points = [op[-2:] for op in body]
        start = points[0]
        out.append(("M", *start))
        if points[-1] != start:
            out.append(("L", *points[-1]))  # the closing line, walked backwards
        for i in range(len(body) - 1, 0, -1):
            op, before = body[i], points[i - 1]
            if op[0] == "C":
                out.append(("C", op[3], op[4], op[1], op[2], *before))
            else:
                out.append(("L", *before))
        out.append(("Z",))
    return out


def encode(ops: list[tuple]) -> str:
    """A compact absolute path string: 'M0.1 0.2L0.3 0.4C...Z' (sheetgen.assets.icons reads it)."""
    parts = []
    for op in ops:
        nums = " ".join(f"{v:.4f}".rstrip("0").rstrip(".") for v in op[1:])
        parts.append(op[0] + nums)
    return "".join(parts)


def build(names: dict[str, str], icons: dict) -> dict:
    """The icons.json document for `names` (sheetgen name -> game-icons name)."""
    out: dict[str, dict] = {}
    for name, source in sorted(names.items()):
        if source not in icons:
            raise SystemExit(f"{name}: game-icons has no '{source}'")
        d, even_odd = path_data(icons[source]["body"])
        out[name] = {
            "source": f"game-icons:{source}",
            "author": AUTHORS.get(source, "game-icons.net contributors"),
            "even_odd": even_odd,
            "path": encode(fit_unit_box(to_ops(d))),
        }
    for name, parts in sorted(COMPOSITES.items()):
        if name in out:
            continue
        ops: list[tuple] = []
        authors = []
        for source, mirrored, scale, x, y in parts:
            if source not in icons:
                raise SystemExit(f"{name}: game-icons has no '{source}'")
            d, even_odd = path_data(icons[source]["body"])
            if even_odd:
                raise SystemExit(f"{name}: part '{source}' fills even-odd; cannot unite it")
            part = place(fit_unit_box(to_ops(d)), mirrored, scale, x, y)
            if ops and _orientation(part) != _orientation(ops):
                part = reverse_subpaths(part)
            ops += part
            author = AUTHORS.get(source, "game-icons.net contributors")
            if author not in authors:
                authors.append(author)
        out[name] = {
            "source": "game-icons:" + "+".join(p[0] for p in parts),
            "author": " and ".join(authors),
            "even_odd": False,
            "path": encode(fit_unit_box(ops)),
        }
    out = dict(sorted(out.items()))
    return {
        "about": ("Icons from game-icons.net (CC BY 3.0), converted by "
                  "tools/assets/vendor_icons.py to absolute M/L/C/Z paths in a unit box, "
                  "y-down. Credits: CREDITS.md."),
        "package": ICONS_PACKAGE,
        "icons": out,
    }


def write_credits(doc: dict) -> None:
    lines = [
        "# Icon credits",
        "",
        "sheetgen's icons are from [game-icons.net](https://game-icons.net), licensed under",
        "[Creative Commons Attribution 3.0](https://creativecommons.org/licenses/by/3.0/)",
        "(full text: `CC-BY-3.0.txt` beside this file). They were converted to plain path",
        "outlines and scaled to fit a square (a modification the licence permits); the",
        "drawings are otherwise unchanged, but for `sword-hook`, which puts two of them",
        "together (its note says how). Taken from the npm package",
        f"`{ICONS_PACKAGE}`; regenerate with `tools/assets/vendor_icons.py`.",
        "",
        "When a printed product uses an icon, its credits page should name the icon's author",
        "and game-icons.net, and the licence, for example: \"Icons by Lorc and Delapouite,",
        "game-icons.net, CC BY 3.0\".",
        "",
        "| sheetgen name | game-icons name | author | note |",
        "| --- | --- | --- | --- |",
    ]
    for name, icon in doc["icons"].items():
        sources = icon["source"].split(":", 1)[1].split("+")
        links = []
        for source in sources:
            author = AUTHORS.get(source, icon["author"])
            url = f"https://game-icons.net/1x1/{author.lower()}/{source}.html"
            links.append(f"[{source}]({url})")
        lines.append(f"| `{name}` | {' + '.join(links)} | {icon['author']} | "
                     f"{NEAREST.get(name, '')} |")
    authors = sorted({a for icon in doc["icons"].values() for a in icon["author"].split(" and ")})
    lines += ["", "## Authors", ""]
    for author in authors:
        url = AUTHOR_URLS.get(author, "")
        lines.append(f"- {author}" + (f", {url}" if url else ""))
    (OUT_DIR / "CREDITS.md").write_text("\n".join(lines) + "\n", encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--candidates", help="comma-separated game-icons names to preview")
    parser.add_argument("--out", type=Path, help="where --candidates writes its JSON")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        package = npm_fetch(ICONS_PACKAGE, Path(tmp))
        icons = json.loads((package / "icons.json").read_text(encoding="utf-8"))["icons"]
        if args.candidates:
            names = {n: n for n in args.candidates.split(",") if n}
            args.out.write_text(json.dumps(build(names, icons)), encoding="utf-8")
            return 0
        doc = build(SELECTION, icons)
        OUT_DIR.mkdir(parents=True, exist_ok=True)
        text = json.dumps(doc, indent=0, separators=(",", ":"), ensure_ascii=False)
        (OUT_DIR / "icons.json").write_text(text + "\n", encoding="utf-8")
        write_credits(doc)
        spdx = npm_fetch(LICENCE_PACKAGE, Path(tmp))
        licence = json.loads((spdx / "spdx-full.json").read_text(encoding="utf-8"))
        (OUT_DIR / "CC-BY-3.0.txt").write_text(licence["CC-BY-3.0"]["licenseText"],
                                               encoding="utf-8")
        size = (OUT_DIR / "icons.json").stat().st_size
        print(f"{len(doc['icons'])} icons, icons.json {size} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Preflight benchmark (prints measured figures; not a test).

    .venv/bin/python benchmarks/bench_preflight.py [--code /path/to/old/checkout] [--rounds 3]
    .venv/bin/python benchmarks/bench_preflight.py --pdf some.pdf --pdf other.pdf

Measures `sheetgen preflight` (every check, 150 dpi) in CPU time per file and per page on
the costly bundled outputs: the pads (Voodoo on A4, Letter and the print-shop A2, 46 pages
of cards with forms drawn on every card; Curse of the Black Dice on A4 and Letter;
Shipwrecked on A4), the Voodoo action cards (`render voodoo/action-cards`) and the press
rulebooks (`rulebook GAME --pdfx x4` and `x1a` of Voodoo, Swashbuckle, Curse of the Black
Dice and Captain's Curse), or on the files given with `--pdf`. The files are built once by
this checkout (`--keep DIR` keeps them for the next run; the rulebooks take a minute), so
every checkout reads the same bytes. With `--code DIR` (repeatable) the same measurement
runs on other checkouts too, each in its own process (`PYTHONPATH=DIR`), interleaved round
by round (`--rounds`) so that machine load falls on all of them alike; the best round of
each file is printed, then the load.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]

PADS = {"pad-voodoo-a4.pdf": ("voodoo", "a4"),
        "pad-voodoo-letter.pdf": ("voodoo", "letter"),
        "pad-voodoo-a2.pdf": ("voodoo", "a2"),
        "pad-black-dice-a4.pdf": ("black-dice", "a4"),
        "pad-black-dice-letter.pdf": ("black-dice", "letter"),
        "pad-shipwrecked-a4.pdf": ("shipwrecked", "a4")}
LAYOUTS = {"voodoo-action-cards.pdf": "voodoo/action-cards"}
PRESS_BOOKS = ("voodoo", "swashbuckle", "black-dice", "captains-curse")
"""Games whose A4 rulebook is measured as PDF/X-4 and PDF/X-1a (`rulebook --pdfx`)."""


def build(folder: Path) -> list[Path]:
    """The sample files, built by this checkout unless `folder` has them already."""
    from sheetgen import registry
    from sheetgen.layout.bundled import find_layout
    from sheetgen.layout.document import RenderOptions, load_layout
    from sheetgen.registry import Pad
    from sheetgen.render.output import render_pdf

    folder.mkdir(parents=True, exist_ok=True)
    out = []
    for name, (game, paper) in PADS.items():
        path = folder / name
        if not path.exists():
            result = registry.find(game).pad_builder()(paper=paper)
            pad = result if isinstance(result, Pad) else Pad(*result)
            path.write_bytes(pad.pdf)
        out.append(path)
    for name, layout_name in LAYOUTS.items():
        path = folder / name
        if not path.exists():
            layout = load_layout(find_layout(layout_name), RenderOptions())
            count = layout.imposition.per_sheet if (
                len(layout.data) == 1 and layout.imposition is not None) else 1
            path.write_bytes(render_pdf(layout, count))
        out.append(path)
    for game in PRESS_BOOKS:
        for standard in ("x4", "x1a"):
            path = folder / f"rulebook-{game}-{standard}.pdf"
            if not path.exists():
                from sheetgen.render.pdfx import make_pdfx
                from sheetgen.rulebooks import render_book

                book = folder / f"rulebook-{game}.pdf.src"
                if not book.exists():
                    book.write_bytes(render_book(game, "a4"))
                path.write_bytes(make_pdfx(book.read_bytes(), standard))
            out.append(path)
    return out


def figures(paths: list[str]) -> dict[str, dict[str, float]]:
    """CPU seconds and pages of each file's preflight, in this process (imports warm)."""
    from sheetgen.preflight import preflight

    result = {}
    for path in paths:
        start = time.process_time()
        report = preflight(path)
        result[path] = {"cpu": time.process_time() - start, "pages": len(report.pages),
                        "findings": len(report.findings)}
    return result


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--code", action="append", default=[], type=Path,
                    help="another checkout to measure beside this one (repeatable)")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--pdf", action="append", default=[], type=Path,
                    help="preflight this file instead of the bundled samples (repeatable)")
    ap.add_argument("--keep", type=Path, default=None,
                    help="build the samples into (or read them from) this folder")
    ap.add_argument("--figures-json", nargs="*", default=None, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.figures_json is not None:
        from sheetgen.preflight import preflight

        preflight(args.figures_json[0])  # imports and pdfium loaded before measuring
        print(json.dumps(figures(args.figures_json)))
        return
    with tempfile.TemporaryDirectory() as tmp:
        paths = args.pdf or build(args.keep or Path(tmp))
        codes = [REPO, *args.code]
        best: dict[Path, dict[str, dict[str, float]]] = {code: {} for code in codes}
        for _ in range(args.rounds):
            for code in codes:
                env = {**os.environ, "PYTHONPATH": str(code)}
                out = subprocess.run(
                    [sys.executable, __file__, "--figures-json", *map(str, paths)],
                    env=env, capture_output=True, text=True, check=True).stdout
                for path, fig in json.loads(out.strip().splitlines()[-1]).items():
                    if path not in best[code] or fig["cpu"] < best[code][path]["cpu"]:
                        best[code][path] = fig
    for code in codes:
        total = sum(f["cpu"] for f in best[code].values())
        pages = sum(f["pages"] for f in best[code].values())
        print(f"{code}: preflight, best of {args.rounds}: {total:.2f} s CPU for {pages} pages "
              f"({1000 * total / pages:.0f} ms per page)")
        for path, f in best[code].items():
            print(f"  {Path(path).name:<28} {f['cpu']:6.2f} s CPU, {f['pages']:3d} pages, "
                  f"{1000 * f['cpu'] / f['pages']:5.0f} ms per page, {f['findings']} finding(s)")
    print(f"load: {' '.join(f'{x:.1f}' for x in os.getloadavg())} (1, 5, 15-minute averages "
          "at the end)")


if __name__ == "__main__":
    main()

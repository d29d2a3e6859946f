"""PDF/X conversion benchmark (prints figures; not a test).

    .venv/bin/python benchmarks/bench_pdfx.py [--repeat 3]

Renders the 54-card deck of bench_deck.py (benchmarks/deck54.yaml) in RGB, then times
`make_pdfx` (sheetgen.render.pdfx) on it: the RGB file converted to PDF/X-4 as `pad` and
`rulebook` do, with the colour cache cold (first run) and warm (later runs). Also prints the
size the embedded profile adds and how many distinct colours the littleCMS cache holds.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _timing import load_average  # noqa: E402

from sheetgen.assets import icc  # noqa: E402
from sheetgen.layout.document import load_layout  # noqa: E402
from sheetgen.render.output import render_pdf  # noqa: E402
from sheetgen.render.pdfx import make_pdfx  # noqa: E402

DECK = Path(__file__).resolve().parent / "deck54.yaml"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    layout = load_layout(DECK)
    start = time.perf_counter()
    rgb = render_pdf(layout)
    drawn = time.perf_counter() - start
    times = []
    for _ in range(max(1, args.repeat)):
        start = time.perf_counter()
        press = make_pdfx(rgb)
        times.append(time.perf_counter() - start)
    print(f"load average {load_average()}")
    print(f"RGB render: {drawn:.2f} s, {len(rgb) / 1024:.0f} KiB")
    print(f"make_pdfx cold cache: {times[0]:.2f} s; warm: best {min(times[1:] or times):.2f} s")
    print(f"PDF/X-4: {len(press) / 1024:.0f} KiB ({(len(press) - len(rgb)) / 1024:+.0f} KiB; "
          f"the profile is {len(icc.profile_bytes()) / 1024:.0f} KiB before compression)")
    print(f"distinct colours converted (cache): {icc._inks8.cache_info().currsize}")


if __name__ == "__main__":
    main()

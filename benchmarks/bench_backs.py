"""Fronts and backs benchmark (prints figures; not a test).

    .venv/bin/python benchmarks/bench_backs.py [--repeat 5]

Renders the 54-card deck of bench_deck.py (benchmarks/deck54.yaml, 3 x 3 poker cards on A4)
in this process: fronts alone, then with one back for the whole deck, then with a back that
differs per card (its number). Target (issue 11): fronts and backs under 2x fronts alone.
Loading the layout is timed apart from drawing and writing the PDF.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _timing import load_average  # noqa: E402

from sheetgen.layout.document import load_layout  # noqa: E402
from sheetgen.render.output import render_pdf  # noqa: E402

DECK = Path(__file__).resolve().parent / "deck54.yaml"
SAME_BACK = """
back:
  - {type: rect, x: 0, y: 0, w: 63.5, h: 88.9, fill: navy, bleed: true}
  - {type: rect, x: 4, y: 4, w: 55.5, h: 80.9, radius: 3, stroke: gold, stroke_width: 1.2}
  - {type: icon, name: skull, x: 16.75, y: 29.45, size: 30, color: gold}
  - {type: text, text: "BENCH", x: 4, y: 66, w: 55.5, h: 10, font: display, size: 16,
     color: gold, align: center}
"""
OWN_BACK = SAME_BACK + """  - {type: text, text: "back of ${n}", x: 4, y: 78, w: 55.5, h: 6,
     size: 7, color: gold, align: center}
"""


def best(layout, repeat: int) -> tuple[float, int]:
    times, size = [], 0
    for _ in range(repeat):
        start = time.perf_counter()
        size = len(render_pdf(layout))
        times.append(time.perf_counter() - start)
    return min(times), size


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    text = DECK.read_text(encoding="utf-8")
    with tempfile.TemporaryDirectory() as tmp:
        results = {}
        for label, extra in (("fronts", ""), ("fronts + one back", SAME_BACK),
                             ("fronts + own backs", OWN_BACK)):
            path = Path(tmp) / "deck.yaml"
            path.write_text(text + extra, encoding="utf-8")
            start = time.perf_counter()
            layout = load_layout(path)
            load = time.perf_counter() - start
            results[label] = (*best(layout, args.repeat), load)
    base = results["fronts"][0]
    print(f"54-card deck, 3x3 on A4, best of {args.repeat} (load average {load_average()})")
    for label, (seconds, size, load) in results.items():
        print(f"  {label:20s} render {seconds * 1000:7.1f} ms  ({seconds / base:4.2f}x fronts)"
              f"  load {load * 1000:5.1f} ms  {size / 1024:6.1f} KiB")


if __name__ == "__main__":
    main()

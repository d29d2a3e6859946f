"""Voodoo Pirate benchmark (prints figures; not a test).

    .venv/bin/python benchmarks/bench_voodoo.py [--repeat 3]

The whole pad (`sheetgen pad voodoo`: the board tiled over A4, mats, 30 Action and 27 Object
cards with backs, aids, tokens) built in this process, its size, and two speeds of the board
model: single moves (`sea.sail`) per second, and ritual reach queries with the compass (all
8 directions, 1 or 2 spaces, two rounds) on every space of the board. Stays well under a
minute on the 2-core machine.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _timing import load_average  # noqa: E402

from sheetgen.games.voodoo.board import default_board  # noqa: E402
from sheetgen.games.voodoo.pad import build_pad  # noqa: E402
from sheetgen.games.voodoo.sea import STORM, new_sea, reachable, sail  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    print(f"load average before: {load_average()}")
    for paper in ("a4", "a2"):
        times = []
        for _ in range(args.repeat):
            start = time.perf_counter()
            data, pages, _ = build_pad(paper=paper)
            times.append(time.perf_counter() - start)
        print(f"pad --paper {paper}: {pages} pages, {len(data) / 1024:.0f} KiB, "
              f"best {min(times):.2f} s of {args.repeat}")
    board = default_board()
    sea = new_sea(board, {"a": (6, 0), "b": (5, 1), "c": (4, 2)}, wind=STORM)
    n = 20000
    start = time.perf_counter()
    for _ in range(n):
        sail(board, sea, "a", "SW", 2)
    print(f"moves: {n / (time.perf_counter() - start):,.0f} per second (SW 2 under Storm)")
    spaces = [s for s in board.spaces() if s not in sea.ships.values()]
    start = time.perf_counter()
    for space in spaces:
        reachable(board, sea.moved("a", space), "a", "#oodoo", compass=True)
    per = (time.perf_counter() - start) / len(spaces) * 1000
    print(f"compass ritual reach: {per:.1f} ms per space ({len(spaces)} spaces)")
    print(f"load average after: {load_average()}")


if __name__ == "__main__":
    main()

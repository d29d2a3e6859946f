"""Voodoo Pirate benchmark (prints figures; not a test).

    .venv/bin/python benchmarks/bench_voodoo.py [--repeat 3] [--games 40] [--verify-scale 1]
        [--verify-jobs 2] [--skip-pad] [--skip-verify]

The whole pad (`sheetgen pad voodoo`: the board tiled over A4, mats, 30 Action and 27 Object
cards with backs, aids, tokens) built in this process, its size, and two speeds of the board
model: single moves (`sea.sail`) per second, and ritual reach queries with the compass (all
8 directions, 1 or 2 spaces, two rounds) on every space of the board.

Then the game itself, through the path `sheetgen voodoo simulate` takes
(`simulate.play_games`, one process): whole 4-seat games of greedy players per second per
core (games over this process's CPU seconds, so a busy machine slows the wall clock more
than the figure), and `verify` of the bundled board (its plan times `--verify-scale`) on
`--verify-jobs` worker processes, wall clock. The load average is printed before and after:
quote it with the figures.
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


def games(n: int) -> None:
    from sheetgen.games.voodoo.simulate import Run, lineup, play_games

    for players, cursed in ((["greedy"] * 4, 0), (["greedy"] * 2, 2)):
        run = Run(None, lineup(players, cursed))
        cpu, wall = time.process_time(), time.perf_counter()
        played = play_games(run, n, seed=1)
        cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
        rounds = sum(g.rounds for g in played) / n
        print(f"games, {run.lineup.describe()}: {n / cpu:.2f} per core-second "
              f"({n} games, {cpu:.1f} s CPU, {wall:.1f} s wall, {rounds:.1f} rounds a game)")


def verify(scale: float, jobs: int) -> None:
    from sheetgen.games.voodoo.verify import DEFAULT_PLAN, verify_board

    plan = DEFAULT_PLAN.scaled(scale)
    start = time.perf_counter()
    verdict = verify_board(None, plan, jobs=jobs)
    took = time.perf_counter() - start
    print(f"verify Sea of Souls, plan {plan} on {jobs} workers: {took:.1f} s wall, "
          f"{'passes' if verdict.ok else 'FAILS'}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--verify-scale", type=float, default=1.0)
    parser.add_argument("--verify-jobs", type=int, default=2)
    parser.add_argument("--skip-pad", action="store_true")
    parser.add_argument("--skip-verify", action="store_true")
    args = parser.parse_args()
    print(f"load average before: {load_average()}")
    if not args.skip_pad:
        pad_and_sea(args.repeat)
    games(args.games)
    if not args.skip_verify:
        verify(args.verify_scale, args.verify_jobs)
    print(f"load average after: {load_average()}")


def pad_and_sea(repeat: int) -> None:
    args = argparse.Namespace(repeat=repeat)
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


if __name__ == "__main__":
    main()

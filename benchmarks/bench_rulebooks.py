"""Seconds to render each rulebook, and all five, on this machine (target: all five < 10 s).

Run: .venv/bin/python benchmarks/bench_rulebooks.py [--paper a4] [--booklet] [--repeat 3]

Prints per-game wall time (best and mean of --repeat), CPU time (what the render costs on
an idle core: wall time on a shared machine also measures the other work), pages and size,
then all five in one process and with `render_all(jobs=2)` as `rulebook --all` runs them.
This is a benchmark, not a test: it asserts nothing about timings.
"""

from __future__ import annotations

import argparse
import io
import os
import time

from pypdf import PdfReader

from sheetgen.rulebooks import GAMES, render_all, render_book


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--paper", default="a4")
    parser.add_argument("--booklet", action="store_true")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()

    render_book("shipwrecked", args.paper, args.booklet)  # warm-up: imports, font loading
    total_best = 0.0
    total_cpu = 0.0
    print(f"{'game':<26}{'best s':>8}{'mean s':>8}{'cpu s':>8}{'pages':>7}{'KiB':>8}")
    for game in GAMES:
        times, cpu = [], []
        for _ in range(args.repeat):
            start, start_cpu = time.perf_counter(), time.process_time()
            pdf = render_book(game, args.paper, args.booklet)
            times.append(time.perf_counter() - start)
            cpu.append(time.process_time() - start_cpu)
        pages = len(PdfReader(io.BytesIO(pdf)).pages)
        total_best += min(times)
        total_cpu += min(cpu)
        print(f"{game:<26}{min(times):>8.2f}{sum(times) / len(times):>8.2f}{min(cpu):>8.2f}"
              f"{pages:>7}{len(pdf) / 1024:>8.0f}")
    start = time.perf_counter()
    for game in GAMES:
        render_book(game, args.paper, args.booklet)
    one_pass = time.perf_counter() - start
    start = time.perf_counter()
    render_all(GAMES, args.paper, args.booklet, jobs=2)
    parallel = time.perf_counter() - start
    print(f"{'all five (sum of best)':<26}{total_best:>8.2f}{'':>8}{total_cpu:>8.2f}")
    print(f"{'all five, one process':<26}{one_pass:>8.2f}")
    print(f"{'all five, --jobs 2':<26}{parallel:>8.2f}   target < 10 s (rulebook --all)")
    print(f"load average at the end: {os.getloadavg()[0]:.1f} (other work inflates figures)")


if __name__ == "__main__":
    main()

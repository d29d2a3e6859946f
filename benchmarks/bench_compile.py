"""Cold compile benchmark of the Captain's Curse fast path (prints measured figures; not a test).

    .venv/bin/python benchmarks/bench_compile.py [--rounds 3] [--code /path/to/old/checkout]

What a fresh install pays before its first island (`sheetgen pad captains-curse`, the
studio's first job) and a cold CI run pays once (tests/helpers/warm_caches.py): numba's
compile of the fast path. Each run is a new process with `SHEETGEN_CACHE` pointing at a new
empty folder that runs the suite's own warm-up on that checkout
(`tests/helpers/warm_caches.py captains-curse`: the whole-game entry points `play_summaries`
and `play`, and a `FastPlayer`'s per-decision ones, on the bundled roomy island). Its CPU
time (user + sys, from wait4) is the compile's cost plus a second or two of imports and
games; a second process on the same folder then loads what the first saved (the warm start
every later process pays).

With `--code DIR` (repeatable) the same runs are made on other checkouts, each with
`PYTHONPATH=DIR`, alternating round by round so that the machine's load falls on all alike.
The load average is printed with the figures.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _timing import load_average, run_once  # noqa: E402

REPO = Path(__file__).resolve().parents[1]


def one_run(code: Path) -> tuple[float, float, float]:
    """(cold CPU s, cold wall s, warm CPU s) of the fast path for the checkout at code."""
    with tempfile.TemporaryDirectory(prefix="bench-compile-") as cache:
        env = {k: v for k, v in os.environ.items() if k != "NUMBA_CACHE_DIR"}
        env.update(PYTHONPATH=str(code), SHEETGEN_CACHE=cache)
        args = [sys.executable, str(code / "tests" / "helpers" / "warm_caches.py"),
                "captains-curse"]
        cold = run_once(args, env=env)
        warm = run_once(args, env=env)
    return cold.cpu, cold.wall, warm.cpu


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--code", action="append", default=[], type=Path,
                    help="another checkout to measure side by side (repeatable)")
    args = ap.parse_args()
    codes = [REPO, *[c.resolve() for c in args.code]]
    runs: dict[Path, list[tuple[float, float, float]]] = {c: [] for c in codes}
    print(f"load before: {load_average()}")
    for r in range(args.rounds):
        for code in codes if r % 2 == 0 else codes[::-1]:
            cpu, wall, warm = one_run(code)
            runs[code].append((cpu, wall, warm))
            print(f"round {r + 1} {code}: cold compile {cpu:.1f} s CPU ({wall:.1f} s wall), "
                  f"warm start {warm:.2f} s CPU; load {load_average()}", flush=True)
    for code in codes:
        cpus = [x[0] for x in runs[code]]
        warms = [x[2] for x in runs[code]]
        print(f"{code}: cold compile CPU best {min(cpus):.1f} s, median "
              f"{statistics.median(cpus):.1f} s; warm start CPU median "
              f"{statistics.median(warms):.2f} s ({args.rounds} runs)")
    if len(codes) > 1:
        ratios = [a[0] / b[0] for a, b in zip(runs[codes[0]], runs[codes[1]], strict=True)]
        print(f"{codes[0]} / {codes[1]} cold CPU, round by round: "
              + " ".join(f"{x:.3f}" for x in ratios))
    print(f"load after: {load_average()}")


if __name__ == "__main__":
    main()

"""Benchmark: the Swashbuckle advisor's answer time, fresh install and warm.

    .venv/bin/python benchmarks/bench_swashbuckle_advisor.py
    .venv/bin/python benchmarks/bench_swashbuckle_advisor.py --code /path/to/old/checkout

Each run is `sheetgen swashbuckle advise` for the default card's first roll in a fresh process:
"fresh" with an empty `SHEETGEN_CACHE` (a new install: the shipped table, or a first-use
solve where none ships), "warm" with the cache the fresh run left. With `--code` (repeatable)
other checkouts are measured too, runs interleaved in the same loop so machine load falls on
all alike. Prints wall and CPU time (CPU is what load does not inflate) and the load average.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _timing import load_average, run_once  # noqa: E402

REPO = Path(__file__).resolve().parents[1]
ARGS = ["-c", "from sheetgen.cli import main; main()", "swashbuckle", "advise",
        "--dice", "1", "2", "3", "4", "5", "--rolls-left", "2"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--code", action="append", default=[],
                        help="another checkout to measure side by side")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each (best of)")
    parser.add_argument("--fresh-repeat", type=int, default=None,
                        help="fresh runs of each (default: --repeat; a first-use solve takes "
                             "minutes)")
    args = parser.parse_args()
    codes = [REPO, *map(Path, args.code)]
    print(f"{os.cpu_count()} cpu(s), load average {load_average()} at start")
    caches = {code: tempfile.mkdtemp(prefix="sheetgen-bench-cache-") for code in codes}
    results: dict[tuple[Path, str], list] = {}
    fresh_repeat = args.repeat if args.fresh_repeat is None else args.fresh_repeat
    for i in range(max(args.repeat, fresh_repeat)):
        for code in codes:
            env = {**os.environ, "PYTHONPATH": str(code)}
            for kind in ("fresh", "warm"):
                if kind == "fresh" and i >= fresh_repeat or kind == "warm" and i >= args.repeat:
                    continue
                cache = caches[code]
                if kind == "fresh":
                    cache = tempfile.mkdtemp(prefix="sheetgen-bench-cache-")
                run = run_once([sys.executable, *ARGS], cwd=str(code),
                               env={**env, "SHEETGEN_CACHE": cache})
                if kind == "fresh":  # what the fresh run built is the warm runs' cache
                    os.rename(cache, caches[code] + f".{i}")
                    if i == 0:
                        os.rmdir(caches[code])
                        os.rename(caches[code] + f".{i}", caches[code])
                results.setdefault((code, kind), []).append(run)
    for code in codes:
        for kind in ("fresh", "warm"):
            runs = results[(code, kind)]
            best = min(runs, key=lambda r: r.cpu)
            print(f"{code}: {kind:5s} best of {len(runs)}: CPU {best.cpu:6.2f} s, "
                  f"wall {min(r.wall for r in runs):6.2f} s, peak {best.peak_mib:.0f} MiB")
    print(f"load average {load_average()} at end")


if __name__ == "__main__":
    main()

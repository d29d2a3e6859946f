"""Benchmark: peak memory, time and CPU of `sheetgen pad captains-curse` as --count grows
(prints measured figures; not a test).

    .venv/bin/python benchmarks/bench_pad_memory.py [--counts 10 100 300] [--jobs 2]
        [--seed 7] [--compare /path/to/other/checkout]

The 1,000-sheet pad of issue 31 in one command (wall time, CPU of the main process and of
the workers, peak RSS of each, file size, load average):

    .venv/bin/python benchmarks/bench_pad_memory.py --counts 1000

Each pad runs in a fresh Python process (the command line, in process, so the figures are
what `sheetgen pad` meets); that process reports its own peak RSS (the main process, where
the PDF is assembled: the figure that grew with --count before pads were streamed) and the
largest worker's, and the CPU seconds of each (on a shared machine the comparable figure:
wall time follows the other work). `--compare TREE` runs the same pads, interleaved, with
the sheetgen of another checkout (e.g. one before streaming) on PYTHONPATH.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

CHILD = r"""
import json, resource, sys, time
from sheetgen.cli import main
count, seed, jobs, out = sys.argv[1:5]
start = time.perf_counter()
try:
    main(["pad", "captains-curse", "--count", count, "--seed", seed, "--jobs", jobs, "-q",
          "-o", out], standalone_mode=False)
finally:
    took = time.perf_counter() - start
own, workers = (resource.getrusage(who)
                for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN))
print(json.dumps({
    "seconds": took,
    "main_cpu": own.ru_utime + own.ru_stime,
    "worker_cpu": workers.ru_utime + workers.ru_stime,
    "main_mib": own.ru_maxrss / 1024,
    "worker_mib": workers.ru_maxrss / 1024,
}))
"""


def run(tree: Path, count: int, seed: int, jobs: int, keep: Path | None = None
        ) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as tmp:
        out = (keep or Path(tmp)) / f"pad-{count}.pdf"
        env = dict(os.environ, PYTHONPATH=str(tree))
        done = subprocess.run([sys.executable, "-c", CHILD, str(count), str(seed), str(jobs),
                               str(out)], env=env, capture_output=True, text=True, cwd=tmp)
        if done.returncode != 0:
            raise SystemExit(f"pad of {count} failed with {tree}:\n{done.stderr}")
        figures = json.loads(done.stdout.strip().splitlines()[-1])
        figures["mb"] = out.stat().st_size / 1e6
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--counts", type=int, nargs="+", default=[10, 100, 300])
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--compare", type=Path, default=None,
                        help="another checkout to run the same pads with, interleaved")
    parser.add_argument("--keep", type=Path, default=None,
                        help="folder to keep this tree's pads in (pad-COUNT.pdf), to look at")
    args = parser.parse_args()
    here = Path(__file__).resolve().parent.parent
    trees = [("this tree", here)] + ([("compare", args.compare.resolve())]
                                      if args.compare else [])
    print(f"{os.cpu_count()} cpu(s), --jobs {args.jobs}, seed {args.seed}, "
          f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}", flush=True)
    for _, tree in trees:  # compiled code cached and files warm before measuring
        run(tree, 2, args.seed, args.jobs)
    for count in args.counts:
        for label, tree in trees:
            f = run(tree, count, args.seed, args.jobs,
                    args.keep.resolve() if args.keep and tree == here else None)
            cpu = f["main_cpu"] + f["worker_cpu"]
            print(f"{label:<10} {count:>5} sheets: {f['seconds']:7.1f} s "
                  f"({count / f['seconds']:.2f} sheets/s), CPU {cpu:7.1f} s "
                  f"(main {f['main_cpu']:6.1f} s, workers {f['worker_cpu']:7.1f} s; "
                  f"{cpu / count:.3f} s a sheet), {f['mb']:7.2f} MB, peak RSS "
                  f"{f['main_mib']:5.0f} MiB main / {f['worker_mib']:4.0f} MiB largest worker"
                  f"  (load {' '.join(f'{x:.2f}' for x in os.getloadavg())})", flush=True)


if __name__ == "__main__":
    main()

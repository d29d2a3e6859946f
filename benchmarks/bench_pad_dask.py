"""Benchmark: verified islands per second on a dask.distributed LocalCluster of 1 and 2
workers, against the process pool (`--jobs`), for `sheetgen pad captains-curse --scheduler`.

    .venv/bin/python benchmarks/bench_pad_dask.py [--count 12] [--seed 7]

Prints measured figures only (cluster start-up included, as a user meets it). Needs
dask.distributed (`pip install 'sheetgen[cluster]'`).
"""

from __future__ import annotations

import argparse
import os
import time

from sheetgen.games.captains_curse.pad import make_pad


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=12)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    print(f"{os.cpu_count()} cpu(s), load average {os.getloadavg()[0]:.2f}, "
          f"{args.count} normal islands")
    reference = None
    for label, jobs, scheduler in (("process pool, 1 job", 1, None),
                                   ("process pool, 2 jobs", 2, None),
                                   ("dask LocalCluster, 1 worker", 1, "local"),
                                   ("dask LocalCluster, 2 workers", 2, "local")):
        start = time.perf_counter()
        items = make_pad(args.count, args.seed, "normal", jobs, scheduler=scheduler)
        took = time.perf_counter() - start
        same = reference is None or items == reference
        reference = reference or items
        print(f"{label:<30} {took:6.1f} s  {args.count / took:5.2f} islands/s"
              f"{'' if same else '  (DIFFERENT islands!)'}")


if __name__ == "__main__":
    main()

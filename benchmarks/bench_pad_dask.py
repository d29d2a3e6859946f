"""Benchmark: sheets per second of the whole Captain's Curse pad (islands generated and
verified, sheets drawn, PDF assembled) on a dask.distributed LocalCluster of 1 and 2
workers, against the process pool (`--jobs`), for `sheetgen pad captains-curse --scheduler`.

    .venv/bin/python benchmarks/bench_pad_dask.py [--count 12] [--seed 7] [--islands-only]

Prints measured figures only (cluster start-up included, as a user meets it), with the CPU
seconds of the main process (where the pad is assembled: it must stay small for throughput
to grow with workers) and whether every run wrote the same bytes. `--islands-only` times
the islands alone (`make_pad`, nothing drawn), as this benchmark did before the sheets were
drawn in the workers. Needs dask.distributed (`pip install 'sheetgen[cluster]'`).
"""

from __future__ import annotations

import argparse
import hashlib
import io
import os
import resource
import time

from sheetgen.games.captains_curse.pad import make_pad, write_pad


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=12)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--islands-only", action="store_true",
                        help="islands only (make_pad), no sheets drawn")
    args = parser.parse_args()
    what = "islands" if args.islands_only else "sheets (whole pad)"
    print(f"{os.cpu_count()} cpu(s), load average "
          f"{' '.join(f'{x:.2f}' for x in os.getloadavg())}, {args.count} normal {what}")
    reference = None
    for label, jobs, scheduler in (("process pool, 1 job", 1, None),
                                   ("process pool, 2 jobs", 2, None),
                                   ("dask LocalCluster, 1 worker", 1, "local"),
                                   ("dask LocalCluster, 2 workers", 2, "local")):
        cpu = resource.getrusage(resource.RUSAGE_SELF)
        start = time.perf_counter()
        if args.islands_only:
            result = hashlib.sha256(repr(make_pad(args.count, args.seed, "normal", jobs,
                                                  scheduler=scheduler)).encode()).hexdigest()
        else:
            out = io.BytesIO()
            write_pad(out, count=args.count, seed=args.seed, jobs=jobs, scheduler=scheduler)
            result = hashlib.sha256(out.getvalue()).hexdigest()
        took = time.perf_counter() - start
        now = resource.getrusage(resource.RUSAGE_SELF)
        main_cpu = (now.ru_utime + now.ru_stime) - (cpu.ru_utime + cpu.ru_stime)
        same = reference is None or result == reference
        reference = reference or result
        print(f"{label:<30} {took:6.1f} s  {args.count / took:5.2f} {what.split()[0]}/s  "
              f"main process CPU {main_cpu:5.1f} s  (load {os.getloadavg()[0]:.2f})"
              f"{'' if same else '  (DIFFERENT output!)'}", flush=True)


if __name__ == "__main__":
    main()

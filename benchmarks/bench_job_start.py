"""How soon a studio job gets going (prints measured figures; not a test).

    .venv/bin/python benchmarks/bench_job_start.py [--jobs 6]

Runs Captain's Curse verify jobs one after another through `sheetgen.studio.jobs`, as the
page's Verify button does, and reports for each the wall time from the click (the `Job` is
made) until it runs (`running`) and until its first chunk of expert games is reported (the
progress bar moves: the compiled fast path loaded and played), then cancels it. The first
job also starts the forkserver, unless `--early` starts it first as `sheetgen studio` does
when it starts serving (then a pause of `--early` seconds stands for the user opening the
page). Run it against other code with PYTHONPATH to compare; the
numba cache must be warm (run it twice; the first run of a fresh checkout compiles).
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

from sheetgen.games.captains_curse.ruleset import Ruleset
from sheetgen.games.captains_curse.studio import work
from sheetgen.games.captains_curse.studio.desk import Settings
from sheetgen.studio import jobs


def one_job(island: dict, seed: int) -> tuple[float, float]:
    t0 = time.perf_counter()
    job = jobs.Job("verify", work.verify_island, (island, "normal", Ruleset(), seed))
    running = first = None
    seen = 0
    while first is None:
        seen = job.wait_change(seen, 120)
        if running is None and job.state != "queued":
            running = time.perf_counter() - t0
        if job.progress.get("games") or job.finished:
            first = time.perf_counter() - t0
    job.cancel()
    while not job.finished:
        job.wait_change(job.version, 10)
    return running or first, first


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--jobs", type=int, default=6)
    parser.add_argument("--early", type=float, default=None, metavar="SECONDS",
                        help="start the forkserver first, then wait SECONDS before the first job")
    args = parser.parse_args()
    jobs.preload(["sheetgen.games.captains_curse.studio"])
    if args.early is not None:
        jobs.start_forkserver()
        time.sleep(args.early)
    island = work.make_island(Settings(seed=11))
    rows = [one_job(island, 100 + i) for i in range(args.jobs)]
    print(f"code: {os.path.dirname(os.path.dirname(jobs.__file__))}  load: "
          f"{' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    for i, (running, first) in enumerate(rows):
        print(f"job {i + 1}: running after {running:6.3f} s, first games after {first:6.3f} s"
              + ("  (starts the forkserver)" if i == 0 and args.early is None else ""))
    later = [first for _, first in rows[1:]]
    if later:
        print(f"later jobs, first games after: median {statistics.median(later):.3f} s, "
              f"worst {max(later):.3f} s")


if __name__ == "__main__":
    main()

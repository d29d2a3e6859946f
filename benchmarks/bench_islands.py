"""Island benchmark (prints measured figures; not a test).

    .venv/bin/python benchmarks/bench_islands.py [--count 100] [--jobs 2] [--distribution 30]

Measures: islands generated per second (geometry only), generated+verified per second, and
a verified pad end to end (generation, verification, PDF) with peak memory and file size.
`--distribution N` prints the expert and greedy win rates of N generated islands (the data
behind the difficulty bands in islands/verify.py).
"""

from __future__ import annotations

import argparse
import resource
import statistics
import sys
import tempfile
import time
from pathlib import Path


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--count", type=int, default=100)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--distribution", type=int, default=0)
    args = ap.parse_args()

    from sheetgen.games.captains_curse.island import island_from_dict
    from sheetgen.games.captains_curse.islands.generate import generate_island
    from sheetgen.games.captains_curse.islands.verify import VERIFY_SEED, generate_verified
    from sheetgen.games.captains_curse.ruleset import Ruleset
    from sheetgen.games.captains_curse.simulate import play_games

    generate_island(0)  # warm imports and compiled code
    t, cpu = time.perf_counter(), time.process_time()
    for s in range(1, 21):
        generate_island(s)
    print(f"geometry: {20 / (time.perf_counter() - t):.1f} islands/s (1 core), "
          f"{20 / (time.process_time() - cpu):.1f} per CPU second (the figure to compare "
          f"on a shared machine)")

    generate_verified(0)  # warm compiled code
    t = time.perf_counter()
    tries = 0
    for s in range(1, 6):
        tries += generate_verified(s).attempts
    took = time.perf_counter() - t
    print(f"generate+verify (normal): {5 / took:.2f} islands/s (1 core), {tries} tried for 5")

    if args.distribution:
        rs = Ruleset()
        ex, gr = [], []
        for s in range(1000, 1000 + args.distribution):
            isl = island_from_dict(generate_island(s).data)
            ex.append(sum(r.won for r in play_games(isl, rs, "expert", VERIFY_SEED, 0, 64)) / 64)
            gr.append(sum(r.won for r in play_games(isl, rs, "greedy", VERIFY_SEED, 0, 400))
                      / 400)
        for name, xs in (("expert", ex), ("greedy", gr)):
            q = statistics.quantiles(xs, n=10)
            print(f"{name} win rate over {len(xs)} islands: mean {statistics.fmean(xs):.3f}, "
                  f"deciles {', '.join(f'{v:.2f}' for v in q)}")

    from click.testing import CliRunner

    from sheetgen.cli import main as cli

    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "pad.pdf"
        t = time.perf_counter()
        r = CliRunner().invoke(cli, ["pad", "captains-curse", "--count", str(args.count),
                                     "--seed", str(args.seed), "--jobs", str(args.jobs),
                                     "-q", "-o", str(out)])
        took = time.perf_counter() - t
        if r.exit_code != 0:
            print(r.output, file=sys.stderr)
            raise SystemExit(1)
        size = out.stat().st_size
    peak_self = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    peak_kids = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    print(f"pad: {args.count} verified sheets, --jobs {args.jobs}: {took:.1f} s "
          f"({args.count / took:.2f} sheets/s), {size / 1e6:.2f} MB, peak RSS "
          f"{peak_self:.0f} MB (main) / {peak_kids:.0f} MB (largest worker)")


if __name__ == "__main__":
    main()

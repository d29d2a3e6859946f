"""Profile the Captain's Curse fast path with perf, function by function inside numba.

pyinstrument and cProfile see one opaque call into compiled code. perf samples it, but has
no names for JIT code; this script plays expert (or greedy) games on generated islands
after writing /tmp/perf-<pid>.map, the file perf reads names of JIT code from: the address
of every compiled function numba holds, its size up to the next one. Functions numba
inlines (`inline="always"`, or small ones LLVM inlines) count in their caller.

Code loaded from numba's cache carries no function list, so run it with an empty cache
folder (it compiles, a minute or two), and report only the games (the times it prints):

    NUMBA_CACHE_DIR=$(mktemp -d) PYTHONPATH=$PWD perf record -k CLOCK_MONOTONIC -F 4000 \\
        -o /tmp/cc.perf .venv/bin/python tools/fast_profile.py --islands /tmp/isl
    perf report -i /tmp/cc.perf --time START,END --no-children --sort symbol

`--islands` is a folder of island files (tools/game_digests.py makes one).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

import numpy as np


def write_perf_map(modules: list[str]) -> int:
    """/tmp/perf-<pid>.map of the compiled functions of these modules' dispatchers."""
    from numba.core.registry import CPUDispatcher

    addrs: dict[int, str] = {}
    for name in modules:
        for obj in vars(sys.modules[name]).values():
            if not isinstance(obj, CPUDispatcher):
                continue
            for cres in obj.overloads.values():
                lib = cres.library
                for f in lib._final_module.functions:
                    if not f.is_declaration:
                        address = lib.get_pointer_to_function(f.name)
                        if address:
                            addrs[address] = f.name
    items = sorted(addrs.items())
    with open(f"/tmp/perf-{os.getpid()}.map", "w") as fh:
        for k, (address, name) in enumerate(items):
            gap = items[k + 1][0] - address if k + 1 < len(items) else 4096
            fh.write(f"{address:x} {gap if gap < 200_000 else 4096:x} {name}\n")
    return len(items)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--islands", type=Path, required=True)
    parser.add_argument("--difficulty", default="normal")
    parser.add_argument("--policy", default="expert")
    parser.add_argument("--games", type=int, default=150, help="games per island")
    args = parser.parse_args()
    from sheetgen.games.captains_curse import fast
    from sheetgen.games.captains_curse.island import load_island
    from sheetgen.games.captains_curse.players import table_for
    from sheetgen.games.captains_curse.rng import game_seed
    from sheetgen.games.captains_curse.ruleset import DEFAULT_RULESET

    paths = sorted(args.islands.glob(f"*-{args.difficulty}.yaml"))
    tables = [table_for(load_island(p), DEFAULT_RULESET) for p in paths]
    seeds = np.array([game_seed(3, i) for i in range(args.games)], dtype=np.uint64)
    out = np.empty((args.games, fast.SUM_SIZE), dtype=np.int64)
    policy = fast.POLICY_IDS[args.policy]
    fast.play_summaries(tables[0], policy, seeds[:2], fast.DEFAULT_PARAMS, out[:2])
    mapped = write_perf_map([m for m in sys.modules
                             if m.startswith("sheetgen.games.captains_curse.fast.")])
    start, cpu = time.monotonic(), time.process_time()
    for table in tables:
        fast.play_summaries(table, policy, seeds, fast.DEFAULT_PARAMS, out)
    print(f"{mapped} functions mapped; games from {start:.3f} to {time.monotonic():.3f} "
          f"(perf report --time), {time.process_time() - cpu:.2f} s of CPU")


if __name__ == "__main__":
    main()

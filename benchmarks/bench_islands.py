"""Island benchmark (prints measured figures; not a test).

    .venv/bin/python benchmarks/bench_islands.py [--count 100] [--jobs 2] [--distribution 30]
    .venv/bin/python benchmarks/bench_islands.py --verify-only --code /path/to/old/checkout
    .venv/bin/python benchmarks/bench_islands.py --geometry --seeds 1-20 --code /path/to/old

Measures: islands generated per second (geometry only), generated+verified per second, and
a verified pad end to end (generation, verification, PDF) with peak memory and file size.
`--distribution N` prints the expert and greedy win rates of N generated islands (the data
behind the difficulty bands in islands/verify.py).

Generate and verify is measured in CPU time per island (the machine is shared, so wall time
follows other people's load), with the islands tried and the expert and greedy games played
per verified island. With `--code DIR` (repeatable) the same measurement runs on other
checkouts too, each in its own process (`PYTHONPATH=DIR`), interleaved round by round
(`--rounds`) so that machine load falls on all of them alike; the best round of each is
printed. `--verify-only` skips the geometry, distribution and pad figures; `--geometry` measures
the geometry alone (generate_island, CPU time per island) the same way, side by side.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def verify_figures(first: int, last: int, difficulty: str) -> dict[str, float]:
    """generate_verified for seeds first..last (after one warm-up island): CPU seconds per
    verified island, islands tried, and games per island by player. Works on any checkout
    whose islands/verify.py plays its games through its module-level `play_games`."""
    from sheetgen.games.captains_curse.islands import verify

    games = {"expert": 0, "greedy": 0}
    play = verify.play_games

    def counted(island, ruleset, policy, seed, start, stop, *args, **kwargs):  # type: ignore[no-untyped-def]
        games[policy] = games.get(policy, 0) + stop - start
        return play(island, ruleset, policy, seed, start, stop, *args, **kwargs)

    verify.play_games = counted
    verify.generate_verified(0, difficulty)  # compiled code loaded, caches warm
    games.update(expert=0, greedy=0)
    n = last - first + 1
    tried = 0
    t = time.process_time()
    for s in range(first, last + 1):
        tried += verify.generate_verified(s, difficulty).attempts
    cpu = time.process_time() - t
    return {"cpu_per_island": cpu / n, "islands": n, "tried": tried,
            "expert_per_island": games["expert"] / n, "greedy_per_island": games["greedy"] / n}


def geometry_figures(first: int, last: int, difficulty: str) -> dict[str, float]:
    """generate_island (geometry only, the band's sink plan) for seeds first..last after one
    warm-up island: CPU seconds per island and geometry attempts made."""
    from sheetgen.games.captains_curse.islands.generate import generate_island
    from sheetgen.games.captains_curse.islands.params import DEFAULT_PARAMS, SINK_PLANS

    plan = SINK_PLANS[difficulty]
    generate_island(0, DEFAULT_PARAMS, plan)  # compiled code loaded
    n = last - first + 1
    attempts = 0
    t = time.process_time()
    for s in range(first, last + 1):
        attempts += generate_island(s, DEFAULT_PARAMS, plan).attempt + 1
    return {"cpu_per_island": (time.process_time() - t) / n, "islands": n,
            "attempts": attempts}


def side_by_side(codes: list[Path], rounds: int, first: int, last: int,
                 difficulty: str, geometry: bool = False) -> None:
    """verify_figures (or geometry_figures) of each checkout in its own process,
    interleaved, the order reversed every other round (the same order each round favoured
    one side by a few percent); best round each, then every round's figure (the machine
    drifts by more than many changes gain: compare the rounds side by side)."""
    best: dict[Path, dict[str, float]] = {}
    runs: dict[Path, list[float]] = {code: [] for code in codes}
    loads: list[float] = []
    for r in range(rounds):
        for code in codes if r % 2 == 0 else codes[::-1]:
            env = {**os.environ, "PYTHONPATH": str(code)}
            out = subprocess.run(
                [sys.executable, __file__, "--figures-json", f"{first}-{last}",
                 "--difficulty", difficulty, *(["--geometry"] if geometry else [])],
                env=env, capture_output=True, text=True, check=True).stdout
            fig = json.loads(out.strip().splitlines()[-1])
            runs[code].append(fig["cpu_per_island"])
            if code not in best or fig["cpu_per_island"] < best[code]["cpu_per_island"]:
                best[code] = fig
        loads.append(os.getloadavg()[0])
    for code in codes:
        f = best[code]
        if geometry:
            print(f"{code}: geometry ({difficulty} plan, seeds {first}-{last}, best of "
                  f"{rounds}): {1000 * f['cpu_per_island']:.1f} ms CPU per island "
                  f"({1 / f['cpu_per_island']:.2f} islands per CPU second), "
                  f"{f['attempts']} attempts for {f['islands']}")
            continue
        print(f"{code}: generate+verify ({difficulty}, seeds {first}-{last}, best of {rounds}): "
              f"{f['cpu_per_island']:.3f} s CPU per island "
              f"({1 / f['cpu_per_island']:.2f} islands/s per core), {f['tried']} tried for "
              f"{f['islands']}, {f['expert_per_island']:.0f} expert + "
              f"{f['greedy_per_island']:.0f} greedy games per island")
    unit = 1000 if geometry else 1
    for code in codes:
        print(f"{code}: every round (in run order), {'ms' if geometry else 's'}: "
              + " ".join(f"{unit * x:.3f}" for x in runs[code])
              + f"; median {unit * statistics.median(runs[code]):.3f}")
    if len(codes) > 1:
        ratios = [x / y for x, y in zip(runs[codes[0]], runs[codes[1]], strict=True)]
        print(f"{codes[0]} / {codes[1]}, round by round: "
              + " ".join(f"{x:.3f}" for x in ratios)
              + f"; median {statistics.median(ratios):.3f}")
    print("load (1-minute average after each round): " + " ".join(f"{x:.1f}" for x in loads))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--count", type=int, default=100)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--distribution", type=int, default=0)
    ap.add_argument("--code", action="append", default=[], type=Path,
                    help="another checkout to measure beside this one (repeatable)")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--seeds", default="1-10", help="seeds of the generate+verify figure")
    ap.add_argument("--difficulty", default="normal")
    ap.add_argument("--verify-only", action="store_true")
    ap.add_argument("--geometry", action="store_true",
                    help="only the geometry, side by side with --code (seeds from --seeds)")
    ap.add_argument("--figures-json", default=None, help=argparse.SUPPRESS)
    args = ap.parse_args()
    first, last = (int(x) for x in (args.figures_json or args.seeds).split("-"))
    if args.figures_json:
        figures = geometry_figures if args.geometry else verify_figures
        print(json.dumps(figures(first, last, args.difficulty)))
        return
    side_by_side([REPO, *args.code], args.rounds, first, last, args.difficulty, args.geometry)
    if args.verify_only or args.geometry:
        return

    from sheetgen.games.captains_curse.island import island_from_dict
    from sheetgen.games.captains_curse.islands.generate import generate_island
    from sheetgen.games.captains_curse.islands.verify import VERIFY_SEED
    from sheetgen.games.captains_curse.ruleset import Ruleset
    from sheetgen.games.captains_curse.simulate import play_games

    generate_island(0)  # warm imports and compiled code
    t, cpu = time.perf_counter(), time.process_time()
    for s in range(1, 21):
        generate_island(s)
    print(f"geometry: {20 / (time.perf_counter() - t):.1f} islands/s (1 core), "
          f"{20 / (time.process_time() - cpu):.1f} per CPU second (the figure to compare "
          f"on a shared machine)")

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

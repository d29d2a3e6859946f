"""Benchmark: whole games of Shipwrecked! per second, batch simulator and engine.

    .venv/bin/python benchmarks/bench_shipwrecked.py            # 5 x 2,000 games a pairing
    .venv/bin/python benchmarks/bench_shipwrecked.py --games 10000 --repeat 3

One process, one core. For each seat pairing it plays `--games` games in batches of
simulate.BATCH (what `sheetgen shipwrecked simulate` does per worker) and prints games per
second of wall time and of the process's CPU time: on a shared machine the CPU figure is the
per-core speed, the wall figure what this run got. Also the engine (state.GameState with
contract.play, every move a pushed object, dice as SplitMix64 draws) for comparison, and the
cost of recording each game's moves for logs. Quote the load average with the figures.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import time

from sheetgen.engine.contract import play
from sheetgen.engine.rng import SplitMix64
from sheetgen.games.shipwrecked.batch import play_batch
from sheetgen.games.shipwrecked.policies import Player
from sheetgen.games.shipwrecked.rules import GrabModel
from sheetgen.games.shipwrecked.simulate import BATCH
from sheetgen.games.shipwrecked.state import GameState

PAIRINGS = [("greedy", "greedy"), ("spread", "spread"), ("concentrate", "contest"),
            ("deny", "greedy")]


def timed(fn) -> tuple[float, float]:
    wall, cpu = time.perf_counter(), time.process_time()
    fn()
    return time.perf_counter() - wall, time.process_time() - cpu


def batches(games: int, seats: tuple[str, str], record: bool = False) -> None:
    sink = (lambda g, moves, outcome: None) if record else None
    for start in range(0, games, BATCH):
        play_batch(min(BATCH, games - start), start, seats, GrabModel(), on_game=sink)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games per pairing and run")
    parser.add_argument("--repeat", type=int, default=5, help="runs; the median is printed")
    parser.add_argument("--engine-games", type=int, default=100)
    args = parser.parse_args()
    print(f"python {platform.python_version()}, {os.cpu_count()} cpu(s), load average "
          + " ".join(f"{x:.2f}" for x in os.getloadavg()))
    print(f"batch simulator, {args.games} games a run in batches of {BATCH}, "
          f"median of {args.repeat} runs:")
    all_cpu = []
    for seats in PAIRINGS:
        runs = [timed(lambda s=seats: batches(args.games, s)) for _ in range(args.repeat)]
        wall = statistics.median(r[0] for r in runs)
        cpu = statistics.median(r[1] for r in runs)
        all_cpu.append(cpu)
        print(f"  {seats[0]:>11} vs {seats[1]:<11} {args.games / cpu:8.0f} games/s per core "
              f"(CPU time), {args.games / wall:8.0f} games/s wall")
    print(f"  {'all four':>26} {len(PAIRINGS) * args.games / sum(all_cpu):8.0f} games/s "
          f"per core (CPU time)")
    wall, cpu = timed(lambda: batches(args.games // 4, ("greedy", "deny"), record=True))
    print(f"  recording moves for logs (greedy vs deny): {args.games // 4 / cpu:.0f} games/s "
          f"per core")

    def engine() -> None:
        for i in range(args.engine_games):
            play(GameState(), [Player("greedy"), Player("deny")], SplitMix64(i))

    wall, cpu = timed(engine)
    print(f"engine (GameState + play, greedy vs deny): {args.engine_games / cpu:.0f} games/s "
          f"per core, {args.engine_games / wall:.0f} wall")
    print("load average after: " + " ".join(f"{x:.2f}" for x in os.getloadavg()))


if __name__ == "__main__":
    main()

"""Benchmark: games per second of the Black Dice engine, the cost of logging, and replay speed.

    .venv/bin/python benchmarks/bench_black_dice.py                 # 200 games a quest, 3 players
    .venv/bin/python benchmarks/bench_black_dice.py --players 2-4 --games 300
    .venv/bin/python benchmarks/bench_black_dice.py --balance 2000  # + win rates per count

Prints measured figures only, one process (`sheetgen black-dice simulate --jobs` spreads
games over processes). Each figure is given per second of wall time and per second of this
process's CPU time: on a shared machine the CPU figure is the engine's speed and the wall
figure what a user waited. Quote the load average printed with them.
"""

from __future__ import annotations

import argparse
import os
import platform
import tempfile
import time
from pathlib import Path

from sheetgen.engine.rng import game_seed
from sheetgen.games.black_dice.gamelog import replay_file
from sheetgen.games.black_dice.quest import BUNDLED, load_quest
from sheetgen.games.black_dice.simulate import play_game, simulate


def _clock() -> tuple[float, float]:
    return time.perf_counter(), time.process_time()


def _rates(count: float, start: tuple[float, float]) -> str:
    wall, cpu = time.perf_counter() - start[0], time.process_time() - start[1]
    return f"{count / wall:8.1f}/s wall {count / max(cpu, 1e-9):8.1f}/s cpu"


def _counts(text: str) -> list[int]:
    if "-" in text:
        lo, hi = map(int, text.split("-"))
        return list(range(lo, hi + 1))
    return [int(x) for x in text.split(",")]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per quest and count")
    parser.add_argument("--players", default="3", help="a count or a range, e.g. 2-4")
    parser.add_argument("--policy", choices=["greedy", "random"], default="greedy")
    parser.add_argument("--logs", type=int, default=50,
                        help="games per quest also played with a log and replayed")
    parser.add_argument("--balance", type=int, default=0,
                        help="also play this many games per quest and count for win rates")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"python {platform.python_version()}, {os.cpu_count()} cpu(s), "
          f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    counts = _counts(args.players)
    total, start_all = 0, _clock()
    for players in counts:
        for qid in BUNDLED:
            quest = load_quest(qid)
            start = _clock()
            rounds = sum(play_game(quest, players, game_seed(args.seed, i), args.policy).rounds
                         for i in range(args.games))
            total += args.games
            print(f"{qid:9} {players}p {args.policy}: games {_rates(args.games, start)}; "
                  f"{rounds / args.games:.2f} rounds a game")
    print(f"all: games {_rates(total, start_all)}")
    if args.logs:
        with tempfile.TemporaryDirectory() as folder:
            paths = []
            start = _clock()
            for qid in BUNDLED:
                quest = load_quest(qid)
                for i in range(args.logs):
                    path = Path(folder) / f"{qid}-{i}.json"
                    play_game(quest, counts[0], game_seed(args.seed, i), args.policy,
                              log_path=path)
                    paths.append(path)
            print(f"played with a log written ({counts[0]}p): games {_rates(len(paths), start)}")
            moves = 0
            start = _clock()
            for path in paths:
                report = replay_file(path)
                assert report.ok, report.describe()
                moves += report.moves_checked
            print(f"replayed: logs {_rates(len(paths), start)}; "
                  f"{moves / len(paths):.0f} moves a log")
    if args.balance:
        print(f"balance, {args.balance} games each, seed {args.seed}, {args.policy} players:")
        for qid in BUNDLED:
            for players in counts:
                b = simulate(load_quest(qid), players, args.balance, args.seed, args.policy)
                w = b.win_rate
                lost = ", ".join(f"{k} {v}" for k, v in sorted(b.outcomes.items()) if k != "won")
                print(f"{qid:9} {players}p: crew wins {100 * w[0]:5.1f}% "
                      f"(95% {100 * w[1]:.1f}-{100 * w[2]:.1f}), rounds {b.rounds_all[0]:.2f}; "
                      f"{lost}")


if __name__ == "__main__":
    main()

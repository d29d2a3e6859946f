"""Benchmark: simulated rounds and games per second of the Black Dice engine, and the balance.

    .venv/bin/python benchmarks/bench_black_dice.py                 # speed, 300 games a quest
    .venv/bin/python benchmarks/bench_black_dice.py --balance 2000  # + win rates at 3 and 4

Prints measured figures only (one process; `sheetgen black-dice simulate --jobs` splits games
over processes). On a shared machine run it under `nice` and quote the load average.
"""

from __future__ import annotations

import argparse
import os
import platform
import time

from sheetgen.games.black_dice.quest import BUNDLED, load_quest
from sheetgen.games.black_dice.simulate import play_game, simulate
from sheetgen.games.captains_curse.rng import game_seed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300, help="games per quest for speed")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--policy", choices=["greedy", "random"], default="greedy")
    parser.add_argument("--balance", type=int, default=0,
                        help="also play this many games per quest at 3 and 4 players")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"python {platform.python_version()}, {os.cpu_count()} cpu(s), "
          f"load average {os.getloadavg()[0]:.2f}")
    total_rounds = total_games = 0
    total_time = 0.0
    for qid in BUNDLED:
        quest = load_quest(qid)
        start = time.perf_counter()
        rounds = sum(play_game(quest, args.players, game_seed(args.seed, i), args.policy).rounds
                     for i in range(args.games))
        took = time.perf_counter() - start
        total_rounds += rounds
        total_games += args.games
        total_time += took
        print(f"{qid:9} {args.players} players, {args.policy}: {args.games / took:7.1f} games/s, "
              f"{rounds / took:7.1f} rounds/s ({rounds / args.games:.2f} rounds a game)")
    print(f"all quests: {total_games / total_time:.1f} games/s, "
          f"{total_rounds / total_time:.1f} rounds/s")
    if args.balance:
        print(f"balance, {args.balance} games each, seed {args.seed}, {args.policy} players:")
        for qid in BUNDLED:
            for players in (3, 4):
                b = simulate(load_quest(qid), players, args.balance, args.seed, args.policy)
                w = b.win_rate
                lost = ", ".join(f"{k} {v}" for k, v in sorted(b.outcomes.items()) if k != "won")
                print(f"{qid:9} {players}p: crew wins {100 * w[0]:5.1f}% "
                      f"(95% {100 * w[1]:.1f}-{100 * w[2]:.1f}), rounds {b.rounds_all[0]:.2f}; "
                      f"{lost}")


if __name__ == "__main__":
    main()

"""Voodoo Pirate engine speed: whole 4-seat games per second on one core (issue 24 aims at
200 greedy games a second). Prints figures; times nothing in the test suite.

    python benchmarks/bench_voodoo_engine.py [-n GAMES] [--players greedy] [--seats pppp]
"""

from __future__ import annotations

import argparse
import os
import time

from sheetgen.games.voodoo.board import default_board
from sheetgen.games.voodoo.playthrough import play_game


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("-n", type=int, default=40)
    ap.add_argument("--players", default="greedy")
    ap.add_argument("--seats", default="pppc", help="p player, c cursed, one letter a seat")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    board = default_board()
    seats = ["cursed" if ch == "c" else "player" for ch in args.seats]
    moves = rounds = 0
    t0, c0 = time.perf_counter(), time.process_time()
    for i in range(args.n):
        r = play_game(board, seats, [args.players] * len(seats), args.seed + i)
        moves += len(r.moves)
        rounds += r.rounds
    dt, cpu = time.perf_counter() - t0, time.process_time() - c0
    print(f"{args.n} {args.players} games, seats {args.seats}: {args.n / dt:.1f} games/s "
          f"({args.n / cpu:.1f} per CPU-second), {moves / cpu:,.0f} moves per CPU-second, "
          f"{rounds / args.n:.1f} rounds a game, load {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()

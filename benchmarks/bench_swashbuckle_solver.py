"""Benchmark: exact solve time and states per second of the optimal-solitaire solver.

    .venv/bin/python benchmarks/bench_swashbuckle_solver.py            # 13-box and 16-box
    .venv/bin/python benchmarks/bench_swashbuckle_solver.py yacht13    # one card
    .venv/bin/python benchmarks/bench_swashbuckle_solver.py swashbuckle --scuttle any --hornswaggle

Prints measured figures only. The 16-box Swashbuckle card takes minutes; run it under `nice`
on a shared machine, and say so when quoting the figures.
"""

from __future__ import annotations

import argparse
import os
import platform
import time

import numpy as np

from sheetgen.games.swashbuckle.card import load_card
from sheetgen.games.swashbuckle.simulate import simulate
from sheetgen.games.swashbuckle.solver import solve, solve_hornswaggle


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("cards", nargs="*", default=["yacht13", "swashbuckle"])
    parser.add_argument("--games", type=int, default=0,
                        help="also simulate this many optimal games per card")
    parser.add_argument("--seed", type=int, default=2021)
    parser.add_argument("--scuttle", choices=["only_if_nothing_scores", "any"], default=None,
                        help="the scuttle reading (default: the card's)")
    parser.add_argument("--hornswaggle", action="store_true",
                        help="also solve with Hornswaggle in hand and print what it adds")
    args = parser.parse_args()
    print(f"python {platform.python_version()}, numpy {np.__version__}, "
          f"{os.cpu_count()} cpu(s), load average {os.getloadavg()[0]:.2f}")
    for name in args.cards:
        card = load_card(name)
        if args.scuttle:
            card = card.with_options(scuttle=args.scuttle)
        solution = solve(card)
        print(f"{card.name} (scuttle: {card.options.scuttle}): {len(card.boxes)} boxes, "
              f"{solution.states:,} states, "
              f"{solution.seconds:.1f} s, {solution.states / solution.seconds:,.0f} states/s, "
              f"expected optimal score {solution.expected:.4f}")
        if args.hornswaggle:
            horn = solve_hornswaggle(solution)
            print(f"  with Hornswaggle in hand: {horn.expected:.4f} "
                  f"({horn.expected - solution.expected:+.4f}) in {horn.seconds:.1f} s")
        if args.games:
            t0 = time.perf_counter()
            dist = simulate(solution, args.games, np.random.default_rng(args.seed))
            pct = ", ".join(f"p{q} {v:g}" for q, v in dist.percentiles().items())
            print(f"  {args.games:,} simulated games in {time.perf_counter() - t0:.1f} s: "
                  f"mean {dist.mean:.2f} +- {dist.stderr:.2f}; {pct}")


if __name__ == "__main__":
    main()

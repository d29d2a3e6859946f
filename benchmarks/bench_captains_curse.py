"""Captain's Curse engine speed: games per second per policy, 1 and 2 processes, and the time
of a 2,000-game expert verification. Prints measured figures; asserts nothing.

    .venv/bin/python benchmarks/bench_captains_curse.py            # full run (~1-2 minutes)
    .venv/bin/python benchmarks/bench_captains_curse.py --quick    # small counts
    .venv/bin/python benchmarks/bench_captains_curse.py --island my.yaml

Wall-clock figures depend on what else the machine is doing; CPU seconds are printed beside
them (for jobs=2 only wall time is meaningful). One-process figures are the best of
`--repeat` runs (median beside it): on a shared machine the best run is the one least
disturbed by other work. The pure-Python referee line is the
"before" figure: the same games played through `GameState` without the compiled loop.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from pathlib import Path

from sheetgen.games.captains_curse.island import load_island
from sheetgen.games.captains_curse.players import make_player
from sheetgen.games.captains_curse.rng import dice_stream, game_seed
from sheetgen.games.captains_curse.ruleset import DEFAULT_RULESET
from sheetgen.games.captains_curse.simulate import simulate
from sheetgen.games.captains_curse.state import GameState, Phase, Roll

ISLANDS = Path(__file__).resolve().parents[1] / "layouts" / "captains_curse" / "islands"


def referee_games(island, policy: str, n: int) -> float:
    """Games per second through the pure-Python referee (GameState push per decision)."""
    start = time.perf_counter()
    for i in range(n):
        seed = game_seed(1, i)
        state = GameState(island, DEFAULT_RULESET)
        player = make_player(policy, seed)
        dice = dice_stream(seed)
        while not state.is_over():
            if state.phase == Phase.CHANCE:
                r = dice.randrange(36)
                state.push(Roll(r // 6 + 1, r % 6 + 1))
            else:
                state.push(player.choose(state))
    return n / (time.perf_counter() - start)


def measure(island, policy: str, n: int, jobs: int) -> tuple[float, float, float, float]:
    """(games/s wall, games/s CPU of this process, win rate, seconds)."""
    wall0, cpu0 = time.perf_counter(), time.process_time()
    result = simulate(island, DEFAULT_RULESET, policy, n, seed=1, jobs=jobs)
    wall, cpu = time.perf_counter() - wall0, time.process_time() - cpu0
    return n / wall, n / max(cpu, 1e-9), result.win_rate, wall


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small game counts")
    parser.add_argument("--island", action="append", help="island file(s) to measure")
    parser.add_argument("--repeat", type=int, default=3,
                        help="runs per one-process figure (best and median printed)")
    args = parser.parse_args()
    paths = [Path(p) for p in args.island] if args.island else [
        ISLANDS / "roomy.yaml", ISLANDS / "cramped.yaml"]
    n_greedy = 2000 if args.quick else 20000
    n_expert = 200 if args.quick else 2000
    print(f"cores: {os.cpu_count()}, load average: {os.getloadavg()[0]:.2f} "
          "(figures are pessimistic while other work runs)")
    for path in paths:
        island = load_island(path)
        t0 = time.perf_counter()
        for policy in ("random", "greedy", "expert"):
            simulate(island, DEFAULT_RULESET, policy, 2, seed=1)  # compile / load the cache
        print(f"\n{island.name} ({path.name}); compile/cache load {time.perf_counter() - t0:.1f}s")
        n_ref = 50 if args.quick else 200
        print(f"  referee, pure Python, random: {referee_games(island, 'random', n_ref):8.0f} "
              "games/s")
        print(f"  referee + compiled greedy decisions: "
              f"{referee_games(island, 'greedy', n_ref // 2):8.0f} games/s")
        for policy, n in (("random", n_greedy), ("greedy", n_greedy), ("expert", n_expert)):
            runs = [measure(island, policy, n, 1) for _ in range(max(1, args.repeat))]
            walls = sorted(r[0] for r in runs)
            cpus = sorted(r[1] for r in runs)
            print(f"  {policy:6} jobs=1: {walls[-1]:8.0f} games/s wall, {cpus[-1]:8.0f}/s CPU "
                  f"(best of {len(runs)}; median {statistics.median(walls):.0f} wall, "
                  f"{statistics.median(cpus):.0f} CPU; {n} games, win rate {runs[0][2]:.1%})")
            wall, _, win, _ = measure(island, policy, n, 2)
            print(f"  {policy:6} jobs=2: {wall:8.0f} games/s wall ({n} games, win rate {win:.1%})")
        print(f"  load average now: {os.getloadavg()[0]:.2f}")
        _, _, win, seconds = measure(island, "expert", 2000, 2)
        print(f"  2,000-game expert verification, jobs=2: {seconds:.2f} s (win rate {win:.1%})")


if __name__ == "__main__":
    main()

"""Digest the Captain's Curse players' games on many generated islands, to prove a speed
change to the compiled fast path kept every decision.

The islands are generated once and kept as files (`--islands DIR`; made when missing), so
work on the island geometry cannot move the figure. For each island: 40 expert and 60
greedy games with the default weights, then 20 expert and 40 greedy games with another
weight set (alternately tests/games/captains_curse/test_cc_decisions.py's "odd", whose
negative weights take the plain search, and "deep", which searches every decision), each
game's turn records and final state in the sha256 as test_cc_decisions hashes them. The
defaults (36 islands: seeds 0-11 x easy, normal, hard) play 2,160 expert and 3,600 greedy
games.

    PYTHONPATH=/old/checkout .venv/bin/python tools/game_digests.py --islands /tmp/isl \\
        --write /tmp/old.json
    PYTHONPATH=$PWD .venv/bin/python tools/game_digests.py --islands /tmp/isl \\
        --compare /tmp/old.json

Exit status 1 when any digest differs.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from pathlib import Path

import numpy as np

DIFFICULTIES = ("easy", "normal", "hard")
# Weight sets besides the default: "odd" has negative weights, which the fast path's bounds
# do not hold for (it must fall back to the plain search), "deep" compares more sink lines
# by value (greedy 5, when judging a black-die decision 3) and makes the expert search every
# decision. Indices are estimate.P_*. tests/games/captains_curse/test_cc_decisions.py pins
# digests made with these sets and `games_digest`.
WEIGHTS = {
    "default": {},
    "odd": {0: -0.5, 3: -24.0, 4: -1.6, 5: -1.5, 9: -12.0},
    "deep": {10: 0.0, 12: 5.0, 13: 3.0},
}
RUNS = (("default", "expert", 40), ("default", "greedy", 60),
        ("other", "expert", 20), ("other", "greedy", 40))


def island_files(folder: Path, seeds: range) -> list[Path]:
    """The islands' files in `folder`, generated (first fit attempt) where missing."""
    from sheetgen.games.captains_curse.islands.generate import generate_island, island_yaml
    from sheetgen.games.captains_curse.islands.params import DEFAULT_PARAMS, SINK_PLANS

    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for seed in seeds:
        for d in DIFFICULTIES:
            path = folder / f"{seed}-{d}.yaml"
            if not path.exists():
                gen = generate_island(seed, DEFAULT_PARAMS, SINK_PLANS[d])
                path.write_text(island_yaml(gen.data))
            paths.append(path)
    return paths


def games_digest(table: np.ndarray, policy: str, weights: dict[int, float], games: int
                 ) -> str:
    """sha256 (hex) over games 0..games-1 of base seed 7: turns, turn records, final state."""
    from sheetgen.games.captains_curse import fast
    from sheetgen.games.captains_curse.rng import game_seed

    params = fast.DEFAULT_PARAMS.copy()
    for k, v in weights.items():
        params[k] = v
    state = np.zeros(fast.S_SIZE, dtype=np.int64)
    rec = np.zeros((fast.MAX_TURNS, fast.R_SIZE), dtype=np.int64)
    digest = hashlib.sha256()
    for i in range(games):
        n = fast.play(table, fast.POLICY_IDS[policy], np.uint64(game_seed(7, i)), params,
                      state, rec)
        digest.update(np.int64(n).astype("<i8").tobytes())
        digest.update(rec[:n].astype("<i8").tobytes())
        digest.update(state.astype("<i8").tobytes())
    return digest.hexdigest()


def digests(paths: list[Path]) -> dict[str, str]:
    """Key "island/weights/policy/games" -> digest."""
    from sheetgen.games.captains_curse.island import load_island
    from sheetgen.games.captains_curse.players import table_for
    from sheetgen.games.captains_curse.ruleset import DEFAULT_RULESET

    out: dict[str, str] = {}
    for n, path in enumerate(paths):
        table = table_for(load_island(path), DEFAULT_RULESET)
        other = "odd" if n % 2 == 0 else "deep"
        for weights, policy, games in RUNS:
            name = other if weights == "other" else weights
            out[f"{path.stem}/{name}/{policy}/{games}"] = games_digest(
                table, policy, WEIGHTS[name], games)[:16]
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--islands", type=Path, required=True,
                        help="folder of the island files (generated there when missing)")
    parser.add_argument("--seeds", default="0-11", help="island seeds, FIRST-LAST")
    parser.add_argument("--write", type=Path, help="write the digests as JSON")
    parser.add_argument("--compare", type=Path, help="compare with digests written before")
    args = parser.parse_args()
    first, _, last = args.seeds.partition("-")
    paths = island_files(args.islands, range(int(first), int(last or first) + 1))
    start = time.process_time()
    found = digests(paths)
    print(f"{len(found)} digests of {len(paths)} islands, "
          f"{time.process_time() - start:.1f} s of CPU")
    if args.write:
        args.write.write_text(json.dumps(found, indent=1, sort_keys=True) + "\n")
        print(f"wrote {args.write}")
    if args.compare:
        old = json.loads(args.compare.read_text())
        differ = sorted(k for k in old.keys() | found.keys() if old.get(k) != found.get(k))
        for k in differ:
            print(f"DIFFERS {k}: {old.get(k)} -> {found.get(k)}")
        print(f"{len(found) - len(differ)} of {len(old.keys() | found.keys())} identical")
        return 1 if differ else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Digest the Captain's Curse islands many seeds make, to prove a geometry change kept them.

For each seed and difficulty: the sha256 of the island file text `generate_island` writes
(first fit attempt, its number included); with `--attempts N`, also every one of the first N
geometry attempts on its own (the island file, or the reason the attempt was unfit), since a
verified pad goes on to later attempts when the first island fails verification.

    PYTHONPATH=/old/checkout .venv/bin/python tools/island_digests.py --write /tmp/old.json
    PYTHONPATH=$PWD .venv/bin/python tools/island_digests.py --compare /tmp/old.json

The pinned list in tests/games/captains_curse/islands/golden/digests.json is written with
`--seeds 0-199 --write ...` (see test_island_digests.py). Exit status 1 when any differs.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path

DIFFICULTIES = ("easy", "normal", "hard")


def island_digest(seed: int, difficulty: str, attempt: int | None = None,
                  meshes: dict | None = None) -> str:
    """Short sha256 of the island text (`attempt` None: the first fit attempt, as
    `generate_island` picks it), or of the unfit attempt's reason. `meshes`: one dict for
    the calls of one seed, whose geometry then is made once for all its difficulties
    (`generate_attempt`)."""
    from sheetgen.games.captains_curse.islands.cells import MeshError
    from sheetgen.games.captains_curse.islands.generate import (
        generate_attempt,
        generate_island,
        island_yaml,
    )
    from sheetgen.games.captains_curse.islands.params import DEFAULT_PARAMS, SINK_PLANS

    plan = SINK_PLANS[difficulty]
    if attempt is None:
        gen = generate_island(seed, DEFAULT_PARAMS, plan, meshes=meshes)
        text = f"attempt {gen.attempt}\n" + island_yaml(gen.data)
    else:
        try:
            text = island_yaml(generate_attempt(seed, attempt, DEFAULT_PARAMS, plan,
                                                meshes).data)
        except MeshError as err:
            text = f"unfit: {err}"
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def digests(first: int, last: int, difficulties: tuple[str, ...],
            attempts: int) -> dict[str, str]:
    """Key "seed/difficulty" (first fit) or "seed/difficulty/attempt" -> digest."""
    out: dict[str, str] = {}
    for seed in range(first, last + 1):
        meshes: dict = {}
        for d in difficulties:
            out[f"{seed}/{d}"] = island_digest(seed, d, meshes=meshes)
            for a in range(attempts):
                out[f"{seed}/{d}/{a}"] = island_digest(seed, d, a, meshes)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seeds", default="0-199", help="first-last (inclusive)")
    ap.add_argument("--difficulty", action="append", choices=DIFFICULTIES,
                    help="repeatable; all three by default")
    ap.add_argument("--attempts", type=int, default=0,
                    help="also digest each of the first N geometry attempts")
    group = ap.add_mutually_exclusive_group(required=True)
    group.add_argument("--write", type=Path)
    group.add_argument("--compare", type=Path)
    args = ap.parse_args()
    first, last = (int(x) for x in args.seeds.split("-"))
    found = digests(first, last, tuple(args.difficulty or DIFFICULTIES), args.attempts)
    if args.write:
        args.write.write_text(json.dumps(found, indent=0) + "\n")
        print(f"wrote {len(found)} digests to {args.write}")
        return
    known = json.loads(args.compare.read_text())
    bad = [k for k in found if known.get(k) != found[k]]
    for k in bad:
        print(f"differs: {k} ({known.get(k, 'missing')} -> {found[k]})")
    print(f"{len(found) - len(bad)} of {len(found)} islands identical")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()

"""Measure again, on purpose, the figures the package ships so a fresh install need not.

The Black Dice difficulty table (`sheetgen.games.black_dice.difficulty`, about 40 s of CPU)
and the Voodoo book's verdict on the bundled board (`sheetgen.games.voodoo.verify`, about
50 s) are shipped in `measured/` beside their modules, each under the digest of the sources
its cache is keyed by. When a developer changes one of those sources the shipped file no
longer matches (the installed package then measures as before, and
tests/test_shipped_measurements.py fails naming this tool): run

    PYTHONPATH=$PWD .venv/bin/python tools/ship_measurements.py [black-dice] [voodoo]

and commit the rewritten files with the change (their figures' diff shows what moved).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any


def black_dice() -> tuple[Path, str, Any]:
    from sheetgen.games.black_dice import difficulty

    return difficulty.SHIPPED, difficulty.difficulty_key(), difficulty._measure()


def voodoo() -> tuple[Path, str, Any]:
    from sheetgen.games.voodoo import verify

    return verify.SHIPPED_VERDICT, verify.bundled_verdict_key(), verify.measure_bundled_verdict()


MEASUREMENTS: dict[str, Callable[[], tuple[Path, str, Any]]] = {
    "black-dice": black_dice, "voodoo": voodoo}
"""name -> measures it: (shipped file, the key it is valid for, the figures)."""


def main(names: list[str]) -> int:
    import json

    from sheetgen.atomic import write_text
    from sheetgen.cache import shipped_text

    unknown = [n for n in names if n not in MEASUREMENTS]
    if unknown:
        print(f"unknown: {', '.join(unknown)} (known: {', '.join(MEASUREMENTS)})",
              file=sys.stderr)
        return 2
    for name in names or list(MEASUREMENTS):
        path, key, data = MEASUREMENTS[name]()
        # through JSON, as the cache stores it (a measured dict may have int keys)
        write_text(path, shipped_text(key, json.loads(json.dumps(data))))
        print(f"{name}: {path} (key {key})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))

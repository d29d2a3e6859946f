"""Known answers: the island a seed makes, stored as a file (python-chess perft style).

If this fails, the generator's output for a seed changed. If that was meant, bump
GENERATOR_VERSION (printed on every sheet beside the seed) and refresh the file with
SHEETGEN_REFRESH_GOLDEN=1; review the diff like any other change.
"""

import os
from pathlib import Path

from sheetgen.games.captains_curse.island import load_island
from sheetgen.games.captains_curse.islands.generate import (
    GENERATOR_VERSION,
    generate_island,
    island_yaml,
)

GOLDEN = Path(__file__).parent / "golden"


def test_seed_7_island_file_is_unchanged():
    path = GOLDEN / "seed-7.yaml"
    text = f"# {GENERATOR_VERSION}\n" + island_yaml(generate_island(7).data)
    if os.environ.get("SHEETGEN_REFRESH_GOLDEN") == "1" or not path.exists():
        path.write_text(text)
    assert text == path.read_text(), "generator output changed: see this file's docstring"


def test_golden_island_loads_as_a_hand_made_one():
    island = load_island(GOLDEN / "seed-7.yaml")
    assert island.seed == 7 and len(island.spaces) == 36

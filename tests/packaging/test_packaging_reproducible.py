"""Reproducible installs: the environment matches constraints.txt, and the island of seed 7
comes out byte for byte as the golden file, as it must on every machine installed from it."""

from __future__ import annotations

import re
from importlib import metadata
from pathlib import Path

import shapely

from sheetgen.games.captains_curse.islands.generate import (
    GENERATOR_VERSION,
    generate_island,
    island_yaml,
)

REPO = Path(__file__).resolve().parents[2]
GOLDEN = REPO / "tests" / "games" / "captains_curse" / "islands" / "golden" / "seed-7.yaml"
# The packages whose versions shape what sheetgen writes (geometry, numbers, PDF, fonts).
SHAPING = ("numpy", "scipy", "shapely", "numba", "llvmlite", "reportlab", "rl-accel",
           "fonttools", "pyyaml", "weasyprint", "pypdfium2", "pillow", "svgelements", "pypdf")
HOW = "after an intended upgrade, run scripts/lock.py and commit constraints.txt"


def _pins() -> tuple[dict[str, str], str]:
    text = (REPO / "constraints.txt").read_text()
    pins = dict(line.split("==", 1) for line in text.splitlines()
                if line and not line.startswith("#"))
    geos = re.search(r"GEOS (\S+)", text)
    assert geos, "constraints.txt must record shapely's GEOS"
    return pins, geos.group(1)


def test_constraints_pin_every_dependency_exactly():
    pins, _ = _pins()
    assert all(re.fullmatch(r"[a-z0-9-]+", name) for name in pins), "names are normalised"
    for name in SHAPING:
        assert name in pins, f"{name} missing from constraints.txt; {HOW}"


def test_installed_versions_are_the_locked_ones():
    pins, geos = _pins()
    wrong = {name: (metadata.version(name), pins[name]) for name in SHAPING
             if metadata.version(name) != pins[name]}
    assert not wrong, f"installed vs locked: {wrong}; {HOW}"
    assert shapely.geos_version_string == geos, f"GEOS {shapely.geos_version_string} != {geos}"


def test_island_of_seed_7_is_byte_identical_to_the_golden_file():
    made = (f"# {GENERATOR_VERSION}\n" + island_yaml(generate_island(7).data)).encode("utf-8")
    golden = GOLDEN.read_bytes()
    assert len(made) == len(golden) and made == golden, \
        "seed 7 made another island: a different GEOS/numpy, or the generator changed"

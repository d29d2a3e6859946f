"""Shared fixtures: the two hand-made islands and the default ruleset."""

from __future__ import annotations

from pathlib import Path

import pytest

from sheetgen.games.captains_curse.island import Island, load_island
from sheetgen.games.captains_curse.ruleset import DEFAULT_RULESET, Ruleset

ISLANDS = Path(__file__).resolve().parents[3] / "layouts" / "captains_curse" / "islands"


@pytest.fixture(scope="session")
def ruleset() -> Ruleset:
    return DEFAULT_RULESET


@pytest.fixture(scope="session")
def roomy() -> Island:
    return load_island(ISLANDS / "roomy.yaml")


@pytest.fixture(scope="session")
def cramped() -> Island:
    return load_island(ISLANDS / "cramped.yaml")


@pytest.fixture(scope="session", params=["roomy", "cramped"])
def island(request) -> Island:
    return load_island(ISLANDS / f"{request.param}.yaml")

"""Shared fixtures: the two hand-made islands and the default ruleset."""

from __future__ import annotations

import pytest
from cc_helpers import ISLANDS, tiny_island_dict

from sheetgen.games.captains_curse.island import Island, load_island
from sheetgen.games.captains_curse.ruleset import DEFAULT_RULESET, Ruleset


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


@pytest.fixture()
def tiny() -> Island:
    from sheetgen.games.captains_curse.island import island_from_dict
    return island_from_dict(tiny_island_dict(), "tiny")


@pytest.fixture(scope="session")
def tiny_rules() -> Ruleset:
    return Ruleset(symbol_counts=(2,) * 6)

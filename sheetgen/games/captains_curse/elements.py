"""Layout element types of Captain's Curse (the layout loader imports this module by name)."""

from sheetgen.games.captains_curse.sheet.elements import (  # noqa: F401
    CentreGrid,
    IslandMap,
    IslandText,
)

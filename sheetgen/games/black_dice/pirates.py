"""The eight pirate tiles: ability, rum limit, and the words and icon printed on the tile.

The source names each pirate by their ability (seed lines 256-286) and says each tile shows
a rum limit in its corner (seed lines 246-250, 288) but never gives the numbers. The limits
here are sheetgen's design (rulebook, Interpretations box): strong, targeted abilities take
less rum before they are blocked, broad or self-limiting ones more; `simulate.py` was used to
check that no limit makes a pirate unusable or endless.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class PirateKind:
    """One pirate tile: engine id, printed name, rum limit, tile text and icon name."""

    id: str
    name: str
    limit: int
    text: str
    icon: str


PIRATES: tuple[PirateKind, ...] = (
    PirateKind("overboard", "Overboard with him!", 1,
               "Pay, then turn this tile face down for good: at the next settlement, ignore "
               "one penalty.", "plank"),
    PirateKind("bullseye", "Bullseye", 2,
               "Turn one of your rolled dice to any face.", "bullseye"),
    PirateKind("jibe", "The Jibe", 3,
               "Turn one of your rolled dice to its opposite face.", "jibe"),
    PirateKind("sails", "To the sails, men!", 2,
               "Next round, every player rolls a sixth die.", "sails"),
    PirateKind("course", "Change of course", 2,
               "Swap the black dice of two adventures.", "compass"),
    PirateKind("storm", "Storm", 2,
               "Re-roll the black dice of one adventure and share them out by their new "
               "faces.", "storm"),
    PirateKind("keelhaul", "Keelhauling", 2,
               "Send the crew's dice on one adventure back to their owners.", "keelhaul"),
    PirateKind("onboard", "On board!", 3,
               "Move any player's die from one adventure to another (rum to flag only).",
               "boarding"),
)
BY_ID = {p.id: p for p in PIRATES}

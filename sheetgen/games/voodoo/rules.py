"""Rules of Voodoo Pirate that the rulebook computes: broadsides and the end-of-game tally
(the seed of the game's engine; movement lives in `sheetgen.games.voodoo.sea`)."""

from __future__ import annotations

from dataclasses import dataclass


def broadside_hits(firing_poppets: int, target_poppets: int) -> int:
    """Hits scored by a broadside: the poppet difference, if the target has fewer."""
    return max(0, firing_poppets - target_poppets)


def broadside(firing_power: int, firing_poppets: int, target_power: int,
              target_poppets: int) -> tuple[int, int, int, bool]:
    """(hits, firing ship's new power, target's new power, target loses a coin?)."""
    hits = broadside_hits(firing_poppets, target_poppets)
    if hits == 0:
        return 0, firing_power, target_power, False
    if firing_power >= 6:
        return hits, 6, max(1, target_power - hits), True
    return hits, min(6, firing_power + hits), target_power, True


@dataclass(frozen=True)
class VoodooTally:
    """A pirate's Voodoo Power at the end of the game."""

    sea_space: int  # value of the ship's space on the Sea of Souls (1-13)
    coins: int
    ship_power: int  # the ship's Voodoo Power die (1-6)
    skull: str  # the end-game Object card held
    skull_bonus: int

    @property
    def total(self) -> int:
        return self.sea_space + self.coins + min(self.ship_power, 6) + self.skull_bonus


def red_skull_bonus(red_souls: int) -> int:
    """Red Skull card: +1, and +1 for every red soul."""
    return 1 + red_souls

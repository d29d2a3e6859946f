"""Voodoo Pirate worked example for the rulebook, computed by its rules."""

from __future__ import annotations

from dataclasses import dataclass

from sheetgen.games.voodoo.rules import VoodooTally, broadside, red_skull_bonus


@dataclass(frozen=True)
class VoodooExample:
    tally: VoodooTally
    red_souls: int
    shot: tuple[int, int, int, bool]  # broadside: 3 poppets against 1, firing power 5


def voodoo_example() -> VoodooExample:
    """Red's broadside (power 5, three poppets against one) happens before the tally, so the
    die counted at the end is the one the broadside left (6, capped), not the 5 it had."""
    red = 2
    shot = broadside(5, 3, 4, 1)
    tally = VoodooTally(sea_space=11, coins=4, ship_power=shot[1], skull="Red Skull",
                        skull_bonus=red_skull_bonus(red))
    return VoodooExample(tally, red, shot)


def voodoo_verified():
    """How the bundled board fares under `sheetgen voodoo verify`, measured when the book is
    built (cached until the engine or the board changes: sheetgen.games.voodoo.verify)."""
    from sheetgen.games.voodoo.verify import book_figures

    return book_figures()


EXAMPLES = {"voodoo": voodoo_example, "voodoo-verified": voodoo_verified}

"""Voodoo Power at the end of the game (V16, V41, V54; seed l.61-73, l.389-395, l.638).

A pirate's Voodoo Power is the value of its ship's space (a ship on the Voodoo Shore keeps
the value of the tidal square it landed from), its coins, its ship's Voodoo Power die (at
most 6: the die starts at the ship's printed power and broadside hits raise it) and the
bonuses of the end-game cards it holds. Bonuses are optional ("you may add"), so a bonus
below zero is the only one a pirate cannot refuse: Morgan's Eyes alone costs 2.

Cursed Pirates score their cards as if their souls were the best colours for them, and a
Cursed Pirate with no Skull scores a VP per soul (l.638). Morgan's Eyes are emeralds, not
Skulls (l.391: "7x Skull cards, 2x Morgans Eyes").
"""

from __future__ import annotations

from .core import SKULLS, Core, Geometry
from .moves import COLOURS

PURPLE, BLUE, RED = COLOURS.index("P"), COLOURS.index("B"), COLOURS.index("R")


def card_bonus(name: str, souls: tuple[int, ...], poppets: int, west_of_me: int,
               shore_reached: bool, cursed: bool) -> int:
    """One end-game card's bonus (V41), the card text as printed (the Purple Skull as its
    card, +4 with a purple soul; the overview's other wording is in the Interpretations)."""
    n = len(souls)
    if name == "Gold Skull":
        return 3 if shore_reached else 0
    if name == "Purple Skull":
        return 4 if (n > 0 if cursed else PURPLE in souls) else 0
    if name in ("Blue Skull", "Red Skull"):
        colour = BLUE if name == "Blue Skull" else RED
        return 1 + (n if cursed else souls.count(colour))
    if name == "Green Skull":
        return 1 + west_of_me
    if name == "Black Skull":
        return 2 + poppets
    if name == "Crystal Skull":
        if cursed:
            return n
        counts = sorted((souls.count(k) for k in range(len(COLOURS))), reverse=True)
        return counts[0] if counts[0] > counts[1] else 0
    return 0


def skull_bonus(c: Core, seat: int, shore_reached: bool) -> int:
    """Every end-game card the seat holds, buried ones included (they come back at Dawn)."""
    objects, souls, poppets = c.objects[seat], c.souls[seat], c.poppets[seat]
    buried = c.buried[seat]
    cursed = c.cursed[seat]
    if buried is not None:
        objects = objects + buried[3]
        souls = souls + buried[1]
        poppets += buried[2]
    total = eyes = 0
    skull = False
    for name in objects:
        if name in _SKULL_SET:
            skull = True
            west = 0
            if name == "Green Skull":
                mine = c.pos[seat][0]
                west = sum(1 for s, p in enumerate(c.pos) if s != seat and p[0] < mine)
            total += card_bonus(name, souls, poppets, west, shore_reached, cursed)
        elif name == "Morgan's Eyes":
            eyes += 1
    total += 7 if eyes >= 2 else (-2 if eyes == 1 else 0)
    if cursed and not skull:
        total += len(souls)
    return total


_SKULL_SET = frozenset(SKULLS)


def voodoo_power(geo: Geometry, c: Core) -> list[dict[str, int]]:
    """Per seat: {"position", "coins", "broadsides", "skulls"} (V16). "broadsides" is the
    ship's Voodoo Power die, capped at 6 (the rulebook's reading of l.67)."""
    shore = any(p in geo.shore for p in c.pos)
    out = []
    for seat in range(len(c.pos)):
        coins = c.coins[seat] + (c.buried[seat][0] if c.buried[seat] is not None else 0)
        out.append({"position": geo.value[c.pos[seat]], "coins": coins,
                    "broadsides": min(c.power[seat], 6),
                    "skulls": skull_bonus(c, seat, shore)})
    return out

"""Rules of The Curse of the Black Dice that sheetgen computes: settling a quest tile and
deciding the winner (the seed of the game's engine; the rulebook's examples use them).

Pure functions: dice results are passed in, nothing is rolled here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeVar

K = TypeVar("K")

BD_SYMBOLS = ("Anchor", "Rum", "Swords", "Map", "Ship", "Flag")
"""The faces of every die, 1 to 6, in the order adventures are settled."""


@dataclass(frozen=True)
class Adventure:
    """One adventure at settlement time: its black dice and each player's dice on it."""

    black: int
    players: dict[str, int]

    @property
    def player_dice(self) -> int:
        return sum(self.players.values())


@dataclass(frozen=True)
class Settled:
    symbol: str
    black: int  # black dice when this adventure was settled (after earlier re-rolls)
    player_dice: int
    status: str  # "inactive", "completed" or "failed"
    rerolled: tuple[int, ...] = ()  # results of the excess black dice re-rolled
    moved_to: tuple[str, ...] = ()  # adventures those dice joined


def adventure_outcome(black: int, player_dice: int) -> tuple[bool, int]:
    """(completed?, black dice to re-roll) for one adventure at settlement."""
    if player_dice >= black:
        return True, 0
    return False, black - player_dice


def settle_quest(adventures: list[Adventure], rolls: list[int]) -> list[Settled]:
    """Settle a quest tile from the anchor to the flag.

    A failed adventure re-rolls its excess black dice (results taken from `rolls`, in
    order): a result at or below the failed adventure's own value does nothing; a higher
    result joins the adventure of that symbol, unless that adventure is inactive, in which
    case the die is put aside. Later adventures are settled with the dice they gained.
    """
    black = [a.black for a in adventures]
    active = [a.black > 0 for a in adventures]
    pending = list(rolls)
    out: list[Settled] = []
    for i, adventure in enumerate(adventures):
        if not active[i]:
            out.append(Settled(BD_SYMBOLS[i], 0, adventure.player_dice, "inactive"))
            continue
        done, excess = adventure_outcome(black[i], adventure.player_dice)
        if done:
            out.append(Settled(BD_SYMBOLS[i], black[i], adventure.player_dice, "completed"))
            continue
        if len(pending) < excess:
            raise ValueError(f"{BD_SYMBOLS[i]} needs {excess} re-rolled dice, got {pending}")
        results = tuple(pending.pop(0) for _ in range(excess))
        moved = []
        for value in results:
            if value - 1 > i and active[value - 1]:
                black[value - 1] += 1
                moved.append(BD_SYMBOLS[value - 1])
        out.append(Settled(BD_SYMBOLS[i], black[i], adventure.player_dice, "failed", results,
                           tuple(moved)))
    return out


def black_dice_winner(hoards: dict[K, list[int]], last_captain: K) -> tuple[K, str]:
    """(winner, deciding rule): most gold; then fewest tokens; then the last round's captain,
    the one who led the final round, not one chosen at its settlement (BD-WINNER, line 510).
    """
    best = max(sum(v) for v in hoards.values())
    rich = [p for p, v in hoards.items() if sum(v) == best]
    if len(rich) == 1:
        return rich[0], "most gold"
    fewest = min(len(hoards[p]) for p in rich)
    lean = [p for p in rich if len(hoards[p]) == fewest]
    if len(lean) == 1:
        return lean[0], "fewest tokens"
    return last_captain, "the last captain"

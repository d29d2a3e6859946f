"""Two rules of The Curse of the Black Dice small enough to state as functions: whether an
adventure is completed, and who wins. The engine (`game.py`, `settlement.py`) and the
rulebook's worked examples both use them; the settlement itself is `settlement.settle`.
"""

from __future__ import annotations

from typing import TypeVar

K = TypeVar("K")

BD_SYMBOLS = ("Anchor", "Rum", "Swords", "Map", "Ship", "Flag")
"""The faces of every die, 1 to 6, in the order adventures are settled."""


def adventure_outcome(black: int, player_dice: int) -> tuple[bool, int]:
    """(completed?, black dice to re-roll) for one adventure at settlement (BD-ORDER,
    BD-REROLL)."""
    if player_dice >= black:
        return True, 0
    return False, black - player_dice


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

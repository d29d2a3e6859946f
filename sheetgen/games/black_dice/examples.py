"""Worked examples of The Curse of the Black Dice for the rulebook, computed by its rules."""

from __future__ import annotations

from dataclasses import dataclass

from sheetgen.games.black_dice.rules import Adventure, Settled, black_dice_winner, settle_quest

BD_EXAMPLE = [
    Adventure(2, {"Red": 1, "Blue": 2}),
    Adventure(3, {"Green": 3}),
    Adventure(0, {}),
    Adventure(5, {"Red": 1, "Blue": 1, "Green": 1}),
    Adventure(3, {"Red": 1, "Blue": 2, "Green": 1}),
    Adventure(2, {"Red": 2}),
]
"""A three-player round at settlement (15 black dice, 5 dice per player)."""

BD_EXAMPLE_ROLLS = [2, 6, 4]
"""The map adventure's two excess black dice come up 2 and 6; the flag's one comes up 4."""


def black_dice_settlement() -> list[Settled]:
    return settle_quest(BD_EXAMPLE, BD_EXAMPLE_ROLLS)


BD_HOARDS = {"Red": [4, 4, 4, 3], "Blue": [5, 5, 5], "Green": [3, 3, 4]}


@dataclass(frozen=True)
class BlackDiceEnd:
    hoards: dict[str, list[int]]
    totals: dict[str, int]
    winner: str
    rule: str


def black_dice_end() -> BlackDiceEnd:
    winner, rule = black_dice_winner(BD_HOARDS, last_captain="Green")
    totals = {p: sum(v) for p, v in BD_HOARDS.items()}
    return BlackDiceEnd(BD_HOARDS, totals, winner, rule)


EXAMPLES = {
    "bd-settlement": black_dice_settlement,
    "bd-end": black_dice_end,
}

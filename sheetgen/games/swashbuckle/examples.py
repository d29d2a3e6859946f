"""Swashbuckle worked examples for the rulebook, scored by the engine."""

from __future__ import annotations

from dataclasses import dataclass

SB_ROLL = (1, 1, 1, 3, 3)
"""The example final roll: three 1s and two 3s."""

SB_MATCH = {
    "ones": 3, "twos": 6, "threes": 9, "fours": 12, "fives": 20, "sixes": 18,
    "three_alike": 24, "four_alike": 17, "aces_high": 0, "full_boat": 25,
    "succession_4": 30, "succession_5": 0, "pieces_of_8": 25, "flotsam": 22,
    "piracy": 19, "swashbuckle": 0,
}
"""One solitaire match, box by box (Aces High, Succession of 5 and Swashbuckle scuttled)."""


@dataclass(frozen=True)
class SwashbuckleExample:
    roll: tuple[int, ...]
    options: list[tuple[str, int]]  # boxes the roll scores in (label, points), points > 0
    boxes: list[tuple[str, str, int]]  # (id, label, points) of the example match
    derived: dict  # the card's derived figures (subtotals, bonuses, tallies, moniker)
    points: dict  # the card's parameters (open values with their defaults)


def swashbuckle_example() -> SwashbuckleExample:
    """The roll and the match of the Swashbuckle worked example, scored by the engine."""
    from sheetgen.games.swashbuckle.card import load_card
    from sheetgen.games.swashbuckle.sheet import derive

    card = load_card("swashbuckle")
    options = [(b.label, card.score(SB_ROLL, b.id)) for b in card.boxes if b.id != "piracy"]
    boxes = [(b.id, b.label, SB_MATCH[b.id]) for b in card.boxes]
    return SwashbuckleExample(
        roll=SB_ROLL,
        options=[(label, pts) for label, pts in options if pts > 0],
        boxes=boxes,
        derived=derive(card, SB_MATCH),
        points=dict(card.parameters),
    )


EXAMPLES = {"swashbuckle": swashbuckle_example}

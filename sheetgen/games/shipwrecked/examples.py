"""Shipwrecked! worked example for the rulebook: the end of a game, decided by the scoring
engine behind `sheetgen shipwrecked score` (sheetgen.games.shipwrecked.scoring); this module
only dresses its result for the book."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class ShipwreckedExample:
    rows: list[tuple[int, int, str | None]]
    held: dict[str, int]
    ashore: dict[str, int]
    winner: str
    rule: str


SHIPWRECKED_END = ([(6, 4), (3, 5), (4, 4), (7, 2), (2, 6)], (5, 7))
"""(black, white) sailors on each of the five islands, and (black, white) still afloat."""


def shipwrecked_end() -> ShipwreckedExample:
    from sheetgen.games.shipwrecked.scoring import counts, decide

    islands, ocean = SHIPWRECKED_END
    result = decide(counts(islands, ocean))
    side = {"black": "Black", "white": "White", None: None}
    rows = [(b, w, side[c]) for (b, w), c in zip(islands, result.controllers, strict=True)]
    held = {side[k]: v for k, v in result.held.items()}
    ashore = {side[k]: v for k, v in result.ashore.items()}
    return ShipwreckedExample(rows, held, ashore, side[result.winner] or "nobody",
                              _RULE_WORDS[result.decided_by])


_RULE_WORDS = {
    "islands": "islands controlled",
    "sailors ashore": "sailors ashore, the first tie-break",
    "fewest in the ocean": "fewest sailors in the ocean, the second tie-break",
    "draw": "nothing: it is a draw",
}

@dataclass(frozen=True)
class Measured:
    length: dict[str, Any]
    plan: dict[str, Any]


def shipwrecked_measured() -> Measured:
    """Game length and the best island plan, measured when the book is built (the same
    figures as the rules card: sheetgen.games.shipwrecked.providers)."""
    from sheetgen.games.shipwrecked.providers import length, strategy

    return Measured(length(), strategy())


EXAMPLES = {"shipwrecked-end": shipwrecked_end, "shipwrecked-measured": shipwrecked_measured}

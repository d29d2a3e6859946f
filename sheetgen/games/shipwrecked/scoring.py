"""Who wins a game of Shipwrecked!: island control and the two tie-breaks.

The game itself is played with hands and real dice, so the only part a program can referee
is the count at the end (source: seeds/shipwrecked.txt line 20):

1. an island is controlled by the crew with more sailors on it; equal numbers, nobody;
2. the crew controlling more islands wins;
3. tied: the crew with more sailors on islands altogether wins;
4. still tied: the crew with fewer sailors left in the ocean wins;
5. still tied: a draw (the source names no winner; sheetgen's reading, flagged in the
   rulebook's Interpretations box as "A complete draw").

Pure functions on plain counts, no I/O: the CLI, the score pad and the rulebook's worked
example all call `decide`.
"""

from __future__ import annotations

from dataclasses import dataclass

CREWS = ("black", "white")
SAILORS_PER_CREW = 30
"""Sailor dice of each colour in the standard set (source line 4-5); big groups add more."""

DECIDED_BY = ("islands", "sailors ashore", "fewest in the ocean", "draw")
"""The rule that settled a game, in the order they are tried."""


@dataclass(frozen=True)
class Island:
    """Sailors of each crew standing on one desert island at the end."""

    black: int
    white: int

    @property
    def controller(self) -> str | None:
        """The crew with more sailors here, or None for a tie (source line 20)."""
        if self.black == self.white:
            return None
        return "black" if self.black > self.white else "white"


@dataclass(frozen=True)
class FinalCounts:
    """The table when the third shark attack has been resolved."""

    islands: tuple[Island, ...]
    ocean_black: int
    ocean_white: int

    def ocean(self, crew: str) -> int:
        return self.ocean_black if crew == "black" else self.ocean_white

    def ashore(self, crew: str) -> int:
        return sum(getattr(island, crew) for island in self.islands)

    def held(self, crew: str) -> int:
        return sum(island.controller == crew for island in self.islands)

    def problems(self, sailors_per_crew: int = SAILORS_PER_CREW) -> list[str]:
        """What makes these counts impossible (negative, or more sailors than dice)."""
        out = []
        for i, island in enumerate(self.islands, 1):
            for crew in CREWS:
                if getattr(island, crew) < 0:
                    out.append(f"island {i}: {crew} sailors cannot be negative")
        for crew in CREWS:
            if self.ocean(crew) < 0:
                out.append(f"ocean: {crew} sailors cannot be negative")
            total = self.ashore(crew) + self.ocean(crew)
            if total > sailors_per_crew:
                out.append(f"{total} {crew} sailors counted, but a crew has only "
                           f"{sailors_per_crew} dice (the rest were eaten)")
        return out


@dataclass(frozen=True)
class Result:
    winner: str | None  # "black", "white", or None for a draw
    decided_by: str  # one of DECIDED_BY
    controllers: tuple[str | None, ...]
    held: dict[str, int]
    ashore: dict[str, int]
    ocean: dict[str, int]


def _better(scores: dict[str, int], fewer: bool = False) -> str | None:
    black, white = scores["black"], scores["white"]
    if black == white:
        return None
    return "black" if (black < white) == fewer else "white"


def decide(counts: FinalCounts) -> Result:
    """The winner and the rule that decided it (islands, then the two tie-breaks)."""
    held = {crew: counts.held(crew) for crew in CREWS}
    ashore = {crew: counts.ashore(crew) for crew in CREWS}
    ocean = {crew: counts.ocean(crew) for crew in CREWS}
    controllers = tuple(island.controller for island in counts.islands)
    for rule, scores, fewer in (("islands", held, False), ("sailors ashore", ashore, False),
                                ("fewest in the ocean", ocean, True)):
        winner = _better(scores, fewer)
        if winner is not None:
            return Result(winner, rule, controllers, held, ashore, ocean)
    return Result(None, "draw", controllers, held, ashore, ocean)


def counts(islands: list[tuple[int, int]], ocean: tuple[int, int]) -> FinalCounts:
    """FinalCounts from (black, white) pairs per island and (black, white) in the ocean."""
    return FinalCounts(tuple(Island(b, w) for b, w in islands), ocean[0], ocean[1])

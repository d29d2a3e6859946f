"""Captain's Curse worked examples for the rulebook, scored by the engine.

The book quotes these through jinja (`{% set end = example("cc-endgame") %}`), so the book and
the engine cannot disagree.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from sheetgen.games.captains_curse.ruleset import Ruleset
from sheetgen.games.captains_curse.state import GameResult, score_sheet


def captains_curse_score(
    columns: tuple[tuple[int, ...], ...], marks: tuple[str, ...], unsunk: int = 14,
    lost: bool = False,
) -> GameResult:
    """Score a finished Captain's Curse sheet with the engine (R16-R19).

    `marks` gives, per column top to bottom, "." for a circled value and "X" for a crossed-out
    one. The source's end-game example says the sheet missed the 15-unsunk-spaces goal, so the
    default `unsunk` is below 15.
    """
    ruleset = Ruleset(columns=columns)
    circled = [sum(1 << r for r, mark in enumerate(col) if mark == ".") for col in marks]
    complete = [col[5] == "." for col in marks]
    return score_sheet(ruleset, circled, complete, unsunk, lost)


CC_SYMBOLS = ("Barrel", "Chest", "Skull", "Map", "Coins", "Rum")
CC_COLUMNS = tuple((6, 5, 4, 3, 2, 1) if c % 2 == 0 else (1, 2, 3, 4, 5, 6) for c in range(6))
"""The spec's default column orders (R1)."""

CC_ENDGAME_MARKS = (".X.X..", "XXX...", "......", ".X....", "....X.", "X.XX..")
"""The source's end-game example sheet: per column, top to bottom, "." circled, "X" crossed."""


def cc_endgame() -> GameResult:
    """The source's end-game example as the engine scores it (R20: 90, not the printed 91)."""
    return captains_curse_score(CC_COLUMNS, CC_ENDGAME_MARKS)


CC_ISLAND_SEED = 7


@dataclass(frozen=True)
class NestedSink:
    """Two sink lines of a generated island: `inner` is sunk first, which lets `outer` sink
    more (its region contains `inner`'s, or its inland end waits for `inner`'s space)."""

    island: dict  # the island file data (captains-curse-island/1)
    inner: dict  # sink line sunk earlier ("A")
    outer: dict  # sink line chosen now ("B")
    place: str  # a place name inside the inner region ("" if none)


@lru_cache(maxsize=4)
def cc_nested_sink(seed: int = CC_ISLAND_SEED) -> NestedSink:
    """Pick, on the island the generator makes from `seed`, the smallest sink line whose
    region strictly contains another line's region, preferring one whose end only becomes
    wet once that inner region has sunk (R11)."""
    from sheetgen.games.captains_curse.islands.generate import generate_island

    data = generate_island(seed).data
    lines = data["sink_lines"]
    best = None
    for outer in lines:
        outer_region = set(outer["region"])
        for inner in lines:
            inner_region = set(inner["region"])
            if not inner_region < outer_region:
                continue
            wet_by_inner = any(set(end) & inner_region for end in outer["ends"])
            key = (not wet_by_inner, len(outer_region), len(inner_region), outer["id"])
            if best is None or key < best[0]:
                best = (key, inner, outer)
    if best is None:
        raise ValueError(f"island seed {seed} has no nested sink lines")
    _, inner, outer = best
    places = [s.get("place") for s in data["spaces"] if s["id"] in inner["region"]]
    return NestedSink(data, inner, outer, next((p for p in places if p), ""))


@lru_cache(maxsize=4)
def cc_inland_sink(seed: int = CC_ISLAND_SEED) -> NestedSink:
    """Pick, on the island the generator makes from `seed`, the smallest sink line with an
    inland end (R11) as `outer`, and as `inner` the smallest line that sinks the space listed
    for that end without touching `outer`'s region: sink `inner`, then `outer` is usable."""
    from sheetgen.games.captains_curse.islands.generate import generate_island

    data = generate_island(seed).data
    lines = data["sink_lines"]
    inland = [line for line in lines if any(line["ends"])]
    if not inland:
        raise ValueError(f"island seed {seed} has no sink line with an inland end")
    outer = min(inland, key=lambda line: (len(line["region"]), line["id"]))
    listed = {s for end in outer["ends"] for s in end}
    inner = min((line for line in lines if listed & set(line["region"])
                 and not set(line["region"]) & set(outer["region"])),
                key=lambda line: (len(line["region"]), line["id"]))
    places = [s.get("place") for s in data["spaces"] if s["id"] in inner["region"]]
    return NestedSink(data, inner, outer, next((p for p in places if p), ""))


EXAMPLES = {
    "cc-endgame": cc_endgame,
    "cc-nested-sink": cc_nested_sink,
    "cc-inland-sink": cc_inland_sink,
}

"""Final counts of a Shipwrecked! game from a YAML file or from command-line pairs.

    # end.yaml: sailors on each island, and still in the ocean, per crew
    islands:
      - {black: 6, white: 4}
      - {black: 3, white: 5}
    ocean: {black: 9, white: 7}
    sailors: 30          # dice per crew (optional; big groups add more)

Every fault points at its place in the file (`file:line:column`), as all sheetgen input does.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sheetgen.errors import Position, SheetgenError, did_you_mean
from sheetgen.layout.source import load_yaml, located

from .scoring import CREWS, SAILORS_PER_CREW, FinalCounts, Island

_KEYS = ("islands", "ocean", "sailors")
MAX_SAILORS = 1000  # dice per crew; `sheetgen shipwrecked score --sailors` has the same bound


def _count(value: Any, where: Position, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise SheetgenError(f"{what} must be a whole number of sailors, 0 or more, got "
                            f"{value!r}", where)
    return value


def _crews(doc, path: tuple, what: str) -> tuple[int, int]:
    value = doc.data
    for key in path:
        value = value[key]
    if not isinstance(value, dict):
        raise doc.error(path, f"{what} needs black and white counts",
                        hint="e.g. {black: 6, white: 4}")
    for key in value:
        if key not in CREWS:
            raise doc.error(path + (key,), f"unknown crew '{key}' in {what}",
                            hint=did_you_mean(str(key), CREWS) or "crews: black, white")
    missing = [c for c in CREWS if c not in value]
    if missing:
        raise doc.error(path, f"{what} lacks '{missing[0]}'", hint="give both crews")
    black, white = (_count(value[c], doc.at(path + (c,)), f"{what}: {c}") for c in CREWS)
    return black, white


def load_counts(path: str | Path, sailors: int | None = None) -> tuple[FinalCounts, int]:
    """Counts and sailors per crew from a file; impossible counts are errors. `sailors`
    (the command line's --sailors) overrides the file's own `sailors`."""
    doc = located(load_yaml(path), str(path))
    if not isinstance(doc.data, dict):
        raise doc.error((), "a counts file is a mapping with 'islands' and 'ocean'")
    for key in doc.data:
        if key not in _KEYS:
            raise doc.error((key,), f"unknown key '{key}'",
                            hint=did_you_mean(str(key), _KEYS) or "keys: islands, ocean, sailors")
    islands = doc.data.get("islands")
    if not isinstance(islands, list) or not islands:
        raise doc.error(("islands",), "'islands' must list each island's counts",
                        hint="- {black: 6, white: 4}")
    pairs = [_crews(doc, ("islands", i), f"island {i + 1}") for i in range(len(islands))]
    if "ocean" not in doc.data:
        raise doc.error((), "the file lacks 'ocean' (sailors still in the ocean)",
                        hint="ocean: {black: 9, white: 7}")
    ocean = _crews(doc, ("ocean",), "ocean")
    if sailors is None:
        sailors = _count(doc.data.get("sailors", SAILORS_PER_CREW), doc.at(("sailors",)),
                         "sailors")
        if not 1 <= sailors <= MAX_SAILORS:  # the bound of the command line's --sailors
            raise doc.error(("sailors",), f"sailors must be 1 to {MAX_SAILORS} dice per "
                                          f"crew, got {sailors}",
                            hint=f"sailors: {SAILORS_PER_CREW} is the usual number")
    counts = FinalCounts(tuple(Island(b, w) for b, w in pairs), *ocean)
    problems = counts.problems(sailors)
    if problems:
        raise doc.error((), problems[0], hint="check the counts (sailors: N if you play with "
                                              "more dice)")
    return counts, sailors


def parse_pair(text: str, what: str) -> tuple[int, int]:
    """`6:4` (black:white) from the command line."""
    parts = text.replace(",", ":").split(":")
    try:
        black, white = (int(p) for p in parts)
    except ValueError:
        raise SheetgenError(f"{what} '{text}' is not BLACK:WHITE",
                            hint="e.g. --island 6:4 (6 black sailors, 4 white)") from None
    if black < 0 or white < 0:
        raise SheetgenError(f"{what} '{text}': counts cannot be negative")
    return black, white
